// The main page: one game in progress, kept by the server (the page keeps no copy of the
// position or the moves of its own beyond the last state it was sent). It offers only the
// legal moves the server sends, animates traced moves, keeps every move explained (the
// explanation panel, stepping lap by lap and move by move), drives the computer, and plays
// a friend through seats and the live event stream.

import { api, follow, saveSeat, seatFor, sleep } from './api.js';
import { drawBoard, fitLabels } from './board.js';
import { SPEEDS, framesOf, captionOf, lapStep, play as playFrames } from './trace.js';
import { remember, forget, traceOf, renderExplain } from './review.js';
import {
  $, TITLES, app, showError, isComputer, humanSides, mySides, who, sideName, modePlayers, humanToMove,
} from './state.js';
import { noNyumba, renderLegend, renderHelp, renderStatus, renderInfo, renderMoveList } from './panels.js';
import { fillProfiles, showLevel, showLevelRow, openDialog } from './dialog.js';
import { refreshSaved as refreshSavedList } from './saved.js';
import { oracle, oracleHoles, renderOracleLegend, setOracle } from './oracle.js';

const refreshSaved = () => refreshSavedList({ openGame, newGame });

function dirOf(m, side) {
  if (m.dir) return m.dir;
  const sym = m.text.replace(/[+*#x^]+$/, '').slice(-1);
  if (sym !== '<' && sym !== '>') return null;
  const towardsMoversRight = sym === '>';
  // South sees its own right on the screen's right; North's right is the screen's left.
  return (side === 'South') === towardsMoversRight ? 'right' : 'left';
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
  drawBoard(svg, board, { narrow: narrow(), noNyumba: noNyumba(), labels: labels(), ...opts });
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
  if (app.deleted) {
    // A deleted game has no record to download: a link without href is off (not
    // focusable, not clickable), greyed as the disabled buttons are.
    dl.removeAttribute('href');
    dl.setAttribute('aria-disabled', 'true');
  } else {
    dl.href = `/api/games/${encodeURIComponent(s.id)}/record`;
    dl.setAttribute('download', `game-${s.id}.bao`);
    dl.removeAttribute('aria-disabled');
  }
  const canAct = !app.busy && !app.animating && !app.deleted;
  $('btn-undo').disabled = !canAct || undoPlies() === 0;
  $('btn-hint').disabled = !canAct || !humanToMove();
  $('btn-resign').disabled = !canAct || !!s.outcome || mySides().length === 0;
  $('btn-invite').disabled = !!app.deleted || !!s.outcome || !seatFor(s.id);
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
  if (interactive && app.selected && groups.has(app.selected)) {
    const dirs = [...new Set(groups.get(app.selected).map((m) => m.dir).filter(Boolean))];
    if (dirs.length > 1) arrows = dirs;
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
    over: !!s.outcome || !!app.deleted,
    onHole: onHoleClick,
    onArrow: onArrowClick,
    focusArrow: app.focusArrow,
    // After a move, a keyboard player's focus goes to the first hole that can be played.
    focus: app.focusPlayable && playable.size ? [...playable][0] : undefined,
  });
  app.focusArrow = false;
  if (playable.size) app.focusPlayable = false;
  renderChoices(interactive ? groups : new Map());
  renderExplain($('explain'), app.last, (k) => openMove(app.last.ply, { k }));
  renderLegend(s.game);
}

/** Draws the move being looked at, at its frame k, with the caption of that board. */

function renderView() {
  const v = app.view;
  const s = app.state;
  $('review-bar').hidden = false;
  $('choices').textContent = '';
  const total = s.history.length;
  if (!v.played) {
    draw(v.board, { review: true, toMove: v.board.to_move });
    $('review-text').textContent = 'The start position.';
    $('caption').textContent = 'The start position, before the first move.';
  } else {
    const end = v.k === v.frames.length - 1;
    const f = v.frames[v.k];
    if (end && v.after) {
      draw(v.after, { review: true, toMove: v.after.to_move, lastFrom: v.played.from, active: new Set(f.holes) });
    } else {
      draw(v.played.before, {
        review: true, counts: f.counts, stores: f.stores, active: new Set(f.holes), toMove: v.played.side,
        lastFrom: v.k === 0 ? v.played.from : null,
      });
    }
    $('review-text').textContent = `Move ${v.ply} of ${total}: ${v.played.side} ${v.played.text}, step ${v.k} of ${v.frames.length - 1}.`;
    $('caption').textContent = captionOf(v.played, v.frames, v.k, v.ply);
  }
  $('board-area').dataset.view = v.played ? `${v.ply}:${v.k}:${v.frames.length - 1}` : '0';
  $('btn-prev').disabled = v.ply === 0 && (!v.played || v.k === 0);
  $('btn-move-prev').disabled = v.ply === 0;
  $('btn-replay').disabled = !v.played;
  renderExplain($('explain'), v.played ? v : { ply: 0 }, (k) => { app.view.k = k; render(); });
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
  const p = document.createElement('span');
  p.textContent = `Moves from ${app.selected}:`;
  box.appendChild(p);
  for (const m of options) {
    const b = document.createElement('button');
    b.textContent = m.label;
    b.dataset.move = m.text;
    b.setAttribute('aria-label', `Play ${m.label}`);
    b.addEventListener('click', () => playMove(m.text));
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => { app.selected = null; app.selectedDir = null; render(); focusBoard(); });
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
  const dirs = new Set(group.map((m) => m.dir).filter(Boolean));
  app.focusArrow = dirs.size > 1;
  render();
  if (dirs.size <= 1) {
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

async function animate(played, ply, after, from = 0) {
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
        $('caption').textContent = captionOf(played, frames, k, ply);
        if (k !== entry.shown) {
          // The panel marks the step the board shows.
          entry.shown = k;
          renderExplain($('explain'), { ...entry, k }, () => {});
          if (app.view) $('review-text').textContent = `Move ${ply}: ${played.side} ${played.text}, step ${k} of ${frames.length - 1}.`;
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
  const entry = await animate(played, ply, state.board);
  app.last = entry;
  // The caption of the board now shown: the move's last step (also at instant speed).
  $('caption').textContent = captionOf(played, entry.frames, entry.k, ply);
}

async function playMove(text) {
  if (!app.state || app.busy) return;
  app.busy = true;
  app.selected = null;
  app.selectedDir = null;
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
      r = await api('POST', `/api/games/${app.state.id}/engine`, {});
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
  app.unfollow = follow(id, onStreamState, (ok) => { app.live = ok; if (here()) renderInfo(); }, async (notice) => {
    if (!here()) return;
    if (notice) {
      gameDeleted(notice.text);
      return;
    }
    // The browser stopped reconnecting: deleted while this page was away, or a server
    // without this game (404). Another failure just leaves the board as it is.
    try {
      await api('GET', `/api/games/${encodeURIComponent(id)}`);
    } catch (e) {
      if (e.status === 404 && here()) gameDeleted(`game ${id} is not on this server any more`);
    }
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
  if (!plies || app.busy) return;
  try {
    adoptState(await api('POST', `/api/games/${app.state.id}/undo`, { plies }));
    app.seen = app.state.history.length;
    forget(app.state.id, app.state.history.length + 1);
    app.view = null;
    app.last = null;
    app.hint = null;
    app.selected = null;
    $('caption').textContent = `Took back ${plies} move${plies === 1 ? '' : 's'}.`;
  } catch (e) {
    showError(e);
  }
  render();
  continueGame();
}

async function hint() {
  if (!humanToMove() || app.busy) return;
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
  continueGame();
}

async function newGame(settings) {
  const players = modePlayers(settings.mode);
  const body = { game: settings.game, level: Number(settings.level), ...players };
  if (settings.rules) body.rules = settings.rules;
  try {
    adopt(await api('POST', '/api/games', body));
    if (settings.mode === 'friend') await invite('North');
  } catch (e) {
    showError(e);
  }
}

async function loadRecord(file) {
  const text = await file.text();
  const players = modePlayers(app.settings.mode === 'friend' ? 'humans' : app.settings.mode);
  try {
    const state = await api('POST', '/api/games/load', { record: text, level: Number(app.settings.level), ...players });
    adopt(state);
    $('caption').textContent = `Loaded ${file.name}: ${state.history.length} moves.`;
  } catch (e) {
    showError(e);
  }
}

async function openGame(id) {
  try {
    adopt(await api('GET', `/api/games/${encodeURIComponent(id)}`));
    return true;
  } catch (e) {
    return false;
  }
}

function inField(ev) {
  const t = ev.target;
  return t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || document.querySelector('dialog[open]'));
}

function setup() {
  $('btn-new').addEventListener('click', openDialog);
  $('btn-undo').addEventListener('click', undo);
  $('btn-hint').addEventListener('click', hint);
  $('oracle-toggle').checked = oracle.on;
  $('oracle-toggle').addEventListener('change', (ev) => { setOracle(ev.target.checked); render(); });
  $('btn-resign').addEventListener('click', resign);
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
  $('ng-game').addEventListener('change', fillProfiles);
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
      if (app.selected) { app.selected = null; app.selectedDir = null; render(); focusBoard(); } else if (app.view) backToGame();
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
  await newGame(app.settings);
}

window.addEventListener('hashchange', () => {
  const [id, seat] = decodeURIComponent(location.hash.replace(/^#/, '')).split(':');
  if (id && (!app.state || id !== app.state.id)) {
    if (seat) saveSeat(id, seat);
    openGame(id);
  }
});

start();
