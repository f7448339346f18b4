// Sign in and sign up (POST /api/session, POST /api/accounts); then on to the lobby. The
// forms are checked here first, with the catalogue's words (the browser's own bubbles
// would speak the browser's language, not the page's); the server checks again and
// answers in the page's language (a wrong password, a name taken, a closed account).

import { api } from './api.js';
import { header } from './account.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** The longest and shortest name, the shortest password (the server's rules, docs/web.md). */
const NAME_MIN = 3;
const NAME_MAX = 20;
const PASSWORD_MIN = 8;

/**
 * What is wrong with the form's fields (`si` sign in, `su` sign up), as a sentence and the
 * field to put the cursor in; null when the server may have them.
 */
function problem(form, name, password) {
  if (!name) return [t('acct-name-missing'), 'name'];
  if (form === 'su') {
    const n = [...name].length;
    if (n < NAME_MIN || n > NAME_MAX) return [t('acct-name-length', { n }), 'name'];
    if (!/^[A-Za-z0-9_-]+$/.test(name)) return [t('acct-name-chars'), 'name'];
  }
  if (!password) return [t('acct-password-missing'), 'password'];
  const p = [...password].length;
  if (form === 'su' && p < PASSWORD_MIN) return [t('acct-password-short', { n: p }), 'password'];
  return null;
}

/** Sends a form (`si` sign in, `su` sign up); its error goes under that form's card. */
async function submit(ev, path, form) {
  ev.preventDefault();
  $('si-error').textContent = '';
  $('su-error').textContent = '';
  const name = $(`${form}-name`).value.trim();
  const password = $(`${form}-password`).value;
  const wrong = problem(form, name, password);
  if (wrong) {
    $(`${form}-error`).textContent = wrong[0];
    $(`${form}-${wrong[1]}`).focus();
    return;
  }
  try {
    await api('POST', path, { name, password });
    location.href = '/lobby';
  } catch (e) {
    $(`${form}-error`).textContent = e.message;
  }
}

$('signin-form').addEventListener('submit', (ev) => submit(ev, '/api/session', 'si'));
$('signup-form').addEventListener('submit', (ev) => submit(ev, '/api/accounts', 'su'));
header($('nav'));
