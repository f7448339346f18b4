// Browser test of the game's chat and the rematch (issue 31): node e2e/community.mjs <url>.
// alice and bob sign up in two browser contexts and play a lobby game (made through the
// API from their pages); carol watches. alice writes a line with a <script> tag and a <b>
// tag: bob's chat card shows it as text (no element made, no script run). carol's line
// stays in the spectators' room: bob never sees it, carol does. bob mutes alice: her next
// line does not show on his page. Then bob resigns; alice's card offers "Rematch", she
// offers it, bob's card says "alice offers a rematch." and he accepts: both boards go to
// the new game, where bob plays South and alice North. alice's /@/alice/games lists both
// games and filters them; /settings says this server sends no e-mail.
import { appUrl, check, equal, fail, finish, launch } from './lib.mjs';

const url = appUrl('community.mjs');
const shots = process.env.BAO_SHOTS || '/tmp';
const at = (p) => new URL(p, url).href;

async function signUp(page, name) {
  await page.goto(at('/signin'));
  await page.fill('#su-name', name);
  await page.fill('#su-password', `password of ${name}`);
  await page.click('#su-go');
  await page.waitForURL(/\/lobby$/);
  await page.waitForSelector('#nav-me');
}

/** A request from the page (its cookie and origin); the JSON answer. */
const call = (page, method, path, body) => page.evaluate(async ([m, p, b]) => {
  const res = await fetch(p, {
    method: m,
    headers: b ? { 'content-type': 'application/json' } : {},
    body: b ? JSON.stringify(b) : undefined,
  });
  return { status: res.status, json: await res.json() };
}, [method, path, body]);

const lines = (page) => page.$$eval('#chat-lines li', (ls) => ls.map((l) => [l.querySelector('b').textContent, l.querySelector('.chat-text').textContent.trim()]));

async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
}

const env = await launch();
try {
  const a = await env.page();
  const b = await env.page();
  const c = await env.page();
  await signUp(a, 'alice');
  await signUp(b, 'bob');
  await signUp(c, 'carol');
  // Away from the lobby, whose page follows an accepted challenge by itself.
  for (const p of [a, b, c]) {
    await p.goto(at('/leaderboard'));
    await p.waitForSelector('#nav-me');
  }
  const made = await call(a, 'POST', '/api/challenges', { game: 'kingulu', clock: { days_per_move: 3 }, side: 'south', opponent: 'bob' });
  equal(made.status, 201, 'alice challenges bob');
  const accepted = await call(b, 'POST', `/api/challenges/${made.json.id}/accept`);
  const id = accepted.json.game;
  check(/^[A-Za-z0-9_-]{22}$/.test(id), `bob accepts: game ${id}`);
  for (const p of [a, b, c]) {
    await p.goto(at(`/#${id}`));
    await p.waitForSelector('#chat-card:not([hidden])', { timeout: 20000 });
  }
  equal(await a.textContent('#chat-title'), 'Chat with your opponent', 'alice\'s card is the players\' room');
  equal(await c.textContent('#chat-title'), 'Spectators\u2019 chat', 'carol\'s card is the spectators\' room');

  // A <script> message is shown as text.
  const evil = '<script>window.pwned = 1</script><b>bold</b>';
  await say(a, evil);
  await b.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 1, null, { timeout: 10000 });
  equal(await lines(b), [['alice', evil]], 'bob sees alice\'s line as she wrote it');
  equal(await b.$eval('#chat-lines .chat-text', (s) => s.childElementCount), 0, 'no element was made of it');
  equal(await b.$$eval('#chat-lines script, #chat-lines .chat-text b', (xs) => xs.length), 0, 'no script or b element in the chat');
  equal(await b.evaluate(() => window.pwned), undefined, 'no script ran');
  await a.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 1, null, { timeout: 10000 });
  await b.screenshot({ path: `${shots}/bao-chat.png` });

  // carol's line stays in the spectators' room.
  await say(c, 'hi from carol');
  await c.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 1, null, { timeout: 10000 });
  equal(await lines(c), [['carol', 'hi from carol']], 'carol sees her line (and not the players\')');
  await say(b, 'hello alice');
  await a.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 2, null, { timeout: 10000 });
  equal(await lines(a), [['alice', evil], ['bob', 'hello alice']], 'alice sees bob\'s reply and not carol\'s line');

  // bob mutes alice: her next line does not reach his page.
  equal(await b.textContent('#chat-mute'), 'Mute alice', 'bob may mute alice');
  await b.click('#chat-mute');
  await b.waitForFunction(() => document.getElementById('chat-mute').textContent === 'Unmute alice', null, { timeout: 10000 });
  await say(a, 'are you there?');
  await a.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 3, null, { timeout: 10000 });
  await say(b, 'thinking');
  await b.waitForFunction(() => [...document.querySelectorAll('#chat-lines li')].some((l) => /thinking/.test(l.textContent)), null, { timeout: 10000 });
  equal(await lines(b), [['bob', 'hello alice'], ['bob', 'thinking']], 'bob\'s page: alice muted (her lines hidden)');

  // The rematch: bob resigns, alice offers, bob accepts; both boards go to the new game.
  equal((await call(b, 'POST', `/api/games/${id}/resign`)).status, 200, 'bob resigns');
  await a.waitForSelector('#rematch-bar:not([hidden])', { timeout: 20000 });
  equal(await a.textContent('#rematch-offer'), 'Rematch', 'alice\'s card offers a rematch');
  await a.click('#rematch-offer');
  await a.waitForFunction(() => document.getElementById('rematch-text').textContent === 'Rematch offered: waiting for bob.', null, { timeout: 10000 });
  await b.waitForFunction(() => document.getElementById('rematch-text').textContent === 'alice offers a rematch.', null, { timeout: 20000 });
  equal(await b.textContent('#rematch-offer'), 'Accept rematch', 'bob may accept');
  await b.screenshot({ path: `${shots}/bao-rematch.png` });
  await b.click('#rematch-offer');
  const moved = (p) => p.waitForFunction((old) => /^#[A-Za-z0-9_-]{22}$/.test(location.hash) && location.hash !== `#${old}`, id, { timeout: 20000 });
  await moved(b);
  await moved(a);
  const next = b.url().split('#')[1];
  equal(a.url().split('#')[1], next, 'both boards show the rematch');
  const st = await call(a, 'GET', `/api/games/${next}`);
  equal(st.json.names, { south: 'bob', north: 'alice' }, 'the sides are swapped');
  // alice's game history: both games, newest first; the filter "won" keeps the first.
  await a.goto(at('/@/alice/games'));
  await a.waitForFunction(() => document.querySelectorAll('#games tbody tr').length === 2, null, { timeout: 10000 });
  equal(await a.$$eval('#games tbody tr td:nth-child(6)', (t) => t.map((x) => x.textContent)), ['playing', '1-0 won by resignation'], 'alice\'s games: the rematch, then the game bob resigned');
  await a.selectOption('#f-result', 'win');
  await a.waitForFunction(() => document.querySelectorAll('#games tbody tr').length === 1, null, { timeout: 10000 });
  equal(await a.getAttribute('#download-all', 'href'), '/api/players/alice/records?result=win', 'the record file of the games shown');
  // A server started without --smtp says so on the settings page.
  await a.goto(at('/settings'));
  await a.waitForSelector('#email-card:not([hidden])');
  equal(await a.textContent('#email-state'), 'This server sends no e-mail (it was started without --smtp): addresses, password resets by mail and turn mails are off.', 'no mail here, said');
  for (const [p, who] of [[a, 'alice'], [b, 'bob'], [c, 'carol']]) {
    equal(p.errors, [], `no page error on ${who}'s page`);
  }
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('community');
