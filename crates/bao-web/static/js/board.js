// Drawing the board: the server's BoardView (docs/web.md) as SVG, with the playable,
// selected and hint outlines drawn as a ring of their own around the hole (so that they
// show on the nyumba's gold border too), direction arrows, the last-move marker on its hole,
// keyboard focus (one tab stop; arrow keys move between holes; Enter/Space plays) and an
// accessible name for every hole ("A5, nyumba, 9 seeds, playable").
import { t, sideWord, say } from './i18n.js';

const SVGNS = 'http://www.w3.org/2000/svg';
export const CELL = 80; // one hole's square, in SVG units
const PAD = 14; // board rim
const MID = 14; // gap between North's and South's halves
const STORE_W = 110; // store box width (wide layout)

/** Makes an SVG element with attributes, appended to `parent`. */
export function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** Board geometry; `narrow` puts the stores in the side labels instead of beside the board. */
export function geometry(board, narrow) {
  const rows = board.rows.length;
  const cols = board.rows[0] ? board.rows[0].length : 0;
  const top = narrow ? 44 : 40;
  const left = narrow ? 6 : 16;
  const boardW = cols * CELL + 2 * PAD;
  const boardH = rows * CELL + 2 * PAD + MID;
  const storeX = left + boardW + 18;
  return {
    rows, cols, top, left, boardW, boardH, storeX, narrow,
    width: narrow ? left + boardW + 6 : storeX + STORE_W + 16,
    height: top + boardH + (narrow ? 46 : 44),
    cx: (c) => left + PAD + c * CELL + CELL / 2,
    cy: (r) => top + PAD + r * CELL + CELL / 2 + (r >= rows / 2 ? MID : 0),
  };
}


/** The words for a hole's mark: "nyumba", "former nyumba", "reserved by South", "". */
export function markWords(cell, opts = {}) {
  if (cell.mark === 'nyumba' && !opts.noNyumba) return cell.functional ? t('mark-nyumba') : t('mark-dormant');
  if (cell.mark === 'lost-nyumba' && !opts.noNyumba) return t('mark-former');
  if (cell.mark === 'reserved') return t('mark-reserved', { side: sideWord(cell.reserved_by) });
  return '';
}

/** The accessible name of a hole: "A5, nyumba, 9 seeds, playable". */
export function holeLabel(cell, seeds, state = {}) {
  const parts = [cell.name];
  const mark = markWords(cell, state);
  if (mark) parts.push(mark);
  if (cell.takasia) parts.push(t('hole-takasia'));
  parts.push(t('seeds', { n: seeds }));
  if (state.selected) parts.push(t('hole-selected'));
  else if (state.playable) parts.push(t('hole-playable'));
  if (state.hint) parts.push(t('hole-hint'));
  if (state.oracle) parts.push(t('hole-oracle', { text: state.oracle.text }));
  if (state.lastFrom) parts.push(t('hole-last-from'));
  return parts.join(', ');
}

// Seeds drawn as small dots in a ring around the count (up to 12, so that they never crowd
// the count; the count is exact).
export const MAX_SEED_DOTS = 12;
function drawSeeds(g, cx, cy, n, radius) {
  const shown = Math.min(n, MAX_SEED_DOTS);
  for (let i = 0; i < shown; i++) {
    const a = (2 * Math.PI * i) / shown - Math.PI / 2;
    el('circle', { class: 'seed', cx: cx + Math.cos(a) * radius, cy: cy + Math.sin(a) * radius, r: 3.6 }, g);
  }
}

const ARROW_WORDS = {
  left: t('arrow-left'), right: t('arrow-right'), up: t('arrow-up'), down: t('arrow-down'),
};

/** A move's label in the page's language (render.js's `moveLabel`, kept here for the board). */
function moveLabelOf(m) {
  const arrow = (/^[←→↑↓] /.exec(m.label || '') || [''])[0];
  return m.says ? `${arrow}${m.text}: ${m.says.map(say).join(', ')}` : m.label;
}

function drawArrow(svg, cx, cy, dir, hole, onArrow) {
  const sgn = dir === 'left' || dir === 'up' ? -1 : 1;
  const a0 = CELL * 0.4;
  const a1 = CELL * 0.66;
  const pts = dir === 'left' || dir === 'right'
    ? `${cx + sgn * a0},${cy - 17} ${cx + sgn * a1},${cy} ${cx + sgn * a0},${cy + 17}`
    : `${cx - 17},${cy + sgn * a0} ${cx},${cy + sgn * a1} ${cx + 17},${cy + sgn * a0}`;
  const a = el('polygon', {
    class: 'arrow', points: pts, 'data-dir': dir, tabindex: '0', role: 'button',
    'aria-label': `${hole}: ${ARROW_WORDS[dir]}`,
  }, svg);
  el('title', {}, a).textContent = `${hole}: ${ARROW_WORDS[dir]}`;
  const go = (ev) => { ev.stopPropagation(); ev.preventDefault(); if (onArrow) onArrow(dir); };
  // A tap target of a whole cell (44 px on a phone) around the small arrow.
  const mid = (a0 + a1) / 2;
  const hit = el('circle', {
    class: 'arrow-hit', 'data-dir': dir, r: CELL / 2,
    cx: dir === 'left' || dir === 'right' ? cx + sgn * mid : cx,
    cy: dir === 'up' || dir === 'down' ? cy + sgn * mid : cy,
  });
  svg.insertBefore(hit, a);
  hit.addEventListener('click', go);
  a.addEventListener('click', go);
  a.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') go(ev); });
  return a;
}

/**
 * The screen direction of `dir` (drawn with North on top) on a board turned by 180° when
 * `flip`: left ↔ right, up ↔ down.
 */
export function screenDir(dir, flip) {
  if (!flip || !dir) return dir;
  return { left: 'right', right: 'left', up: 'down', down: 'up' }[dir] || dir;
}

/** A label's leading arrow (← → ↑ ↓) as drawn on a board turned when `flip`. */
export function screenArrow(label, flip) {
  if (!flip) return label;
  const turned = { '←': '→', '→': '←', '↑': '↓', '↓': '↑' };
  return label.replace(/^[←→↑↓]/, (a) => turned[a]);
}

/**
 * Draws `board` into `svg`. opts: { flip (the board turned by 180°: South's rows on top,
 * North's at the bottom, as North sees it from their seat; `arrows` are then in screen
 * terms of the turned board), counts, stores (override the board's, [South, North]),
 * active: Set of holes lit by the animation, playable: Set, selected, hint, arrows: [dir],
 * lastFrom, groups: Map hole → moves, review (greys the board), labels: {north, south},
 * toMove, over, narrow, noNyumba (Kujifunza: draw the nyumba as a plain hole), onHole(name),
 * onArrow(dir), choices: Map hole → words (the kichwas to choose from, lit and clickable),
 * onChoice(hole), onBoardClick (a click anywhere, for a board that cannot be played), focus (a hole name to focus), oracle: Map hole → { value ('win' | 'draw' |
 * 'loss' | null = not proven), text, short } colours the playable holes }. Answers the geometry.
 */
export function drawBoard(svg, board, opts = {}) {
  const active = document.activeElement;
  const hadFocus = active && svg.contains(active) ? (active.dataset.hole || (active.dataset.dir && 'arrow:' + active.dataset.dir)) : null;
  svg.textContent = '';
  const G = geometry(board, !!opts.narrow);
  svg.setAttribute('viewBox', `0 0 ${G.width} ${G.height}`);
  svg.classList.toggle('review', !!opts.review);
  // A click anywhere on a board that cannot be played (review) is told, not ignored.
  svg.onclick = opts.onBoardClick || null;
  svg.classList.toggle('narrow', !!opts.narrow);

  el('rect', { class: 'board-bg', x: G.left, y: G.top, width: G.boardW, height: G.boardH, rx: 18 }, svg);
  const midY = G.top + PAD + (G.rows / 2) * CELL + MID / 2;
  el('line', { class: 'row-line', x1: G.left + 8, x2: G.left + G.boardW - 8, y1: midY, y2: midY }, svg);

  const counts = opts.counts;
  const playable = opts.playable || new Set();
  const cells = [];
  let i = 0;
  let arrowsAt = null;
  const grid = [];
  const flip = !!opts.flip;
  for (let r = 0; r < G.rows; r++) grid.push([]);
  board.rows.forEach((row0, r0) => {
    row0.forEach((cell, c0) => {
      const seeds = counts ? counts[i] : cell.seeds;
      i++;
      // Where the hole is drawn: as South sees the board, or turned for North.
      const r = flip ? G.rows - 1 - r0 : r0;
      const c = flip ? G.cols - 1 - c0 : c0;
      const cx = G.cx(c);
      const cy = G.cy(r);
      const isPlayable = playable.has(cell.name);
      const isSelected = opts.selected === cell.name;
      const isHint = opts.hint === cell.name;
      const isLast = opts.lastFrom === cell.name;
      const choice = opts.choices ? opts.choices.get(cell.name) : null;
      const known = isPlayable && opts.oracle ? opts.oracle.get(cell.name) : null;
      const g = el('g', { class: 'cell', 'data-hole': cell.name, tabindex: '-1' }, svg);
      grid[r][c] = g;
      // The whole cell is the hole's tap target (44 px on a phone), not just its circle.
      el('rect', { class: 'cell-hit', x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL }, g);
      const square = !opts.noNyumba && (cell.mark === 'nyumba' || cell.mark === 'lost-nyumba');
      // Narrow boards (phones) use bigger holes, with the name inside under the count.
      const R = CELL * (G.narrow ? 0.43 : 0.36);
      const S = CELL * (G.narrow ? 0.8 : 0.7);
      const gap = G.narrow ? 4 : 7;
      const classes = ['hole', opts.noNyumba && /nyumba/.test(cell.mark) ? 'plain' : cell.mark];
      // While a move is animated the marks are the ones from before it: a nyumba emptied on
      // the way is no longer drawn as functional.
      const functional = cell.functional && (!counts || seeds >= 6);
      if (cell.mark === 'nyumba' && functional && !opts.noNyumba) classes.push('functional');
      if (cell.mark === 'reserved') classes.push(`reserved-${cell.reserved_by}`);
      if (cell.takasia) classes.push('takasia');
      if (isPlayable) classes.push('playable');
      if (opts.active && opts.active.has(cell.name)) classes.push('active');
      if (isHint) classes.push('hint');
      if (isSelected) classes.push('selected');
      if (known) classes.push(`oracle-${known.value || 'unknown'}`);
      // The state ring (playable / selected / hint) around the hole, outside its own border.
      const ring = isSelected ? 'selected' : choice ? 'choice' : isHint ? 'hint' : isPlayable ? 'playable' : null;
      if (ring) {
        if (square) {
          const s = S + 2 * gap;
          el('rect', { class: `halo ${ring}`, x: cx - s / 2, y: cy - s / 2, width: s, height: s, rx: 10 }, g);
        } else {
          el('circle', { class: `halo ${ring}`, cx, cy, r: R + gap }, g);
        }
      }
      let shape;
      if (square) {
        shape = el('rect', { x: cx - S / 2, y: cy - S / 2, width: S, height: S, rx: 6 }, g);
      } else {
        shape = el('circle', { cx, cy, r: R }, g);
      }
      shape.setAttribute('class', classes.join(' '));
      shape.setAttribute('data-hole', cell.name);
      if (known) shape.setAttribute('data-oracle', known.value || 'unknown');
      const label = holeLabel({ ...cell, functional }, seeds, {
        playable: isPlayable, selected: isSelected, hint: isHint, lastFrom: isLast, noNyumba: opts.noNyumba,
        oracle: known,
      });
      g.setAttribute('aria-label', choice ? `${cell.name}: ${choice}` : label);
      g.setAttribute('role', isPlayable || choice ? 'button' : 'img');
      let title = label;
      if (isPlayable && opts.groups) {
        const ms = opts.groups.get(cell.name) || [];
        title += ms.length === 1 ? `\n${t('hole-click-play', { label: moveLabelOf(ms[0]) })}` : `\n${t('hole-click-choose', { moves: ms.map((m) => m.text).join(', ') })}`;
      }
      el('title', {}, g).textContent = title;
      if (!G.narrow) drawSeeds(g, cx, cy, seeds, CELL * 0.29);
      const count = el('text', { class: seeds ? 'count' : 'count zero', x: cx, y: G.narrow ? cy - 10 : cy - 2 }, g);
      count.textContent = String(seeds);
      const nameY = G.narrow ? cy + 25 : cy + CELL * 0.5 - 1;
      // On a wide board the name sits under the hole on a plate of its own, so that a
      // ring around the hole passes behind it instead of through it.
      if (!G.narrow) el('rect', { class: 'name-plate', x: cx - 14, y: nameY - 10.5, width: 28, height: 13.5, rx: 4 }, g);
      el('text', { class: 'hole-name', x: cx, y: nameY }, g).textContent = cell.name;
      if (isLast) {
        // The start hole of the last move: a small marker on the hole's top edge.
        const top = cy - (square ? S / 2 : R);
        el('polygon', { class: 'last-from', points: `${cx - 9},${top - 3} ${cx + 9},${top - 3} ${cx},${top + 9}` }, g);
      }
      if (known) {
        // The oracle's tag at the cell's top left corner, outside the ring: W29, L20, D, ?.
        const tx = cx - CELL * 0.36;
        const ty = cy - CELL * 0.38;
        el('rect', { class: `oracle-plate oracle-${known.value || 'unknown'}`, x: tx - 13, y: ty - 9, width: 26, height: 18, rx: 5 }, g);
        el('text', { class: `oracle-tag oracle-${known.value || 'unknown'}`, x: tx, y: ty }, g).textContent = known.short;
      }
      if (cell.mark === 'reserved') {
        const bx = cx + CELL * 0.28;
        const by = cy - CELL * 0.28;
        el('circle', { class: `badge-bg-${cell.reserved_by}`, cx: bx, cy: by, r: 11 }, g);
        el('text', { class: 'badge', x: bx, y: by }, g).textContent = cell.reserved_by[0];
      }
      if (cell.takasia) {
        const d = CELL * 0.16;
        const bx = cx + CELL * 0.28;
        const by = cy - CELL * 0.28;
        el('line', { class: 'takasia-x', x1: bx - d, y1: by - d, x2: bx + d, y2: by + d }, g);
        el('line', { class: 'takasia-x', x1: bx - d, y1: by + d, x2: bx + d, y2: by - d }, g);
      }
      if (choice) {
        // A kichwa to choose (K-R5): a click sows the captured seeds from it.
        g.classList.add('can-play', 'choice');
        el('title', {}, g).textContent = choice;
        g.addEventListener('click', () => opts.onChoice && opts.onChoice(cell.name));
      } else if (isPlayable) {
        g.classList.add('can-play');
        g.addEventListener('click', () => opts.onHole && opts.onHole(cell.name));
      }
      g.addEventListener('keydown', (ev) => {
        if ((ev.key === 'Enter' || ev.key === ' ') && (isPlayable || choice)) {
          ev.preventDefault();
          if (choice) { if (opts.onChoice) opts.onChoice(cell.name); } else if (opts.onHole) opts.onHole(cell.name);
        }
      });
      if (isSelected && opts.arrows) arrowsAt = [cx, cy, cell.name];
      cells.push({ g, name: cell.name, r, c });
    });
  });

  // Roving focus: one tab stop on the board; arrow keys move between holes.
  const firstChoice = opts.choices && opts.choices.size ? [...opts.choices.keys()][0] : null;
  const stop = cells.find((x) => x.name === (opts.focus || firstChoice || opts.selected))
    || cells.find((x) => playable.has(x.name)) || cells[cells.length - 1];
  if (stop) stop.g.setAttribute('tabindex', '0');
  for (const x of cells) {
    x.g.addEventListener('keydown', (ev) => {
      const d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[ev.key];
      if (!d) return;
      ev.preventDefault();
      ev.stopPropagation();
      const r = Math.max(0, Math.min(G.rows - 1, x.r + d[0]));
      const c = Math.max(0, Math.min(G.cols - 1, x.c + d[1]));
      const next = grid[r][c];
      for (const y of cells) y.g.setAttribute('tabindex', '-1');
      next.setAttribute('tabindex', '0');
      next.focus();
    });
  }

  let arrowEls = [];
  if (arrowsAt) {
    arrowEls = opts.arrows.map((dir) => drawArrow(svg, arrowsAt[0], arrowsAt[1], dir, arrowsAt[2], opts.onArrow));
  }

  // Stores: beside each player's half (wide) or in the side labels (narrow).
  const stores = opts.stores || board.stores;
  if (!G.narrow) {
    const half = (G.rows / 2) * CELL;
    const upper = G.top + PAD;
    const lower = G.top + PAD + half + MID;
    const sides = [['North', 1, flip ? lower : upper], ['South', 0, flip ? upper : lower]];
    for (const [side, idx, y] of sides) {
      const box = el('rect', { class: 'store-box', x: G.storeX, y: y + 6, width: STORE_W, height: half - 12, rx: 12 }, svg);
      el('title', {}, box).textContent = t('store-title', { side: sideWord(side), seeds: t('seeds', { n: stores[idx] }) });
      el('text', { class: 'store-count', x: G.storeX + STORE_W / 2, y: y + half / 2 - 8 }, svg).textContent = String(stores[idx]);
      el('text', { class: 'store-name', x: G.storeX + STORE_W / 2, y: y + half / 2 + 20 }, svg).textContent = t('store-name', { side: sideWord(side) });
    }
  }

  const toMove = opts.toMove || board.to_move;
  const labels = opts.labels || { north: sideWord('North'), south: sideWord('South') };
  const score = (idx) => (board.scores ? ` · ${t('board-score', { n: board.scores[idx] })}` : '');
  const store = (idx) => (G.narrow ? ` · ${t('board-store-short', { n: stores[idx] })}` : '');
  const side = (name, idx, y) => {
    const label = el('text', { class: 'side-label', x: G.left + G.boardW / 2, y }, svg);
    const moving = toMove === name && !opts.over;
    label.textContent = `${moving ? '▶ ' : ''}${labels[name.toLowerCase()]}${score(idx)}${store(idx)}`;
    // An engine account's side carries the BOT badge (issue 34 item 3), as lichess marks it.
    if (opts.bots && opts.bots[name.toLowerCase()]) {
      label.append(' ');
      el('tspan', { class: 'bot' }, label).textContent = t('bot-badge');
    }
    if (moving) label.classList.add('to-move');
  };
  side(flip ? 'South' : 'North', flip ? 0 : 1, G.top - 13);
  side(flip ? 'North' : 'South', flip ? 1 : 0, G.top + G.boardH + 27);
  if (!G.narrow) {
    const stage = el('text', { class: 'store-label', x: G.storeX + STORE_W / 2, y: G.top + G.boardH + 27 }, svg);
    stage.textContent = board.stage && board.stage !== 'play' ? t('board-stage', { stage: board.stage }) : '';
  }

  if (hadFocus) {
    // Focus stays on the same hole, unless the caller names the hole to focus.
    const target = opts.focus ? (cells.find((x) => x.name === opts.focus) || {}).g : hadFocus.startsWith('arrow:')
      ? arrowEls.find((a) => 'arrow:' + a.dataset.dir === hadFocus) || (stop && stop.g)
      : (cells.find((x) => x.name === hadFocus) || {}).g;
    if (target) {
      if (target.dataset.hole) {
        for (const y of cells) y.g.setAttribute('tabindex', '-1');
        target.setAttribute('tabindex', '0');
      }
      target.focus();
    }
  }
  if (opts.focusArrow && arrowEls.length) arrowEls[0].focus();
  return G;
}

/** The rendered size in CSS px of one SVG unit of `svg` (for legible labels). */
export function unitPx(svg) {
  const vb = svg.viewBox.baseVal;
  const w = svg.getBoundingClientRect().width;
  return vb && vb.width ? w / vb.width : 1;
}

/** Sets the label sizes of a drawn board so that names and counts render at ≥ `minPx`. */
export function fitLabels(svg, minPx = 12) {
  const u = unitPx(svg);
  if (!u) return;
  const name = Math.max(13, minPx / u);
  const count = Math.max(26, (minPx + 4) / u);
  const side = Math.max(15, (minPx + 1) / u);
  svg.style.setProperty('--name-size', `${name}px`);
  svg.style.setProperty('--count-size', `${Math.min(count, 34)}px`);
  svg.style.setProperty('--side-size', `${Math.min(side, 30)}px`);
}
