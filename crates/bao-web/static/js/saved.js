// The saved games list (GET /api/games): game, players, plies, result, Continue and Delete.

import { t, dateTimeWords } from './i18n.js';
import { api, saveSeat, seatFor } from './api.js';
import { $, TITLES, app, showError } from './state.js';

/** Refreshes the list; `openGame(id)` continues a game, `newGame()` replaces a deleted current one. */
export async function refreshSaved({ openGame, newGame }) {
  const box = $('saved');
  let games;
  try {
    games = await api('GET', '/api/games?limit=20');
  } catch (_) {
    $('saved-card').hidden = true;
    return;
  }
  $('saved-card').hidden = false;
  box.textContent = '';
  // /learn's Try-it games are scratch games, deleted when that page goes: not listed.
  let scratch = new Set();
  try { scratch = new Set(JSON.parse(localStorage.getItem('bao-scratch') || '[]')); } catch (_) { /* private mode */ }
  if (Array.isArray(games)) games = games.filter((g) => !scratch.has(g.id));
  if (!Array.isArray(games) || !games.length) {
    const li = document.createElement('li');
    li.className = 'small';
    li.textContent = t('saved-none');
    box.appendChild(li);
    return;
  }
  for (const g of games) {
    if (g.seat && !seatFor(g.id)) saveSeat(g.id, g.seat);
    const li = document.createElement('li');
    li.dataset.id = g.id;
    const when = g.updated ? dateTimeWords(g.updated) : '';
    const text = document.createElement('span');
    text.className = 'saved-text';
    const player = (name) => {
      const level = /^bao level (\d+)$/.exec(String(name || '?'));
      if (level) return t('saved-computer', { level: Number(level[1]) });
      return name === 'human' ? t('saved-human') : String(name || '?');
    };
    // Moves as the move list numbers them (South moves first from the start position).
    const moves = Math.ceil(g.plies / 2);
    text.textContent = t('saved-line', { game: TITLES[g.game] || g.game, south: player(g.south), north: player(g.north), moves })
      + (g.result ? `, ${g.result}` : '') + (when ? ` · ${when}` : '');
    const cont = document.createElement('button');
    const here = !!(app.state && g.id === app.state.id && !app.draft);
    // A finished game is reviewed, not continued; the one on the board says so.
    cont.textContent = here ? (g.result ? t('saved-on-board') : t('saved-playing')) : g.result ? t('saved-review') : t('saved-continue');
    cont.dataset.action = here ? 'here' : g.result ? 'review' : 'continue';
    cont.disabled = here;
    cont.addEventListener('click', () => openGame(g.id));
    const del = document.createElement('button');
    del.textContent = t('saved-delete');
    del.setAttribute('aria-label', t('saved-delete-label', { id: g.id }));
    del.addEventListener('click', async () => {
      if (!window.confirm(t('saved-delete-confirm'))) return;
      try {
        await api('DELETE', `/api/games/${encodeURIComponent(g.id)}`);
        saveSeat(g.id, null);
        if (app.state && app.state.id === g.id) await newGame(app.settings);
        refreshSaved({ openGame, newGame });
      } catch (e) {
        showError(e);
      }
    });
    li.append(text, cont, del);
    box.appendChild(li);
  }
}
