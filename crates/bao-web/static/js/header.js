// The one header of every page of the site: Play · Lobby · Live games · Tournaments ·
// Puzzles · Learn ·
// Leaderboard, and the signed-in player's name (linking to the profile, with Sign out) or
// Sign in. Importing this module draws it, once, as the first thing in the page's body
// (`nav#site-nav`); the link of the page shown is marked `aria-current="page"`. The session
// is an HttpOnly cookie: this script never sees it; it asks GET /api/me.

import { startNotices } from './notices.js';
import { api } from './api.js';

/** The site's pages: [path, words, id]. */
export const PAGES = [
  ['/', 'Play', 'nav-play'],
  ['/lobby', 'Lobby', 'nav-lobby'],
  ['/live', 'Live games', 'nav-live'],
  ['/tournaments', 'Tournaments', 'nav-tournaments'],
  ['/puzzles', 'Puzzles', 'nav-puzzles'],
  ['/learn', 'Learn', 'nav-learn'],
  ['/leaderboard', 'Leaderboard', 'nav-leaderboard'],
];

/** The signed-in player's name, or null (asked once per page). */
export function me() {
  if (!me.asked) {
    me.asked = api('GET', '/api/me').then((r) => r.name || null, () => null);
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
  nav.setAttribute('aria-label', 'Site');
  const home = link(nav, '/', 'Bao', 'nav-home');
  home.className = 'brand';
  home.removeAttribute('aria-current');
  for (const [path, words, id] of PAGES) link(nav, path, words, id);
  const who = document.createElement('span');
  who.className = 'who';
  nav.append(who);
  document.body.prepend(nav);
  siteHeader.done = me().then((name) => {
    if (name) {
      startNotices(); // issue 35 item 3: an accepted challenge or a move elsewhere, on every page
      const a = link(who, `/@/${encodeURIComponent(name)}`, name, 'nav-me');
      a.title = 'Your profile: rating, games';
      if (decodeURIComponent(location.pathname) === `/@/${name}`) a.setAttribute('aria-current', 'page');
      const out = document.createElement('button');
      out.id = 'btn-sign-out';
      out.textContent = 'Sign out';
      out.addEventListener('click', async () => {
        await api('DELETE', '/api/session');
        location.href = '/lobby';
      });
      who.append(out);
    } else {
      link(who, '/signin', 'Sign in', 'nav-sign-in');
    }
    return name;
  });
  return siteHeader.done;
}

siteHeader();
