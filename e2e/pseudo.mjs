// Issue 29: the pseudo-locale `en-XA` finds text that bypasses the message catalogue. Every
// page is opened with `?lang=en-XA` (the server fills the page and hands its scripts the
// pseudo-locale's messages: every message accented and in ⟦ ⟧), some of its states are
// shown (the board after moves, a move under review, the oracle, the New game dialog), and
// every visible text node must keep its words inside ⟦ ⟧: a word of two letters or more
// outside the marks fails, unless it is notation or a name — hole names and moves (A5,
// a6<), numbers, game ids, the games' names (Bao la Kiswahili, Bao Kingulu), the rules
// profiles' names, the language switch's language names, and the players' names.
// Usage: node e2e/pseudo.mjs <url>
import { appUrl, check, fail, finish, launch, playable, setSpeed } from './lib.mjs';

const url = appUrl('pseudo.mjs');
const at = (p) => new URL(p, url).href;

/** The pages checked; each with what to do on it before looking. */
const PAGES = [
  { path: '/' },
  { path: '/lobby' },
  {
    path: '/learn',
    // Every lesson's case loaded from the engine, its check line written.
    async then(page) {
      await page.waitForFunction(() => [...document.querySelectorAll('.lesson')].every((l) => l.dataset.matches), null, { timeout: 60000 });
    },
  },
  {
    path: '/lobby',
    // Signed in: the challenge form and "Your games" too.
    async before(page) {
      await page.evaluate(() => fetch('/api/accounts', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'amina', password: 'password of amina' }),
      }));
    },
    names: ['amina'],
  },
];

/** Words that are names or notation in every language. */
const NAMES = ['bao', 'Bao', 'la', 'Kiswahili', 'Kingulu', 'Kujifunza', 'kujifunza', 'mancala', 'world', 'de', 'voogt', 'kiba', 'default', 'English'];

/** The visible text nodes of the page with words outside the pseudo-locale's marks. */
async function bypassing(page, names) {
  return page.evaluate((allowed) => {
    const ok = new Set(allowed);
    const bad = [];
    // Every text node in document order, so that a message whose words are split over
    // several nodes (bold words inside it) is still one ⟦…⟧.
    const nodes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.parentElement || n.parentElement.closest('script, style')) continue;
      nodes.push(n);
    }
    let depth = 0;
    for (const n of nodes) {
      let outside = '';
      for (const c of n.nodeValue) {
        if (c === '⟦') depth++;
        else if (c === '⟧') depth = Math.max(0, depth - 1);
        else outside += depth ? ' ' : c;
      }
      const el = n.parentElement;
      if (el.closest('.lang-switch, title')) continue;
      if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (!el.getClientRects().length) continue;
      const words = (outside.match(/[\p{L}\d][\p{L}\d'’_-]*/gu) || [])
        .filter((w) => (w.match(/\p{L}/gu) || []).length >= 2) // a word of two letters or more
        .filter((w) => !/\d/.test(w)) // hole names, moves, ids, numbers
        .filter((w) => !w.split('-').every((p) => ok.has(p) || p === ''));
      if (words.length) bad.push(`${JSON.stringify(n.nodeValue.trim().slice(0, 120))} (${words.slice(0, 5).join(' ')})`);
    }
    return bad;
  }, names);
}

/** Waits until a hole may be played (the status words are the pseudo-locale's). */
async function waitForHumanTurn(page) {
  await page.waitForFunction(() => document.querySelectorAll('#board .hole.playable').length > 0
    && !document.querySelector('#status .thinking'), null, { timeout: 60000 });
}

async function look(page, where, names = []) {
  const bad = await bypassing(page, [...NAMES, ...names]);
  check(bad.length === 0, bad.length ? `${where}: text outside the catalogue:\n    ${bad.join('\n    ')}` : `${where}: every visible text is the catalogue's`);
}

const env = await launch();
try {
  const page = await env.page();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  // The board: a new game, the start, then moves and a review.
  await page.goto(at('/?lang=en-XA'));
  const lang = await page.evaluate(() => document.documentElement.lang);
  check(lang === 'en-XA', `<html lang="${lang}">`);
  await page.waitForSelector('#board .hole.playable');
  await setSpeed(page, 0);
  await look(page, 'the board at the start');
  const holes = await playable(page);
  await page.click(`#board g.cell[data-hole="${holes[0]}"]`);
  const choice = await page.$('#choices button[data-move]');
  if (choice) {
    await look(page, 'the board with a move\'s choices');
    await choice.click();
  }
  // The computer's reply: the move list holds both moves and a hole is playable again.
  await page.waitForSelector('#move-list .mv[data-ply="2"]', { timeout: 60000 });
  await waitForHumanTurn(page);
  await look(page, 'the board after a move and the reply');
  await page.click('#move-list .mv[data-ply="1"]');
  await page.waitForSelector('#review-bar:not([hidden])');
  await look(page, 'a move under review');
  await page.keyboard.press('Escape');
  await page.click('#oracle-switch');
  await page.waitForFunction(() => ['done', 'idle'].includes(document.getElementById('oracle-legend').dataset.state), null, { timeout: 10000 });
  await look(page, 'the board with the oracle');
  await page.click('#btn-new');
  await page.waitForSelector('#new-dialog[open]');
  await look(page, 'the New game dialog');
  await page.click('#new-dialog button[value="cancel"]');
  check(errors.length === 0, `no script errors${errors.length ? `: ${errors.join('; ')}` : ''}`);

  for (const p of PAGES.slice(1)) {
    if (p.before) await p.before(page);
    await page.goto(at(`${p.path}?lang=en-XA`));
    await page.waitForLoadState('networkidle');
    if (p.then) await p.then(page);
    await look(page, p.path, p.names || []);
  }
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('pseudo-locale');
