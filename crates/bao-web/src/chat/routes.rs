//! `GET|POST /api/games/{id}/chat`, `GET|POST /api/me/mutes`,
//! `DELETE /api/me/mutes/{name}`, `POST /api/chat/{line}/report`.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::model::{check_text, Line, Room, MAX_HISTORY, RATE_LINES, RATE_WINDOW_MS};
use crate::app::App;
use crate::games::with_game;
use crate::http::error::{clip, ApiError};
use crate::http::extract::{ApiJson, ApiPath, Body, MaybeSignedIn, SignedIn};
use crate::http::{blocking, canonical_number};

/// The chat routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/games/:id/chat", get(read).post(write))
        .route("/api/me/mutes", get(mutes).post(mute))
        .route("/api/me/mutes/:name", delete(unmute))
        .route("/api/chat/:line/report", post(report))
}

/// The body of `POST /api/games/{id}/chat`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBody {
    /// `players` or `spectators` (default: the players' room for a player, else the
    /// spectators').
    #[serde(default)]
    pub room: Option<String>,
    /// The line.
    pub text: String,
}

impl Body for ChatBody {
    const FIELDS: Option<&'static str> = Some("\"text\" and optionally \"room\"");

    fn expects(field: &str) -> Option<&'static str> {
        match field {
            "text" => Some("the line (a string of at most 140 characters)"),
            "room" => Some("\"players\" or \"spectators\""),
            other => crate::http::error::field_expects_any(other),
        }
    }
}

/// The body of `POST /api/me/mutes`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MuteBody {
    /// The account to mute.
    pub name: String,
}

impl Body for MuteBody {
    const FIELDS: Option<&'static str> = Some("\"name\"");
}

/// The players' accounts of game `id` and whether it is over.
async fn players_of(app: &Arc<App>, id: &str) -> Result<([Option<i64>; 2], bool), ApiError> {
    let s = app.slot(id).await?;
    with_game(&s, |_, g| Ok((g.meta().accounts, g.is_over()))).await
}

/// `POST /api/games/{id}/chat {"text", "room"?}` → 201 the line: a signed-in account
/// writes in a room it may write in (403 otherwise, also when a moderator muted it);
/// 422 for a text that is not one line of 1–140 characters; 429 past the rate.
async fn write(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<ChatBody>,
) -> Result<Response, ApiError> {
    let text = check_text(&body.text)?;
    let (accounts, over) = players_of(&app, &id).await?;
    let plays = accounts.contains(&Some(me.id));
    let room = match body.room.as_deref() {
        None if plays => Room::Players,
        None => Room::Spectators,
        Some(r) => Room::named(r).ok_or_else(|| {
            ApiError::invalid(format!(
                "room {} is not a room: \"players\" or \"spectators\"",
                clip(r)
            ))
        })?,
    };
    match room {
        Room::Players if !plays => {
            return Err(ApiError::forbidden(
                "only the game's players write in the players' room: write in the spectators' room",
            ))
        }
        Room::Spectators if plays && !over => {
            return Err(ApiError::forbidden(
                "the players write in the spectators' room once the game is over",
            ))
        }
        _ => {}
    }
    let app2 = Arc::clone(&app);
    let line = Line {
        id: 0,
        game: id.clone(),
        room,
        account: me.id,
        author: me.name,
        text,
        at: String::new(),
        after_end: over,
    };
    let posted = blocking(move || {
        if app2
            .store
            .chat_muted(line.account)
            .map_err(ApiError::from)?
        {
            return Err(ApiError::forbidden(
                "a moderator muted you: you cannot write in the chat",
            ));
        }
        let now = crate::clock::model::now_ms() as i64;
        app2.store.post_chat(line, now).map_err(ApiError::from)
    })
    .await?;
    match posted {
        Err(wait) => Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many chat lines: at most {RATE_LINES} in {} s; write again in {} s",
                RATE_WINDOW_MS / 1000,
                (wait + 999) / 1000
            ),
        )),
        Ok(line) => {
            if !app.store.shared() {
                app.announce_chat(&line);
            }
            Ok((StatusCode::CREATED, Json(line.json())).into_response())
        }
    }
}

/// `GET /api/games/{id}/chat` → `{"players": [line] | null, "spectators": [line] |
/// null, "muted": [name]}`: the rooms the reader may read (the players' room only to
/// the players; the spectators' room to everyone else, and to the players once the game
/// is over), the latest [`MAX_HISTORY`] lines of each, less the lines of those he muted.
async fn read(
    State(app): State<Arc<App>>,
    MaybeSignedIn(me): MaybeSignedIn,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let (accounts, over) = players_of(&app, &id).await?;
    let me = me.map(|a| a.id);
    let plays = me.is_some_and(|a| accounts.contains(&Some(a)));
    let answer = blocking(move || {
        let muted: Vec<(i64, String)> = match me {
            Some(a) => app.store.mutes(a).map_err(ApiError::from)?,
            None => Vec::new(),
        };
        let room = |room: Room, open: bool| -> Result<serde_json::Value, ApiError> {
            if !open {
                return Ok(serde_json::Value::Null);
            }
            let lines = app
                .store
                .chat_lines(&id, room, MAX_HISTORY)
                .map_err(ApiError::from)?;
            Ok(lines
                .iter()
                .filter(|l| !muted.iter().any(|(m, _)| *m == l.account))
                .map(Line::json)
                .collect())
        };
        Ok(serde_json::json!({
            "players": room(Room::Players, plays)?,
            "spectators": room(Room::Spectators, !plays || over)?,
            "muted": muted.iter().map(|(_, n)| n.clone()).collect::<Vec<_>>(),
        }))
    })
    .await?;
    Ok(Json(answer).into_response())
}

/// The accounts `me` muted, as the answer of the mute routes: `{"muted": [name]}`.
fn muted_json(app: &App, me: i64) -> Result<serde_json::Value, ApiError> {
    let names: Vec<String> = app
        .store
        .mutes(me)
        .map_err(ApiError::from)?
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    Ok(serde_json::json!({ "muted": names }))
}

/// `GET /api/me/mutes` → `{"muted": [name]}`.
async fn mutes(State(app): State<Arc<App>>, SignedIn(me): SignedIn) -> Result<Response, ApiError> {
    let v = blocking(move || muted_json(&app, me.id)).await?;
    Ok(Json(v).into_response())
}

/// `POST /api/me/mutes {"name"}` → `{"muted": [name]}`: his lines no longer reach me
/// (live or read back). 404 for no such account, 422 for oneself.
async fn mute(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiJson(body): ApiJson<MuteBody>,
) -> Result<Response, ApiError> {
    let v = blocking(move || {
        let other = named(&app, &body.name)?;
        if other == me.id {
            return Err(ApiError::invalid("you cannot mute yourself"));
        }
        app.store
            .set_mute(me.id, other, true)
            .map_err(ApiError::from)?;
        muted_json(&app, me.id)
    })
    .await?;
    Ok(Json(v).into_response())
}

/// `DELETE /api/me/mutes/{name}` → `{"muted": [name]}`.
async fn unmute(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(name): ApiPath<String>,
) -> Result<Response, ApiError> {
    let v = blocking(move || {
        let other = named(&app, &name)?;
        app.store
            .set_mute(me.id, other, false)
            .map_err(ApiError::from)?;
        muted_json(&app, me.id)
    })
    .await?;
    Ok(Json(v).into_response())
}

/// The id of the account named `name`, or a 404.
fn named(app: &App, name: &str) -> Result<i64, ApiError> {
    app.store
        .account_by_name(name)
        .map_err(ApiError::from)?
        .map(|(a, _)| a.id)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no player named {}", clip(name)),
            )
        })
}

/// `POST /api/chat/{line}/report` → 201 `{"reported": line}` (200 when this account
/// had reported it already): the moderators see it (`GET /api/mod/reports`). 404 for
/// no such line, 422 for one's own.
async fn report(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(text): ApiPath<String>,
) -> Result<Response, ApiError> {
    let missing = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no chat line {}", clip(&text)),
        )
    };
    let id = canonical_number(&text, "line")?
        .and_then(|n| i64::try_from(n).ok())
        .ok_or_else(missing)?;
    let line = {
        let app = Arc::clone(&app);
        blocking(move || app.store.chat_line(id).map_err(ApiError::from)).await?
    }
    .ok_or_else(missing)?;
    if line.account == me.id {
        return Err(ApiError::invalid("you cannot report your own line"));
    }
    let new = blocking(move || app.store.report_line(id, me.id).map_err(ApiError::from)).await?;
    let status = if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(serde_json::json!({ "reported": id }))).into_response())
}
