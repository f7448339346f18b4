//! The server's logs, through `tracing`: human text (the default) or JSON lines
//! (`bao serve --log json`), on stderr, at level INFO and above. Every request runs in a
//! span `request` with its request id (`x-request-id`: the client's, or a new one, sent
//! back on the answer), the instance (a random id per process, so that the logs of
//! several instances sharing one PostgreSQL database can be told apart), the method and
//! the path; what is logged while it is served carries them.

use std::str::FromStr;
use std::sync::OnceLock;

use axum::http::{HeaderValue, Request};
use axum::Router;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::trace::TraceLayer;

/// How the logs are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// Human text, one line per event (`--log text`, the default).
    #[default]
    Text,
    /// One JSON object per line (`--log json`), for log collectors.
    Json,
}

impl FromStr for LogFormat {
    type Err = String;

    /// `text` or `json`.
    ///
    /// # Errors
    /// Any other text, named in the message.
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!(
                "unknown log format {other:?}: expected text or json"
            )),
        }
    }
}

/// Sends the logs to stderr in `format`, at level INFO and above. A second call (or a
/// process that installed its own subscriber) changes nothing.
pub fn init(format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}

/// This process's instance id: 8 random letters and digits, the same for its whole life.
pub fn instance() -> &'static str {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| crate::ids::token().chars().take(8).collect())
}

/// The request id of a request that has none: `<instance>-<n>`, n counting from 1.
#[derive(Clone, Default)]
struct NextId;

impl MakeRequestId for NextId {
    fn make_request_id<B>(&mut self, _: &Request<B>) -> Option<RequestId> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(1);
        let n = N.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{}-{n}", instance()))
            .ok()
            .map(RequestId::new)
    }
}

/// `router` with a request id (`x-request-id`) on every request and its answer, and a
/// `request` span around it (id, instance, method, path).
pub fn traced(router: Router) -> Router {
    router
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request<axum::body::Body>| {
                let id = req
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-");
                tracing::info_span!(
                    "request",
                    id = %id,
                    instance = %instance(),
                    method = %req.method(),
                    path = %req.uri().path(),
                )
            }),
        )
        .layer(SetRequestIdLayer::x_request_id(NextId))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_instance() {
        assert_eq!("json".parse(), Ok(LogFormat::Json));
        assert_eq!("text".parse(), Ok(LogFormat::Text));
        assert_eq!(
            "xml".parse::<LogFormat>(),
            Err("unknown log format \"xml\": expected text or json".to_string())
        );
        assert_eq!(instance().len(), 8);
        assert_eq!(instance(), instance());
    }
}
