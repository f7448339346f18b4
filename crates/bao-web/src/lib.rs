//! The local web app behind `bao serve`: an axum server with a JSON API and an embedded
//! SVG board for playing Bao la Kiswahili (4×8) and Bao Kingulu (2×6) against the
//! computer.
//!
//! * [`serve`] binds `127.0.0.1:P`, then prints `bao: serving on http://127.0.0.1:P/ ...`
//!   and runs until Ctrl-C; a port in use is an error suggesting `--port`.
//! * [`router`] is the whole app as an [`axum::Router`] (for tests with
//!   `tower::ServiceExt::oneshot`).
//!
//! Every game lives in the server under its id (`Mutex<BTreeMap<n, Arc<Mutex<session>>>>`), so two
//! browser tabs play two separate games. The API is documented in `docs/web.md`; every
//! error is a 4xx with a JSON body `{"error": "..."}` (see [`ApiError`]). The computer
//! thinks in `tokio::task::spawn_blocking`, bounded by its level's time and
//! [`session::THINK_CAP_MS`], with the engine's stop flag set when the time is up or the
//! request is dropped.
//!
//! The page (HTML, CSS, JS) is compiled into the binary, so `bao serve` works from any
//! directory.
#![deny(missing_docs)]

pub mod error;
pub mod session;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::{RuleSet, Side};
use serde::Deserialize;

pub use error::ApiError;
use session::{GameSession, LoadGame, NewGame, Session};

/// The largest request body accepted, in bytes (64 KiB); larger bodies get 413.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The most games kept at once; starting one more drops the oldest.
pub const MAX_GAMES: usize = 512;

const INDEX_HTML: &str = include_str!("../static/index.html");
const JS: &str = "text/javascript; charset=utf-8";
const HTML: &str = "text/html; charset=utf-8";
/// The page's ES modules and the learn page (served as they are, without a bundler), until
/// the server serves every file of `static/`.
const PAGE_FILES: [(&str, &str, &str); 11] = [
    ("/js/api.js", JS, include_str!("../static/js/api.js")),
    ("/js/board.js", JS, include_str!("../static/js/board.js")),
    ("/js/trace.js", JS, include_str!("../static/js/trace.js")),
    ("/js/review.js", JS, include_str!("../static/js/review.js")),
    ("/js/page.js", JS, include_str!("../static/js/page.js")),
    ("/js/state.js", JS, include_str!("../static/js/state.js")),
    ("/js/panels.js", JS, include_str!("../static/js/panels.js")),
    ("/js/dialog.js", JS, include_str!("../static/js/dialog.js")),
    ("/js/saved.js", JS, include_str!("../static/js/saved.js")),
    ("/js/learn.js", JS, include_str!("../static/js/learn.js")),
    ("/learn", HTML, include_str!("../static/learn.html")),
];
const STYLE_CSS: &str = include_str!("../static/style.css");
const FAVICON_SVG: &str = include_str!("../static/favicon.svg");

type Shared = Arc<Mutex<Box<dyn Session>>>;

/// The server's state: every game by id.
#[derive(Default)]
struct AppState {
    games: Mutex<BTreeMap<u64, Shared>>,
    next_id: AtomicU64,
}

type App = Arc<AppState>;

fn lock<T: ?Sized>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl AppState {
    fn insert(
        &self,
        make: impl FnOnce(String) -> Result<Box<dyn Session>, ApiError>,
    ) -> Result<(String, Shared), ApiError> {
        let mut games = lock(&self.games);
        // Ids count the games started; a request that fails does not use one up.
        let n = self.next_id.load(Ordering::SeqCst) + 1;
        let id = format!("g{n}");
        let session: Shared = Arc::new(Mutex::new(make(id.clone())?));
        self.next_id.store(n, Ordering::SeqCst);
        while games.len() >= MAX_GAMES {
            let oldest = games.keys().next().copied();
            match oldest {
                Some(k) => games.remove(&k),
                None => break,
            };
        }
        games.insert(n, Arc::clone(&session));
        Ok((id, session))
    }

    fn get(&self, id: &str) -> Result<Shared, ApiError> {
        id.strip_prefix('g')
            .and_then(|n| n.parse::<u64>().ok())
            .and_then(|n| lock(&self.games).get(&n).cloned())
            .ok_or_else(|| ApiError::unknown_game(id))
    }
}

/// The whole web app: the page, its assets and the JSON API under `/api`.
///
/// Routes (bodies and answers in `docs/web.md`):
/// `GET /`, `GET /app.js`, `GET /style.css`, `GET /api/meta`, `POST /api/games`,
/// `POST /api/games/load`, `GET /api/games/{id}`, `GET /api/games/{id}/moves`,
/// `GET /api/games/{id}/at/{ply}`, `POST /api/games/{id}/play`,
/// `POST /api/games/{id}/engine`, `POST /api/games/{id}/hint`,
/// `POST /api/games/{id}/undo`, `POST /api/games/{id}/resign`,
/// `GET /api/games/{id}/record`. Unknown `/api` routes get a JSON 404.
pub fn router() -> Router {
    let state: App = Arc::new(AppState::default());
    let mut app = Router::new();
    for (path, kind, body) in PAGE_FILES {
        app = app.route(path, get(move || async move { static_file(kind, body) }));
    }
    let app = app
        .route(
            "/",
            get(|| async { static_file("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/index.html",
            get(|| async { static_file("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/style.css",
            get(|| async { static_file("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route(
            "/favicon.svg",
            get(|| async { static_file("image/svg+xml", FAVICON_SVG) }),
        )
        .route(
            "/favicon.ico",
            get(|| async { static_file("image/svg+xml", FAVICON_SVG) }),
        )
        .route("/api/meta", get(meta))
        .route("/api/games", post(new_game))
        .route("/api/games/load", post(load_game))
        .route("/api/games/:id", get(game_state))
        .route("/api/games/:id/moves", get(legal_moves))
        .route("/api/games/:id/at/:ply", get(position_at))
        .route("/api/games/:id/play", post(play))
        .route("/api/games/:id/engine", post(engine_move))
        .route("/api/games/:id/hint", post(hint))
        .route("/api/games/:id/undo", post(undo))
        .route("/api/games/:id/resign", post(resign))
        .route("/api/games/:id/record", get(record))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state);
    // Around the whole app (not per route), so that json_errors sees the `Allow` header
    // that the routes add to a 405.
    Router::new()
        .fallback_service(app)
        .layer(axum::middleware::from_fn(json_errors))
        .layer(axum::middleware::from_fn(catch_panic))
}

/// Serves the app on `addr` until Ctrl-C. Binds first; only then prints
/// `bao: serving on http://<addr>/ (open it in your browser; Ctrl-C stops the server)`.
///
/// # Errors
/// When the address cannot be bound (see [`bind_error`]: a port in use says so and
/// suggests `--port`) or the server fails.
pub async fn serve(addr: SocketAddr) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| bind_error(addr, &e))?;
    let local = listener.local_addr()?;
    println!("bao: serving on http://{local}/ (open it in your browser; Ctrl-C stops the server)");
    axum::serve(listener, router())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
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
/// wrong method, with the allowed methods from the `Allow` header, and any other error
/// without a JSON body) are rewritten; the API's own [`ApiError`]s pass unchanged.
async fn json_errors(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
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
        format!("{method} {path}: {text}")
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

fn static_file(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no such page or API route: {}", uri.path()),
    )
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

fn path<T>(p: Result<Path<T>, PathRejection>) -> Result<T, ApiError> {
    p.map(|Path(v)| v).map_err(ApiError::from)
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
                "time_ms": c.limits.time_ms.map(|t| t.min(session::THINK_CAP_MS)),
                "text": level_text(&c),
            })
        })
        .collect();
    Json(serde_json::json!({
        "games": games,
        "levels": levels,
        "think_cap_ms": session::THINK_CAP_MS,
        "body_limit": BODY_LIMIT,
    }))
    .into_response()
}

/// A level in words for the New game dialog.
fn level_text(c: &bao_engine::EngineConfig) -> String {
    use bao_engine::Searcher;
    let time = |ms: u64| format!("{:.1} s", ms.min(session::THINK_CAP_MS) as f64 / 1000.0);
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

fn created(state: session::StateJson) -> Response {
    (StatusCode::CREATED, Json(state)).into_response()
}

async fn new_game(
    State(app): State<App>,
    payload: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let req = body(payload)?;
    let (_, s) = app.insert(|id| -> Result<Box<dyn Session>, ApiError> {
        match req.game.trim() {
            "kiswahili" => Ok(Box::new(GameSession::<Kiswahili>::create(id, &req)?)),
            "kingulu" => Ok(Box::new(GameSession::<Kingulu>::create(id, &req)?)),
            other => Err(ApiError::invalid(format!(
                "unknown game {other:?}: expected \"kiswahili\" or \"kingulu\""
            ))),
        }
    })?;
    let state = lock(&s).state();
    Ok(created(state))
}

async fn load_game(
    State(app): State<App>,
    payload: Result<Json<LoadGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let req = body(payload)?;
    let game = bao_rules::record::game_of(&req.record).map_err(|e| match e {
        bao_rules::record::RecordError::NoGameTag => ApiError::invalid(
            "cannot load the record: it has no [Game \"kiswahili\"] or [Game \"kingulu\"] tag",
        ),
        e => ApiError::invalid(format!("cannot load the record: {e}")),
    })?;
    let (_, s) = app.insert(|id| -> Result<Box<dyn Session>, ApiError> {
        match game.as_str() {
            "kiswahili" => Ok(Box::new(GameSession::<Kiswahili>::load(id, &req)?)),
            "kingulu" => Ok(Box::new(GameSession::<Kingulu>::load(id, &req)?)),
            other => Err(ApiError::invalid(format!(
                "cannot load the record: unknown game {other:?} in its [Game] tag"
            ))),
        }
    })?;
    let state = lock(&s).state();
    Ok(created(state))
}

async fn game_state(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let s = app.get(&path(id)?)?;
    let state = lock(&s).state();
    Ok(Json(state).into_response())
}

async fn legal_moves(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let s = app.get(&path(id)?)?;
    let state = lock(&s).state();
    Ok(Json(serde_json::json!({ "to_move": state.to_move, "moves": state.moves })).into_response())
}

async fn position_at(
    State(app): State<App>,
    p: Result<Path<(String, String)>, PathRejection>,
) -> Result<Response, ApiError> {
    let (id, ply) = path(p)?;
    let s = app.get(&id)?;
    let ply: usize = ply.parse().map_err(|_| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("ply {ply:?} in the path is not a number (0 = start position)"),
        )
    })?;
    let at = lock(&s).at(ply)?;
    Ok(Json(at).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayBody {
    #[serde(rename = "move")]
    mv: String,
}

fn played_response(s: &Shared, played: session::PlayedJson) -> Response {
    let state = lock(s).state();
    Json(serde_json::json!({ "played": played, "state": state })).into_response()
}

async fn play(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
    payload: Result<Json<PlayBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.get(&path(id)?)?;
    let req = body(payload)?;
    let played = {
        let mut g = lock(&s);
        if g.thinking() {
            return Err(ApiError::conflict(
                "the computer is thinking in this game; wait for its move",
            ));
        }
        g.play_text(&req.mv, None)?
    };
    Ok(played_response(&s, played))
}

/// Clears the thinking mark and stops the search when the request ends, also when the
/// client goes away mid-search.
struct ThinkGuard {
    session: Shared,
    stop: Arc<AtomicBool>,
    timer: tokio::task::JoinHandle<()>,
}

impl Drop for ThinkGuard {
    fn drop(&mut self) {
        self.timer.abort();
        self.stop.store(true, Ordering::SeqCst);
        lock(&self.session).set_thinking(false);
    }
}

/// Runs a search for the side to move off the async workers, bounded in time.
async fn think(s: &Shared, hint: bool) -> Result<(Option<String>, String, u64), ApiError> {
    let job = lock(s).prepare_search(hint)?;
    // The engine stops itself at the time limit; the stop flag is the backstop.
    let stop = Arc::clone(&job.stop);
    let deadline = Duration::from_millis(job.time_ms + 1_000);
    let timer = tokio::spawn(async move {
        tokio::time::sleep(deadline).await;
        stop.store(true, Ordering::SeqCst);
    });
    let guard = ThinkGuard {
        session: Arc::clone(s),
        stop: Arc::clone(&job.stop),
        timer,
    };
    let result = tokio::task::spawn_blocking(job.run).await;
    drop(guard);
    let (best, info) = result.map_err(|e| ApiError::internal(format!("the search failed: {e}")))?;
    Ok((best, info, job.version))
}

async fn engine_move(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let s = app.get(&path(id)?)?;
    let (best, info, version) = think(&s, false).await?;
    let best = best.ok_or_else(|| ApiError::conflict("the game is over: no move to make"))?;
    let played = {
        let mut g = lock(&s);
        if g.version() != version {
            return Err(ApiError::conflict(
                "the position changed while the computer was thinking; ask again",
            ));
        }
        g.play_text(&best, Some(info))?
    };
    Ok(played_response(&s, played))
}

async fn hint(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let s = app.get(&path(id)?)?;
    let (best, info, _) = think(&s, true).await?;
    let best = best.ok_or_else(|| ApiError::conflict("the game is over: no move to suggest"))?;
    let described = lock(&s).describe(&best)?;
    Ok(Json(session::HintJson {
        best: described,
        info,
    })
    .into_response())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    #[serde(default)]
    plies: Option<usize>,
}

async fn undo(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
    payload: Result<Json<UndoBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.get(&path(id)?)?;
    let req = optional_body(payload)?;
    let state = {
        let mut g = lock(&s);
        if g.thinking() {
            return Err(ApiError::conflict(
                "the computer is thinking in this game; wait for its move",
            ));
        }
        g.undo(req.plies.unwrap_or(1))?;
        g.state()
    };
    Ok(Json(state).into_response())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ResignBody {
    #[serde(default)]
    side: Option<String>,
}

async fn resign(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
    payload: Result<Json<ResignBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.get(&path(id)?)?;
    let req = optional_body(payload)?;
    let state = {
        let mut g = lock(&s);
        let side = match &req.side {
            None => Side::parse(&g.state().to_move).unwrap_or(Side::South),
            Some(text) => Side::parse(text).ok_or_else(|| {
                ApiError::invalid(format!(
                    "side {text:?} is not a side: expected \"South\" or \"North\""
                ))
            })?,
        };
        g.resign(side)?;
        g.state()
    };
    Ok(Json(state).into_response())
}

/// A body that may be left out: no body at all means the defaults.
fn optional_body<T: Default>(payload: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    match payload {
        Ok(Json(v)) => Ok(v),
        Err(JsonRejection::MissingJsonContentType(_)) => Ok(T::default()),
        Err(e) => Err(ApiError::from_json_rejection(e, body_name::<T>())),
    }
}

async fn record(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    let s = app.get(&id)?;
    let (text, game) = {
        let g = lock(&s);
        (g.record_text(), g.game_name())
    };
    let disposition = format!("attachment; filename=\"bao-{game}-{id}.txt\"");
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
