// The Oracle switch: when on, and a human of this page is to move, the page asks
// GET /api/games/{id}/oracle (the solver's exact value of every legal move within 2 s,
// docs/web.md) and the board colours each playable hole by its outcome: win / draw / loss
// in n plies, or "not proven" when the solver did not prove it in time.

import { t, sideWord } from './i18n.js';
import { api } from './api.js';
import { $, app, helpBarred, lobbyKind } from './state.js';

const KEY = 'bao-oracle';

/** The switch's state: { on, key (game id and ply the values are for), holes, pending }. */
export const oracle = {
  on: (() => { try { return localStorage.getItem(KEY) === '1'; } catch (_) { return false; } })(),
  key: null,
  holes: null, // Map hole → { value: 'win'|'draw'|'loss'|null, text }
  pending: null,
};

/** The best outcome among the moves from one hole (Bao la Kiswahili has up to four):
 * a win (the shortest) first; else "not proven" if any move is; else a draw; else the
 * longest loss. */
export function holeValue(moves) {
  const wins = moves.filter((m) => m.value === 'win').sort((a, b) => a.plies - b.plies);
  if (wins.length) return wins[0];
  const unknown = moves.find((m) => m.value == null);
  if (unknown) return unknown;
  const draw = moves.find((m) => m.value === 'draw');
  if (draw) return draw;
  return moves.slice().sort((a, b) => b.plies - a.plies)[0];
}

function byHole(answer) {
  const groups = new Map();
  for (const m of answer.moves) {
    if (!groups.has(m.from)) groups.set(m.from, []);
    groups.get(m.from).push(m);
  }
  const holes = new Map();
  for (const [hole, moves] of groups) {
    const best = holeValue(moves);
    const words = moves.length === 1
      ? valueText(best) + (best.margin ? ` (${sideWord('South')} ${best.margin})` : '')
      : moves.map((m) => `${m.move}: ${valueText(m)}`).join('; ');
    holes.set(hole, { value: best.value, text: words, short: shortText(best) });
  }
  return holes;
}

/** A move's exact value in words: `win in 17 plies`, `draw`, `not proven`. */
function valueText(m) {
  if (m.value === 'win') return t('oracle-win', { plies: m.plies });
  if (m.value === 'loss') return t('oracle-loss', { plies: m.plies });
  if (m.value === 'draw') return t('value-draw');
  return t('not-proven');
}

/** `W29`, `L20`, `D`, `?` for the tag on the hole. */
function shortText(m) {
  if (m.value === 'win') return t('oracle-short-win', { plies: m.plies });
  if (m.value === 'loss') return t('oracle-short-loss', { plies: m.plies });
  if (m.value === 'draw') return t('oracle-short-draw');
  return '?';
}

/**
 * The holes' values for the board now shown, or null (switch off, not this page's turn, or
 * still solving). Starts a request when the position changed; `rerender` is called when
 * its answer arrives.
 */
export function oracleHoles(interactive, rerender) {
  const s = app.state;
  // No request in a lobby game while it is played: the server refuses it.
  if (!oracle.on || !s || !interactive || s.outcome || helpBarred()) return null;
  // A game not created yet (a visit's draft) is created for the oracle to solve.
  if (app.draft) {
    if (app.materialize) app.materialize();
    return null;
  }
  const key = `${s.id}:${s.history.length}`;
  if (oracle.key === key && oracle.holes) return oracle.holes;
  if (oracle.pending !== key) {
    oracle.pending = key;
    oracle.holes = null;
    oracle.key = key;
    api('GET', `/api/games/${encodeURIComponent(s.id)}/oracle`)
      .then((r) => {
        if (oracle.key !== key) return;
        oracle.holes = byHole(r);
        oracle.pending = null;
        rerender();
      })
      .catch((e) => {
        if (oracle.key !== key) return;
        oracle.pending = null;
        oracle.holes = new Map();
        oracle.error = String(e && e.message ? e.message : e);
        rerender();
      });
  }
  return null;
}

/**
 * The legend under the board while the switch is on. `reviewing`: the board shows a past
 * move (docs/web.md "Oracle"): the oracle colours only the game's current position, so
 * the legend says so and no request is waited for.
 */
export function renderOracleLegend(interactive, reviewing = false) {
  const box = $('oracle-legend');
  if (!box) return;
  box.hidden = !oracle.on;
  if (!oracle.on) return;
  const s = app.state;
  if (helpBarred()) {
    // No colours to name: only why.
    box.textContent = '';
    const head = document.createElement('b');
    head.textContent = t('oracle-head');
    box.append(head, ' ', t('oracle-barred', { kind: lobbyKind() }));
    box.dataset.state = 'barred';
    return;
  }
  let note;
  if (app.deleted) note = t('oracle-deleted');
  else if (!s || s.outcome) note = t('web-oracle-over');
  else if (reviewing) note = t('oracle-reviewing');
  else if (!interactive) note = t('oracle-not-your-move');
  else if (!oracle.holes) note = t('web-oracle-solving');
  else if (oracle.error) note = t('oracle-error', { error: oracle.error });
  else if (oracle.holes.size && [...oracle.holes.values()].every((v) => !v.value)) {
    // Nothing proven: say what the solver can prove, and when.
    note = s.game === 'kiswahili'
      ? t('oracle-none-kiswahili')
      : t('oracle-none-kingulu');
  } else note = t('oracle-exact');
  box.textContent = '';
  const head = document.createElement('b');
  head.textContent = t('oracle-head');
  box.appendChild(head);
  box.appendChild(document.createTextNode(' '));
  for (const [cls, words] of [['win', t('oracle-key-win')], ['draw', t('value-draw')], ['loss', t('oracle-key-loss')], ['unknown', t('not-proven')]]) {
    const key = document.createElement('span');
    key.className = `oracle-key oracle-${cls}`;
    key.textContent = words;
    box.appendChild(key);
    box.appendChild(document.createTextNode(' '));
  }
  box.appendChild(document.createTextNode(`— ${note}`));
  box.dataset.state = reviewing && s && !s.outcome && !app.deleted ? 'review'
    : !interactive || !s || s.outcome ? 'idle' : oracle.holes ? 'done' : 'solving';
}

/** Turns the switch on or off (kept in localStorage). */
export function setOracle(on) {
  oracle.on = on;
  oracle.key = null;
  oracle.holes = null;
  oracle.pending = null;
  oracle.error = null;
  try { localStorage.setItem(KEY, on ? '1' : '0'); } catch (_) { /* private mode */ }
}
