//! `POST /api/accounts`, `POST|DELETE /api/session`, `GET /api/me`.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::limit::{Count, Limits, Taken};
use super::model::{check_name, check_password, dummy_hash, hash_password, verify_password};
use super::repo::CreateError;
use super::session::{clear_cookie, set_cookie, token_hash, token_of};
use crate::app::App;
use crate::http::blocking;
use crate::http::error::{clip, ApiError};
use crate::http::extract::{ApiJson, MaybeSignedIn};
use crate::ids;
use crate::proxy::Client;
use crate::t;

/// The account routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/accounts", post(sign_up))
        .route("/api/session", post(sign_in).delete(sign_out))
        .route("/api/me", get(me))
}

/// The body of sign-up and sign-in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account name.
    pub name: String,
    /// The password.
    pub password: String,
}

impl crate::http::extract::Body for Credentials {}

/// The limits of `app`: in the database when it is shared, else in memory.
fn limits(app: &App) -> Limits<'_> {
    Limits {
        memory: &app.limits,
        shared: app.store.shared().then_some(&app.store),
    }
}

/// Takes one attempt of each of `counts` from `ip` (429 when one is spent).
async fn take(app: &Arc<App>, ip: IpAddr, counts: Vec<Count>) -> Result<Taken, ApiError> {
    let app = Arc::clone(app);
    blocking(move || limits(&app).take(ip, counts)).await
}

/// Gives back what [`take`] took.
async fn give_back(app: &Arc<App>, taken: Taken) -> Result<(), ApiError> {
    let app = Arc::clone(app);
    blocking(move || limits(&app).give_back(&taken)).await
}

/// Hashes or verifies a password on the blocking pool, at most two at once (argon2id
/// takes 19 MiB each).
async fn hashing<T: Send + 'static>(
    app: &Arc<App>,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _permit = Arc::clone(&app.hashing)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal("the hashing queue is closed"))?;
    blocking(f).await
}

fn with_cookie(
    status: StatusCode,
    cookie: axum::http::HeaderValue,
    json: serde_json::Value,
) -> Response {
    let mut res = (status, Json(json)).into_response();
    res.headers_mut().insert(header::SET_COOKIE, cookie);
    res
}

async fn sign_up(
    State(app): State<Arc<App>>,
    Client(client): Client,
    payload: Result<ApiJson<Credentials>, ApiError>,
) -> Result<Response, ApiError> {
    take(&app, client, super::limit::sign_up()).await?;
    // The rate limit first: a malformed body counts as an attempt.
    let ApiJson(req) = payload?;
    check_name(&req.name)?;
    check_password(&req.password)?;
    let password = req.password;
    let hash = hashing(&app, move || Ok(hash_password(&password)?)).await?;
    let token = ids::token();
    let th = token_hash(&token);
    let app2 = Arc::clone(&app);
    let name = req.name.clone();
    let account = blocking(move || match app2.store.create_account(&name, &hash, &th) {
        Ok(a) => Ok(a),
        Err(CreateError::Taken) => Err(ApiError::conflict(format!(
            "the name {} is taken (names are unique ignoring case): choose another",
            clip(&name)
        ))
        .said(t!("api-name-taken", name = clip(&name)))),
        Err(CreateError::Store(e)) => Err(ApiError::from(e)),
    })
    .await?;
    Ok(with_cookie(
        StatusCode::CREATED,
        set_cookie(&token, app.secure_cookies),
        serde_json::json!({ "name": account.name }),
    ))
}

async fn sign_in(
    State(app): State<Arc<App>>,
    Client(client): Client,
    payload: Result<ApiJson<Credentials>, ApiError>,
) -> Result<Response, ApiError> {
    let ApiJson(req) = payload?;
    // A failure is taken before the password is checked and given back when it was
    // right: only failures count, also of guesses sent all at once.
    let failure = take(&app, client, super::limit::failed_sign_in(&req.name)).await?;
    let app2 = Arc::clone(&app);
    let name = req.name.clone();
    let found = blocking(move || app2.store.account_by_name(&name).map_err(ApiError::from)).await?;
    let password = req.password;
    let (account, ok) = hashing(&app, move || {
        Ok(match found {
            Some((a, Some(hash))) => {
                let ok = verify_password(&password, &hash);
                (Some(a), ok)
            }
            // An unknown name or an engine account: the same work, the same answer.
            _ => {
                let _ = verify_password(&password, dummy_hash());
                (None, false)
            }
        })
    })
    .await?;
    let account = match (account, ok) {
        (Some(a), true) => a,
        _ => {
            return Err(
                ApiError::new(StatusCode::UNAUTHORIZED, "wrong name or password")
                    .said(t!("api-wrong-credentials")),
            )
        }
    };
    give_back(&app, failure).await?;
    // Issue 31: a moderator closed it (the right password changes nothing).
    let closed = {
        let app2 = Arc::clone(&app);
        let id = account.id;
        blocking(move || app2.store.is_closed(id).map_err(ApiError::from)).await?
    };
    if closed {
        return Err(
            ApiError::forbidden("this account was closed by a moderator")
                .said(t!("api-account-closed")),
        );
    }
    let token = ids::token();
    let th = token_hash(&token);
    let app2 = Arc::clone(&app);
    let id = account.id;
    blocking(move || app2.store.create_session(id, &th).map_err(ApiError::from)).await?;
    Ok(with_cookie(
        StatusCode::OK,
        set_cookie(&token, app.secure_cookies),
        serde_json::json!({ "name": account.name }),
    ))
}

async fn sign_out(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = token_of(&headers) {
        let app2 = Arc::clone(&app);
        blocking(move || {
            app2.store
                .delete_session(&token_hash(&token))
                .map_err(ApiError::from)
        })
        .await?;
    }
    Ok(with_cookie(
        StatusCode::OK,
        clear_cookie(app.secure_cookies),
        serde_json::json!({ "signed_out": true }),
    ))
}

/// `GET /api/me`: who this browser is signed in as, `{"name", "signed_in": true}`, or
/// `{"name": null, "signed_in": false}`. Not being signed in is an answer, not an error:
/// every page's header asks (header.js), and a 401 would be a console error for every
/// signed-out visitor. The routes that need an account answer 401 (`SignedIn`).
async fn me(MaybeSignedIn(me): MaybeSignedIn) -> Json<serde_json::Value> {
    match me {
        Some(a) => Json(serde_json::json!({ "name": a.name, "signed_in": true })),
        None => Json(serde_json::json!({ "name": null, "signed_in": false })),
    }
}
