// The page's words in the player's language (issue 29). The server puts the language's
// messages in the page (`<script type="application/json" id="bao-messages">`, compiled
// from the catalogue's Fluent files by bao-i18n's `script.rs`) and has already filled
// every element marked `data-i18n`; the scripts ask for every other sentence with
// `t('key', { name: value })` — the one call pattern the completeness test looks for —
// or `say(said)` for a sentence the server sent as `{key, args}` (a move's steps).
// A pattern is a string or a list of parts: text, `{v: name}` (an argument), `{s: name,
// k: {variant: pattern}, d: default}` (a selector: the argument's own value, else its
// plural category by Intl.PluralRules, else the default). In the pseudo-locale `en-XA`
// every message is wrapped in ⟦ ⟧ (its text comes accented from the server).

const data = (() => {
  const el = typeof document !== 'undefined' && document.getElementById('bao-messages');
  try { return el ? JSON.parse(el.textContent) : {}; } catch (_) { return {}; }
})();

/** The page's language tag: `en`, `sw`, `en-XA`. */
export const lang = data.lang || 'en';

/** The languages of the switch: [tag, its own name]. */
export const LANGUAGES = [['en', 'English'], ['sw', 'Kiswahili']];

const messages = data.messages || {};
const plurals = new Intl.PluralRules(data.plural || 'en');
const pseudo = lang === 'en-XA';

function format(pattern, args) {
  if (typeof pattern === 'string') return pattern;
  let out = '';
  for (const part of pattern) {
    if (typeof part === 'string') out += part;
    else if ('v' in part) out += args[part.v] === undefined ? `{$${part.v}}` : String(args[part.v]);
    else if ('s' in part) {
      const x = args[part.s];
      let key = String(x);
      if (!(key in part.k) && typeof x === 'number') key = plurals.select(x);
      if (!(key in part.k)) key = part.d;
      out += format(part.k[key], args);
    }
  }
  return out;
}

/** Message `key` with its arguments, in the page's language (`{key}` when missing). */
export function t(key, args = {}) {
  const pattern = messages[key];
  if (pattern === undefined) return `{${key}}`;
  const text = format(pattern, args);
  return pseudo ? `⟦${text}⟧` : text;
}

/** A sentence the server sent as `{key, args}`, its nested sentences formatted first. */
export function say(said) {
  if (!said || !said.key) return '';
  const args = {};
  for (const [name, value] of Object.entries(said.args || {})) {
    args[name] = value && typeof value === 'object' ? say(value) : value;
  }
  const pattern = messages[said.key];
  if (pattern === undefined) return `{${said.key}}`;
  const text = format(pattern, args);
  return pseudo ? `⟦${text}⟧` : text;
}

/** A side's name: `South` → `Kusini`. */
export function sideWord(side) {
  if (side === 'South') return t('side-south');
  if (side === 'North') return t('side-north');
  return side;
}

/** Numbers as the language writes them (no grouping, as the catalogue's). */
export const num = (n) => String(n);

/**
 * Switches the page to language `tag`: saves it (the cookie, and the account when signed
 * in) and reloads the page in it.
 */
export async function switchTo(tag) {
  try {
    await fetch('/api/account/lang', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: tag }),
    });
  } catch (_) { /* the address below still switches */ }
  const url = new URL(location.href);
  url.searchParams.set('lang', tag);
  location.href = url.toString();
}

/** A date as the catalogue writes it: `3 December 2026` / `3 Desemba 2026`. */
export function dateWords(d) {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return '';
  return t('date', { day: date.getDate(), month: t('month', { m: date.getMonth() + 1 }), year: date.getFullYear() });
}

/** A date and time: `3 December 2026 14:05`. */
export function dateTimeWords(d) {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return '';
  const hm = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${dateWords(date)} ${hm}`;
}

/** A time control as the server words it (`5+3`, `3 days per move`) in the page's language. */
export function clockWords(text) {
  const days = /^(\d+) days? per move$/.exec(text || '');
  return days ? t('clock-days', { days: Number(days[1]) }) : String(text || '');
}

/** A message with `*bold*` marks as HTML: escaped, the marked words in `<b>`. */
export function rich(text) {
  const esc = String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return esc.replace(/\*([^*]+)\*/g, '<b>$1</b>');
}

/** Text for an HTML attribute or element (escaped). */
export const esc = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
