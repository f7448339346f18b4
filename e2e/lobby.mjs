// Browser test of the lobby, clocks and ratings: node e2e/lobby.mjs <url>.
// Two people in two browser contexts sign up; alice makes a rated Bao Kingulu challenge on
// a 4 s + 0 clock as South; bob sees it appear live and accepts; both land on the game,
// which shows both names and each player's clock below the board (the opponent's above).
// South, North and South make a move each by clicking; then nobody does anything, and
// North's flag falls: both boards say South wins on time. A third context (nobody signed
// in) finds the game on the live games page and watches it: its page says "watching" and
// both players see the spectator count. Then the profiles (with the rating graph's point)
// and the leaderboard show the new ratings, the lobby fits a phone, and every page has the
// one site header with alice's name. A failed sign-in is told under the Sign in card. Screenshots go to $BAO_SHOTS (default /tmp).
import { appUrl, check, equal, fail, finish, launch, playable, setSpeed } from './lib.mjs';

const url = appUrl('lobby.mjs');
const shots = process.env.BAO_SHOTS || '/tmp';
const at = (p) => new URL(p, url).href;

async function signUp(page, name) {
  await page.goto(at('/signin'));
  if (name === 'alice') {
    await page.screenshot({ path: `${shots}/bao-signin.png`, fullPage: true });
    // A failed sign-in says so under the Sign in card, not under the New player card.
    await page.fill('#si-name', 'nobody');
    await page.fill('#si-password', 'not a password');
    await page.click('#si-go');
    await page.waitForFunction(() => document.getElementById('si-error').textContent !== '');
    const under = await page.evaluate(() => {
      const e = document.getElementById('si-error');
      return [e.closest('section').querySelector('h2').textContent, document.getElementById('su-error').textContent];
    });
    equal(under, ['Sign in', ''], 'the sign-in error is under the Sign in card');
  }
  await page.fill('#su-name', name);
  await page.fill('#su-password', `password of ${name}`);
  await page.click('#su-go');
  await page.waitForURL(/\/lobby$/);
  await page.waitForSelector('#nav-me');
  equal(await page.textContent('#nav-me'), name, `${name} is signed in`);
}

async function playFirst(page, who) {
  await page.waitForFunction(() => document.querySelectorAll('#board .hole.playable').length > 0, null, { timeout: 20000 });
  const holes = await playable(page);
  await page.click(`#board g.cell[data-hole="${holes[0]}"]`);
  check(true, `${who} plays ${holes[0]}`);
}

const plies = (page) => page.$$eval('#move-list .mv[data-ply]:not([data-ply="0"])', (ms) => ms.length);

const env = await launch();
try {
  const a = await env.page();
  const b = await env.page();
  await signUp(a, 'alice');
  await signUp(b, 'bob');
  // The session cookie is HttpOnly: page scripts do not see it.
  equal(await a.evaluate(() => document.cookie), '', 'the session cookie is not readable by scripts');
  const cookies = await a.context().cookies();
  const session = cookies.find((c) => c.name === 'bao_session');
  check(session && session.httpOnly && session.sameSite === 'Lax', 'the session cookie is HttpOnly and SameSite=Lax');

  await a.selectOption('#ch-game', 'kingulu');
  await a.selectOption('#ch-clock', 'custom');
  await a.fill('#ch-min', String(4 / 60));
  await a.fill('#ch-inc', '0');
  await a.selectOption('#ch-side', 'south');
  await a.check('#ch-rated');
  await a.click('#ch-go');
  await b.waitForSelector('#challenges tbody tr button.accept', { timeout: 20000 });
  check(true, 'bob sees alice\'s challenge appear live');
  const row = await b.textContent('#challenges tbody tr');
  check(/alice/.test(row) && /4 s\+0/.test(row) && /rated/.test(row), `the challenge row: ${row.replace(/\s+/g, ' ')}`);
  await b.screenshot({ path: `${shots}/bao-lobby.png`, fullPage: true });
  await b.click('#challenges tbody tr button.accept');
  // Polled rather than awaited as a navigation: the lobby page's jump to the game can be
  // followed at once by the game page's own address change, which aborts a navigation
  // wait (net::ERR_ABORTED) although the page ends where it should.
  const inGame = (p) => p.waitForFunction(() => location.pathname === '/' && /^#[A-Za-z0-9_-]{22}$/.test(location.hash), null, { timeout: 30000 });
  await inGame(b);
  await inGame(a);
  const id = b.url().split('#')[1];
  equal(a.url().split('#')[1], id, 'alice is taken to the game bob started');
  for (const p of [a, b]) {
    await p.waitForSelector('#clock-south');
    await setSpeed(p, 0);
  }
  const bar = `${await a.textContent('#clock-bar')} ${await a.textContent('#clock-bar-bottom')}`;
  check(/alice/.test(bar) && /bob/.test(bar) && /rated/.test(bar), `the clock bars name both players: ${bar}`);
  // Each player's own clock is below the board, next to his side (drawn at the bottom);
  // the opponent's above it.
  const placed = (p) => p.evaluate(() => {
    const board = document.getElementById('board').getBoundingClientRect();
    const y = (id) => document.getElementById(id).getBoundingClientRect().top;
    return { south: y('clock-south') > board.bottom ? 'below' : y('clock-south') < board.top ? 'above' : 'beside',
      north: y('clock-north') > board.bottom ? 'below' : y('clock-north') < board.top ? 'above' : 'beside' };
  });
  equal(await placed(a), { south: 'below', north: 'above' }, 'alice (South) has her clock below the board, bob\'s above');
  equal(await placed(b), { south: 'above', north: 'below' }, 'bob (North) has his clock below the board, alice\'s above');
  equal(await a.textContent('#clock-south'), '0:04.0', 'South\'s clock shows 4 s');
  await b.waitForFunction(() => /Waiting for South \(alice\)/.test(document.getElementById('status').textContent));
  const bInfo = await b.$$eval('#game-info dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.key, d.textContent])));
  equal([bInfo.North, bInfo.South], ['you, bob', 'alice'], 'bob\'s card names both players');

  // A spectator: no account, no seat. The live games page lists the game in progress
  // (players, ratings, game, clock, plies) with a link to watch it, which the spectator takes.
  const c = await env.page();
  await c.goto(at('/live'));
  await c.waitForSelector(`#live-games tr[data-game="${id}"]`);
  const liveRow = await c.$eval(`#live-games tr[data-game="${id}"]`, (tr) => [...tr.cells].map((x) => x.textContent));
  equal(liveRow, ['Bao Kingulu · rated', 'alice (1500)', 'bob (1500)', '4 s+0', '0', 'South', 'Watch'], 'the live page lists the running game');
  equal(await c.getAttribute('#nav-live', 'aria-current'), 'page', 'the header marks Live games as the page shown');
  await c.click(`#live-games tr[data-game="${id}"] a.button`);
  await c.waitForFunction((g) => location.pathname === '/' && location.hash === `#${g}`, id);
  check(true, 'its Watch link opens the game');
  await c.waitForSelector('#clock-bar:not([hidden]) .watching');
  check(true, 'the stranger\'s page says "watching"');
  await a.waitForFunction(() => /1 spectator\b/.test(document.getElementById('spectator-count').textContent), null, { timeout: 20000 });
  check(true, 'alice sees 1 spectator');
  equal(await playable(c), [], 'the spectator cannot move');

  // Only what the seat can do: no help from the computer while a lobby game is played,
  // never a takeback; each control says why in its tooltip, the game card in a line.
  const controls = (p) => p.evaluate(() => {
    const el = (id) => document.getElementById(id);
    const off = (id) => [el(id).disabled, el(id).title];
    return {
      undo: off('btn-undo'), hint: off('btn-hint'), oracle: [el('oracle-toggle').disabled, el('oracle-switch').title],
      tutor: [el('tutor-toggle').disabled, el('tutor-switch').title], analyse: off('btn-analyse'),
      status: el('analysis-status').textContent,
      help: (document.querySelector('#game-info dd[data-key="Help"]') || {}).textContent || null,
    };
  });
  await a.waitForFunction(() => document.getElementById('btn-analyse') && document.getElementById('btn-analyse').disabled);
  const lobbyNote = 'Not available in a lobby game while it is played (a game between people): analyse it once it is over.';
  equal(await controls(a), {
    undo: [true, 'No takebacks: moves cannot be taken back in a lobby game'],
    hint: [true, 'No hints in a lobby game while it is played (a game between people)'],
    oracle: [true, 'No oracle in a lobby game while it is played (a game between people)'],
    tutor: [true, 'No tutor in a lobby game while it is played (a game between people)'],
    analyse: [true, lobbyNote],
    status: lobbyNote,
    help: 'none while it is played (a game between people): no hint, oracle, tutor or analysis; no takebacks',
  }, 'alice\'s page offers no help and no takeback in the lobby game, and says why');
  await c.waitForFunction(() => document.getElementById('btn-analyse') && document.getElementById('btn-analyse').disabled);
  equal((await controls(c)).analyse, [true, lobbyNote], 'the spectator is not offered "Analyse this game" either');
  // A request the page should not make is refused in a player's words, not the API's.
  const asked = await c.evaluate(async (gid) => (await import('/js/api.js')).api('POST', `/api/games/${gid}/analysis`, {}).then(() => 'answered', (e) => `${e.status} ${e.message}`), id);
  equal(asked, '401 only the players can ask for this while the game is played', 'a spectator\'s analysis request is refused in player words');

  await playFirst(a, 'alice (South)');
  await b.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === 1, null, { timeout: 20000 });
  await playFirst(b, 'bob (North)');
  await a.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === 2, null, { timeout: 20000 });
  await playFirst(a, 'alice (South)');
  await b.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === 3, null, { timeout: 20000 });
  await c.waitForFunction(() => document.querySelectorAll('#move-list .mv[data-ply]:not([data-ply="0"])').length === 3, null, { timeout: 20000 });
  check(true, 'the spectator sees the three moves live');
  equal(await plies(a), 3, 'three moves on alice\'s board');
  await a.screenshot({ path: `${shots}/bao-clock-running.png` });
  // Nobody does anything: North's flag falls.
  for (const [p, who] of [[a, 'alice'], [b, 'bob'], [c, 'the spectator']]) {
    await p.waitForFunction(() => /on time/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
    const st = await p.textContent('#status');
    check(/South wins on time/.test(st), `${who}'s board says: ${st}`);
  }
  equal(await b.textContent('#clock-north'), '0:00.0', 'North\'s clock shows 0');
  // Over: the Analysis card is offered again (its line refreshed), Undo stays off.
  await a.waitForFunction(() => !document.getElementById('btn-analyse').disabled);
  const over = await controls(a);
  equal([over.analyse[0], over.status, over.undo, over.help], [false, 'Every move valued, mistakes marked, the best move shown.',
    [true, 'No takebacks: moves cannot be taken back in a lobby game'], null], 'after the flag: Analyse offered with its usual line, Undo still off');
  equal([over.oracle[0], over.tutor[0]], [false, false], 'after the flag: the Oracle and Tutor switches are on offer again');
  await b.screenshot({ path: `${shots}/bao-flag.png` });

  // Ratings: the profile and the leaderboard.
  await a.goto(at('/@/alice'));
  await a.waitForSelector('#ratings tbody tr');
  const ratings = await a.$$eval('#ratings tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  const kingulu = ratings.find((r) => r[0] === 'Bao Kingulu');
  check(kingulu && Number(kingulu[1]) > 1500 && kingulu[3] === '1', `alice's Kingulu rating rose: ${kingulu}`);
  // The rating graph: a point per rated game (linking to it), a rating axis, a date axis.
  const graph = await a.evaluate(() => ({
    points: [...document.querySelectorAll('#history .rating-point')].map((p) => [p.dataset.pool, p.dataset.game]),
    dates: [...document.querySelectorAll('#history .tick.date')].map((t) => t.textContent),
    ratings: document.querySelectorAll('#history .tick:not(.date)').length,
  }));
  // The day as the page's language writes it (Intl.DateTimeFormat, issue 29): `Dec 3, 2026`.
  const today = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());
  equal([graph.points, graph.dates], [[['kingulu', id]], [today]], 'the graph has the game\'s point and its date');
  check(graph.ratings >= 3, `the graph has a rating axis (${graph.ratings} labels)`);
  await a.screenshot({ path: `${shots}/bao-profile.png`, fullPage: true });
  await b.goto(at('/leaderboard'));
  await b.waitForSelector('#board-kingulu tbody tr a');
  const names = await b.$$eval('#board-kingulu tbody tr a', (as) => as.map((x) => x.textContent));
  equal(names, ['alice', 'bob'], 'the Kingulu leaderboard: alice above bob');
  const bobRow = await b.$$eval('#board-kingulu tbody tr', (rs) => rs[1].cells[2].textContent);
  check(Number(bobRow.split(' ')[0]) < 1500, `bob's rating fell: ${bobRow}`);
  await b.screenshot({ path: `${shots}/bao-leaderboard.png`, fullPage: true });

  // The lobby on a phone: nothing wider than the screen.
  const phone = await env.page({ width: 390, height: 844 });
  await phone.goto(at('/lobby'));
  await phone.waitForSelector('#challenges');
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `the lobby fits a 390 px phone (${wide} px)`);
  await phone.screenshot({ path: `${shots}/bao-lobby-phone.png`, fullPage: true });
  // The finished game on a phone: the clock bar fits too.
  await phone.goto(at(`/#${id}`));
  await phone.waitForSelector('#clock-north');
  const gameWide = await phone.evaluate(() => document.documentElement.scrollWidth);
  check(gameWide <= 390, `the game with its clock bar fits a 390 px phone (${gameWide} px)`);
  await phone.screenshot({ path: `${shots}/bao-game-phone.png` });
  // The challenge form on alice's phone-sized page: every field and the Rated checkbox's
  // label (its tap target) at least 44 px high (the newcomer trial found them small).
  const desk = a.viewportSize();
  await a.setViewportSize({ width: 390, height: 844 });
  await a.goto(at('/lobby'));
  await a.waitForSelector('#create-card:not([hidden]) #ch-opponent');
  const smallTargets = await a.$$eval('#challenge-form input, #challenge-form select, #challenge-form button', (es) => es
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e.id, (e.type === 'checkbox' ? e.closest('label') : e).getBoundingClientRect().height])
    .filter(([, h]) => h < 43.5).map(([id]) => id));
  equal(smallTargets, [], 'the challenge form\'s targets are at least 44 px high on a phone');
  await a.setViewportSize(desk);

  // One header on every page: the site's links and the signed-in name (to the profile).
  for (const path of ['/', '/lobby', '/live', '/puzzles', '/learn', '/leaderboard', '/@/bob', '/signin']) {
    await a.goto(at(path));
    await a.waitForSelector('#nav-me');
    const head = await a.evaluate(() => ({
      navs: document.querySelectorAll('#site-nav').length,
      links: [...document.querySelectorAll('#site-nav a')].map((l) => [l.textContent, l.getAttribute('href')]),
    }));
    equal(head, { navs: 1, links: [['Bao', '/'], ['Play', '/'], ['Lobby', '/lobby'], ['Live games', '/live'], ['Tournaments', '/tournaments'], ['Puzzles', '/puzzles'],
      ['Learn', '/learn'], ['Leaderboard', '/leaderboard'], ['alice', '/@/alice']] }, `${path} has the one header, alice signed in`);
  }
  for (const [p, who] of [[a, 'alice'], [b, 'bob'], [c, 'spectator']]) equal(p.errors, [], `no script errors on ${who}'s page`);
} catch (e) {
  fail(e);
  for (const [i, p] of env.browser.contexts().map((x) => x.pages()[0]).entries()) {
    if (!p) continue;
    try {
      console.log(`page ${i}: ${p.url()} status: ${await p.textContent('#status').catch(() => '')} toast: ${await p.evaluate(() => (document.getElementById('error') || {}).textContent).catch(() => '')} errors: ${JSON.stringify(p.errors)}`);
      await p.screenshot({ path: `${shots}/bao-lobby-fail-${i}.png` });
    } catch (_) { /* closed */ }
  }
} finally {
  await env.close();
}
finish('lobby');
