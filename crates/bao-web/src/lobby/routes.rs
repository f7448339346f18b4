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
use crate::http::extract::{ApiJson, ApiPath, MaybeSignedIn, SignedIn};
use crate::ids;
use crate::notices::{Notice, Present};

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
    // The engine account named, if any (`Some(None)`: a name that is no engine's).
    let opponent = req.opponent.as_ref().map(|name| {
        ENGINE_LEVELS
            .clone()
            .find(|&l| engine_name(l).eq_ignore_ascii_case(name.trim()))
    });
    // A challenge to a person by name: only he sees it and may accept it.
    let person = match (&req.opponent, opponent) {
        (Some(name), Some(None)) => {
            let app2 = Arc::clone(&app);
            let key = name.trim().to_string();
            let found =
                blocking(move || app2.store.account_by_name(&key).map_err(ApiError::from)).await?;
            let Some((account, _)) = found else {
                return Err(ApiError::new(
                    StatusCode::NOT_FOUND,
                    format!("no player named {} to challenge", clip(name.trim())),
                ));
            };
            if account.id == me.id {
                return Err(ApiError::invalid(
                    "you cannot challenge yourself: leave out \"opponent\" to challenge anyone",
                ));
            }
            Some(account)
        }
        _ => None,
    };
    let opponent = opponent.flatten();
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
        opponent: person.as_ref().map(|p| p.name.clone()),
        opponent_id: person.as_ref().map(|p| p.id),
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
        if let Some(to) = c2.opponent_id {
            app2.notify_account(Notice {
                account: to,
                kind: "challenge".to_string(),
                game: None,
                challenge: Some(c2.id.clone()),
                text: format!(
                    "{} challenges you to {} {}{}",
                    c2.name,
                    c2.game.title(),
                    c2.clock_text,
                    if c2.rated { ", rated" } else { "" }
                ),
                say: crate::notices::say(if c2.rated {
                    crate::t!(
                        "notice-challenge-rated",
                        name = &c2.name,
                        game = c2.game.title(),
                        clock = crate::notices::clock_arg(c2.clock)
                    )
                } else {
                    crate::t!(
                        "notice-challenge",
                        name = &c2.name,
                        game = c2.game.title(),
                        clock = crate::notices::clock_arg(c2.clock)
                    )
                }),
            });
        }
        Ok(())
    })
    .await?;
    // A real-time challenge made with no page of the site open (or whose last page
    // closes later, notices::Present) leaves the lobby after the grace.
    if !challenge.clock.is_correspondence() && !app.hub.is_present(me.id) {
        app.plan_withdrawal(me.id);
    }
    Ok((
        StatusCode::CREATED,
        Json(serde_json::json!({ "id": challenge.id })),
    )
        .into_response())
}

/// `GET /api/challenges`: the open challenges the caller sees (those for anyone, and
/// those made by or to him), oldest first.
async fn list(
    State(app): State<Arc<App>>,
    MaybeSignedIn(me): MaybeSignedIn,
) -> Result<Response, ApiError> {
    let me = me.map(|a| a.id);
    let list = blocking(move || app.store.challenges().map_err(ApiError::from)).await?;
    let list: Vec<Challenge> = list.into_iter().filter(|c| c.visible_to(me)).collect();
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
    if challenge.opponent_id.is_some_and(|to| to != me.id) {
        return Err(ApiError::forbidden(format!(
            "this challenge is for {} only",
            challenge.opponent.as_deref().unwrap_or("another player")
        )));
    }
    let maker = challenge.account;
    let said = crate::t!(
        "notice-accepted",
        name = &me.name,
        game = challenge.game.title(),
        clock = crate::notices::clock_arg(challenge.clock)
    );
    let text = format!(
        "{} accepted your challenge: {} {}",
        me.name,
        challenge.game.title(),
        challenge.clock_text
    );
    let game = start_game(&app, challenge, me, true).await?;
    app.notify_account(Notice {
        account: maker,
        kind: "accepted".to_string(),
        game: Some(game.clone()),
        challenge: Some(id.clone()),
        text,
        say: crate::notices::say(said),
    });
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

/// `GET /api/challenges/events`: `event: challenges` with the list the caller sees
/// ([`list`]) now and after every change. A signed-in player's open list counts him
/// present ([`crate::notices::Present`]).
async fn events(
    State(app): State<Arc<App>>,
    MaybeSignedIn(me): MaybeSignedIn,
) -> Result<Response, ApiError> {
    let rx = app.lobby_events.subscribe();
    let app2 = Arc::clone(&app);
    let first = blocking(move || app2.store.challenges().map_err(ApiError::from)).await?;
    let account = me.as_ref().map(|a| a.id);
    let present = account.map(|a| Present::new(&app, a));
    let later = futures_util::stream::unfold((rx, present), |(mut rx, present)| async move {
        loop {
            match rx.recv().await {
                Ok(list) => return Some((list, (rx, present))),
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    let stream = futures_util::stream::once(std::future::ready(Arc::new(first)))
        .chain(later)
        .map(move |list| {
            let seen: Vec<&Challenge> = list.iter().filter(|c| c.visible_to(account)).collect();
            let text = serde_json::to_string(&seen).unwrap_or_else(|_| "[]".to_string());
            Ok::<_, std::convert::Infallible>(Event::default().event("challenges").data(text))
        });
    Ok(Sse::new(stream)
        .keep_alive(
            KeepAlive::new()
                .interval(Duration::from_secs(15))
                .text("keepalive"),
        )
        .into_response())
}
