// Issue 29: the pseudo-locale `en-XA` finds text that bypasses the message catalogue. Every
// page is opened with `?lang=en-XA` (the server fills the page and hands its scripts the
// pseudo-locale's messages: every message accented and in ⟦ ⟧), some of its states are
// shown (the board after moves, a move under review, the oracle, the New game dialog), and
// every visible text node must keep its words inside ⟦ ⟧: a word of two letters or more
// outside the marks fails, unless it is notation or a name — hole names and moves (A5,
// a6<), numbers, game ids, the games' names (Bao la Kiswahili, Bao Kingulu), the rules
// profiles' names, the language switch's language names, and the players' names.
// Then the tournaments (issue 29, part 3a): the list as a guest and signed in, a
// tournament open for entries, running with round 1 paired (with the notice banner of
// the round), finished with its standings; /live with a game; /mod as the moderator
// `zuhura` the test's server makes (tests/browser.rs).
// Then the account pages: sign-in (each form's checks and the server's errors), settings
// (as a guest: forgot, a reset link; signed in), a profile and a games history with rated
// games, the leaderboard, and /puzzles with a task, its hint and an answer.
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

/** A request of the page's browser (its session cookie); the status and JSON answer. */
async function call(page, method, path, body) {
  const res = await page.request.fetch(at(path), {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    data: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

/** Waits until the element `id` shows a text, then answers it. */
async function shown(page, id) {
  await page.waitForFunction((i) => (document.getElementById(i).textContent || '').trim() !== '', id, { timeout: 20000 });
  return page.textContent(`#${id}`);
}

/** A form's submit with its fields filled (`fields`: [selector, value]), its error shown. */
async function submit(page, fields, button, error) {
  for (const [sel, value] of fields) await page.fill(sel, value);
  await page.evaluate((e) => { document.getElementById(e).textContent = ''; }, error);
  await page.click(button);
  return shown(page, error);
}

/**
 * A rated Bao Kingulu game of `south` (page `a`) and `north` (page `b`), one move each,
 * then `loser` resigns: a finished rated game for the profile and the games history.
 */
async function ratedGame(a, b, north, loser) {
  const made = await call(a, 'POST', '/api/challenges', { game: 'kingulu', clock: { days_per_move: 3 }, side: 'south', opponent: north, rated: true });
  check(made.status === 201, `a rated challenge (${made.status})`);
  const { json: { game: id } } = await call(b, 'POST', `/api/challenges/${made.json.id}/accept`);
  for (const page of [a, b]) {
    const { json: s } = await call(page, 'GET', `/api/games/${id}`);
    await call(page, 'POST', `/api/games/${id}/play`, { move: s.moves[0].text });
  }
  const res = await call(loser === 'south' ? a : b, 'POST', `/api/games/${id}/resign`);
  check(res.status === 200, `a resignation (${res.status})`);
  return id;
}

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

/** A request of the page (its cookies); `{status, json}`. */
async function callIn(page, method, path, body) {
  return page.evaluate(async ([m, p, b]) => {
    const r = await fetch(p, {
      method: m,
      headers: b ? { 'content-type': 'application/json' } : {},
      body: b ? JSON.stringify(b) : undefined,
    });
    return { status: r.status, json: await r.json().catch(() => null) };
  }, [method, path, body]);
}

/** Opens `path` in the pseudo-locale and waits for its requests to settle. */
async function open(page, path) {
  await page.goto(at(`${path}${path.includes('?') ? '&' : '?'}lang=en-XA`));
  await page.waitForLoadState('networkidle');
}

/** Waits until tournament `id` is in `status` (through the API). */
async function until(page, id, status) {
  for (let i = 0; i < 300; i += 1) {
    const { json } = await callIn(page, 'GET', `/api/tournaments/${id}`);
    if (json && json.status === status) return json;
    await page.waitForTimeout(100);
  }
  throw new Error(`tournament ${id} never became ${status}`);
}

/** The tournaments pages in their states, /live and /mod; `page` is amina's, signed in. */
async function tournaments(page, env, errors) {
  const names = ['amina', 'zuhura', 'Ijumaa', 'Pwani'];
  const guest = await env.page();
  guest.on('pageerror', (e) => errors.push(String(e)));
  await open(guest, '/tournaments');
  await look(guest, '/tournaments as a guest, no tournament', names);
  await open(guest, '/tournaments/AbCdEfGhIjKlMnOpQrStUv');
  await guest.waitForFunction(() => document.getElementById('t-error').textContent !== '');
  await look(guest, 'no such tournament, with the server\'s error', names);
  // Ijumaa: a Swiss of one round, amina and the engine bao-1; Pwani: a double round robin
  // of two games a pairing that starts in 30 minutes.
  const days = { days_per_move: 3 };
  const made = await callIn(page, 'POST', '/api/tournaments', { name: 'Ijumaa', game: 'kingulu', format: 'swiss', rounds: 1, clock: days, rated: false });
  check(made.status === 201, `a Swiss is created (${made.status})`);
  const id = made.json.id;
  const soon = new Date(Date.now() + 30 * 60000).toISOString();
  const other = await callIn(page, 'POST', '/api/tournaments', { name: 'Pwani', game: 'kiswahili', format: 'round-robin', cycles: 2, games_per_pairing: 2, clock: { initial_s: 300, increment_s: 3 }, rated: true, starts_at: soon });
  check(other.status === 201, `a double round robin is created (${other.status})`);
  await callIn(page, 'POST', `/api/tournaments/${id}/join`);
  await callIn(page, 'POST', `/api/tournaments/${id}/join`, { player: 'bao-1' });
  await open(page, '/tournaments');
  await look(page, '/tournaments signed in, two open for entries', names);
  await open(page, `/tournaments/${id}`);
  await page.waitForSelector('#t-start:not([hidden])');
  await look(page, 'a tournament open for entries, seen by its organiser', names);
  await open(guest, `/tournaments/${id}`);
  await look(guest, 'a tournament open for entries, seen by a guest', names);
  // Started from its page: round 1 is paired, the notice of the round shows.
  await page.click('#t-start');
  await page.waitForSelector('#t-standings-card:not([hidden])');
  await page.waitForSelector('#t-next-link');
  await page.waitForSelector('#notices .notice', { timeout: 10000 });
  await look(page, 'a running tournament with round 1 paired and the notice banner', names);
  await open(guest, `/tournaments/${id}`);
  await guest.waitForSelector('#t-pairings tbody tr');
  await look(guest, 'a running tournament seen by a guest', names);
  await open(guest, '/tournaments');
  await look(guest, '/tournaments with one running and one upcoming', names);
  // A game of the lobby too (amina against bao-2), for /live.
  const lobby = await callIn(page, 'POST', '/api/challenges', { game: 'kingulu', clock: days, opponent: 'bao-2' });
  check(lobby.status === 201, `a game against bao-2 (${lobby.status})`);
  await open(guest, '/live');
  await guest.waitForSelector('#live-games tbody tr');
  await look(guest, '/live with games', names);
  // amina writes in her tournament game's chat, then resigns it: the tournament is over.
  const t = await until(page, id, 'running');
  const game = t.rounds[0].pairings[0].games[0];
  const said = await callIn(page, 'POST', `/api/games/${game}/chat`, { text: 'habari' });
  check(said.status === 201, `a chat line (${said.status})`);
  await callIn(page, 'POST', `/api/games/${game}/resign`);
  await until(page, id, 'finished');
  await open(page, `/tournaments/${id}`);
  await page.waitForSelector('#t-standings tbody tr');
  await look(page, 'a finished tournament with its standings', names);
  await open(guest, '/tournaments');
  await look(guest, '/tournaments with one finished and one upcoming', names);
  // The moderator reports the line and sees it on /mod.
  const mod = await env.page();
  mod.on('pageerror', (e) => errors.push(String(e)));
  await mod.goto(at('/lobby'));
  const signed = await callIn(mod, 'POST', '/api/session', { name: 'zuhura', password: 'password of zuhura' });
  check(signed.status === 200, `the moderator signs in (${signed.status})`);
  const reported = await callIn(mod, 'POST', `/api/chat/${said.json.id}/report`);
  check(reported.status === 201, `the line is reported (${reported.status})`);
  await open(mod, '/mod');
  await mod.waitForSelector('#reports tbody tr');
  // `bao admin grant NAME` is a command one types: it stays as typed.
  await look(mod, '/mod as a moderator with a report', [...names, 'admin', 'grant', 'NAME']);
  check(errors.length === 0, `no script errors on the tournaments pages${errors.length ? `: ${errors.join('; ')}` : ''}`);
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
  check(errors.length === 0, `no script errors${errors.length ? `: ${errors.join('; ')}` : ''}`);

  // Sign-in, as a guest: each form's own checks and the server's answers.
  const guest = await env.page();
  guest.on('pageerror', (e) => errors.push(String(e)));
  await guest.goto(at('/signin?lang=en-XA'));
  await guest.waitForSelector('#nav-sign-in');
  await look(guest, '/signin');
  await submit(guest, [], '#si-go', 'si-error');
  await look(guest, '/signin with no name');
  await submit(guest, [['#si-name', 'amina'], ['#si-password', 'not her password']], '#si-go', 'si-error');
  await look(guest, '/signin with a wrong password', ['amina']);
  await submit(guest, [['#su-name', 'ab'], ['#su-password', 'password of ab']], '#su-go', 'su-error');
  await look(guest, '/signin: a new name too short');
  await submit(guest, [['#su-name', 'zawadi'], ['#su-password', 'short']], '#su-go', 'su-error');
  await look(guest, '/signin: a new password too short', ['zawadi']);
  await submit(guest, [['#su-name', 'Amina'], ['#su-password', 'password of amina']], '#su-go', 'su-error');
  await look(guest, '/signin: a name taken', ['amina', 'Amina']);
  await submit(guest, [['#su-name', 'bao-7'], ['#su-password', 'password of bao']], '#su-go', 'su-error');
  await look(guest, '/signin: an engine\'s name');
  // Settings as a guest: "forgot your password?" on a server that sends no mail; a
  // password reset link that does not work.
  await guest.goto(at('/settings?lang=en-XA'));
  await guest.waitForSelector('#nav-sign-in');
  await submit(guest, [], '#fg-go', 'fg-result');
  await look(guest, '/settings, forgot with no address');
  await submit(guest, [['#fg-address', 'amina@example.org']], '#fg-go', 'fg-result');
  await look(guest, '/settings, forgot on a server without mail');
  // As a mail's link opens it: a page of its own (not a change of the address's #).
  await guest.goto('about:blank');
  await guest.goto(at('/settings?lang=en-XA#reset=not-a-token'));
  await guest.waitForSelector('#reset-card:not([hidden])');
  await look(guest, '/settings, a reset link');
  await submit(guest, [['#rs-password', 'short']], '#rs-go', 'link-result');
  await look(guest, '/settings, a new password too short');
  await submit(guest, [['#rs-password', 'a long new password']], '#rs-go', 'link-result');
  await look(guest, '/settings, a reset link that does not work');

  // Signed in: settings, then a rated game of amina and baraka for her profile, her
  // games history and the leaderboard.
  await page.goto(at('/settings?lang=en-XA'));
  await shown(page, 'email-state');
  await look(page, '/settings signed in', ['amina']);
  const baraka = await env.page();
  await baraka.goto(at('/signin?lang=en-XA'));
  await call(baraka, 'POST', '/api/accounts', { name: 'baraka', password: 'password of baraka' });
  await ratedGame(page, baraka, 'baraka', 'north');
  await ratedGame(page, baraka, 'baraka', 'south');
  const players = ['amina', 'baraka'];
  await page.goto(at('/@/amina?lang=en-XA'));
  await page.waitForFunction(() => document.querySelectorAll('#games tbody tr').length === 2 && document.querySelectorAll('#history .rating-point').length === 2, null, { timeout: 20000 });
  await look(page, 'a profile with rated games', players);
  await page.goto(at('/@/baraka?lang=en-XA'));
  await page.waitForFunction(() => document.querySelectorAll('#games tbody tr').length === 2, null, { timeout: 20000 });
  await look(page, 'another player\'s profile', players);
  await page.goto(at('/@/amina/games?lang=en-XA'));
  await page.waitForFunction(() => document.querySelectorAll('#games tbody tr').length === 2, null, { timeout: 20000 });
  await look(page, 'a games history with finished games', players);
  await page.selectOption('#f-result', 'aborted');
  await page.waitForFunction(() => document.querySelectorAll('#games tbody tr').length === 0, null, { timeout: 20000 });
  await look(page, 'a games history with no games', players);
  await page.goto(at('/leaderboard?lang=en-XA'));
  await page.waitForFunction(() => document.querySelectorAll('#board-kingulu tbody tr').length === 2, null, { timeout: 20000 });
  await look(page, 'the leaderboard with players and an empty one', players);

  // /puzzles: a task, its hint, a wrong answer and the solution line to its end.
  await page.goto(at('/puzzles?lang=en-XA&game=kingulu&n=14'));
  await page.waitForFunction(() => document.getElementById('board-area').dataset.puzzle === 'kingulu:14', null, { timeout: 30000 });
  await page.waitForSelector('#board g.cell');
  await page.click('#pz-hint');
  await look(page, '/puzzles with a task and its hint', ['amina']);
  await setSpeed(page, 0);
  await page.click('#board g.cell[data-hole="A6"]');
  await page.waitForFunction(() => document.getElementById('board-area').dataset.done === '14', null, { timeout: 60000 });
  await look(page, '/puzzles answered, the line played to its end', ['amina']);
  check(errors.length === 0, `no script errors on the account pages${errors.length ? `: ${errors.join('; ')}` : ''}`);
  await tournaments(page, env, errors);
} catch (e) {
  fail(e);
} finally {
  await env.close();
}
finish('pseudo-locale');
