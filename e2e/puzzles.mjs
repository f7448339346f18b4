// End-to-end test of the puzzles page (docs/web.md) in a real browser. Usage:
// node e2e/puzzles.mjs <url> (BAO_SCREENSHOT=<file.png>: a screenshot after a solved
// puzzle). Exits 0 when every check passes, 1 otherwise.
//
// Bao Kingulu puzzle 14 (South A5, the only win in 4): a wrong move (A6) is judged wrong,
// the streak stays 0, the solution line is listed and animated to its end; "Next puzzle"
// opens 15, solved with its solution: right, streak 1. After a reload the streak is still
// 1 (localStorage). The hint gives the theme. Bao la Kiswahili puzzle 2 (North a2<): a2
// has two moves, chosen with the buttons under the board, and the puzzle is drawn from
// North's seat (Turn board pressed, the buttons "← a2<" and "→ a2>" as the notation has
// them; turned back, the screen's arrows); solved, its game's streak is 1;
// "Show the solution" on the next one ends it.
import { appUrl, check, equal, fail, finish, launch, playable, setSpeed } from './lib.mjs';

const url = appUrl('puzzles.mjs');
const text = (page, sel) => page.textContent(sel);
const done = (page, n) => page.waitForFunction((k) => document.getElementById('board-area').dataset.done === String(k), n, { timeout: 60000 });
const opened = (page, key) => page.waitForFunction((k) => document.getElementById('board-area').dataset.puzzle === k, key, { timeout: 30000 });

const env = await launch();
try {
  const page = await env.page();
  await page.goto(new URL('/puzzles?game=kingulu&n=14', url).href);
  await opened(page, 'kingulu:14');
  await page.waitForSelector('#board g.cell');
  equal(await text(page, '#pz-task'), 'South to move: find the only move that wins (a win in 4 plies).', 'the task is shown');
  equal(await text(page, '#pz-heading'), 'Puzzle 14 of 120 · difficulty 2 of 5', 'the heading names the puzzle');
  equal(await playable(page), ['A1', 'A5', 'A6'], 'the legal moves are playable');
  check(await page.isHidden('#pz-replay'), 'no replay button before the answer');
  await page.click('#pz-hint');
  equal(await text(page, '#pz-hint-text'), 'Hint: the theme is capture.', 'the hint gives the theme');
  await setSpeed(page, 1);
  await page.click('#board g.cell[data-hole="A6"]');
  equal(await text(page, '#pz-verdict'), 'Wrong: A6 does not win: with best play it draws or loses. The solution is A5: it is the only winning move: a win in 4 plies.', 'a wrong move is judged wrong');
  equal(await text(page, '#pz-streak'), '0', 'the streak stays 0');
  equal(await page.$$eval('#pz-line li', (ls) => ls.length), 4, 'the solution line has its 4 moves');
  equal(await playable(page), [], 'no more moves are taken');
  await done(page, 14);
  check((await text(page, '#caption')).startsWith("North's move 2… a6, step "), `the animation ends on the last move of the line, numbered as a move list does: "${await text(page, '#caption')}"`);
  equal(await text(page, '#pz-end'), 'South wins: the seeds were counted, South 26–22.', 'how the line ends');
  check(await page.isVisible('#pz-replay'), 'the solution can be replayed');

  await page.click('#pz-next');
  await opened(page, 'kingulu:15');
  const p15 = await page.evaluate(() => fetch('/api/puzzles/kingulu/15').then((r) => r.json()));
  await page.click(`#board g.cell[data-hole="${p15.moves.find((m) => m.text === p15.solution).from}"]`);
  check((await text(page, '#pz-verdict')).startsWith(`Right! ${p15.solution}: `), 'the solution is judged right');
  equal(await text(page, '#pz-streak'), '1', 'the streak is 1');
  if (process.env.BAO_SCREENSHOT) {
    await done(page, 15);
    await page.screenshot({ path: process.env.BAO_SCREENSHOT, fullPage: true });
  }
  await page.reload();
  await opened(page, 'kingulu:15');
  equal(await text(page, '#pz-streak'), '1', 'the streak is kept in the browser');
  equal(await text(page, '#pz-solved'), '1', 'and the puzzles solved');

  await page.selectOption('#pz-game', 'kiswahili');
  await opened(page, 'kiswahili:1');
  await page.goto(new URL('/puzzles?game=kiswahili&n=2', url).href);
  await opened(page, 'kiswahili:2');
  equal(await text(page, '#pz-streak'), '0', 'each game has its own streak');
  // North's puzzle is drawn from North's seat (North's rows at the bottom, a1 on the left),
  // Turn board pressed; its arrows and buttons agree with the notation (`<`: the mover's left).
  const centre = (hole) => page.$eval(`#board g.cell[data-hole="${hole}"] .hole`, (h) => { const r = h.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
  const [pa1, pa8, pA1] = [await centre('a1'), await centre('a8'), await centre('A1')];
  check(pa1.y > pA1.y && pa1.x < pa8.x, `North's puzzle is drawn from North's seat: a1 below A1 and left of a8 (${JSON.stringify([pa1, pa8, pA1])})`);
  equal(await page.getAttribute('#btn-turn', 'aria-pressed'), 'true', 'the puzzle\'s board is turned (Turn board pressed)');
  await page.click('#board g.cell[data-hole="a2"]');
  const buttons = await page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => b.dataset.move).sort());
  equal(buttons, ['a2<', 'a2>'], 'a hole with two moves offers both');
  const arrowsOf = () => page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => b.textContent.slice(0, 5)).sort());
  equal(await arrowsOf(), ['← a2<', '→ a2>'], 'the buttons\' arrows agree with the notation');
  const c2 = await centre('a2');
  const left = await page.$eval('#board polygon.arrow[data-dir="left"]', (a) => { const r = a.getBoundingClientRect(); return r.x + r.width / 2; });
  check(left < c2.x, 'the left arrow is on the hole\'s left');
  await page.click('#btn-turn');
  equal(await page.getAttribute('#btn-turn', 'aria-pressed'), 'false', 'Turn board turns it back');
  const [ta1, tA1] = [await centre('a1'), await centre('A1')];
  check(ta1.y < tA1.y, 'turned: North\'s rows on top');
  await page.click('#board g.cell[data-hole="a2"]');
  equal(await arrowsOf(), ['← a2>', '→ a2<'], 'turned, the arrows are the screen\'s (North\'s left is the screen\'s right)');
  await page.click('#btn-turn');
  await page.click('#board g.cell[data-hole="a2"]');
  await page.click('#choices button[data-move="a2<"]');
  check((await text(page, '#pz-verdict')).startsWith('Right! a2<: it is the only move that wins within 5 plies'), 'the Kiswahili solution is right');
  equal(await text(page, '#pz-streak'), '1', 'its streak is 1');
  await page.click('#pz-next');
  await opened(page, 'kiswahili:3');
  await page.click('#pz-solution');
  check((await text(page, '#pz-verdict')).startsWith('The solution is '), 'giving up shows the solution');
  equal(await text(page, '#pz-streak'), '0', 'and ends the streak');
  equal(await text(page, '#pz-best'), '1', 'the best streak stays');
  equal(page.errors, [], 'no errors in the page');
} catch (e) {
  fail(e);
}
await env.close();
finish('puzzles');
