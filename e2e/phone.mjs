// Browser test at a phone's size (390×844): node e2e/phone.mjs <url>.
// The board fills the width, hole names and counts render at ≥ 11 px, every control lies
// inside the screen's width, a move is played by tapping, and the /learn boards' labels
// are ≥ 11 px too; every tap target is at least 44 px.
import { appUrl, check, equal, fail, finish, launch, playable, setSpeed, waitForHumanTurn } from './lib.mjs';

const url = appUrl('phone.mjs');
const W = 390;

/** The smallest rendered font size (CSS px) of the board's hole names and counts. */
const smallestLabel = (page, sel) => page.$$eval(`${sel} text.hole-name, ${sel} text.count`, (ts) => Math.min(...ts.map((t) => {
  const svg = t.ownerSVGElement;
  const unit = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return parseFloat(getComputedStyle(t).fontSize) * unit;
})));

const env = await launch();
try {
  const page = await env.page({ width: W, height: 844 }, { hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  await page.goto(url);
  await waitForHumanTurn(page);
  await setSpeed(page, 0);
  const width = await page.$eval('#board', (s) => s.getBoundingClientRect().width);
  check(width >= W - 24, `the board fills the width: ${width.toFixed(0)} of ${W} px`);
  const px = await smallestLabel(page, '#board');
  check(px >= 11, `hole names and counts render at ≥ 11 px (smallest ${px.toFixed(1)} px)`);
  const out = await page.$$eval('button, a.button, label.button, input, select', (es) => es
    .filter((e) => e.offsetParent !== null && !e.closest('dialog'))
    .map((e) => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
    .filter(([, r]) => r.left < 0 || r.right > window.innerWidth + 0.5)
    .map(([n]) => n));
  equal(out, [], 'every control lies inside the screen\'s width');
  const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
  check(scrollW <= W, `no sideways scrolling (page width ${scrollW} px)`);
  equal(await playable(page), ['A6', 'A7'], 'the start holes are offered');
  await page.tap('#board g.cell[data-hole="A7"]');
  // Issue 21: every tap target is at least 44 px (WCAG 2.5.5): the arrows' tap circles,
  // the holes' cells and every button shown.
  const small = await page.evaluate(() => {
    const out = [];
    const size = (e) => { const r = e.getBoundingClientRect(); return [r.width, r.height]; };
    for (const e of document.querySelectorAll('#board circle.arrow-hit, #board rect.cell-hit')) {
      const [w, h] = size(e);
      if (w < 43.5 || h < 43.5) out.push(`${e.getAttribute('class')} ${e.dataset.dir || e.parentNode.dataset.hole}: ${w.toFixed(0)}×${h.toFixed(0)}`);
    }
    for (const e of document.querySelectorAll('button, a.button, label.button')) {
      if (e.offsetParent === null || e.closest('dialog')) continue;
      const [w, h] = size(e);
      if (w < 43.5 || h < 43.5) out.push(`${e.id || e.textContent.trim().slice(0, 20)}: ${w.toFixed(0)}×${h.toFixed(0)}`);
    }
    return out;
  });
  equal(small, [], 'every tap target is at least 44×44 px');
  // The header is compact: the site's links in one row, the title and the Menu button in
  // another; the game's controls are folded into the menu (they took a third of the screen).
  const headHeight = () => page.evaluate(() => Math.round(document.querySelector('header').getBoundingClientRect().bottom));
  const folded = await headHeight();
  check(folded <= 150, `folded, the site links and the game's header end ${folded} px down (at most 150 of 844; unfolded it took about 230)`);
  const siteOut = await page.$$eval('#site-nav a, #site-nav button', (es) => es
    .filter((e) => { const r = e.getBoundingClientRect(); return e.offsetParent !== null && (r.left < 0 || r.right > window.innerWidth + 0.5); })
    .map((e) => e.textContent));
  equal(siteOut, [], 'every link of the site header is in view');
  check(await page.isHidden('#btn-undo'), 'the game\'s controls are folded into the menu');
  equal(await page.getAttribute('#btn-menu', 'aria-expanded'), 'false', 'the menu is closed');
  await page.tap('#btn-menu');
  check(await page.isVisible('#btn-undo') && await page.isVisible('#btn-new'), 'the Menu button shows the game\'s controls');
  const menuOut = await page.$$eval('#game-tools button, #game-tools .button', (es) => es
    .filter((e) => e.offsetParent !== null)
    .filter((e) => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth + 0.5 || r.width < 43.5 || r.height < 43.5; })
    .map((e) => e.id));
  equal(menuOut, [], 'in the menu every control fits the screen and is at least 44 px');
  await page.tap('#btn-menu');
  check(await page.isHidden('#btn-undo'), 'and folds them again');
  await page.tap('#board polygon.arrow[data-dir="left"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]').length >= 2, null, { timeout: 60000 });
  check(true, 'a move is played by tapping the hole and its arrow');
  // The dialog fits the screen.
  await page.tap('#btn-menu');
  await page.click('#btn-new');
  check(await page.isHidden('#btn-undo'), 'a control chosen in the menu closes it');
  const dlg = await page.$eval('#new-dialog', (d) => d.getBoundingClientRect().right);
  check(dlg <= W, `the New game dialog fits the screen (right edge ${dlg.toFixed(0)} px)`);
  await page.keyboard.press('Escape');

  // The puzzles page: Next puzzle beside the Menu button, the other controls folded.
  await page.goto(new URL('/puzzles', url).href);
  await page.waitForFunction(() => document.querySelectorAll('#board .hole.playable').length > 0, null, { timeout: 60000 });
  const pzHead = await headHeight();
  check(pzHead <= 150, `the puzzles header ends ${pzHead} px down (at most 150 of 844)`);
  check(await page.isVisible('#pz-next-phone') && await page.isHidden('#pz-hint') && await page.isHidden('#pz-next'), 'on the puzzles page Next puzzle is at hand and the rest folded');
  await page.tap('#btn-menu');
  check(await page.isVisible('#pz-hint') && await page.isVisible('#pz-solution') && await page.isVisible('#btn-turn'), 'its Menu shows Hint, Show the solution and Turn board');
  const heading = await page.textContent('#pz-heading');
  await page.tap('#pz-next-phone');
  await page.waitForFunction((t) => document.getElementById('pz-heading').textContent !== t, heading, { timeout: 30000 });
  check(true, 'Next puzzle brings another puzzle');

  await page.goto(new URL('/learn', url).href);
  await page.waitForSelector('body[data-loaded="true"]', { timeout: 120000 });
  const lpx = await smallestLabel(page, '.lesson');
  check(lpx >= 11, `the /learn boards' labels render at ≥ 11 px (smallest ${lpx.toFixed(1)} px)`);
  const lw = await page.evaluate(() => document.documentElement.scrollWidth);
  check(lw <= W, `/learn needs no sideways scrolling (page width ${lw} px)`);
  equal(page.errors, [], 'no errors in the page\'s console');
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('phone');
