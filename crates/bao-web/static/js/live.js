// The live games page (`/live`): the lobby games in progress from GET /api/games/live
// (players and their ratings, game, clock, plies), each with a link to watch it on the
// board (`/#ID`); refreshed every 10 s while the page is open.

import { api } from './api.js';
import { siteHeader } from './header.js';
import { el, isBotName, nameNodes } from './account.js';
import { TITLES } from './state.js';
import { t, clockWords, sideWord } from './i18n.js';

/** How often the list is fetched again (ms). */
const REFRESH_MS = 10000;

/** "amina (1523)": a player with the rating of the game's pool, if any. */
function player(name, rating, bot) {
  const td = el('td');
  td.append(...nameNodes(name, bot === true || isBotName(name)));
  if (rating !== null && rating !== undefined) td.append(` (${Math.round(rating)})`);
  return td;
}

async function fill() {
  let games;
  try {
    games = await api('GET', '/api/games/live');
  } catch (e) {
    document.getElementById('live-status').textContent = t('live-cannot-read', { error: e.message || String(e) });
    return;
  }
  const body = document.querySelector('#live-games tbody');
  body.replaceChildren(...games.map((g) => {
    const tr = el('tr');
    tr.dataset.game = g.id;
    const watch = el('td');
    const a = el('a', t('tn-watch'));
    a.className = 'button';
    a.href = `/#${encodeURIComponent(g.id)}`;
    a.setAttribute('aria-label', t('live-watch-label', { south: g.south.name, north: g.north.name }));
    watch.append(a);
    tr.append(
      el('td', g.rated ? t('live-rated', { game: TITLES[g.game] || g.game }) : TITLES[g.game] || g.game),
      player(g.south.name, g.south.rating, g.south.bot),
      player(g.north.name, g.north.rating, g.north.bot),
      el('td', g.clock ? clockWords(g.clock.text) : t('live-no-clock')),
      el('td', g.ply),
      el('td', sideWord(g.to_move)),
      watch,
    );
    return tr;
  }));
  document.getElementById('live-status').textContent = games.length
    ? t('live-count', { n: games.length })
    : t('live-none');
}

siteHeader();
fill();
setInterval(fill, REFRESH_MS);
