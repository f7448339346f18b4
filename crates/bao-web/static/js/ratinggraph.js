// The profile's rating graph: each game's pool a line with a point per rated game (its
// rating after the game; hover names the date, the rating and the game; a click opens the
// game), a rating axis with round values and a date axis (the page's language's dates),
// in the profile's SVG.

import { t } from './i18n.js';
import { dayText } from './results.js';

const NS = 'http://www.w3.org/2000/svg';
/** The SVG's size in its own units, and the margins left for the axes' labels. */
const W = 640;
const H = 240;
const LEFT = 48;
const RIGHT = 16;
const TOP = 14;
const BOTTOM = 34;

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** "2026-12-02" of an RFC 3339 time. */
const dayOf = (at) => String(at || '').slice(0, 10);

/** Round rating values for the axis: about four, a multiple of 25, 50 or 100 apart. */
function ticks(lo, hi) {
  const span = hi - lo;
  const step = [25, 50, 100, 200, 500].find((s) => span / s <= 5) || 1000;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

/**
 * Draws `history` ({pool: [{rating, rd, game, at}], oldest first}) into `svg`, coloured by
 * `colours` and named by `titles` (per pool). Points are spaced by game, in the order
 * played across both pools.
 */
export function drawRatingGraph(svg, history, { colours, titles }) {
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const all = Object.entries(history).flatMap(([pool, ps]) => ps.map((p) => ({ ...p, pool })));
  if (all.length === 0) {
    svg.append(svgEl('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle' }, t('prof-no-rated')));
    return;
  }
  all.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  all.forEach((p, i) => { p.index = i; });
  const lo = Math.min(1500, ...all.map((p) => p.rating)) - 20;
  const hi = Math.max(1500, ...all.map((p) => p.rating)) + 20;
  const y = (r) => TOP + (1 - (r - lo) / (hi - lo)) * (H - TOP - BOTTOM);
  const n = all.length;
  const x = (i) => LEFT + (n === 1 ? (W - LEFT - RIGHT) / 2 : (i / (n - 1)) * (W - LEFT - RIGHT));
  // The rating axis: grid lines at round values, 1500 (the start) marked.
  const axes = svgEl('g', { class: 'axes' });
  for (const v of ticks(lo, hi)) {
    axes.append(svgEl('line', { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: v === 1500 ? 'grid start' : 'grid' }));
    axes.append(svgEl('text', { x: LEFT - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'tick' }, String(v)));
  }
  axes.append(svgEl('line', { x1: LEFT, x2: LEFT, y1: TOP, y2: H - BOTTOM, class: 'axis' }));
  axes.append(svgEl('line', { x1: LEFT, x2: W - RIGHT, y1: H - BOTTOM, y2: H - BOTTOM, class: 'axis' }));
  // The date axis: the first and last game's day, and a few between (each day once).
  const shown = new Set();
  const marks = n <= 5 ? all : [0, 1, 2, 3, 4].map((k) => all[Math.round((k * (n - 1)) / 4)]);
  for (const p of marks) {
    const day = dayOf(p.at);
    if (shown.has(day)) continue;
    shown.add(day);
    axes.append(svgEl('line', { x1: x(p.index), x2: x(p.index), y1: H - BOTTOM, y2: H - BOTTOM + 4, class: 'axis' }));
    axes.append(svgEl('text', { x: x(p.index), y: H - BOTTOM + 18, 'text-anchor': 'middle', class: 'tick date' }, dayText(p.at)));
  }
  svg.append(axes);
  for (const pool of Object.keys(history)) {
    const mine = all.filter((p) => p.pool === pool);
    if (mine.length === 0) continue;
    const colour = colours[pool] || '#555';
    const d = mine.map((p, i) => `${i ? 'L' : 'M'} ${x(p.index).toFixed(1)} ${y(p.rating).toFixed(1)}`).join(' ');
    svg.append(svgEl('path', { d, fill: 'none', stroke: colour, 'stroke-width': 2.5, class: 'rating-line' }));
    for (const p of mine) {
      const a = svgEl('a', { href: `/#${encodeURIComponent(p.game)}`, class: 'rating-point' });
      a.dataset.game = p.game;
      a.dataset.pool = pool;
      const dot = svgEl('circle', { cx: x(p.index).toFixed(1), cy: y(p.rating).toFixed(1), r: 4.5, fill: colour });
      dot.append(svgEl('title', {}, t('prof-point', { game: titles[pool] || pool, day: dayText(p.at), rating: Math.round(p.rating) })));
      a.append(dot);
      svg.append(a);
    }
    const last = mine[mine.length - 1];
    svg.append(svgEl('text', {
      x: Math.min(x(last.index) + 6, W - RIGHT), y: y(last.rating) - 8, 'text-anchor': 'end', class: 'tick', fill: colour,
    }, `${titles[pool] || pool} ${Math.round(last.rating)}`));
  }
}
