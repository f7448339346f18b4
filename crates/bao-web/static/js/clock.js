// The clock bar of the game page: the players' names and ratings mode, each side's clock
// (the running one counts down here between the server's states), "watching" with the
// number of spectators, and Abort before both sides moved. It follows the states that
// api.js announces ('bao-state', 'bao-spectators' on window), so the page keeps one event
// stream per game.

import { t, sideWord, clockWords } from './i18n.js';
import { api } from './api.js';
import { clockText, el } from './account.js';

// Two bars: each side's name and clock next to its side of the board — the top side's
// (with the game's clock, spectators, Abort) above it, the bottom side's below it. The
// bottom side is the one the board is drawn from (yours when you play one side; North
// when the board is turned: "Turn board" pressed).
const bar = document.getElementById('clock-bar');
const below = bar && (() => {
  const b = document.createElement('div');
  b.id = 'clock-bar-bottom';
  b.className = 'clock-bar';
  b.hidden = true;
  const wrap = document.getElementById('board-wrap');
  if (wrap) wrap.after(b);
  return b;
})();

/** The side drawn at the bottom of the board (the page's Turn board button says so). */
function bottomSide() {
  const turn = document.getElementById('btn-turn');
  return turn && turn.getAttribute('aria-pressed') === 'true' ? 'North' : 'South';
}
let state = null;
let received = 0;
let you = {};
let spectators = 0;
// Whether the game's event stream is up: while it is down the clocks stand still here
// (the last state may be stale: the other side may have moved on another server).
let live = true;

function sideBox(side) {
  const lower = side.toLowerCase();
  const box = el('span', null, `clock-side ${lower}`);
  const name = state.names && state.names[lower];
  box.append(el('span', name || sideWord(side), 'clock-name'));
  if (state.clock) {
    let ms = state.clock[`${lower}_ms`];
    const running = live && state.clock.running === side && !state.outcome;
    if (running) ms -= Date.now() - received;
    const t = el('span', clockText(Math.max(0, ms)), `clock-time${running ? ' running' : ''}${ms < 10_000 ? ' low' : ''}`);
    t.id = `clock-${lower}`;
    box.append(t);
  }
  return box;
}

function render() {
  if (!bar || !state) return;
  const lobby = state.clock || (state.names && (state.names.south || state.names.north));
  bar.hidden = !lobby;
  below.hidden = !lobby;
  if (!lobby) return;
  const bottom = bottomSide();
  bar.replaceChildren(sideBox(bottom === 'South' ? 'North' : 'South'));
  below.replaceChildren(sideBox(bottom));
  const info = el('span', null, 'clock-info');
  if (state.clock) info.append(el('span', `${clockWords(state.clock.text)} · ${state.rated ? t('clock-rated') : t('clock-casual')}`));
  if (state.clock && !live && !state.outcome) info.append(el('span', ` · ${t('clock-stale')}`, 'clock-stale'));
  const mine = you[state.id] || [];
  if (mine.length === 0) info.append(el('span', t('clock-watching'), 'watching'));
  const count = el('span', t('clock-spectators', { n: spectators }), 'spectators');
  count.id = 'spectator-count';
  info.append(count);
  if (state.clock && state.clock.abort_in_ms != null && !state.outcome) {
    const left = state.clock.abort_in_ms - (Date.now() - received);
    info.append(el('span', t('clock-first-move', { secs: Math.max(0, Math.ceil(left / 1000)) }), 'abort-note'));
    if (mine.length > 0) {
      const b = el('button', t('clock-abort'));
      b.id = 'btn-abort';
      b.addEventListener('click', () => api('POST', `/api/games/${state.id}/abort`).catch(() => {}));
      info.append(b);
    }
  }
  bar.append(info);
}

window.addEventListener('bao-state', (ev) => {
  const s = ev.detail;
  if (!s || !s.id) return;
  if (Array.isArray(s.you)) you[s.id] = s.you;
  if (state && state.id !== s.id) spectators = 0;
  state = s;
  received = Date.now();
  if (typeof s.spectators === 'number') spectators = s.spectators;
  render();
});
window.addEventListener('bao-live', (ev) => {
  const now = ev.detail !== false;
  if (now === live) return;
  // Going down: keep the time the running clock showed (it stops counting here).
  if (!now && state && state.clock && state.clock.running && !state.outcome) {
    const key = `${state.clock.running.toLowerCase()}_ms`;
    state = { ...state, clock: { ...state.clock, [key]: state.clock[key] - (Date.now() - received) } };
    received = Date.now();
  }
  live = now;
  render();
});
window.addEventListener('bao-spectators', (ev) => {
  spectators = ev.detail;
  render();
});
setInterval(() => { if (state && state.clock && !state.outcome) render(); }, 100);
// The board turned (or drawn from another seat): the clocks follow their sides.
const turn = document.getElementById('btn-turn');
if (turn) new MutationObserver(render).observe(turn, { attributes: true, attributeFilter: ['aria-pressed'] });
