//! The security headers of every response (issue 34, item 5), set by tower-http around
//! the whole app, not per handler:
//!
//! - `Content-Security-Policy`: [`CSP`]: scripts, styles, images, fonts and requests from
//!   this server only (no inline script or style, no `eval`), no plugins, no framing by
//!   any page (`frame-ancestors 'none'`), forms post to this server only;
//! - `X-Content-Type-Options: nosniff`;
//! - `Referrer-Policy: same-origin`.
//!
//! A handler that sets one of them itself keeps its own value.

use axum::http::{header, HeaderValue};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

/// The `Content-Security-Policy` of every response.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The `Referrer-Policy` of every response.
pub const REFERRER_POLICY: &str = "same-origin";

/// `router` with the security headers on every response.
pub(crate) fn secure(router: Router) -> Router {
    router
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static(REFERRER_POLICY),
        ))
}
