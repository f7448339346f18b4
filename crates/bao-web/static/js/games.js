// A player's game history (/@/name/games, issue 31): every game of his, newest first,
// filtered by game, result and rating mode, a page at a time (GET
// /api/players/{name}/games with the cursor `next`, so that games added meanwhile shift
// nothing), each game's record and all of them as one record file.

import { api } from './api.js';
import { header, el, isBotName, nameNodes } from './account.js';
import { t, clockWords } from './i18n.js';
import { dayText, resultWords } from './results.js';

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.replace(/^\/@\//, '').replace(/\/games$/, ''));
let next = null;
let shown = 0;

/** The filters chosen, as a query string (without `?`). */
function query() {
  const q = new URLSearchParams();
  for (const [key, id] of [['game', 'f-game'], ['result', 'f-result'], ['rated', 'f-rated']]) {
    if ($(id).value) q.set(key, $(id).value);
  }
  return q.toString();
}

function nameCell(player, computer) {
  const td = el('td');
  if (player) td.append(...nameNodes(player, computer || isBotName(player)));
  return td;
}

/** "1-0 won", "0-1 lost on time", "1/2-1/2 drawn"; "aborted", "playing" alone. */
function resultText(g) {
  const words = resultWords(g, name);
  return g.aborted || !g.result ? words : t('prof-result', { result: g.result, words });
}

function row(g) {
  const tr = el('tr');
  const open = el('td');
  const a = el('a', g.result || g.aborted ? t('gh-review') : t('gh-watch'));
  a.href = `/#${g.id}`;
  open.append(a);
  const rec = el('td');
  const d = el('a', '.bao');
  d.href = `/api/games/${g.id}/record`;
  d.setAttribute('download', `game-${g.id}.bao`);
  rec.append(d);
  tr.append(open, el('td', g.game === 'kingulu' ? 'Kingulu' : 'Kiswahili'),
    nameCell(g.south, g.players && g.players.south === 'computer'),
    nameCell(g.north, g.players && g.players.north === 'computer'),
    el('td', clockWords(g.clock)), el('td', resultText(g)), el('td', dayText(g.created)), rec);
  return tr;
}

async function load(fresh) {
  const q = query();
  if (fresh) {
    next = null;
    shown = 0;
    $('games').querySelector('tbody').replaceChildren();
  }
  const before = next ? `&before=${encodeURIComponent(next)}` : '';
  const page = await api('GET', `/api/players/${encodeURIComponent(name)}/games?limit=30${q ? `&${q}` : ''}${before}`);
  $('games').querySelector('tbody').append(...page.games.map(row));
  shown += page.games.length;
  next = page.next;
  $('more').hidden = !next;
  $('count').textContent = shown ? (next ? t('gh-shown', { n: shown }) : t('gh-shown-all', { n: shown })) : t('gh-none');
  $('download-all').href = `/api/players/${encodeURIComponent(name)}/records${q ? `?${q}` : ''}`;
}

async function start() {
  await header();
  document.title = t('gh-doc-title', { name });
  $('who').textContent = t('gh-of', { name });
  $('profile-link').href = `/@/${encodeURIComponent(name)}`;
  $('profile-link').textContent = t('gh-profile-of', { name });
  $('filters').addEventListener('change', () => load(true).catch(fail));
  $('more').addEventListener('click', () => load(false).catch(fail));
  await load(true);
}

function fail(e) {
  $('form-error').textContent = e.message;
}

start().catch(fail);
