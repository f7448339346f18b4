//! The players' requests on a game: play, the computer's move on request, hint, oracle,
//! undo, resign, abort, invite (thin handlers: extract, call the game under its lock,
//! answer).

use std::sync::Arc;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_rules::Side;

use super::api::with_game;
use super::view;
use super::ENGINE_WAIT;
use crate::app::App;
use crate::http::blocking;
use crate::http::error::{self, ApiError};
use crate::http::extract::{no_fields, ApiJson, ApiPath, OptionalJson, Seat};
use crate::ids;

use super::bodies::{EngineBody, InviteBody, PlayBody, ResignBody, UndoBody};
use super::engine::think;
use super::routes::{refuse_help, state_for};

pub(super) fn not_yours(side: Side) -> ApiError {
    ApiError::forbidden(format!("this seat does not play {side}"))
        .said(crate::t!("api-not-your-side", side = side))
}

/// A move `text` the game refused, with its code: `illegal_move` (422; in English the
/// rules' own reason with its rule number, in other languages the kind of mistake as the
/// terminal says it: not a move here, not your hole, not legal now) or `game_over` (409).
fn refused_move(
    r: crate::refusal::Refusal,
    text: &str,
    g: &mut dyn crate::games::model::LiveGame,
) -> ApiError {
    use crate::refusal::Refusal;
    use crate::t;
    let quoted = error::clip(text);
    match &r {
        Refusal::Invalid(_) => {
            let state = g.state();
            let hole: String = text
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            let cell = state.board.rows.iter().flatten().find(|c| c.name == hole);
            let reason = match cell {
                None => t!("api-move-shape"),
                Some(c) if c.owner != state.board.to_move => t!("refused-theirs"),
                Some(_) => t!("refused-illegal"),
            };
            ApiError::from(r).coded(
                "illegal_move",
                t!("refused", text = quoted, reason = reason),
            )
        }
        Refusal::NotNow(_) if g.is_over() => {
            ApiError::from(r).coded("game_over", t!("api-game-over"))
        }
        _ => ApiError::from(r),
    }
}

pub(super) async fn play(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<PlayBody>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let app2 = Arc::clone(&app);
    let answer = with_game(&s, move |slot, g| {
        let seat = who.require(g)?;
        if g.thinking() {
            return Err(ApiError::conflict(
                "the computer is thinking in this game; wait for its move",
            )
            .said(crate::t!("api-engine-thinking")));
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
        let played = g
            .play_text(&req.mv, None)
            .map_err(|r| refused_move(r, &req.mv, g))?;
        app2.commit_move(slot, g)?;
        let state = state_for(g, Some(&seat));
        Ok(serde_json::json!({ "played": played, "state": state }))
    })
    .await?;
    Ok(Json(answer).into_response())
}

pub(super) async fn engine_move(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
    OptionalJson(req): OptionalJson<EngineBody>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let (found, revision, seat) = think(&app, &s, who, false, req.ply).await?;
    let best = found
        .best
        .ok_or_else(|| ApiError::conflict("the game is over: no move to make"))?;
    let app2 = Arc::clone(&app);
    let answer = with_game(&s, move |slot, g| {
        if g.revision() != revision {
            return Err(ApiError::conflict(
                "the position changed while the computer was thinking; ask again",
            ));
        }
        let played = g.play_text(&best, Some(found.info))?;
        app2.commit_move(slot, g)?;
        let state = state_for(g, Some(&seat));
        Ok(serde_json::json!({ "played": played, "state": state }))
    })
    .await?;
    Ok(Json(answer).into_response())
}

pub(super) async fn hint(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
    OptionalJson(fields): OptionalJson<serde_json::Map<String, serde_json::Value>>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    no_fields(&fields, "hint")?;
    let (found, revision, _) = think(&app, &s, who, true, None).await?;
    let best = found
        .best
        .ok_or_else(|| ApiError::conflict("the game is over: no move to suggest"))?;
    let info = found.info;
    let score = found.score;
    let described = with_game(&s, move |_, g| {
        // A move played during the search: the hint is for a position that is gone.
        if g.revision() != revision {
            return Err(ApiError::conflict(
                "the position changed while the computer was thinking; ask again",
            ));
        }
        Ok(g.describe(&best)?)
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
pub(super) async fn oracle(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let job = with_game(&s, move |_, g| {
        who.require(g)?;
        refuse_help(g, "the oracle is")?;
        Ok(g.oracle_job()?)
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

pub(super) async fn undo(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
    OptionalJson(req): OptionalJson<UndoBody>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = who.require(g)?;
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

fn parse_side(text: &str) -> Result<Side, ApiError> {
    Side::parse(text).ok_or_else(|| {
        ApiError::invalid(format!(
            "side {} is not a side: expected \"South\" or \"North\"",
            error::clip(text)
        ))
    })
}

pub(super) async fn resign(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
    OptionalJson(req): OptionalJson<ResignBody>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = who.require(g)?;
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

pub(super) async fn invite(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<InviteBody>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let app2 = Arc::clone(&app);
    let answer = with_game(&s, move |slot, g| {
        let seat = who.require(g)?;
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

/// `POST /api/games/{id}/draw`: a player offers a draw, or accepts the opponent's
/// offer (the game ends in a draw by agreement; a rated game is rated as a draw). Only
/// after each side has made a move; a move declines the offer. The state after it.
pub(super) async fn draw(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = who.require(g)?;
        let side = match g.meta().sides_of(&seat, g.human())[..] {
            [side] => side,
            [] => return Err(ApiError::forbidden("this seat plays no side of the game")),
            _ => {
                return Err(ApiError::conflict(
                    "this seat plays both sides: there is no opponent to offer a draw to",
                ))
            }
        };
        if !g.human()[side.opponent().index()] {
            return Err(ApiError::conflict(
                "the computer plays the other side and does not take draw offers",
            ));
        }
        g.offer_draw(side)?;
        app2.commit(slot, g)?;
        Ok(state_for(g, Some(&seat)))
    })
    .await?;
    Ok(Json(state).into_response())
}

/// `POST /api/games/{id}/abort`: a player aborts the game before both sides moved (no
/// result, unrated).
pub(super) async fn abort(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    let app2 = Arc::clone(&app);
    let state = with_game(&s, move |slot, g| {
        let seat = who.require(g)?;
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
