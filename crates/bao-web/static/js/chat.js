// The game's chat and the rematch (issue 31, docs/web.md "Chat" and "Rematch"): the
// players' room for the two players of a lobby game, the spectators' room for everyone
// else (the players see it too once the game is over). Lines arrive on the game's event
// stream (`event: chat`, api.js) and are written with POST /api/games/{id}/chat. Every
// line is shown as text (textContent), never as HTML. A player can mute the opponent; a
// line of someone else can be reported to the moderators. At the end of a lobby game the
// card offers a rematch; the offer, the answer and the new game come on the player's
// notice stream (notices.js → `bao-notice`), and the board goes to the new game.
//
// It reads the page's state (`app`) and decorates the side panel, as analysis.js does.

import { t } from './i18n.js';
import { api, streamListeners } from './api.js';
import { app, $, lobbyGame } from './state.js';
import { me } from './header.js';

const chat = {
  game: null, // the game the card shows
  over: false,
  lines: [], // the lines shown (JSON of the API)
  muted: [],
  name: null, // the signed-in player, or null
  rematch: { offered_by: null, game: null },
};

/** Whether the signed-in player plays a side of the game on the board. */
function plays() {
  const s = app.state;
  return !!(s && chat.name && s.names && (s.names.south === chat.name || s.names.north === chat.name));
}

/** The opponent's name, for a player. */
function opponent() {
  const s = app.state;
  if (!plays()) return null;
  return s.names.south === chat.name ? s.names.north : s.names.south;
}

/** One line as a list item: the author, the text (as text), and Report. */
function lineItem(line) {
  const li = document.createElement('li');
  li.className = `chat-line chat-${line.room}`;
  li.dataset.id = String(line.id);
  const who = document.createElement('b');
  who.textContent = line.author;
  const text = document.createElement('span');
  text.className = 'chat-text';
  text.textContent = ` ${line.text}`;
  li.append(who, text);
  if (chat.name && line.author !== chat.name) {
    const report = document.createElement('button');
    report.type = 'button';
    report.className = 'chat-report small';
    report.textContent = t('chat-report');
    report.title = t('chat-report-title');
    report.addEventListener('click', async () => {
      try {
        await api('POST', `/api/chat/${line.id}/report`);
        report.textContent = t('chat-reported');
        report.disabled = true;
      } catch (e) {
        $('chat-note').textContent = e.message;
      }
    });
    li.append(' ', report);
  }
  return li;
}

function draw() {
  const list = $('chat-lines');
  list.replaceChildren(...chat.lines.filter((l) => !chat.muted.includes(l.author)).map(lineItem));
  list.scrollTop = list.scrollHeight;
  const mine = plays();
  const room = mine && !chat.over ? 'players' : 'spectators';
  $('chat-title').textContent = mine ? t('chat-players') : t('chat-spectators');
  $('chat-form').hidden = !chat.name;
  $('chat-form').dataset.room = mine && !chat.over ? 'players' : room;
  $('chat-note').textContent = chat.name ? '' : t('chat-sign-in');
  const other = opponent();
  const mute = $('chat-mute');
  mute.hidden = !other;
  if (other) {
    const muted = chat.muted.includes(other);
    mute.textContent = muted ? t('chat-unmute', { name: other }) : t('chat-mute-name', { name: other });
    mute.setAttribute('aria-pressed', String(muted));
  }
  drawRematch();
}

function drawRematch() {
  const bar = $('rematch-bar');
  const other = opponent();
  bar.hidden = !(chat.over && other && lobbyGame());
  if (bar.hidden) return;
  const r = chat.rematch;
  const offer = $('rematch-offer');
  const cancel = $('rematch-cancel');
  if (r.game) {
    $('rematch-text').textContent = t('rematch-started');
    offer.textContent = t('rematch-go');
    offer.hidden = false;
    cancel.hidden = true;
  } else if (r.offered_by === chat.name) {
    $('rematch-text').textContent = t('rematch-waiting', { name: other });
    offer.hidden = true;
    cancel.hidden = false;
    cancel.textContent = t('chat-withdraw');
  } else if (r.offered_by) {
    $('rematch-text').textContent = t('rematch-offered', { name: other });
    offer.hidden = false;
    offer.textContent = t('rematch-accept');
    cancel.hidden = false;
    cancel.textContent = t('rematch-decline');
  } else {
    $('rematch-text').textContent = '';
    offer.hidden = false;
    offer.textContent = t('chat-rematch');
    cancel.hidden = true;
  }
}

/** Shows the card for the game on the board (again, when it changed or ended). */
async function refresh() {
  const s = app.state;
  const card = $('chat-card');
  if (!s || app.draft || app.deleted) {
    card.hidden = true;
    chat.game = null;
    return;
  }
  // The chat is a lobby game's (between accounts).
  card.hidden = !lobbyGame();
  if (card.hidden) return;
  const over = !!s.outcome;
  if (chat.game === s.id && chat.over === over) return;
  chat.game = s.id;
  chat.over = over;
  try {
    const r = await api('GET', `/api/games/${encodeURIComponent(s.id)}/chat`);
    if (chat.game !== s.id) return;
    chat.lines = [...(r.players || []), ...(r.spectators || [])].sort((a, b) => a.id - b.id);
    chat.muted = r.muted || [];
    chat.rematch = over && lobbyGame() ? await api('GET', `/api/games/${encodeURIComponent(s.id)}/rematch`) : { offered_by: null, game: null };
  } catch (e) {
    $('chat-note').textContent = e.message;
  }
  draw();
}

async function send(ev) {
  ev.preventDefault();
  const input = $('chat-input');
  const text = input.value.trim();
  if (!text || !chat.game) return;
  const room = $('chat-form').dataset.room;
  try {
    await api('POST', `/api/games/${encodeURIComponent(chat.game)}/chat`, { text, room });
    input.value = '';
    $('chat-note').textContent = '';
  } catch (e) {
    $('chat-note').textContent = e.message;
  }
}

async function toggleMute() {
  const other = opponent();
  if (!other) return;
  try {
    const r = chat.muted.includes(other)
      ? await api('DELETE', `/api/me/mutes/${encodeURIComponent(other)}`)
      : await api('POST', '/api/me/mutes', { name: other });
    chat.muted = r.muted;
    // Lines left out while muted come back from the server.
    chat.game = null;
    await refresh();
  } catch (e) {
    $('chat-note').textContent = e.message;
  }
}

async function rematch(method) {
  const r = chat.rematch;
  if (method === 'POST' && r.game) {
    location.hash = `#${r.game}`;
    return;
  }
  try {
    const answer = await api(method, `/api/games/${encodeURIComponent(chat.game)}/rematch`);
    chat.rematch = method === 'POST' ? answer : { offered_by: null, game: null };
    if (chat.rematch.game) location.hash = `#${chat.rematch.game}`;
  } catch (e) {
    $('chat-note').textContent = e.message;
  }
  drawRematch();
}

async function start() {
  chat.name = await me();
  streamListeners.add((id, name, line) => {
    if (name !== 'chat' || id !== chat.game || chat.lines.some((l) => l.id === line.id)) return;
    chat.lines.push(line);
    draw();
  });
  window.addEventListener('bao-state', () => refresh());
  window.addEventListener('bao-notice', (e) => {
    const n = e.detail;
    if (!n || !n.kind.startsWith('rematch')) return;
    if (n.kind === 'rematch-accepted') {
      chat.rematch = { ...chat.rematch, game: n.game };
      if (app.state && app.state.outcome && chat.game && chat.rematch.offered_by) location.hash = `#${n.game}`;
    } else if (n.game === chat.game) {
      const name = n.text.split(' ')[0];
      chat.rematch = n.kind === 'rematch' ? { offered_by: name, game: null } : { offered_by: null, game: null };
    }
    drawRematch();
  });
  $('chat-form').addEventListener('submit', send);
  $('chat-mute').addEventListener('click', toggleMute);
  $('rematch-offer').addEventListener('click', () => rematch('POST'));
  $('rematch-cancel').addEventListener('click', () => rematch('DELETE'));
  setInterval(refresh, 1000);
  refresh();
}

start();
