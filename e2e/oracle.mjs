// End-to-end test of the Oracle switch (docs/web.md) in a real browser. Usage:
// node e2e/oracle.mjs <url> (BAO_SCREENSHOT=<file.png>: a screenshot with the switch on). Exits 0 when every check passes, 1 otherwise.
//
// A late Bao Kingulu position loaded from a record (South to move, North wins in 8 plies
// whatever South plays; A6 keeps South to 22 seeds, A1 to 20): with the switch on both
// playable pits are coloured as losses, tagged L8, named in their accessible names with
// their margins, and the legend says what the colours mean; off, the colours go. At the
// Bao Kingulu start every playable pit gets the colour of its exact value (the opening
// book holds the start's children, docs/solved.md). After A3 and the reply, reviewing move
// 1 while the oracle solves: no colours, the legend says the oracle is for the game's
// position, the status line gives the review text throughout the replay; back in the game
// the values show.
import path from 'node:path';
import fs from 'node:fs';
import { appUrl, check, equal, fail, finish, gameId, launch, playable, setSpeed, waitForHumanTurn } from './lib.mjs';

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
  // The values (A1, A6: loss in 8; South 20–28, 22–26) are certified by the rules-only
  // checker in crates/bao-engine/tests/solve.rs (the_oracle_and_hint_values_are_certified).
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

  // Reviewing a past move (docs/web.md "Oracle"): no hole is coloured, the legend says the
  // oracle is for the game's current position (no spinner), and the status line gives the
  // review text from the replay's first step, also when the oracle's answer for the game
  // arrives during the replay (held back here until the replay runs).
  let release;
  const held = new Promise((r) => { release = r; });
  let asks = 0;
  await page.route('**/api/games/*/oracle', async (route) => { asks++; await held; await route.continue(); });
  await setSpeed(page, 1);
  await page.click('#board g.cell[data-hole="A3"]');
  await page.waitForSelector('#move-list .mv[data-ply="2"]', { timeout: 60000 });
  await waitForHumanTurn(page);
  await page.waitForFunction(() => document.getElementById('oracle-legend').dataset.state === 'solving');
  equal(asks, 1, 'after A3 and the reply the page asks the oracle once (its answer held back)');
  check((await page.textContent('#oracle-legend')).endsWith('solving (at most 2 s)…'), 'the legend says it is solving');
  await page.evaluate(() => {
    window.statusSeen = [];
    const st = document.getElementById('status');
    new MutationObserver(() => window.statusSeen.push(st.textContent)).observe(st, { childList: true, characterData: true, subtree: true });
  });
  await page.click('#move-list .mv[data-ply="1"]');
  await page.waitForSelector('#btn-skip:not([disabled])'); // the replay runs
  const REVIEW = 'Looking at move 1. A3 (of 1) — Back to the game (Escape) to play on';
  equal(await page.textContent('#status'), REVIEW, 'the replay starts with the review text in the status line');
  const answered = page.waitForResponse((r) => /\/oracle$/.test(r.url()));
  release();
  await answered;
  await page.waitForTimeout(100);
  check(await page.$eval('#btn-skip', (b) => !b.disabled), 'the oracle\'s answer arrived during the replay');
  equal(await page.textContent('#status'), REVIEW, 'and the status line still gives the review text');
  await page.waitForFunction(() => /^1:(\d+):\1$/.test(document.getElementById('board-area').dataset.view || ''), null, { timeout: 20000 });
  const seen = await page.evaluate(() => window.statusSeen);
  check(seen.length > 0 && seen.every((t) => t === REVIEW), `every status line of the review is the review text: ${JSON.stringify([...new Set(seen)])}`);
  equal(await page.$eval('#oracle-legend', (l) => l.dataset.state), 'review', 'the legend is in its review state, not solving');
  const note = await page.textContent('#oracle-legend');
  check(note.endsWith('— it shows the game\'s current position only: back to the game (Escape) to see the values.'), `the legend says what the oracle shows: "${note}"`);
  equal(await oracleOf(page), [], 'no hole of the reviewed position is coloured');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#review-bar[hidden]', { state: 'attached' });
  equal(await page.$eval('#oracle-legend', (l) => l.dataset.state), 'done', 'back in the game the legend has the values (no new request)');
  equal(asks, 1, 'the answer that came during the review is used');
  const back = await oracleOf(page);
  equal(back.map((x) => x.split(':')[0]), await playable(page), 'every playable pit is coloured again');
  check(back.every((x) => /:(win|draw|loss|unknown)$/.test(x)), `with a value: ${back.join(' ')}`);
  equal(page.errors, [], 'no errors in the page\'s console');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('oracle');
