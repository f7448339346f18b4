//! `PUT /api/account/lang` (issue 29): the language switch's choice, kept in the cookie
//! `bao_lang` for a year and, for a signed-in player, in his account (any device he signs
//! in from then speaks it until its own switch says otherwise).

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::put;
use axum::{Json, Router};
use serde::Deserialize;

use super::{set_cookie, Lang};
use crate::app::App;
use crate::http::blocking;
use crate::http::error::{clip, ApiError};
use crate::http::extract::{ApiJson, MaybeSignedIn};

/// The language routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/account/lang", put(set_lang))
}

/// The body of `PUT /api/account/lang`: `{"lang": "sw"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LangBody {
    /// A registered language's tag (`en`, `sw`) or the pseudo-locale `en-XA`.
    pub lang: String,
}

impl crate::http::extract::Body for LangBody {
    const FIELDS: Option<&'static str> = Some("the field \"lang\"");
    fn expects(field: &str) -> Option<&'static str> {
        (field == "lang").then_some("a language tag such as \"sw\" or \"en\"")
    }
}

/// Sets the cookie and, when signed in, the account's language: `{"lang": "sw", "saved":
/// true}` (`saved`: kept in the account). 422 for a language not registered.
async fn set_lang(
    State(app): State<Arc<App>>,
    MaybeSignedIn(me): MaybeSignedIn,
    ApiJson(body): ApiJson<LangBody>,
) -> Result<Response, ApiError> {
    let lang = Lang::from_tag(&body.lang).map_err(|_| {
        let known: Vec<&str> = bao_i18n::LANGUAGES.iter().map(|l| l.tag).collect();
        ApiError::invalid(format!(
            "unknown language {} (known: {})",
            clip(&body.lang),
            known.join(", ")
        ))
        .coded(
            "unknown_language",
            crate::t!(
                "api-unknown-language",
                lang = clip(&body.lang),
                known = known.join(", ")
            ),
        )
    })?;
    let saved = match me {
        Some(account) => {
            let tag = lang.tag();
            blocking(move || Ok(app.store.set_account_lang(account.id, tag)?)).await?;
            true
        }
        None => false,
    };
    Ok((
        [(header::SET_COOKIE, set_cookie(lang))],
        Json(serde_json::json!({ "lang": lang.tag(), "saved": saved })),
    )
        .into_response())
}
