// End-to-end test of "Analyse this game" (docs/analysis.md, docs/web.md "Analysis") in a
// real browser. Usage: node e2e/analysis.mjs <url> (BAO_SCREENSHOT=<file.png>: a screenshot
// of the graph, the marks and the best-move arrow). Exits 0 when every check passes.
//
// A 40-move Bao la Kiswahili game (e2e/data/kiswahili-40.bao, two depth-2 engines) is
// loaded, the button starts the analysis, its progress shows, then the evaluation graph is
// drawn above the move list, the moves the report classes inaccuracy/mistake/blunder carry
// ?!, ?, ?? in the list (as many as the report has), and a click on a blunder's point in
// the graph reviews that move with the best move named and drawn as an arrow on the board.
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appUrl, check, equal, fail, finish, launch } from './lib.mjs';

const url = appUrl('analysis.mjs');
const here = path.dirname(fileURLToPath(import.meta.url));
const RECORD = fs.readFileSync(path.join(here, 'data', 'kiswahili-40.bao'), 'utf8');

/** Ply `ply` of the report's moves as the move list numbers it: a South move opens a
 * number, North's reply shares it ("6. A3<", "6… a7>"). */
function listName(moves, ply) {
  let n = 0;
  let inRow = 0;
  for (const m of moves.slice(0, ply)) {
    if (n === 0 || m.side === 'South' || inRow >= 2) {
      n++;
      inRow = 0;
    }
    inRow++;
  }
  const m = moves[ply - 1];
  return `${n}${m.side === 'South' ? '.' : '…'} ${m.move}`;
}

const env = await launch();
try {
  const page = await env.page();
  await page.goto(url);
  await page.waitForSelector('#board g.cell');
  const file = path.join(env.dir, 'game.bao');
  fs.writeFileSync(file, RECORD);
  await page.setInputFiles('#file-load', file);
  await page.waitForFunction(() => document.querySelectorAll('#move-list button.mv[data-ply]').length === 81, null, { timeout: 30000 });
  await page.waitForSelector('#btn-analyse');
  check(await page.isVisible('#btn-analyse'), 'the "Analyse this game" button shows');
  await page.click('#btn-analyse');
  await page.waitForFunction(() => /Analys/.test(document.getElementById('analysis-status').textContent), null, { timeout: 10000 });
  await page.waitForSelector('#analysis-graph svg .eval-line', { timeout: 180000 });
  const status = await page.textContent('#analysis-status');
  check(/^Accuracy: South \d+\.\d, North \d+\.\d/.test(status), `the accuracy shows: "${status}"`);

  // The report as the API gives it (the page's own seat).
  const report = await page.evaluate(async () => {
    const id = location.hash.slice(1).split(':')[0];
    const seats = JSON.parse(localStorage.getItem('bao-seats') || '{}');
    const r = await fetch(`/api/games/${id}/analysis`, { headers: { 'X-Bao-Seat': seats[id] || '' } });
    return r.json();
  });
  equal(report.moves.length, 80, 'the report values all 80 plies');
  const marked = report.moves.filter((m) => ['inaccuracy', 'mistake', 'blunder'].includes(m.class));
  check(marked.length > 0, `the report finds mistakes (${marked.length})`);
  const listMarks = await page.$$eval('#move-list button.mv .mark', (ms) => ms.map((m) => m.textContent));
  equal(listMarks.length, marked.length, 'every inaccuracy, mistake and blunder is marked in the move list');
  const want = marked.map((m) => ({ inaccuracy: '?!', mistake: '?', blunder: '??' })[m.class]);
  equal(listMarks, want, 'with ?!, ? and ?? in order');
  const graphMarks = await page.$$eval('#analysis-graph circle.eval-mark', (cs) => cs.length);
  equal(graphMarks, marked.length, 'and as points on the graph');

  // A blunder whose best move is another: review it by clicking its point.
  const b = marked.find((m) => m.class === 'blunder' && m.best !== m.move) || marked[0];
  await page.click(`#analysis-graph rect.eval-hit[data-ply="${b.ply}"]`);
  await page.waitForFunction((p) => {
    const cur = document.querySelector('#move-list button.mv.current');
    return cur && cur.dataset.ply === String(p);
  }, b.ply, { timeout: 10000 });
  await page.waitForSelector('#board .best-arrow', { timeout: 10000 });
  const hole = b.best.match(/^[A-Za-z]+\d+/)[0];
  const label = await page.textContent('#board .best-arrow .best-label');
  equal(label, `best ${b.best}`, 'the board names the best move');
  // The label hides no hole's name (nor count): it stands outside the board's frame, on
  // the mover's line, clear of the mover's name.
  const cover = await page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const meet = (p, q) => p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
    const l = box(document.querySelector('#board .best-label'));
    const hit = [...document.querySelectorAll('#board g.cell')].filter((g) => meet(l, box(g))).map((g) => g.dataset.hole);
    const sides = [...document.querySelectorAll('#board text.side-label')].filter((t) => meet(l, box(t))).length;
    const frame = box(document.querySelector('#board rect.board-bg'));
    const svg = box(document.getElementById('board'));
    return { hit, sides, outside: l.top >= frame.bottom || l.bottom <= frame.top, inSvg: l.left >= svg.left && l.right <= svg.right && l.top >= svg.top && l.bottom <= svg.bottom };
  });
  equal(cover, { hit: [], sides: 0, outside: true, inSvg: true }, 'the label covers no hole, name or player line and stays on the board drawing');
  const line = await page.textContent('#analysis-best');
  check(line.includes(`best was ${b.best}`), `the card says what the best move was: "${line}"`);
  // One numbering: the move list's ("6. A3<", "6… a7>"), not plies.
  const name = listName(report.moves, b.ply);
  const listTitle = await page.getAttribute(`#move-list button.mv[data-ply="${b.ply}"]`, 'title');
  check(listTitle.startsWith(`${b.side}'s move ${name}:`), `the move list names ply ${b.ply} "${name}": "${listTitle}"`);
  const mark = { inaccuracy: '?!', mistake: '?', blunder: '??' }[b.class];
  check(line.startsWith(`${name}${mark ? ` ${mark}` : ''} (${b.class}, `), `the card names the move as the list does: "${line}"`);
  const tip = await page.textContent(`#analysis-graph rect.eval-hit[data-ply="${b.ply}"] title`);
  check(tip.startsWith(`${name}${mark ? ` ${mark}` : ''} (${b.side}): `), `the graph's point names it so too: "${tip}"`);
  const north = report.moves.find((m) => m.side === 'North');
  const northTip = await page.textContent(`#analysis-graph rect.eval-hit[data-ply="${north.ply}"] title`);
  check(northTip.startsWith(`${listName(report.moves, north.ply)}`) && /^\d+… /.test(northTip), `a North move is "N… m": "${northTip}"`);
  const near = await page.evaluate((h) => {
    const ring = document.querySelector('#board .best-ring').getBBox();
    const g = document.querySelector(`#board g.cell[data-hole="${h}"]`).getBBox();
    const cx = (r) => r.x + r.width / 2;
    return Math.abs(cx(ring) - cx(g)) < 2;
  }, hole);
  check(near, `the arrow starts at ${hole}`);
  if (/[<>]$/.test(b.best.replace(/[+*]/g, ''))) check(await page.$('#board .best-line') !== null, 'with an arrow in its direction');
  // Issue 34 item 12: the arrow leaves the seed count of its hole readable.
  const covers = await page.evaluate((h) => {
    const line = document.querySelector('#board .best-line');
    const count = document.querySelector(`#board g.cell[data-hole="${h}"] text.count`);
    if (!line || !count) return false;
    const a = line.getBoundingClientRect();
    const c = count.getBoundingClientRect();
    return a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
  }, hole);
  check(!covers, `the arrow does not cover ${hole}'s seed count`);
  if (process.env.BAO_SCREENSHOT) await page.screenshot({ path: process.env.BAO_SCREENSHOT, fullPage: false });
  // The best move played out lap by lap beside the move played.
  check(await page.isVisible('#btn-play-best'), 'a button plays the best move out');
  await page.click('#btn-play-best');
  await page.waitForFunction((b) => document.getElementById('board-area').dataset.best === b, b.best, { timeout: 30000 });
  const cap = await page.textContent('#caption');
  check(cap.includes(`${b.best} (the best move instead of ${b.move})`) && cap.includes('the move is complete'),
    `the caption follows the best move to its end: "${cap}"`);
  equal(page.errors, [], 'no script errors');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('analysis');
