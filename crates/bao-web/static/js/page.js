// The main page: one game in progress, kept by the server (the page keeps no copy of the
// position or the moves of its own beyond the last state it was sent). It offers only the
// legal moves the server sends, animates traced moves, keeps every move explained (the
// explanation panel, stepping lap by lap and move by move), drives the computer, and plays
// a friend through seats and the live event stream. Its parts:
// - controller.js: the game's state on this page (explicit phases) and every change to it;
// - render.js: the board and the controls drawn from that state;
// - input.js: clicks, keys and the review's stepping;
// - stream.js: the server's event stream for the game on the board.
// This file starts the page: the game of the address (`#<id>`, `#<id>:<seat>`), this
// browser's last unfinished game, or a new one not saved until its first move.

import './header.js';
import { api, saveSeat, seatFor } from './api.js';
import { app, showError } from './state.js';
import { newGame, openGame } from './controller.js';
import { setup } from './input.js';

async function start() {
  setup();
  try {
    app.meta = await api('GET', '/api/meta');
  } catch (e) {
    showError(e);
  }
  // `#<id>` (this browser's game) or `#<id>:<seat>` (a seat's link, e.g. an invitation).
  const [id, seat] = decodeURIComponent(location.hash.replace(/^#/, '')).split(':');
  if (id) {
    if (seat) saveSeat(id, seat);
    if (await openGame(id)) return;
    showError(`game ${id} is not on this server any more: starting a new game`);
  } else {
    // A bare visit continues this browser's last game while it is unfinished, instead of
    // saving a new empty game on every visit.
    let last = null;
    try { last = localStorage.getItem('bao-last-game'); } catch (_) { /* private mode */ }
    if (last && seatFor(last) && (await openGame(last)) && !app.state.outcome) return;
  }
  await newGame(app.settings, { draft: true });
}

window.addEventListener('hashchange', () => {
  const [id, seat] = decodeURIComponent(location.hash.replace(/^#/, '')).split(':');
  if (id && (!app.state || id !== app.state.id)) {
    if (seat) saveSeat(id, seat);
    openGame(id);
  }
});

start();
