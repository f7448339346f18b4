// A traced move as a sequence of frames: frame 0 is the board before the move, frame k the
// board after its k-th event (lift, sow, capture, kichwa, relay, safari, nyumba stop,
// takasia, game end…). Every frame has the caption that belongs to it. The animation plays
// the frames, sowing seed by seed inside a `sow` event.

import { t, say, sideWord } from './i18n.js';

/** Animation speeds: per-seed delay, per-step pause and the most a move may take (ms). */
export const SPEEDS = [
  { name: 'instant', sow: 0, step: 0, budget: 0 },
  { name: 'fast', sow: 70, step: 250, budget: 3000 },
  { name: 'normal', sow: 160, step: 550, budget: 7000 },
  { name: 'slow', sow: 320, step: 1000, budget: 14000 },
  { name: 'very slow', sow: 600, step: 1700, budget: 30000 },
];

/**
 * The frames of `played` ({text, side, before, events}): [{ counts, stores, holes, kind,
 * text, lap }], frame 0 = before the move. `lap` counts the sowings so far.
 */
export function framesOf(played) {
  const flat = played.before.rows.flat();
  const frames = [{
    counts: flat.map((c) => c.seeds),
    stores: played.before.stores.slice(),
    holes: [played.from || ''].filter(Boolean),
    kind: 'before',
    text: t('step-before'),
    lap: 0,
  }];
  let lap = 0;
  for (const ev of played.events || []) {
    if (ev.kind === 'sow') lap++;
    const prev = frames[frames.length - 1];
    frames.push({
      counts: Array.isArray(ev.counts) ? ev.counts.slice() : prev.counts,
      stores: Array.isArray(ev.stores) ? ev.stores.slice() : prev.stores,
      holes: ev.holes || [],
      kind: ev.kind,
      text: ev.say ? say(ev.say) : (ev.text || ev.kind),
      lap,
      event: ev,
    });
  }
  return frames;
}

/** How many sowing laps a move has. */
export function lapsOf(played) {
  return (played.events || []).filter((e) => e.kind === 'sow').length;
}

/**
 * The caption of frame `k` of move `played`: belongs to that board. `name` is the move as
 * the move list writes it ("3. A8<"), a number (a step of a /learn case), `{label}` (the
 * words after the side, e.g. a puzzle's `a6 (ply 4)`), or nothing.
 */
export function captionOf(played, frames, k, name) {
  const side = sideWord(played.side);
  let who = t('cap-whose', { side, what: played.text });
  if (name && typeof name === 'object') who = t('cap-whose', { side, what: name.label });
  else if (typeof name === 'string' && name) who = t('cap-whose-move', { side, name });
  else if (name) who = t('cap-whose-case', { side, what: played.text, n: name });
  if (k === 0) return t('cap-before', { who });
  const f = frames[k];
  const last = k === frames.length - 1;
  const steps = frames.length - 1;
  const text = f.text;
  return last ? t('cap-step-last', { who, k, steps, text }) : t('cap-step', { who, k, steps, text });
}

/** The index of the next (delta > 0) or previous (delta < 0) frame that starts a lap. */
export function lapStep(frames, k, delta) {
  const isLap = (f) => f.kind === 'sow' || f.kind === 'skipped';
  let j = k + delta;
  while (j > 0 && j < frames.length - 1 && !isLap(frames[j])) j += delta;
  return Math.max(0, Math.min(frames.length - 1, j));
}

/**
 * Plays frames `from`+1 .. end of `played`, calling draw(frame, active, counts, stores) for
 * every seed and step and onFrame(k) when frame k is reached. speed() answers the SPEEDS
 * entry (read as it goes, so the slider acts at once); stop() ends early (the caller then
 * draws the last frame). Answers the index of the last frame shown.
 */
export async function play(played, frames, { from = 0, speed, stop, draw, onFrame }) {
  const index = new Map(played.before.rows.flat().map((c, i) => [c.name, i]));
  const flat = played.before.rows.flat();
  const sown = frames.filter((f) => f.kind === 'sow').reduce((n, f) => n + f.holes.length, 0);
  const perSeed = () => Math.max(8, Math.min(speed().sow, (speed().budget * 0.7) / Math.max(1, sown)));
  const perStep = () => Math.max(40, Math.min(speed().step, (speed().budget * 0.3) / Math.max(1, frames.length)));
  const halt = () => stop() || !speed().step;
  // A pause that ends early when stop() turns true (checked every 30 ms at most), so that
  // Skip, or a click on the board while a reply animates, takes effect at once.
  const nap = (ms) => new Promise((r) => setTimeout(r, ms));
  const wait = async (ms) => {
    const end = performance.now() + ms;
    for (let left = ms; left > 0 && !halt(); left = end - performance.now()) await nap(Math.min(30, left));
  };
  let shown = from;
  for (let k = from + 1; k < frames.length; k++) {
    if (halt()) break;
    const f = frames[k];
    if (f.kind === 'sow') {
      const counts = frames[k - 1].counts.slice();
      const stores = frames[k - 1].stores.slice();
      for (const h of f.holes) {
        if (halt()) break;
        const i = index.get(h);
        if (i === undefined) continue;
        const cell = flat[i];
        if (cell.mark === 'reserved') stores[cell.reserved_by === 'South' ? 0 : 1]++;
        else counts[i]++;
        draw(f, new Set([h]), counts, stores, k);
        await wait(perSeed());
      }
      if (halt()) break;
    }
    draw(f, new Set(f.holes), f.counts, f.stores, k);
    shown = k;
    if (onFrame) onFrame(k);
    await wait(perStep());
  }
  return shown;
}
