// Browser test of issue 21 (the board from each player's seat): node e2e/seat.mjs <url>.
// * a visit adds no empty game to the saved games: the game is created on the first move,
//   and a finished game is not "Playing";
// * after a reload the Explanation panel shows and explains the last move;
// * the caption after Home + Escape / End describes the board shown;
// * one numbering: the review bar and the status name moves as the move list numbers them;
// * at 1280×860 the board stays in view while a late move is reviewed (the move list
//   scrolls inside its card);
// * playing North, the board is drawn from North's seat (North's rows at the bottom),
//   arrows and labels agree with the notation, and "Turn board" turns it;
// * an invited friend sees no "Invite a friend" (only the seat that started the game may).
import { appUrl, check, equal, fail, finish, launch, playable, setSpeed, waitForHumanTurn } from './lib.mjs';

const url = appUrl('seat.mjs');
// SEAT_SHOTS=/dir keeps a screenshot of each stage; SEAT_VIEWPORT=390x844 runs at a phone's size.
const SHOTS = process.env.SEAT_SHOTS;
const [VW, VH] = (process.env.SEAT_VIEWPORT || '1280x860').split('x').map(Number);
const shot = async (page, name) => { if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${VW}.png` }); };
const games = async (page) => (await page.request.get(new URL('/api/games?limit=100', url).href)).json();
const caption = (page) => page.textContent('#caption');
const centre = (page, hole) => page.$eval(`#board g.cell[data-hole="${hole}"] .hole`, (h) => {
  const r = h.getBoundingClientRect();
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
});

async function newGame(page, { mode = 'south', level = 1 } = {}) {
  await page.click('#btn-new');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#ng-game', 'kiswahili');
  await page.check(`input[name=mode][value=${mode}]`);
  if (mode !== 'humans' && mode !== 'friend') await page.$eval('#ng-level', (e, v) => { e.value = String(v); e.dispatchEvent(new Event('input')); }, level);
  const before = await page.evaluate(() => location.hash);
  await page.click('#ng-start');
  await page.waitForFunction((b) => location.hash !== b && location.hash.length > 1, before);
}

/** Plays the first move offered (the first playable hole, its first choice). */
async function playFirst(page) {
  await waitForHumanTurn(page);
  const n = await page.$$eval('#move-list .mv[data-ply]', (ms) => ms.length);
  const holes = await playable(page);
  await page.click(`#board g.cell[data-hole="${holes[0]}"] .hole`);
  const choice = await page.$('#choices button[data-move]');
  if (choice) await choice.click();
  await page.waitForFunction((k) => document.querySelectorAll('#move-list .mv[data-ply]').length > k, n, { timeout: 60000 });
}

const env = await launch();
try {
  // ---- Item 11: a visit creates no game; the first move does.
  const page = await env.page({ width: VW, height: VH });
  page.on('dialog', (d) => d.accept());
  await page.goto(url);
  await page.waitForSelector('#board g.cell');
  await setSpeed(page, 0);
  equal(await playable(page), ['A6', 'A7'], 'a visit shows a game to play at once');
  equal((await games(page)).length, 0, 'a visit adds no game to the saved games');
  equal(await page.evaluate(() => location.hash), '', 'and has no game address yet');
  equal(await page.textContent('#game-info h2'), 'New game (saved at its first move)', 'the game card names no id that is not stored');
  await page.click('#board g.cell[data-hole="A6"] .hole');
  await page.click('#board polygon.arrow[data-dir="right"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 3, null, { timeout: 60000 });
  await waitForHumanTurn(page);
  let list = await games(page);
  equal(list.map((g) => g.plies), [2], 'the first move created the game: one saved game of 2 plies');
  check(new RegExp(`^#${list[0].id}`).test(await page.evaluate(() => location.hash)), 'and the address names it');
  equal(await page.textContent('#game-info h2'), `Game ${list[0].id}`, 'and so does the game card');

  // ---- Item 9: after a reload the Explanation panel explains the last move.
  await page.reload();
  await page.waitForSelector('#board g.cell');
  await page.waitForFunction(() => document.querySelectorAll('#explain .steps li').length > 1, null, { timeout: 20000 });
  const head = await page.textContent('#explain h2');
  check(/^1… a[67][<>] \(North\) · 1 lap$/.test(head), `after a reload the panel explains the last move: "${head}"`);
  check(/^North's move 1… a[67][<>], step \d+ of \d+: .* — the move is complete\.$/.test(await caption(page)),
    `and the caption describes it: "${await caption(page)}"`);
  const live = await caption(page);
  await shot(page, 'reload');

  // ---- Item 2: the caption after Home + Escape, and after reviewing a move + End.
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('board-area').dataset.view === '0');
  equal(await caption(page), 'The start position, before the first move.', 'Home shows the start, captioned');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('board-area').dataset.view);
  equal(await caption(page), live, 'Escape: the caption describes the live board again, not the start');
  await shot(page, 'escape');
  await page.click('#move-list button[data-ply="1"]');
  await page.waitForFunction(() => (document.getElementById('board-area').dataset.view || '').startsWith('1:'));
  // ---- Item 4: one numbering, the move list's.
  check(/^Move 1\. A6> \(South\), step \d+ of \d+ · ply 1 of 2\.$/.test(await page.textContent('#review-text')),
    `the review bar names the move as the list does: "${await page.textContent('#review-text')}"`);
  check((await page.textContent('#status')).startsWith('Looking at move 1. A6> (of 1)'), `the status too: "${await page.textContent('#status')}"`);
  check(/^South's move 1\. A6>/.test(await caption(page)), `and the caption: "${await caption(page)}"`);
  await shot(page, 'numbering');
  await page.keyboard.press('End');
  await page.waitForFunction(() => !document.getElementById('board-area').dataset.view);
  equal(await caption(page), live, 'End after reviewing move 1: the caption describes the live board');
  // Item 12: a click on the board while reviewing is answered.
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('board-area').dataset.view === '0');
  await page.click('#board g.cell[data-hole="A6"] .hole');
  check(/Escape/.test(await caption(page)), `a click while reviewing says how to play: "${await caption(page)}"`);
  await page.keyboard.press('Escape');

  // ---- Item 3: the board stays in view while reviewing a late move at 1280×860. A game
  // against level 1, so that it lasts long enough for the move list to overflow its card
  // (a stronger level may end it within a few moves).
  await newGame(page, { mode: 'south', level: 1 });
  await waitForHumanTurn(page);
  for (let i = 0; i < 30; i++) {
    if (/Game over/.test(await page.textContent('#status'))) break;
    // Enough moves once the list overflows its card (the game goes on: item 11 resigns it).
    if (await page.$eval('#move-list', (l) => l.scrollHeight > l.clientHeight + 40)) break;
    await playFirst(page);
  }
  await waitForHumanTurn(page);
  const plies = await page.$$eval('#move-list .mv[data-ply]', (ms) => ms.length - 1);
  const late = await page.$(`#move-list button[data-ply="${plies - 1}"]`);
  await late.scrollIntoViewIfNeeded();
  await late.click();
  await page.waitForFunction((p) => (document.getElementById('board-area').dataset.view || '').startsWith(`${p}:`), plies - 1);
  const box = await page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, h: window.innerHeight }; });
  check(box.top >= 0 && box.bottom <= box.h, `reviewing move ${plies - 1} of ${plies}, the whole board is in view (${box.top.toFixed(0)}..${box.bottom.toFixed(0)} of ${box.h})`);
  await shot(page, 'late-review');
  const scroll = await page.$eval('#move-list', (l) => [l.scrollHeight, l.clientHeight]);
  check(scroll[0] > scroll[1], `the move list scrolls inside its card (${scroll[0]} > ${scroll[1]} px)`);

  // ---- Item 11: a finished game is not "Playing".
  await page.keyboard.press('Escape');
  await waitForHumanTurn(page);
  await page.click('#btn-resign');
  await page.waitForFunction(() => /Game over/.test(document.getElementById('status').textContent));
  await page.waitForFunction(() => [...document.querySelectorAll('#saved button')].some((b) => b.textContent === 'On the board'), null, { timeout: 10000 });
  const labels = await page.$$eval('#saved button[data-action]', (bs) => bs.map((b) => b.textContent));
  // The game on the board (item 3's, just resigned) and the visit's game, still going.
  equal(labels, ['On the board', 'Continue'], 'the finished game on the board is "On the board", not "Playing"');
  await page.$eval('#saved-card', (e) => e.scrollIntoView());
  await shot(page, 'saved');

  // ---- Item 1: playing North, the board is drawn from North's seat.
  await newGame(page, { mode: 'north', level: 1 });
  await waitForHumanTurn(page);
  const [a1, a8, b1, A1] = [await centre(page, 'a1'), await centre(page, 'a8'), await centre(page, 'b1'), await centre(page, 'A1')];
  check(a1.y > A1.y && b1.y > a1.y, 'North\'s rows are at the bottom, the back row b lowest');
  check(a1.x < a8.x, `North's holes run a1 → a8 from left to right, as North sees them (${a1.x.toFixed(0)} < ${a8.x.toFixed(0)})`);
  const bottom = await page.$$eval('#board text.side-label', (ts) => ts.map((t) => [t.textContent, t.getBoundingClientRect().y]).sort((x, y) => x[1] - y[1]).map((x) => x[0]));
  check(/^South/.test(bottom[0]) && /North — you( · store \d+)?$/.test(bottom[1]), `South is named on top, North (you) below: ${JSON.stringify(bottom)}`);
  equal(await page.getAttribute('#btn-turn', 'aria-pressed'), 'true', 'the board is turned (Turn board pressed)');
  await shot(page, 'north');
  // A hole with two directions: the arrows and labels agree with the notation; or a
  // namua capture choosing its kichwa: North's left kichwa a1 is on the screen's left.
  let checked = false;
  for (const hole of await playable(page)) {
    await page.click(`#board g.cell[data-hole="${hole}"] .hole`);
    const kichwas = await page.$$eval('#board .halo.choice', (hs) => hs.map((h) => h.closest('g.cell').dataset.hole).sort());
    if (kichwas.join() === 'a1,a8') {
      const words = await page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => [b.dataset.move, b.textContent.split(' (')[0]]));
      const right = words.find(([mv]) => mv.endsWith('>'));
      check(right && right[1] === `${right[0]}: sow from the kichwa a1, your left end`, `the kichwa choice in words: ${JSON.stringify(words)}`);
      const [k1, k8] = [await centre(page, 'a1'), await centre(page, 'a8')];
      check(k1.x < k8.x, 'the kichwa a1, North\'s left end, is lit on the screen\'s left');
      const n = await page.$$eval('#move-list .mv[data-ply]', (ms) => ms.length);
      await page.click('#board g.cell.choice[data-hole="a1"] .hole');
      await page.waitForFunction((k) => document.querySelectorAll('#move-list .mv[data-ply]').length > k, n, { timeout: 60000 });
      const played = await page.$eval(`#move-list .mv[data-ply="${n}"]`, (m) => m.textContent);
      check(/^a\d>/.test(played), `a click on the kichwa a1 played ${played} (">": from the left kichwa)`);
      checked = true;
      break;
    }
    const dirs = await page.$$eval('#board polygon.arrow', (as) => as.map((a) => a.dataset.dir).sort());
    if (dirs.join() !== 'left,right') continue;
    const buttons = await page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => [b.textContent, b.dataset.move]));
    const agree = buttons.every(([label, mv]) => {
      const sym = mv.replace(/[+*]+$/, '').slice(-1);
      return !/^[←→]/.test(label) || (label.startsWith('→') === (sym === '>'));
    });
    check(agree, `the choice labels' arrows agree with their moves: ${JSON.stringify(buttons)}`);
    const c = await centre(page, hole);
    const right = await page.$eval('#board polygon.arrow[data-dir="right"]', (a) => { const r = a.getBoundingClientRect(); return r.x + r.width / 2; });
    check(right > c.x, 'the right arrow is on the hole\'s right');
    const n = await page.$$eval('#move-list .mv[data-ply]', (ms) => ms.length);
    await page.click('#board polygon.arrow[data-dir="right"]');
    await page.waitForFunction((k) => document.querySelectorAll('#move-list .mv[data-ply]').length > k, n, { timeout: 60000 });
    const played = await page.$eval(`#move-list .mv[data-ply="${n}"]`, (m) => m.textContent);
    check(/^a\d>/.test(played), `the right arrow played ${played}: towards North's right, as ">" says`);
    checked = true;
    break;
  }
  check(checked, 'a hole with two directions was found and played');
  await waitForHumanTurn(page);
  await page.click('#btn-turn');
  const [a1t, A1t] = [await centre(page, 'a1'), await centre(page, 'A1')];
  check(a1t.y < A1t.y && a1t.x > A1t.x - 1, 'Turn board: North on top again, as South sees it');
  equal(await page.getAttribute('#btn-turn', 'aria-pressed'), 'false', 'and the button is no longer pressed');

  // ---- Item 6: an invited friend sees only what their seat can do.
  await newGame(page, { mode: 'friend' });
  await page.waitForSelector('#invite-dialog[open]');
  const link = await page.$eval('#invite-link', (i) => i.value);
  await page.click('#invite-dialog button[value=close]');
  check(await page.isVisible('#btn-invite'), 'the player who started the game may invite');
  const friend = await env.page({ width: VW, height: VH });
  await friend.goto(link);
  await friend.waitForSelector('#board g.cell');
  await friend.waitForFunction(() => /Waiting for South/.test(document.getElementById('status').textContent));
  check(await friend.isHidden('#btn-invite'), 'the invited friend sees no "Invite a friend"');
  const [fa1, fA1] = [await centre(friend, 'a1'), await centre(friend, 'A1')];
  check(fa1.y > fA1.y, 'and the friend, North, sees the board from North\'s seat');
  await shot(friend, 'friend');

  // ---- Item 8: the server out of reach is said, and retried.
  await friend.context().setOffline(true);
  await friend.click('#btn-new');
  await friend.waitForSelector('#new-dialog[open]');
  await friend.click('#ng-start');
  await friend.waitForSelector('#offline:not([hidden])', { timeout: 10000 });
  equal(await friend.textContent('#offline'), 'Cannot reach the server; retrying…', 'the server out of reach: "Cannot reach the server; retrying…"');
  check(!/Failed to fetch/.test(await friend.evaluate(() => document.body.textContent)), 'no "Failed to fetch" anywhere');
  await shot(friend, 'offline');
  await friend.context().setOffline(false);
  await friend.waitForFunction(() => /The server is back|^$/.test(document.getElementById('offline').textContent) || document.getElementById('offline').hidden, null, { timeout: 15000 });
  check(true, 'once it answers again the page says so by itself');
  equal(page.errors.concat(friend.errors), [], 'no errors in the pages\' consoles');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('seat');
