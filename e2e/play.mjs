// End-to-end test of the bao web board in a real browser (Debian's chromium driven by
// playwright-core). Usage: node e2e/play.mjs <url> [--screenshot <file.png>]
// (or BAO_SCREENSHOT=<file.png>). Exits 0 when every check passes, 1 otherwise.
//
// 1. New game dialog → Bao la Kiswahili against level 1; South's A6> by clicking the hole
//    and the arrow; the computer's reply; the board against the rules (T1) and the server.
// 2. Review: clicking A6> in the move list re-animates it and keeps its explanation (the
//    panel lists its steps, the caption names the step shown); ← steps back a lap, the
//    buttons step move by move, → past the end returns to the game.
// 3. The nyumba (issue 10): after `A6< a5< A3< a5> A8< a7<` the functional nyumba A5 is
//    playable (its ring drawn around the gold border, its accessible name says so), the
//    one-seed namua captures A5< / A5> light both kichwas, and A5> is played by clicking A1.
// 4. Keyboard only: Tab to the board, arrow keys to A6, Enter, Enter on the arrow: A6<.
// 5. T5 (safari) from a loaded record; a Bao Kingulu first move; Kujifunza has no nyumba;
//    the record downloads as a .bao file that names both players; the hint's score;
//    reviewing the last move of a loaded game that ended by repetition (T32) takes its
//    trace from GET .../at/{ply} alone.
import path from 'node:path';
import fs from 'node:fs';
import {
  appUrl, check, equal, fail, finish, launch, shownBoard, serverState, playable, waitForHumanTurn, setSpeed,
  serverHasSeats, gameId,
} from './lib.mjs';

const url = appUrl('play.mjs');
const args = process.argv.slice(2);
const shotIdx = args.indexOf('--screenshot');
const screenshot = shotIdx >= 0 ? args[shotIdx + 1] : process.env.BAO_SCREENSHOT;

const nMoves = (page) => page.$$eval('#move-list .mv[data-ply]', (ms) => ms.length);

async function newGame(page, { game = 'kiswahili', rules = null, level = 1, mode = 'south' } = {}) {
  await page.click('#btn-new');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#ng-game', game);
  if (rules) await page.selectOption('#ng-rules', rules);
  await page.check(`input[name=mode][value=${mode}]`);
  if (mode !== 'humans' && mode !== 'friend') await page.$eval('#ng-level', (e, v) => { e.value = String(v); e.dispatchEvent(new Event('input')); }, level);
  const before = await gameId(page);
  await page.click('#ng-start');
  await page.waitForFunction((b) => location.hash.slice(1) !== b && document.querySelectorAll('#board g.cell').length > 0, before);
}

async function loadRecord(page, dir, name, text) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const before = await gameId(page);
  await page.setInputFiles('#file-load', file);
  await page.waitForFunction((b) => location.hash.slice(1) !== b, before);
  await waitForHumanTurn(page);
}

const env = await launch();
try {
  const page = await env.page();
  await page.goto(url);
  await page.waitForSelector('#board g.cell');
  check(await page.title() !== '', 'page loads and draws a board');
  check(await serverHasSeats(page, url), 'the server lists its games (GET /api/games)');

  // ---- 0. The level slider: each level's measured strength over level 1 (not a rating).
  await page.click('#btn-new');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#ng-game', 'kiswahili');
  await page.check('input[name=mode][value=south]');
  const meta = await page.evaluate(() => fetch('/api/meta').then((r) => r.json()));
  const level = async (n) => {
    await page.$eval('#ng-level', (e, v) => { e.value = String(v); e.dispatchEvent(new Event('input')); }, n);
    return page.textContent('#ng-level-value');
  };
  const l1 = await level(1);
  equal(l1, '1 (the baseline): takes the move that looks best right now (1 ply), misses 50% of captures', 'level 1 is the baseline, not "≈ 0 Elo"');
  const elo7 = meta.levels.find((l) => l.level === 7).elo.kiswahili;
  const l7 = await level(7);
  check(typeof elo7 === 'number' && elo7 > 0 && l7.startsWith(`7 (+${elo7} Elo over level 1): `), `level 7 says its Elo over level 1: "${l7}"`);
  const elo10 = meta.levels.find((l) => l.level === 10).elo.kiswahili;
  equal(await level(10), `10 (+${elo10} Elo over level 1): searches 3.0 s a move, with the learned network`,
    'level 10 says that it scores with the learned network');
  await page.click('#new-dialog button[value=cancel]');

  // ---- 1. A game against the computer, by clicking.
  await newGame(page, { level: 1 });
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move (South)'));
  await setSpeed(page, 1);
  let shown = await shownBoard(page);
  equal(Object.keys(shown.holes).length, 32, 'Bao la Kiswahili board has 4×8 holes');
  equal(['b8', 'a5', 'a6', 'a7', 'A5', 'A6', 'A7', 'B1'].map((h) => shown.holes[h]), [0, 6, 2, 2, 6, 2, 2, 0],
    'start position (K-§1.7): nyumba 6, two holes of 2 on each side');
  equal(shown.stores, [22, 22], 'both stores hold 22');
  equal(await page.$$eval('#board rect.hole.nyumba', (rs) => rs.map((r) => r.dataset.hole).sort()), ['A5', 'a5'],
    'the two nyumba are drawn square');
  equal(await playable(page), ['A6', 'A7'], 'only the legal start holes A6, A7 are offered (T1)');
  equal(await page.$$eval('#board .halo.playable', (hs) => hs.length), 2, 'each playable hole has its green ring');
  check(/namua/.test(await page.textContent('#status')), 'the status names the namua stage');
  const north = await page.$eval('#game-info dd[data-key="North"]', (e) => e.textContent);
  equal(north, 'computer, level 1', 'the game card says who plays North: "computer, level 1"');

  await page.click('#board g.cell[data-hole="A6"]');
  equal(await page.$$eval('#board polygon.arrow', (as) => as.map((a) => a.dataset.dir).sort()), ['left', 'right'],
    'clicking A6 offers two direction arrows');
  equal(await page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => b.dataset.move)), ['A6<', 'A6>'],
    'and two choice buttons A6<, A6>');
  await page.click('#board polygon.arrow[data-dir="right"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 3, null, { timeout: 60000 });
  await waitForHumanTurn(page);
  const moves = await page.$$eval('#move-list .mv[data-ply]', (ms) => ms.map((m) => m.textContent));
  equal(moves[1], 'A6>', 'the move list starts with South\'s A6>');
  check(/^a[67][<>]$/.test(moves[2]), `North replied with a legal namua move: ${moves[2]}`);
  shown = await shownBoard(page);
  equal(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'B8'].map((h) => shown.holes[h]), [0, 0, 0, 0, 6, 0, 3, 1, 1],
    'South\'s holes after A6> (T1: A6 cw)');
  equal(shown.stores, [21, 21], 'each side entered one seed: stores 21 and 21');
  let state = await serverState(page, url);
  equal(shown.holes, Object.fromEntries(state.board.rows.flat().map((c) => [c.name, c.seeds])), 'the board shows exactly the server\'s position');
  equal(state.history.map((h) => h.text), moves.slice(1), 'the move list matches the server\'s history');
  // The last move's explanation stays after its animation.
  const steps = await page.$$eval('#explain .steps li', (ls) => ls.length);
  check(steps >= 3, `the explanation panel keeps the last move's ${steps} steps after the animation`);
  check(/^1… a[67][<>] \(North\)/.test(await page.textContent('#explain h2')), 'and it is North\'s reply, numbered as in the move list');
  const lastMark = await page.$$eval('#board g.cell polygon.last-from', (ps) => ps.map((p) => p.closest('g.cell').dataset.hole));
  equal(lastMark, [moves[2].slice(0, 2)], 'the last-move marker is drawn on the hole the last move started from');

  // ---- 2. Review an earlier move: re-animated, explained, stepped.
  await page.click('#move-list .mv[data-ply="1"]');
  await page.waitForSelector('#review-bar:not([hidden])');
  await page.waitForFunction(() => /^1:(\d+):\1$/.test(document.getElementById('board-area').dataset.view || ''), null, { timeout: 20000 });
  const panel = await page.$$eval('#explain .steps li', (ls) => ls.map((l) => l.textContent));
  check(panel.length >= 3 && /sow/.test(panel.join(' ')), `the reviewed move A6> is explained step by step: ${panel.join(' | ')}`);
  check(/^1\. A6> \(South\)/.test(await page.textContent('#explain h2')), 'the panel is about South\'s A6>');
  shown = await shownBoard(page);
  equal(['a5', 'a6', 'a7', 'A6', 'A7'].map((h) => shown.holes[h]), [6, 2, 2, 0, 3], 'after the replay it shows the board after A6>');
  equal(shown.stores, [22, 21], 'with North\'s 22 seeds still in store');
  const captionEnd = await page.textContent('#caption');
  const currentEnd = await page.textContent('#explain .steps li.current');
  check(captionEnd.includes(currentEnd), `the caption belongs to the board shown: "${captionEnd}"`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => !/^1:(\d+):\1$/.test(document.getElementById('board-area').dataset.view || ''));
  const view = await page.$eval('#board-area', (e) => e.dataset.view);
  const [, k] = view.split(':').map(Number);
  const captionBack = await page.textContent('#caption');
  const currentBack = await page.textContent('#explain .steps li.current');
  check(captionBack.includes(`step ${k} of`) && captionBack.includes(currentBack), `← steps back a lap, caption and panel agree: "${captionBack}"`);
  shown = await shownBoard(page);
  const sowFrame = await page.$eval('#explain .steps li.current', (l) => l.dataset.kind);
  equal(sowFrame, 'sow', 'a lap step lands on a sowing');
  await page.click('#btn-move-prev');
  await page.waitForFunction(() => /start position/.test(document.getElementById('review-text').textContent));
  shown = await shownBoard(page);
  equal(shown.stores, [22, 22], 'the previous-move button steps back to the start position');
  await page.keyboard.press('Shift+ArrowRight');
  await page.waitForFunction(() => /^1:/.test(document.getElementById('board-area').dataset.view || ''));
  await page.click('#btn-move-next');
  await page.waitForSelector('#review-bar[hidden]', { state: 'attached' });
  shown = await shownBoard(page);
  equal(shown.stores, [21, 21], 'the next-move button onto the last move returns to the game');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => /^2:/.test(document.getElementById('board-area').dataset.view || ''));
  check(/North's move 1… a[67][<>], step \d+ of/.test(await page.textContent('#caption')), '← from the game steps back into the last move');
  await page.keyboard.press('End');
  await page.waitForSelector('#review-bar[hidden]', { state: 'attached' });
  check(await page.$$eval('#board .hole.playable', (h) => h.length) > 0, 'and the board is playable again');

  // Hint: in a player's words; the server's score (the number) behind a toggle.
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('caption').textContent), null, { timeout: 60000 });
  const hintText = await page.textContent('#caption');
  check(/ — (The game is about even|A small edge for (South|North)|(South|North) is ahead by about \w+ seeds?|(South|North) wins with best play|A draw with best play)\.$/.test(hintText), `the hint speaks a player's words: "${hintText}"`);
  check(!/depth|side to move/.test(hintText), `and not the engine's: "${hintText}"`);
  const number = await page.textContent('#hint-details');
  check(/seeds for the side to move \(depth \d+\)|in \d+ pl(y|ies)/.test(number), `the number is behind a toggle: "${number}"`);
  equal(await page.$$eval('#board .halo.hint', (h) => h.length), 1, 'the hinted hole has the pink ring');

  // Download: a .bao file whose record names both players.
  const dl = await page.$eval('#btn-download', (a) => ({ name: a.getAttribute('download'), href: a.href }));
  check(/^game-.+\.bao$/.test(dl.name), `the download is named ${dl.name}`);
  const rec = await (await page.request.get(dl.href)).text();
  const roles = rec.split('\n').filter((l) => /^\[(South|North) /.test(l)).join(' ');
  check(/\[South "[^"]+"\]/.test(rec) && /\[North "bao level 1"\]/.test(rec), `the record names the players: ${roles}`);
  if (screenshot) {
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`screenshot saved to ${screenshot}`);
  }

  // ---- 3. The functional nyumba and one-seed namua captures (issue 10).
  await loadRecord(page, env.dir, 'nyumba.bao', '[Game "kiswahili"]\n\n1. A6< a5< 2. A3< a5> 3. A8< a7< *\n');
  equal(await playable(page), ['A3', 'A5'], 'after A6< a5< A3< a5> A8< a7< both A3 and the nyumba A5 are playable');
  equal(await page.$$eval('#board g.cell[data-hole="A5"] .halo.playable', (h) => h.length), 1, 'A5 has its green ring around the gold border');
  equal(await page.$eval('#board g.cell[data-hole="A5"]', (g) => g.getAttribute('aria-label')), 'A5, nyumba, 9 seeds, playable',
    'A5\'s accessible name');
  await page.click('#board g.cell[data-hole="A5"]');
  // Issue 21: the choice between the one-seed captures A5< / A5> is the kichwa the seeds
  // are sown from, made at the kichwa (both lit), and said in words.
  equal(await page.$$eval('#board .halo.choice', (hs) => hs.map((h) => h.closest('g.cell').dataset.hole).sort()), ['A1', 'A8'],
    'the one-seed captures A5< / A5> light both kichwas');
  equal(await page.$$eval('#board polygon.arrow', (as) => as.length), 0, 'with no direction arrow beside A5');
  equal(await page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => [b.dataset.move, b.textContent.split(' (')[0]])),
    [['A5<', 'A5<: sow from the kichwa A8, your right end'], ['A5>', 'A5>: sow from the kichwa A1, your left end']], 'and both buttons say it in words');
  await setSpeed(page, 0);
  await page.click('#board g.cell.choice[data-hole="A1"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 7);
  state = await serverState(page, url);
  equal(state.history[6].text, 'A5>', 'a click on the kichwa A1 played A5> (the capture sown from kichwa A1)');

  // ---- 4. A move by keyboard alone.
  await newGame(page, { level: 1 });
  await waitForHumanTurn(page);
  await page.focus('#btn-new');
  let inBoard = false;
  for (let i = 0; i < 20 && !inBoard; i++) {
    await page.keyboard.press('Tab');
    inBoard = await page.evaluate(() => !!document.activeElement.closest('#board'));
  }
  check(inBoard, 'Tab reaches the board');
  const focused = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  check(/^A6, 2 seeds, playable$/.test(focused), `the focused hole has an accessible name: "${focused}"`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const arrowFocus = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  equal(arrowFocus, 'A6: sow towards the left', 'Enter on A6 offers the arrows, the first one focused');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 2);
  state = await serverState(page, url);
  equal(state.history[0].text, 'A6<', 'Enter on the arrow played A6<');
  // After the computer's reply the focus is on a playable hole: Enter plays on.
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 3, null, { timeout: 60000 });
  await waitForHumanTurn(page);
  await page.waitForFunction(() => / playable$/.test(document.activeElement.getAttribute('aria-label') || ''));
  check(true, `after the reply the focus is on a playable hole: "${await page.evaluate(() => document.activeElement.getAttribute('aria-label'))}"`);
  await page.keyboard.press('Enter');
  if (await page.$('#board polygon.arrow, #choices button[data-move]')) await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 4, null, { timeout: 60000 });
  state = await serverState(page, url);
  check(state.history.length >= 3 && state.history[0].side === 'South' && state.history[2].side === 'South',
    `a second move by keyboard alone: ${state.history.map((h) => h.text).join(' ')}`);

  // ---- 5. T5 from a record: safari versus stop.
  await loadRecord(page, env.dir, 't5.bao', '[Game "kiswahili"]\n[Setup "1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / '
    + '0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ; S=12 N=12 ; house S+ N+ ; South ; takasia -"]\n\n*\n');
  equal(await playable(page), ['A2'], 'T5: only A2 can be played');
  await page.click('#board g.cell[data-hole="A2"]');
  equal(await page.$$eval('#board polygon.arrow', (as) => as.length), 0, 'no arrows: both moves sow from kichwa A1 to the right');
  equal(await page.$$eval('#choices button[data-move]', (bs) => bs.map((b) => b.dataset.move)), ['A2>', 'A2>+'],
    'T5: a button to stop at the nyumba and one for safari');
  await page.click('#choices button[data-move="A2>+"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 2);
  await page.click('#move-list .mv[data-ply="1"]');
  await page.waitForFunction(() => /^1:(\d+):\1$/.test(document.getElementById('board-area').dataset.view || ''));
  shown = await shownBoard(page);
  equal(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8']
    .map((h) => shown.holes[h]), [4, 1, 2, 2, 1, 0, 2, 0, 0, 4, 0, 2, 5, 2, 0, 2], 'T5 after A2>+: South\'s rows as in the spec');
  equal(await page.$$eval('#board rect.hole.lost-nyumba', (rs) => rs.map((r) => r.dataset.hole)), ['A5'], 'South\'s nyumba is drawn as lost');
  const safariSteps = await page.$$eval('#explain .steps li', (ls) => ls.map((l) => l.dataset.kind));
  check(safariSteps.includes('safari') && safariSteps.filter((x) => x === 'capture').length === 2,
    `the explanation names the safari and both captures: ${safariSteps.join(' ')}`);
  await page.click('#btn-live');

  // ---- T10: a move that ends the game (bao hamna), at instant speed: the caption still
  // belongs to the board shown.
  await setSpeed(page, 0);
  await loadRecord(page, env.dir, 't10.bao', '[Game "kiswahili"]\n[Setup "1 1 1 1 1 1 1 1 / 0 0 0 0 7 0 1 0 / '
    + '0 0 2 0 1 0 1 0 / 22 0 0 0 0 0 0 22 ; S=0 N=0 ; house S- N- ; South ; takasia -"]\n\n*\n');
  await page.click('#board g.cell[data-hole="A3"]');
  await page.waitForFunction(() => /Game over/.test(document.getElementById('status').textContent));
  check(/bao hamna/.test(await page.textContent('#status')), 'T10: the game is over, bao hamna');
  await page.waitForFunction(() => /South wins/.test(document.getElementById('caption').textContent), null, { timeout: 5000 }).catch(() => {});
  check(/^South's move 1\. A3>, step \d+ of \d+: .*South wins/.test(await page.textContent('#caption')), `the caption tells the last step: "${await page.textContent('#caption')}"`);
  equal(await page.$$eval('#choices button', (bs) => bs.map((b) => b.textContent)), ['New game…', 'Review from the start'], 'a new game or a review is offered');

  // ---- Bao Kingulu: 2×6, one click plays a pit; its help speaks of neither kichwa nor safari.
  await newGame(page, { game: 'kingulu', level: 1 });
  await waitForHumanTurn(page);
  shown = await shownBoard(page);
  equal(Object.keys(shown.holes).length, 12, 'Bao Kingulu board has 2×6 pits');
  equal(await playable(page), ['A3', 'A4', 'A5', 'A6'], 'the legal pits A3..A6 are offered (G-R7)');
  const help = await page.textContent('#help');
  check(!/kichwa|safari/i.test(help), 'Kingulu\'s "How to play" mentions neither kichwa nor safari');
  await page.click('#board g.cell[data-hole="A3"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 3, null, { timeout: 60000 });
  await waitForHumanTurn(page);
  const kstate = await serverState(page, url);
  shown = await shownBoard(page);
  equal(kstate.history[0].text, 'A3', 'Kingulu: the move list starts with A3');
  equal(shown.holes, Object.fromEntries(kstate.board.rows.flat().map((c) => [c.name, c.seeds])), 'Kingulu: the board shows the server\'s position');

  // ---- A loaded game that ended by repetition (G-R15, Bao Kingulu T32): reviewing its
  // last move, never played on this page, takes the trace from the server's GET .../at/4
  // (traced from the game's own line), with no scratch game loaded.
  const asked = [];
  const onRequest = (r) => { if (r.url().includes('/api/')) asked.push(`${r.method()} ${new URL(r.url()).pathname.replace(/\/games\/[^/]+/, '/games/ID')}`); };
  page.on('request', onRequest);
  const t32 = path.join(env.dir, 't32.bao');
  fs.writeFileSync(t32, '[Game "kingulu"]\n[Setup "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South"]\n\n1. A6 a6 2. A6 a6\n');
  const beforeT32 = await gameId(page);
  await page.setInputFiles('#file-load', t32);
  await page.waitForFunction((b) => location.hash.slice(1) !== b, beforeT32);
  await page.waitForFunction(() => /Game over/.test(document.getElementById('status').textContent));
  check(/third time/.test(await page.textContent('#status')), `T32: the game is over by repetition: "${await page.textContent('#status')}"`);
  asked.length = 0;
  await page.click('#move-list .mv[data-ply="4"]');
  await page.waitForFunction(() => /^4:(\d+):\1$/.test(document.getElementById('board-area').dataset.view || ''), null, { timeout: 20000 });
  check(/^2… a6 \(North\)/.test(await page.textContent('#explain h2')), `the review explains North's a6: "${await page.textContent('#explain h2')}"`);
  const t32Steps = await page.$$eval('#explain .steps li', (ls) => ls.map((l) => l.dataset.kind));
  check(t32Steps.length >= 3 && t32Steps.includes('sow'), `with its steps: ${t32Steps.join(' ')}`);
  // The trace of the last move was already fetched for the Explanation panel on loading.
  // (The saved games list, refreshed once a load settles, may be asked meanwhile: it is
  // neither a trace nor a game.)
  const traced = asked.filter((a) => a !== 'GET /api/games');
  check(traced.every((a) => a === 'GET /api/games/ID/at/4') && traced.length <= 1, `at most one request for the trace, no scratch game: ${JSON.stringify(asked)}`);
  page.off('request', onRequest);
  await page.click('#btn-live');

  // ---- Kujifunza: no nyumba drawn; two people on one screen: no level shown.
  await newGame(page, { rules: 'kujifunza', mode: 'humans' });
  equal(await page.$$eval('#board rect.hole', (r) => r.length), 0, 'the Kujifunza board draws no nyumba');
  const info = await page.textContent('#game-info');
  check(!/level/i.test(info), 'a game of two people shows no computer level');

  equal(page.errors, [], 'no errors in the page\'s console');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('browser');
