// Who is signed in, and the header every account page shares (Play · Lobby · Leaderboard ·
// the player's name or Sign in). The session is an HttpOnly cookie: this script never sees
// it; it asks GET /api/me.

import { api } from './api.js';
import { startNotices } from './notices.js';

/** The signed-in player's name, or null. */
export async function me() {
  try {
    return (await api('GET', '/api/me')).name;
  } catch (_) {
    return null;
  }
}

/** Fills `nav` with the shared links and the player's name (or Sign in); answers the name. */
export async function header(nav) {
  const name = await me();
  nav.replaceChildren();
  const link = (href, text, id) => {
    const a = document.createElement('a');
    a.className = 'button';
    a.href = href;
    a.textContent = text;
    if (id) a.id = id;
    nav.append(a);
    return a;
  };
  link('/', 'Play');
  link('/lobby', 'Lobby');
  link('/leaderboard', 'Leaderboard');
  if (name) {
    startNotices();
    link(`/@/${encodeURIComponent(name)}`, name, 'nav-me');
    const out = document.createElement('button');
    out.id = 'btn-sign-out';
    out.textContent = 'Sign out';
    out.addEventListener('click', async () => {
      await api('DELETE', '/api/session');
      location.href = '/lobby';
    });
    nav.append(out);
  } else {
    link('/signin', 'Sign in', 'nav-sign-in');
  }
  return name;
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
export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}
