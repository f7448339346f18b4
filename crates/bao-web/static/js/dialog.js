// The New game dialog: game, rules profile, players and the computer's level in words.

import { t } from './i18n.js';
import { $, app } from './state.js';

/** What each rules profile is, in one line for players (docs/bao-la-kiswahili.md §3.3). */
export const PROFILE_WORDS = {
  'mancala-world': t('profile-mancala-world'),
  'de-voogt': t('profile-de-voogt'),
  kiba: t('profile-kiba'),
  kujifunza: t('profile-kujifunza'),
  default: t('profile-default'),
};

/** Shows the line of the chosen profile under the Rules select. */
export function showProfile() {
  const box = $('ng-rules-about');
  if (box) box.textContent = PROFILE_WORDS[$('ng-rules').value] || '';
}

export function fillProfiles() {
  const game = $('ng-game').value;
  const info = app.meta && app.meta.games.find((g) => g.name === game);
  const sel = $('ng-rules');
  sel.textContent = '';
  for (const p of (info ? info.profiles : [])) {
    const o = document.createElement('option');
    o.value = p;
    o.textContent = p;
    o.title = PROFILE_WORDS[p] || '';
    sel.appendChild(o);
  }
  showProfile();
}

/**
 * A level in words in the chosen game: the engine's depth in plies (one ply = one player's
 * move), its positions or its time, the learned network (Bao la Kiswahili's strong levels)
 * and the captures it misses (the weak levels).
 */
export function levelWords(info, game) {
  if (!info) return '';
  const own = (info.games && info.games[game]) || info;
  if (own.searcher === 'random') return t('level-random');
  const parts = [];
  if (own.searcher === 'greedy') parts.push(t('level-greedy'));
  else if (own.depth) parts.push(t('level-depth', { depth: own.depth }));
  if (own.searcher !== 'greedy' && own.nodes) parts.push(parts.length ? t('level-nodes-more', { nodes: own.nodes }) : t('level-nodes', { nodes: own.nodes }));
  if (own.searcher !== 'greedy' && own.time_ms) parts.push(parts.length ? t('level-time-more', { secs: (own.time_ms / 1000).toFixed(1) }) : t('level-time', { secs: (own.time_ms / 1000).toFixed(1) }));
  if (own.eval === 'net') parts.push(t('level-network'));
  if (own.missed_captures) parts.push(t('level-misses', { percent: own.missed_captures }));
  return parts.join(', ') || own.text || '';
}

/**
 * A level's measured strength in the chosen game, against level 1 (docs/engine.md, level
 * against level; not the lobby's ratings): "+1794 Elo over level 1", level 1 "the
 * baseline", or ''.
 */
export function levelElo(info, game) {
  const elo = info && info.elo && info.elo[game];
  if (typeof elo !== 'number') return '';
  if (info.level === 1) return t('level-baseline');
  return t('level-elo', { elo: `${elo >= 0 ? '+' : '−'}${Math.abs(elo)}` });
}

export function showLevel() {
  const n = Number($('ng-level').value);
  const info = app.meta && Array.isArray(app.meta.levels) && app.meta.levels.find((l) => l.level === n);
  const game = $('ng-game').value;
  const elo = levelElo(info, game);
  $('ng-level-value').textContent = info
    ? `${n}${elo ? ` (${elo})` : ''}: ${levelWords(info, game)}`
    : String(n);
}

export function showLevelRow() {
  const mode = (document.querySelector('input[name=mode]:checked') || {}).value;
  $('ng-level-label').hidden = mode === 'humans' || mode === 'friend';
}

export function openDialog() {
  $('ng-game').value = app.settings.game;
  fillProfiles();
  if (app.settings.rules) $('ng-rules').value = app.settings.rules;
  showProfile();
  $('ng-level').value = app.settings.level;
  showLevel();
  for (const r of document.querySelectorAll('input[name=mode]')) r.checked = r.value === app.settings.mode;
  showLevelRow();
  $('new-dialog').showModal();
}
