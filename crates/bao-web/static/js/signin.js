// Sign in and sign up (POST /api/session, POST /api/accounts); then on to the lobby.

import { api } from './api.js';
import { header } from './account.js';

const $ = (id) => document.getElementById(id);

async function submit(ev, path, name, password) {
  ev.preventDefault();
  $('form-error').textContent = '';
  try {
    await api('POST', path, { name: $(name).value.trim(), password: $(password).value });
    location.href = '/lobby';
  } catch (e) {
    $('form-error').textContent = e.message;
  }
}

$('signin-form').addEventListener('submit', (ev) => submit(ev, '/api/session', 'si-name', 'si-password'));
$('signup-form').addEventListener('submit', (ev) => submit(ev, '/api/accounts', 'su-name', 'su-password'));
header($('nav'));
