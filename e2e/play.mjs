// End-to-end test of the bao web app in a real browser (Debian's chromium driven by
// playwright-core). Usage: node e2e/play.mjs <url> [--screenshot <file.png>]
// (or BAO_SCREENSHOT=<file.png>). Exits 0 when every check passes, 1 otherwise.
//
// It opens the page, starts a Bao la Kiswahili game against the computer (level 1) in the
// New game dialog, plays South's A6> by clicking the hole and the direction arrow, waits
// for the computer's reply, checks the board against the rules and the server, checks
// the move list and reviews the first move, then plays two more moves by clicking.
// Finally it loads a record (T5 of the spec) through "Load record…", chooses safari among
// the two moves of hole A2 and checks the board after it against the spec. Last, it starts
// a Bao Kingulu game, plays A3 with one click and checks the 2×6 board after the reply.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const url = args.find((a) => /^https?:/.test(a));
const shotIdx = args.indexOf('--screenshot');
const screenshot = shotIdx >= 0 ? args[shotIdx + 1] : process.env.BAO_SCREENSHOT;
if (!url) {
  console.error('usage: node e2e/play.mjs <url> [--screenshot file.png]');
  process.exit(2);
}

const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bao-e2e-'));
const launchArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

let failures = 0;
function check(cond, what) {
  if (cond) {
    console.log(`ok - ${what}`);
  } else {
    failures++;
    console.log(`FAIL - ${what}`);
  }
}
function equal(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  check(a === e, a === e ? what : `${what}: expected ${e}, got ${a}`);
}

// The counts shown on the board, by hole name, and the two stores.
async function shownBoard(page) {
  return page.evaluate(() => {
    const holes = {};
    for (const g of document.querySelectorAll('#board g.cell')) {
      holes[g.dataset.hole] = Number(g.querySelector('text.count').textContent);
    }
    const stores = [...document.querySelectorAll('#board text.store-count')].map((t) => Number(t.textContent));
    return { holes, stores }; // stores as drawn: North's first, then South's
  });
}

async function serverState(page) {
  const id = await page.evaluate(() => location.hash.slice(1));
  const res = await page.request.get(new URL(`/api/games/${id}`, url).href);
  return res.json();
}

async function waitForHumanTurn(page) {
  await page.waitForFunction(() => /Your move|Game over/.test(document.getElementById('status').textContent)
    && document.querySelectorAll('#board .hole.playable').length + (/Game over/.test(document.getElementById('status').textContent) ? 1 : 0) > 0,
  null, { timeout: 60000 });
}

// Plays the first offered move by clicking: the hole, then an arrow or a choice button.
async function clickSomeMove(page) {
  const hole = await page.$('#board g.cell:has(.hole.playable)');
  const name = await hole.getAttribute('data-hole');
  await hole.click();
  const arrow = await page.$('#board polygon.arrow');
  if (arrow) {
    await arrow.click();
  }
  const choice = await page.$('#choices button[data-move]');
  if (choice) await choice.click();
  return name;
}

const browser = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  args: launchArgs,
  viewport: { width: 1280, height: 860 },
});
try {
  const page = browser.pages()[0] || await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });

  await page.goto(url);
  await page.waitForSelector('#board g.cell');
  check(await page.title() !== '', 'page loads and draws a board');

  // New game dialog: Bao la Kiswahili, default profile, level 1, human plays South.
  await page.click('#btn-new');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#ng-game', 'kiswahili');
  const profiles = await page.$$eval('#ng-rules option', (os) => os.map((o) => o.value));
  check(profiles.length >= 1, `rules profiles offered: ${profiles.join(', ')}`);
  await page.$eval('#ng-level', (e) => { e.value = '1'; e.dispatchEvent(new Event('input')); });
  await page.check('input[name=mode][value=south]');
  await page.click('#ng-start');
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move (South)'));
  // Fast animation, so that the test sees it but does not wait long.
  await page.$eval('#speed', (e) => { e.value = '1'; e.dispatchEvent(new Event('input')); });

  let shown = await shownBoard(page);
  equal(Object.keys(shown.holes).length, 32, 'Bao la Kiswahili board has 4×8 holes');
  equal(['b8', 'a5', 'a6', 'a7', 'A5', 'A6', 'A7', 'B1'].map((h) => shown.holes[h]), [0, 6, 2, 2, 6, 2, 2, 0],
    'start position (K-§1.7): nyumba 6, two holes of 2 on each side');
  equal(shown.stores, [22, 22], 'both stores hold 22');
  equal(await page.$$eval('#board rect.hole.nyumba', (rs) => rs.map((r) => r.dataset.hole).sort()), ['A5', 'a5'],
    'the two nyumba are drawn square');
  equal(await page.$$eval('#board .hole.playable', (hs) => hs.map((h) => h.dataset.hole).sort()), ['A6', 'A7'],
    'only the legal start holes A6, A7 are offered (T1)');
  const status = await page.textContent('#status');
  check(/namua/.test(status), `status names the stage: "${status}"`);

  // Play A6> by clicking: the hole, then the right arrow.
  await page.click('#board g.cell[data-hole="A6"]');
  const dirs = await page.$$eval('#board polygon.arrow', (as) => as.map((a) => a.dataset.dir).sort());
  equal(dirs, ['left', 'right'], 'clicking A6 offers two direction arrows');
  const labels = await page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => b.dataset.move));
  equal(labels, ['A6<', 'A6>'], 'and two choice buttons A6<, A6>');
  await page.click('#board polygon.arrow[data-dir="right"]');

  // The computer (North) answers; then it is South's turn again.
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 3, null, { timeout: 60000 });
  await waitForHumanTurn(page);
  const moves = await page.$$eval('#move-list .mv[data-ply]', (ms) => ms.map((m) => m.textContent));
  equal(moves[1], 'A6>', 'the move list starts with South\'s A6>');
  check(/^a[67][<>]$/.test(moves[2]), `North replied with a legal namua move: ${moves[2]}`);
  equal(moves.length, 3, 'the move list holds start, A6> and the reply');

  shown = await shownBoard(page);
  // After A6>: a seed enters A6 (3), which is sown A7 A8 B8 (K-R6.6 takata).
  equal(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'B8'].map((h) => shown.holes[h]), [0, 0, 0, 0, 6, 0, 3, 1, 1],
    'South\'s holes after A6>');
  equal(shown.stores, [21, 21], 'each side entered one seed: stores 21 and 21');
  const total = Object.values(shown.holes).reduce((a, b) => a + b, 0) + shown.stores[0] + shown.stores[1];
  equal(total, 64, 'seeds on the board plus stores = 64');
  const state = await serverState(page);
  const serverHoles = Object.fromEntries(state.board.rows.flat().map((c) => [c.name, c.seeds]));
  equal(shown.holes, serverHoles, 'the board shows exactly the server\'s position');
  equal(state.history.map((h) => h.text), moves.slice(1), 'the move list matches the server\'s history');

  // Review: click A6> in the move list to see the board before North's reply.
  await page.click('#move-list .mv[data-ply="1"]');
  await page.waitForSelector('#review-bar:not([hidden])');
  shown = await shownBoard(page);
  equal(['a5', 'a6', 'a7', 'A6', 'A7'].map((h) => shown.holes[h]), [6, 2, 2, 0, 3], 'review shows the board after A6>');
  equal(shown.stores, [22, 21], 'with North\'s 22 seeds still in store');
  await page.click('#btn-prev');
  await page.waitForFunction(() => /start position/.test(document.getElementById('review-text').textContent));
  shown = await shownBoard(page);
  equal(shown.stores, [22, 22], '◀ steps back to the start position');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /ply 1 of 2/.test(document.getElementById('review-text').textContent));
  await page.click('#btn-next');
  await page.waitForSelector('#review-bar[hidden]', { state: 'attached' });
  shown = await shownBoard(page);
  equal(shown.stores, [21, 21], '→ then ▶ past the last move return to the game');

  // Two more moves by clicking, for a game in progress.
  for (let i = 0; i < 2; i++) {
    await waitForHumanTurn(page);
    if (/Game over/.test(await page.textContent('#status'))) break;
    const before = await page.$$eval('#move-list .mv[data-ply]', (ms) => ms.length);
    const from = await clickSomeMove(page);
    await page.waitForFunction((n) => document.querySelectorAll('#move-list .mv[data-ply]').length >= n + 2
      || /Game over/.test(document.getElementById('status').textContent), before, { timeout: 60000 });
    console.log(`played from ${from}`);
  }
  await waitForHumanTurn(page);
  const final = await serverState(page);
  shown = await shownBoard(page);
  equal(shown.holes, Object.fromEntries(final.board.rows.flat().map((c) => [c.name, c.seeds])),
    `after ${final.history.length} moves the board still shows the server's position`);
  check(final.history.length >= 5, `at least 5 moves played (${final.history.map((h) => h.text).join(' ')})`);
  if (screenshot) {
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`screenshot saved to ${screenshot}`);
  }

  // Load a record (T5 of the spec) and choose safari: same hole, same kichwa, two moves.
  const recordFile = path.join(userDataDir, 't5.txt');
  fs.writeFileSync(recordFile, '[Game "kiswahili"]\n[Setup "1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / '
    + '0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ; S=12 N=12 ; house S+ N+ ; South ; takasia -"]\n\n*\n');
  await page.setInputFiles('#file-load', recordFile);
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length === 1
    && /Your move/.test(document.getElementById('status').textContent));
  equal(await page.$$eval('#board .hole.playable', (hs) => hs.map((h) => h.dataset.hole)), ['A2'],
    'T5: only A2 can be played');
  await page.click('#board g.cell[data-hole="A2"]');
  equal(await page.$$eval('#board polygon.arrow', (as) => as.length), 0,
    'no arrows: both moves sow from kichwa A1 to the right');
  const t5 = await page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => b.textContent));
  equal(t5, ['→ A2>: captures 5 from a7, sown from kichwa A1, stops at the nyumba',
    '→ A2>+: captures 5 from a7, 2 captures in all, sown from kichwa A1, safari, 9 laps'],
  'T5: a button to stop at the nyumba and one for safari');
  await page.$eval('#speed', (e) => { e.value = '0'; e.dispatchEvent(new Event('input')); });
  await page.click('#choices button[data-move="A2>+"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 2);
  await page.click('#move-list .mv[data-ply="1"]');
  await page.waitForSelector('#review-bar:not([hidden])');
  shown = await shownBoard(page);
  equal(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8']
    .map((h) => shown.holes[h]), [4, 1, 2, 2, 1, 0, 2, 0, 0, 4, 0, 2, 5, 2, 0, 2],
  'T5 after A2>+: South\'s rows as in the spec');
  equal(await page.$$eval('#board rect.hole.lost-nyumba', (rs) => rs.map((r) => r.dataset.hole)), ['A5'],
    'South\'s nyumba is drawn as lost');
  await page.click('#btn-live');

  // Bao Kingulu: a 2×6 board; one click plays a pit; the computer replies.
  await page.click('#btn-new');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#ng-game', 'kingulu');
  await page.$eval('#ng-level', (e) => { e.value = '1'; e.dispatchEvent(new Event('input')); });
  await page.check('input[name=mode][value=south]');
  await page.click('#ng-start');
  await page.waitForFunction(() => document.title === 'Bao — Bao Kingulu'
    && /Your move/.test(document.getElementById('status').textContent));
  shown = await shownBoard(page);
  equal(Object.keys(shown.holes).length, 12, 'Bao Kingulu board has 2×6 pits');
  check(Object.values(shown.holes).every((n) => n === 4), 'every pit holds 4 seeds (G4)');
  equal(await page.$$eval('#board .hole.playable', (hs) => hs.map((h) => h.dataset.hole)), ['A3', 'A4', 'A5', 'A6'],
    'the legal pits A3..A6 are offered (A1, A2 would relay out of the own row on the first lap, G-R7)');
  await page.click('#board g.cell[data-hole="A3"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 3, null, { timeout: 60000 });
  await waitForHumanTurn(page);
  const k = await serverState(page);
  shown = await shownBoard(page);
  equal(k.history.map((h) => h.text)[0], 'A3', 'Kingulu: the move list starts with A3');
  equal(shown.holes, Object.fromEntries(k.board.rows.flat().map((c) => [c.name, c.seeds])),
    'Kingulu: the board shows the server\'s position');
  equal(shown.stores, [k.board.stores[1], k.board.stores[0]], 'Kingulu: the stores too');

  equal(errors, [], 'no errors in the page\'s console');
} catch (e) {
  failures++;
  console.log(`FAIL - ${e && e.stack ? e.stack : e}`);
} finally {
  await browser.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
console.log(failures ? `${failures} check(s) failed` : 'all browser checks passed');
process.exit(failures ? 1 : 0);
