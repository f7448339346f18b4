// Words the tournament pages share: a tournament's format, a time, points with ½.

/** "Swiss, 5 rounds", "Round robin", "Double round robin", with "2 games" per pairing. */
export function formatText(t) {
  let f;
  if (t.format === 'swiss') f = t.total_rounds ? `Swiss, ${t.total_rounds} rounds` : 'Swiss';
  else f = t.cycles === 2 ? 'Double round robin' : 'Round robin';
  return t.games_per_pairing === 2 ? `${f} · 2 games per pairing` : f;
}

/** A local date and time from an RFC 3339 text ("" for none). */
export function when(text) {
  if (!text) return '';
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : d.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/** Points as arbiters write them: 3, 3½, ½. */
export function pointsText(v) {
  const whole = Math.floor(v + 1e-9);
  const half = v - whole >= 0.25;
  if (!half) return String(whole);
  return whole ? `${whole}½` : '½';
}
