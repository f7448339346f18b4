// A player's words for the computer's numbers: "South is ahead by about two seeds", "a small
// edge for North", "North wins with best play" — for the hint and the tutor, which keep the
// engine's own text (the number) behind a "Details" toggle.

import { t, sideWord } from './i18n.js';


/** The other side: `North` for `South`. */
export const other = (side) => (side === 'South' ? 'North' : 'South');

/** A count of seeds in words: "one seed", "about two seeds" (`about` for an estimate). */
function seedsWords(n, about) {
  const k = Math.round(n);
  return about ? t('words-about-seeds', { n: k }) : t('words-seeds', { n: k });
}

/**
 * Who stands better by an estimate of `seeds` (the advantage of `side`, the side to move,
 * in seeds): "The game is about even.", "A small edge for North.", "South is ahead by about
 * two seeds."
 */
export function edgeWords(seeds, side) {
  const a = Math.abs(seeds);
  const leader = seeds > 0 ? side : other(side);
  if (a < 0.5) return t('words-even');
  if (a < 1.5) return t('words-small-edge', { side: sideWord(leader) });
  return t('words-ahead', { side: sideWord(leader), seeds: seedsWords(a, true) });
}

/** As [`edgeWords`], as a clause inside a sentence: "the game is about even". */
function edgeValue(seeds, side) {
  const a = Math.abs(seeds);
  const leader = seeds > 0 ? side : other(side);
  if (a < 0.5) return t('value-even');
  if (a < 1.5) return t('value-small-edge', { side: sideWord(leader) });
  return t('value-ahead', { side: sideWord(leader), seeds: seedsWords(a, true) });
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
    return t('words-wins', { side: sideWord(winner) });
  }
  if (/^draw/.test(score)) return t('words-draw');
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
    if (v.margin) return t('value-wins-by', { side: sideWord(winner), seeds: seedsWords(Math.abs(v.margin[0] - v.margin[1]), false) });
    return t('value-wins', { side: sideWord(winner) });
  }
  if (v.proved === 'draw') return t('value-draw-best');
  if (typeof v.score === 'number') return edgeValue(v.score, side);
  return '';
}

/** A `<details>` whose summary is `summary` and whose text is `text` (the number). */
export function detailsOf(text, summary = t('details')) {
  const d = document.createElement('details');
  d.className = 'details';
  const s = document.createElement('summary');
  s.textContent = summary;
  const p = document.createElement('span');
  p.textContent = text;
  d.append(s, p);
  return d;
}
