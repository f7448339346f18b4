// The New game dialog: game, rules profile, players and the computer's level in words.

import { $, app } from './state.js';

export function fillProfiles() {
  const game = $('ng-game').value;
  const info = app.meta && app.meta.games.find((g) => g.name === game);
  const sel = $('ng-rules');
  sel.textContent = '';
  for (const p of (info ? info.profiles : [])) {
    const o = document.createElement('option');
    o.value = p;
    o.textContent = p;
    sel.appendChild(o);
  }
}

/** A level in words: the engine's depth in plies (one ply = one player's move), or its time. */

export function levelWords(info) {
  if (!info) return '';
  if (info.searcher === 'random') return 'plays random legal moves';
  if (info.searcher === 'greedy') return 'takes the move that looks best right now (1 ply)';
  const parts = [];
  if (info.depth) parts.push(`looks ${info.depth} ${info.depth === 1 ? 'ply' : 'plies'} ahead`);
  if (info.time_ms) parts.push(`${parts.length ? 'at most ' : 'searches '}${(info.time_ms / 1000).toFixed(1)} s a move`);
  return parts.join(', ') || info.text || '';
}

export function showLevel() {
  const n = Number($('ng-level').value);
  const info = app.meta && Array.isArray(app.meta.levels) && app.meta.levels.find((l) => l.level === n);
  $('ng-level-value').textContent = info ? `${n}: ${levelWords(info)}` : String(n);
}

export function showLevelRow() {
  const mode = (document.querySelector('input[name=mode]:checked') || {}).value;
  $('ng-level-label').hidden = mode === 'humans' || mode === 'friend';
}

export function openDialog() {
  $('ng-game').value = app.settings.game;
  fillProfiles();
  if (app.settings.rules) $('ng-rules').value = app.settings.rules;
  $('ng-level').value = app.settings.level;
  showLevel();
  for (const r of document.querySelectorAll('input[name=mode]')) r.checked = r.value === app.settings.mode;
  showLevelRow();
  $('new-dialog').showModal();
}
