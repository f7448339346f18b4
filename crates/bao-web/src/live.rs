//! The live games page (docs/web.md "Live games", issue 35 item 5): `GET /live`
//! (`static/live.html`), which lists `GET /api/games/live` (games/routes.rs: the lobby
//! games in progress, newest first, at most 100, with the players' ratings, the clock and
//! the ply), each to watch at `/#ID`.
//!
//! Guest games (a browser's game against the computer, a friend's game by invitation)
//! are not listed: they have no players to show and are reached by their links.

use std::sync::Arc;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::app::App;
use crate::http::error::ApiError;

/// The live games' routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/live", get(page))
}

async fn page() -> Response {
    match crate::assets::page_file("live.html") {
        Some(f) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            f.contents(),
        )
            .into_response(),
        None => ApiError::internal("the live games page is missing").into_response(),
    }
}
