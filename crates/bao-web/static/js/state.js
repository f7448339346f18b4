// The main page's state: the last game state the server sent and what the player is doing
// with it (selection, hint, the move being looked at), and who plays which side as this
// browser sees it (its seats: docs/web.md "Seats").

import { t, sideWord } from './i18n.js';
export const $ = (id) => document.getElementById(id);

export const TITLES = { kiswahili: 'Bao la Kiswahili', kingulu: 'Bao Kingulu' };

export const app = {
  meta: null,
  state: null, // the last state from the server
  selected: null, // the hole whose moves are being chosen
  selectedDir: null,
  // The controller's two state variables (controller.js): what request runs, and what
  // animation draws the board. The old flags are read-only views of them.
  phase: 'idle', // 'idle' | 'sending' (this page's move or takeback) | 'thinking' (the computer searches)
  anim: null, // null | 'own' (this page's move) | 'reply' (a move that arrived; the board is playable) | 'replay' (a past move)
  animDone: null, // resolves when the running animation has ended
  skip: false, // the running animation ends at its next step
  shown: 0, // the plies of the game the board has shown (animated or drawn); catchUp shows the rest
  catching: false, // catchUp is fetching or animating a move that arrived
  loop: 0, // bumps on new game / load, to stop an old computer loop
  view: null, // { ply, played, frames, k, after } while looking at a move; null = the game
  last: null, // the same for the last move, kept after its animation (the panel shows it)
  unfollow: null,
  live: false, // the event stream is connected
  deleted: null, // the sentence saying the game on the board was deleted (then nothing is played)
  draft: null, // a visit's game not created yet: the body to create it with on the first move
  turn: null, // { id, flip }: the player turned the board of game id
  materialize: null, // creates the draft game (controller.js)
  settings: { game: 'kiswahili', rules: '', level: 5, mode: 'south' },
  offline: false, // the server cannot be reached (the banner retries)
  note: null, // the caption a loaded record leaves ("Loaded …"), until a move or the player's next action
  /** A request of this page runs, or its own move animates: nothing else is started. */
  get busy() { return this.phase !== 'idle' || this.anim === 'own'; },
  /** The computer is searching (its move or a hint). */
  get thinking() { return this.phase === 'thinking'; },
  /** An animation draws the board. */
  get animating() { return this.anim !== null; },
  /** ... and it is a move that just arrived: the board is playable meanwhile. */
  get animReply() { return this.anim === 'reply'; },
};

export function showError(err) {
  // The server out of reach has its own banner, which retries (controller.js).
  if (err && err.offline) return;
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

/** Hides the error shown, if any: what it said no longer holds (e.g. a record loaded after a bad one). */
export function hideError() {
  const box = $('error');
  if (box) box.hidden = true;
  clearTimeout(showError.timer);
}

export const playerOf = (side) => (app.state ? app.state.players[side.toLowerCase()] : 'human');

export const isComputer = (side) => playerOf(side) === 'computer';

export const humanSides = () => ['South', 'North'].filter((s) => !isComputer(s));

/** The sides this browser may move: the server's `you`, or every human side without seats. */

export function mySides() {
  const s = app.state;
  if (!s) return [];
  if (Array.isArray(s.you)) return s.you;
  return humanSides();
}

export const mine = (side) => mySides().includes(side);

export const friendGame = () => humanSides().some((s) => !mine(s)) && mySides().length > 0;

export function who(side) {
  // A lobby game names its players (accounts; bao-N for an engine account).
  const name = app.state.names && app.state.names[side.toLowerCase()];
  if (isComputer(side)) return name ? t('who-named-computer', { name, level: app.state.level }) : t('who-computer', { level: app.state.level });
  const me = mySides();
  // A signed-in player's own game from the first page: his name (state.owner).
  const own = name || app.state.owner;
  if (me.includes(side) && me.length === 1) return own ? t('who-you-named', { name: own }) : t('who-you');
  if (name) return name;
  if (!me.includes(side) && me.length > 0) return t('who-friend');
  return t('who-player');
}

export const sideName = (side) => t('side-who', { side: sideWord(side), who: who(side) });

/**
 * The move numbers of a game's plies, as the move list numbers them (the record's
 * numbering, notation.md §4): a South move opens a new number, North's reply shares it;
 * a game that North starts opens with "1… a6<".
 */
export function moveNumbers(history) {
  const numbers = [];
  let n = 0;
  let inRow = 0;
  for (const h of history) {
    if (n === 0 || h.side === 'South' || inRow >= 2) {
      n++;
      inRow = 0;
    }
    inRow++;
    numbers.push(n);
  }
  return numbers;
}

/** Ply `ply` (1-based) of `history` (the current game's) as the move list writes it: "3. A8<", "3… a6>". */
export function moveName(ply, history = app.state ? app.state.history : []) {
  const h = history[ply - 1];
  if (!h) return `${ply}`;
  const n = moveNumbers(history)[ply - 1];
  return `${n}${h.side === 'South' ? '.' : '…'} ${h.text}`;
}

/** How many numbered moves the game has (the last number of the move list). */
export function movesPlayed(history) {
  const numbers = moveNumbers(history);
  return numbers.length ? numbers[numbers.length - 1] : 0;
}

export function modePlayers(mode) {
  switch (mode) {
    case 'north': return { south: 'computer', north: 'human' };
    case 'humans': case 'friend': return { south: 'human', north: 'human' };
    case 'computers': return { south: 'computer', north: 'computer' };
    default: return { south: 'human', north: 'computer' };
  }
}

/** Whether the game on the board is a lobby game: its players are accounts (docs/web.md "Lobby"). */
export function lobbyGame() {
  const s = app.state;
  return !!(s && s.names && (s.names.south || s.names.north));
}

/**
 * Whether the computer's help (hint, oracle, tutor, analysis) is barred now: in a lobby
 * game while it is played the server refuses it (403), as on lichess.
 */
export function helpBarred() {
  return lobbyGame() && !app.state.outcome && !app.deleted;
}

/** The words for a control the server would refuse now, e.g. `No hints`: "No hints in a lobby game while it is played". */
export const barredWords = (what) => t('barred', { what, kind: lobbyKind() });

/**
 * What kind of lobby game is on the board, in words: "a game between people", or "a game
 * against a lobby engine" when a side is an engine account (bao-N).
 */
export function lobbyKind() {
  return ['South', 'North'].some(isComputer) ? t('lobby-kind-engine') : t('lobby-kind-people');
}

export function humanToMove() {
  const s = app.state;
  return s && !s.outcome && !app.deleted && !isComputer(s.to_move) && mine(s.to_move);
}

// ---------------------------------------------------------------------------------
// Moves offered

/** The direction arrow of a move: the server's `dir`, or for a namua capture that sows
 * nothing beyond the kichwa (one captured seed) the side of its kichwa (notation.md §3:
 * `>` = from the mover's left kichwa towards the right). */
