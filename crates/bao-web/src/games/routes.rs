//! The routes of `/api/games/...` and `/api/meta` (bodies and answers in docs/web.md).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
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

use super::live::{announce, announce_spectators, with_game, Notice, Slot};
use super::model::{self as game, LoadGame, Meta, NewGame, Session, StopSlot, WebGame};
use super::view;
use super::{ENGINE_WAIT, MAX_LIST};
use crate::app::{App, Peer, LOAD_WAIT};
use crate::error::{self, ApiError};
use crate::http::{
    blocking, body, canonical_number, db_error, empty_object, lock, optional_body, path,
    write_error, BODY_LIMIT,
};
use crate::ids;

/// The game routes that answer within [`crate::REQUEST_TIMEOUT`].
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/meta", get(meta))
        .route("/api/games", post(new_game).get(list_games))
        .route("/api/games/preview", post(preview_game))
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
        .route("/api/games/:id/abort", post(abort))
        .route("/api/games/:id/invite", post(invite))
        .route("/api/games/:id/record", get(record))
}

/// The event streams, which stay open as long as their client listens.
pub fn streams() -> Router<Arc<App>> {
    Router::new().route("/api/games/:id/events", get(events))
}

/// The seat header `X-Bao-Seat`, if sent.
fn seat_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get("x-bao-seat")
        .and_then(|v| v.to_str().ok())
        .map(|s| s.trim().to_string())
}

/// A lobby game in progress gets no help from the computer: no hint, no oracle, no
/// engine move on request (its engine accounts move by themselves). 403 whose message
/// starts with `what`, the help refused with its verb ("the oracle is", "hints are"):
/// "the oracle is not available in a lobby game while it is played (…)".
pub(crate) fn refuse_help(g: &dyn Session, what: &str) -> Result<(), ApiError> {
    if g.meta().is_lobby() && !g.is_over() {
        return Err(ApiError::forbidden(format!(
            "{what} not available in a lobby game while it is played (review it once it is over)"
        )));
    }
    Ok(())
}

/// Who sends a request: the seat it names (`X-Bao-Seat`) and its signed-in account.
#[derive(Clone, Debug, Default)]
pub(crate) struct Who {
    seat: Option<String>,
    account: Option<i64>,
}

impl Who {
    /// The seat this request acts with in `g`: the one it names, else, for a signed-in
    /// player of a lobby game, his side's seat (he needs no token for his own games).
    pub(crate) fn seat_in(&self, g: &dyn Session) -> Option<String> {
        if let Some(s) = &self.seat {
            return Some(s.clone());
        }
        let a = self.account?;
        let m = g.meta();
        (0..2)
            .find(|&i| m.accounts[i] == Some(a))
            .and_then(|i| m.invites[i].clone())
    }
}

/// The request's seat header and signed-in account (a database read only when it
/// carries a session cookie).
pub(crate) async fn who_of(app: &Arc<App>, headers: &HeaderMap) -> Who {
    let seat = seat_of(headers);
    let account = if crate::accounts::session::token_of(headers).is_some() {
        let app2 = Arc::clone(app);
        let headers = headers.clone();
        blocking(move || Ok(crate::accounts::signed_in(&app2, &headers)))
            .await
            .ok()
            .flatten()
            .map(|a| a.id)
    } else {
        None
    };
    Who { seat, account }
}

/// The seat of a request that must have one of this game's seats.
pub(crate) fn require_seat(who: &Who, g: &dyn Session) -> Result<String, ApiError> {
    match who.seat_in(g) {
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
                // The measured Elo per game (level 1 = 0; docs/engine.md), null if not yet.
                "elo": {
                    "kiswahili": bao_engine::elo::level_elo("kiswahili", n),
                    "kingulu": bao_engine::elo::level_elo("kingulu", n),
                },
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
        accounts: [None, None],
        names: [None, None],
        rated: false,
        clock: None,
        aborted: false,
        created: now.clone(),
        updated: now,
        stored: 0,
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
        g.meta_mut().stored = app2.store.save(&g.row()).map_err(write_error)?;
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

/// The new game that `req` asks for (not stored).
fn created(meta: Meta, req: &NewGame) -> Result<Box<dyn Session>, ApiError> {
    match req.game.trim() {
        "kiswahili" => Ok(Box::new(WebGame::<Kiswahili>::create(meta, req)?)),
        "kingulu" => Ok(Box::new(WebGame::<Kingulu>::create(meta, req)?)),
        other => Err(ApiError::invalid(format!(
            "unknown game {}: expected \"kiswahili\" or \"kingulu\"",
            error::clip(other)
        ))),
    }
}

async fn new_game(
    State(app): State<Arc<App>>,
    payload: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let req = body(payload)?;
    start(app, move |meta| created(meta, &req)).await
}

/// `POST /api/games/preview`: the state of the game `POST /api/games` would create with
/// this body (200; the same checks and errors), without storing anything: the page shows
/// a new game before its first move without adding an empty game to the saved ones. Its
/// `id` names no stored game.
async fn preview_game(payload: Result<Json<NewGame>, JsonRejection>) -> Result<Response, ApiError> {
    let req = body(payload)?;
    let state = blocking(move || {
        let mut g = created(fresh_meta(), &req)?;
        Ok(state_for(g.as_mut(), None))
    })
    .await?;
    Ok(Json(state).into_response())
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

async fn game_state(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let who = who_of(&app, &headers).await;
    let state = with_game(&s, move |_, g| {
        let seat = who.seat_in(g);
        Ok(state_for(g, seat.as_deref()))
    })
    .await?;
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
    let who = who_of(&app, &headers).await;
    let req = body(payload)?;
    let app2 = Arc::clone(&app);
    let answer = with_game(&s, move |slot, g| {
        let seat = require_seat(&who, g)?;
        if g.thinking() {
            return Err(ApiError::conflict(
                "the computer is thinking in this game; wait for its move",
            ));
        }
        let side = g.to_move();
        if !g.is_over() && !g.meta().sides_of(&seat, g.human()).contains(&side) {
            return Err(not_yours(side));
        }
        let now = crate::clock::model::now_ms();
        if let Some(due) = g.clock_due(now) {
            // The flag fell (or the first-move window closed) before this move arrived.
            g.apply_due(due, now);
            app2.commit(slot, g)?;
            let text = g.state().outcome.map(|o| o.text).unwrap_or_default();
            return Err(ApiError::conflict(format!("too late: {text}")));
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
    who: Who,
    hint: bool,
) -> Result<(game::Found, u64, String), ApiError> {
    let (job, seat) = with_game(s, move |slot, g| {
        let seat = require_seat(&who, g)?;
        refuse_help(
            g,
            if hint {
                "hints are"
            } else {
                "engine moves on request are"
            },
        )?;
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
    let permit = app.pool.permit_within(ENGINE_WAIT).await?;
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
    let (found, version, seat) = think(&app, &s, who_of(&app, &headers).await, false).await?;
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

async fn hint(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    payload: Result<Json<serde_json::Map<String, serde_json::Value>>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    empty_object(payload, "hint")?;
    let (found, version, _) = think(&app, &s, who_of(&app, &headers).await, true).await?;
    let best = found
        .best
        .ok_or_else(|| ApiError::conflict("the game is over: no move to suggest"))?;
    let info = found.info;
    let score = found.score;
    let described = with_game(&s, move |_, g| {
        // A move played during the search: the hint is for a position that is gone.
        if g.version() != version {
            return Err(ApiError::conflict(
                "the position changed while the computer was thinking; ask again",
            ));
        }
        g.describe(&best)
    })
    .await?;
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
    let who = who_of(&app, &headers).await;
    let job = with_game(&s, move |_, g| {
        require_seat(&who, g)?;
        refuse_help(g, "the oracle is")?;
        g.oracle_job()
    })
    .await?;
    let permit = app.pool.permit_within(ENGINE_WAIT).await?;
    let app2 = Arc::clone(&app);
    let answer = blocking(move || {
        let answer = job(&app2.pool);
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
    let who = who_of(&app, &headers).await;
    let req = optional_body(payload)?;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = require_seat(&who, g)?;
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
    let who = who_of(&app, &headers).await;
    let req = optional_body(payload)?;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = require_seat(&who, g)?;
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
    let who = who_of(&app, &headers).await;
    let req = body(payload)?;
    let app2 = Arc::clone(&app);
    let answer = with_game(&s, move |slot, g| {
        let seat = require_seat(&who, g)?;
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
    let who = who_of(&app, &headers).await;
    let app2 = Arc::clone(&app);
    let key = id.clone();
    with_game(&s, move |slot, g| {
        let seat = require_seat(&who, g)?;
        if seat != g.meta().seat {
            return Err(ApiError::forbidden(
                "only the seat that started the game can delete it",
            ));
        }
        app2.store.delete(&key).map_err(write_error)?;
        // Under the game's lock: a stream subscribed before this gets the notice, one
        // subscribing after it finds the flag (404).
        super::live::announce_deleted(slot, &key);
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
    headers: HeaderMap,
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
    // Only the local user's own machine sees the saved games (with their seats): not a
    // request through a reverse proxy (every visitor's peer is then the loopback
    // proxy), nor any request to a server reached at a public URL or sharing its
    // database with other instances.
    let forwarded = ["forwarded", "x-forwarded-for", "x-real-ip"]
        .iter()
        .any(|h| headers.contains_key(*h));
    let local = peer.is_none_or(|Extension(Peer(a))| a.ip().is_loopback())
        && !forwarded
        && app.public.is_none()
        && !app.store.shared();
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

/// `GET /api/games/{id}/events[?seat=TOKEN]`: the game's state now and after every
/// change (`event: state`), `event: spectators` (`{"spectators": n}`) when someone who
/// plays no side (no seat, by header, `?seat=` or session) begins or stops watching,
/// until the game is deleted: then one `event: deleted` and the stream
/// ends. A deleted or unknown game is a 404 (so a browser's EventSource stops
/// reconnecting).
async fn events(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    client: crate::proxy::Client,
    headers: HeaderMap,
    query: axum::extract::RawQuery,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    let s = app.slot(&id).await?;
    let mut who = who_of(&app, &headers).await;
    // Issue 34: a spectator is a viewer (an account, else an address), not a connection.
    let viewer = match who.account {
        Some(a) => crate::streams::Viewer::Account(a),
        None => crate::streams::Viewer::Address(client.0),
    };
    // A browser's EventSource cannot send X-Bao-Seat: `?seat=TOKEN` names the seat.
    if who.seat.is_none() {
        who.seat = query.0.as_deref().and_then(|q| {
            q.split('&')
                .find_map(|p| p.strip_prefix("seat="))
                .filter(|t| ids::is_id(t))
                .map(str::to_string)
        });
    }
    let rx = s.events.subscribe();
    let (app2, id2, viewer2) = (Arc::clone(&app), id.clone(), viewer.clone());
    let (first, watching) = with_game(&s, move |slot, g| {
        // Someone without a seat of the game (or whose seat plays no side) watches.
        let plays = who
            .seat_in(g)
            .is_some_and(|seat| !g.meta().sides_of(&seat, g.human()).is_empty());
        if !plays && app2.viewers.enter(&id2, &viewer2) {
            g.spectate(true);
            announce_spectators(slot, g);
        }
        let text =
            serde_json::to_string(&g.state()).map_err(|e| ApiError::internal(e.to_string()))?;
        Ok(((text, g.meta().stored), !plays))
    })
    .await?;
    // The stream holds the slot, so the game stays in memory while someone watches. It
    // ends right after the deletion notice (state `None`), without waiting for more.
    let hold = Watching {
        slot: Arc::clone(&s),
        counted: watching.then(|| (Arc::clone(&app), id, viewer)),
    };
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
    // Every state event carries the game's stored version as its id: a client that
    // reconnects (to this or another instance, with `Last-Event-ID`) gets the state now
    // first, so it misses nothing whichever version it saw last.
    let stream = futures_util::stream::once(std::future::ready(Notice::State(
        Arc::new(first.0),
        first.1,
    )))
    .chain(later)
    .map(|notice| {
        let event = match &notice {
            Notice::State(text, version) => Event::default()
                .event("state")
                .id(version.to_string())
                .data(text.as_str()),
            Notice::Deleted(text) => Event::default().event("deleted").data(text.as_str()),
            Notice::Spectators(n) => Event::default()
                .event("spectators")
                .data(format!("{{\"spectators\":{n}}}")),
            Notice::Analysis(text) => Event::default().event("analysis").data(text.as_str()),
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

/// `POST /api/games/{id}/abort`: a player aborts the game before both sides moved (no
/// result, unrated).
async fn abort(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let s = app.slot(&path(id)?).await?;
    let who = who_of(&app, &headers).await;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = require_seat(&who, g)?;
        if g.meta().sides_of(&seat, g.human()).is_empty() {
            return Err(ApiError::forbidden("this seat plays no side of the game"));
        }
        g.abort()?;
        app2.commit(slot, g)?;
        Ok(state_for(g, Some(&seat)))
    })
    .await?;
    Ok(Json(state).into_response())
}

/// The server plays the computer's move in a lobby game (an engine account's turn), at
/// the account's level within what its clock allows; no request starts it.
pub(crate) async fn engine_turn(app: Arc<App>, id: String) {
    let Ok(s) = app.slot(&id).await else {
        return;
    };
    let job = with_game(&s, move |slot, g| {
        if g.is_over() || g.thinking() || g.human()[g.to_move().index()] {
            return Err(ApiError::conflict("not the computer's turn"));
        }
        let job = g.search_job_within(g.engine_cap_ms(crate::clock::model::now_ms()))?;
        g.set_thinking(true);
        announce(slot, g);
        Ok(job)
    })
    .await;
    let Ok(job) = job else {
        return;
    };
    let stop = Arc::new(StopSlot::default());
    let stop2 = Arc::clone(&stop);
    let deadline = Duration::from_millis(job.time_ms + 1_000);
    let timer = tokio::spawn(async move {
        tokio::time::sleep(deadline).await;
        stop2.stop();
    });
    let guard = ThinkGuard {
        slot: Arc::clone(&s),
        stop: Arc::clone(&stop),
        timer,
        thinking: true,
    };
    let permit = app.pool.permit().await;
    let app2 = Arc::clone(&app);
    let version = job.version;
    let found = blocking(move || {
        let found = (job.run)(&app2.pool, &stop);
        drop(permit);
        Ok(found)
    })
    .await;
    let app2 = Arc::clone(&app);
    let played = with_game(&s, move |slot, g| {
        g.set_thinking(false);
        let best = found.ok().and_then(|f| f.best.map(|b| (b, f.info)));
        let now = crate::clock::model::now_ms();
        if let Some(due) = g.clock_due(now) {
            g.apply_due(due, now);
        } else if let (Some((best, info)), true) = (best, g.version() == version) {
            g.play_text(&best, Some(info))?;
        } else {
            announce(slot, g);
            return Ok(());
        }
        app2.commit(slot, g)
    })
    .await;
    let mut guard = guard;
    guard.thinking = played.is_err();
    drop(guard);
}

/// An event stream's hold on its game; a spectator is counted out when it closes.
struct Watching {
    slot: Arc<Slot>,
    /// A spectator's stream: the viewer it counts for (streams.rs).
    counted: Option<(Arc<App>, String, crate::streams::Viewer)>,
}

impl Drop for Watching {
    fn drop(&mut self) {
        let last = self
            .counted
            .as_ref()
            .is_some_and(|(app, id, viewer)| app.viewers.leave(id, viewer));
        if last {
            let slot = Arc::clone(&self.slot);
            tokio::task::spawn_blocking(move || {
                let mut g = lock(&slot.game);
                g.spectate(false);
                announce_spectators(&slot, g.as_ref());
            });
        }
    }
}
