//! `GET /api/players/{name}` (a profile) and `GET /api/leaderboard/{game}`.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use super::POOLS;
use crate::app::App;
use crate::http::blocking;
use crate::http::error::{clip, ApiError};
use crate::http::extract::ApiPath;

/// The most recent games a profile lists.
pub const PROFILE_GAMES: usize = 20;
/// The most rating changes a profile's history holds, per pool.
pub const PROFILE_HISTORY: usize = 100;
/// The most players on a leaderboard.
pub const LEADERBOARD: usize = 100;

/// The rating routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/players/:name", get(player))
        .route("/api/leaderboard/:game", get(leaderboard))
}

async fn player(
    State(app): State<Arc<App>>,
    ApiPath(name): ApiPath<String>,
) -> Result<Response, ApiError> {
    let answer = blocking(move || {
        let (account, _) = app
            .store
            .account_by_name(&name)
            .map_err(ApiError::from)?
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    format!("no player named {}", clip(&name)),
                )
            })?;
        let mut ratings = serde_json::Map::new();
        let mut history = serde_json::Map::new();
        for pool in POOLS {
            let r = app
                .store
                .rating(account.id, pool.name())
                .map_err(ApiError::from)?;
            ratings.insert(
                pool.to_string(),
                serde_json::to_value(r).unwrap_or_default(),
            );
            let h = app
                .store
                .rating_history(account.id, pool.name(), PROFILE_HISTORY)
                .map_err(ApiError::from)?;
            history.insert(
                pool.to_string(),
                serde_json::to_value(h).unwrap_or_default(),
            );
        }
        let games: Vec<serde_json::Value> = app
            .store
            .games_of(account.id, PROFILE_GAMES)
            .map_err(ApiError::from)?
            .into_iter()
            .map(|r| crate::lobby::game_summary(&r, Some(account.id)))
            .collect();
        Ok(serde_json::json!({
            "name": account.name,
            "engine_level": account.engine_level,
            "ratings": ratings,
            "history": history,
            "games": games,
        }))
    })
    .await?;
    Ok(Json(answer).into_response())
}

async fn leaderboard(
    State(app): State<Arc<App>>,
    ApiPath(game): ApiPath<String>,
) -> Result<Response, ApiError> {
    if crate::kinds::named(&game).is_none() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no leaderboard for {}: the games are {}",
                clip(&game),
                crate::kinds::quoted("and")
            ),
        ));
    }
    let rows = blocking(move || {
        app.store
            .leaderboard(&game, LEADERBOARD)
            .map_err(ApiError::from)
    })
    .await?;
    Ok(Json(rows).into_response())
}
