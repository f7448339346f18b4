// A player's profile (/@/name): ratings per game, their history, recent games.

import { api } from './api.js';
import { header, el, botBadge, isBotName, nameNodes } from './account.js';
import { drawRatingGraph } from './ratinggraph.js';
import { changeText } from './ratingchange.js';
import { resultWords } from './results.js';
import { t, clockWords } from './i18n.js';

const $ = (id) => document.getElementById(id);
const TITLES = { kiswahili: 'Bao la Kiswahili', kingulu: 'Bao Kingulu' };
const COLOURS = { kiswahili: '#2e9c4f', kingulu: '#8a5a2b' };

/** A table cell with a player's name (a link, with the BOT badge for an engine account). */
function nameCell(name, computer) {
  const td = el('td');
  if (name) td.append(...nameNodes(name, computer || isBotName(name)));
  return td;
}

/**
 * A game's result in the list for the profile's player, with his rating change:
 * "1-0 won (+12.4)", "0-1 lost on time"; "aborted", "playing" alone.
 */
function resultText(g, name) {
  const words = resultWords(g, name);
  if (g.aborted || !g.result) return words;
  const change = changeText(g.ratings, g.south === name ? 'South' : 'North');
  return change ? t('prof-result-change', { result: g.result, words, change }) : t('prof-result', { result: g.result, words });
}

async function start() {
  const me = await header($('nav'));
  const name = decodeURIComponent(location.pathname.replace(/^\/@\//, ''));
  const p = await api('GET', `/api/players/${encodeURIComponent(name)}`);
  document.title = `Bao · ${p.name}`;
  $('all-games').href = `/@/${encodeURIComponent(p.name)}/games`;
  $('who').textContent = p.engine_level ? t('prof-engine-name', { name: p.name, level: p.engine_level }) : p.name;
  if (p.bot || p.engine_level) $('who').append(' ', botBadge());
  $('settings').hidden = me !== p.name;
  // A signed-in player may challenge anyone else by name (only that player can accept).
  if (me && me !== p.name) {
    $('challenge').href = `/lobby?opponent=${encodeURIComponent(p.name)}`;
    $('challenge').textContent = t('prof-challenge-name', { name: p.name });
    $('challenge').hidden = false;
  }
  $('ratings').querySelector('tbody').replaceChildren(...Object.entries(p.ratings).map(([pool, r]) => {
    const tr = el('tr');
    tr.append(el('td', TITLES[pool]), el('td', r.games ? Math.round(r.rating) : `${Math.round(r.rating)}?`), el('td', Math.round(r.rd)), el('td', r.games));
    return tr;
  }));
  drawRatingGraph($('history'), p.history, { colours: COLOURS, titles: TITLES });
  $('games').querySelector('tbody').replaceChildren(...p.games.map((g) => {
    const tr = el('tr');
    const open = el('td');
    const a = el('a', g.result ? t('gh-review') : t('gh-watch'));
    a.href = `/#${g.id}`;
    open.append(a);
    tr.append(open, el('td', g.game === 'kingulu' ? 'Kingulu' : 'Kiswahili'), nameCell(g.south, g.players && g.players.south === 'computer'), nameCell(g.north, g.players && g.players.north === 'computer'),
      el('td', clockWords(g.clock)), el('td', resultText(g, p.name)));
    return tr;
  }));
}

start().catch((e) => { $('form-error').textContent = e.message; });
