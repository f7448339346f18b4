// The game controller: the one place that changes the game on this page. It takes the
// server's states (never an older one), sends this page's moves, drives the computer,
// animates the moves that arrive, and keeps the page's state explicit in two variables
// (state.js): `app.phase`, the request that runs ('idle', 'sending', 'thinking'), and
// `app.anim`, the animation that draws the board (null, 'own', 'reply', 'replay').
// `pageState()` names the whole: deleted, offline, reviewing, thinking, sending,
// animating-own, animating-reply, replaying or idle (the page's `data-state`).

import { t, sideWord } from './i18n.js';
import { tutorAllows } from './tutor.js';
import { api, saveSeat, seatFor, sleep } from './api.js';
import { framesOf, captionOf, play as playFrames } from './trace.js';
import { remember, forget, traceOf, renderExplain } from './review.js';
import {
  $, app, showError, hideError, isComputer, humanSides, mySides, sideName, modePlayers, humanToMove,
  moveName, movesPlayed, lobbyGame, helpBarred,
} from './state.js';
import { renderInfo, renderMoveList } from './panels.js';
import { draw, focusBoard, liveCaption, moveLabel, movesFrom, render, reviewText, speed } from './render.js';
import { onHoleClick, openMove } from './input.js';
import { startFollowing } from './stream.js';
import { hintWords } from './words.js';
import { refreshSaved as refreshSavedList } from './saved.js';
import { offerDraw } from './draw.js';

/** The saved games list, refreshed (its entries open a game here, its button starts one). */
export const refreshSaved = () => refreshSavedList({ openGame, newGame });

/** The requests the controller runs, and the ones each may follow (`enter` checks). */
const PHASES = {
  idle: ['sending', 'thinking'],
  sending: ['idle'],
  thinking: ['idle'],
};

/**
 * The request phase becomes `next`: from 'idle' to a request and back. A reset (a new game,
 * the game deleted, the server back) goes to 'idle' from anywhere.
 */
export function enter(next) {
  if (next !== 'idle' && !PHASES[app.phase].includes(next)) {
    throw new Error(`the page cannot start '${next}' while '${app.phase}'`); // a bug, not for players
  }
  app.phase = next;
  showState();
}

/** The request `phase` has ended: back to 'idle' (unless a reset came meanwhile). */
export function leave(phase) {
  if (app.phase === phase) enter('idle');
}

/** The page's state in one word (see the top of this file). */
export function pageState() {
  if (app.deleted) return 'deleted';
  if (app.offline) return 'offline';
  if (app.phase !== 'idle') return app.phase;
  if (app.anim) return { own: 'animating-own', reply: 'animating-reply', replay: 'replaying' }[app.anim];
  if (app.view) return 'reviewing';
  return 'idle';
}

/** The page's state on its board area (`data-state`), for styles and tests. */
export function showState() {
  const area = $('board-area');
  if (area) area.dataset.state = pageState();
}


/** The most an opponent's move may take to animate in a game with a clock (ms). */
const QUICK_MS = 1000;

/**
 * Whether the opponent's moves animate quickly (at most QUICK_MS, the player's clock runs
 * meanwhile): in a game with a clock, unless the player asked to see them in full.
 */
function quickReplies() {
  return !!(app.state && app.state.clock) && !$('full-replies').checked;
}

/** The animation ends now (a click on the board while it runs); resolves once it has. */
export async function endAnimation() {
  if (!app.animating) return;
  app.skip = true;
  await app.animDone;
}

/**
 * Animates `played` (move `ply`) from frame `from`, then leaves the panel on its last step.
 * `reply`: the opponent's (or the computer's) move just arrived. The board stays playable
 * while it runs (a click ends it and plays), and in a clock game it takes at most QUICK_MS.
 */
export async function animate(played, ply, after, from = 0, name = moveName(ply), { reply = false, replay = false } = {}) {
  const frames = framesOf(played);
  const entry = { ply, played, frames, k: frames.length - 1, after };
  if (!speed().step || frames.length < 2) return entry;
  const kind = reply ? 'reply' : replay ? 'replay' : 'own';
  app.anim = kind;
  showState();
  let done;
  app.animDone = new Promise((r) => { done = r; });
  app.skip = false;
  $('btn-skip').disabled = false;
  $('choices').textContent = '';
  const reviewing = !!app.view;
  const quick = reply && quickReplies();
  const deadline = performance.now() + QUICK_MS;
  const pace = quick ? () => { const sp = speed(); return { ...sp, budget: Math.min(sp.budget, QUICK_MS * 0.8) }; } : speed;
  try {
    const shown = await playFrames(played, frames, {
      from,
      speed: pace,
      stop: () => app.skip || (quick && performance.now() >= deadline),
      draw: (f, active, counts, stores, k) => {
        // While a reply animates, the position after it is already the page's: its
        // playable holes are lit and a click on one ends the animation and plays.
        const live = reply && humanToMove() && !app.busy && !app.deleted;
        const playable = live ? new Set(movesFrom().keys()) : undefined;
        draw(played.before, {
          counts, stores, active, toMove: played.side, review: reviewing,
          playable, onHole: live ? onHoleClick : undefined,
        });
        $('caption').textContent = captionOf(played, frames, k, name);
        if (k !== entry.shown) {
          // The panel marks the step the board shows.
          entry.shown = k;
          renderExplain($('explain'), { ...entry, k, name }, () => {});
          if (app.view) $('review-text').textContent = reviewText(ply, played, k, frames.length - 1, app.state.history.length);
        }
      },
    });
    entry.k = app.skip ? frames.length - 1 : shown;
  } finally {
    if (app.anim === kind) app.anim = null;
    showState();
    $('btn-skip').disabled = true;
    done();
  }
  entry.k = frames.length - 1;
  return entry;
}

/** Shows a move that was just played (ours, the computer's or the friend's): animated, then kept. */

export async function showPlayed(played, state, { reply = false } = {}) {
  const ply = state.history.length;
  const h = state.history[ply - 1];
  played = { ...played, from: played.from || (h && h.from), side: played.side || (h && h.side) };
  remember(state.id, ply, played, state.board);
  await endAnimation();
  app.view = null;
  app.note = null; // a move on the board: the caption describes it now
  app.shown = Math.max(app.shown || 0, ply);
  $('status').textContent = t('status-plays', { who: sideName(played.side), move: played.text });
  const name = moveName(ply, state.history);
  const entry = await animate(played, ply, state.board, 0, name, { reply });
  app.last = entry;
  // The caption of the board now shown: the move's last step (also at instant speed).
  $('caption').textContent = captionOf(played, entry.frames, entry.k, name);
}

export async function playMove(text) {
  if (!app.state || app.busy) return;
  // A click while the opponent's move animates ends the animation and plays.
  await endAnimation();
  if (!app.state || app.busy) return;
  if (app.draft && !(await materialize())) return;
  // The tutor (its switch on) may warn and let the player choose again.
  if (!(await tutorAllows(text))) {
    app.selected = null;
    app.selectedDir = null;
    app.selectedKichwa = null;
    render();
    return;
  }
  if (app.busy) return; // a request began meanwhile (the computer's move)
  enter('sending');
  app.selected = null;
  app.selectedDir = null;
  app.selectedKichwa = null;
  app.hint = null;
  const loop = app.loop;
  const hadFocus = $('board').contains(document.activeElement) || $('choices').contains(document.activeElement);
  render();
  try {
    const r = await api('POST', `/api/games/${app.state.id}/play`, { move: text });
    if (loop !== app.loop) return;
    // The answer is the state after this move; the event stream may already have brought
    // a newer one (the opponent's reply): adoptState keeps the newer, and catchUp shows
    // the reply once this move has been shown.
    adoptState(r.state);
    // The move list and the game card have the move at once; the board animates it.
    renderMoveList(openMove);
    renderInfo();
    await showPlayed(r.played, r.state);
  } catch (e) {
    showError(e);
  } finally {
    leave('sending');
    render();
    if (hadFocus) {
      app.focusPlayable = true;
      focusBoard();
    }
  }
  catchUp();
  continueGame();
}

/** Lets the computer move while it is its turn (only a page that holds a seat asks). */

export async function continueGame() {
  const loop = app.loop;
  while (app.state && !app.state.outcome && !app.deleted && isComputer(app.state.to_move) && loop === app.loop && !app.view) {
    if (app.busy) return;
    if (app.state.you && !seatFor(app.state.id)) return; // a spectator waits for the stream
    enter('thinking');
    render();
    let r;
    try {
      r = await api('POST', `/api/games/${app.state.id}/engine`, { ply: app.state.ply });
    } catch (e) {
      leave('thinking');
      if (loop === app.loop && e.status !== 409) {
        showError(e);
        render();
      }
      return;
    }
    leave('thinking');
    if (loop !== app.loop) return;
    adoptState(r.state);
    // The computer's move is the page's at once: playable while it animates.
    await showPlayed(r.played, r.state, { reply: true });
    if (loop !== app.loop) return;
    render();
    if (humanSides().length === 0) await sleep(400);
  }
}

/**
 * Takes a state from the server (an answer or the event stream), keeping `you`. Never an
 * older one: a state of the same game with a smaller `version` than the page's is refused
 * (a request's answer that arrives after the event stream brought the next move). Answers
 * whether the state was taken.
 */

export function adoptState(state) {
  const cur = app.state;
  if (cur && cur.id === state.id && (state.version || 0) < (cur.version || 0)) return false;
  const you = state.you !== undefined ? state.you : app.state && app.state.id === state.id ? app.state.you : undefined;
  const changed = !app.state || app.state.id !== state.id || app.state.history.length !== state.history.length
    || !!app.state.outcome !== !!state.outcome;
  app.state = { ...state, you };
  if (changed) {
    // The saved games list shows plies and results: refresh it soon (once for a burst).
    clearTimeout(adoptState.timer);
    adoptState.timer = setTimeout(refreshSaved, 800);
  }
  return true;
}

/**
 * Brings the board to the page's state: a move made elsewhere (the opponent, the computer
 * of a lobby game, another board) since the last one shown is fetched traced and
 * animated as a reply (the board playable meanwhile); several, or a takeback, are drawn
 * at once.
 */
export async function catchUp() {
  if (app.busy || app.catching || (app.animating && !app.animReply)) return;
  const s = app.state;
  if (!s) return;
  const n = s.history.length;
  const shown = app.shown || 0;
  if (n === shown + 1 && !app.deleted) {
    app.catching = true;
    try {
      // The state carries its last move traced (`last`); an older server's does not.
      const entry = s.last ? { played: s.last, after: s.board } : await traceOf({ ...s }, n);
      if (app.state && app.state.id === s.id && app.state.history.length >= n && (app.shown || 0) < n && !app.busy) {
        await showPlayed(entry.played, s, { reply: true });
      }
    } catch (_) {
      app.shown = Math.max(app.shown || 0, n);
    } finally {
      app.catching = false;
    }
    render();
    if (app.state && app.state.history.length !== app.shown) catchUp();
  } else if (n !== shown) {
    app.shown = n;
    if (app.last && app.last.ply > n) app.last = null;
    if (!app.animating) render();
  }
}

// ---------------------------------------------------------------------------------
// Undo, hint, resign, invite

/** How many plies Undo takes back: to before the last move of a side this page plays. */

export function undoPlies() {
  const s = app.state;
  if (!s || !s.history.length) return 0;
  const mineSides = mySides();
  if (humanSides().length === 0) return seatFor(s.id) || !s.you ? 1 : 0;
  for (let i = s.history.length - 1; i >= 0; i--) {
    if (mineSides.includes(s.history[i].side)) return s.history.length - i;
  }
  return 0;
}

export async function undo() {
  const plies = undoPlies();
  if (!plies || app.busy || lobbyGame()) return;
  try {
    adoptState(await api('POST', `/api/games/${app.state.id}/undo`, { plies }));
    app.shown = app.state.history.length;
    forget(app.state.id, app.state.history.length + 1);
    app.view = null;
    app.last = null;
    app.hint = null;
    app.selected = null;
    app.note = null;
    $('caption').textContent = plies === 1 ? t('undo-one') : plies === 2 ? t('undo-two') : t('undo-plies', { plies });
  } catch (e) {
    showError(e);
  }
  render();
  continueGame();
}

export async function hint() {
  if (!humanToMove() || app.busy || helpBarred()) return;
  if (app.draft && !(await materialize())) return;
  if (app.busy) return;
  enter('thinking');
  render();
  try {
    const r = await api('POST', `/api/games/${app.state.id}/hint`, {});
    const score = r.score_text || r.score || r.info || '';
    // In a player's words; the engine's number behind the Details toggle (render.js).
    const words = hintWords(r, app.state.to_move);
    app.hint = { best: r.best, score, words };
    app.note = null;
    $('caption').textContent = t('hint-caption', { label: moveLabel(r.best), words: words || score });
  } catch (e) {
    showError(e);
  } finally {
    leave('thinking');
    render();
  }
}

export async function resign() {
  const s = app.state;
  if (!s || s.outcome) return;
  const me = mySides();
  const side = me.length === 1 ? me[0] : s.to_move;
  if (!window.confirm(t('resign-confirm', { side: sideWord(side) }))) return;
  try {
    adoptState(await api('POST', `/api/games/${s.id}/resign`, { side }));
    app.loop++;
  } catch (e) {
    showError(e);
  }
  render();
}

/** Offers the opponent a draw, or accepts his offer (the Draw button, draw.js). */
export async function drawOffer() {
  const s = app.state;
  if (!s || s.outcome || app.busy) return;
  try {
    adoptState(await offerDraw(api, s.id));
  } catch (e) {
    showError(e);
  }
  render();
}

/** Invites a friend for `side` (default: North, or the computer's side) and shows the link. */

export async function invite(side) {
  if (app.draft && !(await materialize())) return;
  const s = app.state;
  if (!s) return;
  if (!side) {
    const comp = ['North', 'South'].find((x) => isComputer(x));
    side = comp || (mySides().length === 1 ? (mySides()[0] === 'South' ? 'North' : 'South') : 'North');
  }
  try {
    const r = await api('POST', `/api/games/${s.id}/invite`, { side });
    const link = new URL(r.link, location.href).href;
    $('invite-side').textContent = sideWord(r.side);
    $('invite-link').value = link;
    $('invite-note').textContent = location.hostname === '127.0.0.1' || location.hostname === 'localhost'
      ? t('invite-local')
      : '';
    $('invite-dialog').showModal();
    $('invite-link').select();
    adoptState(await api('GET', `/api/games/${s.id}`));
    render();
  } catch (e) {
    showError(e);
  }
}

export async function copyInvite() {
  const input = $('invite-link');
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    $('invite-copy').textContent = t('inv-copied');
  } catch (_) {
    document.execCommand && document.execCommand('copy');
    $('invite-copy').textContent = t('inv-copied');
  }
  setTimeout(() => { $('invite-copy').textContent = t('inv-copy'); }, 2000);
}

export function adopt(state) {
  app.loop++;
  app.deleted = null;
  app.draft = null;
  if (state.seat) saveSeat(state.id, state.seat);
  adoptState(state);
  app.view = null;
  app.last = null;
  app.hint = null;
  app.selected = null;
  app.note = null;
  enter('idle');
  app.shown = state.history.length;
  $('caption').textContent = '';
  history.replaceState(null, '', `#${state.id}`);
  // A bare visit to / continues this browser's last unfinished game (see start()).
  if (seatFor(state.id)) {
    try { localStorage.setItem('bao-last-game', state.id); } catch (_) { /* private mode */ }
  }
  startFollowing(state.id);
  render();
  refreshSaved();
  explainLast();
  continueGame();
}

/**
 * After a reload or Continue: the last move of the game, traced by the server, goes to the
 * Explanation panel and the caption, as if it had just been played here.
 */
async function explainLast() {
  const s = app.state;
  const n = s ? s.history.length : 0;
  if (!n || (app.last && app.last.ply === n)) return;
  try {
    const entry = await traceOf(s, n);
    if (!app.state || app.state.id !== s.id || app.state.history.length !== n || (app.last && app.last.ply >= n)) return;
    const frames = framesOf(entry.played);
    app.last = { ply: n, played: entry.played, frames, k: frames.length - 1, after: entry.after };
    if (!app.view && !app.animating) {
      $('caption').textContent = liveCaption();
      render();
    }
  } catch (_) { /* the panel keeps its invitation to play */ }
}

/**
 * A game not saved yet (a bare visit): the server's start state for `body`, shown and
 * playable, but the game is created only on the first move (or a hint, an invitation,
 * the Oracle), so that a visit adds no empty game to the saved games. The state comes
 * from `POST /api/games/preview` (nothing stored).
 */
async function draftGame(body) {
  const loop = app.loop;
  const state = await api('POST', '/api/games/preview', body);
  if (loop !== app.loop) return; // another game came meanwhile (a record loaded, a link)
  app.loop++;
  if (app.unfollow) app.unfollow();
  app.unfollow = null;
  app.deleted = null;
  app.state = { ...state, seat: undefined, you: humanSidesOf(body) };
  app.draft = body;
  app.view = null;
  app.last = null;
  app.hint = null;
  app.selected = null;
  enter('idle');
  app.shown = 0;
  $('caption').textContent = liveCaption();
  history.replaceState(null, '', location.pathname);
  render();
  refreshSaved();
}

const humanSidesOf = (body) => ['South', 'North'].filter((x) => body[x.toLowerCase()] !== 'computer');

/** Creates the game a draft shows (the same settings, so the same start); `false` on failure. */
function materialize() {
  const body = app.draft;
  if (!body) return Promise.resolve(true);
  if (!materialize.pending) {
    materialize.pending = api('POST', '/api/games', body).then((state) => {
      if (app.draft === body) {
        app.draft = null;
        adopt(state);
      }
      return true;
    }, (e) => {
      showError(e);
      return false;
    }).finally(() => { materialize.pending = null; });
  }
  return materialize.pending;
}
app.materialize = materialize;

export async function newGame(settings, { draft = false } = {}) {
  const players = modePlayers(settings.mode);
  const body = { game: settings.game, level: Number(settings.level), ...players };
  if (settings.rules) body.rules = settings.rules;
  try {
    // A visit waits for the first move to create a game, unless the computer starts.
    if (draft && !isComputerFirst(players) && settings.mode !== 'friend') {
      await draftGame(body);
      return;
    }
    app.draft = null;
    adopt(await api('POST', '/api/games', body));
    if (settings.mode === 'friend') await invite('North');
  } catch (e) {
    showError(e);
  }
}

const isComputerFirst = (players) => players.south === 'computer';

/**
 * Reads a file chosen with Load record…: `{ text, tooLarge }`, or `{ refused }`, the
 * sentence saying why it cannot be a game record, checked before anything is sent: larger
 * than the server takes (`/api/meta`'s `body_limit`), or not text (a NUL byte, or not
 * UTF-8). `tooLarge()` is that sentence for the server's own 413.
 */
async function readRecordFile(file) {
  const limit = app.meta && app.meta.body_limit;
  const tooLarge = () => t('load-too-large', { file: file.name, kib: Math.floor((limit || 65536) / 1024) });
  if (limit && file.size > limit) return { refused: tooLarge() };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = null;
  if (!bytes.includes(0)) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (_) { /* not UTF-8 */ }
  }
  if (text === null) return { refused: t('load-not-text', { file: file.name }) };
  return { text, tooLarge };
}

export async function loadRecord(file) {
  const { refused, text, tooLarge } = await readRecordFile(file);
  if (refused) {
    showError(refused);
    return;
  }
  const players = modePlayers(app.settings.mode === 'friend' ? 'humans' : app.settings.mode);
  let state;
  try {
    state = await api('POST', '/api/games/load', { record: text, level: Number(app.settings.level), ...players });
  } catch (e) {
    // The file's text fits, but not as JSON (its escapes make it longer): still too large.
    showError(e.status === 413 ? tooLarge() : e);
    return;
  }
  // A good load: an earlier file's error no longer holds, and "Loaded …" stays the
  // caption (explainLast's, liveCaption's) until a move or the player's next action.
  hideError();
  adopt(state);
  const plies = state.history.length;
  const moves = movesPlayed(state.history);
  app.note = t('web-loaded', { file: file.name, moves, plies });
  $('caption').textContent = app.note;
}

export async function openGame(id) {
  try {
    const state = await api('GET', `/api/games/${encodeURIComponent(id)}`);
    app.draft = null;
    adopt(state);
    return true;
  } catch (e) {
    return false;
  }
}

/**
 * The server cannot be reached: a banner says so while the page retries every 2 s; once
 * the server answers again the game is fetched afresh (moves made on another board
 * meanwhile included) and the banner goes.
 */
export function offline() {
  if (offline.timer) return;
  app.offline = true;
  showState();
  const box = document.getElementById('offline') || document.body.appendChild(Object.assign(document.createElement('div'), {
    id: 'offline', role: 'alert',
  }));
  box.textContent = t('offline');
  box.hidden = false;
  offline.timer = setInterval(async () => {
    try {
      const res = await fetch('/api/meta', { cache: 'no-store' });
      if (!res.ok) return;
    } catch (_) {
      return;
    }
    clearInterval(offline.timer);
    offline.timer = null;
    box.textContent = t('online');
    setTimeout(() => { if (!offline.timer) box.hidden = true; }, 2500);
    const err = document.getElementById('error');
    if (err) err.hidden = true;
    app.offline = false;
    enter('idle');
    if (app.state && !app.draft && !app.deleted) await openGame(app.state.id);
    else render();
  }, 2000);
}

