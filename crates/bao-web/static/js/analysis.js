// "Analyse this game" (docs/analysis.md, docs/web.md "Analysis"): starts the game report
// on the server (POST /api/games/{id}/analysis), follows its progress on the game's event
// stream (`event: analysis`), then draws the evaluation graph above the move list (a click
// on a point reviews that move), marks the moves ?!, ? and ?? in the list, and while a move
// is reviewed names the best move and draws it as an arrow on the board.
//
// It only reads the page's state (`app`) and decorates what the page draws, so that the
// page's own modules need not know about it.

import { api, streamListeners } from './api.js';
import { app, $, lobbyGame, lobbyKind, mySides, moveName } from './state.js';
import { drawBoard, fitLabels } from './board.js';
import { SPEEDS, framesOf, captionOf, play as playFrames } from './trace.js';
import { flipped } from './render.js';
import { t, sideWord } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const MARK_CLASS = { inaccuracy: 'mark-inaccuracy', mistake: 'mark-mistake', blunder: 'mark-blunder' };
const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

const READY = t('an-ready');
const BUTTON_TITLE = t('an-button-title');
/** A move's class in words: `mistake` / `kosa`. */
const classWords = (c) => ({
  forced: t('an-forced'), best: t('an-best'), good: t('an-good'), inaccuracy: t('an-inaccuracy'), mistake: t('an-mistake'), blunder: t('an-blunder'),
}[c] || c);

/**
 * Why "Analyse this game" cannot be asked for now, in a player's words, or '' when it can:
 * a game in progress only by its players (their seats), and a lobby game only once it is
 * over (docs/web.md "Analysis"); a new game not saved yet has nothing to analyse.
 */
export function analyseBarred() {
  const s = app.state;
  if (!s) return t('an-no-game');
  if (app.deleted) return t('an-deleted');
  if (app.draft) return t('an-draft');
  if (s.outcome) return '';
  if (lobbyGame()) return t('an-lobby', { kind: lobbyKind() });
  if (!mySides().length) return t('an-players-only');
  return '';
}

const an = {
  barred: null, // the reason last shown for the button being off ('' = on)
  game: null, // the game id the card is about
  report: null, // the finished report JSON
  running: false,
  done: 0,
  total: 0,
  error: null,
  shownPly: null, // the reviewed ply the board overlay is drawn for
};

function svgEl(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/** The mover's winning chances (0–100) of a value (docs/analysis.md). */
export function winPercent(v) {
  if (v.proved === 'win') return 100;
  if (v.proved === 'loss') return 0;
  if (v.proved === 'draw') return 50;
  return 50 + 50 * Math.tanh((v.score || 0) / 8);
}

/** A value in short words: `win 29 (S 26–22)`, `+1.25`. */
export function valueText(v) {
  let out;
  if (v.proved === 'win') out = t('an-win', { plies: v.plies });
  else if (v.proved === 'loss') out = t('an-loss', { plies: v.plies });
  else if (v.proved === 'draw') out = t('value-draw');
  else out = (v.score >= 0 ? '+' : '') + (v.score || 0).toFixed(2);
  if (v.margin) out += ` (${t('an-south-short')} ${v.margin[0]}–${v.margin[1]})`;
  return out;
}

function card() {
  let c = $('analysis-card');
  if (c) return c;
  c = document.createElement('section');
  c.className = 'card';
  c.id = 'analysis-card';
  c.setAttribute('aria-label', t('an-title'));
  const h = document.createElement('h2');
  h.textContent = t('an-title');
  const btn = document.createElement('button');
  btn.id = 'btn-analyse';
  btn.textContent = t('an-button');
  btn.title = BUTTON_TITLE;
  btn.addEventListener('click', start);
  const status = document.createElement('p');
  status.id = 'analysis-status';
  status.className = 'small';
  const graph = document.createElement('div');
  graph.id = 'analysis-graph';
  const best = document.createElement('p');
  best.id = 'analysis-best';
  best.className = 'small';
  const playBest = document.createElement('button');
  playBest.id = 'btn-play-best';
  playBest.textContent = t('an-play-best');
  playBest.title = t('an-play-best-title');
  playBest.hidden = true;
  playBest.addEventListener('click', playBestMove);
  c.append(h, btn, status, graph, best, playBest);
  const moves = $('move-list') && $('move-list').closest('.card');
  if (moves && moves.parentNode) moves.parentNode.insertBefore(c, moves);
  else if ($('side-panel')) $('side-panel').appendChild(c);
  return c;
}

function setStatus(text) {
  card();
  $('analysis-status').textContent = text;
}

async function start() {
  if (!app.state || analyseBarred()) return;
  const id = app.state.id;
  an.game = id;
  an.report = null;
  an.error = null;
  an.running = true;
  setStatus(t('an-analysing'));
  try {
    const r = await api('POST', `/api/games/${encodeURIComponent(id)}/analysis`, {});
    accept(id, r);
  } catch (e) {
    an.running = false;
    setStatus(t('an-error', { error: e.message }));
  }
}

/** Takes an answer of POST/GET …/analysis: the report, or the progress. */
function accept(id, r) {
  if (id !== an.game) return;
  if (r && r.status === 'running') {
    an.running = true;
    an.done = r.done;
    an.total = r.total;
    setStatus(t('an-progress', { done: r.done, total: r.total }));
    return;
  }
  an.running = false;
  if (r && r.error) {
    setStatus(t('an-error', { error: r.error }));
    return;
  }
  an.report = r;
  render();
}

async function fetchReport(id) {
  try {
    const r = await api('GET', `/api/games/${encodeURIComponent(id)}/analysis`);
    accept(id, r);
  } catch (e) {
    if (e.status !== 404) setStatus(t('an-error', { error: e.message }));
  }
}

// Progress from the game's event stream.
streamListeners.add((id, name, data) => {
  if (name !== 'analysis' || id !== an.game) return;
  if (data.ready) fetchReport(id);
  else {
    an.running = true;
    setStatus(t('an-progress', { done: data.done, total: data.total }));
  }
});

/**
 * Move `ply` of report `r` as the move list names it ("6. A3<", "1… a7>"), numbered from
 * the report's own moves (the game may have gone on since).
 */
function nameOf(r, ply) {
  return moveName(ply, r.moves.map((m) => ({ side: m.side, text: m.move })));
}

/** South's winning chances after each ply, ply 0 first. */
function southChances(r) {
  const pts = [];
  const forSouth = (m, v) => (m.side === 'South' ? winPercent(v) : 100 - winPercent(v));
  if (r.moves.length) pts.push(forSouth(r.moves[0], r.moves[0].before));
  else pts.push(50);
  for (const m of r.moves) pts.push(forSouth(m, m.after));
  return pts;
}

function drawGraph(r) {
  const box = $('analysis-graph');
  box.textContent = '';
  const W = 320;
  const H = 120;
  const pts = southChances(r);
  const n = Math.max(1, pts.length - 1);
  const x = (i) => 4 + (W - 8) * i / n;
  const y = (p) => 4 + (H - 8) * (1 - p / 100);
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'eval-graph', role: 'img',
    'aria-label': t('an-graph-label') }, box);
  svgEl('rect', { x: 0, y: 0, width: W, height: H, class: 'eval-bg' }, svg);
  svgEl('line', { x1: 0, x2: W, y1: y(50), y2: y(50), class: 'eval-mid' }, svg);
  let d = `M ${x(0)} ${y(50)}`;
  pts.forEach((p, i) => { d += ` L ${x(i).toFixed(1)} ${y(p).toFixed(1)}`; });
  d += ` L ${x(pts.length - 1).toFixed(1)} ${y(50)} Z`;
  svgEl('path', { d, class: 'eval-area' }, svg);
  svgEl('polyline', { points: pts.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(' '), class: 'eval-line' }, svg);
  // One click target per ply (the whole height), marks for mistakes.
  for (const m of r.moves) {
    const w = (W - 8) / n;
    const hit = svgEl('rect', { x: x(m.ply) - w / 2, y: 0, width: w, height: H, class: 'eval-hit', 'data-ply': m.ply }, svg);
    const tip = svgEl('title', {}, hit);
    tip.textContent = `${nameOf(r, m.ply)}${MARKS[m.class] ? ` ${MARKS[m.class]}` : ''} (${sideWord(m.side)}): ${valueText(m.after)}${m.best !== m.move ? `, ${t('an-best-move', { move: m.best })} ${valueText(m.before)}` : ''}`;
    hit.addEventListener('click', () => review(m.ply));
    if (MARKS[m.class]) {
      svgEl('circle', { cx: x(m.ply), cy: y(pts[m.ply]), r: 4, class: `eval-mark ${MARK_CLASS[m.class]}`, 'data-ply': m.ply }, svg);
    }
  }
}

/** Reviews move `ply` as a click on it in the move list does. */
function review(ply) {
  const b = document.querySelector(`#move-list button.mv[data-ply="${ply}"]`);
  if (b) b.click();
}

function render() {
  const r = an.report;
  if (!r) return;
  const acc = (a) => (a === null || a === undefined ? '–' : a.toFixed(1));
  const count = (c) => r.moves.filter((m) => m.class === c).length;
  setStatus(t('an-accuracy', {
    south: sideWord('South'), sa: acc(r.accuracy.South), north: sideWord('North'), na: acc(r.accuracy.North),
    inaccuracies: count('inaccuracy'), mistakes: count('mistake'), blunders: count('blunder'),
  }));
  drawGraph(r);
  markList();
  overlay(true);
}

/** Marks the moves of the list with ?!, ?, ??. */
function markList() {
  const r = an.report;
  if (!r || !app.state || app.state.id !== an.game) return;
  for (const m of r.moves) {
    const b = document.querySelector(`#move-list button.mv[data-ply="${m.ply}"]`);
    if (!b || b.dataset.marked === m.class) continue;
    b.dataset.marked = m.class;
    const old = b.querySelector('.mark');
    if (old) old.remove();
    if (MARKS[m.class]) {
      const s = document.createElement('span');
      s.className = `mark ${MARK_CLASS[m.class]}`;
      s.textContent = MARKS[m.class];
      b.appendChild(s);
      b.title = `${b.title} — ${classWords(m.class)}: ${t('an-best-move', { move: m.best })} (${valueText(m.before)})`;
    }
  }
}

/** The screen centre of hole `name` on the board, in SVG units. */
function centre(svg, name) {
  const g = svg.querySelector(`g.cell[data-hole="${name}"]`);
  if (!g) return null;
  const b = g.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, w: b.width };
}

/** While move p is reviewed: the best move (if another) named and drawn on the board. */
function overlay(force) {
  const svg = $('board');
  const r = an.report;
  const ply = app.view ? app.view.ply : null;
  const m = r && app.state && app.state.id === an.game && ply ? r.moves[ply - 1] : null;
  const line = $('analysis-best');
  if (!force && ply === an.shownPly && (!m || svg.querySelector('.best-arrow'))) return;
  an.shownPly = ply;
  for (const old of svg.querySelectorAll('.best-arrow')) old.remove();
  if (!line) return;
  const playBtn = $('btn-play-best');
  if (playBtn) playBtn.hidden = !m || m.best === m.move;
  if (!m) {
    line.textContent = '';
    return;
  }
  const mark = MARKS[m.class] ? ` ${MARKS[m.class]}` : '';
  const name = nameOf(r, m.ply);
  line.textContent = m.best === m.move
    ? t('an-line-best', { name, kind: classWords(m.class), value: valueText(m.after) })
    : t('an-line', { name: `${name}${mark}`, kind: classWords(m.class), value: valueText(m.after), best: m.best, bestValue: valueText(m.before) });
  if (m.best === m.move) return;
  const hole = (/^[A-Za-z]+\d+/.exec(m.best) || [])[0];
  const c = hole && centre(svg, hole);
  if (!c) return;
  const g = svgEl('g', { class: 'best-arrow', 'aria-hidden': 'true' }, svg);
  svgEl('circle', { cx: c.x, cy: c.y, r: c.w * 0.48, class: 'best-ring' }, g);
  const dirChar = m.best.replace(/[+*]/g, '').slice(-1);
  // The player's right (>) or left (<) as he sits: South sits below North's rows, North
  // above; the board may be drawn from either seat.
  const a1 = centre(svg, 'A1');
  const na1 = centre(svg, 'a1');
  const southBelow = !a1 || !na1 || a1.y > na1.y;
  const south = hole[0] === hole[0].toUpperCase();
  const seatBelow = south === southBelow;
  if (dirChar === '<' || dirChar === '>') {
    const right = dirChar === '>';
    // The arrow starts outside the ring and stops short of the next hole's count: from the
    // hole's centre it would cover the seed count it points from (issue 34 item 12).
    const sign = right === seatBelow ? 1 : -1;
    const x1 = c.x + sign * c.w * 0.52;
    const x2 = c.x + sign * c.w * 0.84;
    svgEl('line', { x1, y1: c.y, x2, y2: c.y, class: 'best-line' }, g);
    const s = sign * c.w * 0.16;
    svgEl('path', { d: `M ${x2} ${c.y} L ${x2 - s} ${c.y - c.w * 0.16} L ${x2 - s} ${c.y + c.w * 0.16} Z`, class: 'best-head' }, g);
  }
  bestLabel(svg, g, t('an-best-move', { move: m.best }), c.x, seatBelow);
}

/**
 * The "best A3>" label: outside the board's frame, on the line of the mover's name (below
 * the board for the player sitting at the bottom), as near the hole's column as that name
 * leaves room for. Between the rows it would cover the names of the holes (issue: it hid
 * a6's), and on the holes their counts.
 */
function bestLabel(svg, g, text, x, below) {
  const label = svgEl('text', { x, y: 0, class: 'best-label', 'text-anchor': 'middle' }, g);
  label.textContent = text;
  const sides = [...svg.querySelectorAll('text.side-label')].map((t) => ({ t, b: t.getBBox() }));
  if (!sides.length) return;
  sides.sort((p, q) => p.b.y - q.b.y);
  const side = below ? sides[sides.length - 1] : sides[0];
  label.setAttribute('y', side.t.getAttribute('y'));
  const frame = svg.querySelector('rect.board-bg');
  const fb = frame ? frame.getBBox() : svg.viewBox.baseVal;
  const w = label.getBBox().width;
  const gap = 14;
  const lo = fb.x + w / 2;
  const hi = fb.x + fb.width - w / 2;
  const sb = side.b;
  let at = Math.max(lo, Math.min(hi, x));
  if (at + w / 2 > sb.x - gap && at - w / 2 < sb.x + sb.width + gap) {
    // Beside the name, on the hole's side of it (the other side when that has no room).
    const after = sb.x + sb.width + gap + w / 2;
    const before = sb.x - gap - w / 2;
    const prefer = x >= sb.x + sb.width / 2 ? [after, before] : [before, after];
    at = prefer.find((v) => v >= lo && v <= hi);
    if (at === undefined) {
      // No room on that line (a narrow board with a long name): just outside it, away from the board.
      at = Math.max(lo, Math.min(hi, x));
      label.setAttribute('y', String(Number(side.t.getAttribute('y')) + (below ? 1 : -1) * (sb.height + 2)));
    }
  }
  label.setAttribute('x', String(at));
}

/** Plays the reviewed move's best move out lap by lap on the board, from the position
 * before it (POST /api/games/{id}/analysis/try). */
async function playBestMove() {
  const r = an.report;
  const ply = app.view ? app.view.ply : null;
  const m = r && ply ? r.moves[ply - 1] : null;
  if (!m || an.playing) return;
  an.playing = true;
  try {
    const tried = await api('POST', `/api/games/${encodeURIComponent(an.game)}/analysis/try`, { ply: m.ply, move: m.best });
    const played = tried.played;
    const frames = framesOf(played);
    const svg = $('board');
    const draw = (opts) => {
      drawBoard(svg, played.before, { flip: flipped(), toMove: played.side, review: true, ...opts });
      fitLabels(svg, 12);
    };
    const label = { label: t('an-instead', { best: played.text, move: m.move }) };
    const speed = () => SPEEDS[Number(($('speed') || {}).value || 2)] || SPEEDS[2];
    const shown = await playFrames(played, frames, {
      speed,
      stop: () => !app.view || app.view.ply !== m.ply,
      draw: (f, active, counts, stores, k) => {
        draw({ counts, stores, active });
        $('caption').textContent = captionOf(played, frames, k, label);
      },
    });
    const f = frames[speed().step ? shown : frames.length - 1];
    draw({ counts: f.counts, stores: f.stores, active: new Set(f.holes) });
    $('caption').textContent = captionOf(played, frames, frames.length - 1, label);
    $('board-area').dataset.best = played.text;
  } catch (e) {
    setStatus(t('an-error', { error: e.message }));
  } finally {
    an.playing = false;
  }
}

function watch() {
  const list = $('move-list');
  if (list) new MutationObserver(() => markList()).observe(list, { childList: true });
  const board = $('board');
  if (board) new MutationObserver(() => { if (!board.querySelector('.best-arrow')) overlay(true); }).observe(board, { childList: true });
  setInterval(() => {
    if (!app.state) return;
    card();
    if (app.state.id !== an.game) {
      an.game = app.state.id;
      an.report = null;
      an.running = false;
      an.shownPly = null;
      an.barred = null;
      $('analysis-graph').textContent = '';
      $('analysis-best').textContent = '';
      // No request on opening a game (the page's own requests stay as they are): the
      // button asks, and a finished analysis of the same moves comes back at once.
    }
    // Offered only when the server would answer; the line says why not, and is refreshed
    // when that changes (a lobby game that ends, a draft saved by its first move), so an
    // old refusal never stays.
    const why = analyseBarred();
    if (why !== an.barred) {
      an.barred = why;
      const btn = $('btn-analyse');
      btn.disabled = !!why;
      btn.title = why || BUTTON_TITLE;
      if (!an.report && !an.running) setStatus(why || READY);
    }
    overlay(false);
  }, 250);
}

watch();
