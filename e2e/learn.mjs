// Browser test of the /learn page: node e2e/learn.mjs <url>.
// Every lesson's board plays its worked case of the rules spec through the server's engine
// and reaches the spec's own diagram; the T5 safari case is stepped lap by lap (the caption
// and the board change together); a case is animated; "Try it" plays a move by clicking
// and the computer answers. The main page links to /learn.
import { appUrl, check, equal, fail, finish, launch, shownBoard } from './lib.mjs';

const url = appUrl('learn.mjs');
const env = await launch();
try {
  const page = await env.page();
  await page.goto(url);
  await page.waitForSelector('#board g.cell');
  await page.click('#nav-learn');
  await page.waitForURL(/\/learn$/);
  check(/Learn Bao/.test(await page.title()), 'the site header\'s "Learn" opens /learn');
  await page.waitForSelector('body[data-loaded="true"]', { timeout: 120000 });
  const lessons = await page.$$eval('.lesson', (ls) => ls.map((l) => ({ id: l.id, game: l.dataset.game, ok: l.dataset.matches })));
  equal(lessons.length, 16, '16 lessons: 11 for Bao la Kiswahili, 5 for Bao Kingulu');
  equal(lessons.filter((l) => l.ok !== 'true').map((l) => l.id), [], 'every case reaches the spec\'s diagram through the engine');
  equal(lessons.map((l) => l.id), ['board', 'namua', 'capture', 'takata', 'tax', 'safari', 'mtaji', 'sixteen', 'takasia', 'hamna', 'nomove',
    'relay', 'firstlap', 'opposite', 'mtoto', 'score'], 'one lesson per rule named in the issue');
  const cites = await page.$$eval('.lesson .cite', (cs) => cs.map((c) => c.textContent));
  check(cites.every((c) => /^Source: worked case T\d+ of docs\/bao-(la-kiswahili|kingulu)\.md/.test(c)), 'every lesson cites its worked case in a small source line');
  const checks = await page.$$eval('.lesson .check', (cs) => cs.map((c) => c.textContent));
  check(checks.every((c) => !/[0-9] \/ [0-9]/.test(c)), 'no raw position text is shown to players');
  check(await page.$$eval('table.profiles', (t) => t.length) === 2, 'the profiles table and Kingulu\'s options are there');

  // Step T5 (safari) lap by lap.
  await page.$eval('#learn-speed', (e) => { e.value = '0'; });
  const sel = '#safari svg';
  let board = await shownBoard(page, sel);
  equal(['A1', 'A2', 'A5'].map((h) => board.holes[h]), [0, 1, 11], 'T5 starts as in the spec: A1 0, A2 1, A5 11');
  check(/Legal moves here: A2> A2>\+/.test(await page.textContent('#safari .caption')), 'its caption lists the legal moves A2> A2>+');
  const seen = [];
  for (let i = 0; i < 3; i++) {
    await page.click('#safari .btn-fwd');
    seen.push(await page.textContent('#safari .caption'));
  }
  check(seen.every((c, i) => i === 0 || c !== seen[i - 1]) && seen.every((c) => /step \d+ of \d+: sows/.test(c)),
    `▶ steps lap by lap, each caption a sowing: ${seen.join(' / ')}`);
  board = await shownBoard(page, sel);
  const step = Number(await page.$eval('#safari', (e) => e.dataset.step));
  check(step > 0, `the board shows step ${step}`);
  await page.focus('#safari .btn-fwd');
  await page.keyboard.press('ArrowLeft');
  check(Number(await page.$eval('#safari', (e) => e.dataset.step)) < step, '← on the lesson steps back');
  for (let i = 0; i < 40; i++) await page.click('#safari .btn-fwd');
  board = await shownBoard(page, sel);
  equal(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'].map((h) => board.holes[h]), [4, 1, 2, 2, 1, 0, 2, 0], 'T5 ends with the spec\'s front row');
  check(/the move is complete/.test(await page.textContent('#safari .caption')), 'and the caption says the move is complete');

  // Animate T2 (Kingulu relay) at fast speed.
  await page.$eval('#learn-speed', (e) => { e.value = '1'; });
  await page.click('#relay .btn-play');
  await page.waitForFunction(() => /the move is complete/.test(document.querySelector('#relay .caption').textContent), null, { timeout: 30000 });
  board = await shownBoard(page, '#relay svg');
  equal(['A1', 'A2', 'A3', 'A4', 'A5', 'A6'].map((h) => board.holes[h]), [6, 6, 2, 7, 0, 6], 'Kingulu T2 animated to the spec\'s result');

  // Try it: play the T4 (opposite capture) position against the computer.
  await page.$eval('#learn-speed', (e) => { e.value = '0'; });
  await page.click('#opposite .btn-try');
  await page.waitForSelector('#opposite.trying #opposite svg .hole.playable, #opposite.trying svg .hole.playable');
  const offered = await page.$$eval('#opposite svg .hole.playable', (hs) => hs.map((h) => h.dataset.hole).sort());
  equal(offered, ['A1', 'A2', 'A4', 'A6'], 'Try it offers the legal moves of T4 (A1 A2 A4 A6)');
  await page.click('#opposite svg g.cell[data-hole="A2"]');
  await page.waitForFunction(() => /^North played a\d\. Your move\.$|Game over/.test(document.querySelector('#opposite .caption').textContent), null, { timeout: 60000 });
  const cap = await page.textContent('#opposite .caption');
  check(/^North played a\d\. Your move\.$|Game over/.test(cap), `the computer answered: "${cap}"`);
  equal(page.errors, [], 'no errors in the page\'s console');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('learn');
