// /settings (issue 31): the signed-in player's e-mail address (confirmed by the link of
// its mail) and "your turn" mails; "forgot your password?"; the pages' language (issue
// 29: the same choice as the header's switch); and the pages the mails' links open:
// `#verify=TOKEN` confirms an address, `#reset=TOKEN` sets a new password.
// A server started without --smtp sends no mail, and this page says so.

import { api } from './api.js';
import { header } from './account.js';
import { t, lang, LANGUAGES, switchTo } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** The shortest password (the server's rule). */
const PASSWORD_MIN = 8;

function say(text, error = false) {
  const p = $('link-result');
  p.hidden = false;
  p.textContent = text;
  p.className = error ? 'error-text' : 'notice-text';
}

async function showEmail() {
  const s = await api('GET', '/api/me/email');
  $('email-card').hidden = false;
  if (!s.mail) {
    $('email-state').textContent = t('api-no-mail');
    $('email-form').hidden = true;
    $('forgot-card').hidden = true;
    return;
  }
  if (s.email) {
    $('email-state').textContent = s.verified
      ? t('set-email-confirmed', { email: s.email })
      : t('set-email-waiting', { email: s.email });
  } else {
    $('email-state').textContent = t('set-email-none');
  }
  $('em-address').value = s.email || '';
  $('em-turns').checked = s.turn_mails;
}

async function followLink() {
  const [kind, token] = location.hash.slice(1).split('=');
  if (kind === 'verify' && token) {
    history.replaceState(null, '', '/settings');
    try {
      const r = await api('POST', '/api/email/verify', { token });
      say(t('set-verified', { email: r.email }));
    } catch (e) {
      say(e.message, true);
    }
  } else if (kind === 'reset' && token) {
    $('reset-card').hidden = false;
    $('forgot-card').hidden = true;
    $('reset-form').addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const password = $('rs-password').value;
      const n = [...password].length;
      if (n < PASSWORD_MIN) {
        say(n ? t('acct-password-short', { n }) : t('acct-password-missing'), true);
        $('rs-password').focus();
        return;
      }
      try {
        const r = await api('POST', '/api/password/reset', { token, password });
        history.replaceState(null, '', '/settings');
        $('reset-card').hidden = true;
        say(t('set-reset-done', { name: r.name }));
      } catch (e) {
        say(e.message, true);
      }
    });
  }
}

/** The language choice: the registered languages by their own names, the page's chosen. */
function languageChoice() {
  const sel = $('set-lang');
  sel.replaceChildren(...LANGUAGES.map(([tag, name]) => {
    const o = document.createElement('option');
    o.value = tag;
    o.lang = tag;
    o.textContent = name;
    o.selected = tag === lang;
    return o;
  }));
  sel.addEventListener('change', () => { if (sel.value !== lang) switchTo(sel.value); });
}

async function start() {
  languageChoice();
  const me = await header();
  await followLink();
  if (me) await showEmail();
  $('email-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const r = await api('POST', '/api/me/email', { email: $('em-address').value });
      say(r.sent ? t('set-link-sent', { email: r.email }) : t('set-saved'));
      await showEmail();
    } catch (e) {
      say(e.message, true);
    }
  });
  $('em-turns').addEventListener('change', async () => {
    try {
      await api('POST', '/api/me/email', { turn_mails: $('em-turns').checked });
    } catch (e) {
      say(e.message, true);
    }
  });
  $('forgot-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!$('fg-address').value.trim()) {
      $('fg-result').textContent = t('set-forgot-missing');
      $('fg-address').focus();
      return;
    }
    try {
      // The server's `text` is English, for other clients; the page says the same.
      await api('POST', '/api/password/forgot', { email: $('fg-address').value });
      $('fg-result').textContent = t('set-forgot-sent');
    } catch (e) {
      $('fg-result').textContent = e.message;
    }
  });
}

start().catch((e) => { $('form-error').textContent = e.message; });
