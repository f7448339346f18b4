//! The live games (docs/web.md "Live games", issue 35 item 5): `GET /live` (the page,
//! `static/live.html`) and `GET /api/games/live`, the lobby games in progress (between
//! accounts: people or the lobby's engine accounts), newest first, at most [`LIVE_GAMES`]:
//! each with its players and their ratings in the game's pool, the game, the clock and
//! the plies played, to watch at `/#ID`.
//!
//! Guest games (a browser's game against the computer, a friend's game by invitation)
//! are not listed: they have no players to show and are reached by their links.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use crate::app::App;
use crate::http::blocking;
use crate::http::error::ApiError;
use crate::params;

/// The most games `GET /api/games/live` lists.
pub const LIVE_GAMES: usize = 100;

/// The live games' routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/live", get(page))
        .route("/api/games/live", get(list))
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

/// `GET /api/games/live`: `[{id, game, rules, south, north, plies, rated, clock, to_move,
/// updated, created, ratings: {south, north}}]` — the game summary of a profile's game
/// list ([`crate::lobby::game_summary`]) with the start time and each player's rating
/// (rounded, in the game's pool; `null` for a side without an account), newest first.
///
/// # Errors
/// 500 when the database cannot be read.
async fn list(State(app): State<Arc<App>>) -> Result<Json<Vec<serde_json::Value>>, ApiError> {
    let games = blocking(move || {
        let ids = app
            .store
            .read(|c| {
                c.query(
                    "SELECT id FROM games WHERE result IS NULL AND aborted = 0
                       AND (south_account IS NOT NULL OR north_account IS NOT NULL)
                     ORDER BY created DESC, id LIMIT ?1",
                    params![LIVE_GAMES],
                )
            })
            .map_err(ApiError::from)?;
        let mut out = Vec::new();
        for row in ids {
            let id = row.text("id").map_err(ApiError::from)?;
            // Finished or deleted since the query: left out.
            let Some(r) = app.store.load(&id).map_err(ApiError::from)? else {
                continue;
            };
            if r.result.is_some() || r.aborted {
                continue;
            }
            let mut ratings = serde_json::Map::new();
            for (side, account) in ["south", "north"].into_iter().zip(r.accounts) {
                let rating = match account {
                    Some(a) => Some(
                        app.store
                            .rating(a, r.game.name())
                            .map_err(ApiError::from)?
                            .rating
                            .round(),
                    ),
                    None => None,
                };
                ratings.insert(side.to_string(), serde_json::json!(rating));
            }
            let mut g = crate::lobby::game_summary(&r, None);
            if let Some(o) = g.as_object_mut() {
                o.insert("ratings".into(), serde_json::Value::Object(ratings));
                o.insert("created".into(), serde_json::json!(r.created));
                o.remove("your_turn");
                o.remove("result");
                o.remove("aborted");
            }
            out.push(g);
        }
        Ok(out)
    })
    .await?;
    Ok(Json(games))
}
