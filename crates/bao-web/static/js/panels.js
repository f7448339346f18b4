// The page's text around the board: the status line, the game card, the move list, the
// legend and the game's "How to play" help. Each draws from the shared state.

import {
  $, TITLES, app, isComputer, mine, mySides, sideName, friendGame, humanToMove, moveName, movesPlayed, who, helpBarred, lobbyKind,
} from './state.js';
import { drawNote } from './draw.js';
import { changeSentence, changeText } from './ratingchange.js';

export const noNyumba = () => app.state && app.state.rules === 'kujifunza';

export const LEGENDS = {
  kiswahili: 'Square hole = nyumba (gold border: functional, dashed: ownership lost). Red ✕ = takasia: '
    + 'that hole may not be played this turn. A1/A8 and a1/a8 are the vichwa. Stores hold the seeds '
    + 'still to be entered in the namua stage. A small white triangle marks the hole the last move started from.',
  kujifunza: 'Bao la Kujifunza: 2 seeds in every hole, no stores and no nyumba; the game starts in the mtaji stage. '
    + 'A1/A8 and a1/a8 are the vichwa. A small white triangle marks the hole the last move started from.',
  kingulu: 'A pit with a coloured ring and a badge is reserved (kuweka mtoto): S = by South, N = by North. '
    + 'Its seeds count for the reserver, and every seed sown into it goes to the reserver\'s store. '
    + 'Score = store + own unreserved pits + pits reserved.',
};

export function renderLegend(game) {
  $('legend').textContent = (noNyumba() ? LEGENDS.kujifunza : LEGENDS[game]) || '';
}

export const HELP = {
  kiswahili: 'Holes you can play from have a green ring. Click one (or Tab to the board, move with the arrow keys '
    + 'and press Enter); if the move can go more than one way, click an arrow (the way the seeds go first); for a '
    + 'capture whose seeds may be sown from either end, click the lit kichwa to sow them from; a button below the '
    + 'board offers every choice in words (safari too). The computer answers by itself. ⟲ Turn board shows the '
    + 'board from the other side.',
  kingulu: 'Pits you can play from have a green ring. Click one (or Tab to the board, move with the arrow keys and '
    + 'press Enter): its seeds are sown anticlockwise, relay after relay, until a lap ends in an empty pit '
    + '(a capture of the opposite pit when it is yours), in a pit of the opponent that held 3 (kuweka mtoto: it '
    + 'becomes yours) or in a reserved pit. The computer answers by itself.',
};

export function renderHelp() {
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

export function renderStatus() {
  const s = app.state;
  const st = $('status');
  st.className = '';
  st.textContent = '';
  if (app.deleted) {
    st.className = 'over';
    st.textContent = `${app.deleted.charAt(0).toUpperCase()}${app.deleted.slice(1)}: start another with New game.`;
    return;
  }
  if (s.outcome) {
    st.className = 'over';
    st.textContent = `Game over — ${s.outcome.text}.`;
    // A rated game: the rating change of the side(s) this page plays, else of both.
    const sides = mySides().length ? mySides() : ['South', 'North'];
    const changes = sides.map((side) => ratingLine(side, sides.length === 1)).filter(Boolean);
    if (changes.length) {
      const span = document.createElement('span');
      span.className = 'rating-change';
      span.textContent = ` ${changes.join(' · ')}.`;
      st.append(span);
    }
    return;
  }
  const stage = s.board.stage && s.board.stage !== 'play' ? ` · ${s.board.stage} stage` : '';
  // Also while a reviewed move animates: the review text from its first step.
  if (app.view) {
    const toPlay = humanToMove() ? ' to play on' : '';
    const moves = movesPlayed(s.history);
    st.textContent = `Looking at ${app.view.ply ? `move ${moveName(app.view.ply)} (of ${moves})` : 'the start'} — Back to the game (Escape)${toPlay}`;
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
    st.textContent = mySides().length ? `Waiting for ${s.to_move} (${who(s.to_move)})${stage}` : `${s.to_move} to move (you are watching)${stage}`;
  } else if (mySides().length === 1) {
    st.textContent = `Your move (${s.to_move}): choose a hole with a green ring${stage}`;
  } else {
    st.textContent = `${s.to_move} to move: choose a hole with a green ring${stage}`;
  }
  const note = drawNote(s, mySides());
  if (note) {
    const span = document.createElement('span');
    span.className = 'draw-note';
    span.textContent = ` ${note}`;
    st.append(span);
  }
}

/** "Your rating: 1500 → 1512.3 (+12.3)" (`yours`) or "alice 1500 → …" for `side`; '' when unrated. */
function ratingLine(side, yours) {
  const s = app.state;
  if (!s.ratings || !s.ratings[side]) return '';
  if (yours) {
    const r = s.ratings[side];
    return `Your rating: ${Math.round(r.before)} → ${r.after.toFixed(1)} (${changeText(s.ratings, side)})`;
  }
  const name = (s.names && s.names[side.toLowerCase()]) || side;
  return changeSentence(s.ratings, side, name);
}

export function renderInfo() {
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
  if (s.ratings) {
    for (const side of ['South', 'North']) {
      if (s.ratings[side]) rows.push([`${side}'s rating`, `${Math.round(s.ratings[side].before)} → ${s.ratings[side].after.toFixed(1)} (${changeText(s.ratings, side)})`]);
    }
  }
  // What the seat cannot do here, in one line (the toolbar's tooltips say it per control).
  if (helpBarred()) rows.push(['Help', `none while it is played (${lobbyKind()}): no hint, oracle, tutor or analysis; no takebacks`]);
  if (app.deleted) rows.push(['Live', 'the game was deleted']);
  else if (friendGame()) rows.push(['Live', app.live ? 'following the other board' : 'connecting…']);
  const dl = document.createElement('dl');
  for (const [k, v] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    dd.dataset.key = k;
    dl.append(dt, dd);
  }
  // A tournament's round game links to its standings and pairings (issue 28).
  if (s.tournament) {
    const dt = document.createElement('dt');
    dt.textContent = 'Tournament';
    const dd = document.createElement('dd');
    dd.dataset.key = 'Tournament';
    const a = document.createElement('a');
    a.href = `/tournaments/${encodeURIComponent(s.tournament)}`;
    a.textContent = 'standings and pairings';
    dd.append(a);
    dl.append(dt, dd);
  }
  const card = $('game-info');
  card.textContent = '';
  const h = document.createElement('h2');
  // A visit's new game is not stored until its first move: its id names nothing yet.
  h.textContent = app.draft ? 'New game (saved at its first move)' : `Game ${s.id}`;
  card.append(h, dl);
}

/** The move list; a click on a move calls `onOpen(ply)`. */
export function renderMoveList(onOpen) {
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
    b.addEventListener('click', () => onOpen(ply));
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
    li.appendChild(item(h.text, h.ply, `${h.side}'s move ${number}${h.side === 'South' ? '.' : '…'} ${h.text}: click to watch it again`));
  }
  const cur = list.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 24) list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}
