//! The extractors every handler takes its input with, each rejecting with an
//! [`ApiError`] that says what was wrong:
//!
//! * [`ApiJson`]: a JSON body of a [`Body`] type (400 malformed, 415 not JSON, 422 wrong
//!   shape, in words naming the field); [`OptionalJson`]: the same, or the defaults when no
//!   body is sent;
//! * [`ApiPath`]: the path's parameters (400);
//! * [`Seat`]: the game seat a request acts with (`X-Bao-Seat`, or a signed-in player's
//!   own side in a lobby game);
//! * [`SignedIn`] / [`MaybeSignedIn`]: the account of the session cookie (401 without one
//!   for [`SignedIn`]).

use std::sync::Arc;

use axum::async_trait;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;

use super::error::{field_expects_any, ApiError};
use crate::accounts::session::{signed_in, token_of};
use crate::accounts::Account;
use crate::app::App;
use crate::games::model::LiveGame;

/// A request body type: what its error messages say about it.
pub trait Body: DeserializeOwned {
    /// The body's fields in words, for a body that is not a JSON object (`"move"`,
    /// `"game" and optionally "rules", ...`); `None`: just "a JSON object".
    const FIELDS: Option<&'static str> = None;

    /// What `field` of this body takes, in words (default: the API's usual words for a
    /// field of that name, [`field_expects_any`]).
    fn expects(field: &str) -> Option<&'static str> {
        field_expects_any(field)
    }
}

impl Body for serde_json::Map<String, serde_json::Value> {}

/// A JSON request body of type `T`; a body that cannot be read as one is an [`ApiError`]
/// in words ([`ApiError::from_body_rejection`]).
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

#[async_trait]
impl<S: Send + Sync, T: Body> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        Json::<T>::from_request(req, state)
            .await
            .map(|Json(v)| ApiJson(v))
            .map_err(ApiError::from_body_rejection::<T>)
    }
}

/// As [`ApiJson`], for a body that may be left out: a request without a JSON body (no
/// `Content-Type: application/json`) gets `T::default()`.
#[derive(Debug)]
pub struct OptionalJson<T>(pub T);

#[async_trait]
impl<S: Send + Sync, T: Body + Default> FromRequest<S> for OptionalJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(OptionalJson(v)),
            Err(JsonRejection::MissingJsonContentType(_)) => Ok(OptionalJson(T::default())),
            Err(e) => Err(ApiError::from_body_rejection::<T>(e)),
        }
    }
}

/// Checks the body of a route that takes no fields (`engine`, `hint`): nothing, or `{}`.
///
/// # Errors
/// 422 naming the first field found.
pub fn no_fields(
    body: &serde_json::Map<String, serde_json::Value>,
    route: &str,
) -> Result<(), ApiError> {
    match body.keys().next() {
        None => Ok(()),
        Some(field) => Err(ApiError::invalid(format!(
            "invalid request body: {route} takes no fields, found {}",
            super::error::clip(field)
        ))),
    }
}

/// The path's parameters (`/api/games/{id}`); a path that does not read is a 400.
#[derive(Debug)]
pub struct ApiPath<T>(pub T);

#[async_trait]
impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(v)| ApiPath(v))
            .map_err(ApiError::from)
    }
}

/// The account signed in by the request's session cookie, if any (a database read only
/// when the request carries a cookie this process has not seen: [`crate::accounts::cache`]). An unknown, expired or malformed token is no one.
#[derive(Clone, Debug, Default)]
pub struct MaybeSignedIn(pub Option<Account>);

#[async_trait]
impl FromRequestParts<Arc<App>> for MaybeSignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, ApiError> {
        let Some(token) = token_of(&parts.headers) else {
            return Ok(MaybeSignedIn(None));
        };
        // A session this process knows needs no database read (accounts::cache).
        if let Some(account) = app
            .store
            .cached_session(&crate::accounts::session::token_hash(&token))
        {
            return Ok(MaybeSignedIn(Some(account)));
        }
        let app = Arc::clone(app);
        let headers = parts.headers.clone();
        let account = super::blocking(move || Ok(signed_in(&app, &headers))).await?;
        Ok(MaybeSignedIn(account))
    }
}

/// The account signed in by the request's session cookie; without one the request is a
/// 401 that says what needs the account: `sign in first: tournaments are for players with
/// an account` on the tournament routes (`/api/tournaments…`), `sign in first: the lobby is
/// for players with an account` on the others ([`sign_in_first`]).
#[derive(Clone, Debug)]
pub struct SignedIn(pub Account);

#[async_trait]
impl FromRequestParts<Arc<App>> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, ApiError> {
        let MaybeSignedIn(account) = MaybeSignedIn::from_request_parts(parts, app).await?;
        account
            .map(SignedIn)
            .ok_or_else(|| sign_in_first(parts.uri.path()))
    }
}

/// The 401 of a request to `path` without an account, naming what needs one.
pub fn sign_in_first(path: &str) -> ApiError {
    if path == "/api/tournaments" || path.starts_with("/api/tournaments/") {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "sign in first: tournaments are for players with an account",
        )
        .said(crate::t!("api-sign-in-tournaments"))
    } else {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "sign in first: the lobby is for players with an account",
        )
        .said(crate::t!("api-sign-in-lobby"))
    }
}

/// The header that names a game's seat (the token of the game's link).
pub const SEAT_HEADER: &str = "x-bao-seat";

/// Who a request acts as in a game: the seat token it sends (`X-Bao-Seat`) and its
/// signed-in account (a database read only when it carries a session cookie). Which
/// sides that lets it move depends on the game: [`Seat::seat_in`], [`Seat::require`].
#[derive(Clone, Debug, Default)]
pub struct Seat {
    /// The `X-Bao-Seat` token, if sent.
    pub token: Option<String>,
    /// The signed-in account's id, if any.
    pub account: Option<i64>,
}

impl Seat {
    /// The seat this request acts with in `g`: the one it names, else, for a signed-in
    /// player of a lobby game, his side's seat (he needs no token for his own games).
    pub fn seat_in(&self, g: &dyn LiveGame) -> Option<String> {
        if let Some(s) = &self.token {
            return Some(s.clone());
        }
        let a = self.account?;
        let m = g.meta();
        (0..2)
            .find(|&i| m.accounts[i] == Some(a))
            .and_then(|i| m.invites[i].clone())
    }

    /// The seat of a request that must have one of `g`'s seats.
    ///
    /// # Errors
    /// Without a seat: 401 `sign_in_required` for a lobby game's (its seats belong to
    /// its players' accounts) when not signed in, 403 `not_a_player` when signed in as
    /// someone else, 403 `no_seat` for a game played from links (the seat is its link's
    /// token);
    /// 403 with a token that is not one of `g`'s.
    pub fn require(&self, g: &dyn LiveGame) -> Result<String, ApiError> {
        match self.seat_in(g) {
            None if g.meta().is_lobby() && self.account.is_none() => Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "sign in to play: this game's seats belong to its two players' accounts",
            )
            .coded("sign_in_required", crate::t!("api-seat-sign-in"))),
            None if g.meta().is_lobby() => Err(ApiError::forbidden(
                "you are not a player of this game (you can watch it)",
            )
            .coded("not_a_player", crate::t!("api-seat-not-a-player"))),
            None => Err(ApiError::forbidden(
                "this request needs the game's seat: open the game's link (a program sends the header X-Bao-Seat with the link's token)",
            )
            .coded("no_seat", crate::t!("api-seat-link"))),
            Some(s) if g.meta().knows(&s) => Ok(s),
            Some(_) => Err(ApiError::forbidden(
                "the X-Bao-Seat token is not a seat of this game",
            )
            .said(crate::t!("api-seat-foreign"))),
        }
    }
}

#[async_trait]
impl FromRequestParts<Arc<App>> for Seat {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, ApiError> {
        let token = parts
            .headers
            .get(SEAT_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(|s| s.trim().to_string());
        // As before the extractors: a failed account read is no account.
        let account = MaybeSignedIn::from_request_parts(parts, app)
            .await
            .ok()
            .and_then(|MaybeSignedIn(a)| a)
            .map(|a| a.id);
        Ok(Seat { token, account })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game::WebGame;
    use crate::games::model::{Kind, LiveGame, Meta, NewGame, DEFAULT_LEVEL};

    fn lobby_game() -> WebGame<bao_rules::kingulu::Kingulu> {
        let meta = Meta {
            id: "g1".to_string(),
            level: DEFAULT_LEVEL,
            seat: "c".to_string(),
            invites: [Some("s".to_string()), Some("n".to_string())],
            accounts: [Some(7), Some(8)],
            names: [None, None],
            rated: false,
            clock: None,
            aborted: false,
            draw_offer: None,
            ratings: None,
            created: String::new(),
            updated: String::new(),
            owner: None,
            stored: 0,
            tournament: None,
        };
        let req = NewGame {
            game: bao_rules::GameKind::Kingulu.name().to_string(),
            rules: None,
            level: None,
            south: Some(Kind::Human),
            north: Some(Kind::Human),
        };
        WebGame::create(meta, &req).unwrap()
    }

    #[test]
    fn a_seat_is_the_token_sent_else_the_accounts_side() {
        let g = lobby_game();
        let token = |t: &str, account| Seat {
            token: Some(t.to_string()),
            account,
        };
        assert_eq!(token("n", Some(7)).seat_in(&g), Some("n".to_string()));
        let by_account = |a| Seat {
            token: None,
            account: Some(a),
        };
        assert_eq!(by_account(7).seat_in(&g), Some("s".to_string()));
        assert_eq!(by_account(8).seat_in(&g), Some("n".to_string()));
        assert_eq!(by_account(9).seat_in(&g), None);
        assert_eq!(Seat::default().seat_in(&g), None);
    }

    #[test]
    fn require_refuses_no_seat_and_a_foreign_token() {
        let g = lobby_game();
        let signed_out = Seat::default().require(&g).unwrap_err();
        assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
        assert_eq!(signed_out.code, "sign_in_required");
        assert_eq!(
            signed_out.message,
            "sign in to play: this game's seats belong to its two players' accounts"
        );
        let other = Seat {
            token: None,
            account: Some(9),
        };
        let e = other.require(&g).unwrap_err();
        assert_eq!((e.status, e.code), (StatusCode::FORBIDDEN, "not_a_player"));
        assert_eq!(
            e.message,
            "you are not a player of this game (you can watch it)"
        );
        let foreign = Seat {
            token: Some("x".to_string()),
            account: None,
        };
        let e = foreign.require(&g).unwrap_err();
        assert_eq!(e.status, StatusCode::FORBIDDEN);
        assert_eq!(e.message, "the X-Bao-Seat token is not a seat of this game");
        let own = Seat {
            token: None,
            account: Some(8),
        };
        assert_eq!(own.require(&g).unwrap(), "n");
        assert!(g.meta().is_lobby());
    }
}
