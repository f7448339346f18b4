// End-to-end test of the Oracle switch (docs/web.md) in a real browser. Usage:
// node e2e/oracle.mjs <url> (BAO_SCREENSHOT=<file.png>: a screenshot with the switch on). Exits 0 when every check passes, 1 otherwise.
//
// A late Bao Kingulu position loaded from a record (South to move, North wins in 8 plies
// whatever South plays; A6 keeps South to 22 seeds, A1 to 20): with the switch on both
// playable pits are coloured as losses, tagged L8, named in their accessible names with
// their margins, and the legend says what the colours mean; off, the colours go. At the
// Bao Kingulu start every playable pit gets the colour of its exact value (the opening
// book holds the start's children, docs/solved.md).
import path from 'node:path';
import fs from 'node:fs';
import { appUrl, check, equal, fail, finish, gameId, launch, waitForHumanTurn } from './lib.mjs';

const url = appUrl('oracle.mjs');
const LATE = '[Game "kingulu"]\n[Setup "0 0 1 0 2 1 / 1 0 0 2 0 1 ; S=20 N=20 ; South"]\n[Result "*"]\n\n*\n';

const oracleOf = (page) => page.$$eval('#board .hole[data-oracle]', (hs) => hs.map((h) => `${h.dataset.hole}:${h.dataset.oracle}`).sort());
const tags = (page) => page.$$eval('#board text.oracle-tag', (ts) => ts.map((t) => t.textContent).sort());
const solved = (page) => page.waitForFunction(() => document.getElementById('oracle-legend').dataset.state === 'done', null, { timeout: 30000 });

const env = await launch();
try {
  const page = await env.page();
  await page.goto(url);
  await page.waitForSelector('#board g.cell');
  const file = path.join(env.dir, 'late.bao');
  fs.writeFileSync(file, LATE);
  await page.setInputFiles('#file-load', file);
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Bao Kingulu');
  await waitForHumanTurn(page);
  check(await page.isHidden('#oracle-legend'), 'the oracle legend is hidden while the switch is off');
  equal(await oracleOf(page), [], 'no hole is coloured while the switch is off');

  await page.check('#oracle-toggle');
  await solved(page);
  equal(await oracleOf(page), ['A1:loss', 'A6:loss'], 'both playable pits are coloured as losses');
  equal(await tags(page), ['L8', 'L8'], 'each is tagged L8 (loss in 8 plies)');
  const a6 = await page.$eval('#board g.cell[data-hole="A6"]', (g) => g.getAttribute('aria-label'));
  check(a6.includes('oracle: loss in 8 (South 22–26)'), `A6's accessible name gives its value and margin: "${a6}"`);
  const legend = await page.textContent('#oracle-legend');
  check(/win in n.*draw.*loss in n.*not proven/.test(legend), `the legend names the colours: "${legend}"`);
  equal(await page.$eval('#board .hole.oracle-loss', (h) => getComputedStyle(h).fill), 'rgb(163, 38, 42)', 'a loss is drawn red');

  if (process.env.BAO_SCREENSHOT) await page.screenshot({ path: process.env.BAO_SCREENSHOT, fullPage: true });
  await page.uncheck('#oracle-toggle');
  equal(await oracleOf(page), [], 'switched off, the colours go');
  check(await page.isHidden('#oracle-legend'), 'and so does the legend');

  // The start: every playable pit coloured by its exact value.
  await page.check('#oracle-toggle');
  await page.click('#btn-new');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#ng-game', 'kingulu');
  await page.check('input[name=mode][value=south]');
  const before = await gameId(page);
  await page.click('#ng-start');
  await page.waitForFunction((b) => location.hash.slice(1).split(':')[0] !== b, before);
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move (South)'));
  await solved(page);
  const start = await oracleOf(page);
  equal(start.map((s) => s.split(':')[0]), ['A3', 'A4', 'A5', 'A6'], 'at the start the four playable pits are coloured');
  equal(start.map((s) => s.split(':')[1]), ['win', 'loss', 'loss', 'loss'],
    'each with its exact value: A3 wins, the others lose');
  equal(await tags(page), ['L20', 'L23', 'L25', 'W29'], 'tagged with their plies: A4 L20, A5 L23, A6 L25, A3 W29');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('oracle');
