// A game's result and date as a player's lists show them (profile.js, games.js), in the
// page's language: "1-0 won on time", "0-1 resigned", "1/2-1/2 drawn"; dates by
// Intl.DateTimeFormat in the page's language ("3 Dec 2026", "3 Des 2026").

import { t, lang, dateWords } from './i18n.js';

/**
 * What game `g` (a list's summary: `result`, `aborted`, `reason`, `south`) was for the
 * player `name`: `won`, `lost`, `drawn`, `aborted` or `playing`.
 */
export function outcomeFor(g, name) {
  if (g.aborted) return 'aborted';
  if (!g.result) return 'playing';
  if (g.result === '1/2-1/2') return 'drawn';
  const south = g.south === name;
  return (g.result === '1-0') === south ? 'won' : 'lost';
}

/** The result's words for the player `name`: "won", "lost on time", "resigned", "drawn". */
export function resultWords(g, name) {
  const outcome = outcomeFor(g, name);
  switch (outcome) {
    case 'aborted': return t('res-aborted');
    case 'playing': return t('res-playing');
    case 'drawn': return t('res-drawn');
    case 'won':
      if (g.reason === 'time') return t('res-won-time');
      if (g.reason === 'resignation') return t('res-won-resigned');
      return t('res-won');
    default:
      if (g.reason === 'time') return t('res-lost-time');
      if (g.reason === 'resignation') return t('res-lost-resigned');
      return t('res-lost');
  }
}

/**
 * A day (an RFC 3339 time) in the page's language, by Intl.DateTimeFormat: `3 Dec 2026`,
 * `3 Des 2026`. Intl has no pseudo-locale: there the catalogue's words (i18n.js).
 */
export function dayText(at, opts = { day: 'numeric', month: 'short', year: 'numeric' }) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  if (lang === 'en-XA') return dateWords(d);
  try {
    return new Intl.DateTimeFormat(lang, opts).format(d);
  } catch (_) {
    return dateWords(d);
  }
}
