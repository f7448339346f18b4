// The main page's drawing: the board (from the seat that plays it, or turned), the moves
// offered on it (a hole, then an arrow, a kichwa or a button), the toolbar's state, the
// review of a past move and the choice buttons. It reads the page's state and changes
// nothing but the DOM (and the one-shot focus requests).

import { drawBoard, fitLabels, screenArrow, screenDir } from './board.js';
import { SPEEDS, captionOf } from './trace.js';
import { renderExplain } from './review.js';
import { seatFor } from './api.js';
import { isBotName } from './account.js';
import { drawControl } from './draw.js';
import {
  $, TITLES, app, who, isComputer, mySides, humanToMove, moveName, lobbyGame, helpBarred, barredWords,
} from './state.js';
import { noNyumba, renderLegend, renderHelp, renderStatus, renderInfo, renderMoveList } from './panels.js';
import { openDialog } from './dialog.js';
import { detailsOf } from './words.js';
import { oracleHoles, renderOracleLegend } from './oracle.js';
import { playMove, showState, undoPlies } from './controller.js';
import { onArrowClick, onHoleClick, onKichwaClick, openMove } from './input.js';
import { t, sideWord, say } from './i18n.js';

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
  const sym = dirSymbol(m.text);
  if (sym !== '<' && sym !== '>') return null;
  const towardsMoversRight = sym === '>';
  // The player at the bottom sees their right on the screen's right; the one on top the
  // other way round.
  const atBottom = (side === 'South') !== flipped();
  return atBottom === towardsMoversRight ? 'right' : 'left';
}

/** A move's direction symbol (`<`, `>`), its annotations dropped; '' for a Kingulu pit. */
const dirSymbol = (text) => text.replace(/[+*#x^]+$/, '').slice(-1);

/**
 * The kichwa a namua capture's seeds are sown from (K-R6, notation.md §3), from the data:
 * a capture (`m.capture`) on a namua board (`stage`) of Bao la Kiswahili sows from the
 * mover's left kichwa (A1 / a1) when written `>`, from the right one (A8 / a8) when `<`.
 * "a8", or null for any other move.
 */
export function kichwaOf(m, s = app.state) {
  if (!s || s.game !== 'kiswahili' || !m.capture || s.board.stage !== 'namua') return null;
  const sym = dirSymbol(m.text);
  if (sym !== '<' && sym !== '>') return null;
  return `${s.to_move === 'North' ? 'a' : 'A'}${sym === '>' ? 1 : 8}`;
}

/**
 * The kichwa choice of the selected hole (K-R5): when its moves differ by the kichwa the
 * captured seeds are sown from, a Map kichwa → its moves (at least two kichwas), else null.
 */
export function kichwaChoice(group) {
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
export function kichwaWords(hole, moves) {
  const sym = dirSymbol(moves[0].text);
  return sym === '<' ? t('kichwa-right-end', { hole }) : t('kichwa-left-end', { hole });
}

/** A move's button label in the page's language: "→ A6>: takata" (arrow as the server's). */
export function moveLabel(m) {
  const arrow = (/^[←→↑↓] /.exec(m.label || '') || [''])[0];
  if (!m.says) return m.label;
  return `${arrow}${m.text}: ${m.says.map(say).join(', ')}`;
}

export function movesFrom() {
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

export const narrow = () => $('board-wrap').clientWidth < 640;

function labels() {
  return {
    north: t('board-label', { side: sideWord('North'), who: who('North') }),
    south: t('board-label', { side: sideWord('South'), who: who('South') }),
  };
}

/** Which sides an engine account (or the server's computer) plays: the labels' BOT badges. */
function bots() {
  const s = app.state || {};
  const bot = (side) => isComputer(side) || isBotName(s.names && s.names[side.toLowerCase()]);
  return { north: bot('North'), south: bot('South') };
}

export function draw(board, opts) {
  const svg = $('board');
  drawBoard(svg, board, { narrow: narrow(), noNyumba: noNyumba(), labels: labels(), bots: bots(), flip: flipped(), ...opts });
  fitLabels(svg, 12);
}

export function render() {
  const s = app.state;
  if (!s) return;
  showState();
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
  turn.title = flipped() ? t('turn-south-bottom') : t('turn-north-bottom');
  const canAct = !app.busy && !app.animating && !app.deleted;
  // A lobby game offers only what its seat can do: no takebacks ever, no help from the
  // computer while it is played (the server refuses both).
  const barred = helpBarred();
  $('btn-undo').disabled = !canAct || lobbyGame() || undoPlies() === 0;
  $('btn-undo').title = lobbyGame() ? t('undo-lobby') : t('play-undo-title');
  $('btn-hint').disabled = !canAct || !humanToMove() || barred;
  $('btn-hint').title = barred ? barredWords(t('no-hints')) : t('play-hint-title');
  showSwitch('oracle', barred, t('play-oracle-title'), t('no-oracle'));
  showSwitch('tutor', barred, t('tutor-title'), t('no-tutor'));
  $('btn-resign').disabled = !canAct || !!s.outcome || mySides().length === 0 || !!app.draft;
  // Draw offers (draw.js): between people, once each side has moved.
  const offer = drawControl(s, mySides());
  $('btn-draw').hidden = !offer.show || !!app.draft || !!app.deleted;
  $('btn-draw').textContent = offer.label || t('play-draw');
  $('btn-draw').title = offer.title;
  $('btn-draw').disabled = !canAct || !!offer.disabled;
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
      choices = new Map([...byKichwa].map(([hole, ms]) => [hole, t('sow-from-kichwa', { where: kichwaWords(hole, ms) })]));
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
function showSwitch(name, barred, title, none) {
  const label = $(`${name}-switch`);
  const box = $(`${name}-toggle`);
  if (!label || !box) return;
  box.disabled = barred;
  label.setAttribute('aria-disabled', String(barred));
  label.title = barred ? barredWords(none) : title;
}

/** The game card's Stores row: the stores of the board shown ([South, North]). */
export function showStores(stores, reviewing) {
  const dd = document.querySelector('#game-info dd[data-key="Stores"]');
  if (dd) {
    const both = t('stores-both', { south: sideWord('South'), s: stores[0], north: sideWord('North'), n: stores[1] });
    dd.textContent = reviewing ? t('stores-shown', { stores: both }) : both;
  }
}

/** The review bar's text: "Move 3. A8< (South), step 2 of 4 · ply 5 of 28". */
export function reviewText(ply, played, k, steps, total) {
  return t('review-text', { name: moveName(ply), side: sideWord(played.side), k, steps, ply, total });
}

/**
 * The caption under the live board: what the last move did (its last step), or the start.
 * Set when the board goes back to the game (after a review), so that it never describes
 * another board than the one shown.
 */
export function liveCaption() {
  const s = app.state;
  if (!s) return '';
  if (app.note) return app.note; // "Loaded …", until a move or the player's next action
  const n = s.history.length;
  if (app.last && app.last.ply === n && app.last.played) {
    return captionOf(app.last.played, app.last.frames, app.last.frames.length - 1, moveName(n));
  }
  return n ? '' : t('caption-start');
}

/** Draws the move being looked at, at its frame k, with the caption of that board. */

export function renderView() {
  const v = app.view;
  const s = app.state;
  app.note = null; // reviewing is the player's next action: back in the game, the last move's caption
  $('review-bar').hidden = false;
  $('choices').textContent = '';
  const total = s.history.length;
  const onReviewClick = () => {
    $('caption').textContent = t('caption-reviewing');
  };
  if (!v.played) {
    draw(v.board, { review: true, toMove: v.board.to_move, onBoardClick: onReviewClick });
    showStores(v.board.stores, true);
    $('review-text').textContent = t('review-start');
    $('caption').textContent = t('caption-before-first');
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
    again.textContent = t('play-new');
    again.className = 'primary';
    again.addEventListener('click', openDialog);
    box.appendChild(again);
    if (s.history.length && !app.deleted) {
      const review = document.createElement('button');
      review.textContent = t('review-from-start');
      review.addEventListener('click', () => openMove(0));
      box.appendChild(review);
    }
    return;
  }
  if (app.hint && humanToMove() && !app.busy) {
    const b = document.createElement('button');
    b.textContent = t('play-the-hint', { move: app.hint.best.text });
    b.className = 'primary';
    b.dataset.hint = app.hint.best.text;
    b.addEventListener('click', () => playMove(app.hint.best.text));
    box.appendChild(b);
    const d = detailsOf(t('hint-score', { score: app.hint.score }), t('the-number'));
    d.id = 'hint-details';
    box.appendChild(d);
  }
  if (!app.selected || !groups.has(app.selected)) return;
  let options = groups.get(app.selected);
  if (app.selectedDir) options = options.filter((m) => m.dir === app.selectedDir);
  const byKichwa = kichwaChoice(options);
  if (app.selectedKichwa) options = options.filter((m) => kichwaOf(m) === app.selectedKichwa);
  const p = document.createElement('span');
  p.textContent = byKichwa && !app.selectedKichwa
    ? t('choose-kichwa', { hole: app.selected })
    : t('moves-from', { hole: app.selected });
  box.appendChild(p);
  for (const m of options) {
    const b = document.createElement('button');
    const k = byKichwa && kichwaOf(m);
    // In words, without an arrow: the choice is the kichwa, not a direction.
    const parts = (m.says || []).filter((p) => p.key !== 'mv-from-kichwa').map(say).join(', ');
    const label = k ? t('move-from-kichwa', { move: m.text, where: kichwaWords(k, [m]), rest: parts })
      : screenArrow(moveLabel(m), flipped());
    b.textContent = label;
    b.dataset.move = m.text;
    b.setAttribute('aria-label', t('play-label', { label }));
    b.addEventListener('click', () => playMove(m.text));
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = t('ng-cancel');
  cancel.addEventListener('click', () => { app.selected = null; app.selectedDir = null;
  app.selectedKichwa = null; render(); focusBoard(); });
  box.appendChild(cancel);
}

export function focusBoard() {
  const cell = $('board').querySelector('g.cell[tabindex="0"]');
  if (cell) cell.focus();
}

export const speed = () => SPEEDS[Number($('speed').value)] || SPEEDS[2];
