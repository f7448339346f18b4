// The main page: one game in progress, kept by the server (the page keeps no copy of the
// position or the moves of its own beyond the last state it was sent). It offers only the
// legal moves the server sends, animates traced moves, keeps every move explained (the
// explanation panel, stepping lap by lap and move by move), drives the computer, and plays
// a friend through seats and the live event stream.

import { api, follow, saveSeat, seatFor, sleep } from './api.js';
import { drawBoard, fitLabels } from './board.js';
import { SPEEDS, framesOf, captionOf, lapStep, play as playFrames } from './trace.js';
import { remember, forget, traceOf, renderExplain } from './review.js';

const $ = (id) => document.getElementById(id);
const TITLES = { kiswahili: 'Bao la Kiswahili', kingulu: 'Bao Kingulu' };

const app = {
  meta: null,
  state: null, // the last state from the server
  selected: null, // the hole whose moves are being chosen
  selectedDir: null,
  busy: false, // a request or animation is running
  thinking: false, // the computer is searching
  hint: null, // { best, score }
  skip: false,
  animating: false,
  loop: 0, // bumps on new game / load, to stop an old computer loop
  view: null, // { ply, played, frames, k, after } while looking at a move; null = the game
  last: null, // the same for the last move, kept after its animation (the panel shows it)
  unfollow: null,
  live: false, // the event stream is connected
  settings: { game: 'kiswahili', rules: '', level: 5, mode: 'south' },
};

// ---------------------------------------------------------------------------------
// Errors

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

// ---------------------------------------------------------------------------------
// Players and seats

const playerOf = (side) => (app.state ? app.state.players[side.toLowerCase()] : 'human');
const isComputer = (side) => playerOf(side) === 'computer';
const humanSides = () => ['South', 'North'].filter((s) => !isComputer(s));

/** The sides this browser may move: the server's `you`, or every human side without seats. */
function mySides() {
  const s = app.state;
  if (!s) return [];
  if (Array.isArray(s.you)) return s.you;
  return humanSides();
}
const mine = (side) => mySides().includes(side);
const friendGame = () => humanSides().some((s) => !mine(s)) && mySides().length > 0;

function who(side) {
  if (isComputer(side)) return `computer, level ${app.state.level}`;
  const me = mySides();
  if (me.includes(side) && me.length === 1) return 'you';
  if (!me.includes(side) && me.length > 0) return 'your friend';
  if (me.length === 0) return 'player';
  return 'player';
}
const sideName = (side) => `${side} (${who(side)})`;

function modePlayers(mode) {
  switch (mode) {
    case 'north': return { south: 'computer', north: 'human' };
    case 'humans': case 'friend': return { south: 'human', north: 'human' };
    case 'computers': return { south: 'computer', north: 'computer' };
    default: return { south: 'human', north: 'computer' };
  }
}

function humanToMove() {
  const s = app.state;
  return s && !s.outcome && !isComputer(s.to_move) && mine(s.to_move);
}

// ---------------------------------------------------------------------------------
// Moves offered

/** The direction arrow of a move: the server's `dir`, or for a namua capture that sows
 * nothing beyond the kichwa (one captured seed) the side of its kichwa (notation.md §3:
 * `>` = from the mover's left kichwa towards the right). */
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

// ---------------------------------------------------------------------------------
// Rendering

const narrow = () => $('board-wrap').clientWidth < 640;
const noNyumba = () => app.state && app.state.rules === 'kujifunza';

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
  renderMoveList();
  renderHelp();
  $('btn-download').href = `/api/games/${encodeURIComponent(s.id)}/record`;
  $('btn-download').setAttribute('download', `game-${s.id}.bao`);
  const canAct = !app.busy && !app.animating;
  $('btn-undo').disabled = !canAct || undoPlies() === 0;
  $('btn-hint').disabled = !canAct || !humanToMove();
  $('btn-resign').disabled = !canAct || !!s.outcome || mySides().length === 0;
  $('btn-invite').disabled = !!s.outcome || !seatFor(s.id);
  if (app.animating) return; // the animation draws the board
  if (app.view) {
    renderView();
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
  draw(s.board, {
    playable,
    groups,
    lastFrom: last ? last.from : null,
    selected: app.selected,
    hint: app.hint && interactive ? app.hint.best.from : null,
    arrows,
    over: !!s.outcome,
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
  if (s.outcome && !app.busy) {
    const again = document.createElement('button');
    again.textContent = 'New game…';
    again.className = 'primary';
    again.addEventListener('click', openDialog);
    box.appendChild(again);
    if (s.history.length) {
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

const LEGENDS = {
  kiswahili: 'Square hole = nyumba (gold border: functional, dashed: ownership lost). Red ✕ = takasia: '
    + 'that hole may not be played this turn. A1/A8 and a1/a8 are the vichwa. Stores hold the seeds '
    + 'still to be entered in the namua stage. A small white triangle marks the hole the last move started from.',
  kujifunza: 'Bao la Kujifunza: 2 seeds in every hole, no stores and no nyumba; the game starts in the mtaji stage. '
    + 'A1/A8 and a1/a8 are the vichwa. A small white triangle marks the hole the last move started from.',
  kingulu: 'A pit with a coloured ring and a badge is reserved (kuweka mtoto): S = by South, N = by North. '
    + 'Its seeds count for the reserver, and every seed sown into it goes to the reserver\'s store. '
    + 'Score = store + own unreserved pits + pits reserved.',
};

function renderLegend(game) {
  $('legend').textContent = (noNyumba() ? LEGENDS.kujifunza : LEGENDS[game]) || '';
}

const HELP = {
  kiswahili: 'Holes you can play from have a green ring. Click one (or Tab to the board, move with the arrow keys '
    + 'and press Enter); if the move can go more than one way, click an arrow (the way the seeds go first) or a '
    + 'button below the board to choose the direction, the kichwa or safari. The computer answers by itself.',
  kingulu: 'Pits you can play from have a green ring. Click one (or Tab to the board, move with the arrow keys and '
    + 'press Enter): its seeds are sown anticlockwise, relay after relay, until a lap ends in an empty pit '
    + '(a capture of the opposite pit when it is yours), in a pit of the opponent that held 3 (kuweka mtoto: it '
    + 'becomes yours) or in a reserved pit. The computer answers by itself.',
};

function renderHelp() {
  const game = app.state.game;
  const box = $('help-text');
  if (box.dataset.game === game) return;
  box.dataset.game = game;
  box.textContent = '';
  for (const text of [HELP[game], 'Hint asks the computer for a move (pink ring), Undo takes back your last move, '
    + 'and a click on a move in the list replays it with its explanation.']) {
    const p = document.createElement('p');
    p.className = 'small';
    p.textContent = text;
    box.appendChild(p);
  }
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
  if (app.view && !app.animating) {
    const toPlay = humanToMove() ? ' to play on' : '';
    st.textContent = `Looking at ${app.view.ply ? `move ${app.view.ply} of ${s.history.length}` : 'the start'} — Back to the game (Escape)${toPlay}`;
    return;
  }
  if (app.thinking) {
    const span = document.createElement('span');
    span.className = 'thinking';
    span.textContent = `${s.to_move} (computer) is thinking`;
    st.append(span, document.createTextNode(stage));
    return;
  }
  if (isComputer(s.to_move)) {
    st.textContent = `${s.to_move} (computer) to move${stage}`;
  } else if (!mine(s.to_move)) {
    st.textContent = mySides().length ? `Waiting for ${s.to_move} (your friend)${stage}` : `${s.to_move} to move (you are watching)${stage}`;
  } else if (mySides().length === 1) {
    st.textContent = `Your move (${s.to_move}): choose a hole with a green ring${stage}`;
  } else {
    st.textContent = `${s.to_move} to move: choose a hole with a green ring${stage}`;
  }
}

function renderInfo() {
  const s = app.state;
  const rows = [
    ['Game', TITLES[s.game] || s.game],
    ['Rules', s.rules],
    ['South', sideName('South')],
    ['North', sideName('North')],
    ['To move', s.outcome ? '—' : s.to_move],
    ...(s.board.stage && s.board.stage !== 'play' ? [['Stage', s.board.stage]] : []),
    ['Stores', `South ${s.board.stores[0]} · North ${s.board.stores[1]}`],
  ];
  if (s.board.scores) rows.push(['Score', `South ${s.board.scores[0]} · North ${s.board.scores[1]}`]);
  if (s.outcome) rows.push(['Result', s.outcome.text]);
  if (friendGame()) rows.push(['Live', app.live ? 'following the other board' : 'connecting…']);
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
  const current = app.view ? app.view.ply : s.history.length;
  const item = (text, ply, title) => {
    const b = document.createElement('button');
    b.className = 'mv' + (ply === current ? ' current' : '');
    b.textContent = text;
    b.dataset.ply = String(ply);
    b.title = title;
    b.addEventListener('click', () => openMove(ply));
    return b;
  };
  const start = document.createElement('li');
  start.value = 0;
  start.style.listStyle = 'none';
  start.appendChild(item('start', 0, 'the start position'));
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
        dots.className = 'mv dots';
        dots.textContent = '…';
        li.appendChild(dots);
      }
    }
    li.appendChild(item(h.text, h.ply, `${h.side}, ply ${h.ply}: click to watch this move again`));
  }
  const cur = list.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 24) list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

function focusBoard() {
  const cell = $('board').querySelector('g.cell[tabindex="0"]');
  if (cell) cell.focus();
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
  while (app.state && !app.state.outcome && isComputer(app.state.to_move) && loop === app.loop && !app.view) {
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
    // Our own request is running; its answer brings the same state.
    if (state.history.length <= known) return;
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
  app.unfollow = follow(id, onStreamState, (ok) => { app.live = ok; if (app.state) renderInfo(); });
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

// ---------------------------------------------------------------------------------
// Games: new, load, saved

function adopt(state) {
  app.loop++;
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

async function refreshSaved() {
  const box = $('saved');
  let games;
  try {
    games = await api('GET', '/api/games?limit=20');
  } catch (_) {
    $('saved-card').hidden = true;
    return;
  }
  $('saved-card').hidden = false;
  box.textContent = '';
  if (!Array.isArray(games) || !games.length) {
    const li = document.createElement('li');
    li.className = 'small';
    li.textContent = 'No saved games yet.';
    box.appendChild(li);
    return;
  }
  for (const g of games) {
    if (g.seat && !seatFor(g.id)) saveSeat(g.id, g.seat);
    const li = document.createElement('li');
    li.dataset.id = g.id;
    const when = g.updated ? new Date(g.updated).toLocaleString() : '';
    const text = document.createElement('span');
    text.className = 'saved-text';
    const player = (name) => String(name || '?').replace(/^bao level (\d+)$/, 'computer (level $1)');
    text.textContent = `${TITLES[g.game] || g.game}, ${player(g.south)} v ${player(g.north)}, ${g.plies} ${g.plies === 1 ? 'ply' : 'plies'}${g.result ? `, ${g.result}` : ''}${when ? ` · ${when}` : ''}`;
    const cont = document.createElement('button');
    cont.textContent = app.state && g.id === app.state.id ? 'Playing' : 'Continue';
    cont.disabled = !!(app.state && g.id === app.state.id);
    cont.addEventListener('click', () => openGame(g.id));
    const del = document.createElement('button');
    del.textContent = 'Delete';
    del.setAttribute('aria-label', `Delete game ${g.id}`);
    del.addEventListener('click', async () => {
      if (!window.confirm('Delete this saved game?')) return;
      try {
        await api('DELETE', `/api/games/${encodeURIComponent(g.id)}`);
        saveSeat(g.id, null);
        if (app.state && app.state.id === g.id) await newGame(app.settings);
        refreshSaved();
      } catch (e) {
        showError(e);
      }
    });
    li.append(text, cont, del);
    box.appendChild(li);
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

/** A level in words: the engine's depth in plies (one ply = one player's move), or its time. */
function levelWords(info) {
  if (!info) return '';
  if (info.searcher === 'random') return 'plays random legal moves';
  if (info.searcher === 'greedy') return 'takes the move that looks best right now (1 ply)';
  const parts = [];
  if (info.depth) parts.push(`looks ${info.depth} ${info.depth === 1 ? 'ply' : 'plies'} ahead`);
  if (info.time_ms) parts.push(`${parts.length ? 'at most ' : 'searches '}${(info.time_ms / 1000).toFixed(1)} s a move`);
  return parts.join(', ') || info.text || '';
}

function showLevel() {
  const n = Number($('ng-level').value);
  const info = app.meta && Array.isArray(app.meta.levels) && app.meta.levels.find((l) => l.level === n);
  $('ng-level-value').textContent = info ? `${n}: ${levelWords(info)}` : String(n);
}

function showLevelRow() {
  const mode = (document.querySelector('input[name=mode]:checked') || {}).value;
  $('ng-level-label').hidden = mode === 'humans' || mode === 'friend';
}

function openDialog() {
  $('ng-game').value = app.settings.game;
  fillProfiles();
  if (app.settings.rules) $('ng-rules').value = app.settings.rules;
  $('ng-level').value = app.settings.level;
  showLevel();
  for (const r of document.querySelectorAll('input[name=mode]')) r.checked = r.value === app.settings.mode;
  showLevelRow();
  $('new-dialog').showModal();
}

// ---------------------------------------------------------------------------------
// Setup

function inField(ev) {
  const t = ev.target;
  return t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || document.querySelector('dialog[open]'));
}

function setup() {
  $('btn-new').addEventListener('click', openDialog);
  $('btn-undo').addEventListener('click', undo);
  $('btn-hint').addEventListener('click', hint);
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
