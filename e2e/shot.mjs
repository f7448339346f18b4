// Development helper: node e2e/shot.mjs <url> <out.png> [width height] [script.js]
// opens the page in headless chromium, waits, optionally evaluates steps, saves a screenshot
// and prints the page's console errors.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [url, out, w = '1280', h = '900', steps] = process.argv.slice(2);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bao-shot-'));
const ctx = await chromium.launchPersistentContext(dir, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: Number(w), height: Number(h) },
});
const page = ctx.pages()[0] || await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror', String(e)));
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.text()); });
await page.goto(url);
await page.waitForTimeout(1500);
if (steps) {
  const mod = await import(path.resolve(steps));
  await mod.default(page);
}
await page.screenshot({ path: out, fullPage: true });
await ctx.close();
fs.rmSync(dir, { recursive: true, force: true });
console.log('saved', out);
