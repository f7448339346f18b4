// Development helper: serves crates/bao-web/static/ from disk (so a page change needs no
// rebuild) and passes every other request (the API, the event stream) to a running
// `bao serve`. Binds 127.0.0.1 only. Usage: node e2e/devserve.mjs <port> <bao-url>
// e.g. `bao serve --port 18210 &` then `node e2e/devserve.mjs 18211 http://127.0.0.1:18210`.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [port, target] = process.argv.slice(2);
if (!port || !target) {
  console.error('usage: node e2e/devserve.mjs <port> <bao-url>');
  process.exit(2);
}
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../crates/bao-web/static');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };
const up = new URL(target);

http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  // The pages the server maps (assets.rs, puzzles.rs, live.rs), then any file by its path.
  const PAGES = { '/': 'index.html', '/learn': 'learn.html', '/lobby': 'lobby.html', '/signin': 'signin.html', '/leaderboard': 'leaderboard.html', '/puzzles': 'puzzles.html', '/live': 'live.html', '/settings': 'settings.html', '/mod': 'mod.html', '/tournaments': 'tournaments.html' };
  let file = PAGES[url.pathname] || (url.pathname.startsWith('/@/') ? (url.pathname.endsWith('/games') ? 'games.html' : 'profile.html') : url.pathname.startsWith('/tournaments/') ? 'tournament.html' : url.pathname.slice(1));
  if (!url.pathname.startsWith('/api/') && !file.includes('..') && fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile()) {
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
    fs.createReadStream(path.join(root, file)).pipe(res);
    return;
  }
  const headers = { ...req.headers, host: up.host };
  if (headers.origin) headers.origin = up.origin;
  const p = http.request({ host: up.hostname, port: up.port, path: req.url, method: req.method, headers }, (r) => {
    res.writeHead(r.statusCode, r.headers);
    r.pipe(res);
  });
  p.on('error', (e) => { res.writeHead(502); res.end(String(e)); });
  req.pipe(p);
}).listen(Number(port), '127.0.0.1', () => console.log(`devserve: http://127.0.0.1:${port}/ -> ${target}`));
