// The Bao board in the browser: draws the server's BoardView as SVG, offers only the
// legal moves the server sends, animates the traced play, and drives the computer.
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

// Animation speeds: per-seed delay, per-step pause and the most a move may take (ms).
const SPEEDS = [
  { name: 'instant', sow: 0, step: 0, budget: 0 },
  { name: 'fast', sow: 70, step: 250, budget: 3000 },
  { name: 'normal', sow: 160, step: 550, budget: 7000 },
  { name: 'slow', sow: 320, step: 1000, budget: 14000 },
  { name: 'very slow', sow: 600, step: 1700, budget: 30000 },
];

const TITLES = { kiswahili: 'Bao la Kiswahili', kingulu: 'Bao Kingulu' };
const CELL = 80;     // one hole's square, px in SVG units
const PAD = 14;      // board rim
const MID = 14;      // gap between North's and South's halves
const STORE_W = 110; // store box width

const app = {
  meta: null,
  state: null,      // the last StateJson from the server
  selected: null,   // the hole name whose moves are being chosen
  busy: false,      // a request or animation is running
  thinking: false,  // the computer is searching
  review: null,     // { ply, board, last } while looking at an earlier position
  hint: null,       // a MoveJson suggested by the computer
  skip: false,      // skip the running animation
  animating: false,
  loop: 0,          // bumps on new game / load, to stop an old computer loop
  settings: { game: 'kiswahili', rules: '', level: 5, mode: 'south' },
};

// ---------------------------------------------------------------------------------
// Server

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const type = res.headers.get('content-type') || '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (!res.ok) {
    throw new Error((data && data.error) || `HTTP ${res.status}`);
  }
  return data;
}

function showError(err) {
  let box = $('error');
  if (!box) {
    box = document.createElement('div');
    box.id = 'error';
    box.setAttribute('role', 'alert');
    document.body.appendChild(box);
  }
  box.textContent = String(err && err.message ? err.message : err);
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 7000);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------
// Players

function playerOf(side) {
  if (!app.state) return 'human';
  return side === 'South' ? app.state.players.south : app.state.players.north;
}
const isComputer = (side) => playerOf(side) === 'computer';
function humanSides() {
  return ['South', 'North'].filter((s) => !isComputer(s));
}
function sideName(side) {
  const humans = humanSides();
  if (isComputer(side)) return `${side} (computer)`;
  if (humans.length === 1) return `${side} (you)`;
  return side;
}

function modePlayers(mode) {
  switch (mode) {
    case 'north': return { south: 'computer', north: 'human' };
    case 'humans': return { south: 'human', north: 'human' };
    case 'computers': return { south: 'computer', north: 'computer' };
    default: return { south: 'human', north: 'computer' };
  }
}

// ---------------------------------------------------------------------------------
// Drawing

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function geometry(board) {
  const rows = board.rows.length;
  const cols = board.rows[0] ? board.rows[0].length : 0;
  const top = 40;
  const left = 16;
  const boardW = cols * CELL + 2 * PAD;
  const boardH = rows * CELL + 2 * PAD + MID;
  const storeX = left + boardW + 18;
  return {
    rows, cols, top, left, boardW, boardH, storeX,
    width: storeX + STORE_W + 16,
    height: top + boardH + 44,
    cx: (c) => left + PAD + c * CELL + CELL / 2,
    cy: (r) => top + PAD + r * CELL + CELL / 2 + (r >= rows / 2 ? MID : 0),
  };
}

// Seeds drawn as small dots in a ring around the count (up to 16; the count is exact).
function drawSeeds(g, cx, cy, n, radius) {
  const shown = Math.min(n, 16);
  for (let i = 0; i < shown; i++) {
    const a = (2 * Math.PI * i) / shown - Math.PI / 2;
    el('circle', { class: 'seed', cx: cx + Math.cos(a) * radius, cy: cy + Math.sin(a) * radius, r: 3.6 }, g);
  }
}

// Draws a board. opts: { counts, stores, active: Set, playable: Set, selected, hint, arrows: [{dir}] }
function drawBoard(board, opts = {}) {
  const svg = $('board');
  svg.textContent = '';
  const G = geometry(board);
  svg.setAttribute('viewBox', `0 0 ${G.width} ${G.height}`);
  svg.classList.toggle('review', !!app.review);
  const live = !app.review;

  el('rect', { class: 'board-bg', x: G.left, y: G.top, width: G.boardW, height: G.boardH, rx: 18 }, svg);
  const midY = G.top + PAD + (G.rows / 2) * CELL + MID / 2;
  el('line', { class: 'row-line', x1: G.left + 8, x2: G.left + G.boardW - 8, y1: midY, y2: midY }, svg);

  const counts = opts.counts;
  const flat = board.rows.flat();
  let i = 0;
  let arrowsAt = null;
  board.rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      const seeds = counts ? counts[i] : cell.seeds;
      i++;
      const cx = G.cx(c);
      const cy = G.cy(r);
      const g = el('g', { class: 'cell', 'data-hole': cell.name }, svg);
      const classes = ['hole', cell.mark];
      if (cell.mark === 'nyumba' && cell.functional) classes.push('functional');
      if (cell.mark === 'reserved') classes.push(`reserved-${cell.reserved_by}`);
      if (cell.takasia) classes.push('takasia');
      if (live && opts.playable && opts.playable.has(cell.name)) classes.push('playable');
      if (opts.active && opts.active.has(cell.name)) classes.push('active');
      if (live && opts.hint === cell.name) classes.push('hint');
      if (live && opts.selected === cell.name) classes.push('selected');
      if (opts.lastFrom === cell.name) {
        // The start hole of the last move: a small marker pointing at the hole from its left.
        const left = cx - CELL * 0.5;
        const mark = el('polygon', {
          class: 'last-from', points: `${left},${cy - 8} ${left},${cy + 8} ${left + 10},${cy}`,
        }, g);
        el('title', {}, mark).textContent = 'the last move started here';
      }
      let shape;
      if (cell.mark === 'nyumba' || cell.mark === 'lost-nyumba') {
        const s = CELL * 0.7;
        shape = el('rect', { x: cx - s / 2, y: cy - s / 2, width: s, height: s, rx: 6 }, g);
      } else {
        shape = el('circle', { cx, cy, r: CELL * 0.36 }, g);
      }
      shape.setAttribute('class', classes.join(' '));
      shape.setAttribute('data-hole', cell.name);
      let title = `${cell.name}: ${seeds} seed${seeds === 1 ? '' : 's'}`;
      if (cell.mark === 'nyumba') title += cell.functional ? ' — nyumba (functional)' : ' — nyumba';
      if (cell.mark === 'lost-nyumba') title += ' — nyumba (ownership lost)';
      if (cell.mark === 'reserved') title += ` — reserved by ${cell.reserved_by} (kuweka mtoto)`;
      if (cell.takasia) title += ' — takasia: blocked this turn';
      if (live && opts.playable && opts.playable.has(cell.name) && opts.groups) {
        const ms = opts.groups.get(cell.name) || [];
        title += ms.length === 1 ? `\nclick to play ${ms[0].label}` : `\nclick to choose: ${ms.map((m) => m.text).join(', ')}`;
      }
      el('title', {}, shape).textContent = title;
      drawSeeds(g, cx, cy, seeds, CELL * 0.29);
      const t = el('text', { class: seeds ? 'count' : 'count zero', x: cx, y: cy - 2 }, g);
      t.textContent = String(seeds);
      el('text', { class: 'hole-name', x: cx, y: cy + CELL * 0.5 - 1 }, g).textContent = cell.name;
      if (cell.mark === 'reserved') {
        const bx = cx + CELL * 0.28;
        const by = cy - CELL * 0.28;
        el('circle', { class: `badge-bg-${cell.reserved_by}`, cx: bx, cy: by, r: 10 }, g);
        el('text', { class: 'badge', x: bx, y: by }, g).textContent = cell.reserved_by[0];
      }
      if (cell.takasia) {
        const d = CELL * 0.16;
        const bx = cx + CELL * 0.28;
        const by = cy - CELL * 0.28;
        el('line', { class: 'takasia-x', x1: bx - d, y1: by - d, x2: bx + d, y2: by + d }, g);
        el('line', { class: 'takasia-x', x1: bx - d, y1: by + d, x2: bx + d, y2: by - d }, g);
      }
      if (live && opts.playable && opts.playable.has(cell.name)) {
        g.style.cursor = 'pointer';
        g.addEventListener('click', () => onHoleClick(cell.name));
      }
      if (live && opts.selected === cell.name && opts.arrows) {
        arrowsAt = [cx, cy]; // drawn last, above the neighbouring holes
      }
    });
  });

  if (arrowsAt) {
    for (const dir of opts.arrows) drawArrow(svg, arrowsAt[0], arrowsAt[1], dir);
  }

  // Stores beside the board: North's beside North's rows, South's beside South's.
  const stores = opts.stores || board.stores;
  const half = (G.rows / 2) * CELL;
  const sides = [['North', 1, G.top + PAD], ['South', 0, G.top + PAD + half + MID]];
  for (const [side, idx, y] of sides) {
    const h = half;
    const box = el('rect', { class: 'store-box', x: G.storeX, y: y + 6, width: STORE_W, height: h - 12, rx: 12 }, svg);
    el('title', {}, box).textContent = `${side}'s store: ${stores[idx]} seeds off the board`;
    el('text', { class: 'store-count', x: G.storeX + STORE_W / 2, y: y + h / 2 - 8 }, svg).textContent = String(stores[idx]);
    const lbl = el('text', { class: 'hole-name', x: G.storeX + STORE_W / 2, y: y + h / 2 + 20 }, svg);
    lbl.textContent = `${side}'s store`;
  }

  // Side labels: North above, South below.
  const toMove = opts.toMove || board.to_move;
  const over = live && app.state && app.state.outcome;
  const who = (side) => (isComputer(side) ? 'computer' : humanSides().length === 1 ? 'you' : 'player');
  const score = (idx) => (board.scores ? ` · score ${board.scores[idx]}` : '');
  const north = el('text', { class: 'side-label', x: G.left + G.boardW / 2, y: G.top - 12 }, svg);
  north.textContent = `${toMove === 'North' && !over ? '▶ ' : ''}North — ${who('North')}${score(1)}`;
  if (toMove === 'North' && !over) north.classList.add('to-move');
  const south = el('text', { class: 'side-label', x: G.left + G.boardW / 2, y: G.top + G.boardH + 24 }, svg);
  south.textContent = `${toMove === 'South' && !over ? '▶ ' : ''}South — ${who('South')}${score(0)}`;
  if (toMove === 'South' && !over) south.classList.add('to-move');
  const stage = el('text', { class: 'store-label', x: G.storeX + STORE_W / 2, y: G.top + G.boardH + 24 }, svg);
  stage.textContent = board.stage && board.stage !== 'play' ? `stage: ${board.stage}` : '';
  return flat;
}

function drawArrow(svg, cx, cy, dir) {
  const sgn = dir === 'left' || dir === 'up' ? -1 : 1;
  const a0 = CELL * 0.36;
  const a1 = CELL * 0.62;
  const pts = dir === 'left' || dir === 'right'
    ? `${cx + sgn * a0},${cy - 16} ${cx + sgn * a1},${cy} ${cx + sgn * a0},${cy + 16}`
    : `${cx - 16},${cy + sgn * a0} ${cx},${cy + sgn * a1} ${cx + 16},${cy + sgn * a0}`;
  const a = el('polygon', { class: 'arrow', points: pts, 'data-dir': dir }, svg);
  el('title', {}, a).textContent = dir === 'left' || dir === 'right'
    ? `sow towards the ${dir}` : `sow ${dir} into the next row`;
  a.addEventListener('click', (ev) => { ev.stopPropagation(); onArrowClick(dir); });
}

// ---------------------------------------------------------------------------------
// State and rendering

function movesFrom() {
  const groups = new Map();
  if (!app.state) return groups;
  for (const m of app.state.moves) {
    if (!groups.has(m.from)) groups.set(m.from, []);
    groups.get(m.from).push(m);
  }
  return groups;
}

function humanToMove() {
  const s = app.state;
  return s && !s.outcome && !isComputer(s.to_move);
}

function render() {
  const s = app.state;
  if (!s) return;
  document.title = `Bao — ${TITLES[s.game] || s.game}`;
  $('title').textContent = TITLES[s.game] || 'Bao';
  renderStatus();
  renderInfo();
  renderMoveList();
  $('btn-download').href = `/api/games/${s.id}/record`;
  const canAct = !app.busy && !app.animating;
  $('btn-undo').disabled = !canAct || s.history.length === 0 || undoPlies() === 0;
  $('btn-hint').disabled = !canAct || !humanToMove();
  $('btn-resign').disabled = !canAct || !!s.outcome || humanSides().length === 0;

  if (app.review) {
    drawBoard(app.review.board, {
      toMove: app.review.board.to_move,
      lastFrom: app.review.last ? app.review.last.from : null,
    });
    $('review-bar').hidden = false;
    const l = app.review.last;
    $('review-text').textContent = l
      ? `Reviewing the position after ${l.side}'s move ${l.text} (ply ${l.ply} of ${s.history.length}).`
      : 'Reviewing the start position.';
    $('btn-prev').disabled = app.review.ply === 0;
    $('choices').textContent = '';
    return;
  }
  $('review-bar').hidden = true;
  const groups = movesFrom();
  const interactive = canAct && humanToMove();
  const playable = interactive ? new Set(groups.keys()) : new Set();
  let arrows = null;
  if (interactive && app.selected && groups.has(app.selected)) {
    const dirs = [...new Set(groups.get(app.selected).map((m) => m.dir).filter(Boolean))];
    if (dirs.length > 1) arrows = dirs;
  }
  const last = s.history[s.history.length - 1];
  drawBoard(s.board, {
    playable,
    groups,
    lastFrom: last ? last.from : null,
    selected: app.selected,
    hint: app.hint ? app.hint.from : null,
    arrows,
  });
  renderChoices(interactive ? groups : new Map());
  renderLegend(s.game);
}

const LEGENDS = {
  kiswahili: 'Square hole = nyumba (gold border: functional, dashed: ownership lost). Red ✕ = takasia: '
    + 'that hole may not be played this turn. A1/A8 and a1/a8 are the vichwa. Stores hold the seeds '
    + 'still to be entered in the namua stage.',
  kingulu: 'A pit with a coloured ring and a badge is reserved (kuweka mtoto): S = by South, N = by North. '
    + 'Its seeds count for the reserver, and every seed sown into it goes to the reserver\'s store. '
    + 'Score = store + own unreserved pits + pits reserved.',
};

function renderLegend(game) {
  $('legend').textContent = LEGENDS[game] || '';
}

function renderStatus() {
  const s = app.state;
  const st = $('status');
  st.className = '';
  st.textContent = '';
  if (s.outcome) {
    st.className = 'over';
    st.textContent = `Game over — ${s.outcome.text}.`;
    return;
  }
  const stage = s.board.stage && s.board.stage !== 'play' ? ` · ${s.board.stage} stage` : '';
  if (app.thinking) {
    const span = document.createElement('span');
    span.className = 'thinking';
    span.textContent = `${s.to_move} (computer) is thinking`;
    st.appendChild(span);
    st.appendChild(document.createTextNode(stage));
    return;
  }
  if (isComputer(s.to_move)) {
    st.textContent = `${s.to_move} (computer) to move${stage}`;
  } else if (humanSides().length === 1) {
    st.textContent = `Your move (${s.to_move}): click a green hole${stage}`;
  } else {
    st.textContent = `${s.to_move} to move: click a green hole${stage}`;
  }
}

function renderInfo() {
  const s = app.state;
  const rows = [
    ['Game', TITLES[s.game] || s.game],
    ['Rules', s.rules],
    ['Level', String(s.level)],
    ['South', playerOf('South') === 'computer' ? 'computer' : 'human'],
    ['North', playerOf('North') === 'computer' ? 'computer' : 'human'],
    ['To move', s.outcome ? '—' : s.to_move],
    ...(s.board.stage && s.board.stage !== 'play' ? [['Stage', s.board.stage]] : []),
    ['Stores', `South ${s.board.stores[0]} · North ${s.board.stores[1]}`],
  ];
  if (s.board.scores) rows.push(['Score', `South ${s.board.scores[0]} · North ${s.board.scores[1]}`]);
  if (s.outcome) rows.push(['Result', s.outcome.text]);
  const dl = document.createElement('dl');
  for (const [k, v] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    dl.append(dt, dd);
  }
  const card = $('game-info');
  card.textContent = '';
  const h = document.createElement('h2');
  h.textContent = `Game ${s.id}`;
  card.append(h, dl);
}

function renderMoveList() {
  const s = app.state;
  const list = $('move-list');
  list.textContent = '';
  const current = app.review ? app.review.ply : s.history.length;
  const start = document.createElement('li');
  start.value = 0;
  start.style.listStyle = 'none';
  const startLink = document.createElement('span');
  startLink.className = 'mv' + (current === 0 ? ' current' : '');
  startLink.textContent = 'start';
  startLink.dataset.ply = '0';
  startLink.addEventListener('click', () => reviewAt(0));
  start.appendChild(startLink);
  list.appendChild(start);
  let li = null;
  let number = 0;
  for (const h of s.history) {
    if (!li || h.side === 'South' || li.childElementCount >= 2) {
      number++;
      li = document.createElement('li');
      li.value = number;
      list.appendChild(li);
      if (h.side === 'North' && li.childElementCount === 0) {
        const dots = document.createElement('span');
        dots.className = 'mv';
        dots.textContent = '…';
        li.appendChild(dots);
      }
    }
    const span = document.createElement('span');
    span.className = 'mv' + (h.ply === current ? ' current' : '');
    span.textContent = h.text;
    span.title = `${h.side}, ply ${h.ply}: click to see the board after this move`;
    span.dataset.ply = String(h.ply);
    span.addEventListener('click', () => reviewAt(h.ply));
    li.appendChild(span);
  }
  // Keep the current move in view inside the list (without scrolling the page).
  const cur = list.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 24) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }
}

function renderChoices(groups) {
  const box = $('choices');
  box.textContent = '';
  if (app.state && app.state.outcome && !app.busy) {
    const again = document.createElement('button');
    again.textContent = 'New game…';
    again.className = 'primary';
    again.addEventListener('click', openDialog);
    box.appendChild(again);
    if (app.state.history.length) {
      const review = document.createElement('button');
      review.textContent = 'Review from the start';
      review.addEventListener('click', () => reviewAt(0));
      box.appendChild(review);
    }
    return;
  }
  if (app.hint && humanToMove() && !app.busy) {
    const b = document.createElement('button');
    b.textContent = `Play the hint ${app.hint.text}`;
    b.className = 'primary';
    b.addEventListener('click', () => playMove(app.hint.text));
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
    b.addEventListener('click', () => playMove(m.text));
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => { app.selected = null; app.selectedDir = null; render(); });
  box.appendChild(cancel);
}

// ---------------------------------------------------------------------------------
// Input

function onHoleClick(name) {
  const group = movesFrom().get(name);
  if (!group || app.busy) return;
  if (group.length === 1) {
    playMove(group[0].text);
    return;
  }
  app.selected = name;
  app.selectedDir = null;
  render();
}

function onArrowClick(dir) {
  const group = (movesFrom().get(app.selected) || []).filter((m) => m.dir === dir);
  if (group.length === 1) {
    playMove(group[0].text);
  } else if (group.length > 1) {
    app.selectedDir = dir; // e.g. stop at the nyumba or take safari: choose with a button
    render();
  }
}

async function playMove(text) {
  if (!app.state || app.busy) return;
  app.busy = true;
  app.selected = null;
  app.selectedDir = null;
  app.hint = null;
  const loop = app.loop;
  render();
  try {
    const r = await api('POST', `/api/games/${app.state.id}/play`, { move: text });
    await animate(r.played);
    if (loop !== app.loop) return;
    app.state = r.state;
  } catch (e) {
    showError(e);
  } finally {
    app.busy = false;
    render();
  }
  continueGame();
}

// Lets the computer move while it is its turn.
async function continueGame() {
  const loop = app.loop;
  while (app.state && !app.state.outcome && isComputer(app.state.to_move) && loop === app.loop) {
    if (app.busy) return;
    app.busy = true;
    app.thinking = true;
    render();
    let r;
    try {
      r = await api('POST', `/api/games/${app.state.id}/engine`, {});
    } catch (e) {
      app.thinking = false;
      app.busy = false;
      if (loop === app.loop) {
        showError(e);
        render();
      }
      return;
    }
    app.thinking = false;
    if (loop !== app.loop) { app.busy = false; return; }
    app.review = null;
    await animate(r.played);
    app.busy = false;
    if (loop !== app.loop) return;
    app.state = r.state;
    render();
    if (humanSides().length === 0) await sleep(400);
  }
}

async function animate(played) {
  if (!played) return;
  const done = () => {
    $('caption').textContent = `${played.side} played ${played.label}.`;
    $('caption').title = played.info || '';
  };
  const sp = SPEEDS[Number($('speed').value)] || SPEEDS[2];
  if (!sp.step || !played.events.length) {
    done();
    return;
  }
  app.animating = true;
  app.skip = false;
  app.review = null;
  $('btn-skip').disabled = false;
  $('choices').textContent = '';
  $('status').className = '';
  $('status').textContent = `${sideName(played.side)} plays ${played.text}`;
  const board = played.before;
  const flat = board.rows.flat();
  const index = new Map(flat.map((c, i) => [c.name, i]));
  let counts = flat.map((c) => c.seeds);
  let stores = board.stores.slice();
  const sown = played.events.filter((e) => e.kind === 'sow').reduce((n, e) => n + e.holes.length, 0);
  // Delays follow the slider while the move runs; a long relay is sped up to fit the budget.
  const speed = () => SPEEDS[Number($('speed').value)] || SPEEDS[2];
  const perSeed = () => Math.max(8, Math.min(speed().sow, (speed().budget * 0.7) / Math.max(1, sown)));
  const perStep = () => Math.max(40, Math.min(speed().step, (speed().budget * 0.3) / played.events.length));
  const stop = () => app.skip || !speed().step;
  const opts = () => ({ counts, stores, toMove: played.side });
  try {
    for (const ev of played.events) {
      if (stop()) break;
      $('caption').textContent = `${played.side} ${played.text}: ${ev.text}`;
      if (ev.kind === 'sow') {
        for (const h of ev.holes) {
          if (stop()) break;
          const i = index.get(h);
          if (i === undefined) continue;
          const cell = flat[i];
          if (cell.mark === 'reserved') stores[cell.reserved_by === 'South' ? 0 : 1]++;
          else counts[i]++;
          drawBoard(board, { ...opts(), active: new Set([h]) });
          await sleep(perSeed());
        }
      }
      counts = ev.counts.slice();
      stores = ev.stores.slice();
      drawBoard(board, { ...opts(), active: new Set(ev.holes) });
      await sleep(perStep());
    }
  } finally {
    app.animating = false;
    $('btn-skip').disabled = true;
  }
  done();
}

// "info depth 4 score cp -71 ..." in words for players.
function explainInfo(info) {
  const depth = /depth (\d+)/.exec(info || '');
  const score = /score (cp|win|loss) (-?\d+)/.exec(info || '');
  if (!score) return '';
  let judged;
  if (score[1] === 'cp') {
    const seeds = Number(score[2]) / 100;
    judged = `rates your position ${seeds > 0 ? '+' : ''}${seeds.toFixed(2)} seeds`;
  } else if (score[1] === 'win') {
    judged = `sees a win in ${score[2]} plies`;
  } else {
    judged = `sees a loss in ${score[2]} plies`;
  }
  return ` — the computer ${judged}${depth ? ` (searched ${depth[1]} plies deep)` : ''}`;
}

async function reviewAt(ply) {
  const s = app.state;
  if (!s || app.animating) return;
  if (ply === s.history.length) {
    app.review = null;
    render();
    return;
  }
  try {
    app.review = await api('GET', `/api/games/${s.id}/at/${ply}`);
    render();
  } catch (e) {
    showError(e);
  }
}

// One move back or forward while reviewing (forward from the last move returns to the game).
function stepReview(delta) {
  if (!app.review || !app.state) return;
  const ply = Math.max(0, Math.min(app.state.history.length, app.review.ply + delta));
  if (ply !== app.review.ply) reviewAt(ply);
}

// How many plies Undo takes back: to before the last move of a human.
function undoPlies() {
  const s = app.state;
  if (!s) return 0;
  const humans = humanSides();
  if (humans.length === 0) return s.history.length ? 1 : 0;
  for (let i = s.history.length - 1; i >= 0; i--) {
    if (humans.includes(s.history[i].side)) return s.history.length - i;
  }
  return 0;
}

async function undo() {
  const plies = undoPlies();
  if (!plies || app.busy) return;
  try {
    app.state = await api('POST', `/api/games/${app.state.id}/undo`, { plies });
    app.review = null;
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
    app.hint = r.best;
    $('caption').textContent = `Hint: ${r.best.label}${explainInfo(r.info)}`;
    $('caption').title = r.info;
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
  const humans = humanSides();
  const side = humans.length === 1 ? humans[0] : s.to_move;
  if (!window.confirm(`Resign this game as ${side}?`)) return;
  try {
    app.state = await api('POST', `/api/games/${s.id}/resign`, { side });
    app.loop++;
  } catch (e) {
    showError(e);
  }
  render();
}

function adopt(state) {
  app.loop++;
  app.state = state;
  app.review = null;
  app.hint = null;
  app.selected = null;
  app.busy = false;
  app.thinking = false;
  $('caption').textContent = '';
  history.replaceState(null, '', `#${state.id}`);
  render();
  continueGame();
}

async function newGame(settings) {
  const players = modePlayers(settings.mode);
  const body = { game: settings.game, level: Number(settings.level), ...players };
  if (settings.rules) body.rules = settings.rules;
  try {
    adopt(await api('POST', '/api/games', body));
  } catch (e) {
    showError(e);
  }
}

async function loadRecord(file) {
  const text = await file.text();
  const players = modePlayers(app.settings.mode);
  try {
    const state = await api('POST', '/api/games/load', { record: text, level: Number(app.settings.level), ...players });
    adopt(state);
    $('caption').textContent = `Loaded ${file.name}: ${state.history.length} moves.`;
  } catch (e) {
    showError(e);
  }
}

// ---------------------------------------------------------------------------------
// New game dialog

function fillProfiles() {
  const game = $('ng-game').value;
  const info = app.meta && app.meta.games.find((g) => g.name === game);
  const sel = $('ng-rules');
  sel.textContent = '';
  for (const p of (info ? info.profiles : [])) {
    const o = document.createElement('option');
    o.value = p;
    o.textContent = p;
    sel.appendChild(o);
  }
}

function showLevel() {
  const n = Number($('ng-level').value);
  const info = app.meta && Array.isArray(app.meta.levels) && app.meta.levels.find((l) => l.level === n);
  $('ng-level-value').textContent = info ? `${n}: ${info.text}` : String(n);
}

function openDialog() {
  const d = $('new-dialog');
  $('ng-game').value = app.settings.game;
  fillProfiles();
  if (app.settings.rules) $('ng-rules').value = app.settings.rules;
  $('ng-level').value = app.settings.level;
  showLevel();
  for (const r of document.querySelectorAll('input[name=mode]')) r.checked = r.value === app.settings.mode;
  d.showModal();
}

function setup() {
  $('btn-new').addEventListener('click', openDialog);
  $('btn-undo').addEventListener('click', undo);
  $('btn-hint').addEventListener('click', hint);
  $('btn-resign').addEventListener('click', resign);
  $('btn-skip').addEventListener('click', () => { app.skip = true; });
  $('btn-live').addEventListener('click', () => { app.review = null; render(); });
  $('btn-prev').addEventListener('click', () => stepReview(-1));
  $('btn-next').addEventListener('click', () => stepReview(1));
  $('file-load').addEventListener('change', (ev) => {
    const f = ev.target.files && ev.target.files[0];
    if (f) loadRecord(f);
    ev.target.value = '';
  });
  $('ng-game').addEventListener('change', fillProfiles);
  $('ng-level').addEventListener('input', showLevel);
  $('new-dialog').addEventListener('close', () => {
    if ($('new-dialog').returnValue !== 'start') return;
    const mode = (document.querySelector('input[name=mode]:checked') || {}).value || 'south';
    app.settings = {
      game: $('ng-game').value,
      rules: $('ng-rules').value,
      level: Number($('ng-level').value),
      mode,
    };
    try { localStorage.setItem('bao-settings', JSON.stringify(app.settings)); } catch (_) { /* private mode */ }
    newGame(app.settings);
  });
  const speed = $('speed');
  const showSpeed = () => { $('speed-name').textContent = `(${SPEEDS[Number(speed.value)].name})`; };
  speed.addEventListener('input', () => {
    showSpeed();
    try { localStorage.setItem('bao-speed', speed.value); } catch (_) { /* private mode */ }
  });
  try {
    const saved = JSON.parse(localStorage.getItem('bao-settings') || 'null');
    if (saved && saved.game) app.settings = { ...app.settings, ...saved };
    const sp = localStorage.getItem('bao-speed');
    if (sp !== null) speed.value = sp;
  } catch (_) { /* ignore */ }
  showSpeed();
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && app.selected) { app.selected = null; app.selectedDir = null; render(); }
    if (app.review && ev.key === 'ArrowLeft') stepReview(-1);
    if (app.review && ev.key === 'ArrowRight') stepReview(1);
  });
}

async function start() {
  setup();
  try {
    app.meta = await api('GET', '/api/meta');
  } catch (e) {
    showError(e);
  }
  const id = location.hash.replace(/^#/, '');
  if (id) {
    try {
      adopt(await api('GET', `/api/games/${encodeURIComponent(id)}`));
      return;
    } catch (_) {
      // The server was restarted: start a fresh game below.
    }
  }
  await newGame(app.settings);
}

start();
