// A player's words for the computer's numbers: "South is ahead by about two seeds", "a small
// edge for North", "North wins with best play" — for the hint and the tutor, which keep the
// engine's own text (the number) behind a "Details" toggle.

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The other side: `North` for `South`. */
export const other = (side) => (side === 'South' ? 'North' : 'South');

/** A count of seeds in words: "one seed", "about two seeds" (`about` for an estimate). */
function seedsWords(n, about) {
  const k = Math.round(n);
  const w = k <= 10 ? NUMBERS[k] : String(k);
  return `${about ? 'about ' : ''}${w} seed${k === 1 ? '' : 's'}`;
}

/**
 * Who stands better by an estimate of `seeds` (the advantage of `side`, the side to move,
 * in seeds): "The game is about even.", "A small edge for North.", "South is ahead by about
 * two seeds."
 */
export function edgeWords(seeds, side) {
  const a = Math.abs(seeds);
  const leader = seeds > 0 ? side : other(side);
  if (a < 0.5) return 'The game is about even.';
  if (a < 1.5) return `A small edge for ${leader}.`;
  return `${leader} is ahead by ${seedsWords(a, true)}.`;
}

/**
 * The hint's score in words, for `side` (the side to move), from the server's answer:
 * `info` (`info depth 6 score cp -179 …`) and `score` (`-1.79 seeds for the side to move
 * (depth 6)`, `win in 29 plies (proved)`, `win in 17 plies, South 25–23 (proved)`).
 */
export function hintWords(hint, side) {
  const score = hint.score || '';
  const proved = /^(win|loss) in (\d+)/.exec(score);
  if (proved) {
    const winner = proved[1] === 'win' ? side : other(side);
    return `${winner} wins with best play.`;
  }
  if (/^draw/.test(score)) return 'A draw with best play.';
  const cp = /score cp (-?\d+)/.exec(hint.info || '');
  if (cp) return edgeWords(Number(cp[1]) / 100, side);
  const seeds = /^([+-−]?\d+(?:\.\d+)?) seeds/.exec(score);
  if (seeds) return edgeWords(Number(seeds[1].replace('−', '-')), side);
  return '';
}

/**
 * A move's value in words for its mover `side` (the tutor's `value`: `{score, proved,
 * plies, margin}`): "South wins with best play", "North wins by four seeds with best play",
 * "a draw with best play", "South keeps a small edge".
 */
export function valueWords(v, side) {
  if (!v) return '';
  if (v.proved === 'win' || v.proved === 'loss') {
    const winner = v.proved === 'win' ? side : other(side);
    const by = v.margin ? ` by ${seedsWords(Math.abs(v.margin[0] - v.margin[1]), false)}` : '';
    return `${winner} wins${by} with best play`;
  }
  if (v.proved === 'draw') return 'a draw with best play';
  if (typeof v.score === 'number') return edgeWords(v.score, side).replace(/\.$/, '').replace(/^(The|A) /, (w) => w.toLowerCase());
  return '';
}

/** A `<details>` whose summary is `summary` and whose text is `text` (the number). */
export function detailsOf(text, summary = 'Details') {
  const d = document.createElement('details');
  d.className = 'details';
  const s = document.createElement('summary');
  s.textContent = summary;
  const p = document.createElement('span');
  p.textContent = text;
  d.append(s, p);
  return d;
}
