// Browser test of notices, named challenges and draw offers (issue 35 items 3 and 5):
// node e2e/social.mjs <url>.
// alice and bob sign up in two browser contexts. bob reads the puzzles page; alice opens
// bob's profile, follows its "Challenge bob" link to the lobby (the opponent filled in)
// and makes a rated Bao Kingulu 10+5 challenge as South, then reads the leaderboard. bob's
// puzzles page shows a banner "alice challenges you" with a link to the lobby, where he
// accepts; alice's leaderboard page shows "bob accepted…" with a link to the game, which
// she follows. In the game: no Draw button before each side has moved; then alice offers
// a draw, bob's page says so and offers "Accept draw"; bob declines by moving, the offer
// is gone from both pages; alice offers again and bob accepts: both pages say "draw by
// agreement" and show the rating change (two 1500 players drawing keep 1500.0: ±0).
// Then a game alice starts on the first page against the computer names her and is
// listed on her profile.
import { appUrl, check, equal, fail, finish, launch, playable, setSpeed } from './lib.mjs';

const url = appUrl('social.mjs');
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

const moves = (page) => page.$$eval('#move-list .mv[data-ply]:not([data-ply="0"])', (ms) => ms.length);
const waitMoves = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === k, n, { timeout: 20000 });

async function playFirst(page, who) {
  await page.waitForFunction(() => document.querySelectorAll('#board .hole.playable').length > 0, null, { timeout: 20000 });
  const holes = await playable(page);
  await page.click(`#board g.cell[data-hole="${holes[0]}"]`);
  check(true, `${who} plays ${holes[0]}`);
}

/** The Draw button as the page shows it: null when hidden, else [label, disabled]. */
const drawButton = (page) => page.evaluate(() => {
  const b = document.getElementById('btn-draw');
  return b.hidden ? null : [b.textContent, b.disabled];
});
const note = (page) => page.evaluate(() => (document.querySelector('#status .draw-note') || { textContent: '' }).textContent.trim());

const env = await launch();
try {
  const a = await env.page();
  const b = await env.page();
  await signUp(a, 'alice');
  await signUp(b, 'bob');
  await b.goto(at('/puzzles'));
  await b.waitForSelector('#nav-me');

  // A named challenge from bob's profile.
  await a.goto(at('/@/bob'));
  await a.waitForSelector('#challenge:not([hidden])');
  equal(await a.textContent('#challenge'), 'Challenge bob', 'bob\'s profile offers alice a challenge');
  await a.click('#challenge');
  await a.waitForURL(/\/lobby\?opponent=bob$/);
  await a.waitForSelector('#create-card:not([hidden])');
  equal(await a.inputValue('#ch-opponent'), 'bob', 'the lobby form names bob');
  await a.selectOption('#ch-game', 'kingulu');
  await a.selectOption('#ch-clock', '600+5');
  await a.selectOption('#ch-side', 'south');
  await a.check('#ch-rated');
  await a.click('#ch-go');
  await a.waitForSelector('#challenges tbody tr');
  await a.goto(at('/leaderboard'));
  await a.waitForSelector('#nav-me');

  // bob, on the puzzles page, is told.
  await b.waitForSelector('#notices .notice-challenge', { timeout: 20000 });
  const told = await b.$eval('#notices .notice-challenge', (n) => [n.querySelector('span').textContent, n.querySelector('a').getAttribute('href')]);
  check(/alice/.test(told[0]), `bob's banner: ${told[0]}`);
  equal(told[1], '/lobby', 'the banner links to the lobby');
  await b.screenshot({ path: `${shots}/bao-notice-challenge.png` });
  await b.click('#notices .notice-challenge a');
  await b.waitForSelector('#challenges tbody tr button.accept', { timeout: 20000 });
  await b.click('#challenges tbody tr button.accept');
  const inGame = (p) => p.waitForFunction(() => location.pathname === '/' && /^#[A-Za-z0-9_-]{22}$/.test(location.hash), null, { timeout: 30000 });
  await inGame(b);
  const id = b.url().split('#')[1];

  // alice, on the leaderboard, is told that bob accepted, with a link to the game.
  await a.waitForSelector('#notices .notice-accepted', { timeout: 20000 });
  const accepted = await a.$eval('#notices .notice-accepted', (n) => [n.querySelector('span').textContent, n.querySelector('a').getAttribute('href')]);
  check(/bob/.test(accepted[0]), `alice's banner: ${accepted[0]}`);
  equal(accepted[1], `/#${id}`, 'the banner links to the game');
  await a.screenshot({ path: `${shots}/bao-notice-accepted.png` });
  await a.click('#notices .notice-accepted a');
  await inGame(a);
  for (const p of [a, b]) {
    await p.waitForSelector('#clock-south');
    await setSpeed(p, 0);
  }

  // No draw offer before each side has moved.
  equal(await drawButton(a), null, 'no Draw button at the start');
  await playFirst(a, 'alice (South)');
  await waitMoves(b, 1);
  equal(await drawButton(b), null, 'no Draw button before North has moved');
  await playFirst(b, 'bob (North)');
  await waitMoves(a, 2);
  await a.waitForFunction(() => !document.getElementById('btn-draw').hidden);
  equal(await drawButton(a), ['Offer draw', false], 'alice may offer a draw once each side has moved');

  // alice offers; bob is told and may accept; he declines by moving.
  await a.click('#btn-draw');
  await a.waitForFunction(() => document.getElementById('btn-draw').textContent === 'Draw offered');
  equal(await drawButton(a), ['Draw offered', true], 'alice\'s button waits for the answer');
  equal(await note(a), 'You offered a draw.', 'alice\'s status line says she offered');
  await b.waitForFunction(() => document.getElementById('btn-draw').textContent === 'Accept draw', null, { timeout: 20000 });
  equal(await note(b), 'alice offers a draw: accept it, or move to decline.', 'bob\'s status line tells him');
  await b.screenshot({ path: `${shots}/bao-draw-offered.png` });
  await playFirst(a, 'alice (South), her offer standing');
  await waitMoves(b, 3);
  equal(await drawButton(b), ['Accept draw', false], 'alice\'s own move keeps her offer');
  await playFirst(b, 'bob (North), declining');
  await waitMoves(a, 4);
  await a.waitForFunction(() => document.getElementById('btn-draw').textContent === 'Offer draw');
  equal([await note(a), await note(b)], ['', ''], 'a move declines: the offer is gone from both pages');

  // alice offers again; bob accepts.
  await a.click('#btn-draw');
  await b.waitForFunction(() => document.getElementById('btn-draw').textContent === 'Accept draw', null, { timeout: 20000 });
  await b.click('#btn-draw');
  for (const [p, who] of [[a, 'alice'], [b, 'bob']]) {
    await p.waitForFunction(() => /draw by agreement/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
    equal(await p.textContent('#status'), 'Game over — draw by agreement. Your rating: 1500 → 1500.0 (±0).', `${who}'s status line`);
    equal(await drawButton(p), null, `no Draw button on ${who}'s page once it is over`);
  }
  const card = await a.$$eval('#game-info dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.key, d.textContent])));
  equal([card.Result, card["South's rating"], card["North's rating"]], ['draw by agreement', '1500 → 1500.0 (±0)', '1500 → 1500.0 (±0)'], 'the game card shows both rating changes');
  await a.screenshot({ path: `${shots}/bao-draw-agreed.png` });
  equal(await moves(a), 4, 'four moves were played');
  // A game alice starts on the first page against the computer is hers (issue 35 item 6).
  await a.goto(at('/'));
  await a.waitForFunction(() => document.querySelectorAll('#board .hole.playable').length > 0, null, { timeout: 20000 });
  await setSpeed(a, 0);
  await a.click('#board g.cell[data-hole="A7"]');
  await a.click('#board polygon.arrow[data-dir="left"]');
  await a.waitForFunction(() => /^#[A-Za-z0-9_-]{22}$/.test(location.hash), null, { timeout: 20000 });
  const own = a.url().split('#')[1];
  await a.waitForFunction(() => (document.querySelector('#game-info dd[data-key="South"]') || {}).textContent === 'you, alice', null, { timeout: 20000 });
  check(true, 'the first page names alice on her side');
  await a.goto(at('/@/alice'));
  await a.waitForSelector('#games tbody tr');
  const listed = await a.$$eval('#games tbody tr', (rs) => rs.map((r) => [r.querySelector('a').getAttribute('href'), ...[...r.cells].slice(1).map((c) => c.textContent)]));
  equal(listed, [[`/#${own}`, 'Kiswahili', 'alice', 'bao level 5 BOT', '', 'playing'], [`/#${id}`, 'Kingulu', 'alice', 'bob', '10+5', '1/2-1/2 drawn (±0)']],
    'her profile lists her game against the computer and the drawn game with its rating change');
  for (const [p, who] of [[a, 'alice'], [b, 'bob']]) equal(p.errors, [], `no script errors on ${who}'s page`);
} catch (e) {
  fail(e);
  for (const [i, p] of env.browser.contexts().map((x) => x.pages()[0]).entries()) {
    if (!p) continue;
    try {
      console.log(`page ${i}: ${p.url()} status: ${await p.textContent('#status').catch(() => '')} errors: ${JSON.stringify(p.errors)}`);
      await p.screenshot({ path: `${shots}/bao-social-fail-${i}.png` });
    } catch (_) { /* closed */ }
  }
} finally {
  await env.close();
}
finish('social');
