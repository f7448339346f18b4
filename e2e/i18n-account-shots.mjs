// Development helper (issue 29): screenshots of the account pages and /puzzles in a
// language, to look at before calling them done: node e2e/i18n-account-shots.mjs <url>
// [lang, default sw] [out-dir, default /tmp]. Sign-in (with a form's error), settings
// (signed in), a profile with rated games, the games history, the leaderboard and a
// puzzle answered, each at 1280×800 and at 390×844: <out>/i18n-a-<what>-<desktop|phone>.png.
// The server must be a fresh one (it signs up the players `amina` and `baraka`).
import { appUrl, launch, setSpeed } from './lib.mjs';

const url = appUrl('i18n-account-shots.mjs');
const args = process.argv.slice(2).filter((a) => !/^https?:/.test(a));
const lang = args[0] || 'sw';
const out = args[1] || '/tmp';
const at = (p) => new URL(`${p}${p.includes('?') ? '&' : '?'}lang=${lang}`, url).href;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const env = await launch();

/** A request of the page's browser (its session cookie); the JSON answer. */
async function call(page, method, path, body) {
  const res = await page.request.fetch(new URL(path, url).href, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    data: body ? JSON.stringify(body) : undefined,
  });
  return res.json().catch(() => null);
}

/** A rated Bao Kingulu game, a move each, then `loser` resigns. */
async function ratedGame(a, b, loser) {
  const made = await call(a, 'POST', '/api/challenges', { game: 'kingulu', clock: { days_per_move: 3 }, side: 'south', opponent: 'baraka', rated: true });
  const { game: id } = await call(b, 'POST', `/api/challenges/${made.id}/accept`);
  for (const page of [a, b]) {
    const s = await call(page, 'GET', `/api/games/${id}`);
    await call(page, 'POST', `/api/games/${id}/play`, { move: s.moves[0].text });
  }
  await call(loser === 'south' ? a : b, 'POST', `/api/games/${id}/resign`);
}

try {
  let first = true;
  for (const [size, vp] of Object.entries(SIZES)) {
    const opts = size === 'phone' ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {};
    const page = await env.page(vp, opts);
    page.on('pageerror', (e) => console.log('pageerror', String(e)));
    const shot = (what) => page.screenshot({ path: `${out}/i18n-a-${what}-${size}.png`, fullPage: true });
    // Sign-in, a new name too short.
    await page.goto(at('/signin'));
    await page.waitForSelector('#nav-sign-in');
    await page.fill('#su-name', 'ab');
    await page.fill('#su-password', 'password of ab');
    await page.click('#su-go');
    await page.waitForFunction(() => document.getElementById('su-error').textContent !== '');
    await shot('signin');
    if (first) {
      await call(page, 'POST', '/api/accounts', { name: 'amina', password: 'password of amina' });
      const b = await env.page();
      await call(b, 'POST', '/api/accounts', { name: 'baraka', password: 'password of baraka' });
      await ratedGame(page, b, 'north');
      await ratedGame(page, b, 'south');
      first = false;
    } else {
      await call(page, 'POST', '/api/session', { name: 'amina', password: 'password of amina' });
    }
    await page.goto(at('/settings'));
    await page.waitForFunction(() => document.getElementById('email-state').textContent !== '');
    await shot('settings');
    await page.goto(at('/@/amina'));
    await page.waitForFunction(() => document.querySelectorAll('#games tbody tr').length === 2);
    await shot('profile');
    await page.goto(at('/@/amina/games'));
    await page.waitForFunction(() => document.querySelectorAll('#games tbody tr').length === 2);
    await shot('games');
    await page.goto(at('/leaderboard'));
    await page.waitForFunction(() => document.querySelectorAll('#board-kingulu tbody tr').length === 2);
    await shot('leaderboard');
    await page.goto(at('/puzzles?game=kingulu&n=14'));
    await page.waitForFunction(() => document.getElementById('board-area').dataset.puzzle === 'kingulu:14', null, { timeout: 30000 });
    await page.click('#pz-hint').catch(() => {});
    await setSpeed(page, 0);
    await page.click('#board g.cell[data-hole="A6"]');
    await page.waitForFunction(() => document.getElementById('board-area').dataset.done === '14', null, { timeout: 60000 });
    await shot('puzzles');
  }
} finally {
  await env.close();
}
