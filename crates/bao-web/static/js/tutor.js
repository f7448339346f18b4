// The tutor (docs/analysis.md "The tutor", docs/web.md): with the "Tutor" switch on, before
// a move of the player's is sent, the server says what it is worth
// (POST /api/games/{id}/tutor); a mistake or a blunder opens a dialog that says what it
// costs, rings the better move's hole on the board, and asks: play it anyway, or choose
// again. The switch is kept in this browser (localStorage).

import { api } from './api.js';
import { app, $, helpBarred } from './state.js';

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
  label.title = 'Before a move of yours that is a mistake or a blunder, say what it costs and name a better move';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.id = 'tutor-toggle';
  box.checked = tutorOn();
  box.addEventListener('change', () => setTutor(box.checked));
  label.append(box, ' Tutor');
  const oracle = $('oracle-switch');
  if (oracle && oracle.parentNode) oracle.parentNode.insertBefore(label, oracle.nextSibling);
  return label;
}

function dialogEl() {
  let d = $('tutor-dialog');
  if (d) return d;
  d = document.createElement('dialog');
  d.id = 'tutor-dialog';
  d.innerHTML = '<form method="dialog"><h2>Tutor</h2><p id="tutor-text"></p>'
    + '<menu><button value="again" id="tutor-again" class="primary">Choose again</button>'
    + '<button value="play" id="tutor-play">Play it anyway</button></menu></form>';
  document.body.appendChild(d);
  return d;
}

function ring(best) {
  const svg = $('board');
  for (const old of svg.querySelectorAll('.tutor-ring')) old.remove();
  if (!best) return;
  const hole = (/^[A-Za-z]+\d+/.exec(best) || [])[0];
  const g = hole && svg.querySelector(`g.cell[data-hole="${hole}"]`);
  if (!g) return;
  const b = g.getBBox();
  const c = document.createElementNS(SVG, 'circle');
  c.setAttribute('cx', b.x + b.width / 2);
  c.setAttribute('cy', b.y + b.height / 2);
  c.setAttribute('r', b.width * 0.48);
  c.setAttribute('class', 'tutor-ring best-ring');
  svg.appendChild(c);
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
  $('tutor-text').textContent = `${r.text} The dashed ring on the board marks ${r.best}.`;
  ring(r.best);
  d.showModal();
  const answer = await new Promise((resolve) => d.addEventListener('close', () => resolve(d.returnValue), { once: true }));
  ring(null);
  return answer === 'play';
}

switchEl();
