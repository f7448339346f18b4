// Browser test of the tournament pages: node e2e/tournament.mjs <url>.
// amani signs up, organises a tournament with the form on /tournaments (landing on its
// page), joins it, enters and removes an engine account there. Then a fast Swiss (2
// rounds, 10 s clocks) of amani, bob and the engine accounts bao-1 and bao-2: amani starts
// it from its page; "your next game" links to his game; as the games end (the test plays
// the two accounts' moves through the API, the engines move by themselves) the standings
// on amani's page change with no reload, round 2 appears, and the page ends "Finished"
// with the TRF link. bob follows on a phone: nothing wider than the screen, every control
// at least 44 px. Screenshots go to $BAO_SHOTS (default /tmp).
import { appUrl, check, equal, fail, finish, launch } from './lib.mjs';

const url = appUrl('tournament.mjs');
const shots = process.env.BAO_SHOTS || '/tmp';
const at = (p) => new URL(p, url).href;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function signUp(page, name) {
  await page.goto(at('/signin'));
  await page.fill('#su-name', name);
  await page.fill('#su-password', `password of ${name}`);
  await page.click('#su-go');
  await page.waitForURL(/\/lobby$/);
  await page.waitForSelector('#nav-me');
}

/** A request of the page's browser (its session cookie); the JSON answer. */
async function call(page, method, path, body) {
  const res = await page.request.fetch(at(path), {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    data: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

/** Plays `name`'s side of game `id` (through the page's browser): a move, then resigns. */
async function playOut(page, id, name) {
  for (let i = 0; i < 600; i += 1) {
    const { json: s } = await call(page, 'GET', `/api/games/${id}`);
    if (s.outcome) return;
    const side = s.to_move.toLowerCase();
    if (s.names[side] === name && !s.thinking) {
      if (s.ply >= 2) await call(page, 'POST', `/api/games/${id}/resign`);
      else await call(page, 'POST', `/api/games/${id}/play`, { move: s.moves[0].text });
    }
    await sleep(50);
  }
}

/** Plays every game of `name` in the current round of tournament `tid`. */
async function playRound(page, tid, name) {
  const { json: t } = await call(page, 'GET', `/api/tournaments/${tid}`);
  const round = t.rounds[t.rounds.length - 1];
  for (const p of round.pairings) {
    if (p.south === name || p.north === name) {
      for (const g of p.games) await playOut(page, g, name);
    }
  }
}

const env = await launch();
try {
  const a = await env.page();
  await signUp(a, 'amani');
  // The form: a Swiss organised from /tournaments lands on its page.
  await a.goto(at('/tournaments'));
  equal(await a.getAttribute('#nav-tournaments', 'aria-current'), 'page', 'the header marks Tournaments');
  await a.fill('#t-name', 'Friday club Swiss');
  await a.selectOption('#t-game', 'kingulu');
  await a.fill('#t-rounds', '3');
  await a.click('#t-go');
  await a.waitForURL(/\/tournaments\/[A-Za-z0-9_-]{22}$/);
  await a.waitForFunction(() => document.getElementById('t-title').textContent === 'Friday club Swiss');
  const info = await a.textContent('#t-info');
  check(/Swiss, 3 rounds/.test(info) && /Bao Kingulu/.test(info) && /5\+3/.test(info) && /organised by amani/.test(info), `the page says what it is: ${info}`);
  await a.click('#t-join');
  await a.waitForFunction(() => document.getElementById('t-count').textContent === '(1)');
  check(await a.isHidden('#t-join') && await a.isVisible('#t-leave'), 'joined: Leave replaces Join');
  await a.selectOption('#t-engine', 'bao-3');
  await a.click('#t-enter');
  await a.waitForFunction(() => document.getElementById('t-count').textContent === '(2)');
  const names = await a.$$eval('#t-players tbody tr', (rs) => rs.map((r) => r.cells[1].textContent));
  check(names.some((n) => /bao-3/.test(n)) && names.some((n) => /amani/.test(n)), `the players: ${names}`);
  await a.click('#t-leave');
  await a.waitForFunction(() => document.getElementById('t-count').textContent === '(1)');
  check(true, 'amani leaves again');

  // The fast Swiss: 2 rounds, 10 s clocks; bob joins on his phone.
  const { json: made } = await call(a, 'POST', '/api/tournaments', {
    name: 'Blitz night', game: 'kingulu', format: 'swiss', rounds: 2, clock: { initial_s: 10, increment_s: 0 }, rated: true,
  });
  const tid = made.id;
  const phone = await env.page({ width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  await signUp(phone, 'bob');
  await phone.goto(at(`/tournaments/${tid}`));
  await phone.waitForSelector('#t-join:not([hidden])');
  await phone.tap('#t-join');
  await phone.waitForFunction(() => document.getElementById('t-count').textContent === '(1)');
  await a.goto(at(`/tournaments/${tid}`));
  await a.waitForFunction(() => document.getElementById('t-count').textContent === '(1)');
  await a.click('#t-join');
  for (const e of ['bao-1', 'bao-2']) {
    await a.selectOption('#t-engine', e);
    await a.click('#t-enter');
  }
  await a.waitForFunction(() => document.getElementById('t-count').textContent === '(4)');
  await phone.waitForFunction(() => document.getElementById('t-count').textContent === '(4)');
  check(true, 'bob\'s page sees the players join live');
  await a.evaluate(() => { window.sameDocument = true; });
  await a.click('#t-start');
  await a.waitForFunction(() => /Round 1 of 2/.test(document.getElementById('t-state').textContent));
  const rows = await a.$$eval('#t-pairings tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  equal(rows.length, 2, 'round 1 has two boards');
  const next = await a.getAttribute('#t-next-link', 'href');
  check(/^\/#[A-Za-z0-9_-]{22}$/.test(next || ''), `"your next game" links to amani's game: ${next}`);
  await a.screenshot({ path: `${shots}/bao-tournament.png`, fullPage: true });

  // Round 1 (amani and bob each meet an engine): the standings move as each game ends,
  // which the page records as it redraws them.
  const before = await a.$$eval('#t-standings td.points', (tds) => tds.map((t) => t.textContent));
  equal(before, ['0', '0', '0', '0'], 'no point before any game ends');
  await a.evaluate(() => {
    window.snaps = [];
    const record = () => window.snaps.push([document.getElementById('t-state').textContent,
      [...document.querySelectorAll('#t-standings td.points')].map((t) => t.textContent).join(' ')]);
    new MutationObserver(record).observe(document.querySelector('#t-standings tbody'), { childList: true });
  });
  // One game after the other, so that the page has a moment with one game over.
  await playRound(a, tid, 'amani');
  await a.waitForFunction(() => [...document.querySelectorAll('#t-standings td.points')]
    .some((t) => t.textContent !== '0'), null, { timeout: 30000 });
  await playRound(phone, tid, 'bob');
  await a.waitForFunction(() => /Round 2 of 2/.test(document.getElementById('t-state').textContent), null, { timeout: 30000 });
  const snaps = await a.evaluate(() => window.snaps);
  check(snaps.some(([state, points]) => /Round 1 of 2/.test(state) && points.split(' ').filter((p) => p === '1').length === 1),
    `a game's end shows in the standings while round 1 goes on: ${JSON.stringify(snaps)}`);
  check(true, 'round 2 is paired by the server and shown live');
  equal(await a.$$eval('#t-round-tabs button', (bs) => bs.map((b) => b.textContent)), ['Round 1', 'Round 2'], 'a tab per round');
  await Promise.all([playRound(a, tid, 'amani'), playRound(phone, tid, 'bob')]);
  await a.waitForFunction(() => /Finished after 2 rounds/.test(document.getElementById('t-state').textContent), null, { timeout: 60000 });
  check(await a.evaluate(() => window.sameDocument === true), 'all of it without reloading the page');
  const end = await a.$$eval('#t-standings tbody tr', (rs) => rs.map((r) => [r.cells[1].textContent.trim(), r.cells[2].textContent]));
  equal(end.map((r) => r[1]).reduce((s, p) => s + Number(p.replace('½', '.5')), 0), 4, `4 points in all: ${JSON.stringify(end)}`);
  const heads = await a.$$eval('#t-standings thead th', (ths) => ths.map((t) => t.title || t.textContent));
  equal(heads, ['#', 'Player', 'Points', 'Buchholz Cut 1', 'Buchholz', 'Sonneborn-Berger', 'Direct encounter', 'Wins'], 'the tie-breaks are named');
  check(/The tournament is over: you finished \d+\./.test(await a.textContent('#t-next')), 'amani is told where he finished');
  check(await a.isVisible('#t-trf'), 'the TRF export is offered');
  const trf = await a.request.get(at(await a.getAttribute('#t-trf', 'href')));
  check(/^012 Blitz night/.test(await trf.text()), 'it downloads the report');
  // Amani's round 1 game links back to the tournament.
  const g = await a.context().newPage();
  await g.goto(at(next));
  await g.waitForSelector('#game-info dd[data-key="Tournament"] a');
  equal(await g.getAttribute('#game-info dd[data-key="Tournament"] a', 'href'), `/tournaments/${tid}`, 'the game page links to its tournament');
  await g.close();

  // bob's phone: the finished page fits, and its controls are big enough to tap.
  await phone.waitForFunction(() => /Finished/.test(document.getElementById('t-state').textContent), null, { timeout: 30000 });
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `nothing wider than the phone (${wide} px)`);
  const small = await phone.$$eval('#t-actions button, #t-actions .button, #t-round-tabs button', (es) => es
    .filter((e) => e.offsetParent !== null)
    .filter((e) => { const r = e.getBoundingClientRect(); return r.height < 43.5 || r.width < 43.5; })
    .map((e) => e.id || e.textContent));
  equal(small, [], 'every control on the phone is at least 44 px');
  // A notice banner (amani challenges bob by name) covers neither the title nor the status.
  const { status: challenged } = await call(a, 'POST', '/api/challenges', {
    game: 'kingulu', clock: { days_per_move: 2 }, side: 'south', opponent: 'bob',
  });
  equal(challenged, 201, 'amani challenges bob');
  await phone.waitForSelector('.notice');
  const covered = await phone.evaluate(() => {
    const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const banners = [...document.querySelectorAll('.notice')].map((n) => n.getBoundingClientRect());
    return ['t-title', 't-state'].filter((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return banners.some((b) => over(b, r));
    }).concat(banners.length ? [] : ['(no banner shown)']);
  });
  equal(covered, [], 'no notice banner covers the title or the status on the phone');
  await phone.screenshot({ path: `${shots}/bao-tournament-phone.png`, fullPage: true });

  // The list: the finished one, and the open one amani left.
  await a.goto(at('/tournaments'));
  await a.waitForSelector(`#t-finished tr[data-id="${tid}"]`);
  await a.waitForSelector('#t-upcoming tbody tr');
  equal(await a.$$eval('#t-upcoming tbody tr td:first-child', (t) => t.map((x) => x.textContent)), ['Friday club Swiss'], 'the open one is upcoming');
  // The list on bob's phone: no wider than the screen (the tables scroll in their boxes).
  await phone.goto(at('/tournaments'));
  await phone.waitForSelector(`#t-finished tr[data-id="${tid}"]`);
  const listWide = await phone.evaluate(() => document.documentElement.scrollWidth);
  check(listWide <= 390, `the list is no wider than the phone (${listWide} px)`);
  const smallFields = await phone.$$eval('#t-form input:not([type=checkbox]), #t-form select', (es) => es
    .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 43.5).map((e) => e.id));
  equal(smallFields, [], 'the form\'s fields are at least 44 px high on the phone');
  for (const [p, who] of [[a, 'amani'], [phone, 'bob']]) equal(p.errors, [], `no script errors on ${who}'s page`);
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('tournament');
