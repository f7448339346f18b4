// The lobby page: make a challenge (or play an engine account at once), the open
// challenges live (GET /api/challenges/events), accept or cancel, and your games with
// those where it is your turn first.

import { t, clockWords } from './i18n.js';
import { api } from './api.js';
import { changeText } from './ratingchange.js';
import { header, el, botBadge, isBotName, nameNodes } from './account.js';

const $ = (id) => document.getElementById(id);
let myName = null;
let meta = null;

function showError(e) {
  $('form-error').textContent = e ? e.message || String(e) : '';
}

function fillRules() {
  const game = (meta && meta.games.find((g) => g.name === $('ch-game').value)) || { profiles: [] };
  $('ch-rules').replaceChildren(...game.profiles.map((p) => {
    const o = el('option', p);
    o.value = p;
    return o;
  }));
}

function clockOf() {
  const v = $('ch-clock').value;
  if (v.startsWith('d')) return { days_per_move: Number(v.slice(1)) };
  if (v === 'custom') {
    return {
      initial_s: Math.max(1, Math.round(Number($('ch-min').value) * 60)),
      increment_s: Math.max(0, Math.round(Number($('ch-inc').value))),
    };
  }
  const [initial, inc] = v.split('+').map(Number);
  return { initial_s: initial, increment_s: inc };
}

async function create(ev) {
  ev.preventDefault();
  showError(null);
  const body = {
    game: $('ch-game').value,
    rules: $('ch-rules').value || undefined,
    clock: clockOf(),
    rated: $('ch-rated').checked,
    side: $('ch-side').value,
  };
  const opponent = $('ch-opponent').value.trim();
  if (opponent) body.opponent = opponent;
  try {
    const made = await api('POST', '/api/challenges', body);
    if (made.game) location.href = `/#${made.game}`;
  } catch (e) {
    showError(e);
  }
}

/** A table cell with a player's name (the BOT badge for an engine account). */
function nameCell(name, computer) {
  const td = el('td');
  if (name) td.append(...(computer || isBotName(name) ? [String(name), ' ', botBadge()] : [String(name)]));
  return td;
}

function renderChallenges(list) {
  const body = $('challenges').querySelector('tbody');
  body.replaceChildren(...list.map((c) => {
    const tr = el('tr');
    tr.dataset.id = c.id;
    const who = el('td');
    who.append(...nameNodes(c.name, c.bot === true || isBotName(c.name)));
    tr.append(who, el('td', Math.round(c.rating)), el('td', `${c.game === 'kingulu' ? 'Kingulu' : 'Kiswahili'} · ${c.rules}`),
      el('td', clockWords(c.clock_text)), el('td', c.rated ? t('clock-rated') : t('clock-casual')), el('td', t('lobby-side-of', { side: c.side })));
    const act = el('td');
    if (myName && c.name === myName) {
      const b = el('button', t('ng-cancel'), 'cancel');
      b.addEventListener('click', () => api('DELETE', `/api/challenges/${c.id}`).catch(showError));
      act.append(b);
    } else if (myName) {
      const b = el('button', t('lobby-accept'), 'primary accept');
      b.addEventListener('click', async () => {
        try {
          const { game } = await api('POST', `/api/challenges/${c.id}/accept`);
          location.href = `/#${game}`;
        } catch (e) {
          showError(e);
        }
      });
      act.append(b);
    }
    tr.append(act);
    return tr;
  }));
  $('no-challenges').hidden = list.length > 0;
}

let known = null;

async function renderMine() {
  if (!myName) return;
  const list = await api('GET', '/api/me/games');
  // A challenge of mine was accepted (or an engine took it): go to the new game, as
  // lichess does.
  const fresh = list.find((g) => known && !known.has(g.id) && !g.result && g.lobby);
  known = new Set(list.map((g) => g.id));
  if (fresh) {
    location.href = `/#${fresh.id}`;
    return;
  }
  $('mine-card').hidden = list.length === 0;
  $('my-games').querySelector('tbody').replaceChildren(...list.map((g) => {
    const tr = el('tr', null, g.your_turn ? 'your-turn' : '');
    const open = el('td');
    const a = el('a', g.your_turn ? t('lobby-your-turn') : g.result ? t('saved-review') : t('lobby-open-game'));
    a.href = `/#${g.id}`;
    open.append(a);
    tr.append(open, el('td', g.game === 'kingulu' ? 'Kingulu' : 'Kiswahili'), nameCell(g.south, g.players && g.players.south === 'computer'), nameCell(g.north, g.players && g.players.north === 'computer'),
      el('td', clockWords(g.clock || '')), el('td', resultText(g)));
    return tr;
  }));
}

/** A game's result in "your games", with the player's rating change ("1-0 (+12.4)"). */
function resultText(g) {
  if (g.aborted) return t('lobby-aborted');
  if (!g.result) return g.your_turn ? '' : t('lobby-waiting');
  const change = changeText(g.ratings, g.south === myName ? 'South' : 'North');
  return change ? `${g.result} (${change})` : g.result;
}

function live() {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource('/api/challenges/events');
  es.addEventListener('challenges', (ev) => {
    try {
      renderChallenges(JSON.parse(ev.data));
      renderMine().catch(() => {});
    } catch (_) { /* ignored */ }
  });
  es.addEventListener('open', () => { $('live-note').textContent = `(${t('lobby-live')})`; });
  es.addEventListener('error', () => {
    $('live-note').textContent = `(${t('lobby-reconnecting')})`;
    // The browser gave up (the proxy answered an error while an instance went away):
    // open the list again in a moment.
    // With jitter (issue 36), so that the pages of a restarted server do not all return at once.
    if (es.readyState === EventSource.CLOSED) setTimeout(live, 2000 + Math.random() * 3000);
  });
}

async function start() {
  myName = await header($('nav'));
  meta = await api('GET', '/api/meta');
  for (let level = 1; level <= 10; level += 1) {
    const o = el('option', t('lobby-engine-option', { level }));
    o.value = `bao-${level}`;
    $('ch-opponents').append(o);
  }
  // A profile's "Challenge" link names the player: /lobby?opponent=NAME.
  const named = new URLSearchParams(location.search).get('opponent');
  if (named) $('ch-opponent').value = named;
  fillRules();
  $('ch-game').addEventListener('change', fillRules);
  $('ch-clock').addEventListener('change', () => { $('ch-custom').hidden = $('ch-clock').value !== 'custom'; });
  $('challenge-form').addEventListener('submit', create);
  $('create-card').hidden = !myName;
  $('guest-note').hidden = !!myName;
  renderChallenges(await api('GET', '/api/challenges'));
  await renderMine();
  live();
}

start().catch(showError);
