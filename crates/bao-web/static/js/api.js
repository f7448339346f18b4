// The API client: JSON requests to the bao server (docs/web.md), the seats this browser
// holds (one token per game id, kept in localStorage, sent as X-Bao-Seat), and the live
// event stream of a game.
import { t } from './i18n.js';

const SEATS_KEY = 'bao-seats';

/** The seats this browser holds: { [gameId]: token }. */
export function seats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || '{}') || {};
  } catch (_) {
    return {};
  }
}

/** The seat token held for game `id`, or null. */
export function seatFor(id) {
  return seats()[id] || null;
}

/** Keeps `token` as this browser's seat in game `id` (null forgets it). */
export function saveSeat(id, token) {
  const all = seats();
  if (token) all[id] = token;
  else delete all[id];
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  } catch (_) { /* private mode: the seat lives as long as the page */ }
}

const offlineListeners = [];

/** Calls `f()` whenever a request could not reach the server (see [`api`]). */
export function onOffline(f) {
  offlineListeners.push(f);
}

/** The game id a path like /api/games/g3/play is about, or null. */
function gameOf(path) {
  const m = /^\/api\/games\/([^/?]+)/.exec(path);
  return m && m[1] !== 'load' ? decodeURIComponent(m[1]) : null;
}

/**
 * Sends a request; `body` (an object) goes as JSON. The seat held for the game in the path
 * goes in X-Bao-Seat. Answers the parsed JSON (or text); throws an Error with the server's
 * `error` message (and `.status`) on a 4xx/5xx.
 */
export async function api(method, path, body, opts = {}) {
  const req = { method, headers: {} };
  if (body !== undefined) {
    req.headers['Content-Type'] = 'application/json';
    req.body = JSON.stringify(body);
  }
  const id = gameOf(path);
  const seat = opts.seat !== undefined ? opts.seat : id && seatFor(id);
  if (seat) req.headers['X-Bao-Seat'] = seat;
  if (opts.keepalive) req.keepalive = true;
  let res;
  try {
    res = await fetch(path, req);
  } catch (e) {
    // The network, not the server's answer ("Failed to fetch"): say so and retry.
    const err = new Error(t('api-offline'));
    err.offline = true;
    for (const f of offlineListeners) f();
    throw err;
  }
  const type = res.headers.get('content-type') || '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (!res.ok) {
    let message = (data && data.error) || `HTTP ${res.status}`;
    // The server's words are for API clients (the header to send, signing in); a page
    // without a seat is a spectator's, so it says who may ask.
    if (data && ['no_seat', 'sign_in_required', 'not_a_player'].includes(data.code)
        && /\/api\/games\//.test(path)) {
      message = t('api-players-only');
    }
    const err = new Error(message);
    err.status = res.status;
    throw err;
  }
  announce(data && data.state ? data.state : data);
  return data;
}

/**
 * Listeners of the other events of a game's stream (e.g. `analysis`): each is called as
 * `f(id, name, data)` with the parsed JSON data.
 */
export const streamListeners = new Set();

/**
 * Follows the server-sent event stream of game `id`: calls `onState(state)` for every
 * `state` event. When the game is deleted the server sends one `deleted` event
 * ({deleted, text}, docs/web.md) and ends the stream: the EventSource is closed here (it
 * would otherwise reconnect) and `onEnd(notice)` is called. After any other error the page
 * reconnects with backoff and jitter (below); when the game is then gone (404, e.g. it was
 * deleted while this page was offline), `onEnd(null)` is called. Answers a function that
 * stops following.
 */
export function follow(id, onState, onStatus, onEnd) {
  if (typeof EventSource === 'undefined') return () => {};
  // EventSource sends no headers: the seat goes in the query (a player is not counted as a
  // spectator); a signed-in player's session cookie goes by itself.
  const seat = seatFor(id);
  const query = seat ? `?seat=${encodeURIComponent(seat)}` : '';
  const url = `/api/games/${encodeURIComponent(id)}/events${query}`;
  let es = null;
  let ended = false;
  let failures = 0;
  let timer = null;
  const end = (notice) => {
    if (es) es.close();
    clearTimeout(timer);
    if (ended) return;
    ended = true;
    if (onStatus) onStatus(false);
    if (onEnd) onEnd(notice);
  };
  // Issue 36: after an error this page, not the browser, reconnects, after an exponential
  // backoff with jitter (1 s, 2 s, 4 s ... at most 30 s, each times 0.5–1.5), so that the
  // pages of a restarted server do not all come back at once. A refusal (503 past the
  // server's stream limit, 429 past one address's) is such an error; a 404 (the game was
  // deleted meanwhile) ends following.
  const retry = () => {
    // CLOSED: the server answered with an error (404, 429, 503) or could not be reached,
    // so ask whether the game still exists before trying again; otherwise a live stream
    // dropped, and it is simply opened again.
    const refused = es && es.readyState === EventSource.CLOSED;
    if (es) es.close();
    if (ended || timer) return;
    const wait = Math.min(30000, 1000 * 2 ** Math.min(failures, 5)) * (0.5 + Math.random());
    failures += 1;
    timer = setTimeout(async () => {
      timer = null;
      if (ended) return;
      if (refused) {
        try {
          const res = await fetch(`/api/games/${encodeURIComponent(id)}`);
          if (res.status === 404) {
            end(null);
            return;
          }
        } catch (_) { /* the server is away: try the stream anyway, then back off */ }
      }
      if (!ended) open();
    }, wait);
  };
  const open = () => {
    es = new EventSource(url);
    es.addEventListener('state', (ev) => {
      try {
        const state = JSON.parse(ev.data);
        announce(state);
        onState(state);
      } catch (_) { /* a malformed event is ignored */ }
    });
    es.addEventListener('spectators', (ev) => {
      try {
        window.dispatchEvent(new CustomEvent('bao-spectators', { detail: JSON.parse(ev.data).spectators }));
      } catch (_) { /* ignored */ }
    });
    es.addEventListener('deleted', (ev) => {
      let notice = { deleted: id, text: t('game-deleted', { id }) };
      try {
        notice = { ...JSON.parse(ev.data), text: notice.text };
      } catch (_) { /* the default text */ }
      end(notice);
    });
    // Issue 31: the game's chat lines (chat.js).
    es.addEventListener('chat', (ev) => {
      let data = null;
      try {
        data = JSON.parse(ev.data);
      } catch (_) { return; }
      for (const f of streamListeners) f(id, 'chat', data);
    });
    es.addEventListener('analysis', (ev) => {
      let data = null;
      try {
        data = JSON.parse(ev.data);
      } catch (_) { return; }
      for (const f of streamListeners) f(id, 'analysis', data);
    });
    es.addEventListener('open', () => {
      failures = 0;
      if (onStatus) onStatus(true);
    });
    es.addEventListener('error', () => {
      if (onStatus) onStatus(false);
      retry();
    });
  };
  open();
  return () => { ended = true; clearTimeout(timer); if (es) es.close(); };
}

/** Tells the page's other modules (clock.js) about a game state the server sent. */
function announce(state) {
  if (state && typeof state === 'object' && state.id && state.board && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent('bao-state', { detail: state }));
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
