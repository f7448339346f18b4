//! The web app behind `bao serve`: an axum server with a JSON API and an embedded SVG
//! board for playing Bao la Kiswahili (4×8) and Bao Kingulu (2×6), that keeps every game
//! in SQLite and that no request can knock over.
//!
//! * [`serve`] opens the database ([`store::Store`]), binds `127.0.0.1:P` (or `--host`),
//!   prints the address and the database path, and runs until Ctrl-C.
//! * [`router`] is the whole app on an in-memory database (for tests with
//!   `tower::ServiceExt::oneshot`); [`router_with`] on a given [`App`].
//!
//! How the work is bounded (docs/web.md has the figures):
//! - every game is a [`bao_rules::GameLine`] inside a [`game::WebGame`], behind its own
//!   mutex; all rules and engine work runs in `tokio::task::spawn_blocking`, and no lock
//!   but the game's own is held across it, so one slow game never stalls another;
//! - only games in use are in memory ([`CACHE_GAMES`], least recently used leave first);
//!   the database has no cap;
//! - engines come from one [`engines::EnginePool`] within `--memory-mb`;
//! - rules from a client are capped ([`game::MAX_LAPS`], [`game::MAX_PLIES`]), records
//!   ([`BODY_LIMIT`], [`game::MAX_RECORD_MOVES`]) and traced events
//!   ([`view::MAX_EVENTS`]) too;
//! - header reads ([`HEADER_TIMEOUT`]), body reads ([`BODY_TIMEOUT`]) and whole requests
//!   ([`REQUEST_TIMEOUT`]) time out;
//! - [`guard`] refuses foreign hosts and origins and non-JSON bodies.
//!
//! Every error is a 4xx/5xx with a JSON body `{"error": "..."}` (see [`ApiError`]).
#![deny(missing_docs)]

pub mod engines;
pub mod error;
pub mod game;
pub mod guard;
pub mod ids;
pub mod puzzles;
pub mod store;
pub mod view;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::{RuleSet, Side};
use futures_util::StreamExt;
use serde::Deserialize;
use tokio::sync::broadcast;

pub use error::ApiError;
use game::{LoadGame, Meta, NewGame, Session, StopSlot, WebGame};
use store::{GameRow, Store};

/// The largest request body accepted, in bytes (64 KiB); larger bodies get 413.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The most games kept in memory; the least recently used one not in use leaves first
/// (it stays in the database and comes back on its next request).
pub const CACHE_GAMES: usize = 256;

/// A client must send its request headers within this time, or the connection closes.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// A request body must arrive within this time (else 408).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest any request may take (else 408); event streams are not limited once open.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a search waits for an engine of the pool before answering 503.
pub const ENGINE_WAIT: Duration = Duration::from_secs(10);

/// The most connections served at once (event streams included); more wait to be
/// accepted.
pub const MAX_CONNECTIONS: usize = 512;

/// The most games one `GET /api/games` lists.
pub const MAX_LIST: usize = 200;

/// The page: every file under `static/`, compiled into the binary.
static STATIC: include_dir::Dir<'_> = include_dir::include_dir!("$CARGO_MANIFEST_DIR/static");

/// One game in use: the game behind its own lock, its event stream, and whether it was
/// deleted (then every request that still holds the slot gets 404, see `with_game`).
pub struct Slot {
    game: Mutex<Box<dyn Session>>,
    events: broadcast::Sender<Notice>,
    /// Set, under the game's lock, by `DELETE /api/games/{id}`.
    deleted: AtomicBool,
}

/// What a game's event stream carries: its state after a change (`event: state`), or its
/// deletion (`event: deleted`, the stream's last event).
#[derive(Clone, Debug)]
enum Notice {
    /// The state JSON ([`view::StateJson`], without `you` and `seat`).
    State(Arc<String>),
    /// `{"deleted": id, "text": ...}`: the game was deleted; the stream ends after it.
    Deleted(Arc<String>),
}

impl Slot {
    fn new(game: Box<dyn Session>) -> Arc<Slot> {
        Arc::new(Slot {
            game: Mutex::new(game),
            events: broadcast::channel(16).0,
            deleted: AtomicBool::new(false),
        })
    }
}

struct Cache {
    map: HashMap<String, (Arc<Slot>, u64)>,
    tick: u64,
}

/// The server: the database, the games in use, the engines, the allowed hosts.
pub struct App {
    store: Store,
    cache: Mutex<Cache>,
    pool: engines::EnginePool,
    hosts: guard::Hosts,
    /// Record replays at once (see [`load_slots`]).
    loads: Arc<tokio::sync::Semaphore>,
}

/// How many record loads replay at once: one core fewer than the machine has (at least
/// one), so that clients loading costly records (G-T29-like positions) cannot take every
/// core from the other games. Further loads wait their turn (at most [`LOAD_WAIT`]).
pub fn load_slots() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get().saturating_sub(1))
        .unwrap_or(1)
        .max(1)
}

/// How long a record load waits for its turn before answering 503.
pub const LOAD_WAIT: Duration = Duration::from_secs(20);

/// The peer address of a connection (added by [`serve`]; absent in `oneshot` tests,
/// which count as the local machine).
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub SocketAddr);

fn lock<T: ?Sized>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` on the blocking pool; a panic in it is a 500.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("internal error: {e}")))?
}

fn db_error(e: rusqlite::Error) -> ApiError {
    ApiError::internal(format!("the game database failed: {e}"))
}

impl App {
    /// An app on `store` with engines within `memory_mb` MiB, answering the hosts of
    /// `hosts`.
    pub fn new(store: Store, memory_mb: usize, hosts: guard::Hosts) -> Arc<App> {
        Arc::new(App {
            store,
            cache: Mutex::new(Cache {
                map: HashMap::new(),
                tick: 0,
            }),
            pool: engines::EnginePool::new(memory_mb),
            hosts,
            loads: Arc::new(tokio::sync::Semaphore::new(load_slots())),
        })
    }

    /// The engine pool.
    pub fn pool(&self) -> &engines::EnginePool {
        &self.pool
    }

    /// The number of games in memory now.
    pub fn cached_games(&self) -> usize {
        lock(&self.cache).map.len()
    }

    fn cache_get(&self, id: &str) -> Option<Arc<Slot>> {
        let mut c = lock(&self.cache);
        c.tick += 1;
        let tick = c.tick;
        c.map.get_mut(id).map(|(s, t)| {
            *t = tick;
            Arc::clone(s)
        })
    }

    /// Puts a game in the cache (or returns the one already there), evicting the least
    /// recently used games that no request and no event stream holds.
    fn cache_put(&self, id: String, slot: Arc<Slot>) -> Arc<Slot> {
        let mut c = lock(&self.cache);
        c.tick += 1;
        let tick = c.tick;
        if let Some((s, t)) = c.map.get_mut(&id) {
            *t = tick;
            return Arc::clone(s);
        }
        c.map.insert(id, (Arc::clone(&slot), tick));
        while c.map.len() > CACHE_GAMES {
            let victim = c
                .map
                .iter()
                .filter(|(_, (s, _))| Arc::strong_count(s) == 1 && s.events.receiver_count() == 0)
                .min_by_key(|(_, (_, t))| *t)
                .map(|(k, _)| k.clone());
            match victim {
                Some(k) => c.map.remove(&k),
                None => break,
            };
        }
        slot
    }

    fn cache_drop(&self, id: &str) {
        lock(&self.cache).map.remove(id);
    }

    /// The game with this id: from the cache, or rebuilt from the database.
    async fn slot(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, ApiError> {
        if !ids::is_id(id) {
            return Err(ApiError::unknown_game(id));
        }
        if let Some(s) = self.cache_get(id) {
            return Ok(s);
        }
        let app = Arc::clone(self);
        let key = id.to_string();
        let game = blocking(move || {
            let row = app
                .store
                .load(&key)
                .map_err(db_error)?
                .ok_or_else(|| ApiError::unknown_game(&key))?;
            restore(&row)
        })
        .await?;
        Ok(self.cache_put(id.to_string(), Slot::new(game)))
    }

    /// Writes the game to the database and tells its event stream. On a database
    /// failure the game leaves the cache (the database stays the truth) and the request
    /// gets a 500.
    fn commit(&self, slot: &Slot, g: &mut dyn Session) -> Result<(), ApiError> {
        g.meta_mut().updated = ids::now_rfc3339();
        if let Err(e) = self.store.save(&g.row()) {
            self.cache_drop(&g.meta().id);
            return Err(db_error(e));
        }
        announce(slot, g);
        Ok(())
    }
}

/// Sends the state to the game's event stream (if anyone listens).
fn announce(slot: &Slot, g: &mut dyn Session) {
    if slot.events.receiver_count() > 0 {
        if let Ok(text) = serde_json::to_string(&g.state()) {
            let _ = slot.events.send(Notice::State(Arc::new(text)));
        }
    }
}

/// A stored game, rebuilt.
fn restore(row: &GameRow) -> Result<Box<dyn Session>, ApiError> {
    Ok(match row.game.as_str() {
        "kiswahili" => Box::new(WebGame::<Kiswahili>::restore(row)?),
        "kingulu" => Box::new(WebGame::<Kingulu>::restore(row)?),
        other => {
            return Err(ApiError::internal(format!(
                "game {} in the database is of unknown kind {other:?}",
                row.id
            )))
        }
    })
}

/// The whole web app on an in-memory database, with the default engine budget, for
/// loopback hosts (tests).
///
/// # Panics
/// Only if SQLite cannot open an in-memory database.
pub fn router() -> Router {
    let store = Store::in_memory().expect("an in-memory SQLite database");
    router_with(App::new(
        store,
        engines::DEFAULT_MEMORY_MB,
        guard::Hosts { bound: None },
    ))
}

/// The whole web app: the page, its assets and the JSON API under `/api`.
///
/// Routes (bodies and answers in `docs/web.md`): `GET /`, `GET /learn`, every file of
/// `static/`, `GET /api/meta`, `GET|POST /api/games`, `POST /api/games/load`,
/// `GET|DELETE /api/games/{id}`, `GET /api/games/{id}/moves`,
/// `GET /api/games/{id}/at/{ply}`, `GET /api/games/{id}/events`,
/// `POST /api/games/{id}/{play,engine,hint,undo,resign,invite}`,
/// `GET /api/games/{id}/record`, `GET /api/games/{id}/oracle`; `GET /puzzles`,
/// `GET /api/puzzles`, `GET /api/puzzles/{game}/{n}` ([`puzzles`]). Unknown routes get a JSON 404.
pub fn router_with(app: Arc<App>) -> Router {
    let hosts = app.hosts.clone();
    let api = Router::new()
        .route("/api/meta", get(meta))
        .route("/api/games", post(new_game).get(list_games))
        .route("/api/games/load", post(load_game))
        .route("/api/games/:id", get(game_state).delete(delete_game))
        .route("/api/games/:id/moves", get(legal_moves))
        .route("/api/games/:id/at/:ply", get(position_at))
        .route("/api/games/:id/play", post(play))
        .route("/api/games/:id/engine", post(engine_move))
        .route("/api/games/:id/hint", post(hint))
        .route("/api/games/:id/oracle", get(oracle))
        .route("/api/games/:id/undo", post(undo))
        .route("/api/games/:id/resign", post(resign))
        .route("/api/games/:id/invite", post(invite))
        .route("/api/games/:id/record", get(record))
        .merge(puzzles::routes())
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .route("/api/games/:id/events", get(events))
        .fallback(static_or_404)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            BODY_TIMEOUT,
        ))
        .with_state(app);
    // Around the whole app (not per route), so that json_errors sees the `Allow` header
    // that the routes add to a 405.
    Router::new()
        .fallback_service(api)
        .layer(axum::middleware::from_fn(json_errors))
        .layer(axum::middleware::from_fn_with_state(hosts, guard::guard))
        .layer(axum::middleware::from_fn(catch_panic))
}

/// How to run [`serve`].
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (`127.0.0.1` unless `--host`).
    pub host: IpAddr,
    /// The port.
    pub port: u16,
    /// The database file (`None`: [`store::default_path`]).
    pub db: Option<PathBuf>,
    /// The engines' memory budget in MiB.
    pub memory_mb: usize,
}

/// Serves the app until Ctrl-C. Binds, then opens the database (a locked, damaged or
/// read-only one is an error naming it), then prints
/// `bao: serving on http://<addr>/ (games saved in <path>; Ctrl-C stops the server)`,
/// after a warning when the address is not loopback.
///
/// # Errors
/// When the database cannot be used, the address cannot be bound (see [`bind_error`]),
/// or the server fails.
pub async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    let path = match &config.db {
        Some(p) => p.clone(),
        None => store::default_path().ok_or_else(|| {
            anyhow::anyhow!(
                "cannot find a data directory for the game database: give one with --db PATH"
            )
        })?,
    };
    let addr = SocketAddr::new(config.host, config.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| bind_error(addr, &e))?;
    let store = tokio::task::spawn_blocking(move || Store::open(&path)).await??;
    let local = listener.local_addr()?;
    if !config.host.is_loopback() {
        eprintln!(
            "bao: warning: listening on {local}, reachable from other machines: anyone who can reach it can list the saved games' ids and watch them; game moves need the seat link"
        );
    }
    let db_path = store.path().to_string();
    let app = App::new(
        store,
        config.memory_mb,
        guard::Hosts {
            bound: Some(config.host),
        },
    );
    let router = router_with(app);
    println!("bao: serving on http://{local}/ (games saved in {db_path}; Ctrl-C stops the server)");
    let shutdown = tokio::signal::ctrl_c();
    tokio::pin!(shutdown);
    let connections = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let permit = tokio::select! {
            p = Arc::clone(&connections).acquire_owned() => p.expect("never closed"),
            _ = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                Err(_) => { tokio::time::sleep(Duration::from_millis(50)).await; continue; }
            },
            _ = &mut shutdown => break,
        };
        let router = router.clone();
        tokio::spawn(async move {
            use tower::ServiceExt;
            let svc = hyper::service::service_fn(
                move |mut req: hyper::Request<hyper::body::Incoming>| {
                    req.extensions_mut().insert(Peer(peer));
                    router.clone().oneshot(req.map(axum::body::Body::new))
                },
            );
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(64 * 1024);
            let _ = http
                .serve_connection(hyper_util::rt::TokioIo::new(stream), svc)
                .await;
            drop(permit);
        });
    }
    Ok(())
}

/// The error for an address that cannot be bound: for a port in use,
/// `port 8080 on 127.0.0.1 is already in use (another bao serve?); choose another with
/// --port, e.g. --port 8081`; otherwise `cannot listen on 127.0.0.1:8080: <reason>`.
pub fn bind_error(addr: SocketAddr, e: &std::io::Error) -> anyhow::Error {
    if e.kind() == std::io::ErrorKind::AddrInUse {
        let port = addr.port();
        let other = port.checked_add(1).unwrap_or(8080);
        anyhow::anyhow!(
            "port {port} on {} is already in use (another bao serve?); choose another with --port, e.g. --port {other}",
            addr.ip()
        )
    } else {
        anyhow::anyhow!("cannot listen on {addr}: {e}")
    }
}

/// Gives every error answer the JSON body `{"error": ...}`: axum's own answers (405 for a
/// wrong method, with the allowed methods from the `Allow` header, 408 for a timeout, and
/// any other error without a JSON body) are rewritten; the API's own [`ApiError`]s pass
/// unchanged.
async fn json_errors(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let method = req.method().clone();
    let path: String = req.uri().path().chars().take(80).collect();
    let res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    if status == StatusCode::METHOD_NOT_ALLOWED {
        let allow = res
            .headers()
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let allowed: Vec<&str> = allow
            .split(',')
            .map(str::trim)
            .filter(|m| !m.is_empty() && *m != "HEAD")
            .collect();
        let message = if allowed.is_empty() {
            format!("method {method} is not allowed on {path}")
        } else {
            format!(
                "method {method} is not allowed on {path}; use {}",
                allowed.join(" or ")
            )
        };
        let mut out = ApiError::new(status, message).into_response();
        if !allow.is_empty() {
            if let Ok(v) = header::HeaderValue::from_str(&allow) {
                out.headers_mut().insert(header::ALLOW, v);
            }
        }
        return out;
    }
    if status == StatusCode::REQUEST_TIMEOUT {
        return ApiError::new(
            status,
            format!(
                "{method} {path}: the request took longer than {} s",
                REQUEST_TIMEOUT.as_secs()
            ),
        )
        .into_response();
    }
    let text = match axum::body::to_bytes(res.into_body(), 4096).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_string(),
        Err(_) => String::new(),
    };
    let message = if text.is_empty() {
        format!(
            "{method} {path}: {}",
            status.canonical_reason().unwrap_or("error").to_lowercase()
        )
    } else {
        format!("{method} {path}: {}", error::clip_message(&text, 200))
    };
    ApiError::new(status, message).into_response()
}

/// Turns a panic in a handler into a 500 with a JSON message instead of a dropped
/// connection (a bug must never take the server down or leave the page without an answer).
async fn catch_panic(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    use futures_util::FutureExt;
    match std::panic::AssertUnwindSafe(next.run(req))
        .catch_unwind()
        .await
    {
        Ok(res) => res,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            ApiError::internal(format!("internal error: {what}")).into_response()
        }
    }
}

/// The content type of a static file by its extension.
fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// `GET /` → `index.html`, `GET /learn` → `learn.html`, any other file of `static/` by
/// its path; everything else (and `/api/...`) a JSON 404.
async fn static_or_404(method: axum::http::Method, uri: Uri) -> Response {
    let path = uri.path();
    let file = match path {
        "/" => Some("index.html"),
        "/learn" => Some("learn.html"),
        "/favicon.ico" => Some("favicon.svg"),
        p if p.starts_with("/api/") || p == "/api" => None,
        p => Some(p.trim_start_matches('/')),
    };
    let found = file
        .filter(|f| !f.contains(".."))
        .and_then(|f| STATIC.get_file(f).map(|d| (f, d)));
    match found {
        Some((name, f))
            if method == axum::http::Method::GET || method == axum::http::Method::HEAD =>
        {
            (
                [
                    (header::CONTENT_TYPE, content_type(name)),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                f.contents(),
            )
                .into_response()
        }
        Some(_) => ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!(
                "method {method} is not allowed on {}; use GET",
                clip_path(path)
            ),
        )
        .into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no such page or API route: {}", clip_path(path)),
        )
        .into_response(),
    }
}

fn clip_path(path: &str) -> String {
    error::clip_message(path, error::QUOTE_CHARS)
}

/// Today's date as `YYYY.MM.DD` (UTC), for game records.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    bao_rules::record::date_tag(secs)
}

// ---------------------------------------------------------------------------------
// Handlers

/// The struct name of a body type (`NewGame`), for error messages.
fn body_name<T>() -> &'static str {
    let full = std::any::type_name::<T>();
    full.rsplit("::").next().unwrap_or(full)
}

fn body<T>(payload: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    payload
        .map(|Json(v)| v)
        .map_err(|e| ApiError::from_json_rejection(e, body_name::<T>()))
}

/// A body that may be left out: no body at all means the defaults.
fn optional_body<T: Default>(payload: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    match payload {
        Ok(Json(v)) => Ok(v),
        Err(JsonRejection::MissingJsonContentType(_)) => Ok(T::default()),
        Err(e) => Err(ApiError::from_json_rejection(e, body_name::<T>())),
    }
}

fn path<T>(p: Result<Path<T>, PathRejection>) -> Result<T, ApiError> {
    p.map(|Path(v)| v).map_err(ApiError::from)
}

/// The seat header `X-Bao-Seat`, if sent.
fn seat_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get("x-bao-seat")
        .and_then(|v| v.to_str().ok())
        .map(|s| s.trim().to_string())
}

/// The seat of a request that must have one of this game's seats.
fn require_seat(headers: &HeaderMap, g: &dyn Session) -> Result<String, ApiError> {
    match seat_of(headers) {
        None => Err(ApiError::forbidden(
            "this request needs the game's seat: send the header X-Bao-Seat with the token from the game's link",
        )),
        Some(s) if g.meta().knows(&s) => Ok(s),
        Some(_) => Err(ApiError::forbidden(
            "the X-Bao-Seat token is not a seat of this game",
        )),
    }
}

fn side_names(sides: &[Side]) -> Vec<String> {
    sides.iter().map(|s| s.to_string()).collect()
}

/// The state for one request: with `you` (the seat's sides, `[]` without a seat).
fn state_for(g: &mut dyn Session, seat: Option<&str>) -> view::StateJson {
    let human = g.human();
    let you = match seat {
        Some(s) if g.meta().knows(s) => side_names(&g.meta().sides_of(s, human)),
        _ => Vec::new(),
    };
    let mut state = g.state();
    state.you = Some(you);
    state
}

async fn meta() -> Response {
    let games = serde_json::json!([
        {
            "name": "kiswahili",
            "title": "Bao la Kiswahili",
            "profiles": <<Kiswahili as bao_rules::Game>::Rules as RuleSet>::profile_names(),
        },
        {
            "name": "kingulu",
            "title": "Bao Kingulu",
            "profiles": <<Kingulu as bao_rules::Game>::Rules as RuleSet>::profile_names(),
        }
    ]);
    let levels: Vec<serde_json::Value> = (1..=10u8)
        .map(|n| {
            let c = bao_engine::EngineConfig::level(n);
            serde_json::json!({
                "level": n,
                "searcher": format!("{:?}", c.searcher).to_lowercase(),
                "depth": c.limits.depth,
                "time_ms": c.limits.time_ms.map(|t| t.min(game::THINK_CAP_MS)),
                "text": level_text(&c),
            })
        })
        .collect();
    Json(serde_json::json!({
        "games": games,
        "levels": levels,
        "hint_level": bao_engine::hint::HINT_LEVEL,
        "think_cap_ms": game::THINK_CAP_MS,
        "body_limit": BODY_LIMIT,
        "max_laps": game::MAX_LAPS,
        "max_plies": game::MAX_PLIES,
    }))
    .into_response()
}

/// A level in words for the New game dialog.
fn level_text(c: &bao_engine::EngineConfig) -> String {
    use bao_engine::Searcher;
    let time = |ms: u64| format!("{:.1} s", ms.min(game::THINK_CAP_MS) as f64 / 1000.0);
    match (c.searcher, c.limits.depth, c.limits.time_ms) {
        (Searcher::Random, _, _) => "plays random legal moves".to_string(),
        (Searcher::Greedy, _, _) => "takes the move that looks best right now".to_string(),
        (Searcher::Mcts, _, Some(ms)) => format!("Monte-Carlo search, {} a move", time(ms)),
        (Searcher::Mcts, _, None) => "Monte-Carlo search".to_string(),
        (Searcher::AlphaBeta, Some(d), Some(ms)) => {
            format!("looks {d} moves ahead, at most {} a move", time(ms))
        }
        (Searcher::AlphaBeta, Some(d), None) => format!("looks {d} moves ahead"),
        (Searcher::AlphaBeta, None, Some(ms)) => format!("searches {} a move", time(ms)),
        (Searcher::AlphaBeta, None, None) => "searches deeply".to_string(),
    }
}

/// A fresh id, seat and dates.
fn fresh_meta() -> Meta {
    let now = ids::now_rfc3339();
    Meta {
        id: ids::token(),
        level: game::DEFAULT_LEVEL,
        seat: ids::token(),
        invites: [None, None],
        created: now.clone(),
        updated: now,
    }
}

/// Stores a new game and answers 201 with its state, `seat` and `you`.
async fn start(
    app: Arc<App>,
    make: impl FnOnce(Meta) -> Result<Box<dyn Session>, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let app2 = Arc::clone(&app);
    let (id, slot, state) = blocking(move || {
        let mut g = make(fresh_meta())?;
        app2.store.save(&g.row()).map_err(db_error)?;
        let seat = g.meta().seat.clone();
        let mut state = state_for(g.as_mut(), Some(&seat));
        state.seat = Some(seat);
        let id = g.meta().id.clone();
        Ok((id, Slot::new(g), state))
    })
    .await?;
    app.cache_put(id, slot);
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

async fn new_game(
    State(app): State<Arc<App>>,
    payload: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let req = body(payload)?;
    start(app, move |meta| -> Result<Box<dyn Session>, ApiError> {
        match req.game.trim() {
            "kiswahili" => Ok(Box::new(WebGame::<Kiswahili>::create(meta, &req)?)),
            "kingulu" => Ok(Box::new(WebGame::<Kingulu>::create(meta, &req)?)),
            other => Err(ApiError::invalid(format!(
                "unknown game {}: expected \"kiswahili\" or \"kingulu\"",
                error::clip(other)
            ))),
        }
    })
    .await
}

async fn load_game(
    State(app): State<Arc<App>>,
    payload: Result<Json<LoadGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let req = body(payload)?;
    let game = bao_rules::record::game_of(&req.record).map_err(|e| match e {
        bao_rules::record::RecordError::NoGameTag => ApiError::invalid(
            "cannot load the record: it has no [Game \"kiswahili\"] or [Game \"kingulu\"] tag",
        ),
        e => ApiError::invalid(format!(
            "cannot load the record: {}",
            error::clip_message(&e.to_string(), 200)
        )),
    })?;
    let _turn = tokio::time::timeout(LOAD_WAIT, Arc::clone(&app.loads).acquire_owned())
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy loading other records; try again in a moment",
            )
        })?
        .map_err(|_| ApiError::internal("the load queue is closed"))?;
    start(app, move |meta| -> Result<Box<dyn Session>, ApiError> {
        match game.as_str() {
            "kiswahili" => Ok(Box::new(WebGame::<Kiswahili>::load(meta, &req)?)),
            "kingulu" => Ok(Box::new(WebGame::<Kingulu>::load(meta, &req)?)),
            other => Err(ApiError::invalid(format!(
                "cannot load the record: unknown game {} in its [Game] tag",
                error::clip(other)
            ))),
        }
    })
    .await
}

/// Runs `f` on the game, on the blocking pool, under the game's own lock. A game deleted
/// meanwhile (a request that took the slot before the `DELETE`, a computer move that
/// finished after it) is a 404 and `f` does not run, so nothing writes it back.
async fn with_game<T: Send + 'static>(
    slot: &Arc<Slot>,
    f: impl FnOnce(&Slot, &mut dyn Session) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let slot = Arc::clone(slot);
    blocking(move || {
        let mut g = lock(&slot.game);
        if slot.deleted.load(Ordering::SeqCst) {
            return Err(ApiError::unknown_game(&g.meta().id));
        }
        f(&slot, g.as_mut())
    })
    .await
}

async fn game_state(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let seat = seat_of(&headers);
    let state = with_game(&s, move |_, g| Ok(state_for(g, seat.as_deref()))).await?;
    Ok(Json(state).into_response())
}

async fn legal_moves(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let state = with_game(&s, |_, g| Ok(g.state())).await?;
    Ok(Json(serde_json::json!({ "to_move": state.to_move, "moves": state.moves })).into_response())
}

/// A number in a path or a query, canonical: `0` or digits without a leading zero or
/// sign (400 otherwise). Any length is plain (the path is at most 2048 bytes): `None` when
/// it is larger than `usize::MAX`, which each caller answers as it would a large number.
fn canonical_number(text: &str, what: &str) -> Result<Option<usize>, ApiError> {
    let ok = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !ok {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "{what} {} in the path is not a number written plainly (0, 1, 2, ...; 0 = start position)",
                error::clip(text)
            ),
        ));
    }
    Ok(text.parse().ok())
}

/// The position after `ply` moves; a ply past the last move, however large, is 404.
async fn position_at(
    State(app): State<Arc<App>>,
    p: Result<Path<(String, String)>, PathRejection>,
) -> Result<Response, ApiError> {
    let (id, text) = path(p)?;
    let s = app.slot(&id).await?;
    let ply = canonical_number(&text, "ply")?;
    let at = with_game(&s, move |_, g| match ply {
        Some(ply) => g.at(ply),
        // More plies than any game can hold (past usize::MAX).
        None => Err(game::no_position(
            &error::clip_message(&text, 40),
            &g.meta().id,
            g.plies(),
        )),
    })
    .await?;
    Ok(Json(at).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayBody {
    #[serde(rename = "move")]
    mv: String,
}

fn not_yours(side: Side) -> ApiError {
    ApiError::forbidden(format!("this seat does not play {side}"))
}

async fn play(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    payload: Result<Json<PlayBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let req = body(payload)?;
    let app2 = Arc::clone(&app);
    let answer = with_game(&s, move |slot, g| {
        let seat = require_seat(&headers, g)?;
        if g.thinking() {
            return Err(ApiError::conflict(
                "the computer is thinking in this game; wait for its move",
            ));
        }
        let side = g.to_move();
        if !g.is_over() && !g.meta().sides_of(&seat, g.human()).contains(&side) {
            return Err(not_yours(side));
        }
        let played = g.play_text(&req.mv, None)?;
        app2.commit(slot, g)?;
        let state = state_for(g, Some(&seat));
        Ok(serde_json::json!({ "played": played, "state": state }))
    })
    .await?;
    Ok(Json(answer).into_response())
}

/// Ends a search: clears the thinking mark (on the blocking pool: the game's lock may
/// be held by slow work) and stops the engine, also when the client went away.
struct ThinkGuard {
    slot: Arc<Slot>,
    stop: Arc<StopSlot>,
    timer: tokio::task::JoinHandle<()>,
    thinking: bool,
}

impl Drop for ThinkGuard {
    fn drop(&mut self) {
        self.timer.abort();
        self.stop.stop();
        if self.thinking {
            let slot = Arc::clone(&self.slot);
            tokio::task::spawn_blocking(move || {
                let mut g = lock(&slot.game);
                g.set_thinking(false);
            });
        }
    }
}

/// Runs a search for the side to move: the computer's move (`hint` false) or a hint.
async fn think(
    app: &Arc<App>,
    s: &Arc<Slot>,
    headers: HeaderMap,
    hint: bool,
) -> Result<(game::Found, u64, String), ApiError> {
    let (job, seat) = with_game(s, move |slot, g| {
        let seat = require_seat(&headers, g)?;
        if !hint {
            if g.thinking() {
                return Err(ApiError::conflict(format!(
                    "the computer is already thinking in game {}",
                    g.meta().id
                )));
            }
            let side = g.to_move();
            let human = g.human();
            if human[side.index()] && !g.meta().sides_of(&seat, human).contains(&side) {
                return Err(not_yours(side));
            }
        }
        let job = g.search_job(hint)?;
        if !hint {
            g.set_thinking(true);
            announce(slot, g);
        }
        Ok((job, seat))
    })
    .await?;
    // The engine stops itself at the time limit; the stop flag is the backstop.
    let stop = Arc::new(StopSlot::default());
    let stop2 = Arc::clone(&stop);
    let deadline = Duration::from_millis(job.time_ms + 1_000);
    let timer = tokio::spawn(async move {
        tokio::time::sleep(deadline).await;
        stop2.stop();
    });
    let guard = ThinkGuard {
        slot: Arc::clone(s),
        stop: Arc::clone(&stop),
        timer,
        thinking: !hint,
    };
    let permit = tokio::time::timeout(ENGINE_WAIT, app.pool.permit())
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the computer is busy with other games; try again in a moment",
            )
        })?;
    let app2 = Arc::clone(app);
    let version = job.version;
    let found = blocking(move || {
        let found = (job.run)(&app2.pool, &stop);
        drop(permit);
        Ok(found)
    })
    .await;
    if !hint {
        // Clear the mark now, in order, before the move is played.
        let g = with_game(s, |_, g| {
            g.set_thinking(false);
            Ok(())
        })
        .await;
        let mut guard = guard;
        guard.thinking = g.is_err();
        drop(guard);
    } else {
        drop(guard);
    }
    Ok((found?, version, seat))
}

async fn engine_move(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    payload: Result<Json<serde_json::Map<String, serde_json::Value>>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    empty_object(payload, "engine")?;
    let (found, version, seat) = think(&app, &s, headers, false).await?;
    let best = found
        .best
        .ok_or_else(|| ApiError::conflict("the game is over: no move to make"))?;
    let app2 = Arc::clone(&app);
    let answer = with_game(&s, move |slot, g| {
        if g.version() != version {
            return Err(ApiError::conflict(
                "the position changed while the computer was thinking; ask again",
            ));
        }
        let played = g.play_text(&best, Some(found.info))?;
        app2.commit(slot, g)?;
        let state = state_for(g, Some(&seat));
        Ok(serde_json::json!({ "played": played, "state": state }))
    })
    .await?;
    Ok(Json(answer).into_response())
}

/// The bodies of `engine` and `hint`: nothing, or an empty JSON object.
fn empty_object(
    payload: Result<Json<serde_json::Map<String, serde_json::Value>>, JsonRejection>,
    route: &str,
) -> Result<(), ApiError> {
    match payload {
        Ok(Json(m)) if m.is_empty() => Ok(()),
        Ok(Json(m)) => Err(ApiError::invalid(format!(
            "invalid request body: {route} takes no fields, found {}",
            error::clip(m.keys().next().map(String::as_str).unwrap_or(""))
        ))),
        Err(JsonRejection::MissingJsonContentType(_)) => Ok(()),
        Err(e) => Err(ApiError::from_json_rejection(e, "")),
    }
}

async fn hint(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    payload: Result<Json<serde_json::Map<String, serde_json::Value>>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    empty_object(payload, "hint")?;
    let (found, _, _) = think(&app, &s, headers, true).await?;
    let best = found
        .best
        .ok_or_else(|| ApiError::conflict("the game is over: no move to suggest"))?;
    let info = found.info;
    let score = found.score;
    let described = with_game(&s, move |_, g| g.describe(&best)).await?;
    Ok(Json(view::HintJson {
        best: described,
        info,
        score,
    })
    .into_response())
}

/// `GET /api/games/{id}/oracle`: the solver's exact value of every legal move, within
/// [`game::ORACLE_MS`], on the blocking pool with an engine permit (as a hint). Needs a
/// seat of the game (`X-Bao-Seat`); 409 when the game is over.
async fn oracle(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let job = with_game(&s, move |_, g| {
        require_seat(&headers, g)?;
        g.oracle_job()
    })
    .await?;
    let permit = tokio::time::timeout(ENGINE_WAIT, app.pool.permit())
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the computer is busy with other games; try again in a moment",
            )
        })?;
    let answer = blocking(move || {
        let answer = job();
        drop(permit);
        Ok(answer)
    })
    .await?;
    Ok(Json(answer).into_response())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    #[serde(default)]
    plies: Option<usize>,
}

async fn undo(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    payload: Result<Json<UndoBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let req = optional_body(payload)?;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = require_seat(&headers, g)?;
        if g.thinking() {
            return Err(ApiError::conflict(
                "the computer is thinking in this game; wait for its move",
            ));
        }
        g.undo(req.plies.unwrap_or(1))?;
        app2.commit(slot, g)?;
        Ok(state_for(g, Some(&seat)))
    })
    .await?;
    Ok(Json(state).into_response())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ResignBody {
    #[serde(default)]
    side: Option<String>,
}

fn parse_side(text: &str) -> Result<Side, ApiError> {
    Side::parse(text).ok_or_else(|| {
        ApiError::invalid(format!(
            "side {} is not a side: expected \"South\" or \"North\"",
            error::clip(text)
        ))
    })
}

async fn resign(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    payload: Result<Json<ResignBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let req = optional_body(payload)?;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = require_seat(&headers, g)?;
        let mine = g.meta().sides_of(&seat, g.human());
        let side = match &req.side {
            Some(text) => parse_side(text)?,
            None if mine.len() == 1 => mine[0],
            None => g.to_move(),
        };
        if !mine.contains(&side) {
            return Err(not_yours(side));
        }
        g.resign(side)?;
        app2.commit(slot, g)?;
        Ok(state_for(g, Some(&seat)))
    })
    .await?;
    Ok(Json(state).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InviteBody {
    side: String,
}

async fn invite(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    payload: Result<Json<InviteBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let req = body(payload)?;
    let app2 = Arc::clone(&app);
    let answer = with_game(&s, move |slot, g| {
        let seat = require_seat(&headers, g)?;
        if seat != g.meta().seat {
            return Err(ApiError::forbidden(
                "only the seat that started the game can invite a player",
            ));
        }
        let side = parse_side(&req.side)?;
        let token = match &g.meta().invites[side.index()] {
            Some(t) => t.clone(),
            None => {
                let t = ids::token();
                g.set_human(side);
                g.meta_mut().invites[side.index()] = Some(t.clone());
                g.bump();
                app2.commit(slot, g)?;
                t
            }
        };
        let id = g.meta().id.clone();
        Ok(serde_json::json!({
            "seat": token,
            "side": side.to_string(),
            "link": format!("/#{id}:{token}"),
        }))
    })
    .await?;
    Ok(Json(answer).into_response())
}

async fn delete_game(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    let s = app.slot(&id).await?;
    let app2 = Arc::clone(&app);
    let key = id.clone();
    with_game(&s, move |slot, g| {
        let seat = require_seat(&headers, g)?;
        if seat != g.meta().seat {
            return Err(ApiError::forbidden(
                "only the seat that started the game can delete it",
            ));
        }
        app2.store.delete(&key).map_err(db_error)?;
        // Under the game's lock: a stream subscribed before this gets the notice, one
        // subscribing after it finds the flag (404).
        slot.deleted.store(true, Ordering::SeqCst);
        let notice = serde_json::json!({
            "deleted": key,
            "text": format!("game {key} was deleted by its creator"),
        });
        let _ = slot
            .events
            .send(Notice::Deleted(Arc::new(notice.to_string())));
        Ok(())
    })
    .await?;
    app.cache_drop(&id);
    Ok(Json(serde_json::json!({ "deleted": id })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    #[serde(default)]
    limit: Option<String>,
    #[serde(default)]
    offset: Option<String>,
}

async fn list_games(
    State(app): State<Arc<App>>,
    peer: Option<Extension<Peer>>,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "bad query: {} (the list takes ?limit=N&offset=N)",
                error::clip_message(&e.body_text(), 120)
            ),
        )
    })?;
    let limit = match &q.limit {
        // A limit past usize::MAX asks for as many as any: MAX_LIST.
        Some(t) => canonical_number(t, "limit")?.map_or(MAX_LIST, |n| n.clamp(1, MAX_LIST)),
        None => 50,
    };
    let offset = match &q.offset {
        // An offset past usize::MAX is past every saved game.
        Some(t) => canonical_number(t, "offset")?.unwrap_or(usize::MAX),
        None => 0,
    };
    // Only the local user's own machine sees the saved games (with their seats).
    let local = peer.is_none_or(|Extension(Peer(a))| a.ip().is_loopback());
    if !local {
        return Ok(Json(serde_json::json!([])).into_response());
    }
    let rows = blocking(move || app.store.list(limit, offset).map_err(db_error)).await?;
    let list: Vec<serde_json::Value> = rows
        .into_iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id,
                "game": r.game,
                "rules": r.rules,
                "south": r.south,
                "north": r.north,
                "plies": r.plies,
                "result": r.result,
                "created": r.created,
                "updated": r.updated,
                "seat": r.seat,
            })
        })
        .collect();
    Ok(Json(list).into_response())
}

async fn record(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    let s = app.slot(&id).await?;
    let text = with_game(&s, |_, g| Ok(g.record_text())).await?;
    let disposition = format!("attachment; filename=\"game-{id}.bao\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/games/{id}/events`: the game's state now and after every change
/// (`event: state`), until the game is deleted: then one `event: deleted` and the stream
/// ends. A deleted or unknown game is a 404 (so a browser's EventSource stops
/// reconnecting).
async fn events(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let rx = s.events.subscribe();
    let first = with_game(&s, |_, g| {
        serde_json::to_string(&g.state()).map_err(|e| ApiError::internal(e.to_string()))
    })
    .await?;
    // The stream holds the slot, so the game stays in memory while someone watches. It
    // ends right after the deletion notice (state `None`), without waiting for more.
    let hold = Arc::clone(&s);
    let later = futures_util::stream::unfold(Some(rx), move |rx| {
        let _keep = &hold;
        async move {
            let mut rx = rx?;
            loop {
                match rx.recv().await {
                    Ok(n @ Notice::Deleted(_)) => return Some((n, None)),
                    Ok(n) => return Some((n, Some(rx))),
                    // A slow reader missed some states; the next one is complete.
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
            }
        }
    });
    let stream = futures_util::stream::once(std::future::ready(Notice::State(Arc::new(first))))
        .chain(later)
        .map(|notice| {
            let event = match &notice {
                Notice::State(text) => Event::default().event("state").data(text.as_str()),
                Notice::Deleted(text) => Event::default().event("deleted").data(text.as_str()),
            };
            Ok::<_, std::convert::Infallible>(event)
        });
    Ok(Sse::new(stream)
        .keep_alive(
            KeepAlive::new()
                .interval(Duration::from_secs(15))
                .text("keepalive"),
        )
        .into_response())
}
