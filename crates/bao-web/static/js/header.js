// The one header of every page of the site: Play · Lobby · Live games · Tournaments ·
// Puzzles · Learn ·
// Leaderboard, and the signed-in player's name (linking to the profile, with Sign out) or
// Sign in. Importing this module draws it, once, as the first thing in the page's body
// (`nav#site-nav`); the link of the page shown is marked `aria-current="page"`. The session
// is an HttpOnly cookie: this script never sees it; it asks GET /api/me.

import { startNotices } from './notices.js';
import { api } from './api.js';
import { t, lang, LANGUAGES, switchTo } from './i18n.js';

/** The site's pages: [path, words, id]. */
export const PAGES = [
  ['/', t('nav-play'), 'nav-play'],
  ['/lobby', t('nav-lobby'), 'nav-lobby'],
  ['/live', t('nav-live'), 'nav-live'],
  ['/tournaments', t('nav-tournaments'), 'nav-tournaments'],
  ['/puzzles', t('nav-puzzles'), 'nav-puzzles'],
  ['/learn', t('nav-learn'), 'nav-learn'],
  ['/leaderboard', t('nav-leaderboard'), 'nav-leaderboard'],
];

/**
 * The language switch (issue 29): English / Kiswahili, the page's language marked; a
 * choice is saved (cookie, account) and the page reloads in it.
 */
function languageSwitch() {
  const box = document.createElement('span');
  box.className = 'lang-switch';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', t('nav-language'));
  for (const [tag, name] of LANGUAGES) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'small';
    b.dataset.lang = tag;
    b.lang = tag;
    b.title = name;
    const long = document.createElement('span');
    long.className = 'lang-long';
    long.textContent = name;
    const short = document.createElement('span');
    short.className = 'lang-short';
    short.textContent = tag.toUpperCase();
    b.append(long, short);
    if (lang === tag) b.setAttribute('aria-pressed', 'true');
    b.addEventListener('click', () => { if (lang !== tag) switchTo(tag); });
    box.append(b);
  }
  return box;
}

/** The signed-in player's name, or null (asked once per page). */
export function me() {
  if (!me.asked) {
    // Signed out is an answer (`{"signed_in": false}`), not an error: no 401 in the console.
    me.asked = api('GET', '/api/me').then((r) => (r.signed_in ? r.name : null), () => null);
  }
  return me.asked;
}

/** Whether `path` is the page shown (a profile is its own page, not a link's). */
const here = (path) => location.pathname === path || (path !== '/' && location.pathname === `${path}.html`);

function link(nav, href, text, id) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  a.id = id;
  if (here(href)) a.setAttribute('aria-current', 'page');
  nav.append(a);
  return a;
}

/**
 * Draws the site header (once; later calls answer the same promise): the links at once,
 * the player's name or Sign in when GET /api/me answers. Answers the name, or null.
 */
export function siteHeader() {
  if (siteHeader.done) return siteHeader.done;
  const nav = document.createElement('nav');
  nav.id = 'site-nav';
  nav.className = 'site-nav';
  nav.setAttribute('aria-label', t('nav-site'));
  const home = link(nav, '/', 'Bao', 'nav-home');
  home.className = 'brand';
  home.removeAttribute('aria-current');
  for (const [path, words, id] of PAGES) link(nav, path, words, id);
  const who = document.createElement('span');
  who.className = 'who';
  nav.append(who);
  who.append(languageSwitch());
  // On a phone the header keeps its two short rows: the switch sits at the page's foot.
  const foot = document.createElement('footer');
  foot.className = 'lang-foot';
  foot.append(languageSwitch());
  document.body.append(foot);
  document.body.prepend(nav);
  siteHeader.done = me().then((name) => {
    if (name) {
      startNotices(); // issue 35 item 3: an accepted challenge or a move elsewhere, on every page
      const a = link(who, `/@/${encodeURIComponent(name)}`, name, 'nav-me');
      a.title = t('nav-profile-title');
      if (decodeURIComponent(location.pathname) === `/@/${name}`) a.setAttribute('aria-current', 'page');
      const out = document.createElement('button');
      out.id = 'btn-sign-out';
      out.textContent = t('nav-sign-out');
      out.addEventListener('click', async () => {
        await api('DELETE', '/api/session');
        location.href = '/lobby';
      });
      who.append(out);
    } else {
      link(who, '/signin', t('nav-sign-in'), 'nav-sign-in');
    }
    return name;
  });
  return siteHeader.done;
}

siteHeader();
