// The page's text around the board: the status line, the game card, the move list, the
// legend and the game's "How to play" help. Each draws from the shared state.

import {
  $, TITLES, app, isComputer, mine, mySides, friendGame, humanToMove, moveName, movesPlayed, who, helpBarred, lobbyKind,
} from './state.js';
import { drawNote } from './draw.js';
import { changeSentence, changeText } from './ratingchange.js';
import { t, say, sideWord, lang } from './i18n.js';

export const noNyumba = () => app.state && app.state.rules === 'kujifunza';

export const LEGENDS = {
  kiswahili: () => t('web-legend-kiswahili'),
  kujifunza: () => t('web-legend-kujifunza'),
  kingulu: () => t('web-legend-kingulu'),
};

export function renderLegend(game) {
  const legend = noNyumba() ? LEGENDS.kujifunza : LEGENDS[game];
  $('legend').textContent = legend ? legend() : '';
}

export const HELP = {
  kiswahili: () => t('web-help-kiswahili'),
  kingulu: () => t('web-help-kingulu'),
};

/** The stage in words: `namua stage` (namua and mtaji are the players' own words). */
export const stageWords = (stage) => t('stage-name', { stage });

/** The stage's bare name, under the card's label "Stage": `namua` (as `bao play` says it). */
const stageName = (stage) => ({ namua: t('stage-namua'), mtaji: t('stage-mtaji') }[stage] || stage);

/** The end of a game in the page's language (the server's sentence as data). */
export const outcomeText = (o) => (o.say && lang !== 'en' ? say(o.say) : o.text);

export function renderHelp() {
  const game = app.state.game;
  const box = $('help-text');
  if (box.dataset.game === game) return;
  box.dataset.game = game;
  box.textContent = '';
  for (const text of [HELP[game] ? HELP[game]() : '', t('web-help-common')]) {
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
    st.textContent = t('status-deleted', { why: app.deleted.charAt(0).toUpperCase() + app.deleted.slice(1) });
    return;
  }
  if (s.outcome) {
    st.className = 'over';
    st.textContent = t('status-over', { outcome: outcomeText(s.outcome) });
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
  const stage = s.board.stage && s.board.stage !== 'play' ? ` · ${stageWords(s.board.stage)}` : '';
  // Also while a reviewed move animates: the review text from its first step.
  if (app.view) {
    const moves = movesPlayed(s.history);
    const what = app.view.ply ? t('looking-move', { name: moveName(app.view.ply), moves }) : t('looking-start');
    st.textContent = humanToMove() ? t('looking-at-play', { what }) : t('looking-at', { what });
    return;
  }
  if (app.thinking) {
    const span = document.createElement('span');
    span.className = 'thinking';
    span.textContent = t('status-thinking', { side: sideWord(s.to_move) });
    st.append(span, document.createTextNode(stage));
    return;
  }
  if (isComputer(s.to_move)) {
    st.textContent = t('status-computer-to-move', { side: sideWord(s.to_move) }) + stage;
  } else if (!mine(s.to_move)) {
    st.textContent = (mySides().length ? t('status-waiting', { side: sideWord(s.to_move), who: who(s.to_move) }) : t('status-watching', { side: sideWord(s.to_move) })) + stage;
  } else if (mySides().length === 1) {
    st.textContent = t('status-your-move', { side: sideWord(s.to_move) }) + stage;
  } else {
    st.textContent = t('status-side-to-move', { side: sideWord(s.to_move) }) + stage;
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
    return t('your-rating', { before: Math.round(r.before), after: r.after.toFixed(1), change: changeText(s.ratings, side) });
  }
  const name = (s.names && s.names[side.toLowerCase()]) || side;
  return changeSentence(s.ratings, side, name);
}

export function renderInfo() {
  const s = app.state;
  const both = (a, b) => t('stores-both', { south: sideWord('South'), s: a, north: sideWord('North'), n: b });
  // [key (the dd's data-key, fixed), label, value]
  const rows = [
    ['Game', t('info-game'), TITLES[s.game] || s.game],
    ['Rules', t('info-rules'), s.rules],
    // The label names the side, the value who plays it: "South  you", not "South  South (you)".
    ['South', sideWord('South'), who('South')],
    ['North', sideWord('North'), who('North')],
    ['To move', t('info-to-move'), s.outcome ? '—' : sideWord(s.to_move)],
    ...(s.board.stage && s.board.stage !== 'play' ? [['Stage', t('info-stage'), stageName(s.board.stage)]] : []),
    ['Stores', t('info-stores'), both(s.board.stores[0], s.board.stores[1])],
  ];
  if (s.board.scores) rows.push(['Score', t('info-score'), both(s.board.scores[0], s.board.scores[1])]);
  if (s.outcome) rows.push(['Result', t('info-result'), outcomeText(s.outcome)]);
  if (s.ratings) {
    for (const side of ['South', 'North']) {
      if (s.ratings[side]) {
        rows.push([`${side}'s rating`, t('info-rating-of', { side: sideWord(side) }), t('rating-change', {
          before: Math.round(s.ratings[side].before), after: s.ratings[side].after.toFixed(1), change: changeText(s.ratings, side),
        })]);
      }
    }
  }
  // What the seat cannot do here, in one line (the toolbar's tooltips say it per control).
  if (helpBarred()) rows.push(['Help', t('info-help'), t('info-help-none', { kind: lobbyKind() })]);
  if (app.deleted) rows.push(['Live', t('info-live'), t('info-live-deleted')]);
  else if (friendGame()) rows.push(['Live', t('info-live'), app.live ? t('info-live-following') : t('info-live-connecting')]);
  const dl = document.createElement('dl');
  for (const [k, label, v] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = v;
    dd.dataset.key = k;
    dl.append(dt, dd);
  }
  // A tournament's round game links to its standings and pairings (issue 28).
  if (s.tournament) {
    const dt = document.createElement('dt');
    dt.textContent = t('info-tournament');
    const dd = document.createElement('dd');
    dd.dataset.key = 'Tournament';
    const a = document.createElement('a');
    a.href = `/tournaments/${encodeURIComponent(s.tournament)}`;
    a.textContent = t('info-standings');
    dd.append(a);
    dl.append(dt, dd);
  }
  const card = $('game-info');
  card.textContent = '';
  const h = document.createElement('h2');
  // A visit's new game is not stored until its first move: its id names nothing yet.
  h.textContent = app.draft ? t('info-draft') : t('info-game-id', { id: s.id });
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
  start.appendChild(item(t('list-start'), 0, t('list-start-title')));
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
    li.appendChild(item(h.text, h.ply, t('list-move-title', { side: sideWord(h.side), name: `${number}${h.side === 'South' ? '.' : '…'} ${h.text}` })));
  }
  const cur = list.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 24) list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}
