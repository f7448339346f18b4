// End-to-end test of the web tutor (docs/analysis.md "The tutor", docs/web.md) in a real
// browser. Usage: node e2e/tutor.mjs <url> (BAO_SCREENSHOT=<file.png>: the dialog).
//
// At the Bao Kingulu start with the Tutor switch on, A4 (a proven loss in 20, the opening
// book; A3 wins in 29) opens the tutor's dialog, which says so in a player's words (the
// numbers behind a toggle), names A3 and draws its arrow on the board;
// "Choose again" plays nothing; A3 then passes without a word and is played.
import { appUrl, check, equal, fail, finish, gameId, launch, waitForHumanTurn } from './lib.mjs';

const url = appUrl('tutor.mjs');
const env = await launch();
try {
  const page = await env.page();
  await page.goto(url);
  await page.waitForSelector('#board g.cell');
  await page.waitForSelector('#tutor-toggle', { state: 'attached' });
  await page.click('#btn-new');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#ng-game', 'kingulu');
  await page.check('input[name=mode][value=south]');
  const before = await gameId(page);
  await page.click('#ng-start');
  await page.waitForFunction((b) => location.hash.slice(1).split(':')[0] !== b, before);
  await waitForHumanTurn(page);
  await page.check('#tutor-toggle');

  await page.click('#board g.cell[data-hole="A4"]');
  await page.waitForSelector('#tutor-dialog[open]', { timeout: 30000 });
  const text = await page.textContent('#tutor-text');
  equal(text, 'A4 is a blunder: after it, North wins by ten seeds with best play. After A3, South wins by four seeds with best play. The arrow on the board shows A3.',
    'the tutor says what A4 costs in a player\'s words and names A3');
  equal(await page.textContent('#tutor-details'), 'The numbersA4 is a blunder: A4 loses (loss in 20 plies, South 19–29); A3 wins (win in 29 plies, South 26–22).',
    'the numbers are behind a toggle');
  // The arrow of A3 points the way its sowing goes on the screen (the state's move's `dir`).
  const a3 = await page.evaluate(() => fetch(`/api/games/${location.hash.slice(1).split(':')[0]}`).then((r) => r.json()).then((s) => s.moves.find((m) => m.text === 'A3')));
  const arrow = await page.evaluate(() => {
    const a = document.querySelector('#board .tutor-arrow');
    const h = document.querySelector('#board g.cell[data-hole="A3"]').getBBox();
    if (!a) return null;
    const b = a.getBBox();
    return { move: a.dataset.move, dir: a.dataset.dir, right: b.x + b.width / 2 > h.x + h.width / 2 };
  });
  equal(arrow, { move: 'A3', dir: a3.dir, right: a3.dir === 'right' }, `the tutor draws A3's arrow (${a3.dir}) from its hole`);
  const ringAt = await page.evaluate(() => {
    const r = document.querySelector('#board .tutor-ring');
    if (!r) return null;
    const b = r.getBBox();
    for (const g of document.querySelectorAll('#board g.cell')) {
      const c = g.getBBox();
      if (Math.abs(c.x + c.width / 2 - (b.x + b.width / 2)) < 2 && Math.abs(c.y + c.height / 2 - (b.y + b.height / 2)) < 2) return g.dataset.hole;
    }
    return '?';
  });
  equal(ringAt, 'A3', 'the better move is ringed on the board');
  if (process.env.BAO_SCREENSHOT) await page.screenshot({ path: process.env.BAO_SCREENSHOT });
  await page.click('#tutor-again');
  await page.waitForSelector('#tutor-dialog:not([open])', { state: 'attached' });
  await page.waitForTimeout(300);
  equal(await page.$$eval('#move-list .mv[data-ply]', (b) => b.length), 1, 'Choose again: no move was played (only the start in the list)');
  check(await page.$('#board .tutor-ring') === null && await page.$('#board .tutor-arrow') === null, 'and the ring and arrow are gone');

  await page.click('#board g.cell[data-hole="A3"]');
  await page.waitForSelector('#move-list .mv[data-ply="1"]', { timeout: 30000 });
  check(await page.$('#tutor-dialog[open]') === null, 'A3 (the winning move) is played without a warning');
  equal(page.errors, [], 'no script errors');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('tutor');
