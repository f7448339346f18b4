// Shared pieces of the browser tests: launching Debian's chromium through playwright-core
// (headless, a fresh profile, no network but the app), checks that count failures, and
// reading the board the page shows.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LAUNCH_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The app's URL from the command line (exits with usage otherwise). */
export function appUrl(script) {
  const url = process.argv.slice(2).find((a) => /^https?:/.test(a));
  if (!url) {
    console.error(`usage: node e2e/${script} <url>`);
    process.exit(2);
  }
  return url;
}

let failures = 0;
/** Records one check. */
export function check(cond, what) {
  if (cond) console.log(`ok - ${what}`);
  else {
    failures++;
    console.log(`FAIL - ${what}`);
  }
}
/** Records a check that two values are equal (compared as JSON). */
export function equal(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  check(a === e, a === e ? what : `${what}: expected ${e}, got ${a}`);
}
export function fail(e) {
  failures++;
  console.log(`FAIL - ${e && e.stack ? e.stack : e}`);
}

/**
 * Launches chromium; answers { browser, dir, page(), close }. playwright gives the browser a
 * fresh temporary --user-data-dir of its own, and every page() a new context (its own
 * storage, like another person's browser); `dir` is a scratch folder for files.
 */
export async function launch(viewport = { width: 1280, height: 860 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bao-e2e-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: LAUNCH_ARGS,
  });
  return {
    browser,
    dir,
    /** A new context (its own localStorage: another player's browser) and a page in it. */
    async page(vp = viewport, opts = {}) {
      const ctx = await browser.newContext({ viewport: vp, ...opts });
      const page = await ctx.newPage();
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(String(e)));
      page.on('console', (m) => {
        // The server's Content-Security-Policy (issue 34): any violation fails the run,
        // whether or not the script looks at page.errors.
        if (/Content Security Policy/i.test(m.text())) {
          check(false, `no Content-Security-Policy violation: ${m.text()}`);
        }
        // A 4xx the page handles itself (e.g. 409 while another board moves) is not an error.
        if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.errors.push(m.text());
      });
      return page;
    },
    async close() {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ends the script: prints the summary and exits 0 when every check passed. */
export function finish(name) {
  console.log(failures ? `${failures} check(s) failed` : `all ${name} checks passed`);
  process.exit(failures ? 1 : 0);
}

/** The counts shown on the board, by hole name, and the stores as drawn (North's first). */
export async function shownBoard(page, sel = '#board') {
  return page.evaluate((s) => {
    const holes = {};
    for (const g of document.querySelectorAll(`${s} g.cell`)) holes[g.dataset.hole] = Number(g.querySelector('text.count').textContent);
    const stores = [...document.querySelectorAll(`${s} text.store-count`)].map((t) => Number(t.textContent));
    return { holes, stores };
  }, sel);
}

/** The game id in the page's address. */
export const gameId = (page) => page.evaluate(() => location.hash.slice(1).split(':')[0]);

/** The server's state of the page's game (with the page's seat, if it holds one). */
export async function serverState(page, url) {
  const id = await gameId(page);
  const seat = await page.evaluate((i) => (JSON.parse(localStorage.getItem('bao-seats') || '{}'))[i] || '', id);
  const res = await page.request.get(new URL(`/api/games/${id}`, url).href, { headers: seat ? { 'X-Bao-Seat': seat } : {} });
  return res.json();
}

/** Holes drawn with the playable ring, sorted. */
export const playable = (page, sel = '#board') => page.$$eval(`${sel} .hole.playable`, (hs) => hs.map((h) => h.dataset.hole).sort());

/** Waits until the human may move (or the game is over). */
export async function waitForHumanTurn(page) {
  await page.waitForFunction(() => {
    const st = document.getElementById('status').textContent;
    return /Game over/.test(st) || (/Your move|to move: choose/.test(st) && document.querySelectorAll('#board .hole.playable').length > 0);
  }, null, { timeout: 60000 });
}

/** Sets the page's animation speed (0 instant … 4 very slow). */
export const setSpeed = (page, v) => page.$eval('#speed', (e, x) => { e.value = String(x); e.dispatchEvent(new Event('input')); }, v);

/** Whether the server has seats, saved games and the event stream (docs/web.md). */
export async function serverHasSeats(page, url) {
  const res = await page.request.get(new URL('/api/games', url).href);
  return res.ok();
}
