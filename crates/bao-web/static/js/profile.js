// A player's profile (/@/name): ratings per game, their history, recent games.

import { api } from './api.js';
import { header, el } from './account.js';
import { changeText } from './ratingchange.js';

const $ = (id) => document.getElementById(id);
const TITLES = { kiswahili: 'Bao la Kiswahili', kingulu: 'Bao Kingulu' };
const COLOURS = { kiswahili: '#2e9c4f', kingulu: '#8a5a2b' };

function drawHistory(history) {
  const svg = $('history');
  const NS = 'http://www.w3.org/2000/svg';
  const all = Object.values(history).flat().map((p) => p.rating);
  svg.replaceChildren();
  if (all.length === 0) {
    const t = document.createElementNS(NS, 'text');
    t.setAttribute('x', 300); t.setAttribute('y', 90); t.setAttribute('text-anchor', 'middle');
    t.textContent = 'No rated games yet';
    svg.append(t);
    return;
  }
  const lo = Math.min(1500, ...all) - 20;
  const hi = Math.max(1500, ...all) + 20;
  const y = (r) => 170 - ((r - lo) / (hi - lo)) * 160;
  for (const [pool, points] of Object.entries(history)) {
    if (points.length === 0) continue;
    const xs = points.map((_, i) => 20 + (i + 1) * (560 / Math.max(points.length, 1)));
    const path = [`M 20 ${y(1500)}`, ...points.map((p, i) => `L ${xs[i]} ${y(p.rating)}`)].join(' ');
    const line = document.createElementNS(NS, 'path');
    line.setAttribute('d', path);
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', COLOURS[pool]);
    line.setAttribute('stroke-width', 3);
    svg.append(line);
    const label = document.createElementNS(NS, 'text');
    label.setAttribute('x', xs[xs.length - 1] - 4);
    label.setAttribute('y', y(points[points.length - 1].rating) - 6);
    label.setAttribute('text-anchor', 'end');
    label.setAttribute('font-size', 14);
    label.textContent = `${TITLES[pool]} ${Math.round(points[points.length - 1].rating)}`;
    svg.append(label);
  }
}

/** A game's result in the list, with the rating change of the profile's player ("1-0 (+12.4)"). */
function resultText(g, name) {
  if (g.aborted) return 'aborted';
  if (!g.result) return 'playing';
  const change = changeText(g.ratings, g.south === name ? 'South' : 'North');
  return change ? `${g.result} (${change})` : g.result;
}

async function start() {
  await header($('nav'));
  const name = decodeURIComponent(location.pathname.replace(/^\/@\//, ''));
  const p = await api('GET', `/api/players/${encodeURIComponent(name)}`);
  document.title = `Bao · ${p.name}`;
  $('who').textContent = p.engine_level ? `${p.name} (the computer, level ${p.engine_level})` : p.name;
  $('ratings').querySelector('tbody').replaceChildren(...Object.entries(p.ratings).map(([pool, r]) => {
    const tr = el('tr');
    tr.append(el('td', TITLES[pool]), el('td', r.games ? Math.round(r.rating) : `${Math.round(r.rating)}?`), el('td', Math.round(r.rd)), el('td', r.games));
    return tr;
  }));
  drawHistory(p.history);
  $('games').querySelector('tbody').replaceChildren(...p.games.map((g) => {
    const tr = el('tr');
    const open = el('td');
    const a = el('a', g.result ? 'Review' : 'Watch');
    a.href = `/#${g.id}`;
    open.append(a);
    tr.append(open, el('td', g.game === 'kingulu' ? 'Kingulu' : 'Kiswahili'), el('td', g.south), el('td', g.north),
      el('td', g.clock || ''), el('td', resultText(g, p.name)));
    return tr;
  }));
}

start().catch((e) => { $('form-error').textContent = e.message; });
