// The main page's input: clicks on the board (a hole, an arrow, a kichwa), the toolbar's
// buttons, the keys (Escape, the arrows, Home, End, R) and the review's stepping. Each
// asks the controller (controller.js) to act, or changes what is looked at and redraws.

import { t } from './i18n.js';
import { api, onOffline } from './api.js';
import { SPEEDS, framesOf, lapStep } from './trace.js';
import { traceOf } from './review.js';
import { $, app, showError, moveName } from './state.js';
import { fillProfiles, showLevel, showLevelRow, showProfile, openDialog } from './dialog.js';
import { oracle, setOracle } from './oracle.js';
import { fitLabels } from './board.js';
import { foldingMenu } from './menu.js';
import {
  animate, continueGame, copyInvite, drawOffer, endAnimation, hint, invite, loadRecord, newGame, offline, playMove, resign, undo,
} from './controller.js';
import {
  flipped, focusBoard, kichwaChoice, kichwaOf, liveCaption, movesFrom, narrow, render, speed,
} from './render.js';

export async function onHoleClick(name) {
  // A click while the opponent's move animates ends the animation, then counts.
  if (app.animating && app.animReply) await endAnimation();
  const group = movesFrom().get(name);
  if (!group || app.busy || app.animating) return;
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
export function onKichwaClick(hole) {
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

export function onArrowClick(dir) {
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

// ---------------------------------------------------------------------------------
// Review: any move, stepped lap by lap and move by move

export async function openMove(ply, { k = 0, animateIt = true } = {}) {
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
      await animate(entry.played, ply, entry.after, 0, moveName(ply), { replay: true });
      if (app.view && app.view.ply === ply) app.view.k = frames.length - 1;
      render();
    }
  } catch (e) {
    showError(e);
  }
}

/** Back to the game: the live board, the last move's explanation kept in the panel. */

export function backToGame() {
  app.view = null;
  $('caption').textContent = liveCaption();
  render();
  continueGame();
}

export function stepLap(delta) {
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

export function stepMove(delta) {
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

/** "Turn board": North's rows at the bottom or at the top (for this game, on this page). */
export function turnBoard() {
  if (!app.state || app.animating) return;
  app.turn = { id: app.state.id, flip: !flipped() };
  render();
}

function inField(ev) {
  const t = ev.target;
  return t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || document.querySelector('dialog[open]'));
}

export function setup() {
  onOffline(offline);
  $('btn-new').addEventListener('click', openDialog);
  // On a phone the game's controls are folded into a menu (menu.js).
  foldingMenu($('btn-menu'));
  $('btn-undo').addEventListener('click', undo);
  $('btn-hint').addEventListener('click', hint);
  $('oracle-toggle').checked = oracle.on;
  $('oracle-toggle').addEventListener('change', (ev) => { setOracle(ev.target.checked); render(); });
  $('btn-resign').addEventListener('click', resign);
  $('btn-draw').addEventListener('click', drawOffer);
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
  const showSpeed = () => { $('speed-name').textContent = `(${t('speed-name', { speed: SPEEDS[Number(sp.value)].name })})`; };
  $('full-replies').addEventListener('change', () => {
    try { localStorage.setItem('bao-full-replies', $('full-replies').checked ? '1' : '0'); } catch (_) { /* private mode */ }
  });
  sp.addEventListener('input', () => {
    showSpeed();
    try { localStorage.setItem('bao-speed', sp.value); } catch (_) { /* private mode */ }
  });
  try {
    const saved = JSON.parse(localStorage.getItem('bao-settings') || 'null');
    if (saved && saved.game) app.settings = { ...app.settings, ...saved };
    const v = localStorage.getItem('bao-speed');
    if (v !== null) sp.value = v;
    $('full-replies').checked = localStorage.getItem('bao-full-replies') === '1';
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
