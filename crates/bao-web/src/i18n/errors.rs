//! Error answers in the request's language (issue 29): every JSON error keeps its stable
//! `code` and gets its `error` sentence from the catalogue — the error's own message when
//! it has one ([`ApiError::said`]), else the sentence of its status with the English
//! message beside it as `detail`. English answers are left as the handlers wrote them.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::{Lang, Said};
use crate::http::error::ApiError;
use crate::t;

/// The code of an error that has none of its own, by its status (`invalid` for 422,
/// `conflict` for 409, `not_found` for 404…).
pub fn status_code(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "bad_request",
        401 => "sign_in_required",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        408 => "timeout",
        409 => "conflict",
        413 => "too_large",
        414 => "uri_too_long",
        415 => "unsupported_media_type",
        422 => "invalid",
        429 => "too_many_requests",
        431 => "headers_too_large",
        503 => "unavailable",
        _ => "internal",
    }
}

/// The sentence of a status, for an error without a message in the catalogue.
fn status_said(status: StatusCode) -> Said {
    match status.as_u16() {
        400 => t!("api-bad-request"),
        401 => t!("api-sign-in-required"),
        403 => t!("api-forbidden"),
        404 => t!("api-not-found"),
        405 => t!("api-method-not-allowed"),
        408 => t!("api-timeout"),
        409 => t!("api-conflict"),
        413 => t!("api-too-large"),
        414 => t!("api-uri-too-long"),
        415 => t!("api-unsupported-media-type"),
        422 => t!("api-invalid"),
        429 => t!("api-too-many-requests"),
        431 => t!("api-headers-too-large"),
        503 => t!("api-unavailable"),
        _ => t!("api-internal"),
    }
}

/// The JSON body of `e` in `lang`.
pub fn body(e: &ApiError, lang: Lang) -> serde_json::Value {
    if lang == Lang::EN {
        return serde_json::json!({ "error": e.message, "code": e.code });
    }
    match &e.said {
        Some(said) => serde_json::json!({ "error": said.format(lang), "code": e.code }),
        None => serde_json::json!({
            "error": status_said(e.status).format(lang),
            "code": e.code,
            "detail": e.message,
        }),
    }
}

/// `res` with its error body in `lang` (answers that are not an [`ApiError`] pass).
pub fn localize(lang: Lang, res: Response) -> Response {
    if lang == Lang::EN {
        return res;
    }
    let Some(e) = res.extensions().get::<ApiError>().cloned() else {
        return res;
    };
    let (mut parts, _) = res.into_parts();
    let fresh = Json(body(&e, lang)).into_response();
    let (fresh_parts, fresh_body) = fresh.into_parts();
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    if let Some(ct) = fresh_parts.headers.get(axum::http::header::CONTENT_TYPE) {
        parts
            .headers
            .insert(axum::http::header::CONTENT_TYPE, ct.clone());
    }
    Response::from_parts(parts, fresh_body)
}
