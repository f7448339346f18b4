// The /learn page: every rule of both games in plain words, each with a small live board
// that plays a worked case of the rules spec (docs/bao-la-kiswahili.md §4 and
// docs/bao-kingulu.md §7) through the real engine: the page loads the case's position on
// the server (POST /api/games/load with a [Setup] record), plays the case's moves there and
// animates the events the server sends back, lap by lap; then it compares the position
// the server reached with the spec's own diagram, so the guide cannot drift from the rules.
// "Try it" loads the same position as a game against the computer that the reader plays out.

import './header.js';
import { api, sleep } from './api.js';
import { drawBoard, fitLabels } from './board.js';
import { SPEEDS, framesOf, captionOf, lapStep, play as playFrames } from './trace.js';
import { t, rich, esc, sideWord, say, lang } from './i18n.js';

const K = 'kiswahili';
/** A game's end in the page's language (the server's sentence as data). */
const endText = (o) => (o.say && lang !== 'en' ? say(o.say) : o.text);
const G = 'kingulu';

/**
 * The lessons. `position` and `after` are the spec's diagrams in the position text of
 * notation.md §2; `moves` the case's moves in notation.md §3 (the spec writes them as
 * "A6 cw", "A4 x L", "5 (S5)"; see §1.8 of the Kiswahili spec for the conversion).
 */
export const LESSONS = [
  {
    id: 'board', game: K, title: t('learn-board-title'), rules: 'K-§1, K-R1, K-R8.1',
    case: 'T1', words: [
      t('learn-board-1'),
      t('learn-board-2'),
      t('learn-board-3'),
    ],
    position: '0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -',
    moves: ['A6>'],
    after: '0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -',
  },
  {
    id: 'namua', game: K, title: t('learn-namua-title'), rules: 'K-R2, K-R3, K-R4, K-R7.5',
    case: 'T6', words: [
      t('learn-namua-1'),
      t('learn-namua-2'),
    ],
    position: '2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 1 6 2 1 0 / 1 0 0 2 1 1 0 2 ; S=14 N=14 ; house S+ N- ; South ; takasia -',
    moves: ['A4>'],
    after: '2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 0 7 0 2 1 / 1 0 1 3 0 2 1 0 ; S=13 N=14 ; house S+ N- ; North ; takasia -',
  },
  {
    id: 'capture', game: K, title: t('learn-capture-title'), rules: 'K-R5, K-R6',
    case: 'T2', words: [
      t('learn-capture-1'),
      t('learn-capture-2'),
    ],
    position: '0 0 0 0 0 0 0 0 / 1 0 2 7 0 2 0 0 / 0 1 0 2 6 0 1 0 / 2 0 0 0 0 0 0 0 ; S=20 N=20 ; house S+ N+ ; South ; takasia -',
    moves: ['A4>'],
    after: '0 0 0 0 0 0 0 0 / 1 0 2 0 0 2 0 0 / 1 2 1 4 7 1 0 1 / 2 0 0 0 0 0 0 1 ; S=19 N=20 ; house S+ N- ; North ; takasia -',
  },
  {
    id: 'takata', game: K, title: t('learn-takata-title'), rules: 'K-R7, K-R4 step 4',
    case: 'T6', words: [
      t('learn-takata-1'),
      t('learn-takata-2'),
    ],
    position: '2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 1 6 2 1 0 / 1 0 0 2 1 1 0 2 ; S=14 N=14 ; house S+ N- ; South ; takasia -',
    moves: ['A7<'],
    after: '2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 1 7 3 0 0 / 1 0 0 2 1 1 0 2 ; S=13 N=14 ; house S+ N- ; North ; takasia -',
  },
  {
    id: 'tax', game: K, title: t('learn-tax-title'), rules: 'K-R7.1, K-R7.3',
    case: 'T4', words: [
      t('learn-tax-1'),
    ],
    position: '1 1 1 1 1 1 1 1 / 0 3 0 6 0 2 2 1 / 0 0 0 0 6 0 0 0 / 2 2 2 2 2 2 2 2 ; S=10 N=10 ; house S+ N+ ; South ; takasia -',
    moves: ['A5>'],
    after: '1 1 1 1 1 1 1 1 / 0 3 0 6 0 2 2 1 / 0 0 0 0 5 1 1 0 / 2 2 2 2 2 2 2 2 ; S=9 N=10 ; house S+ N+ ; North ; takasia -',
  },
  {
    id: 'safari', game: K, title: t('learn-safari-title'), rules: 'K-R4 step 4, K-R6.4, K-R8.2',
    case: 'T5', words: [
      t('learn-safari-1'),
      t('learn-safari-2'),
    ],
    position: '1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / 0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ; S=12 N=12 ; house S+ N+ ; South ; takasia -',
    moves: ['A2>+'],
    after: '1 1 1 1 1 1 1 1 / 0 0 0 6 0 0 0 0 / 4 1 2 2 1 0 2 0 / 0 4 0 2 5 2 0 2 ; S=11 N=12 ; house S- N+ ; North ; takasia -',
  },
  {
    id: 'mtaji', game: K, title: t('learn-mtaji-title'), rules: 'K-R9, K-R5.2',
    case: 'T7', words: [
      t('learn-mtaji-1'),
      t('learn-mtaji-2'),
    ],
    position: '4 4 4 3 3 3 3 4 / 0 0 5 0 7 0 3 8 / 0 1 2 0 1 0 1 0 / 0 0 2 3 1 0 1 1 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A3>'],
    after: '4 4 4 3 3 3 3 4 / 0 0 5 0 0 0 0 8 / 0 3 2 0 4 0 3 1 / 1 1 2 3 1 0 1 1 ; S=0 N=0 ; house S- N- ; North ; takasia -',
  },
  {
    id: 'sixteen', game: K, title: t('learn-sixteen-title'), rules: 'K-R9.3, K-R10.3',
    case: 'T8', words: [
      t('learn-sixteen-1'),
      t('learn-sixteen-2'),
    ],
    position: '2 2 2 2 2 2 2 2 / 4 3 4 4 4 4 4 4 / 17 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A1>'],
    after: '2 2 2 2 2 2 2 2 / 4 3 4 4 4 4 4 4 / 2 1 2 0 2 0 2 0 / 0 2 0 2 0 2 0 2 ; S=0 N=0 ; house S- N- ; North ; takasia -',
  },
  {
    id: 'takasia', game: K, title: t('learn-takasia-title'), rules: 'K-R11',
    case: 'T9', words: [
      t('learn-takasia-1'),
      t('learn-takasia-2'),
    ],
    position: '2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 3 0 3 0 0 0 2 2 / 2 0 0 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A1<', 'a2<'],
    after: '0 2 3 2 1 3 1 2 / 2 8 4 6 7 4 0 5 / 0 0 3 0 0 0 2 2 / 3 1 1 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; South ; takasia -',
  },
  {
    id: 'hamna', game: K, title: t('learn-hamna-title'), rules: 'K-R12.1, K-R12.5',
    case: 'T10', words: [
      t('learn-hamna-1'),
      t('learn-hamna-2'),
    ],
    position: '1 1 1 1 1 1 1 1 / 0 0 0 0 7 0 1 0 / 0 0 2 0 1 0 1 0 / 22 0 0 0 0 0 0 22 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A3>'],
    after: '1 1 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 / 1 1 1 2 3 1 2 0 / 22 0 0 0 0 0 0 22 ; S=1 N=0 ; house S- N- ; North ; takasia -',
  },
  {
    id: 'nomove', game: K, title: t('learn-nomove-title'), rules: 'K-R12.3, K-R10.5',
    case: 'T11', words: [
      t('learn-nomove-1'),
    ],
    position: '1 1 1 1 1 1 1 1 / 1 0 1 0 1 2 0 1 / 0 0 0 2 0 1 0 0 / 22 0 0 0 0 0 0 25 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A4>'],
    after: '1 1 1 1 1 1 1 1 / 1 0 1 0 1 0 0 1 / 1 1 0 0 1 2 0 0 / 22 0 0 0 0 0 0 25 ; S=0 N=0 ; house S- N- ; North ; takasia -',
  },
  {
    id: 'relay', game: G, title: t('learn-relay-title'), rules: 'G-R1, G-R4, G-R6d',
    case: 'T2', words: [
      t('learn-relay-1'),
      t('learn-relay-2'),
    ],
    position: '4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South',
    moves: ['A3'],
    after: '1 0 6 6 0 1 / 6 6 2 7 0 6 ; S=7 N=0 ; North',
  },
  {
    id: 'firstlap', game: G, title: t('learn-firstlap-title'), rules: 'G-R7',
    case: 'T1', words: [
      t('learn-firstlap-1'),
      t('learn-firstlap-2'),
    ],
    position: '4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South',
    moves: ['A5'],
    after: '6 6 6 1 6 1 / 0 1 6 6 2 7 ; S=0 N=0 ; North',
  },
  {
    id: 'opposite', game: G, title: t('learn-opposite-title'), rules: 'G-R6b, G-R8',
    case: 'T4', words: [
      t('learn-opposite-1'),
      t('learn-opposite-2'),
    ],
    position: '2 1 0 3 5 2 / 2 3 0 1 0 4 ; S=10 N=15 ; South',
    moves: ['A2'],
    after: '2 1 0 3 0 2 / 2 0 1 2 0 4 ; S=16 N=15 ; North',
  },
  {
    id: 'mtoto', game: G, title: t('learn-mtoto-title'), rules: 'G-R6c, G-R9, G-R10',
    case: 'T6', words: [
      t('learn-mtoto-1'),
      t('learn-mtoto-2'),
    ],
    position: '0 1 0 3 2 2 / 1 2 0 3 4 1 ; S=14 N=15 ; South',
    moves: ['A5'],
    after: '0 1 0 5*S 2 3 / 1 2 0 3 0 2 ; S=14 N=15 ; North',
  },
  {
    id: 'score', game: G, title: t('learn-score-title'), rules: 'G-R12, G-R14, G-R15',
    case: 'T24', words: [
      t('learn-score-1'),
      t('learn-score-2'),
    ],
    position: '0 0 0 0 3 0 / 0 0 0 1 0 2 ; S=20 N=22 ; South',
    moves: ['A4'],
    after: '0 0 0 0 0 0 / 0 0 0 0 0 2 ; S=24 N=22 ; North',
  },
];

const TRY_LEVEL = 3;
const norm = (p) => String(p || '').trim().replace(/\s+/g, ' ');
const speedOf = () => SPEEDS[Number((document.getElementById('learn-speed') || { value: 2 }).value)] || SPEEDS[2];

function record(lesson) {
  return `[Game "${lesson.game}"]\n[Setup "${lesson.position}"]\n\n*\n`;
}

/** Deletes a scratch game (best effort; an old server without DELETE keeps it in memory). */
function drop(game, keepalive = false) {
  if (!game) return;
  api('DELETE', `/api/games/${encodeURIComponent(game.id)}`, undefined, { seat: game.seat || null, keepalive }).catch(() => {});
}

const games = new Set(); // "try it" games to delete when the page goes

/** Marks a Try-it game as a scratch game (the main page's saved games leave it out). */
function scratch(id, on) {
  try {
    const all = new Set(JSON.parse(localStorage.getItem('bao-scratch') || '[]'));
    if (on) all.add(id); else all.delete(id);
    localStorage.setItem('bao-scratch', JSON.stringify([...all].slice(-50)));
  } catch (_) { /* private mode */ }
}

/** One lesson's live board. */
class Lesson {
  constructor(lesson, root) {
    this.lesson = lesson;
    this.root = root;
    this.svg = root.querySelector('svg');
    this.caption = root.querySelector('.caption');
    this.check = root.querySelector('.check');
    this.choices = root.querySelector('.choices');
    this.steps = []; // [{ played, frames, ply }] of the case's moves
    this.i = 0; // which move
    this.k = 0; // which frame of it
    this.game = null; // a "try it" game
    this.busy = false;
    for (const [sel, fn] of [
      ['.btn-play', () => this.playAll()], ['.btn-back', () => this.step(-1)], ['.btn-fwd', () => this.step(1)],
      ['.btn-reset', () => this.reset()], ['.btn-try', () => this.tryIt()],
    ]) root.querySelector(sel).addEventListener('click', fn);
    root.addEventListener('keydown', (ev) => {
      if (this.game && this.svg.contains(ev.target)) return;
      if (ev.key === 'ArrowRight') { ev.preventDefault(); this.step(1); }
      if (ev.key === 'ArrowLeft') { ev.preventDefault(); this.step(-1); }
    });
  }

  /** Loads the case on the server, plays its moves there and keeps their traces. */
  async load() {
    const l = this.lesson;
    const g = await api('POST', '/api/games/load', { record: record(l), south: 'human', north: 'human' });
    const opts = { seat: g.seat || null };
    try {
      this.start = g;
      let state = g;
      for (const [n, mv] of l.moves.entries()) {
        const r = await api('POST', `/api/games/${g.id}/play`, { move: mv }, opts);
        this.steps.push({ played: { ...r.played, from: r.state.history[n].from }, frames: framesOf(r.played), ply: n + 1, after: r.state.board });
        state = r.state;
      }
      this.end = state;
      const ok = norm(state.position) === norm(l.after);
      // For players: whether the engine plays the case as the rules book says; the position
      // texts stay in the tooltip for whoever checks the spec.
      this.check.textContent = ok
        ? `✓ ${t('learn-check-ok')}`
        : `✗ ${t('learn-check-bad')}`;
      this.check.title = ok ? `position after the case: ${state.position}` : `engine: ${state.position}\nrules: ${l.after}`;
      this.check.classList.toggle('bad', !ok);
      this.root.dataset.matches = String(ok);
    } finally {
      drop(g);
    }
    this.reset();
  }

  labels() {
    return { north: sideWord('North'), south: sideWord('South') };
  }

  draw(board, opts = {}) {
    drawBoard(this.svg, board, { narrow: true, labels: this.labels(), ...opts });
    fitLabels(this.svg, 12);
  }

  /** Shows frame k of move i with the caption of that board. */
  show() {
    const s = this.steps[this.i];
    if (!s) return;
    const f = s.frames[this.k];
    const last = this.k === s.frames.length - 1;
    if (last) {
      this.draw(s.after, { active: new Set(f.holes), lastFrom: s.played.from, over: this.i === this.steps.length - 1 && !!this.end.outcome });
    } else if (this.i === 0 && this.k === 0) {
      const playable = new Set(this.start.moves.map((m) => m.from));
      this.draw(s.played.before, { playable, lastFrom: s.played.from });
    } else {
      this.draw(s.played.before, { counts: f.counts, stores: f.stores, active: new Set(f.holes), toMove: s.played.side });
    }
    let text = captionOf(s.played, s.frames, this.k, this.steps.length > 1 ? s.ply : 0);
    if (this.i === 0 && this.k === 0) text += ` ${t('learn-legal', { moves: this.start.moves.map((m) => m.text).join(' ') })}`;
    if (last && this.i === this.steps.length - 1 && this.end.outcome) text += ` ${endText(this.end.outcome)}.`;
    this.caption.textContent = text;
    this.root.dataset.move = String(this.i);
    this.root.dataset.step = String(this.k);
  }

  reset() {
    this.stopGame();
    this.i = 0;
    this.k = 0;
    this.show();
  }

  /** One lap forward or back, across the case's moves. */
  step(delta) {
    if (this.busy || !this.steps.length) return;
    this.stopGame();
    const s = this.steps[this.i];
    const end = s.frames.length - 1;
    if (delta > 0 && this.k === end) {
      if (this.i + 1 < this.steps.length) { this.i++; this.k = 0; }
    } else if (delta < 0 && this.k === 0) {
      if (this.i > 0) { this.i--; this.k = this.steps[this.i].frames.length - 1; }
    } else {
      this.k = lapStep(s.frames, this.k, delta);
    }
    this.show();
  }

  /** Animates the case's moves from the start. */
  async playAll() {
    if (this.busy || !this.steps.length) return;
    this.stopGame();
    this.busy = true;
    try {
      for (let i = 0; i < this.steps.length; i++) {
        this.i = i;
        this.k = 0;
        this.show();
        await sleep(speedOf().step ? 500 : 0);
        const s = this.steps[i];
        await playFrames(s.played, s.frames, {
          speed: speedOf,
          stop: () => false,
          draw: (f, active, counts, stores, k) => {
            this.draw(s.played.before, { counts, stores, active, toMove: s.played.side });
            this.k = k;
            this.caption.textContent = captionOf(s.played, s.frames, k, this.steps.length > 1 ? s.ply : 0);
          },
        });
        this.k = s.frames.length - 1;
        this.show();
      }
    } finally {
      this.busy = false;
    }
  }

  // ---- Try it: the reader plays the side to move against the computer.

  stopGame() {
    if (!this.game) return;
    drop(this.game);
    scratch(this.game.id, false);
    games.delete(this.game);
    this.game = null;
    this.choices.textContent = '';
    this.root.classList.remove('trying');
  }

  async tryIt() {
    if (this.busy) return;
    this.stopGame();
    const l = this.lesson;
    const side = this.start.to_move;
    const players = side === 'South' ? { south: 'human', north: 'computer' } : { south: 'computer', north: 'human' };
    try {
      const g = await api('POST', '/api/games/load', { record: record(l), level: TRY_LEVEL, ...players });
      this.game = { id: g.id, seat: g.seat || null, state: g, side };
      scratch(g.id, true);
      games.add(this.game);
      this.root.classList.add('trying');
      this.renderGame(t('learn-your-move-as', { side: sideWord(side) }));
      const cell = this.svg.querySelector('g.cell[tabindex="0"]');
      if (cell) cell.focus();
    } catch (e) {
      this.caption.textContent = t('learn-cannot-start', { error: e.message });
    }
  }

  renderGame(text) {
    const g = this.game;
    if (!g) return;
    const s = g.state;
    const mine = !s.outcome && s.to_move === g.side && !this.busy;
    const groups = new Map();
    for (const m of mine ? s.moves : []) {
      if (!groups.has(m.from)) groups.set(m.from, []);
      groups.get(m.from).push(m);
    }
    const last = s.history[s.history.length - 1];
    // As on the game board: a hole whose moves go two ways gets an arrow for each.
    const sel = g.selected && groups.has(g.selected) ? groups.get(g.selected) : [];
    const dirs = [...new Set(sel.map((m) => m.dir).filter(Boolean))];
    this.draw(s.board, {
      playable: new Set(groups.keys()), groups, selected: g.selected, lastFrom: last ? last.from : null, over: !!s.outcome,
      onHole: (name) => this.pick(name, groups),
      arrows: dirs.length > 1 ? dirs : null,
      onArrow: (dir) => {
        const ms = sel.filter((m) => m.dir === dir);
        if (ms.length === 1) this.move(ms[0].text);
      },
    });
    this.choices.textContent = '';
    if (g.selected && groups.has(g.selected)) {
      for (const m of groups.get(g.selected)) {
        const b = document.createElement('button');
        b.textContent = m.says ? `${m.text}: ${m.says.map(say).join(', ')}` : m.label;
        b.dataset.move = m.text;
        b.addEventListener('click', () => this.move(m.text));
        this.choices.appendChild(b);
      }
    }
    const stop = document.createElement('button');
    stop.textContent = t('learn-back-to-case');
    stop.addEventListener('click', () => this.reset());
    this.choices.appendChild(stop);
    if (text) this.caption.textContent = text;
    else if (s.outcome) this.caption.textContent = t('status-over', { outcome: endText(s.outcome) });
  }

  pick(name, groups) {
    const ms = groups.get(name) || [];
    if (ms.length === 1) {
      this.move(ms[0].text);
      return;
    }
    this.game.selected = name;
    this.renderGame(t('learn-moves-from', { hole: name }));
    const b = this.choices.querySelector('button[data-move]');
    if (b) b.focus();
  }

  async animateGame(played, state) {
    const frames = framesOf(played);
    await playFrames(played, frames, {
      speed: speedOf,
      stop: () => !this.game,
      draw: (f, active, counts, stores, k) => {
        this.draw(played.before, { counts, stores, active, toMove: played.side });
        this.caption.textContent = captionOf(played, frames, k);
      },
    });
  }

  async move(text) {
    const g = this.game;
    if (!g || this.busy) return;
    this.busy = true;
    g.selected = null;
    try {
      const r = await api('POST', `/api/games/${g.id}/play`, { move: text }, { seat: g.seat });
      await this.animateGame(r.played, r.state);
      g.state = r.state;
      while (this.game === g && !g.state.outcome && g.state.to_move !== g.side) {
        this.renderGame(t('learn-thinking'));
        const e = await api('POST', `/api/games/${g.id}/engine`, { ply: g.state.ply }, { seat: g.seat });
        await this.animateGame(e.played, e.state);
        g.state = e.state;
      }
    } catch (e) {
      this.caption.textContent = t('learn-failed', { error: e.message });
    } finally {
      this.busy = false;
    }
    if (this.game === g) {
      const s = g.state;
      const lastMove = s.history[s.history.length - 1];
      this.renderGame(s.outcome ? t('status-over', { outcome: endText(s.outcome) })
        : (lastMove ? `${t('learn-played', { side: sideWord(lastMove.side), move: lastMove.text })} ` : '') + t('learn-your-move'));
      const cell = this.svg.querySelector('g.cell[tabindex="0"]');
      if (cell && this.root.contains(document.activeElement)) cell.focus();
    }
  }
}

function lessonHtml(l) {
  const art = document.createElement('article');
  art.className = 'lesson';
  art.id = l.id;
  art.dataset.game = l.game;
  art.innerHTML = `
    <div class="lesson-text">
      <h3>${esc(l.title)}</h3>
      ${l.words.map((w) => `<p>${rich(w)}</p>`).join('')}
      <p class="moves">${rich(t('learn-moves', { n: l.moves.length, moves: l.moves.join(' ') }))}</p>
      <p class="cite">${esc(t('learn-source', { case: l.case, doc: l.game === K ? 'docs/bao-la-kiswahili.md §4' : 'docs/bao-kingulu.md §7', rules: l.rules }))}</p>
    </div>
    <div class="lesson-board" tabindex="-1">
      <svg role="group" aria-label="${esc(t('learn-board-label', { title: l.title, case: l.case }))}" xmlns="http://www.w3.org/2000/svg"></svg>
      <div class="controls">
        <button class="btn-play" title="${esc(t('learn-play-title'))}">▶ ${esc(t('learn-play'))}</button>
        <button class="btn-back" title="${esc(t('learn-back-title'))}" aria-label="${esc(t('learn-back'))}">◀</button>
        <button class="btn-fwd" title="${esc(t('learn-fwd-title'))}" aria-label="${esc(t('learn-fwd'))}">▶</button>
        <button class="btn-reset" title="${esc(t('learn-reset-title'))}">${esc(t('learn-reset'))}</button>
        <button class="btn-try" title="${esc(t('learn-try-title'))}">${esc(t('learn-try'))}</button>
      </div>
      <div class="choices"></div>
      <p class="caption" aria-live="polite">${esc(t('learn-loading'))}</p>
      <p class="check small"></p>
    </div>`;
  return art;
}

async function main() {
  const boxes = { [K]: document.getElementById('lessons-kiswahili'), [G]: document.getElementById('lessons-kingulu') };
  const toc = { [K]: document.getElementById('toc-kiswahili'), [G]: document.getElementById('toc-kingulu') };
  const lessons = [];
  for (const l of LESSONS) {
    const art = lessonHtml(l);
    boxes[l.game].appendChild(art);
    const li = document.createElement('li');
    li.innerHTML = `<a href="#${l.id}">${l.title}</a>`;
    toc[l.game].appendChild(li);
    lessons.push(new Lesson(l, art));
  }
  window.addEventListener('pagehide', () => { for (const g of games) { drop(g, true); scratch(g.id, false); } });
  window.addEventListener('resize', () => { for (const x of lessons) fitLabels(x.svg, 12); });
  // One case after the other, so the server is not asked for all of them at once.
  for (const x of lessons) {
    try {
      await x.load();
    } catch (e) {
      x.caption.textContent = t('learn-cannot-load', { error: e.message });
    }
  }
  document.body.dataset.loaded = 'true';
}

main();
