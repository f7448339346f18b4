// The tournaments page (`/tournaments`): the running, upcoming and finished tournaments
// (GET /api/tournaments, refreshed every 10 s), each linking to its page, and the form
// that organises one (POST /api/tournaments) for a signed-in player.

import { api } from './api.js';
import { header, el } from './account.js';
import { TITLES } from './state.js';
import { formatText, when, startsText } from './tformat.js';
import { t, clockWords } from './i18n.js';

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 10000;
let meta = null;

function showError(e) {
  $('form-error').textContent = e ? e.message || String(e) : '';
}

function row(x, cells) {
  const tr = el('tr');
  tr.dataset.id = x.id;
  const name = el('td');
  const a = el('a', x.name);
  a.href = `/tournaments/${encodeURIComponent(x.id)}`;
  name.append(a);
  tr.append(name, el('td', TITLES[x.game] || x.game), el('td', formatText(x)), ...cells.map((c) => (c instanceof Node ? c : el('td', c))));
  const n = el('td', x.players, 'num');
  tr.append(n);
  return tr;
}

function fillTable(id, empty, list, cells) {
  $(id).querySelector('tbody').replaceChildren(...list.map((x) => row(x, cells(x))));
  $(empty).hidden = list.length > 0;
}

async function refresh() {
  const all = await api('GET', '/api/tournaments');
  fillTable('t-running', 'no-running', all.running, (x) => [t('tn-round-of', { round: x.round, total: x.total_rounds }), clockWords(x.clock_text)]);
  fillTable('t-upcoming', 'no-upcoming', all.upcoming, (x) => [x.starts_at ? startsText(x.starts_at) : t('tn-starts-by-organiser'), clockWords(x.clock_text)]);
  fillTable('t-finished', 'no-finished', all.finished, (x) => [x.round, when(x.finished)]);
}

function fillRules() {
  const game = (meta && meta.games.find((g) => g.name === $('t-game').value)) || { profiles: [] };
  $('t-rules').replaceChildren(...game.profiles.map((p) => {
    const o = el('option', p);
    o.value = p;
    return o;
  }));
}

function clockOf() {
  const v = $('t-clock').value;
  if (v.startsWith('d')) return { days_per_move: Number(v.slice(1)) };
  const [initial, inc] = v.split('+').map(Number);
  return { initial_s: initial, increment_s: inc };
}

async function create(ev) {
  ev.preventDefault();
  showError(null);
  const format = $('t-format').value;
  const body = {
    name: $('t-name').value,
    game: $('t-game').value,
    rules: $('t-rules').value || undefined,
    format: format === 'swiss' ? 'swiss' : 'round-robin',
    games_per_pairing: Number($('t-games').value),
    clock: clockOf(),
    rated: $('t-rated').checked,
  };
  if (format === 'swiss') body.rounds = Number($('t-rounds').value);
  if (format === 'double-round-robin') body.cycles = 2;
  const starts = $('t-starts').value;
  if (starts) body.starts_at = new Date(starts).toISOString();
  try {
    const made = await api('POST', '/api/tournaments', body);
    location.href = `/tournaments/${encodeURIComponent(made.id)}`;
  } catch (e) {
    showError(e);
  }
}

async function start() {
  const myName = await header();
  $('create-card').hidden = !myName;
  $('guest-note').hidden = !!myName;
  meta = await api('GET', '/api/meta');
  fillRules();
  $('t-game').addEventListener('change', fillRules);
  $('t-format').addEventListener('change', () => { $('t-rounds-label').hidden = $('t-format').value !== 'swiss'; });
  $('t-form').addEventListener('submit', create);
  await refresh();
  setInterval(() => refresh().catch(() => {}), REFRESH_MS);
}

start().catch(showError);
