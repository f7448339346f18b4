// End-to-end test of the web tutor (docs/analysis.md "The tutor", docs/web.md) in a real
// browser. Usage: node e2e/tutor.mjs <url> (BAO_SCREENSHOT=<file.png>: the dialog).
//
// At the Bao Kingulu start with the Tutor switch on, A4 (a proven loss in 20, the opening
// book; A3 wins in 29) opens the tutor's dialog, which names A3 and rings A3 on the board;
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
  equal(text, 'A4 is a blunder: A4 loses (loss in 20 plies, South 19–29); A3 wins (win in 29 plies, South 26–22). The dashed ring on the board marks A3.',
    'the tutor says what A4 costs and names A3');
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
  check(await page.$('#board .tutor-ring') === null, 'and the ring is gone');

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
