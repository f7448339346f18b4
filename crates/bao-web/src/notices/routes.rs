//! `GET /api/me/events`: the signed-in player's notices (server-sent events).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::StreamExt;
use tokio::sync::broadcast;

use super::Present;
use crate::app::App;
use crate::http::error::ApiError;
use crate::http::extract::SignedIn;

/// The notices' stream (it stays open as long as its page).
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/me/events", get(events))
}

/// `GET /api/me/events`: first `event: ready` (`{"name": NAME}`), then `event: notice`
/// (`{"kind", "game", "challenge", "text"}`, see [`super::Notice`]) for every notice to
/// the signed-in player while the stream is open; it counts him present
/// ([`super::Present`]). 401 when signed out.
async fn events(State(app): State<Arc<App>>, SignedIn(me): SignedIn) -> Result<Response, ApiError> {
    let rx = app.hub.subscribe();
    let present = Present::new(&app, me.id);
    let account = me.id;
    let later = futures_util::stream::unfold((rx, present), move |(mut rx, present)| async move {
        loop {
            match rx.recv().await {
                // Issue 31: a closed account's stream ends after telling it.
                Ok(n) if n.account == account && n.kind == "closed" => {
                    rx = broadcast::channel(1).1;
                    return Some((n, (rx, present)));
                }
                Ok(n) if n.account == account => return Some((n, (rx, present))),
                Ok(_) => continue,
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    })
    .map(|n| {
        Event::default()
            .event("notice")
            .data(serde_json::to_string(n.as_ref()).unwrap_or_default())
    });
    let ready = Event::default()
        .event("ready")
        .data(serde_json::json!({ "name": me.name }).to_string());
    let stream = futures_util::stream::once(std::future::ready(ready))
        .chain(later)
        .map(Ok::<_, std::convert::Infallible>);
    Ok(Sse::new(stream)
        .keep_alive(
            KeepAlive::new()
                .interval(Duration::from_secs(15))
                .text("keepalive"),
        )
        .into_response())
}
