// The tutor (docs/analysis.md "The tutor", docs/web.md): with the "Tutor" switch on, before
// a move of the player's is sent, the server says what it is worth
// (POST /api/games/{id}/tutor); a mistake or a blunder opens a dialog that says what it
// costs in a player's words (the numbers on request), draws the better move's arrow on
// the board, and asks: play it anyway, or choose
// again. The switch is kept in this browser (localStorage).

import { t } from './i18n.js';
import { api } from './api.js';
import { app, $, helpBarred } from './state.js';
import { movesFrom } from './render.js';
import { detailsOf, valueWords } from './words.js';

const KEY = 'bao-tutor';
const SVG = 'http://www.w3.org/2000/svg';

export function tutorOn() {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch (_) {
    return false;
  }
}

function setTutor(on) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch (_) { /* private mode: for this page only */ }
}

function switchEl() {
  let label = $('tutor-switch');
  if (label) return label;
  label = document.createElement('label');
  label.className = 'button switch';
  label.id = 'tutor-switch';
  label.title = t('tutor-title');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.id = 'tutor-toggle';
  box.checked = tutorOn();
  box.addEventListener('change', () => setTutor(box.checked));
  const words = document.createElement('span');
  words.textContent = t('tutor-name');
  label.append(box, ' ', words);
  const oracle = $('oracle-switch');
  if (oracle && oracle.parentNode) oracle.parentNode.insertBefore(label, oracle.nextSibling);
  return label;
}

function dialogEl() {
  let d = $('tutor-dialog');
  if (d) return d;
  d = document.createElement('dialog');
  d.id = 'tutor-dialog';
  d.innerHTML = '<form method="dialog"><h2></h2><p id="tutor-text"></p>'
    + '<menu><button value="again" id="tutor-again" class="primary"></button>'
    + '<button value="play" id="tutor-play"></button></menu></form>';
  d.querySelector('h2').textContent = t('tutor-name');
  d.querySelector('#tutor-again').textContent = t('web-tutor-again');
  d.querySelector('#tutor-play').textContent = t('tutor-play');
  document.body.appendChild(d);
  return d;
}

/** The unit step of a screen direction. */
const STEP = { right: [1, 0], left: [-1, 0], up: [0, -1], down: [0, 1] };

/**
 * Marks the better move `best` on the board: its hole ringed (dashed) and, for a move with
 * a direction, an arrow from the hole the way its first sowing goes on the screen (A6< and
 * A6> differ only by it).
 */
function mark(best) {
  const svg = $('board');
  for (const old of svg.querySelectorAll('.tutor-ring, .tutor-arrow')) old.remove();
  if (!best) return;
  const hole = (/^[A-Za-z]+\d+/.exec(best) || [])[0];
  const g = hole && svg.querySelector(`g.cell[data-hole="${hole}"]`);
  if (!g) return;
  const b = g.getBBox();
  const [cx, cy, r] = [b.x + b.width / 2, b.y + b.height / 2, b.width * 0.48];
  const c = document.createElementNS(SVG, 'circle');
  c.setAttribute('cx', cx);
  c.setAttribute('cy', cy);
  c.setAttribute('r', r);
  c.setAttribute('class', 'tutor-ring best-ring');
  svg.appendChild(c);
  const m = (movesFrom().get(hole) || []).find((x) => x.text === best);
  const step = m && STEP[m.dir];
  if (!step) return;
  // A polygon arrow: a shaft from inside the hole, a head beyond its edge.
  const [ux, uy] = step;
  const [px, py] = [-uy, ux];
  const at = (d, w) => `${(cx + ux * d + px * w).toFixed(1)},${(cy + uy * d + py * w).toFixed(1)}`;
  const [from, tip, head, shaft, wide] = [r * 0.2, r * 1.75, r * 0.6, r * 0.13, r * 0.4];
  const arrow = document.createElementNS(SVG, 'polygon');
  arrow.setAttribute('points', [at(from, shaft), at(tip - head, shaft), at(tip - head, wide), at(tip, 0),
    at(tip - head, -wide), at(tip - head, -shaft), at(from, -shaft)].join(' '));
  arrow.setAttribute('class', 'tutor-arrow');
  arrow.dataset.dir = m.dir;
  arrow.dataset.move = best;
  svg.appendChild(arrow);
}

/**
 * The tutor's warning in a player's words: "A4 is a blunder: after it, North wins by ten
 * seeds with best play. After A3, South wins by four seeds with best play." (the server's
 * own text, with its numbers, behind the Details toggle).
 */
function warningWords(r, side) {
  const played = valueWords(r.value, side);
  const better = valueWords(r.best_value, side);
  if (!played || !better || typeof r.class !== 'string') return r.text;
  const kind = r.class === 'blunder' ? t('tutor-blunder') : r.class === 'mistake' ? t('tutor-mistake') : r.class;
  return t('web-tutor-warning', { move: r.move, kind, played, best: r.best, better });
}

/**
 * Whether to send `text` as the player's move: true when the tutor is off, the move is not
 * a mistake, the tutor cannot answer, or the player says "Play it anyway".
 */
export async function tutorAllows(text) {
  // The server refuses the tutor in a lobby game while it is played: the move goes as it is.
  if (!tutorOn() || !app.state || helpBarred()) return true;
  let r;
  try {
    r = await api('POST', `/api/games/${encodeURIComponent(app.state.id)}/tutor`, { move: text });
  } catch (_) {
    return true; // the tutor is advice: a busy server does not stop the move
  }
  if (!r.warn) return true;
  const d = dialogEl();
  const side = app.state.to_move;
  mark(r.best);
  const arrow = $('board').querySelector('.tutor-arrow');
  $('tutor-text').textContent = `${warningWords(r, side)} ${arrow ? t('tutor-arrow', { best: r.best }) : t('tutor-ring', { best: r.best })}`;
  const old = $('tutor-details');
  if (old) old.remove();
  const details = detailsOf(r.text, t('tutor-numbers'));
  details.id = 'tutor-details';
  $('tutor-text').after(details);
  d.showModal();
  const answer = await new Promise((resolve) => d.addEventListener('close', () => resolve(d.returnValue), { once: true }));
  mark(null);
  return answer === 'play';
}

switchEl();
