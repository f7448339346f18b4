//! The live games page (docs/web.md "Live games", issue 35 item 5): `GET /live`
//! (`static/live.html`), which lists `GET /api/games/live` (games/routes.rs: the lobby
//! games in progress, newest first, at most 100, with the players' ratings, the clock and
//! the ply), each to watch at `/#ID`.
//!
//! Guest games (a browser's game against the computer, a friend's game by invitation)
//! are not listed: they have no players to show and are reached by their links.

use std::sync::Arc;

use axum::response::Response;
use axum::routing::get;
use axum::Router;

use crate::app::App;

/// The live games' routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/live", get(page))
}

async fn page(crate::i18n::ReqLang(lang): crate::i18n::ReqLang) -> Response {
    crate::assets::page_in("live.html", lang)
}
