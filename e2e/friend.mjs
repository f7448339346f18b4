// Browser test of playing a friend: node e2e/friend.mjs <url>.
// Player A starts "A friend and I" in the New game dialog and gets an invitation link;
// player B opens it in another browser context (its own storage: another person's browser).
// Each seat may move only its own side; every move appears live on the other board (the
// server's event stream); a seat's request for the other side is refused (403). The saved
// games list offers the game with Continue and Delete. When the creator deletes the game,
// the friend's board says so, turns its controls off (Download .bao included) and stops
// following it (no reconnects; a new subscription is a 404).
import { appUrl, check, equal, fail, finish, launch, shownBoard, serverState, playable, setSpeed, serverHasSeats } from './lib.mjs';

const url = appUrl('friend.mjs');
const moves = (page) => page.$$eval('#move-list .mv[data-ply]:not([data-ply="0"])', (ms) => ms.map((m) => m.textContent));

const env = await launch();
try {
  const a = await env.page();
  await a.goto(url);
  await a.waitForSelector('#board g.cell');
  // Seats, invitations and the event stream (docs/web.md "Seats") start from the list of
  // saved games: a server without it fails here instead of passing the checks below unseen.
  if (!(await serverHasSeats(a, url))) {
    fail('GET /api/games failed: this server has no seats, invitations or event stream');
    finish('friend');
  }
  await a.click('#btn-new');
  await a.waitForSelector('#new-dialog[open]');
  await a.selectOption('#ng-game', 'kiswahili');
  await a.check('input[name=mode][value=friend]');
  check(await a.$eval('#ng-level-label', (l) => l.hidden), 'no computer level is asked for a game between two people');
  await a.click('#ng-start');
  await a.waitForSelector('#invite-dialog[open]');
  const link = await a.$eval('#invite-link', (i) => i.value);
  const id = await a.evaluate(() => location.hash.slice(1));
  check(new RegExp(`/#${id}:[A-Za-z0-9_-]{22,}$`).test(link), `the invitation is a seat's link: ${link.replace(/:[^:]+$/, ':<seat>')}`);
  equal(await a.textContent('#invite-side'), 'North', 'it invites North');
  await a.click('#invite-dialog button[value=close]');
  await setSpeed(a, 1);
  await a.waitForFunction(() => /Your move \(South\)/.test(document.getElementById('status').textContent));

  const b = await env.page();
  await b.goto(link);
  await b.waitForSelector('#board g.cell');
  await b.waitForFunction(() => /Waiting for South \(your friend\)/.test(document.getElementById('status').textContent));
  check(true, 'the friend\'s page waits for South');
  equal(await playable(b), [], 'the friend cannot move South\'s holes');
  equal(await b.evaluate(() => location.hash), `#${id}`, 'the seat token leaves the address bar (it is kept in localStorage)');
  await setSpeed(b, 1);
  const bInfo = await b.$$eval('#game-info dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.key, d.textContent])));
  equal([bInfo.North, bInfo.South], ['you', 'your friend'], 'the friend\'s card says North: you, South: your friend');

  // A plays A6>; B's board follows live.
  await a.click('#board g.cell[data-hole="A6"]');
  await a.click('#board polygon.arrow[data-dir="right"]');
  await b.waitForFunction(() => [...document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])')].map((m) => m.textContent).join(' ') === 'A6>', null, { timeout: 20000 });
  check(true, 'South\'s A6> appears live on the friend\'s board');
  await b.waitForFunction(() => /Your move \(North\)/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
  const bState = await serverState(b, url);
  equal(bState.you, ['North'], 'the friend\'s seat holds North');
  const shownB = await shownBoard(b);
  equal(shownB.holes, Object.fromEntries(bState.board.rows.flat().map((c) => [c.name, c.seeds])), 'the friend\'s board shows the server\'s position');
  equal(await playable(b), ['a6', 'a7'], 'now the friend may move North\'s a6, a7');
  await a.waitForFunction(() => /Waiting for North \(your friend\)/.test(document.getElementById('status').textContent));
  equal(await playable(a), [], 'and South waits');

  // A seat may not move the other side.
  const seatB = await b.evaluate((i) => JSON.parse(localStorage.getItem('bao-seats'))[i], id);
  const seatA = await a.evaluate((i) => JSON.parse(localStorage.getItem('bao-seats'))[i], id);
  check(seatA && seatB && seatA !== seatB, 'the two browsers hold different seats');
  const res = await a.request.post(new URL(`/api/games/${id}/play`, url).href, {
    headers: { 'Content-Type': 'application/json', 'X-Bao-Seat': seatA, Origin: new URL(url).origin }, data: { move: 'a6<' },
  });
  equal(res.status(), 403, 'South\'s seat may not play North\'s a6<');

  // B replies a7<; A sees it live.
  await b.click('#board g.cell[data-hole="a7"]');
  await b.click('#board polygon.arrow');
  await a.waitForFunction(() => [...document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])')].length === 2, null, { timeout: 20000 });
  const am = await moves(a);
  const bm = await moves(b);
  equal(am, bm, `North's reply appears live on South's board: ${am.join(' ')}`);
  await a.waitForFunction(() => /Your move \(South\)/.test(document.getElementById('status').textContent));
  check(/following the other board/.test(await a.textContent('#game-info')), 'the game card says the board is live');

  // A spectator (the game's address without a seat): "Analyse this game" is not offered
  // while the game is played, and the card says why in a player's words; the players'
  // pages offer it.
  const watcher = await env.page();
  await watcher.goto(new URL(`/#${id}`, url).href);
  await watcher.waitForFunction(() => document.getElementById('btn-analyse') && document.getElementById('btn-analyse').disabled
    && /you are watching/.test(document.getElementById('status').textContent));
  equal(await watcher.textContent('#analysis-status'), 'Only the players can ask for this while the game is played; anyone can once it is over.',
    'the spectator\'s Analysis card says who may ask');
  check(!(await a.$eval('#btn-analyse', (x) => x.disabled)) && !(await b.$eval('#btn-analyse', (x) => x.disabled)), 'both players are offered "Analyse this game"');
  equal(watcher.errors, [], 'no errors in the spectator\'s console');
  await watcher.context().close();

  // The saved games list offers the game.
  await a.waitForSelector(`#saved li[data-id="${id}"]`);
  const row = await a.textContent(`#saved li[data-id="${id}"]`);
  check(/Bao la Kiswahili, human v human, 1 move/.test(row) && /Playing/.test(row) && /Delete/.test(row), `saved games: "${row}"`);

  // A deletes the game: the friend's board says so at once, its event stream is closed
  // (no reconnects), and a new subscription is a clean 404.
  const streams = [];
  b.on('request', (r) => { if (r.url().endsWith(`/api/games/${id}/events`)) streams.push(Date.now()); });
  const del = await a.request.delete(new URL(`/api/games/${id}`, url).href, {
    headers: { 'X-Bao-Seat': seatA, Origin: new URL(url).origin },
  });
  equal(del.status(), 200, 'the creator deletes the game');
  const deletedAt = Date.now();
  await b.waitForFunction(() => /was deleted by its creator/.test(document.getElementById('status').textContent), null, { timeout: 5000 });
  check(Date.now() - deletedAt < 5000, `the friend's board says the game was deleted (${Date.now() - deletedAt} ms)`);
  equal(await b.textContent('#status'), `Game ${id} was deleted by its creator: start another with New game.`, 'the friend\'s status line');
  check(/the game was deleted/.test(await b.textContent('#game-info')), 'the game card says the game was deleted');
  equal(await playable(b), [], 'nothing can be played on the deleted game');
  check(await b.$eval('#btn-resign', (x) => x.disabled) && await b.$eval('#btn-hint', (x) => x.disabled), 'resign and hint are off');
  equal(await b.$eval('#btn-download', (x) => [x.hasAttribute('href'), x.getAttribute('aria-disabled'), getComputedStyle(x).opacity]),
    [false, 'true', '0.45'], 'Download .bao is off too: no link, aria-disabled, greyed');
  equal(await b.evaluate((i) => JSON.parse(localStorage.getItem('bao-seats') || '{}')[i] || null, id), null, 'the friend\'s browser forgets the seat');
  await b.waitForTimeout(4500); // longer than the browser's reconnect delay (3 s)
  equal(streams, [], 'the friend\'s page does not reconnect to the deleted game');
  const again = await b.request.get(new URL(`/api/games/${id}/events`, url).href);
  equal(again.status(), 404, 'a new subscription to the deleted game is a 404');
  equal(await again.json(), { code: 'not_found', error: `no game with id "${id}" (start one with POST /api/games)` }, 'with a JSON error');

  equal([...a.errors, ...b.errors], [], 'no errors in either page\'s console');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('friend');
