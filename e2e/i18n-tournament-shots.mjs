// Development helper (issue 29, part 3a): the screenshots of the tournaments pages and
// /live to look at in a language: node e2e/i18n-tournament-shots.mjs <url> [lang, default
// sw] [out-dir, default /tmp]. A fresh server's data: amina organises a Swiss of two
// rounds with the engines bao-1 … bao-3 and starts it, and a double round robin starting
// in 30 minutes. The tournaments list, the running tournament (amina's view) and /live,
// each at 1280×800 and 390×844: /tmp/i18n-t-<what>-<desktop|phone>.png.
import { appUrl, launch } from './lib.mjs';

const url = appUrl('i18n-tournament-shots.mjs');
const args = process.argv.slice(2).filter((a) => !/^https?:/.test(a));
const lang = args[0] || 'sw';
const out = args[1] || '/tmp';
const at = (p) => new URL(`${p}${p.includes('?') ? '&' : '?'}lang=${lang}`, url).href;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function call(page, method, path, body) {
  return page.evaluate(async ([m, p, b]) => {
    const r = await fetch(p, { method: m, headers: b ? { 'content-type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined });
    return { status: r.status, json: await r.json().catch(() => null) };
  }, [method, path, body]);
}

const env = await launch();
try {
  const setup = await env.page();
  await setup.goto(at('/lobby'));
  const name = `amina${Date.now() % 100000}`;
  await call(setup, 'POST', '/api/accounts', { name, password: `password of ${name}` });
  const days = { days_per_move: 3 };
  const made = await call(setup, 'POST', '/api/tournaments', { name: 'Swiss ya klabu, Ijumaa', game: 'kiswahili', format: 'swiss', rounds: 2, clock: days, rated: true });
  const id = made.json.id;
  for (const p of [undefined, 'bao-1', 'bao-2', 'bao-3']) await call(setup, 'POST', `/api/tournaments/${id}/join`, p ? { player: p } : undefined);
  await call(setup, 'POST', `/api/tournaments/${id}/start`);
  const soon = new Date(Date.now() + 30 * 60000).toISOString();
  await call(setup, 'POST', '/api/tournaments', { name: 'Pwani', game: 'kingulu', format: 'round-robin', cycles: 2, games_per_pairing: 2, clock: { initial_s: 300, increment_s: 3 }, rated: false, starts_at: soon });
  await call(setup, 'POST', '/api/challenges', { game: 'kingulu', clock: days, opponent: 'bao-4' });
  const cookies = await setup.context().cookies();
  for (const [size, vp] of Object.entries(SIZES)) {
    const page = await env.page(vp, size === 'phone' ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {});
    await page.context().addCookies(cookies);
    page.on('pageerror', (e) => console.log('pageerror', String(e)));
    for (const [what, path] of [['tournaments', '/tournaments'], ['running', `/tournaments/${id}`], ['live', '/live']]) {
      await page.goto(at(path));
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/i18n-t-${what}-${size}.png`, fullPage: true });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      console.log('saved', what, size, `page width ${wide}`);
    }
  }
} catch (e) {
  console.log('FAIL', e.stack || e);
} finally {
  await env.close();
}
