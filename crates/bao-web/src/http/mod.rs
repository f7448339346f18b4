//! The HTTP layer every route shares: the limits ([`BODY_LIMIT`], the timeouts), the
//! middleware that makes every error JSON ([`json_errors`]) and catches panics, the
//! blocking pool; [`error`] (the API's error and the conversions into it) and [`extract`]
//! (bodies, paths, seats and accounts, with errors that say what was wrong).

use std::sync::Mutex;
use std::time::Duration;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

pub mod error;
pub mod extract;

use self::error::ApiError;

/// The largest request body accepted, in bytes (64 KiB); larger bodies get 413.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A client must send its request headers within this time, or the connection closes.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// A request body must arrive within this time (else 408).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest any request may take (else 408); event streams are not limited once open.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Gives every error answer the JSON body `{"error": ...}`: axum's own answers (405 for a
/// wrong method, with the allowed methods from the `Allow` header, 408 for a timeout, and
/// any other error without a JSON body) are rewritten; the API's own [`ApiError`]s pass
/// unchanged.
pub(crate) async fn json_errors(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let method = req.method().clone();
    let path: String = req.uri().path().chars().take(80).collect();
    let res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    if status == StatusCode::METHOD_NOT_ALLOWED {
        let allow = res
            .headers()
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let allowed: Vec<&str> = allow
            .split(',')
            .map(str::trim)
            .filter(|m| !m.is_empty() && *m != "HEAD")
            .collect();
        let message = if allowed.is_empty() {
            format!("method {method} is not allowed on {path}")
        } else {
            format!(
                "method {method} is not allowed on {path}; use {}",
                allowed.join(" or ")
            )
        };
        let mut out = ApiError::new(status, message).into_response();
        if !allow.is_empty() {
            if let Ok(v) = header::HeaderValue::from_str(&allow) {
                out.headers_mut().insert(header::ALLOW, v);
            }
        }
        return out;
    }
    if status == StatusCode::REQUEST_TIMEOUT {
        return ApiError::new(
            status,
            format!(
                "{method} {path}: the request took longer than {} s",
                REQUEST_TIMEOUT.as_secs()
            ),
        )
        .into_response();
    }
    let text = match axum::body::to_bytes(res.into_body(), 4096).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_string(),
        Err(_) => String::new(),
    };
    let message = if text.is_empty() {
        format!(
            "{method} {path}: {}",
            status.canonical_reason().unwrap_or("error").to_lowercase()
        )
    } else {
        format!("{method} {path}: {}", error::clip_message(&text, 200))
    };
    ApiError::new(status, message).into_response()
}

/// Turns a panic in a handler into a 500 with a JSON message instead of a dropped
/// connection (a bug must never take the server down or leave the page without an answer).
pub(crate) async fn catch_panic(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    use futures_util::FutureExt;
    match std::panic::AssertUnwindSafe(next.run(req))
        .catch_unwind()
        .await
    {
        Ok(res) => res,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            ApiError::internal(format!("internal error: {what}")).into_response()
        }
    }
}

/// A number in a path or a query, canonical: `0` or digits without a leading zero or
/// sign (400 otherwise). Any length is plain (the path is at most 2048 bytes): `None` when
/// it is larger than `usize::MAX`, which each caller answers as it would a large number.
pub(crate) fn canonical_number(text: &str, what: &str) -> Result<Option<usize>, ApiError> {
    let ok = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !ok {
        // A ply is in the path (0 = the start position); a limit or an offset in the query.
        let (place, note) = if what == "ply" {
            ("the path", "; 0 = start position")
        } else {
            ("the query", "")
        };
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "{what} {} in {place} is not a number written plainly (0, 1, 2, ...{note})",
                error::clip(text)
            ),
        ));
    }
    Ok(text.parse().ok())
}

/// Locks a mutex, also one a panicking thread left poisoned.
pub(crate) fn lock<T: ?Sized>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` on the blocking pool; a panic in it is a 500.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("internal error: {e}")))?
}

/// Today's date as `YYYY.MM.DD` (UTC), for game records.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    bao_rules::record::date_tag(secs)
}

/// Reads a request's whole body before any route sees it: within [`BODY_TIMEOUT`] in all
/// (a body trickled a byte at a time is cut then, 408), at most [`BODY_LIMIT`] bytes
/// (413), and, when it is sent as JSON, exactly one JSON value (anything after it, such as
/// garbage or a second object, is a 400). Requests without a body pass unchanged.
pub(crate) async fn read_body(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let has_body = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim() != "0")
        || req.headers().contains_key(header::TRANSFER_ENCODING)
        || !axum::body::HttpBody::is_end_stream(req.body());
    if !has_body {
        return next.run(req).await;
    }
    let json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.trim_start()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
    let (parts, body) = req.into_parts();
    let bytes =
        match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, BODY_LIMIT)).await {
            Err(_) => {
                return ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request body did not arrive within {} s",
                        BODY_TIMEOUT.as_secs()
                    ),
                )
                .into_response()
            }
            Ok(Err(e)) => {
                let too_large = std::error::Error::source(&e)
                    .is_some_and(|s| s.to_string().contains("length limit"))
                    || e.to_string().contains("length limit");
                return if too_large {
                    ApiError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!("request body too large: the limit is {BODY_LIMIT} bytes"),
                    )
                } else {
                    ApiError::new(
                        StatusCode::BAD_REQUEST,
                        format!(
                            "cannot read request body: {}",
                            error::clip_message(&e.to_string(), 120)
                        ),
                    )
                }
                .into_response();
            }
            Ok(Ok(b)) => b,
        };
    if json && !bytes.iter().all(u8::is_ascii_whitespace) {
        if let Err(e) = serde_json::from_slice::<serde::de::IgnoredAny>(&bytes) {
            if e.to_string().starts_with("trailing characters") {
                return ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "malformed JSON in request body: {e}: the body must be exactly one JSON value"
                    ),
                )
                .into_response();
            }
        }
    }
    next.run(axum::extract::Request::from_parts(
        parts,
        axum::body::Body::from(bytes),
    ))
    .await
}
