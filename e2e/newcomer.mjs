// A newcomer's first minutes on the game page, in a real browser (the defects of a trial):
// node e2e/newcomer.mjs <url>. Exits 0 when every check passes, 1 otherwise.
//
// 1. A signed-out visitor: no request of the page's own answers 4xx or 5xx and the console
//    stays clean on the game page, the lobby, /learn and /puzzles (GET /api/me says
//    `{"signed_in": false}` instead of a 401).
// 2. The game card reads naturally: "South  you", "North  computer, level 5",
//    "Stage  namua" (not "South (you)" under "South", nor "namua stage" under "Stage"), in
//    English and in Kiswahili.
// 3. Load record…: a text that is no record shows the server's error; a good record then
//    hides it at once, and its caption "Loaded nyumba.bao: 3 moves (6 plies)." stays once
//    the last move's explanation has arrived, until the player reviews a move.
// 4. A file larger than /api/meta's body_limit, or one that is not text (a NUL byte, not
//    UTF-8), is refused in a sentence for players, without a request (English, Kiswahili).
import path from 'node:path';
import fs from 'node:fs';
import { appUrl, check, equal, fail, finish, launch, gameId } from './lib.mjs';

const url = appUrl('newcomer.mjs');
const at = (p) => new URL(p, url).href;

/** The game card's rows as { key: [label, value] } (the dd's data-key). */
const card = (page) => page.$$eval('#game-info dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.key, [d.previousElementSibling.textContent, d.textContent]])));

const errorShown = (page) => page.evaluate(() => {
  const e = document.getElementById('error');
  return e && !e.hidden ? e.textContent : null;
});

const env = await launch();
try {
  // ---- 1. Signed out: nothing fails on any page.
  const page = await env.page();
  const failed = [];
  const consoleErrors = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`); });
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  for (const p of ['/lobby', '/learn', '/puzzles', '/']) {
    await page.goto(at(p));
    await page.waitForSelector('#nav-sign-in'); // GET /api/me has answered
    await page.waitForTimeout(1000); // the page's other first requests
  }
  await page.waitForSelector('#board g.cell');
  equal(failed, [], 'a signed-out visitor\'s pages get no 4xx or 5xx answer');
  equal(consoleErrors, [], 'and log no console error (no 401 of GET /api/me)');
  page.removeAllListeners('response');
  const me = await page.evaluate(() => fetch('/api/me').then(async (r) => [r.status, await r.json()]));
  equal(me, [200, { name: null, signed_in: false }], 'GET /api/me answers a signed-out visitor 200 {"signed_in": false}');

  // ---- 2. The game card (a bare visit: you as South against the computer, level 5).
  await page.waitForSelector('#game-info dd[data-key="South"]');
  const c = await card(page);
  equal([c.South, c.North, c.Stage], [['South', 'you'], ['North', 'computer, level 5'], ['Stage', 'namua']],
    'the card says "South you", "North computer, level 5", "Stage namua": no word twice');
  const sw = await env.page();
  await sw.goto(at('/?lang=sw'));
  await sw.waitForSelector('#game-info dd[data-key="South"]');
  const cs = await card(sw);
  equal([cs.South, cs.North, cs.Stage], [['Kusini', 'wewe'], ['Kaskazini', 'kompyuta, kiwango 5'], ['Awamu', 'namua']],
    'and in Kiswahili "Kusini wewe", "Kaskazini kompyuta, kiwango 5", "Awamu namua"');

  // ---- 3. A failed load, then a good one.
  const loads = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/games/load') loads.push(r.method()); });
  const file = (name, data) => {
    const f = path.join(env.dir, name);
    fs.writeFileSync(f, data);
    return f;
  };
  await page.setInputFiles('#file-load', file('notes.txt', 'shopping: rice, beans\n'));
  await page.waitForFunction(() => { const e = document.getElementById('error'); return e && !e.hidden; });
  const bad = await errorShown(page);
  check(/not (look like )?a game record|is not a/i.test(bad), `a text that is no record is refused: "${bad}"`);
  const before = await gameId(page);
  await page.setInputFiles('#file-load', file('nyumba.bao', '[Game "kiswahili"]\n\n1. A6< a5< 2. A3< a5> 3. A8< a7< *\n'));
  await page.waitForFunction((b) => location.hash.slice(1) !== b, before);
  equal(await errorShown(page), null, 'a good load hides the earlier file\'s error at once');
  const loaded = 'Loaded nyumba.bao: 3 moves (6 plies).';
  equal(await page.textContent('#caption'), loaded, 'the caption says what was loaded');
  // The last move's trace arrives for the Explanation panel (explainLast); the caption stays.
  await page.waitForFunction(() => /a7</.test((document.querySelector('#explain h2') || {}).textContent || ''), null, { timeout: 20000 });
  await page.waitForTimeout(500);
  equal(await page.textContent('#caption'), loaded, 'and still says it once the last move is explained');
  // Reviewing a move is the player's next action: back in the game, the last move's caption.
  await page.click('#move-list .mv[data-ply="6"]');
  await page.waitForFunction(() => /^6:(\d+):\1$/.test(document.getElementById('board-area').dataset.view || ''), null, { timeout: 20000 });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('board-area').dataset.state === 'idle');
  const after = await page.textContent('#caption');
  check(after !== loaded && /a7</.test(after), `after a review the caption describes the last move again: "${after}"`);

  // ---- 4. Too large, and not text: refused on the page, in words, with no request.
  loads.length = 0;
  const limit = (await page.evaluate(() => fetch('/api/meta').then((r) => r.json()))).body_limit;
  equal(limit, 65536, 'the server takes bodies up to 64 KiB (/api/meta body_limit)');
  const id = await gameId(page);
  const refused = async (name, data) => {
    await page.evaluate(() => { document.getElementById('error') && (document.getElementById('error').hidden = true); });
    await page.setInputFiles('#file-load', file(name, data));
    await page.waitForFunction(() => { const e = document.getElementById('error'); return e && !e.hidden; });
    return errorShown(page);
  };
  equal(await refused('big.bao', `[Game "kiswahili"]\n\n${'1. A6< a5< '.repeat(7000)}\n`),
    'big.bao is too large to be a game record (at most 64 KiB).', 'a file over the limit is refused in words');
  // UTF-16 is valid UTF-8 byte for byte (ASCII and NULs): the NUL bytes tell it.
  equal(await refused('utf16.bao', Buffer.from('[Game "kiswahili"]\n\n*\n', 'utf16le')),
    'utf16.bao is not a text file, so it is not a game record.', 'a file with NUL bytes is refused as not text');
  equal(await refused('photo.bao', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
    'photo.bao is not a text file, so it is not a game record.', 'a binary file (a PNG\'s header) is refused as not text');
  equal(await refused('latin1.bao', Buffer.from('[Event "Caf\xe9"]\n', 'latin1')),
    'latin1.bao is not a text file, so it is not a game record.', 'a file that is not UTF-8 is refused as not text');
  equal(loads, [], 'none of them was sent to the server');
  equal(await gameId(page), id, 'and the game on the board stays');
  // The Kiswahili page says it in Kiswahili.
  await sw.setInputFiles('#file-load', file('kubwa.bao', 'x'.repeat(70000)));
  await sw.waitForFunction(() => { const e = document.getElementById('error'); return e && !e.hidden; });
  equal(await errorShown(sw), 'Faili kubwa.bao ni kubwa mno kuwa kumbukumbu ya mchezo (isizidi KiB 64).', 'and in Kiswahili');

  // (The refused text's 4xx is the one "Failed to load resource" the browser logs.)
  equal(consoleErrors.filter((m) => !/Failed to load resource/.test(m)), [], 'no other console error on the page throughout');
  equal(page.errors, [], 'no errors in the page');
  if (process.env.BAO_SCREENSHOT) await page.screenshot({ path: process.env.BAO_SCREENSHOT });
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('newcomer');
