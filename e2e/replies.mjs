// Browser test of issue 35 items 1 and 2: a reply that arrives while the page is still
// animating the player's own move is never lost, and the board is playable as soon as
// the reply is the page's. node e2e/replies.mjs <url>.
// alice signs up and challenges the engine account bao-1 (it answers at once) to a rated
// Bao la Kiswahili 3+2 game as North, at the slowest animation speed. Ten times: she
// plays a move by clicking; the reply lands during her own move's animation; she skips
// that animation; the board must then be playable within a second (the reply animates
// with the board playable, and her click ends it), the page's move list must hold every
// ply the server has, and the server must have North to move. Screenshots go to
// $BAO_SHOTS (default /tmp).
import { appUrl, check, equal, fail, finish, launch, setSpeed } from './lib.mjs';

const url = appUrl('replies.mjs');
const shots = process.env.BAO_SHOTS || '/tmp';
const at = (p) => new URL(p, url).href;
const MOVES = 10;

const env = await launch();
try {
  const a = await env.page();
  await a.goto(at('/signin'));
  await a.fill('#su-name', 'alice');
  await a.fill('#su-password', 'password of alice');
  await a.click('#su-go');
  await a.waitForURL(/\/lobby$/);
  await a.selectOption('#ch-game', 'kiswahili');
  await a.selectOption('#ch-clock', '180+2');
  await a.selectOption('#ch-side', 'north');
  await a.waitForSelector('#ch-opponents option[value="bao-1"]', { state: 'attached' });
  await a.fill('#ch-opponent', 'bao-1');
  await a.click('#ch-go');
  await a.waitForFunction(() => location.pathname === '/' && /^#[A-Za-z0-9_-]{22}$/.test(location.hash), null, { timeout: 30000 });
  const id = a.url().split('#')[1];
  await a.waitForSelector('#clock-south');
  await setSpeed(a, 4); // very slow: a reply always lands during the player's own animation

  const server = async () => (await a.request.get(at(`/api/games/${id}`))).json();
  const shownPlies = () => a.$$eval('#move-list .mv[data-ply]:not([data-ply="0"])', (ms) => ms.length);
  const playableNow = (ms) => a.waitForFunction(() => document.querySelectorAll('#board .hole.playable').length > 0, null, { timeout: ms })
    .then(() => true, () => false);

  // bao-1 (South) opens at once; the page shows its move as a reply.
  check(await playableNow(15000), 'the board is playable after bao-1\'s first move');
  // Issue 34 item 3: the engine account's side carries the BOT badge, the player's does not.
  const badges = await a.$$eval('#board text.side-label', (ts) => ts.map((t) => [t.textContent.includes('bao-1'), t.querySelectorAll('tspan.bot').length]));
  check(JSON.stringify(badges.sort()) === JSON.stringify([[false, 0], [true, 1]]), `one BOT badge, on bao-1's side label: ${JSON.stringify(badges)}`);
  for (let i = 1; i <= MOVES; i++) {
    const before = await server();
    if (before.outcome) { check(true, `the game ended after ${before.ply} plies`); break; }
    // A hole with one move plays at a click; else the first choice it offers is taken.
    const froms = before.moves.map((m) => m.from);
    const lit = await a.$$eval('#board .hole.playable', (hs) => hs.map((h) => h.dataset.hole));
    const hole = lit.find((h) => froms.filter((f) => f === h).length === 1) || lit[0];
    await a.click(`#board g.cell[data-hole="${hole}"]`);
    let played = before.moves.find((m) => m.from === hole).text;
    if (froms.filter((f) => f === hole).length > 1) {
      const choice = await a.waitForSelector('#choices button[data-move]', { timeout: 5000 });
      played = await choice.getAttribute('data-move');
      await choice.click();
    }
    // bao-1 answers within milliseconds, while this page still animates the player's
    // move (very slow: several seconds): wait for the reply on the server, then skip.
    const t = Date.now();
    let s = before;
    while (Date.now() - t < 10000) {
      s = await server();
      if (s.outcome || (s.ply === before.ply + 2 && s.to_move === 'North')) break;
      await a.waitForTimeout(50);
    }
    if (s.outcome) { check(true, `the game ended after ${s.ply} plies`); break; }
    equal([s.ply, s.history[before.ply].text], [before.ply + 2, played], `move ${i}: the server has ${played} and the reply ${s.history[s.ply - 1].text}`);
    const animating = await a.$eval('#btn-skip', (b) => !b.disabled);
    check(animating, `move ${i}: the reply landed while the page animates ${played}`);
    await a.click('#btn-skip').catch(() => {});
    const t0 = Date.now();
    const ok = await playableNow(1000);
    check(ok, `move ${i}: the board is playable ${Date.now() - t0} ms after the player's animation was skipped`);
    // The page holds every ply the server has (the reply was not dropped).
    await a.waitForFunction((n) => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === n, s.ply, { timeout: 3000 }).catch(() => {});
    equal(await shownPlies(), s.ply, `move ${i}: the page's move list has the server's ${s.ply} plies`);
    const status = await a.textContent('#status');
    check(!/thinking|to move\b(?!.*North)/.test(status) && !/^South .* to move/.test(status), `move ${i}: the status is not the computer's turn: "${status.trim()}"`);
    if (!ok) break;
  }
  await a.screenshot({ path: `${shots}/bao-replies.png`, fullPage: true });
  equal(a.errors, [], 'no script errors');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('replies');
