// Words the tournament pages share: a tournament's format, a time, points with ½, a
// tie-break's name — in the page's language (i18n.js).

import { t, dateTimeWords } from './i18n.js';

/** "Swiss, 5 rounds", "Round robin", "Double round robin", with "2 games" per pairing. */
export function formatText(x) {
  let f;
  if (x.format === 'swiss') f = x.total_rounds ? t('tn-format-swiss-rounds', { rounds: x.total_rounds }) : t('tn-format-swiss');
  else f = x.cycles === 2 ? t('tn-double-round-robin') : t('tn-round-robin');
  return x.games_per_pairing === 2 ? t('tn-format-two-games', { format: f }) : f;
}

/** A date and time from an RFC 3339 text, as the catalogue writes it ("" for none). */
export function when(text) {
  if (!text) return '';
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : dateTimeWords(d);
}

/**
 * A start time with how soon it is when that is within a day: "3 December 2026 14:05
 * (in 5 min)"; `now` in milliseconds (for tests).
 */
export function startsText(text, now = Date.now()) {
  const at = when(text);
  const d = new Date(text);
  const left = d.getTime() - now;
  if (Number.isNaN(left) || left <= 0 || left >= 86400000) return at;
  const minutes = Math.max(1, Math.round(left / 60000));
  const soon = minutes < 60 ? t('tn-in-minutes', { n: minutes }) : t('tn-in-hours', { n: Math.round(minutes / 60) });
  return t('tn-soon', { when: at, left: soon });
}

/** Points as arbiters write them: 3, 3½, ½. */
export function pointsText(v) {
  const whole = Math.floor(v + 1e-9);
  const half = v - whole >= 0.25;
  if (!half) return String(whole);
  return whole ? `${whole}½` : '½';
}

/** A tie-break's full name by its key (`bh`: Buchholz), and its short name (`BH`). */
export const tieBreakName = (key) => t('tn-tb-name', { tb: key });
export const tieBreakShort = (key) => t('tn-tb-short', { tb: key });
