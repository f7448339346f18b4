//! `GET /api/mod/reports`, `POST /api/mod/reports/{id}/resolve`,
//! `POST /api/mod/accounts/{name}/mute`, `POST /api/mod/accounts/{name}/close`.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::MODERATOR;
use crate::accounts::Account;
use crate::app::App;
use crate::http::error::{clip, ApiError};
use crate::http::extract::{ApiJson, ApiPath, Body, SignedIn};
use crate::http::{blocking, canonical_number};
use crate::notices::Notice;

/// The most open reports one answer lists.
pub const MAX_REPORTS: usize = 200;

/// The moderation routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/mod/reports", get(reports))
        .route("/api/mod/reports/:id/resolve", post(resolve))
        .route("/api/mod/accounts/:name/mute", post(mute))
        .route("/api/mod/accounts/:name/close", post(close))
}

/// The body of `POST /api/mod/accounts/{name}/mute`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MuteBody {
    /// Mute (`true`) or unmute.
    pub muted: bool,
}

impl Body for MuteBody {
    const FIELDS: Option<&'static str> = Some("\"muted\" (true or false)");
}

/// The signed-in moderator, or a 403.
fn moderator(app: &App, me: &Account) -> Result<(), ApiError> {
    match app.store.role(me.id).map_err(ApiError::from)? {
        Some(r) if r == MODERATOR => Ok(()),
        _ => Err(ApiError::forbidden(
            "only moderators may do this (an administrator makes one with bao admin grant NAME)",
        )),
    }
}

/// The account named `name` (a person, not an engine account), or a 404.
fn account_named(app: &App, name: &str) -> Result<Account, ApiError> {
    app.store
        .account_by_name(name)
        .map_err(ApiError::from)?
        .map(|(a, _)| a)
        .filter(|a| a.engine_level.is_none())
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no player named {}", clip(name)),
            )
        })
}

/// `GET /api/mod/reports` → the open reports, oldest first: `[{"id", "line": {"id",
/// "room", "author", "text", "at"}, "game", "reporter", "created"}]`.
async fn reports(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
) -> Result<Response, ApiError> {
    let list = blocking(move || {
        moderator(&app, &me)?;
        app.store.open_reports(MAX_REPORTS).map_err(ApiError::from)
    })
    .await?;
    Ok(Json(list).into_response())
}

/// `POST /api/mod/reports/{id}/resolve` → `{"resolved": id}` (404 when no such open
/// report).
async fn resolve(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(text): ApiPath<String>,
) -> Result<Response, ApiError> {
    let missing = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no open report {}", clip(&text)),
        )
    };
    let id = canonical_number(&text, "report")?
        .and_then(|n| i64::try_from(n).ok())
        .ok_or_else(missing)?;
    let done = blocking(move || {
        moderator(&app, &me)?;
        app.store.resolve_report(id).map_err(ApiError::from)
    })
    .await?;
    if !done {
        return Err(missing());
    }
    Ok(Json(serde_json::json!({ "resolved": id })).into_response())
}

/// `POST /api/mod/accounts/{name}/mute {"muted": bool}` → `{"name", "chat_muted"}`: a
/// muted account writes in no chat (403) until unmuted.
async fn mute(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(name): ApiPath<String>,
    ApiJson(body): ApiJson<MuteBody>,
) -> Result<Response, ApiError> {
    let v = blocking(move || {
        moderator(&app, &me)?;
        let a = account_named(&app, &name)?;
        app.store
            .set_chat_muted(a.id, body.muted)
            .map_err(ApiError::from)?;
        Ok(serde_json::json!({ "name": a.name, "chat_muted": body.muted }))
    })
    .await?;
    Ok(Json(v).into_response())
}

/// `POST /api/mod/accounts/{name}/close` → `{"name", "closed": true, "sessions_ended":
/// n}`: the account cannot sign in again, its sessions end at once (its next request
/// is signed out), its open challenges leave the lobby, and its pages' notices stream
/// ends (`event: notice` of kind `closed`, then the stream's end). 422 for one's own
/// account.
async fn close(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(name): ApiPath<String>,
) -> Result<Response, ApiError> {
    let v = blocking(move || {
        moderator(&app, &me)?;
        let a = account_named(&app, &name)?;
        if a.id == me.id {
            return Err(ApiError::invalid("you cannot close your own account here"));
        }
        let ended = app.store.close_account(a.id).map_err(ApiError::from)?;
        crate::lobby::announce(&app);
        app.notify_account(Notice {
            account: a.id,
            kind: "closed".to_string(),
            game: None,
            challenge: None,
            text: "a moderator closed your account".to_string(),
            say: crate::notices::say(crate::t!("notice-closed")),
        });
        tracing::info!(
            account = a.id,
            sessions = ended,
            "a moderator closed an account"
        );
        Ok(serde_json::json!({ "name": a.name, "closed": true, "sessions_ended": ended }))
    })
    .await?;
    Ok(Json(v).into_response())
}
