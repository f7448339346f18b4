// Sign in and sign up (POST /api/session, POST /api/accounts); then on to the lobby.

import { api } from './api.js';
import { header } from './account.js';

const $ = (id) => document.getElementById(id);

/** Sends a form (`si` sign in, `su` sign up); its error goes under that form's card. */
async function submit(ev, path, form) {
  ev.preventDefault();
  $('si-error').textContent = '';
  $('su-error').textContent = '';
  try {
    await api('POST', path, { name: $(`${form}-name`).value.trim(), password: $(`${form}-password`).value });
    location.href = '/lobby';
  } catch (e) {
    $(`${form}-error`).textContent = e.message;
  }
}

$('signin-form').addEventListener('submit', (ev) => submit(ev, '/api/session', 'si'));
$('signup-form').addEventListener('submit', (ev) => submit(ev, '/api/accounts', 'su'));
header($('nav'));
