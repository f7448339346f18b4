// The leaderboards: the best rated players of each game (GET /api/leaderboard/{game}).

import { api } from './api.js';
import { header, el, nameNodes } from './account.js';
import { t } from './i18n.js';

async function fill(game) {
  const rows = await api('GET', `/api/leaderboard/${game}`);
  const body = document.querySelector(`#board-${game} tbody`);
  body.replaceChildren(...rows.map((r, i) => {
    const tr = el('tr');
    const who = el('td');
    who.append(...nameNodes(r.name, r.bot === true));
    tr.append(el('td', i + 1), who, el('td', `${Math.round(r.rating)} ± ${Math.round(r.rd)}`), el('td', r.games));
    return tr;
  }));
  if (rows.length === 0) {
    const tr = el('tr');
    const td = el('td', t('lb-none'));
    td.colSpan = 4;
    tr.append(td);
    body.append(tr);
  }
}

header(document.getElementById('nav'));
fill('kiswahili');
fill('kingulu');
