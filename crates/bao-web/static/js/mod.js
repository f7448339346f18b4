// /mod (issue 31, docs/web.md "Moderation"): a moderator's list of the reported chat lines
// (GET /api/mod/reports), each with Resolve, Mute its author and Close its author's
// account. Lines are shown as text. Anyone else gets the server's 403 in words.

import { api } from './api.js';
import { header, el, nameNodes } from './account.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

function button(text, act) {
  const b = el('button', text);
  b.type = 'button';
  b.addEventListener('click', async () => {
    try {
      await act();
      await load();
    } catch (e) {
      $('form-error').textContent = e.message;
    }
  });
  return b;
}

async function load() {
  const reports = await api('GET', '/api/mod/reports');
  $('reports').querySelector('tbody').replaceChildren(...reports.map((r) => {
    const tr = el('tr');
    const author = el('td');
    author.append(...nameNodes(r.line.author, false));
    const game = el('td');
    const a = el('a', t('mod-open'));
    a.href = `/#${r.game}`;
    game.append(a);
    const acts = el('td');
    const who = encodeURIComponent(r.line.author);
    acts.append(
      button(t('mod-resolve'), () => api('POST', `/api/mod/reports/${r.id}/resolve`)),
      ' ',
      button(t('mod-mute'), () => api('POST', `/api/mod/accounts/${who}/mute`, { muted: true })),
      ' ',
      button(t('mod-close'), () => api('POST', `/api/mod/accounts/${who}/close`)),
    );
    tr.append(el('td', t('mod-line', { text: r.line.text, room: r.line.room })), author, el('td', r.reporter), game, acts);
    return tr;
  }));
  $('count').textContent = t('mod-count', { n: reports.length });
}

async function start() {
  await header();
  await load();
}

start().catch((e) => { $('form-error').textContent = e.message; });
