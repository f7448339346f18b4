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

const K = 'kiswahili';
const G = 'kingulu';

/**
 * The lessons. `position` and `after` are the spec's diagrams in the position text of
 * notation.md §2; `moves` the case's moves in notation.md §3 (the spec writes them as
 * "A6 cw", "A4 x L", "5 (S5)"; see §1.8 of the Kiswahili spec for the conversion).
 */
export const LESSONS = [
  {
    id: 'board', game: K, title: 'The board, the stores and the nyumba', rules: 'K-§1, K-R1, K-R8.1',
    case: 'T1', words: [
      'Bao la Kiswahili is played on 4 rows of 8 holes. You own the two rows nearest you: the <b>front row</b> (A1–A8 for South) faces the opponent, the <b>back row</b> (B1–B8) is behind it. Holes are numbered from each owner\'s own left, so North\'s rows read a8…a1 from South\'s side.',
      'The square hole, the 5th of your front row from your left (A5, a5), is your <b>nyumba</b> (house). The two end holes of the front row are the <b>vichwa</b> (A1, A8). Each player starts with 6 seeds in the nyumba, 2 and 2 to its right, and <b>22 seeds in the store</b>.',
      'In the start position South has four moves (the green rings): A6 or A7, each sown either way. Watch <b>A6&gt;</b>: one seed comes from the store into A6, then its 3 seeds are sown clockwise (to South\'s right), and the last one falls in an empty hole: the move ends.',
    ],
    position: '0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -',
    moves: ['A6>'],
    after: '0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -',
  },
  {
    id: 'namua', game: K, title: 'Namua: every move enters a seed, then relays', rules: 'K-R2, K-R3, K-R4, K-R7.5',
    case: 'T6', words: [
      'While you have seeds in your store you are in the <b>namua</b> stage: every move starts by putting one store seed into a hole of your front row, and then that hole\'s seeds are lifted and sown one by one.',
      'When the last seed of a lap lands in an occupied hole, you lift everything there and sow on (a <b>relay</b>). The move ends when a lap ends in an empty hole. Here <b>A4&gt;</b> runs 4 laps: A4, A6, B8, B5, and ends in the empty B3.',
    ],
    position: '2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 1 6 2 1 0 / 1 0 0 2 1 1 0 2 ; S=14 N=14 ; house S+ N- ; South ; takasia -',
    moves: ['A4>'],
    after: '2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 0 7 0 2 1 / 1 0 1 3 0 2 1 0 ; S=13 N=14 ; house S+ N- ; North ; takasia -',
  },
  {
    id: 'capture', game: K, title: 'Capture and the kichwa choice', rules: 'K-R5, K-R6',
    case: 'T2', words: [
      'If the front hole you enter a seed into is occupied and the opponent\'s hole opposite it is not empty, you <b>must capture</b>: take all the seeds from that opponent hole and sow them into your own front row, starting <b>in a kichwa</b> (an end hole) and going towards the centre.',
      'From the four central holes you choose the kichwa: <b>A4&gt;</b> sows the 7 captured seeds from the left kichwa A1, <b>A4&lt;</b> from the right kichwa A8. From a hole near an end (a kimbi: A1, A2, A7, A8) the nearest kichwa is forced. Here A4 captures North\'s nyumba a5, and North loses its nyumba.',
    ],
    position: '0 0 0 0 0 0 0 0 / 1 0 2 7 0 2 0 0 / 0 1 0 2 6 0 1 0 / 2 0 0 0 0 0 0 0 ; S=20 N=20 ; house S+ N+ ; South ; takasia -',
    moves: ['A4>'],
    after: '0 0 0 0 0 0 0 0 / 1 0 2 0 0 2 0 0 / 1 2 1 4 7 1 0 1 / 2 0 0 0 0 0 0 1 ; S=19 N=20 ; house S+ N- ; North ; takasia -',
  },
  {
    id: 'takata', game: K, title: 'Takata: a move without a capture, and the nyumba stop', rules: 'K-R7, K-R4 step 4',
    case: 'T6', words: [
      'When no capture is possible you play a <b>takata</b> move: it never captures, even when a lap ends opposite an occupied hole. While your nyumba is functional (owned and holding 6 or more) you may not start from it, and a takata lap that ends in it <b>stops</b> there.',
      'Here <b>A7&lt;</b> sows 2 seeds to the left, A6 then A5: the last one lands in South\'s functional nyumba and the move ends.',
    ],
    position: '2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 1 6 2 1 0 / 1 0 0 2 1 1 0 2 ; S=14 N=14 ; house S+ N- ; South ; takasia -',
    moves: ['A7<'],
    after: '2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 1 7 3 0 0 / 1 0 0 2 1 1 0 2 ; S=13 N=14 ; house S+ N- ; North ; takasia -',
  },
  {
    id: 'tax', game: K, title: 'The tax: sowing only 2 seeds from the nyumba', rules: 'K-R7.1, K-R7.3',
    case: 'T4', words: [
      'If your functional nyumba is the only occupied hole of your front row and you cannot capture, you must <b>tax</b> it: the store seed goes in, and only 2 seeds are taken out and sown, either way. You keep the nyumba (here it holds 5 afterwards, so it is dormant until it has 6 again).',
    ],
    position: '1 1 1 1 1 1 1 1 / 0 3 0 6 0 2 2 1 / 0 0 0 0 6 0 0 0 / 2 2 2 2 2 2 2 2 ; S=10 N=10 ; house S+ N+ ; South ; takasia -',
    moves: ['A5>'],
    after: '1 1 1 1 1 1 1 1 / 0 3 0 6 0 2 2 1 / 0 0 0 0 5 1 1 0 / 2 2 2 2 2 2 2 2 ; S=9 N=10 ; house S+ N+ ; North ; takasia -',
  },
  {
    id: 'safari', game: K, title: 'Safari: sowing on from your nyumba', rules: 'K-R4 step 4, K-R6.4, K-R8.2',
    case: 'T5', words: [
      'When a lap of a capture move ends in your functional nyumba with nothing to capture, you choose: <b>stop</b> there, or take <b>safari</b> — lift all the nyumba\'s seeds and sow on (you lose the nyumba for the rest of the game). The two choices are two different moves: <b>A2&gt;</b> stops, <b>A2&gt;+</b> takes safari.',
      'Here South captures 5 from a7, sows them from A1 and ends in the nyumba A5 (12 seeds), takes safari, and captures again from a8 on the way round.',
    ],
    position: '1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / 0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ; S=12 N=12 ; house S+ N+ ; South ; takasia -',
    moves: ['A2>+'],
    after: '1 1 1 1 1 1 1 1 / 0 0 0 6 0 0 0 0 / 4 1 2 2 1 0 2 0 / 0 4 0 2 5 2 0 2 ; S=11 N=12 ; house S- N+ ; North ; takasia -',
  },
  {
    id: 'mtaji', game: K, title: 'Mtaji: the first lap decides the capture', rules: 'K-R9, K-R5.2',
    case: 'T7', words: [
      'Once both stores are empty the <b>mtaji</b> stage begins: a move lifts a hole of 2 or more seeds (front or back row) and sows it. It is a capture move only if its <b>first lap</b> ends in an occupied hole of your front row facing an occupied opponent hole; capturing is compulsory.',
      'Captured seeds are sown from the kichwa on the side the lap came from; a capture in a kimbi (holes 1, 2, 7, 8) takes its own end\'s kichwa and may turn the direction round. Here <b>A3&gt;</b> captures 7 from a4, then 3 from a2 and turns back at A8.',
    ],
    position: '4 4 4 3 3 3 3 4 / 0 0 5 0 7 0 3 8 / 0 1 2 0 1 0 1 0 / 0 0 2 3 1 0 1 1 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A3>'],
    after: '4 4 4 3 3 3 3 4 / 0 0 5 0 0 0 0 8 / 0 3 2 0 4 0 3 1 / 1 1 2 3 1 0 1 1 ; S=0 N=0 ; house S- N- ; North ; takasia -',
  },
  {
    id: 'sixteen', game: K, title: 'The 16-seed rule', rules: 'K-R9.3, K-R10.3',
    case: 'T8', words: [
      'A mtaji move from a hole with <b>16 or more seeds</b> can never capture: it is a takata, even when its first lap ends facing an occupied hole. And when a kichwa is your only occupied front hole it must be sown towards the centre.',
      'Here A1 holds 17: <b>A1&gt;</b> goes all the way round and relays 9 laps without capturing.',
    ],
    position: '2 2 2 2 2 2 2 2 / 4 3 4 4 4 4 4 4 / 17 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A1>'],
    after: '2 2 2 2 2 2 2 2 / 4 3 4 4 4 4 4 4 / 2 1 2 0 2 0 2 0 / 0 2 0 2 0 2 0 2 ; S=0 N=0 ; house S- N- ; North ; takasia -',
  },
  {
    id: 'takasia', game: K, title: 'Takasia: blocking the hole the opponent must lose', rules: 'K-R11',
    case: 'T9', words: [
      'In mtaji, after your takata move: if the opponent cannot capture and all your capture moves would take the <b>same single hole</b> of theirs, that hole is <b>takasia\'d</b> (marked ✕) for their next move: they may not start from it, and a lap of theirs that ends in it stops there.',
      'Here South plays <b>A1&lt;</b>, its only capture threat being a6. North replies <b>a2&lt;</b>, whose relay ends in the takasia\'d a6 and stops. The restriction then expires.',
    ],
    position: '2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 3 0 3 0 0 0 2 2 / 2 0 0 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A1<', 'a2<'],
    after: '0 2 3 2 1 3 1 2 / 2 8 4 6 7 4 0 5 / 0 0 3 0 0 0 2 2 / 3 1 1 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; South ; takasia -',
  },
  {
    id: 'hamna', game: K, title: 'Bao hamna: emptying the opponent\'s front row', rules: 'K-R12.1, K-R12.5',
    case: 'T10', words: [
      'You win at once when a capture empties the opponent\'s front row ("bao hamna"), even in the middle of a move; the seeds of that last capture go to your store.',
      'Here <b>A3&gt;</b> captures 7 from a4, sows them and captures the last seed of a2: North\'s front row is empty, South wins.',
    ],
    position: '1 1 1 1 1 1 1 1 / 0 0 0 0 7 0 1 0 / 0 0 2 0 1 0 1 0 / 22 0 0 0 0 0 0 22 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A3>'],
    after: '1 1 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 / 1 1 1 2 3 1 2 0 / 22 0 0 0 0 0 0 22 ; S=1 N=0 ; house S- N- ; North ; takasia -',
  },
  {
    id: 'nomove', game: K, title: 'No move left: the side to move loses', rules: 'K-R12.3, K-R10.5',
    case: 'T11', words: [
      'In mtaji a move needs a hole with at least 2 seeds. A player who has only single seeds (or none) when it is their turn cannot move and <b>loses</b>. Here <b>A4&gt;</b> captures 2 from a3 and leaves North only singletons.',
    ],
    position: '1 1 1 1 1 1 1 1 / 1 0 1 0 1 2 0 1 / 0 0 0 2 0 1 0 0 / 22 0 0 0 0 0 0 25 ; S=0 N=0 ; house S- N- ; South ; takasia -',
    moves: ['A4>'],
    after: '1 1 1 1 1 1 1 1 / 1 0 1 0 1 0 0 1 / 1 1 0 0 1 2 0 0 / 22 0 0 0 0 0 0 25 ; S=0 N=0 ; house S- N- ; North ; takasia -',
  },
  {
    id: 'relay', game: G, title: 'Relay sowing round the ring', rules: 'G-R1, G-R4, G-R6d',
    case: 'T2', words: [
      'Bao Kingulu is played on 2 rows of 6 pits with 4 seeds in each. Your row is the one nearest you (A1–A6 for South). A move lifts all the seeds of one of your pits and sows them <b>anticlockwise</b>: along your row to your right, then into the opponent\'s row.',
      'When the last seed lands in an occupied pit, that pit is lifted and sown on (a relay). Here <b>A3</b> from the start relays 5 laps and ends in South\'s empty A5, capturing.',
    ],
    position: '4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South',
    moves: ['A3'],
    after: '1 0 6 6 0 1 / 6 6 2 7 0 6 ; S=7 N=0 ; North',
  },
  {
    id: 'firstlap', game: G, title: 'The first-lap restriction', rules: 'G-R7',
    case: 'T1', words: [
      'The <b>first lap</b> of a move may not end in an occupied pit of your own row (it would relay out of your own row): such a move is illegal. From the start A1 and A2 are illegal for this reason (their last seed lands in A5 or A6), so only A3–A6 have green rings. Later laps may end anywhere.',
      'Here <b>A5</b>: its first lap ends in North\'s row, relays 5 laps and ends in North\'s empty a1: no capture.',
    ],
    position: '4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South',
    moves: ['A5'],
    after: '6 6 6 1 6 1 / 0 1 6 6 2 7 ; S=0 N=0 ; North',
  },
  {
    id: 'opposite', game: G, title: 'The opposite capture', rules: 'G-R6b, G-R8',
    case: 'T4', words: [
      'When the last seed of a lap lands in an <b>empty pit of your own row</b>, the move ends and you capture: the seeds of the opponent\'s pit opposite it, plus that last seed, go to your store.',
      'Here <b>A2</b> sows 3 seeds, the last into the empty A5; opposite it a2 holds 5: South captures 5 + 1 = 6.',
    ],
    position: '2 1 0 3 5 2 / 2 3 0 1 0 4 ; S=10 N=15 ; South',
    moves: ['A2'],
    after: '2 1 0 3 0 2 / 2 0 1 2 0 4 ; S=16 N=15 ; North',
  },
  {
    id: 'mtoto', game: G, title: 'Kuweka mtoto: reserving an opponent\'s pit', rules: 'G-R6c, G-R9, G-R10',
    case: 'T6', words: [
      'When a lap ends in an opponent\'s pit that held exactly <b>3</b>, it becomes <b>yours for the rest of the game</b> ("kuweka mtoto", putting a child): the seed sown just before also moves into it, and the move ends. A reserved pit is frozen: nobody sows from it, and every seed later sown into it goes to its owner\'s store.',
      'Here <b>A5</b> ends in a3, which held 3: South reserves it with 5 seeds (badge S).',
    ],
    position: '0 1 0 3 2 2 / 1 2 0 3 4 1 ; S=14 N=15 ; South',
    moves: ['A5'],
    after: '0 1 0 5*S 2 3 / 1 2 0 3 0 2 ; S=14 N=15 ; North',
  },
  {
    id: 'score', game: G, title: 'The end and the score', rules: 'G-R12, G-R14, G-R15',
    case: 'T24', words: [
      'The game ends when the player to move has no legal move (or when a position occurs for the third time, G-R15). Each player scores their store, the seeds in their own unreserved pits and the seeds in the pits they reserved; the higher score wins, 24–24 is a draw.',
      'Here <b>A4</b> captures 1 + 1 and leaves North with no legal move: South wins 26–22.',
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
        ? '✓ The engine plays this case exactly as the rules describe it.'
        : '✗ The engine ends this case on another board than the rules describe: please report it.';
      this.check.title = ok ? `position after the case: ${state.position}` : `engine: ${state.position}\nrules: ${l.after}`;
      this.check.classList.toggle('bad', !ok);
      this.root.dataset.matches = String(ok);
    } finally {
      drop(g);
    }
    this.reset();
  }

  labels() {
    return { north: 'North', south: 'South' };
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
    if (this.i === 0 && this.k === 0) text += ` Legal moves here: ${this.start.moves.map((m) => m.text).join(' ')}.`;
    if (last && this.i === this.steps.length - 1 && this.end.outcome) text += ` ${this.end.outcome.text}.`;
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
      this.renderGame(`Your move as ${side}: choose a hole with a green ring (the computer plays the other side).`);
      const cell = this.svg.querySelector('g.cell[tabindex="0"]');
      if (cell) cell.focus();
    } catch (e) {
      this.caption.textContent = `Could not start the game: ${e.message}`;
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
        b.textContent = m.label;
        b.dataset.move = m.text;
        b.addEventListener('click', () => this.move(m.text));
        this.choices.appendChild(b);
      }
    }
    const stop = document.createElement('button');
    stop.textContent = 'Back to the case';
    stop.addEventListener('click', () => this.reset());
    this.choices.appendChild(stop);
    if (text) this.caption.textContent = text;
    else if (s.outcome) this.caption.textContent = `Game over — ${s.outcome.text}.`;
  }

  pick(name, groups) {
    const ms = groups.get(name) || [];
    if (ms.length === 1) {
      this.move(ms[0].text);
      return;
    }
    this.game.selected = name;
    this.renderGame(`Moves from ${name}: click an arrow on the board, or choose one below.`);
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
        this.renderGame('The computer is thinking…');
        const e = await api('POST', `/api/games/${g.id}/engine`, { ply: g.state.ply }, { seat: g.seat });
        await this.animateGame(e.played, e.state);
        g.state = e.state;
      }
    } catch (e) {
      this.caption.textContent = `That did not work: ${e.message}`;
    } finally {
      this.busy = false;
    }
    if (this.game === g) {
      const s = g.state;
      const lastMove = s.history[s.history.length - 1];
      this.renderGame(s.outcome ? `Game over — ${s.outcome.text}.` : `${lastMove ? `${lastMove.side} played ${lastMove.text}. ` : ''}Your move.`);
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
      <h3>${l.title}</h3>
      ${l.words.map((w) => `<p>${w}</p>`).join('')}
      <p class="moves">${l.moves.length > 1 ? 'The moves' : 'The move'}: <b>${l.moves.join(' ')}</b> — press ▶ to watch ${l.moves.length > 1 ? 'them' : 'it'} lap by lap, or Try it to play the position yourself.</p>
      <p class="cite">Source: worked case ${l.case} of ${l.game === K ? 'docs/bao-la-kiswahili.md §4' : 'docs/bao-kingulu.md §7'} · rules ${l.rules}</p>
    </div>
    <div class="lesson-board" tabindex="-1">
      <svg role="group" aria-label="${l.title}: board of case ${l.case}" xmlns="http://www.w3.org/2000/svg"></svg>
      <div class="controls">
        <button class="btn-play" title="Animate the case lap by lap">▶ Play the case</button>
        <button class="btn-back" title="One lap back (←)" aria-label="One lap back">◀</button>
        <button class="btn-fwd" title="One lap forward (→)" aria-label="One lap forward">▶</button>
        <button class="btn-reset" title="Back to the start of the case">Reset</button>
        <button class="btn-try" title="Play this position out against the computer">Try it</button>
      </div>
      <div class="choices"></div>
      <p class="caption" aria-live="polite">Loading the case from the engine…</p>
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
      x.caption.textContent = `Could not load the case from the server: ${e.message}`;
    }
  }
  document.body.dataset.loaded = 'true';
}

main();
