// /settings (issue 31): the signed-in player's e-mail address (confirmed by the link of
// its mail) and "your turn" mails; "forgot your password?"; and the pages the mails'
// links open: `#verify=TOKEN` confirms an address, `#reset=TOKEN` sets a new password.
// A server started without --smtp sends no mail, and this page says so.

import { api } from './api.js';
import { header } from './account.js';

const $ = (id) => document.getElementById(id);

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
    $('email-state').textContent = 'This server sends no e-mail (it was started without --smtp): addresses, password resets by mail and turn mails are off.';
    $('email-form').hidden = true;
    $('forgot-card').hidden = true;
    return;
  }
  $('email-state').textContent = s.email
    ? `${s.email}: ${s.verified ? 'confirmed' : 'waiting for you to open the link we mailed'}`
    : 'No address.';
  $('em-address').value = s.email || '';
  $('em-turns').checked = s.turn_mails;
}

async function followLink() {
  const [kind, token] = location.hash.slice(1).split('=');
  if (kind === 'verify' && token) {
    history.replaceState(null, '', '/settings');
    try {
      const r = await api('POST', '/api/email/verify', { token });
      say(`${r.email} is confirmed.`);
    } catch (e) {
      say(e.message, true);
    }
  } else if (kind === 'reset' && token) {
    $('reset-card').hidden = false;
    $('forgot-card').hidden = true;
    $('reset-form').addEventListener('submit', async (ev) => {
      ev.preventDefault();
      try {
        const r = await api('POST', '/api/password/reset', { token, password: $('rs-password').value });
        history.replaceState(null, '', '/settings');
        $('reset-card').hidden = true;
        say(`The password of ${r.name} is set: sign in with it.`);
      } catch (e) {
        say(e.message, true);
      }
    });
  }
}

async function start() {
  const me = await header();
  await followLink();
  if (me) await showEmail();
  $('email-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const r = await api('POST', '/api/me/email', { email: $('em-address').value });
      say(r.sent ? `A link is on its way to ${r.email}: open it to confirm the address.` : 'Saved.');
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
    try {
      const r = await api('POST', '/api/password/forgot', { email: $('fg-address').value });
      $('fg-result').textContent = r.text;
    } catch (e) {
      $('fg-result').textContent = e.message;
    }
  });
}

start().catch((e) => { $('form-error').textContent = e.message; });
