// A tournament's page (`/tournaments/{id}`): what it is, its live standings with the named
// tie-breaks, each round's pairings with links to watch (or play) the games, the signed-in
// player's next game, and the buttons of what he may do: join or leave before the start,
// withdraw once it runs; the organiser starts it, enters engine accounts, withdraws
// players. Everything comes from GET /api/tournaments/{id} and, live, its event stream
// (`event: tournament` after every change: a player joined, a game ended, a round paired).

import { api } from './api.js';
import { header, el, nameNodes } from './account.js';
import { TITLES } from './state.js';
import { formatText, when, pointsText, tieBreakName, tieBreakShort } from './tformat.js';
import { t, say, clockWords, sideWord } from './i18n.js';

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const base = `/api/tournaments/${encodeURIComponent(id)}`;
let myName = null;
let tour = null;
/** The round whose pairings are shown (null: the current one). */
let shown = null;

function showError(e) {
  $('t-error').textContent = e ? e.message || String(e) : '';
}

async function act(path, body) {
  showError(null);
  try {
    const r = await api('POST', `${base}/${path}`, body);
    if (r && r.id) render(r);
    else render(await api('GET', base));
  } catch (e) {
    showError(e);
  }
}

function stateText() {
  if (tour.status === 'open') {
    return tour.starts_at ? t('tn-state-open-at', { when: when(tour.starts_at) }) : t('tn-state-open');
  }
  if (tour.status === 'running') return t('tn-state-running', { round: tour.round, total: tour.total_rounds });
  return t('tn-state-finished', { rounds: tour.round });
}

function mine() {
  return myName ? tour.players.find((p) => p.name === myName) : null;
}

function option(value, text) {
  const o = el('option', text);
  o.value = value;
  return o;
}

function renderActions() {
  const me = mine();
  const open = tour.status === 'open';
  const running = tour.status === 'running';
  $('t-join').hidden = !myName || !open || !!me;
  $('t-leave').hidden = !open || !me;
  $('t-withdraw-me').hidden = !running || !me || me.withdrawn;
  const organiser = myName && myName === tour.creator;
  $('t-organiser').hidden = !organiser || tour.status === 'finished';
  $('t-start').hidden = !open;
  $('t-enter-box').hidden = !open;
  $('t-withdraw-box').hidden = !running;
  if (organiser) {
    const inIt = new Set(tour.players.map((p) => p.name));
    const engines = [];
    for (let level = 1; level <= 10; level += 1) {
      if (!inIt.has(`bao-${level}`)) engines.push(option(`bao-${level}`, `bao-${level}`));
    }
    const keep = $('t-engine').value;
    $('t-engine').replaceChildren(...engines);
    if (engines.some((o) => o.value === keep)) $('t-engine').value = keep;
    const playing = tour.players.filter((p) => !p.withdrawn).map((p) => option(p.name, p.name));
    $('t-withdraw-who').replaceChildren(...playing);
  }
  const trf = $('t-trf');
  trf.hidden = open;
  trf.href = `${base}/trf`;
  trf.setAttribute('download', `tournament-${id}.trf`);
}

/** The pairing of `name` in round `r`, if any. */
function pairingOf(name, r) {
  const round = tour.rounds[r - 1];
  return round && round.pairings.find((p) => p.south === name || p.north === name);
}

function renderNext() {
  const me = mine();
  $('t-next-card').hidden = !me;
  if (!me) return;
  const out = $('t-next');
  const r = tour.round;
  if (tour.status === 'open') {
    out.textContent = t('tn-next-open');
    return;
  }
  if (tour.status === 'finished') {
    const s = tour.standings.find((x) => x.name === myName);
    out.textContent = s
      ? t('tn-next-over-rank', { rank: s.rank, points: pointsText(s.points), n: s.points })
      : t('tn-next-over');
    return;
  }
  if (me.withdrawn) {
    out.textContent = t('tn-next-withdrawn');
    return;
  }
  const p = pairingOf(myName, r);
  const after = r < tour.total_rounds ? ` ${t('tn-next-after', { next: r + 1, round: r })}` : '';
  if (!p) {
    out.textContent = `${t('tn-next-unpaired', { round: r })}${after}`;
    return;
  }
  if (!p.north) {
    out.textContent = `${tour.format === 'swiss' ? t('tn-next-bye-point', { round: r }) : t('tn-next-bye', { round: r })}${after}`;
    return;
  }
  const next = p.games.findIndex((g, i) => p.game_results[i] === null);
  if (next < 0) {
    out.textContent = `${t('tn-next-pairing-over', { round: r, result: p.result || '…' })}${after}`;
    return;
  }
  // Game 1: the pairing's South plays South; game 2 the sides swapped.
  const south = (p.south === myName) === (next === 0);
  const opponent = p.south === myName ? p.north : p.south;
  const side = sideWord(south ? 'South' : 'North');
  const says = p.games.length > 1
    ? t('tn-next-game-n', { round: r, board: p.board, game: next + 1, side, opponent })
    : t('tn-next-game', { round: r, board: p.board, side, opponent });
  out.replaceChildren(`${says} `);
  const a = el('a', t('tn-play-your-game'), 'button primary');
  a.id = 't-next-link';
  a.href = `/#${p.games[next]}`;
  out.append(a);
}

function renderStandings() {
  $('t-standings-card').hidden = tour.status === 'open';
  if (tour.status === 'open') return;
  const head = el('tr');
  head.append(el('th', '#', 'num'), el('th', t('lobby-player')), el('th', t('tn-col-points'), 'num'));
  tour.tiebreaks.forEach((k, i) => {
    // The short name in the table's head, the full name in its title.
    const th = el('th', tieBreakShort(k.key), i === 0 ? 'num' : 'num tb-extra');
    th.title = tieBreakName(k.key);
    th.setAttribute('abbr', th.title);
    head.append(th);
  });
  $('t-standings').querySelector('thead').replaceChildren(head);
  $('t-standings').querySelector('tbody').replaceChildren(...tour.standings.map((s) => {
    const tr = el('tr', null, [s.name === myName ? 'me' : '', s.withdrawn ? 'withdrawn' : ''].join(' ').trim());
    tr.dataset.name = s.name;
    const who = el('td');
    who.append(...nameNodes(s.name));
    tr.append(el('td', s.rank, 'num'), who, el('td', pointsText(s.points), 'num points'));
    tour.tiebreaks.forEach((k, i) => tr.append(el('td', s.tiebreaks[k.key], i === 0 ? 'num' : 'num tb-extra')));
    return tr;
  }));
  const list = tour.tiebreaks.map((k) => tieBreakName(k.key)).reduce((a, b) => t('tn-ties-then', { first: a, next: b }));
  $('t-standings-note').textContent = `${t('tn-ties', { list })}${
    tour.status === 'running' ? ` ${t('tn-ties-running')}` : ''}`;
}

function renderRounds() {
  $('t-rounds-card').hidden = tour.rounds.length === 0;
  if (!tour.rounds.length) return;
  const r = shown && shown <= tour.rounds.length ? shown : tour.rounds.length;
  $('t-round-tabs').replaceChildren(...tour.rounds.map((round) => {
    const b = el('button', t('tn-round-n', { round: round.round }));
    b.type = 'button';
    b.setAttribute('aria-pressed', String(round.round === r));
    b.addEventListener('click', () => {
      shown = round.round === tour.rounds.length ? null : round.round;
      renderRounds();
    });
    return b;
  }));
  const pairings = tour.rounds[r - 1].pairings;
  $('t-pairings').querySelector('tbody').replaceChildren(...pairings.map((p) => {
    const tr = el('tr', null, p.south === myName || p.north === myName ? 'me' : '');
    const south = el('td');
    south.append(...nameNodes(p.south));
    const north = el('td');
    if (p.north) north.append(...nameNodes(p.north));
    else north.textContent = t('tn-bye');
    let result = p.result || t('tn-playing');
    if (p.result && p.score && p.games.length > 1) result = `${p.result} (${p.score})`;
    const games = el('td');
    p.games.forEach((g, i) => {
      const mineToPlay = (p.south === myName || p.north === myName) && p.game_results[i] === null;
      const a = el('a', p.games.length > 1 ? t('tn-game-n', { n: i + 1 }) : mineToPlay ? t('tn-play') : t('tn-watch'));
      a.href = `/#${g}`;
      if (i) games.append(' ');
      games.append(a);
    });
    tr.append(el('td', p.board, 'num'), south, north, el('td', result, 'result'), games);
    return tr;
  }));
}

function renderPlayers() {
  $('t-count').textContent = `(${tour.players.length})`;
  $('t-players').querySelector('tbody').replaceChildren(...tour.players.map((p) => {
    const tr = el('tr', null, p.withdrawn ? 'withdrawn' : '');
    const who = el('td');
    who.append(...nameNodes(p.name));
    if (p.withdrawn) who.append(` ${t('tn-withdrawn')}`);
    tr.append(el('td', p.start || '', 'num'), who, el('td', p.rating, 'num'));
    return tr;
  }));
}

function render(next) {
  tour = next;
  document.title = t('tn-doc-title', { name: tour.name });
  $('t-title').textContent = tour.name;
  $('t-info').textContent = [formatText(tour), `${TITLES[tour.game] || tour.game} (${tour.rules})`, clockWords(tour.clock_text),
    tour.rated ? t('clock-rated') : t('clock-casual'), t('tn-organised-by', { name: tour.creator })].join(' · ');
  $('t-state').textContent = stateText();
  $('t-note').hidden = !tour.note;
  // Why it ended early: the server's sentence in the page's language when it knows it.
  $('t-note').textContent = tour.note_say ? say(tour.note_say) : tour.note || '';
  renderActions();
  renderNext();
  renderStandings();
  renderRounds();
  renderPlayers();
}

function live() {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource(`${base}/events`);
  es.addEventListener('tournament', (ev) => {
    try {
      render(JSON.parse(ev.data));
    } catch (_) { /* a damaged event: the next one comes */ }
  });
  es.addEventListener('open', () => { $('t-live').textContent = `(${t('lobby-live')})`; });
  es.addEventListener('error', () => {
    $('t-live').textContent = `(${t('lobby-reconnecting')})`;
    if (es.readyState === EventSource.CLOSED) setTimeout(live, 2000 + Math.random() * 3000);
  });
}

async function start() {
  myName = await header();
  $('t-join').addEventListener('click', () => act('join'));
  $('t-leave').addEventListener('click', () => act('leave'));
  $('t-withdraw-me').addEventListener('click', () => {
    // eslint-disable-next-line no-alert
    if (window.confirm(t('tn-confirm-withdraw'))) act('leave');
  });
  $('t-start').addEventListener('click', () => act('start'));
  $('t-enter').addEventListener('click', () => act('join', { player: $('t-engine').value }));
  $('t-withdraw').addEventListener('click', () => act('withdraw', { player: $('t-withdraw-who').value }));
  try {
    render(await api('GET', base));
  } catch (e) {
    $('t-title').textContent = t('tn-no-such');
    showError(e);
    return;
  }
  live();
}

start().catch(showError);
