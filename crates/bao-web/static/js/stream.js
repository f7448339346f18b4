// The main page's event stream: the states the server pushes for the game on the board
// (the opponent's move, a takeback, a resignation, the game deleted), the stream's health
// (the live dot; the offline banner when a stream that was up stays down), and following
// the game again after the browser gave up reconnecting.

import { t } from './i18n.js';
import { api, follow, saveSeat } from './api.js';
import { forget } from './review.js';
import { app } from './state.js';
import { renderInfo } from './panels.js';
import { adoptState, catchUp, continueGame, enter, offline, refreshSaved } from './controller.js';
import { render } from './render.js';

/** A state from the event stream: another board moved, undid, resigned or invited. */

export async function onStreamState(state) {
  const s = app.state;
  if (!s || state.id !== s.id) return;
  if (!adoptState(state)) return; // older than the page's state
  const n = state.history.length;
  if (n < s.history.length) forget(s.id, n + 1);
  if (n !== s.history.length || !!state.outcome !== !!s.outcome) {
    // The game moved on elsewhere: a choice or a hint for the old position is void.
    app.selected = null;
    app.hint = null;
  }
  if (app.busy) {
    // A request of this page is running; once it is done, catchUp shows what came.
    renderInfo();
    return;
  }
  if (!app.animating) render();
  catchUp();
  continueGame();
}

export function startFollowing(id) {
  if (app.unfollow) app.unfollow();
  app.live = false;
  const here = () => app.state && app.state.id === id;
  let wasLive = false;
  const onLive = (ok) => {
    app.live = ok;
    wasLive = wasLive || ok;
    window.dispatchEvent(new CustomEvent('bao-live', { detail: ok }));
    if (here()) renderInfo();
    // A stream that was up and is down for 3 s: the server (this instance) cannot be
    // reached. Say so at once, not at the player's next click: what the board shows may
    // be stale. Not while a request is in flight (its own failure says so, and the
    // recovery must not start a second computer move beside it), nor while a slow
    // server is still opening the stream the first time.
    clearTimeout(app.liveTimer);
    if (!ok && wasLive) {
      app.liveTimer = setTimeout(() => {
        if (!app.live && here() && !app.deleted && !app.busy) offline();
      }, 3000);
    }
  };
  app.unfollow = follow(id, onStreamState, onLive, async (notice) => {
    if (!here()) return;
    if (notice) {
      gameDeleted(notice.text);
      return;
    }
    // The browser stopped reconnecting: deleted while this page was away, or a server
    // without this game (404) — or the server (one instance behind a proxy) went away
    // and the proxy answered an error for a while. Unless the game is gone, follow it
    // again in a moment (the new stream starts with the state now: nothing is missed).
    let gone = false;
    try {
      await api('GET', `/api/games/${encodeURIComponent(id)}`);
    } catch (e) {
      if (e.status === 404 && here()) {
        gameDeleted(t('game-gone', { id }));
        gone = true;
      }
    }
    if (!gone) setTimeout(() => { if (here() && !app.deleted) startFollowing(id); }, 2000);
  });
}

/**
 * The game on this board was deleted (by its creator, maybe on another board): the board
 * stays visible but nothing can be played, the status says so, and this browser forgets
 * the game's seat.
 */
export function gameDeleted(text) {
  const id = app.state.id;
  app.loop++; // a computer loop of this game stops
  app.deleted = text;
  app.selected = null;
  app.hint = null;
  enter('idle');
  app.live = false;
  saveSeat(id, null);
  try {
    if (localStorage.getItem('bao-last-game') === id) localStorage.removeItem('bao-last-game');
  } catch (_) { /* private mode */ }
  render();
  refreshSaved();
}

