// Draw offers in a game between people (POST /api/games/{id}/draw, docs/web.md): one
// request offers, the same request by the opponent accepts, a move declines. This module
// says what the page shows and sends; the page's controller places the button.
//
// Use: `const d = drawControl(state, you)`; when `d.show`, a button reading `d.label`
// (title `d.title`) that calls `offerDraw(api, state.id)` and adopts the state it answers;
// `drawNote(state, you)` is the line to show next to the board ('' for none).
import { t, sideWord } from './i18n.js';

/** Whether a draw may be offered in `state` now: the game goes on, each side has moved. */
export function drawOpen(state) {
  return !!state && !state.outcome && state.ply >= 2;
}

/**
 * The draw button for the player of `you` (the sides he plays, state.you): `{show, label,
 * title}`. Hidden for spectators, for a seat playing both sides, and against the computer.
 */
export function drawControl(state, you) {
  const mine = you || [];
  if (!drawOpen(state) || mine.length !== 1) return { show: false, label: '', title: '' };
  const side = mine[0];
  const other = side === 'South' ? 'North' : 'South';
  if (state.players && state.players[other.toLowerCase()] !== 'human') {
    return { show: false, label: '', title: '' };
  }
  if (state.draw_offer === other) {
    return { show: true, label: t('draw-accept'), title: t('draw-accept-title', { side: sideWord(other) }) };
  }
  if (state.draw_offer === side) {
    return { show: true, label: t('draw-offered'), title: t('draw-waiting', { side: sideWord(other) }), disabled: true };
  }
  return { show: true, label: t('play-draw'), title: t('draw-offer-title', { side: sideWord(other) }) };
}

/** The line about a pending offer for the player of `you`: '' when none. */
export function drawNote(state, you) {
  if (!state || state.outcome || !state.draw_offer) return '';
  const mine = you || [];
  if (mine.includes(state.draw_offer)) return t('draw-you-offered');
  const name = (state.names && state.names[state.draw_offer.toLowerCase()]) || sideWord(state.draw_offer);
  return mine.length ? t('draw-note-player', { name }) : t('draw-note', { name });
}

/** Offers (or accepts) a draw in game `id` through `api` (api.js); the new state. */
export async function offerDraw(api, id) {
  return api('POST', `/api/games/${id}/draw`, {});
}
