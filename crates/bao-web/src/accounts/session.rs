//! The session cookie and the signed-in account of a request.
//!
//! The cookie `bao_session` holds 128 random bits ([`crate::ids::token`]); the database
//! keeps only its BLAKE2b-256 hash, so a copy of the database signs no one in. It is
//! `HttpOnly` (page scripts cannot read it), `SameSite=Lax` (other sites' pages do not
//! send it with their requests), `Path=/`, `Max-Age` 30 days, and `Secure` when the
//! server's public URL is https (`bao serve --public-url https://...`).

use axum::http::{header, HeaderMap, HeaderValue};
use blake2::{Blake2b, Digest};

use super::model::Account;
use super::repo::SESSION_SECS;
use crate::app::App;

/// The cookie's name.
pub const COOKIE: &str = "bao_session";

/// The hex BLAKE2b-256 of a session token: what the database keeps.
pub fn token_hash(token: &str) -> String {
    let mut h = Blake2b::<blake2::digest::consts::U32>::new();
    h.update(token.as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The session token a request's cookies carry, if any (well-formed only).
pub fn token_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
        .filter(|t| crate::ids::is_id(t))
}

/// The `Set-Cookie` value that starts a session with `token`.
pub fn set_cookie(token: &str, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={SESSION_SECS}{secure}"
    ))
    .expect("a token is header-safe")
}

/// The `Set-Cookie` value that ends the session in the browser.
pub fn clear_cookie(secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{secure}"
    ))
    .expect("header-safe")
}

/// The account signed in by the request's cookie (a database read: call it on the
/// blocking pool). An unknown, expired or malformed token is no one.
pub fn signed_in(app: &App, headers: &HeaderMap) -> Option<Account> {
    let token = token_of(headers)?;
    app.store
        .session_account(&token_hash(&token))
        .ok()
        .flatten()
}
