// Development helper (issue 29): the screenshots to look at before calling a language
// done: node e2e/i18n-shots.mjs <url> [lang, default sw] [out-dir, default /tmp]. The
// board after a move with its explanation, the lobby signed in, a finished game's analysis
// and a /learn lesson, each at 1280×800 and at 390×844: /tmp/i18n-<what>-<desktop|phone>.png.
import { appUrl, launch, playable, setSpeed } from './lib.mjs';

const url = appUrl('i18n-shots.mjs');
const args = process.argv.slice(2).filter((a) => !/^https?:/.test(a));
const lang = args[0] || 'sw';
const out = args[1] || '/tmp';
const at = (p) => new URL(`${p}${p.includes('?') ? '&' : '?'}lang=${lang}`, url).href;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const env = await launch();

async function myTurn(page) {
  await page.waitForFunction(() => document.querySelectorAll('#board .hole.playable').length > 0
    && !document.querySelector('#status .thinking'), null, { timeout: 60000 });
}

async function playOne(page) {
  await myTurn(page);
  const holes = await playable(page);
  await page.click(`#board g.cell[data-hole="${holes[0]}"]`);
  const choice = await page.$('#choices button[data-move]');
  if (choice) await choice.click();
}

try {
  for (const [size, vp] of Object.entries(SIZES)) {
    const page = await env.page(vp, size === 'phone' ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {});
    page.on('pageerror', (e) => console.log('pageerror', String(e)));
    // The board after a move and the reply.
    await page.goto(at('/'));
    await page.waitForSelector('#board .hole.playable');
    await setSpeed(page, 0);
    await playOne(page);
    await page.waitForSelector('#move-list .mv[data-ply="2"]', { timeout: 60000 });
    await myTurn(page);
    await page.screenshot({ path: `${out}/i18n-board-${size}.png`, fullPage: size === 'phone' });
    // A finished game (resigned after two moves of each) and its analysis.
    await playOne(page);
    await page.waitForSelector('#move-list .mv[data-ply="4"]', { timeout: 60000 });
    await myTurn(page);
    page.once('dialog', (d) => d.accept());
    if (!(await page.isVisible('#btn-resign'))) await page.click('#btn-menu');
    await page.click('#btn-resign');
    await page.waitForSelector('#status.over');
    await page.click('#btn-analyse');
    await page.waitForFunction(() => document.querySelector('#analysis-graph svg'), null, { timeout: 60000 });
    await page.click('#move-list .mv[data-ply="2"]');
    await page.waitForSelector('#review-bar:not([hidden])');
    await page.waitForTimeout(300);
    if (size === 'phone') await page.$eval('#analysis-card', (e) => e.scrollIntoView());
    await page.screenshot({ path: `${out}/i18n-analysis-${size}.png`, fullPage: size === 'desktop' });
    // The lobby, signed in.
    await page.evaluate((n) => fetch('/api/accounts', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: n, password: `password of ${n}` }),
    }), `amina${size}`);
    await page.goto(at('/lobby'));
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${out}/i18n-lobby-${size}.png`, fullPage: true });
    // A /learn lesson.
    await page.goto(at('/learn#capture'));
    await page.waitForFunction(() => document.querySelector('#capture') && document.querySelector('#capture').dataset.matches, null, { timeout: 60000 });
    await page.$eval('#capture', (e) => e.scrollIntoView());
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/i18n-learn-${size}.png` });
    console.log('saved', size);
  }
} catch (e) {
  console.log('FAIL', e.stack || e);
} finally {
  await env.close();
}
