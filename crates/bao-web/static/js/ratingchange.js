// A rated game's rating change as players read it: "+12.4", "−3.2" (the state's and the
// game lists' `ratings`: {"South": {"before", "after"}, "North": {…}}, docs/web.md).

/** The change of `side` ('South' or 'North') in `ratings`, as "+12.4" / "−3.2"; '' when none. */
export function changeText(ratings, side) {
  const r = ratings && ratings[side];
  if (!r) return '';
  const d = Math.round((r.after - r.before) * 10) / 10;
  if (d === 0) return '±0';
  return d > 0 ? `+${d.toFixed(1)}` : `−${(-d).toFixed(1)}`;
}

/** "amani 1512 → 1524.4 (+12.4)" for `side` named `name`; '' when the game changed no rating. */
export function changeSentence(ratings, side, name) {
  const r = ratings && ratings[side];
  if (!r) return '';
  return `${name} ${Math.round(r.before)} → ${r.after.toFixed(1)} (${changeText(ratings, side)})`;
}
