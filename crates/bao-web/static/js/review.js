// Reviewing moves: the trace of any move of a game (from the moves this page saw played,
// or from the server's `GET .../at/{ply}`, whose `played` the server traces from the
// game's own line: docs/web.md), and the explanation panel that lists a move's steps with
// the shown one marked.

import { api } from './api.js';
import { framesOf, lapsOf } from './trace.js';
import { t, sideWord } from './i18n.js';

const cache = new Map(); // `${gameId}:${ply}` → { played, after }

/** Remembers the trace of move `ply` of game `id` (from a play / engine answer). */
export function remember(id, ply, played, after) {
  cache.set(`${id}:${ply}`, { played, after });
}

/** Forgets every trace of game `id` from ply `from` on (after an undo). */
export function forget(id, from = 0) {
  for (const key of [...cache.keys()]) {
    const [g, p] = key.split(':');
    if (g === id && Number(p) >= from) cache.delete(key);
  }
}

/** The trace of move `ply` (1-based) of `state`: { played, after (board after it) }. */
export async function traceOf(state, ply) {
  const key = `${state.id}:${ply}`;
  if (cache.has(key)) return cache.get(key);
  const at = await api('GET', `/api/games/${state.id}/at/${ply}`);
  let played = at.played;
  if (!played) throw new Error(t('no-trace', { ply }));
  const h = state.history[ply - 1];
  played = { ...played, from: played.from || (h && h.from), side: played.side || (h && h.side) };
  const entry = { played, after: at.board };
  cache.set(key, entry);
  return entry;
}

/**
 * Draws the explanation panel: the move's steps as a list, the shown step `k` marked;
 * `view.name` is the move as the move list writes it ("3. A8<"). `onJump(k)` is called
 * when a step is clicked.
 */
export function renderExplain(box, view, onJump) {
  box.textContent = '';
  const h = document.createElement('h2');
  const list = document.createElement('ol');
  list.className = 'steps';
  list.start = 0; // step 0 is the board before the move, as in the caption
  if (!view || !view.played) {
    h.textContent = t('explain-title');
    const p = document.createElement('p');
    p.className = 'small';
    p.textContent = view && view.ply === 0
      ? t('caption-start')
      : t('explain-empty');
    box.append(h, p);
    return;
  }
  const { played, frames, k } = view;
  const laps = lapsOf(played);
  h.textContent = t('explain-head', { name: view.name || played.text, side: sideWord(played.side), laps });
  const items = [{ text: t('step-before'), k: 0 }, ...frames.slice(1).map((f, i) => ({ text: f.text, k: i + 1, kind: f.kind }))];
  for (const it of items) {
    const li = document.createElement('li');
    li.dataset.step = String(it.k);
    li.dataset.kind = it.kind || 'before';
    li.textContent = it.text;
    if (it.k === k) {
      li.className = 'current';
      li.setAttribute('aria-current', 'step');
    }
    li.addEventListener('click', () => onJump(it.k));
    list.appendChild(li);
  }
  box.append(h, list);
  const cur = list.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 24) list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

export { framesOf };
