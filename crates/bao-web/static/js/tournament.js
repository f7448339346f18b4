// A tournament's page (`/tournaments/{id}`): what it is, its live standings with the named
// tie-breaks, each round's pairings with links to watch (or play) the games, the signed-in
// player's next game, and the buttons of what he may do: join or leave before the start,
// withdraw once it runs; the organiser starts it, enters engine accounts, withdraws
// players. Everything comes from GET /api/tournaments/{id} and, live, its event stream
// (`event: tournament` after every change: a player joined, a game ended, a round paired).

import { api } from './api.js';
import { header, el, nameNodes } from './account.js';
import { TITLES } from './state.js';
import { formatText, when, pointsText } from './tformat.js';

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const base = `/api/tournaments/${encodeURIComponent(id)}`;
let myName = null;
let t = null;
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
  if (t.status === 'open') {
    return t.starts_at ? `Open: it starts ${when(t.starts_at)}.` : 'Open: it starts when the organiser starts it.';
  }
  if (t.status === 'running') return `Round ${t.round} of ${t.total_rounds} is being played.`;
  return `Finished after ${t.round} round${t.round === 1 ? '' : 's'}.`;
}

function mine() {
  return myName ? t.players.find((p) => p.name === myName) : null;
}

function option(value, text) {
  const o = el('option', text);
  o.value = value;
  return o;
}

function renderActions() {
  const me = mine();
  const open = t.status === 'open';
  const running = t.status === 'running';
  $('t-join').hidden = !myName || !open || !!me;
  $('t-leave').hidden = !open || !me;
  $('t-withdraw-me').hidden = !running || !me || me.withdrawn;
  const organiser = myName && myName === t.creator;
  $('t-organiser').hidden = !organiser || t.status === 'finished';
  $('t-start').hidden = !open;
  $('t-enter-box').hidden = !open;
  $('t-withdraw-box').hidden = !running;
  if (organiser) {
    const inIt = new Set(t.players.map((p) => p.name));
    const engines = [];
    for (let level = 1; level <= 10; level += 1) {
      if (!inIt.has(`bao-${level}`)) engines.push(option(`bao-${level}`, `bao-${level}`));
    }
    const keep = $('t-engine').value;
    $('t-engine').replaceChildren(...engines);
    if (engines.some((o) => o.value === keep)) $('t-engine').value = keep;
    const playing = t.players.filter((p) => !p.withdrawn).map((p) => option(p.name, p.name));
    $('t-withdraw-who').replaceChildren(...playing);
  }
  const trf = $('t-trf');
  trf.hidden = open;
  trf.href = `${base}/trf`;
  trf.setAttribute('download', `tournament-${id}.trf`);
}

/** The pairing of `name` in round `r`, if any. */
function pairingOf(name, r) {
  const round = t.rounds[r - 1];
  return round && round.pairings.find((p) => p.south === name || p.north === name);
}

function renderNext() {
  const me = mine();
  $('t-next-card').hidden = !me;
  if (!me) return;
  const out = $('t-next');
  const r = t.round;
  if (t.status === 'open') {
    out.textContent = 'You are in. Round 1 is paired when the tournament starts.';
    return;
  }
  if (t.status === 'finished') {
    const s = t.standings.find((x) => x.name === myName);
    out.textContent = s
      ? `The tournament is over: you finished ${s.rank}. with ${pointsText(s.points)} point${s.points === 1 ? '' : 's'}.`
      : 'The tournament is over.';
    return;
  }
  if (me.withdrawn) {
    out.textContent = 'You have withdrawn: you are paired in no later round.';
    return;
  }
  const p = pairingOf(myName, r);
  const after = r < t.total_rounds ? ` Round ${r + 1} is paired when every game of round ${r} is over.` : '';
  if (!p) {
    out.textContent = `You are not paired in round ${r}.${after}`;
    return;
  }
  if (!p.north) {
    out.textContent = `You have the bye in round ${r}${t.format === 'swiss' ? ' (a point)' : ''}.${after}`;
    return;
  }
  const next = p.games.findIndex((g, i) => p.game_results[i] === null);
  if (next < 0) {
    out.textContent = `Your round ${r} pairing is over (${p.result || '…'}).${after}`;
    return;
  }
  // Game 1: the pairing's South plays South; game 2 the sides swapped.
  const south = (p.south === myName) === (next === 0);
  const opponent = p.south === myName ? p.north : p.south;
  out.replaceChildren(`Round ${r}, board ${p.board}${p.games.length > 1 ? `, game ${next + 1}` : ''}: you play ${south ? 'South' : 'North'} against ${opponent}. `);
  const a = el('a', 'Play your game', 'button primary');
  a.id = 't-next-link';
  a.href = `/#${p.games[next]}`;
  out.append(a);
}

/** Short names of the tie-breaks for the table's head (the full name in its title). */
const SHORT = { 'bh-c1': 'BH-C1', bh: 'BH', sb: 'SB', de: 'DE', wins: 'Wins' };

function renderStandings() {
  $('t-standings-card').hidden = t.status === 'open';
  if (t.status === 'open') return;
  const head = el('tr');
  head.append(el('th', '#', 'num'), el('th', 'Player'), el('th', 'Points', 'num'));
  t.tiebreaks.forEach((k, i) => {
    const th = el('th', SHORT[k.key] || k.key, i === 0 ? 'num' : 'num tb-extra');
    th.title = k.name;
    th.setAttribute('abbr', k.name);
    head.append(th);
  });
  $('t-standings').querySelector('thead').replaceChildren(head);
  $('t-standings').querySelector('tbody').replaceChildren(...t.standings.map((s) => {
    const tr = el('tr', null, [s.name === myName ? 'me' : '', s.withdrawn ? 'withdrawn' : ''].join(' ').trim());
    tr.dataset.name = s.name;
    const who = el('td');
    who.append(...nameNodes(s.name));
    tr.append(el('td', s.rank, 'num'), who, el('td', pointsText(s.points), 'num points'));
    t.tiebreaks.forEach((k, i) => tr.append(el('td', s.tiebreaks[k.key], i === 0 ? 'num' : 'num tb-extra')));
    return tr;
  }));
  $('t-standings-note').textContent = `Ties are broken by ${t.tiebreaks.map((k) => k.name).join(', then ')}.${
    t.status === 'running' ? ' During a round the standings count the games finished so far.' : ''}`;
}

function renderRounds() {
  $('t-rounds-card').hidden = t.rounds.length === 0;
  if (!t.rounds.length) return;
  const r = shown && shown <= t.rounds.length ? shown : t.rounds.length;
  $('t-round-tabs').replaceChildren(...t.rounds.map((round) => {
    const b = el('button', `Round ${round.round}`);
    b.type = 'button';
    b.setAttribute('aria-pressed', String(round.round === r));
    b.addEventListener('click', () => {
      shown = round.round === t.rounds.length ? null : round.round;
      renderRounds();
    });
    return b;
  }));
  const pairings = t.rounds[r - 1].pairings;
  $('t-pairings').querySelector('tbody').replaceChildren(...pairings.map((p) => {
    const tr = el('tr', null, p.south === myName || p.north === myName ? 'me' : '');
    const south = el('td');
    south.append(...nameNodes(p.south));
    const north = el('td');
    if (p.north) north.append(...nameNodes(p.north));
    else north.textContent = 'bye';
    let result = p.result || 'playing';
    if (p.result && p.score && p.games.length > 1) result = `${p.result} (${p.score})`;
    const games = el('td');
    p.games.forEach((g, i) => {
      const mineToPlay = (p.south === myName || p.north === myName) && p.game_results[i] === null;
      const a = el('a', p.games.length > 1 ? `Game ${i + 1}` : mineToPlay ? 'Play' : 'Watch');
      a.href = `/#${g}`;
      if (i) games.append(' ');
      games.append(a);
    });
    tr.append(el('td', p.board, 'num'), south, north, el('td', result, 'result'), games);
    return tr;
  }));
}

function renderPlayers() {
  $('t-count').textContent = `(${t.players.length})`;
  $('t-players').querySelector('tbody').replaceChildren(...t.players.map((p) => {
    const tr = el('tr', null, p.withdrawn ? 'withdrawn' : '');
    const who = el('td');
    who.append(...nameNodes(p.name));
    if (p.withdrawn) who.append(' (withdrawn)');
    tr.append(el('td', p.start || '', 'num'), who, el('td', p.rating, 'num'));
    return tr;
  }));
}

function render(next) {
  t = next;
  document.title = `Bao · ${t.name}`;
  $('t-title').textContent = t.name;
  $('t-info').textContent = [formatText(t), `${TITLES[t.game] || t.game} (${t.rules})`, t.clock_text,
    t.rated ? 'rated' : 'casual', `organised by ${t.creator}`].join(' · ');
  $('t-state').textContent = stateText();
  $('t-note').hidden = !t.note;
  $('t-note').textContent = t.note || '';
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
  es.addEventListener('open', () => { $('t-live').textContent = '(live)'; });
  es.addEventListener('error', () => {
    $('t-live').textContent = '(reconnecting…)';
    if (es.readyState === EventSource.CLOSED) setTimeout(live, 2000 + Math.random() * 3000);
  });
}

async function start() {
  myName = await header();
  $('t-join').addEventListener('click', () => act('join'));
  $('t-leave').addEventListener('click', () => act('leave'));
  $('t-withdraw-me').addEventListener('click', () => {
    // eslint-disable-next-line no-alert
    if (window.confirm('Withdraw from the tournament? You will be paired in no later round.')) act('leave');
  });
  $('t-start').addEventListener('click', () => act('start'));
  $('t-enter').addEventListener('click', () => act('join', { player: $('t-engine').value }));
  $('t-withdraw').addEventListener('click', () => act('withdraw', { player: $('t-withdraw-who').value }));
  try {
    render(await api('GET', base));
  } catch (e) {
    $('t-title').textContent = 'No such tournament';
    showError(e);
    return;
  }
  live();
}

start().catch(showError);
