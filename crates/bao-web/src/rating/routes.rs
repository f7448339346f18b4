//! `GET /api/players/{name}` (a profile) and `GET /api/leaderboard/{game}`.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use super::POOLS;
use crate::app::App;
use crate::error::{clip, ApiError};
use crate::http::{blocking, db_error, path};

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
    name: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let name = path(name)?;
    let answer = blocking(move || {
        let (account, _) = app
            .store
            .account_by_name(&name)
            .map_err(db_error)?
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    format!("no player named {}", clip(&name)),
                )
            })?;
        let mut ratings = serde_json::Map::new();
        let mut history = serde_json::Map::new();
        for pool in POOLS {
            let r = app.store.rating(account.id, pool).map_err(db_error)?;
            ratings.insert(
                pool.to_string(),
                serde_json::to_value(r).unwrap_or_default(),
            );
            let h = app
                .store
                .rating_history(account.id, pool, PROFILE_HISTORY)
                .map_err(db_error)?;
            history.insert(
                pool.to_string(),
                serde_json::to_value(h).unwrap_or_default(),
            );
        }
        let games: Vec<serde_json::Value> = app
            .store
            .games_of(account.id, PROFILE_GAMES)
            .map_err(db_error)?
            .into_iter()
            .map(|r| crate::lobby::game_summary(&r, Some(account.id)))
            .collect();
        Ok(serde_json::json!({
            "name": account.name,
            "engine_level": account.engine_level,
            "bot": account.engine_level.is_some(),
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
    game: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let game = path(game)?;
    if !POOLS.contains(&game.as_str()) {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no leaderboard for {}: the games are \"kiswahili\" and \"kingulu\"",
                clip(&game)
            ),
        ));
    }
    let rows =
        blocking(move || app.store.leaderboard(&game, LEADERBOARD).map_err(db_error)).await?;
    Ok(Json(rows).into_response())
}
