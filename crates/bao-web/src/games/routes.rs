//! The routes of `/api/games/...` and `/api/meta` (bodies and answers in docs/web.md):
//! here the router and the game's life (new, preview, load, state, moves, positions,
//! the list, the record, delete); the moves and the players' requests in [`super::play`];
//! the event stream in [`super::events`].

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use bao_rules::{RuleSet, Side};
use serde::Deserialize;

use super::api::{with_game, Slot};
use super::model::{self as game, LiveGame, LoadGame, Meta, NewGame, WebGame};
use super::view;
use super::MAX_LIST;
use crate::app::{App, Peer, LOAD_WAIT};
use crate::http::error::{self, ApiError};
use crate::http::extract::{ApiJson, ApiPath, MaybeSignedIn, Seat};
use crate::http::{blocking, canonical_number, BODY_LIMIT};
use crate::ids;

use super::events::events;
use super::play::{abort, draw, engine_move, hint, invite, oracle, play, resign, undo};

/// The game routes that answer within [`crate::REQUEST_TIMEOUT`].
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/meta", get(meta))
        .route("/api/games", post(new_game).get(list_games))
        .route("/api/games/live", get(live_games))
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
        .route("/api/games/:id/draw", post(draw))
        .route("/api/games/:id/invite", post(invite))
        .route("/api/games/:id/record", get(record))
}

/// The event streams, which stay open as long as their client listens.
pub fn streams() -> Router<Arc<App>> {
    Router::new().route("/api/games/:id/events", get(events))
}

/// A lobby game in progress gets no help from the computer: no hint, no oracle, no
/// engine move on request (its engine accounts move by themselves). 403 whose message
/// starts with `what`, the help refused with its verb ("the oracle is", "hints are"):
/// "the oracle is not available in a lobby game while it is played (…)".
pub(crate) fn refuse_help(g: &dyn LiveGame, what: &str) -> Result<(), ApiError> {
    if g.meta().is_lobby() && !g.is_over() {
        return Err(ApiError::forbidden(format!(
            "{what} not available in a lobby game while it is played (review it once it is over)"
        )));
    }
    Ok(())
}

fn side_names(sides: &[Side]) -> Vec<String> {
    sides.iter().map(|s| s.to_string()).collect()
}

/// The state for one request: with `you` (the seat's sides, `[]` without a seat).
pub(super) fn state_for(g: &mut dyn LiveGame, seat: Option<&str>) -> view::StateJson {
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
    let games: Vec<serde_json::Value> = bao_rules::GameKind::ALL
        .into_iter()
        .map(|k| {
            serde_json::json!({
                "name": k.name(),
                "title": k.title(),
                "profiles": bao_rules::with_game!(k, G =>
                    <<G as bao_rules::Game>::Rules as RuleSet>::profile_names()),
            })
        })
        .collect();
    let levels: Vec<serde_json::Value> = (1..=10u8)
        .map(|n| {
            // The flat fields are Bao la Kiswahili's level (the default game); `games` has
            // each game's own (Bao Kingulu's levels differ, docs/engine.md).
            let mut entry = level_json(&bao_engine::EngineConfig::level(n));
            entry["level"] = serde_json::json!(n);
            entry["games"] = bao_rules::GameKind::ALL
                .into_iter()
                .map(|k| {
                    (
                        k.name().to_string(),
                        level_json(&bao_engine::EngineConfig::level_for(k, n)),
                    )
                })
                .collect::<serde_json::Map<_, _>>()
                .into();
            // The measured Elo per game (level 1 = 0; docs/engine.md), null if not yet.
            entry["elo"] = bao_rules::GameKind::ALL
                .into_iter()
                .map(|k| {
                    (
                        k.name().to_string(),
                        serde_json::json!(bao_engine::elo::level_elo(k.name(), n)),
                    )
                })
                .collect::<serde_json::Map<_, _>>()
                .into();
            entry
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

/// A level's settings for `/api/meta`: searcher, limits, missed captures, evaluation
/// (`net`: Bao la Kiswahili's learned network, or `linear`) and words.
fn level_json(c: &bao_engine::EngineConfig) -> serde_json::Value {
    serde_json::json!({
        "searcher": format!("{:?}", c.searcher).to_lowercase(),
        "depth": c.limits.depth,
        "nodes": c.limits.nodes,
        "time_ms": c.limits.time_ms.map(|t| t.min(game::THINK_CAP_MS)),
        "missed_captures": c.missed_captures,
        "eval": match c.eval {
            bao_engine::Evaluation::Net => "net",
            bao_engine::Evaluation::Linear => "linear",
        },
        "text": level_text(c),
    })
}

/// A level in words for the New game dialog.
fn level_text(c: &bao_engine::EngineConfig) -> String {
    use bao_engine::Searcher;
    let time = |ms: u64| format!("{:.1} s", ms.min(game::THINK_CAP_MS) as f64 / 1000.0);
    let mut text = match (c.searcher, c.limits.depth, c.limits.time_ms) {
        (Searcher::Random, _, _) => "plays random legal moves".to_string(),
        (Searcher::Greedy, _, _) => "takes the move that looks best right now".to_string(),
        (Searcher::Mcts, _, Some(ms)) => format!("Monte-Carlo search, {} a move", time(ms)),
        (Searcher::Mcts, _, None) => "Monte-Carlo search".to_string(),
        (Searcher::AlphaBeta, Some(d), Some(ms)) => {
            format!("looks {d} moves ahead, at most {} a move", time(ms))
        }
        (Searcher::AlphaBeta, Some(d), None) => format!("looks {d} moves ahead"),
        (Searcher::AlphaBeta, None, Some(ms)) => format!("searches {} a move", time(ms)),
        (Searcher::AlphaBeta, None, None) => match c.limits.nodes {
            Some(n) => format!("weighs up to {n} positions a move"),
            None => "searches deeply".to_string(),
        },
    };
    if c.eval == bao_engine::Evaluation::Net {
        text.push_str(", with the learned network");
    }
    if c.missed_captures > 0 {
        text.push_str(&format!(", misses {}% of captures", c.missed_captures));
    }
    text
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
        draw_offer: None,
        ratings: None,
        created: now.clone(),
        updated: now,
        owner: None,
        stored: 0,
        tournament: None,
    }
}

/// Stores a new game and answers 201 with its state, `seat` and `you`. A signed-in
/// player's game is his (`owner`, issue 35 item 6).
async fn start(
    app: Arc<App>,
    owner: MaybeSignedIn,
    make: impl FnOnce(Meta) -> Result<Box<dyn LiveGame>, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let app2 = Arc::clone(&app);
    let (id, slot, state) = blocking(move || {
        let meta = Meta {
            owner: owner.0.map(|a| (a.id, a.name)),
            ..fresh_meta()
        };
        let mut g = make(meta)?;
        g.meta_mut().stored = app2.store.save(&g.row()).map_err(ApiError::from)?;
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
fn created(meta: Meta, req: &NewGame) -> Result<Box<dyn LiveGame>, ApiError> {
    let Some(kind) = crate::kinds::named(req.game.trim()) else {
        return Err(ApiError::invalid(format!(
            "unknown game {}: expected {}",
            error::clip(req.game.trim()),
            crate::kinds::quoted("or")
        )));
    };
    Ok(bao_rules::with_game!(kind, G => Box::new(WebGame::<G>::create(meta, req)?)))
}

async fn new_game(
    State(app): State<Arc<App>>,
    owner: MaybeSignedIn,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<Response, ApiError> {
    start(app, owner, move |meta| created(meta, &req)).await
}

/// `POST /api/games/preview`: the state of the game `POST /api/games` would create with
/// this body (200; the same checks and errors), without storing anything: the page shows
/// a new game before its first move without adding an empty game to the saved ones. Its
/// `id` names no stored game.
async fn preview_game(ApiJson(req): ApiJson<NewGame>) -> Result<Response, ApiError> {
    let state = blocking(move || {
        let mut g = created(fresh_meta(), &req)?;
        Ok(state_for(g.as_mut(), None))
    })
    .await?;
    Ok(Json(state).into_response())
}

async fn load_game(
    State(app): State<Arc<App>>,
    owner: MaybeSignedIn,
    ApiJson(req): ApiJson<LoadGame>,
) -> Result<Response, ApiError> {
    let game = bao_rules::record::game_of(&req.record).map_err(|e| match e {
        bao_rules::record::RecordError::NoGameTag => ApiError::invalid(format!(
            "cannot load the record: it has no {} tag",
            bao_rules::GameKind::ALL
                .map(|k| format!("[Game \"{k}\"]"))
                .join(" or ")
        )),
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
    start(
        app,
        owner,
        move |meta| -> Result<Box<dyn LiveGame>, ApiError> {
            let Some(kind) = crate::kinds::named(&game) else {
                return Err(ApiError::invalid(format!(
                    "cannot load the record: unknown game {} in its [Game] tag",
                    error::clip(&game)
                )));
            };
            Ok(bao_rules::with_game!(kind, G => Box::new(WebGame::<G>::load(meta, &req)?)))
        },
    )
    .await
}

async fn game_state(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let state = with_game(&s, move |_, g| {
        let seat = who.seat_in(g);
        Ok(state_for(g, seat.as_deref()))
    })
    .await?;
    Ok(Json(state).into_response())
}

async fn legal_moves(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let state = with_game(&s, |_, g| Ok(g.state())).await?;
    Ok(Json(serde_json::json!({ "to_move": state.to_move, "moves": state.moves })).into_response())
}

/// The position after `ply` moves; a ply past the last move, however large, is 404.
async fn position_at(
    State(app): State<Arc<App>>,
    ApiPath(p): ApiPath<(String, String)>,
) -> Result<Response, ApiError> {
    let (id, text) = p;
    let s = app.slot(&id).await?;
    let ply = canonical_number(&text, "ply")?;
    let at = with_game(&s, move |_, g| match ply {
        Some(ply) => Ok(g.at(ply)?),
        // More plies than any game can hold (past usize::MAX).
        None => {
            Err(game::no_position(&error::clip_message(&text, 40), &g.meta().id, g.plies()).into())
        }
    })
    .await?;
    Ok(Json(at).into_response())
}

async fn delete_game(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let app2 = Arc::clone(&app);
    let key = id.clone();
    with_game(&s, move |slot, g| {
        let seat = who.require(g)?;
        if seat != g.meta().seat {
            return Err(ApiError::forbidden(
                "only the seat that started the game can delete it",
            ));
        }
        app2.store.delete(&key).map_err(ApiError::from)?;
        // Under the game's lock: a stream subscribed before this gets the notice, one
        // subscribing after it finds the flag (404).
        super::api::announce_deleted(slot, &key);
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
    let rows = blocking(move || app.store.list(limit, offset).map_err(ApiError::from)).await?;
    let list: Vec<serde_json::Value> = rows
        .into_iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id,
                "game": r.game.name(),
                "rules": r.rules,
                "south": r.south,
                "north": r.north,
                "plies": r.plies,
                "result": r.result.map(super::model::GameResult::token),
                "created": r.created,
                "updated": r.updated,
                "seat": r.seat,
            })
        })
        .collect();
    Ok(Json(list).into_response())
}

/// `GET /api/games/live`: the lobby games in progress, newest first (at most
/// [`super::repo::MAX_LIVE`]): id, game, rules, rated, `south` and `north` (`name`,
/// `rating` in the game's pool), the clock now, `ply`, `to_move`, `created`.
async fn live_games(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let rows = blocking(move || {
        app.store
            .live_games(super::repo::MAX_LIVE)
            .map_err(ApiError::from)
    })
    .await?;
    let now = crate::clock::model::now_ms();
    let list: Vec<serde_json::Value> = rows
        .into_iter()
        .map(|(r, ratings)| {
            let first = crate::lobby::model::first_mover(r.game, &r.rules).index();
            let to_move = if (first + r.plies).is_multiple_of(2) {
                Side::South
            } else {
                Side::North
            };
            let clock = r
                .clock
                .as_deref()
                .and_then(|c| serde_json::from_str::<crate::clock::model::Clock>(c).ok())
                .map(|c| c.json(r.plies, false, now));
            let player = |i: usize, record: &str| {
                serde_json::json!({
                    "name": r.names[i].clone().unwrap_or_else(|| record.to_string()),
                    "rating": ratings[i],
                })
            };
            serde_json::json!({
                "id": r.id,
                "game": r.game.name(),
                "rules": r.rules,
                "rated": r.rated,
                "south": player(0, &r.south),
                "north": player(1, &r.north),
                "clock": clock,
                "ply": r.plies,
                "to_move": to_move.to_string(),
                "created": r.created,
            })
        })
        .collect();
    Ok(Json(list).into_response())
}

async fn record(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
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
