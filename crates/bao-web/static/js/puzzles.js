// The puzzles page (docs/web.md, docs/puzzles.md): one puzzle at a time from
// GET /api/puzzles/{game}/{n}. The player clicks the move; one answer counts. Right or
// wrong, the solution line is then animated move by move (trace.js, board.js). The task,
// the answer, the theme and the line's end come as the catalogue's sentences (`task_say`,
// …) and are said in the page's language. The streak,
// the best streak and the puzzles solved are kept in localStorage, per game.

import { foldingMenu } from './menu.js';
import './header.js';
import { api } from './api.js';
import { drawBoard, fitLabels, screenArrow, screenDir } from './board.js';
import { SPEEDS, framesOf, captionOf, play as playFrames } from './trace.js';
import { moveName } from './state.js';
import { t, say, sideWord } from './i18n.js';

/** A move's label in the page's language (the server's words as data when it sends them). */
const labelOf = (m) => (m.says ? `${(/^[←→↑↓] /.exec(m.label || '') || [''])[0]}${m.text}: ${m.says.map(say).join(', ')}` : m.label);

const $ = (id) => document.getElementById(id);
const TITLES = { kiswahili: 'Bao la Kiswahili', kingulu: 'Bao Kingulu' };
const STORE = 'bao.puzzles';

const pz = {
  game: 'kiswahili',
  puzzle: null, // the answer of GET /api/puzzles/{game}/{n}
  answered: false, // a move was judged or the solution shown
  selected: null,
  animating: false,
  skip: false,
  turn: null, // { number, flip }: the player turned the board of puzzle `number`
};

/**
 * Whether the board is drawn turned (North's rows at the bottom): from the seat of the side
 * to move, as a game is drawn from its player's seat, unless the player turned it.
 */
function flipped() {
  const p = pz.puzzle;
  if (!p) return false;
  if (pz.turn && pz.turn.number === p.number && pz.turn.game === p.game) return pz.turn.flip;
  return p.side === 'North';
}

/** "Turn board": North's rows at the bottom or at the top (for this puzzle). */
function turnBoard() {
  if (!pz.puzzle || pz.animating) return;
  pz.turn = { game: pz.puzzle.game, number: pz.puzzle.number, flip: !flipped() };
  render();
}

/** The saved progress: { game: { streak, best, solved: [numbers], last } }. */
function load() {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch (_) {
    return {};
  }
}

function progress(game) {
  const all = load();
  const p = all[game] || {};
  return {
    streak: Number.isInteger(p.streak) ? p.streak : 0,
    best: Number.isInteger(p.best) ? p.best : 0,
    solved: Array.isArray(p.solved) ? p.solved.filter(Number.isInteger) : [],
    last: Number.isInteger(p.last) ? p.last : 0,
  };
}

function saveProgress(game, p) {
  const all = load();
  all[game] = p;
  all.game = game;
  try { localStorage.setItem(STORE, JSON.stringify(all)); } catch (_) { /* private mode: not kept */ }
}

function renderStreak() {
  const p = progress(pz.game);
  $('pz-streak').textContent = String(p.streak);
  $('pz-best').textContent = String(p.best);
  $('pz-solved').textContent = String(p.solved.length);
}

const speed = () => SPEEDS[Number($('speed').value)] || SPEEDS[2];
const narrow = () => $('board-wrap').clientWidth < 640;

function draw(board, opts = {}) {
  const svg = $('board');
  drawBoard(svg, board, {
    narrow: narrow(),
    noNyumba: pz.puzzle && pz.puzzle.rules === 'kujifunza',
    labels: { north: sideWord('North'), south: sideWord('South') },
    flip: flipped(),
    ...opts,
  });
  fitLabels(svg, 12);
}

/**
 * The moves grouped by start hole, their direction and label's arrow as the board is drawn
 * (the server's are the screen's with North on top).
 */
function groups() {
  const g = new Map();
  const flip = flipped();
  for (const m of pz.puzzle.moves) {
    if (!g.has(m.from)) g.set(m.from, []);
    g.get(m.from).push({ ...m, dir: screenDir(m.dir, flip), label: screenArrow(m.label, flip) });
  }
  return g;
}

/** Draws the puzzle's position waiting for the answer (or, answered, as it stands). */
function render() {
  const p = pz.puzzle;
  if (!p) return;
  const g = groups();
  const open = !pz.answered && !pz.animating;
  let arrows = null;
  if (open && pz.selected && g.has(pz.selected)) {
    const dirs = [...new Set(g.get(pz.selected).map((m) => m.dir).filter(Boolean))];
    if (dirs.length > 1) arrows = dirs;
  }
  const turn = $('btn-turn');
  turn.setAttribute('aria-pressed', String(flipped()));
  turn.title = flipped() ? t('turn-south-bottom') : t('turn-north-bottom');
  draw(p.board, {
    playable: open ? new Set(g.keys()) : new Set(),
    groups: g,
    selected: open ? pz.selected : null,
    arrows,
    toMove: p.side,
    onHole: onHole,
    onArrow: onArrow,
  });
  renderChoices(open ? g : new Map());
}

function renderChoices(g) {
  const box = $('choices');
  box.textContent = '';
  if (!pz.selected || !g.has(pz.selected)) return;
  const span = document.createElement('span');
  span.textContent = t('moves-from', { hole: pz.selected });
  box.appendChild(span);
  for (const m of g.get(pz.selected)) {
    const b = document.createElement('button');
    b.textContent = labelOf(m);
    b.dataset.move = m.text;
    b.setAttribute('aria-label', t('play-label', { label: labelOf(m) }));
    b.addEventListener('click', () => answer(m.text));
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = t('ng-cancel');
  cancel.addEventListener('click', () => { pz.selected = null; render(); });
  box.appendChild(cancel);
}

function onHole(name) {
  if (pz.answered || pz.animating) return;
  const g = groups();
  const moves = g.get(name);
  if (!moves) return;
  if (moves.length === 1) { answer(moves[0].text); return; }
  pz.selected = name;
  render();
}

function onArrow(dir) {
  if (!pz.selected) return;
  const moves = groups().get(pz.selected).filter((m) => m.dir === dir);
  if (moves.length === 1) answer(moves[0].text);
}

/** Judges the player's move: one answer counts. */
function answer(text) {
  if (pz.answered) return;
  const p = pz.puzzle;
  pz.answered = true;
  pz.selected = null;
  const right = text === p.solution;
  const prog = progress(pz.game);
  if (right) {
    prog.streak += 1;
    prog.best = Math.max(prog.best, prog.streak);
    if (!prog.solved.includes(p.number)) prog.solved.push(p.number);
    $('pz-verdict').textContent = t('pz-right', { move: p.solution, answer: say(p.answer_say) });
  } else {
    prog.streak = 0;
    $('pz-verdict').textContent = t('pz-wrong', { move: text, why: say(p.why_wrong_say), solution: p.solution, answer: say(p.answer_say) });
  }
  $('pz-verdict').className = right ? 'right' : 'wrong';
  saveProgress(pz.game, prog);
  renderStreak();
  showSolution();
}

/** Gives up: the streak ends, the solution is shown. */
function giveUp() {
  if (!pz.puzzle || pz.answered) return;
  pz.answered = true;
  const prog = progress(pz.game);
  prog.streak = 0;
  saveProgress(pz.game, prog);
  renderStreak();
  $('pz-verdict').textContent = t('pz-the-solution', { solution: pz.puzzle.solution, answer: say(pz.puzzle.answer_say) });
  $('pz-verdict').className = '';
  showSolution();
}

/** The solution line in the panel, then animated move by move on the board. */
async function showSolution() {
  const p = pz.puzzle;
  const list = $('pz-line');
  list.textContent = '';
  p.played.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = `${sideWord(m.side)} ${labelOf(m)}`;
    li.dataset.ply = String(i + 1);
    list.appendChild(li);
  });
  list.hidden = false;
  $('pz-end').textContent = p.end_say ? t('puzzle-end', { sentence: say(p.end_say) }) : t('pz-goes-on');
  $('pz-end').hidden = false;
  $('pz-replay').hidden = false;
  render();
  await animateLine();
}

async function animateLine() {
  const p = pz.puzzle;
  if (pz.animating) return;
  pz.animating = true;
  pz.skip = false;
  $('btn-skip').disabled = false;
  $('pz-replay').disabled = true;
  const mine = p;
  try {
    // The line's moves numbered as the game page's move list numbers them, from the
    // puzzle's position: "move 1. A5", "move 2… a6".
    const line = p.played.map((m) => ({ side: m.side, text: m.text }));
    for (let i = 0; i < p.played.length; i++) {
      if (pz.puzzle !== mine) return;
      const played = p.played[i];
      const name = moveName(i + 1, line);
      [...$('pz-line').children].forEach((li, j) => li.classList.toggle('current', j === i));
      const frames = framesOf(played);
      const last = frames.length - 1;
      const shown = await playFrames(played, frames, {
        speed,
        stop: () => pz.skip || pz.puzzle !== mine,
        draw: (f, active, counts, stores, k) => {
          draw(played.before, { counts, stores, active, toMove: played.side, review: true });
          $('caption').textContent = captionOf(played, frames, k, name);
        },
      });
      if (pz.puzzle !== mine) return;
      const f = frames[pz.skip ? last : shown];
      if (pz.skip || !speed().step) {
        // Skipped or instant: the board after this move, then the next one at once.
        draw(played.before, { counts: frames[last].counts, stores: frames[last].stores, toMove: played.side, review: true });
        $('caption').textContent = captionOf(played, frames, last, name);
      } else {
        draw(played.before, { counts: f.counts, stores: f.stores, active: new Set(f.holes), toMove: played.side, review: true });
      }
    }
    $('board-area').dataset.done = String(p.number);
  } finally {
    if (pz.puzzle === mine) {
      pz.animating = false;
      $('btn-skip').disabled = true;
      $('pz-replay').disabled = false;
    }
  }
}

/** The next puzzle: the first unsolved one after the last shown, in order. */
function nextNumber(count) {
  const prog = progress(pz.game);
  for (let k = 1; k <= count; k++) {
    const n = ((prog.last + k - 1) % count) + 1;
    if (!prog.solved.includes(n)) return n;
  }
  return (prog.last % count) + 1;
}

async function open(n) {
  $('status').textContent = t('play-loading');
  const p = await api('GET', `/api/puzzles/${pz.game}/${n}`);
  pz.puzzle = p;
  pz.answered = false;
  pz.selected = null;
  pz.skip = true;
  pz.animating = false;
  $('btn-skip').disabled = true;
  const prog = progress(pz.game);
  prog.last = p.number;
  saveProgress(pz.game, prog);
  document.title = t('pz-doc-title', { game: TITLES[p.game], n: p.number });
  // On a phone the game's name is left out of the title (the card names the puzzle), so
  // that the title, the Menu button and Next puzzle share one row.
  const long = Object.assign(document.createElement('span'), { className: 'long', textContent: t('pz-game-puzzles', { game: TITLES[p.game] }) });
  const short = Object.assign(document.createElement('span'), { className: 'short', textContent: t('nav-puzzles') });
  $('title').replaceChildren(long, short);
  $('pz-heading').textContent = t('pz-heading', { n: p.number, count: p.count, difficulty: p.difficulty });
  $('pz-task').textContent = say(p.task_say);
  $('status').textContent = say(p.task_say);
  $('pz-verdict').textContent = '';
  $('pz-verdict').className = '';
  $('pz-hint-text').hidden = true;
  $('pz-line').hidden = true;
  $('pz-end').hidden = true;
  $('pz-replay').hidden = true;
  $('caption').textContent = t('pz-click');
  $('board-area').dataset.puzzle = `${p.game}:${p.number}`;
  delete $('board-area').dataset.done;
  const u = new URL(location.href);
  u.searchParams.set('game', p.game);
  u.searchParams.set('n', String(p.number));
  history.replaceState(null, '', u);
  render();
  renderStreak();
}

async function next() {
  const list = await api('GET', `/api/puzzles?game=${pz.game}`);
  await open(nextNumber(list.length));
}

function showError(e) {
  $('status').textContent = t('pz-error', { error: e.message || e });
}

function init() {
  const q = new URLSearchParams(location.search);
  const saved = load();
  const game = q.get('game') || saved.game || 'kiswahili';
  pz.game = TITLES[game] ? game : 'kiswahili';
  $('pz-game').value = pz.game;
  $('pz-game').addEventListener('change', () => { pz.game = $('pz-game').value; next().catch(showError); });
  $('pz-next').addEventListener('click', () => next().catch(showError));
  // On a phone: Next puzzle beside the Menu button, the other controls folded (menu.js).
  $('pz-next-phone').addEventListener('click', () => next().catch(showError));
  foldingMenu($('btn-menu'));
  $('pz-solution').addEventListener('click', giveUp);
  $('pz-hint').addEventListener('click', () => {
    if (!pz.puzzle) return;
    $('pz-hint-text').textContent = t('pz-hint', { theme: pz.puzzle.theme_say ? say(pz.puzzle.theme_say) : pz.puzzle.theme });
    $('pz-hint-text').hidden = false;
  });
  $('pz-replay').addEventListener('click', () => animateLine().catch(showError));
  $('btn-skip').addEventListener('click', () => { pz.skip = true; });
  $('btn-turn').addEventListener('click', turnBoard);
  const sp = $('speed');
  const showSpeed = () => { $('speed-name').textContent = `(${t('speed-name', { speed: SPEEDS[Number(sp.value)].name })})`; };
  sp.addEventListener('input', showSpeed);
  showSpeed();
  window.addEventListener('resize', () => { if (!pz.animating) render(); });
  renderStreak();
  const n = Number(q.get('n'));
  (Number.isInteger(n) && n >= 1 ? open(n) : next()).catch(showError);
}

init();
