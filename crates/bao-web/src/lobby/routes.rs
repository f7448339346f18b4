//! `POST|GET /api/challenges`, `POST /api/challenges/{id}/accept`,
//! `DELETE /api/challenges/{id}`, `GET /api/challenges/events`, `GET /api/me/games`.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use futures_util::StreamExt;
use tokio::sync::broadcast;

use super::api::{announce, start_game};
use super::model::{check_rules, Challenge, ChallengeBody, SideChoice, MAX_OPEN, MAX_OWN};
use crate::accounts::model::{engine_name, ENGINE_LEVELS};
use crate::app::App;
use crate::http::blocking;
use crate::http::error::{clip, ApiError};
use crate::http::extract::{ApiJson, ApiPath, SignedIn};
use crate::ids;

/// The lobby routes that answer at once.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/challenges", post(create).get(list))
        .route("/api/challenges/:id/accept", post(accept))
        .route("/api/challenges/:id", delete(cancel))
        .route("/api/me/games", get(my_games))
}

/// The live list, which stays open.
pub fn streams() -> Router<Arc<App>> {
    Router::new().route("/api/challenges/events", get(events))
}

async fn create(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiJson(req): ApiJson<ChallengeBody>,
) -> Result<Response, ApiError> {
    let (game, rules) = check_rules(req.game.trim(), req.rules.as_deref())?;
    let clock = req.clock.check()?;
    if me.engine_level.is_some() {
        return Err(ApiError::forbidden(
            "engine accounts do not make challenges",
        ));
    }
    let opponent = match &req.opponent {
        None => None,
        Some(name) => Some(
            ENGINE_LEVELS
                .clone()
                .find(|&l| engine_name(l).eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| {
                    ApiError::invalid(format!(
                        "opponent {} is not an engine account: they are bao-1 to bao-10 (anyone else accepts from the lobby)",
                        clip(name)
                    ))
                })?,
        ),
    };
    let challenge = Challenge {
        id: ids::token(),
        account: me.id,
        name: me.name.clone(),
        rating: 1500.0,
        game,
        rules,
        clock,
        clock_text: clock.text(),
        rated: req.rated,
        side: req.side.unwrap_or(SideChoice::Random),
        created: ids::now_rfc3339(),
    };
    if let Some(level) = opponent {
        // The engine accepts at once: no challenge is left in the lobby.
        let app2 = Arc::clone(&app);
        let engine = blocking(move || {
            app2.store
                .account_by_name(&engine_name(level))
                .map_err(ApiError::from)?
                .map(|(a, _)| a)
                .ok_or_else(|| ApiError::internal("the engine accounts are missing"))
        })
        .await?;
        let id = challenge.id.clone();
        let game = start_game(&app, challenge, engine, false).await?;
        return Ok((
            StatusCode::CREATED,
            Json(serde_json::json!({ "id": id, "game": game })),
        )
            .into_response());
    }
    let app2 = Arc::clone(&app);
    let c2 = challenge.clone();
    blocking(move || {
        let open = app2.store.challenges().map_err(ApiError::from)?;
        if open.iter().filter(|c| c.account == c2.account).count() >= MAX_OWN {
            return Err(ApiError::conflict(format!(
                "you have {MAX_OWN} open challenges: cancel one first"
            )));
        }
        if open.len() >= MAX_OPEN {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the lobby is full; try again later",
            ));
        }
        app2.store.add_challenge(&c2).map_err(ApiError::from)?;
        announce(&app2);
        Ok(())
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(serde_json::json!({ "id": challenge.id })),
    )
        .into_response())
}

async fn list(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let list = blocking(move || app.store.challenges().map_err(ApiError::from)).await?;
    Ok(Json(list).into_response())
}

async fn accept(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let app2 = Arc::clone(&app);
    let key = id.clone();
    let challenge = blocking(move || {
        app2.store
            .challenge(&key)
            .map_err(ApiError::from)?
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    format!("no open challenge {} (accepted or cancelled?)", clip(&key)),
                )
            })
    })
    .await?;
    if challenge.account == me.id {
        return Err(ApiError::conflict(
            "this is your own challenge: wait for someone to accept it, or cancel it",
        ));
    }
    let game = start_game(&app, challenge, me, true).await?;
    Ok((
        StatusCode::CREATED,
        Json(serde_json::json!({ "game": game })),
    )
        .into_response())
}

async fn cancel(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let key = id.clone();
    blocking(move || {
        if !app
            .store
            .cancel_challenge(&key, me.id)
            .map_err(ApiError::from)?
        {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                format!("you have no open challenge {}", clip(&key)),
            ));
        }
        announce(&app);
        Ok(())
    })
    .await?;
    Ok(Json(serde_json::json!({ "cancelled": id })).into_response())
}

/// The signed-in player's games: those where it is his turn first, then the others
/// still going, then the finished ones (at most 100).
async fn my_games(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
) -> Result<Response, ApiError> {
    let list = blocking(move || {
        let mut rows: Vec<serde_json::Value> = app
            .store
            .games_of(me.id, 100)
            .map_err(ApiError::from)?
            .iter()
            .map(|r| super::game_summary(r, Some(me.id)))
            .collect();
        let rank = |g: &serde_json::Value| {
            if g["your_turn"] == true {
                0
            } else if g["result"].is_null() {
                1
            } else {
                2
            }
        };
        rows.sort_by_key(rank);
        Ok(rows)
    })
    .await?;
    Ok(Json(list).into_response())
}

/// `GET /api/challenges/events`: `event: challenges` with the whole list now and after
/// every change.
async fn events(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let rx = app.lobby_events.subscribe();
    let app2 = Arc::clone(&app);
    let first = blocking(move || {
        let list = app2.store.challenges().map_err(ApiError::from)?;
        serde_json::to_string(&list).map_err(|e| ApiError::internal(e.to_string()))
    })
    .await?;
    let later = futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(text) => return Some((text, rx)),
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    let stream = futures_util::stream::once(std::future::ready(Arc::new(first)))
        .chain(later)
        .map(|text| {
            Ok::<_, std::convert::Infallible>(
                Event::default().event("challenges").data(text.as_str()),
            )
        });
    Ok(Sse::new(stream)
        .keep_alive(
            KeepAlive::new()
                .interval(Duration::from_secs(15))
                .text("keepalive"),
        )
        .into_response())
}
