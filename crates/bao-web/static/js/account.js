// What the account pages share: who is signed in (the site header, header.js), a clock's
// words, an element with its text.

import { t } from './i18n.js';
import { me, siteHeader } from './header.js';

export { me };

/**
 * Draws the site header (header.js; `nav` is no longer used: every page has the one header)
 * and answers the signed-in player's name, or null.
 */
export function header(_nav) {
  return siteHeader();
}

/** Milliseconds as a clock shows them: `1:05`, `0:04.2` under 10 s, `2 d 3 h` past a day. */
export function clockText(ms) {
  if (ms >= 86_400_000) {
    const d = Math.floor(ms / 86_400_000);
    const h = Math.floor((ms % 86_400_000) / 3_600_000);
    return `${d} d ${h} h`;
  }
  if (ms >= 3_600_000) {
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor((ms % 3_600_000) / 60_000);
    return `${h} h ${String(m).padStart(2, '0')} min`;
  }
  const s = Math.max(0, ms) / 1000;
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  if (ms < 10_000) return `${m}:${rest.toFixed(1).padStart(4, '0')}`;
  return `${m}:${String(Math.floor(rest)).padStart(2, '0')}`;
}

/** A text node's element: `el('td', 'text')`. */
/**
 * Whether `name` is an engine account's (`bao-1`..`bao-10`; sign-up refuses every look-alike,
 * issue 34 item 3), for lists whose JSON carries names only.
 */
export const isBotName = (name) => /^bao-([1-9]|10)$/.test(String(name || ''));

/** The "BOT" badge shown beside an engine account's name: `<span class="bot">BOT</span>`. */
export function botBadge() {
  const b = document.createElement('span');
  b.className = 'bot';
  b.textContent = t('bot-badge');
  b.title = t('bot-title');
  return b;
}

/**
 * A player's name as a link to the profile (`/@/name`), followed by the BOT badge when
 * `bot` (default: the name is an engine account's). Returns the nodes to append.
 */
export function nameNodes(name, bot = isBotName(name)) {
  const a = document.createElement('a');
  a.textContent = String(name);
  a.href = `/@/${encodeURIComponent(name)}`;
  return bot ? [a, ' ', botBadge()] : [a];
}

export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}
