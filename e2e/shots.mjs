// Development helper: the screenshots to look at before calling a change of the page done
// (issue 35): node e2e/shots.mjs <url> [out-dir, default /tmp/shots]. Against a fresh
// server: two players sign up and play a rated Bao la Kiswahili game with a 45 s clock;
// the game from each seat (desktop 1280×860 and phone 390×844), the live games page while
// it runs, the end of the game once North's flag falls, and a North puzzle. Prints the
// files written and any script error of the pages.
import fs from 'node:fs';
import { appUrl, launch, playable, setSpeed } from './lib.mjs';

const url = appUrl('shots.mjs');
const out = process.argv.slice(2).find((a) => !/^https?:/.test(a)) || '/tmp/shots';
fs.mkdirSync(out, { recursive: true });
const at = (p) => new URL(p, url).href;
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const env = await launch();
const pages = [];

async function open(vp, phone) {
  const p = await env.page(vp, phone ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {});
  pages.push(p);
  return p;
}

async function shot(page, name, full = false) {
  const file = `${out}/${name}.png`;
  await page.screenshot({ path: file, fullPage: full });
  console.log('saved', file);
}

async function signUp(page, name) {
  await page.goto(at('/signin'));
  await page.fill('#su-name', name);
  await page.fill('#su-password', `password of ${name}`);
  await page.click('#su-go');
  await page.waitForURL(/\/lobby$/);
  await page.waitForSelector('#nav-me');
}

async function playFirst(page) {
  await page.waitForFunction(() => document.querySelectorAll('#board .hole.playable').length > 0, null, { timeout: 20000 });
  const holes = await playable(page);
  await page.click(`#board g.cell[data-hole="${holes[0]}"]`);
  // A hole with several moves: the first choice offered under the board.
  const choice = await page.$('#choices button[data-move]');
  if (choice) await choice.click();
}

const moves = (page) => page.$$eval('#move-list .mv[data-ply]:not([data-ply="0"])', (ms) => ms.length);

try {
  const a = await open(DESKTOP);
  const b = await open(DESKTOP);
  await signUp(a, 'amina');
  await signUp(b, 'baraka');
  await a.selectOption('#ch-game', 'kiswahili');
  await a.selectOption('#ch-clock', 'custom');
  await a.fill('#ch-min', String(45 / 60));
  await a.fill('#ch-inc', '0');
  await a.selectOption('#ch-side', 'south');
  await a.check('#ch-rated');
  await a.click('#ch-go');
  await b.waitForSelector('#challenges tbody tr button.accept', { timeout: 20000 });
  await b.click('#challenges tbody tr button.accept');
  for (const p of [a, b]) {
    await p.waitForFunction(() => location.pathname === '/' && location.hash.length > 5, null, { timeout: 30000 });
    await p.waitForSelector('#clock-south');
    await setSpeed(p, 0);
  }
  const id = b.url().split('#')[1];
  await playFirst(a);
  await b.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === 1, null, { timeout: 20000 });
  await playFirst(b);
  await a.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === 2, null, { timeout: 20000 });
  await playFirst(a);
  await b.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === 3, null, { timeout: 20000 });
  await a.waitForTimeout(300);
  await shot(a, 'game-south-desktop');
  await shot(b, 'game-north-desktop');
  const pa = await open(PHONE, true);
  const pb = await open(PHONE, true);
  await pa.context().addCookies(await a.context().cookies());
  await pb.context().addCookies(await b.context().cookies());
  // The phones open the game by its link: each holds no seat, but the accounts play it.
  for (const p of [pa, pb]) {
    await p.goto(at(`/#${id}`));
    await p.waitForSelector('#clock-north');
    await p.waitForTimeout(500);
  }
  await shot(pa, 'game-south-phone');
  await shot(pb, 'game-north-phone');
  await pa.tap('#btn-menu');
  await shot(pa, 'game-south-phone-menu');
  const live = await open(DESKTOP);
  await live.context().addCookies(await a.context().cookies());
  await live.goto(at('/live'));
  await live.waitForSelector(`#live-games tr[data-game="${id}"]`);
  await shot(live, 'live-desktop');
  const livePhone = await open(PHONE, true);
  await livePhone.goto(at('/live'));
  await livePhone.waitForSelector(`#live-games tr[data-game="${id}"]`);
  await shot(livePhone, 'live-phone', true);
  console.log(`plies before the flag: ${await moves(a)}`);
  // Nobody moves: North's flag falls; the end of a rated game.
  for (const p of [a, b, pb]) await p.waitForFunction(() => /on time/.test(document.getElementById('status').textContent), null, { timeout: 80000 });
  await a.waitForTimeout(800);
  await shot(a, 'end-south-desktop');
  await shot(b, 'end-north-desktop');
  await shot(pb, 'end-north-phone');
  await a.goto(at('/@/amina'));
  await a.waitForSelector('#history .rating-point');
  await shot(a, 'profile-desktop', true);
  // A North puzzle (Bao la Kiswahili 2: North to move), from North's seat.
  const z = await open(DESKTOP);
  await z.goto(at('/puzzles?game=kiswahili&n=2'));
  await z.waitForFunction(() => document.getElementById('board-area').dataset.puzzle === 'kiswahili:2');
  await z.click('#board g.cell[data-hole="a2"]');
  await shot(z, 'puzzle-north-desktop');
  const zp = await open(PHONE, true);
  await zp.goto(at('/puzzles?game=kiswahili&n=2'));
  await zp.waitForFunction(() => document.getElementById('board-area').dataset.puzzle === 'kiswahili:2');
  await zp.tap('#board g.cell[data-hole="a2"]');
  await shot(zp, 'puzzle-north-phone', true);
  const s = await open(DESKTOP);
  await s.goto(at('/signin'));
  await s.fill('#si-name', 'nobody');
  await s.fill('#si-password', 'wrong password');
  await s.click('#si-go');
  await s.waitForFunction(() => document.getElementById('si-error').textContent !== '');
  await shot(s, 'signin-error-desktop');
} catch (e) {
  console.log('FAIL', e && e.stack ? e.stack : e);
  for (const [i, p] of pages.entries()) await p.screenshot({ path: `${out}/failed-${i}.png` }).catch(() => {});
}
for (const p of pages) if (p.errors.length) console.log('page errors', p.url(), p.errors);
await env.close();
