// The signed-in player's notices on every page of the site (GET /api/me/events,
// docs/web.md): a challenge of his was accepted, it is his move in another game, someone
// challenged him by name. Each shows as a banner with a link until he closes it or
// follows it. The open stream is also his presence: his real-time challenges stay in the
// lobby while a page of the site is open (20 s after the last one closes they are
// withdrawn).
//
// Use: `import { startNotices } from './notices.js'; startNotices();` once per page, after
// the header knows the player is signed in (account.js's header() does it). Idempotent.
import { t, say } from './i18n.js';

let source = null;

/** Where a notice leads: its game, or the lobby for a challenge. */
export function noticeLink(n) {
  return n.game ? `/#${n.game}` : '/lobby';
}

/** Whether this page already shows the game a notice is about (its own move notices). */
function showsGame(n) {
  return n.game && location.pathname === '/' && location.hash.slice(1).split(':')[0] === n.game;
}

/** The banners' container, made on first use. */
function area() {
  let box = document.getElementById('notices');
  if (!box) {
    box = document.createElement('div');
    box.id = 'notices';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    // Right after the page's header: on a phone the banners then sit in the page's flow
    // (style.css), pushing the page down instead of covering its title.
    const header = document.querySelector('header');
    if (header) header.after(box);
    else document.body.prepend(box);
  }
  return box;
}

/**
 * Shows notice `n` (`{kind, game, challenge, text, say}`) as a banner with a link: its
 * sentence `say` (a catalogue key with its arguments) in the page's language, else the
 * server's English `text`.
 */
export function showNotice(n) {
  const box = area();
  // One banner per game or challenge: a newer notice replaces the older.
  const key = n.game || n.challenge || n.text;
  for (const old of box.querySelectorAll('.notice')) {
    if (old.dataset.key === key) old.remove();
  }
  // `settled`: the player has moved in the game, or it is over; nothing to show.
  if (n.kind === 'settled' || showsGame(n)) return;
  const banner = document.createElement('div');
  banner.className = `notice notice-${n.kind}`;
  banner.dataset.key = key;
  const text = document.createElement('span');
  text.textContent = n.say ? say(n.say) : n.text;
  const link = document.createElement('a');
  link.className = 'button';
  link.href = noticeLink(n);
  link.textContent = n.game ? t('notice-go-game') : t('notice-open-lobby');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'notice-close';
  close.setAttribute('aria-label', t('inv-close'));
  close.textContent = '×';
  close.addEventListener('click', () => banner.remove());
  banner.append(text, link, close);
  box.append(banner);
}

/** Opens the player's notice stream (once per page); call only when signed in. */
export function startNotices() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/me/events');
  source.addEventListener('notice', (e) => {
    let n = null;
    try {
      n = JSON.parse(e.data);
    } catch (_) { return; /* a notice that does not read is left out */ }
    // The page's own modules hear every notice too (chat.js: rematch offers).
    window.dispatchEvent(new CustomEvent('bao-notice', { detail: n }));
    showNotice(n);
    // A closed account's stream ends (docs/web.md "Moderation"): do not reconnect.
    if (n.kind === 'closed') source.close();
  });
}
