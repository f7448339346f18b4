//! `GET|POST /api/me/email`, `POST /api/email/verify`, `POST /api/password/forgot`,
//! `POST /api/password/reset`.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::model::{
    check_email, reset_mail, verify_mail, TokenKind, RESET_GAP_SECS, RESET_SECS, VERIFY_SECS,
};
use super::repo::VerifyError;
use super::Mailer;
use crate::accounts::model::{check_password, hash_password};
use crate::accounts::repo::unix_now;
use crate::accounts::session::token_hash;
use crate::app::App;
use crate::http::blocking;
use crate::http::error::ApiError;
use crate::http::extract::{ApiJson, Body, SignedIn};
use crate::t;

/// The answer to a link that does not work, whatever the reason.
pub const BAD_LINK: &str =
    "this link does not work (used already, expired, or mistyped): ask for a new one";

/// The answer to "forgot password", the same whether or not an account has the address.
pub const FORGOT_SENT: &str = "if an account of this server has this verified address, a mail with a link to set a new password is on its way (the link works once, within an hour)";

/// The mail routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/me/email", get(settings).post(change))
        .route("/api/email/verify", post(verify))
        .route("/api/password/forgot", post(forgot))
        .route("/api/password/reset", post(reset))
}

/// The body of `POST /api/me/email`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmailBody {
    /// A new address (`""` removes it); a verification mail goes to it.
    #[serde(default)]
    pub email: Option<String>,
    /// "Your turn" mails on or off.
    #[serde(default)]
    pub turn_mails: Option<bool>,
}

impl Body for EmailBody {
    const FIELDS: Option<&'static str> = Some("\"email\" and/or \"turn_mails\"");
}

/// The body of `POST /api/email/verify`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenBody {
    /// The token of the link.
    pub token: String,
}

impl Body for TokenBody {
    const FIELDS: Option<&'static str> = Some("\"token\"");
}

/// The body of `POST /api/password/forgot`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForgotBody {
    /// The account's verified address.
    pub email: String,
}

impl Body for ForgotBody {
    const FIELDS: Option<&'static str> = Some("\"email\"");
}

/// The body of `POST /api/password/reset`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResetBody {
    /// The token of the link.
    pub token: String,
    /// The new password (8–200 characters).
    pub password: String,
}

impl Body for ResetBody {
    const FIELDS: Option<&'static str> = Some("\"token\" and \"password\"");
}

/// The 400 of a link that does not work ([`BAD_LINK`]).
fn bad_link() -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, BAD_LINK).said(t!("api-bad-link"))
}

/// The mailer, or the 503 that says this server sends no mail.
fn mailer(app: &App) -> Result<Arc<Mailer>, ApiError> {
    app.mailer.clone().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "this server sends no e-mail (it was started without --smtp): addresses, password resets by mail and turn mails are off",
        )
        .said(t!("api-no-mail"))
    })
}

/// `{"email", "verified", "turn_mails", "mail"}` of `account`.
fn settings_json(app: &App, account: i64) -> Result<serde_json::Value, ApiError> {
    let s = app
        .store
        .email_settings(account)
        .map_err(ApiError::from)?
        .unwrap_or(super::repo::EmailSettings {
            email: None,
            verified: false,
            turn_mails: false,
        });
    Ok(serde_json::json!({
        "email": s.email,
        "verified": s.verified,
        "turn_mails": s.turn_mails,
        "mail": app.mailer.is_some(),
    }))
}

/// `GET /api/me/email` → `{"email": address | null, "verified", "turn_mails", "mail":
/// whether this server sends mail}`.
async fn settings(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
) -> Result<Response, ApiError> {
    let v = blocking(move || settings_json(&app, me.id)).await?;
    Ok(Json(v).into_response())
}

/// `POST /api/me/email {"email"?, "turn_mails"?}` → the settings and `"sent"`: a new
/// address is kept unverified and a verification link (a day) is mailed to it; `""`
/// removes the address. 503 when the server sends no mail (or the mail server failed),
/// 422 for an address that is not one.
async fn change(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiJson(body): ApiJson<EmailBody>,
) -> Result<Response, ApiError> {
    let mailer = mailer(&app)?;
    let email = match body.email.as_deref().map(str::trim) {
        None => None,
        Some("") => Some(None),
        Some(e) => Some(Some(check_email(e)?)),
    };
    let v = blocking(move || {
        if let Some(on) = body.turn_mails {
            app.store.set_turn_mails(me.id, on).map_err(ApiError::from)?;
        }
        let mut sent = false;
        match email {
            None => {}
            Some(None) => app.store.set_email(me.id, None).map_err(ApiError::from)?,
            Some(Some(e)) => {
                app.store.set_email(me.id, Some(&e)).map_err(ApiError::from)?;
                let token = crate::ids::token();
                let now = unix_now();
                app.store
                    .add_mail_token(&token_hash(&token), me.id, TokenKind::Verify, &e, now + VERIFY_SECS, now)
                    .map_err(ApiError::from)?;
                let (subject, text) = verify_mail(&me.name, &mailer.link(&format!("/settings#verify={token}")));
                mailer.send(&e, &subject, &text).map_err(|why| {
                    ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        format!("the address is kept, but the mail could not be sent: {why}; try again later"),
                    )
                    .said(t!("api-mail-failed"))
                })?;
                sent = true;
            }
        }
        let mut v = settings_json(&app, me.id)?;
        v["sent"] = serde_json::Value::Bool(sent);
        Ok(v)
    })
    .await?;
    Ok(Json(v).into_response())
}

/// `POST /api/email/verify {"token"}` → `{"email", "verified": true}`: the link of the
/// verification mail (once, within a day). 400 for a link that does not work, 409 when
/// another account verified the address first.
async fn verify(
    State(app): State<Arc<App>>,
    ApiJson(body): ApiJson<TokenBody>,
) -> Result<Response, ApiError> {
    let v = blocking(move || {
        let bad = bad_link;
        let (account, email) = app
            .store
            .take_mail_token(
                &token_hash(body.token.trim()),
                TokenKind::Verify,
                unix_now(),
            )
            .map_err(ApiError::from)?
            .ok_or_else(bad)?;
        match app.store.verify_email(account, &email) {
            Ok(true) => Ok(serde_json::json!({ "email": email, "verified": true })),
            Ok(false) => Err(bad()),
            Err(VerifyError::Taken) => Err(ApiError::conflict(
                "another account verified this address first: use another",
            )
            .said(t!("api-email-taken"))),
            Err(VerifyError::Store(e)) => Err(ApiError::from(e)),
        }
    })
    .await?;
    Ok(Json(v).into_response())
}

/// `POST /api/password/forgot {"email"}` → `{"text": FORGOT_SENT}`, the same answer,
/// at once, whether or not an account has this verified address; if one has, a reset
/// link (once, within an hour) is mailed to it in the background (at most one mail per
/// account in [`RESET_GAP_SECS`]). 503 when the server sends no mail, 422 for an
/// address that is not one.
async fn forgot(
    State(app): State<Arc<App>>,
    ApiJson(body): ApiJson<ForgotBody>,
) -> Result<Response, ApiError> {
    let mailer = mailer(&app)?;
    let email = check_email(&body.email)?;
    // In the background: the answer takes as long for every address.
    tokio::task::spawn_blocking(move || {
        if let Err(e) = send_reset(&app, &mailer, &email) {
            tracing::warn!("cannot send a password reset mail: {e}");
        }
    });
    Ok(Json(serde_json::json!({ "text": FORGOT_SENT })).into_response())
}

/// The reset mail to the account with the verified address `email`, if any.
fn send_reset(app: &App, mailer: &Mailer, email: &str) -> Result<(), String> {
    let Some((account, name)) = app
        .store
        .account_by_verified_email(email)
        .map_err(|e| e.to_string())?
    else {
        return Ok(());
    };
    let now = unix_now();
    // At most one reset mail per account in RESET_GAP_SECS, however many ask at once.
    if !app
        .store
        .claim_mail("password-reset", account, now * 1000, RESET_GAP_SECS * 1000)
        .map_err(|e| e.to_string())?
    {
        return Ok(());
    }
    let token = crate::ids::token();
    app.store
        .add_mail_token(
            &token_hash(&token),
            account,
            TokenKind::Reset,
            email,
            now + RESET_SECS,
            now,
        )
        .map_err(|e| e.to_string())?;
    let (subject, text) = reset_mail(&name, &mailer.link(&format!("/settings#reset={token}")));
    mailer.send(email, &subject, &text)
}

/// `POST /api/password/reset {"token", "password"}` → `{"name", "sessions_ended": n}`:
/// the link of the reset mail sets the new password once; every session of the account
/// ends. 400 for a link that does not work (used, expired), 422 for a password that
/// breaks the rules (the link still works then).
async fn reset(
    State(app): State<Arc<App>>,
    ApiJson(body): ApiJson<ResetBody>,
) -> Result<Response, ApiError> {
    check_password(&body.password)?;
    let app2 = Arc::clone(&app);
    let token = body.token.trim().to_string();
    let (account, _) = blocking(move || {
        app2.store
            .take_mail_token(&token_hash(&token), TokenKind::Reset, unix_now())
            .map_err(ApiError::from)?
            .ok_or_else(bad_link)
    })
    .await?;
    let _permit = Arc::clone(&app.hashing)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal("the hashing queue is closed"))?;
    let password = body.password;
    let v = blocking(move || {
        let hash = hash_password(&password)?;
        let ended = app
            .store
            .reset_password(account, &hash)
            .map_err(ApiError::from)?;
        let name = app
            .store
            .account(account)
            .map_err(ApiError::from)?
            .map(|a| a.name)
            .unwrap_or_default();
        Ok(serde_json::json!({ "name": name, "sessions_ended": ended }))
    })
    .await?;
    Ok(Json(v).into_response())
}
