// The main page: one game in progress, kept by the server (the page keeps no copy of the
// position or the moves of its own beyond the last state it was sent). It offers only the
// legal moves the server sends, animates traced moves, keeps every move explained (the
// explanation panel, stepping lap by lap and move by move), drives the computer, and plays
// a friend through seats and the live event stream.

import { tutorAllows } from './tutor.js';
import { api, follow, onOffline, saveSeat, seatFor, sleep } from './api.js';
import { drawBoard, fitLabels, screenArrow, screenDir } from './board.js';
import { SPEEDS, framesOf, captionOf, lapStep, play as playFrames } from './trace.js';
import { remember, forget, traceOf, renderExplain } from './review.js';
import {
  $, TITLES, app, showError, isComputer, humanSides, mySides, who, sideName, modePlayers, humanToMove,
  moveName, movesPlayed, lobbyGame, helpBarred, barredWords,
} from './state.js';
import { noNyumba, renderLegend, renderHelp, renderStatus, renderInfo, renderMoveList } from './panels.js';
import { fillProfiles, showLevel, showLevelRow, showProfile, openDialog } from './dialog.js';
import { refreshSaved as refreshSavedList } from './saved.js';
import { oracle, oracleHoles, renderOracleLegend, setOracle } from './oracle.js';

const refreshSaved = () => refreshSavedList({ openGame, newGame });

/**
 * Whether the board is drawn turned (North's rows at the bottom): as this browser's seat
 * sees it — a page that plays North alone sits on North's side — unless the player turned
 * it with "Turn board".
 */
export function flipped() {
  const s = app.state;
  if (!s) return false;
  if (app.turn && app.turn.id === s.id) return app.turn.flip;
  const me = mySides();
  return me.length === 1 && me[0] === 'North';
}

function dirOf(m, side) {
  // The server's direction is the screen's with North on top.
  if (m.dir) return screenDir(m.dir, flipped());
  const sym = m.text.replace(/[+*#x^]+$/, '').slice(-1);
  if (sym !== '<' && sym !== '>') return null;
  const towardsMoversRight = sym === '>';
  // The player at the bottom sees their right on the screen's right; the one on top the
  // other way round.
  const atBottom = (side === 'South') !== flipped();
  return atBottom === towardsMoversRight ? 'right' : 'left';
}

/** The kichwa a namua capture's seeds are sown from, from the server's label: "a8", or null. */
const kichwaOf = (m) => ((/sown from kichwa (\w\d+)/.exec(m.label || '') || [])[1] || null);

/**
 * The kichwa choice of the selected hole (K-R5): when its moves differ by the kichwa the
 * captured seeds are sown from, a Map kichwa → its moves (at least two kichwas), else null.
 */
function kichwaChoice(group) {
  const by = new Map();
  for (const m of group || []) {
    const k = kichwaOf(m);
    if (!k) return null;
    if (!by.has(k)) by.set(k, []);
    by.get(k).push(m);
  }
  return by.size > 1 ? by : null;
}

/** "A8, your right end": where a kichwa lies for the mover (`<` sows from the right one). */
function kichwaWords(hole, moves) {
  const sym = moves[0].text.replace(/[+*#x^]+$/, '').slice(-1);
  return `${hole}, your ${sym === '<' ? 'right' : 'left'} end`;
}

function movesFrom() {
  const groups = new Map();
  const s = app.state;
  if (!s) return groups;
  for (const m of s.moves) {
    const mm = { ...m, dir: dirOf(m, s.to_move) };
    if (!groups.has(m.from)) groups.set(m.from, []);
    groups.get(m.from).push(mm);
  }
  return groups;
}

const narrow = () => $('board-wrap').clientWidth < 640;

function labels() {
  return { north: `North — ${who('North')}`, south: `South — ${who('South')}` };
}

function draw(board, opts) {
  const svg = $('board');
  drawBoard(svg, board, { narrow: narrow(), noNyumba: noNyumba(), labels: labels(), flip: flipped(), ...opts });
  fitLabels(svg, 12);
}

function render() {
  const s = app.state;
  if (!s) return;
  document.title = `Bao — ${TITLES[s.game] || s.game}`;
  $('title').textContent = TITLES[s.game] || 'Bao';
  renderStatus();
  renderInfo();
  renderMoveList(openMove);
  renderHelp();
  const dl = $('btn-download');
  if (app.deleted || app.draft) {
    // A deleted game has no record to download: a link without href is off (not
    // focusable, not clickable), greyed as the disabled buttons are.
    dl.removeAttribute('href');
    dl.setAttribute('aria-disabled', 'true');
  } else {
    dl.href = `/api/games/${encodeURIComponent(s.id)}/record`;
    dl.setAttribute('download', `game-${s.id}.bao`);
    dl.removeAttribute('aria-disabled');
  }
  const turn = $('btn-turn');
  turn.setAttribute('aria-pressed', String(flipped()));
  turn.title = flipped() ? 'Turn the board: South at the bottom' : 'Turn the board: North at the bottom';
  const canAct = !app.busy && !app.animating && !app.deleted;
  // A lobby game offers only what its seat can do: no takebacks ever, no help from the
  // computer while it is played (the server refuses both).
  const barred = helpBarred();
  $('btn-undo').disabled = !canAct || lobbyGame() || undoPlies() === 0;
  $('btn-undo').title = lobbyGame() ? 'No takebacks: moves cannot be taken back in a lobby game' : 'Take back your last move';
  $('btn-hint').disabled = !canAct || !humanToMove() || barred;
  $('btn-hint').title = barred ? barredWords('No hints') : 'Ask the computer for a move';
  showSwitch('oracle', barred, 'Colour each playable hole by its exact outcome (the solver, at most 2 s)');
  showSwitch('tutor', barred, 'Before a move of yours that is a mistake or a blunder, say what it costs and name a better move');
  $('btn-resign').disabled = !canAct || !!s.outcome || mySides().length === 0 || !!app.draft;
  // Only the seat that started the game may invite (an invited friend's seat cannot).
  const you = Array.isArray(s.you) ? s.you : [];
  const starter = !!seatFor(s.id) && you.some((x) => !(s.invited || []).includes(x));
  $('btn-invite').hidden = !(starter || app.draft);
  $('btn-invite').disabled = !!app.deleted || !!s.outcome;
  if (app.animating) return; // the animation draws the board
  if (app.view) {
    renderView();
    renderOracleLegend(false, true);
    return;
  }
  $('review-bar').hidden = true;
  delete $('board-area').dataset.view;
  const groups = movesFrom();
  const interactive = canAct && humanToMove();
  const playable = interactive ? new Set(groups.keys()) : new Set();
  let arrows = null;
  let choices = null;
  if (interactive && app.selected && groups.has(app.selected)) {
    // A choice of kichwa is made at the kichwa itself; a choice of direction by an arrow.
    const byKichwa = kichwaChoice(groups.get(app.selected));
    if (byKichwa) {
      choices = new Map([...byKichwa].map(([hole, ms]) => [hole, `sow the captured seeds from the kichwa ${kichwaWords(hole, ms)}`]));
    } else {
      const dirs = [...new Set(groups.get(app.selected).map((m) => m.dir).filter(Boolean))];
      if (dirs.length > 1) arrows = dirs;
    }
  }
  const last = s.history[s.history.length - 1];
  // The oracle only while it is this page's move and nothing is running.
  const values = oracleHoles(interactive, render);
  renderOracleLegend(interactive);
  draw(s.board, {
    oracle: values,
    playable,
    groups,
    lastFrom: last ? last.from : null,
    selected: app.selected,
    hint: app.hint && interactive ? app.hint.best.from : null,
    arrows,
    choices,
    onChoice: onKichwaClick,
    over: !!s.outcome || !!app.deleted,
    onHole: onHoleClick,
    onArrow: onArrowClick,
    focusArrow: app.focusArrow,
    // After a move, a keyboard player's focus goes to the first hole that can be played.
    focus: app.focusChoice && choices ? [...choices.keys()][0] : app.focusPlayable && playable.size ? [...playable][0] : undefined,
  });
  app.focusArrow = false;
  app.focusChoice = false;
  if (playable.size) app.focusPlayable = false;
  renderChoices(interactive ? groups : new Map());
  renderExplain($('explain'), app.last && { ...app.last, name: moveName(app.last.ply) }, (k) => openMove(app.last.ply, { k }));
  renderLegend(s.game);
}

/**
 * The Oracle or Tutor switch of the toolbar (`#<name>-switch`, `#<name>-toggle`): off
 * (greyed, its tooltip saying why) while `barred`, else with its usual tooltip.
 */
function showSwitch(name, barred, title) {
  const label = $(`${name}-switch`);
  const box = $(`${name}-toggle`);
  if (!label || !box) return;
  box.disabled = barred;
  label.setAttribute('aria-disabled', String(barred));
  label.title = barred ? barredWords(`No ${name}`) : title;
}

/** The game card's Stores row: the stores of the board shown ([South, North]). */
function showStores(stores, reviewing) {
  const dd = document.querySelector('#game-info dd[data-key="Stores"]');
  if (dd) dd.textContent = `South ${stores[0]} · North ${stores[1]}${reviewing ? ' (on the board shown)' : ''}`;
}

/** The review bar's text: "Move 3. A8< (South), step 2 of 4 · ply 5 of 28". */
function reviewText(ply, played, k, steps, total) {
  return `Move ${moveName(ply)} (${played.side}), step ${k} of ${steps} · ply ${ply} of ${total}.`;
}

/**
 * The caption under the live board: what the last move did (its last step), or the start.
 * Set when the board goes back to the game (after a review), so that it never describes
 * another board than the one shown.
 */
function liveCaption() {
  const s = app.state;
  if (!s) return '';
  const n = s.history.length;
  if (app.last && app.last.ply === n && app.last.played) {
    return captionOf(app.last.played, app.last.frames, app.last.frames.length - 1, moveName(n));
  }
  return n ? '' : 'The start position: no move has been played yet.';
}

/** Draws the move being looked at, at its frame k, with the caption of that board. */

function renderView() {
  const v = app.view;
  const s = app.state;
  $('review-bar').hidden = false;
  $('choices').textContent = '';
  const total = s.history.length;
  const onReviewClick = () => {
    $('caption').textContent = 'Reviewing a past move — press Escape (or "Back to the game") to play.';
  };
  if (!v.played) {
    draw(v.board, { review: true, toMove: v.board.to_move, onBoardClick: onReviewClick });
    showStores(v.board.stores, true);
    $('review-text').textContent = 'The start position.';
    $('caption').textContent = 'The start position, before the first move.';
  } else {
    const end = v.k === v.frames.length - 1;
    const f = v.frames[v.k];
    if (end && v.after) {
      draw(v.after, {
        review: true, toMove: v.after.to_move, lastFrom: v.played.from, active: new Set(f.holes), onBoardClick: onReviewClick,
      });
      showStores(v.after.stores, true);
    } else {
      draw(v.played.before, {
        review: true, counts: f.counts, stores: f.stores, active: new Set(f.holes), toMove: v.played.side,
        lastFrom: v.k === 0 ? v.played.from : null, onBoardClick: onReviewClick,
      });
      showStores(f.stores, true);
    }
    $('review-text').textContent = reviewText(v.ply, v.played, v.k, v.frames.length - 1, total);
    $('caption').textContent = captionOf(v.played, v.frames, v.k, moveName(v.ply));
  }
  $('board-area').dataset.view = v.played ? `${v.ply}:${v.k}:${v.frames.length - 1}` : '0';
  $('btn-prev').disabled = v.ply === 0 && (!v.played || v.k === 0);
  $('btn-move-prev').disabled = v.ply === 0;
  $('btn-replay').disabled = !v.played;
  renderExplain($('explain'), v.played ? { ...v, name: moveName(v.ply) } : { ply: 0 }, (k) => { app.view.k = k; render(); });
}

function renderChoices(groups) {
  const box = $('choices');
  box.textContent = '';
  const s = app.state;
  if ((s.outcome || app.deleted) && !app.busy) {
    const again = document.createElement('button');
    again.textContent = 'New game…';
    again.className = 'primary';
    again.addEventListener('click', openDialog);
    box.appendChild(again);
    if (s.history.length && !app.deleted) {
      const review = document.createElement('button');
      review.textContent = 'Review from the start';
      review.addEventListener('click', () => openMove(0));
      box.appendChild(review);
    }
    return;
  }
  if (app.hint && humanToMove() && !app.busy) {
    const b = document.createElement('button');
    b.textContent = `Play the hint ${app.hint.best.text}`;
    b.className = 'primary';
    b.dataset.hint = app.hint.best.text;
    b.addEventListener('click', () => playMove(app.hint.best.text));
    box.appendChild(b);
  }
  if (!app.selected || !groups.has(app.selected)) return;
  let options = groups.get(app.selected);
  if (app.selectedDir) options = options.filter((m) => m.dir === app.selectedDir);
  const byKichwa = kichwaChoice(options);
  if (app.selectedKichwa) options = options.filter((m) => kichwaOf(m) === app.selectedKichwa);
  const p = document.createElement('span');
  p.textContent = byKichwa && !app.selectedKichwa
    ? `${app.selected} captures: click the kichwa to sow from (lit on the board), or:`
    : `Moves from ${app.selected}:`;
  box.appendChild(p);
  for (const m of options) {
    const b = document.createElement('button');
    const k = byKichwa && kichwaOf(m);
    // In words, without an arrow: the choice is the kichwa, not a direction.
    const rest = m.label.replace(/^[^:]*:\s*/, '').replace(/,?\s*sown from kichwa \w\d+/, '');
    const label = k ? `${m.text}: sow from the kichwa ${kichwaWords(k, [m])} (${rest})`
      : screenArrow(m.label, flipped());
    b.textContent = label;
    b.dataset.move = m.text;
    b.setAttribute('aria-label', `Play ${label}`);
    b.addEventListener('click', () => playMove(m.text));
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => { app.selected = null; app.selectedDir = null;
  app.selectedKichwa = null; render(); focusBoard(); });
  box.appendChild(cancel);
}

function focusBoard() {
  const cell = $('board').querySelector('g.cell[tabindex="0"]');
  if (cell) cell.focus();
}

function onHoleClick(name) {
  const group = movesFrom().get(name);
  if (!group || app.busy) return;
  if (group.length === 1) {
    playMove(group[0].text);
    return;
  }
  app.selected = name;
  app.selectedDir = null;
  app.selectedKichwa = null;
  const dirs = new Set(group.map((m) => m.dir).filter(Boolean));
  const byKichwa = kichwaChoice(group);
  app.focusArrow = !byKichwa && dirs.size > 1;
  app.focusChoice = !!byKichwa;
  render();
  if (!byKichwa && dirs.size <= 1) {
    const b = $('choices').querySelector('button[data-move]');
    if (b) b.focus();
  }
}

/** A click on a lit kichwa: the capture sown from it (or a choice among its moves). */
function onKichwaClick(hole) {
  const group = (movesFrom().get(app.selected) || []).filter((m) => kichwaOf(m) === hole);
  if (group.length === 1) {
    playMove(group[0].text);
  } else if (group.length > 1) {
    app.selectedKichwa = hole;
    render();
    const b = $('choices').querySelector('button[data-move]');
    if (b) b.focus();
  }
}

function onArrowClick(dir) {
  const group = (movesFrom().get(app.selected) || []).filter((m) => m.dir === dir);
  if (group.length === 1) {
    playMove(group[0].text);
  } else if (group.length > 1) {
    app.selectedDir = dir; // e.g. stop at the nyumba or take safari: choose with a button
    render();
    const b = $('choices').querySelector('button[data-move]');
    if (b) b.focus();
  }
}

const speed = () => SPEEDS[Number($('speed').value)] || SPEEDS[2];

/** Animates `played` (move `ply`) from frame `from`, then leaves the panel on its last step. */

async function animate(played, ply, after, from = 0, name = moveName(ply)) {
  const frames = framesOf(played);
  const entry = { ply, played, frames, k: frames.length - 1, after };
  if (!speed().step || frames.length < 2) return entry;
  app.animating = true;
  app.skip = false;
  $('btn-skip').disabled = false;
  $('choices').textContent = '';
  const reviewing = !!app.view;
  try {
    const shown = await playFrames(played, frames, {
      from,
      speed,
      stop: () => app.skip,
      draw: (f, active, counts, stores, k) => {
        draw(played.before, { counts, stores, active, toMove: played.side, review: reviewing });
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
    app.animating = false;
    $('btn-skip').disabled = true;
  }
  entry.k = frames.length - 1;
  return entry;
}

/** Shows a move that was just played (ours, the computer's or the friend's): animated, then kept. */

async function showPlayed(played, state) {
  const ply = state.history.length;
  const h = state.history[ply - 1];
  played = { ...played, from: played.from || (h && h.from), side: played.side || (h && h.side) };
  remember(state.id, ply, played, state.board);
  app.view = null;
  $('status').textContent = `${sideName(played.side)} plays ${played.text}`;
  const name = moveName(ply, state.history);
  const entry = await animate(played, ply, state.board, 0, name);
  app.last = entry;
  // The caption of the board now shown: the move's last step (also at instant speed).
  $('caption').textContent = captionOf(played, entry.frames, entry.k, name);
}

async function playMove(text) {
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
  app.busy = true;
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
    app.seen = r.state.history.length;
    await showPlayed(r.played, r.state);
    if (loop !== app.loop) return;
    adoptState(r.state);
  } catch (e) {
    showError(e);
  } finally {
    app.busy = false;
    render();
    if (hadFocus) {
      app.focusPlayable = true;
      focusBoard();
    }
  }
  continueGame();
}

/** Lets the computer move while it is its turn (only a page that holds a seat asks). */

async function continueGame() {
  const loop = app.loop;
  while (app.state && !app.state.outcome && !app.deleted && isComputer(app.state.to_move) && loop === app.loop && !app.view) {
    if (app.busy) return;
    if (app.state.you && !seatFor(app.state.id)) return; // a spectator waits for the stream
    app.busy = true;
    app.thinking = true;
    render();
    let r;
    try {
      r = await api('POST', `/api/games/${app.state.id}/engine`, { ply: app.state.ply });
    } catch (e) {
      app.thinking = false;
      app.busy = false;
      if (loop === app.loop && e.status !== 409) {
        showError(e);
        render();
      }
      return;
    }
    app.thinking = false;
    if (loop !== app.loop) { app.busy = false; return; }
    app.seen = r.state.history.length;
    await showPlayed(r.played, r.state);
    app.busy = false;
    if (loop !== app.loop) return;
    adoptState(r.state);
    render();
    if (humanSides().length === 0) await sleep(400);
  }
}

/** Takes a state from the server (an answer or the event stream), keeping `you`. */

function adoptState(state) {
  const you = state.you !== undefined ? state.you : app.state && app.state.id === state.id ? app.state.you : undefined;
  const changed = !app.state || app.state.id !== state.id || app.state.history.length !== state.history.length
    || !!app.state.outcome !== !!state.outcome;
  app.state = { ...state, you };
  if (changed) {
    // The saved games list shows plies and results: refresh it soon (once for a burst).
    clearTimeout(adoptState.timer);
    adoptState.timer = setTimeout(refreshSaved, 800);
  }
}

/** A state from the event stream: another board moved, undid, resigned or invited. */

async function onStreamState(state) {
  const s = app.state;
  if (!s || state.id !== s.id) return;
  const known = app.seen !== undefined ? app.seen : s.history.length;
  if (app.busy || app.animating) {
    // Our own request is running; its answer brings the same state, unless the game ended
    // meanwhile without a move (a flag fell on the server's clock).
    if (state.history.length <= known && !!state.outcome === !!s.outcome) return;
  }
  const grew = state.history.length === known + 1
    && state.history.slice(0, known).every((h, i) => s.history[i] && h.text === s.history[i].text);
  app.seen = state.history.length;
  if (state.history.length < known) forget(s.id, state.history.length + 1);
  if (grew && !app.busy) {
    // A move made on another board: fetch its trace and animate it here too.
    app.busy = true;
    try {
      const entry = await traceOf({ ...state }, state.history.length);
      adoptState(state);
      await showPlayed(entry.played, app.state);
    } catch (_) {
      adoptState(state);
    } finally {
      app.busy = false;
    }
  } else {
    adoptState(state);
  }
  if (state.history.length !== known || !!state.outcome !== !!s.outcome) {
    // The game moved on elsewhere: a choice or a hint for the old position is void.
    app.selected = null;
    app.hint = null;
  }
  render();
  continueGame();
}

function startFollowing(id) {
  if (app.unfollow) app.unfollow();
  app.live = false;
  const here = () => app.state && app.state.id === id;
  let wasLive = false;
  const onLive = (ok) => {
    app.live = ok;
    wasLive = wasLive || ok;
    window.dispatchEvent(new CustomEvent('bao-live', { detail: ok }));
    if (here()) renderInfo();
    // A stream that was up and is down for 3 s: the server (this instance) cannot be
    // reached. Say so at once, not at the player's next click: what the board shows may
    // be stale. Not while a request is in flight (its own failure says so, and the
    // recovery must not start a second computer move beside it), nor while a slow
    // server is still opening the stream the first time.
    clearTimeout(app.liveTimer);
    if (!ok && wasLive) {
      app.liveTimer = setTimeout(() => {
        if (!app.live && here() && !app.deleted && !app.busy) offline();
      }, 3000);
    }
  };
  app.unfollow = follow(id, onStreamState, onLive, async (notice) => {
    if (!here()) return;
    if (notice) {
      gameDeleted(notice.text);
      return;
    }
    // The browser stopped reconnecting: deleted while this page was away, or a server
    // without this game (404) — or the server (one instance behind a proxy) went away
    // and the proxy answered an error for a while. Unless the game is gone, follow it
    // again in a moment (the new stream starts with the state now: nothing is missed).
    let gone = false;
    try {
      await api('GET', `/api/games/${encodeURIComponent(id)}`);
    } catch (e) {
      if (e.status === 404 && here()) {
        gameDeleted(`game ${id} is not on this server any more`);
        gone = true;
      }
    }
    if (!gone) setTimeout(() => { if (here() && !app.deleted) startFollowing(id); }, 2000);
  });
}

/**
 * The game on this board was deleted (by its creator, maybe on another board): the board
 * stays visible but nothing can be played, the status says so, and this browser forgets
 * the game's seat.
 */
function gameDeleted(text) {
  const id = app.state.id;
  app.loop++; // a computer loop of this game stops
  app.deleted = text;
  app.selected = null;
  app.hint = null;
  app.busy = false;
  app.thinking = false;
  app.live = false;
  saveSeat(id, null);
  try {
    if (localStorage.getItem('bao-last-game') === id) localStorage.removeItem('bao-last-game');
  } catch (_) { /* private mode */ }
  render();
  refreshSaved();
}

// ---------------------------------------------------------------------------------
// Review: any move, stepped lap by lap and move by move

async function openMove(ply, { k = 0, animateIt = true } = {}) {
  const s = app.state;
  if (!s || app.animating) return;
  const total = s.history.length;
  ply = Math.max(0, Math.min(total, ply));
  app.selected = null;
  // On a phone the move list is below the board: bring the board back into view.
  if (narrow()) {
    const r = $('board-area').getBoundingClientRect();
    if (r.top < 0 || r.top > window.innerHeight / 2) $('board-area').scrollIntoView({ block: 'start' });
  }
  try {
    if (ply === 0) {
      const at = await api('GET', `/api/games/${s.id}/at/0`);
      app.view = { ply: 0, played: null, board: at.board };
      render();
      return;
    }
    const entry = await traceOf(s, ply);
    const frames = framesOf(entry.played);
    const replay = animateIt && k === 0 && speed().step;
    const at = k < 0 || (animateIt && !replay) ? frames.length - 1 : k;
    app.view = { ply, played: entry.played, frames, k: at, after: entry.after };
    render();
    if (replay) {
      await animate(entry.played, ply, entry.after, 0);
      if (app.view && app.view.ply === ply) app.view.k = frames.length - 1;
      render();
    }
  } catch (e) {
    showError(e);
  }
}

/** Back to the game: the live board, the last move's explanation kept in the panel. */

function backToGame() {
  app.view = null;
  $('caption').textContent = liveCaption();
  render();
  continueGame();
}

function stepLap(delta) {
  const s = app.state;
  if (!s || app.animating) return;
  if (!app.view) {
    if (delta > 0 || !s.history.length) return;
    // From the game: step back into the last move.
    const last = app.last && app.last.ply === s.history.length ? app.last : null;
    if (last) {
      app.view = { ...last, k: lapStep(last.frames, last.frames.length - 1, -1) };
      render();
    } else {
      openMove(s.history.length, { k: -1, animateIt: false });
    }
    return;
  }
  const v = app.view;
  if (!v.played) {
    if (delta > 0) openMove(1, { k: 0, animateIt: false });
    return;
  }
  const end = v.frames.length - 1;
  if (delta > 0 && v.k === end) {
    if (v.ply === s.history.length) backToGame();
    else openMove(v.ply + 1, { k: 1, animateIt: false });
    return;
  }
  if (delta < 0 && v.k === 0) {
    openMove(v.ply - 1, { k: -1, animateIt: false });
    return;
  }
  v.k = lapStep(v.frames, v.k, delta);
  render();
}

function stepMove(delta) {
  const s = app.state;
  if (!s || app.animating) return;
  const ply = app.view ? app.view.ply : s.history.length;
  const next = ply + delta;
  if (next > s.history.length) return;
  if (next === s.history.length && delta > 0) {
    backToGame();
    return;
  }
  if (next < 0) return;
  openMove(next, { k: -1, animateIt: false });
}

// ---------------------------------------------------------------------------------
// Undo, hint, resign, invite

/** How many plies Undo takes back: to before the last move of a side this page plays. */

function undoPlies() {
  const s = app.state;
  if (!s || !s.history.length) return 0;
  const mineSides = mySides();
  if (humanSides().length === 0) return seatFor(s.id) || !s.you ? 1 : 0;
  for (let i = s.history.length - 1; i >= 0; i--) {
    if (mineSides.includes(s.history[i].side)) return s.history.length - i;
  }
  return 0;
}

async function undo() {
  const plies = undoPlies();
  if (!plies || app.busy || lobbyGame()) return;
  try {
    adoptState(await api('POST', `/api/games/${app.state.id}/undo`, { plies }));
    app.seen = app.state.history.length;
    forget(app.state.id, app.state.history.length + 1);
    app.view = null;
    app.last = null;
    app.hint = null;
    app.selected = null;
    $('caption').textContent = plies === 1 ? 'Took back the last move.' : plies === 2
      ? 'Took back your last move and the reply to it.' : `Took back the last ${plies} plies.`;
  } catch (e) {
    showError(e);
  }
  render();
  continueGame();
}

async function hint() {
  if (!humanToMove() || app.busy || helpBarred()) return;
  if (app.draft && !(await materialize())) return;
  app.busy = true;
  app.thinking = true;
  render();
  try {
    const r = await api('POST', `/api/games/${app.state.id}/hint`, {});
    const score = r.score_text || r.score || r.info || '';
    app.hint = { best: r.best, score };
    $('caption').textContent = `Hint: ${r.best.label} — ${score}`;
  } catch (e) {
    showError(e);
  } finally {
    app.thinking = false;
    app.busy = false;
    render();
  }
}

async function resign() {
  const s = app.state;
  if (!s || s.outcome) return;
  const me = mySides();
  const side = me.length === 1 ? me[0] : s.to_move;
  if (!window.confirm(`Resign this game as ${side}?`)) return;
  try {
    adoptState(await api('POST', `/api/games/${s.id}/resign`, { side }));
    app.loop++;
  } catch (e) {
    showError(e);
  }
  render();
}

/** Invites a friend for `side` (default: North, or the computer's side) and shows the link. */

async function invite(side) {
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
    $('invite-side').textContent = r.side;
    $('invite-link').value = link;
    $('invite-note').textContent = location.hostname === '127.0.0.1' || location.hostname === 'localhost'
      ? 'This address works on this computer. For a friend on your network, start the server with --host and share that address instead of 127.0.0.1.'
      : '';
    $('invite-dialog').showModal();
    $('invite-link').select();
    adoptState(await api('GET', `/api/games/${s.id}`));
    render();
  } catch (e) {
    showError(e);
  }
}

async function copyInvite() {
  const input = $('invite-link');
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    $('invite-copy').textContent = 'Copied';
  } catch (_) {
    document.execCommand && document.execCommand('copy');
    $('invite-copy').textContent = 'Copied';
  }
  setTimeout(() => { $('invite-copy').textContent = 'Copy link'; }, 2000);
}

function adopt(state) {
  app.loop++;
  app.deleted = null;
  app.draft = null;
  if (state.seat) saveSeat(state.id, state.seat);
  adoptState(state);
  app.view = null;
  app.last = null;
  app.hint = null;
  app.selected = null;
  app.busy = false;
  app.thinking = false;
  app.seen = state.history.length;
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
  app.busy = false;
  app.thinking = false;
  app.seen = 0;
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

async function newGame(settings, { draft = false } = {}) {
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

async function loadRecord(file) {
  const text = await file.text();
  const players = modePlayers(app.settings.mode === 'friend' ? 'humans' : app.settings.mode);
  try {
    const state = await api('POST', '/api/games/load', { record: text, level: Number(app.settings.level), ...players });
    adopt(state);
    const plies = state.history.length;
    const moves = movesPlayed(state.history);
    $('caption').textContent = `Loaded ${file.name}: ${moves} move${moves === 1 ? '' : 's'} (${plies} ${plies === 1 ? 'ply' : 'plies'}).`;
  } catch (e) {
    showError(e);
  }
}

async function openGame(id) {
  try {
    const state = await api('GET', `/api/games/${encodeURIComponent(id)}`);
    app.draft = null;
    adopt(state);
    return true;
  } catch (e) {
    return false;
  }
}

/** "Turn board": North's rows at the bottom or at the top (for this game, on this page). */
function turnBoard() {
  if (!app.state || app.animating) return;
  app.turn = { id: app.state.id, flip: !flipped() };
  render();
}

/**
 * The server cannot be reached: a banner says so while the page retries every 2 s; once
 * the server answers again the game is fetched afresh (moves made on another board
 * meanwhile included) and the banner goes.
 */
function offline() {
  if (offline.timer) return;
  const box = document.getElementById('offline') || document.body.appendChild(Object.assign(document.createElement('div'), {
    id: 'offline', role: 'alert',
  }));
  box.textContent = 'Cannot reach the server; retrying…';
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
    box.textContent = 'The server is back.';
    setTimeout(() => { if (!offline.timer) box.hidden = true; }, 2500);
    const err = document.getElementById('error');
    if (err) err.hidden = true;
    app.busy = false;
    app.thinking = false;
    if (app.state && !app.draft && !app.deleted) await openGame(app.state.id);
    else render();
  }, 2000);
}

function inField(ev) {
  const t = ev.target;
  return t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || document.querySelector('dialog[open]'));
}

function setup() {
  onOffline(offline);
  $('btn-new').addEventListener('click', openDialog);
  $('btn-undo').addEventListener('click', undo);
  $('btn-hint').addEventListener('click', hint);
  $('oracle-toggle').checked = oracle.on;
  $('oracle-toggle').addEventListener('change', (ev) => { setOracle(ev.target.checked); render(); });
  $('btn-resign').addEventListener('click', resign);
  $('btn-turn').addEventListener('click', turnBoard);
  $('btn-invite').addEventListener('click', () => invite());
  $('invite-copy').addEventListener('click', copyInvite);
  $('btn-skip').addEventListener('click', () => { app.skip = true; });
  $('btn-live').addEventListener('click', backToGame);
  $('btn-prev').addEventListener('click', () => stepLap(-1));
  $('btn-next').addEventListener('click', () => stepLap(1));
  $('btn-move-prev').addEventListener('click', () => stepMove(-1));
  $('btn-move-next').addEventListener('click', () => stepMove(1));
  $('btn-replay').addEventListener('click', () => app.view && app.view.played && openMove(app.view.ply));
  $('btn-load').addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); $('file-load').click(); } });
  $('file-load').addEventListener('change', (ev) => {
    const f = ev.target.files && ev.target.files[0];
    if (f) loadRecord(f);
    ev.target.value = '';
  });
  $('ng-game').addEventListener('change', () => { fillProfiles(); showLevel(); });
  $('ng-rules').addEventListener('change', showProfile);
  $('ng-level').addEventListener('input', showLevel);
  for (const r of document.querySelectorAll('input[name=mode]')) r.addEventListener('change', showLevelRow);
  $('new-dialog').addEventListener('close', () => {
    if ($('new-dialog').returnValue !== 'start') return;
    const mode = (document.querySelector('input[name=mode]:checked') || {}).value || 'south';
    app.settings = { game: $('ng-game').value, rules: $('ng-rules').value, level: Number($('ng-level').value), mode };
    try { localStorage.setItem('bao-settings', JSON.stringify(app.settings)); } catch (_) { /* private mode */ }
    newGame(app.settings);
  });
  const sp = $('speed');
  const showSpeed = () => { $('speed-name').textContent = `(${SPEEDS[Number(sp.value)].name})`; };
  sp.addEventListener('input', () => {
    showSpeed();
    try { localStorage.setItem('bao-speed', sp.value); } catch (_) { /* private mode */ }
  });
  try {
    const saved = JSON.parse(localStorage.getItem('bao-settings') || 'null');
    if (saved && saved.game) app.settings = { ...app.settings, ...saved };
    const v = localStorage.getItem('bao-speed');
    if (v !== null) sp.value = v;
  } catch (_) { /* ignore */ }
  showSpeed();
  document.addEventListener('keydown', (ev) => {
    if (inField(ev)) return;
    if (ev.key === 'Escape') {
      if (app.selected) { app.selected = null; app.selectedDir = null;
  app.selectedKichwa = null; render(); focusBoard(); } else if (app.view) backToGame();
      return;
    }
    if ($('board').contains(ev.target) && /^Arrow/.test(ev.key) && !ev.shiftKey) return; // moving between holes
    const moveKey = (ev.shiftKey && (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight')) || ev.key === 'PageUp' || ev.key === 'PageDown';
    if (moveKey) {
      ev.preventDefault();
      stepMove(ev.key === 'ArrowLeft' || ev.key === 'PageUp' ? -1 : 1);
    } else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
      ev.preventDefault();
      stepLap(ev.key === 'ArrowLeft' ? -1 : 1);
    } else if (ev.key === 'Home' && app.state && app.state.history.length) {
      ev.preventDefault();
      openMove(0);
    } else if (ev.key === 'End' && app.view) {
      ev.preventDefault();
      backToGame();
    } else if ((ev.key === 'r' || ev.key === 'R') && app.view && app.view.played) {
      openMove(app.view.ply);
    }
  });
  let lastNarrow = null;
  window.addEventListener('resize', () => {
    const n = narrow();
    if (n !== lastNarrow && !app.animating) render();
    else fitLabels($('board'), 12);
    lastNarrow = n;
  });
}

async function start() {
  setup();
  try {
    app.meta = await api('GET', '/api/meta');
  } catch (e) {
    showError(e);
  }
  // `#<id>` (this browser's game) or `#<id>:<seat>` (a seat's link, e.g. an invitation).
  const [id, seat] = decodeURIComponent(location.hash.replace(/^#/, '')).split(':');
  if (id) {
    if (seat) saveSeat(id, seat);
    if (await openGame(id)) return;
    showError(`game ${id} is not on this server any more: starting a new game`);
  } else {
    // A bare visit continues this browser's last game while it is unfinished, instead of
    // saving a new empty game on every visit.
    let last = null;
    try { last = localStorage.getItem('bao-last-game'); } catch (_) { /* private mode */ }
    if (last && seatFor(last) && (await openGame(last)) && !app.state.outcome) return;
  }
  await newGame(app.settings, { draft: true });
}

window.addEventListener('hashchange', () => {
  const [id, seat] = decodeURIComponent(location.hash.replace(/^#/, '')).split(':');
  if (id && (!app.state || id !== app.state.id)) {
    if (seat) saveSeat(id, seat);
    openGame(id);
  }
});

start();
