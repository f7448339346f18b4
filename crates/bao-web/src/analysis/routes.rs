//! `POST /api/games/{id}/analysis` (start, or the finished report) and
//! `GET /api/games/{id}/analysis` (the report JSON of docs/analysis.md, or the progress).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use bao_engine::report::ReportOptions;
use serde::Deserialize;

use super::{Analysis, DEFAULT_DEPTH, MAX_DEPTH, MAX_TIME_MS};
use crate::app::App;
use crate::games::{refuse_help, with_game, Notice, Slot};
use crate::http::error::ApiError;
use crate::http::extract::{ApiJson, ApiPath, OptionalJson, Seat};

/// The analysis routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(
            "/api/games/:id/analysis",
            post(start_analysis).get(get_analysis),
        )
        .route("/api/games/:id/tutor", post(tutor))
        .route("/api/games/:id/analysis/try", post(try_move))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TryBody {
    /// The ply whose position the move is played from (1 = the start).
    ply: usize,
    /// The move (notation.md §3), e.g. the report's best move.
    #[serde(rename = "move")]
    mv: String,
}

impl crate::http::extract::Body for TryBody {}

/// `POST /api/games/{id}/analysis/try {"ply", "move"}`: the move played from the position
/// before that ply, traced lap by lap (`{"played": …}`), for the analysis to play the best
/// move out beside the move played. Access as for the analysis.
async fn try_move(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    who: Seat,
    ApiJson(req): ApiJson<TryBody>,
) -> Result<Response, ApiError> {
    if req.mv.len() > 16 {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "move: at most 16 characters",
        ));
    }
    let slot = app.slot(&id).await?;
    let (game, record, _) = game_of(&slot, who).await?;
    let played = crate::http::blocking(move || {
        super::try_move(game, &record, req.ply, &req.mv)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e))
    })
    .await?;
    Ok(Json(serde_json::json!({ "played": played })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TutorBody {
    /// The move about to be played (notation.md §3).
    #[serde(rename = "move")]
    mv: String,
}

impl crate::http::extract::Body for TutorBody {}

/// `POST /api/games/{id}/tutor {"move"}`: what the tutor says of a move before it is
/// played (a seat of the game, as for a hint).
async fn tutor(
    State(app): State<Arc<App>>,
    who: Seat,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<TutorBody>,
) -> Result<Response, ApiError> {
    if req.mv.len() > 16 {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "move: at most 16 characters",
        ));
    }
    let slot = app.slot(&id).await?;
    let (game, record) = with_game(&slot, move |_, g| {
        who.require(g)?;
        refuse_help(g, "the tutor is")?;
        if g.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        Ok((g.kind(), g.record_text()))
    })
    .await?;
    let permit = app.pool.permit_within(crate::games::ENGINE_WAIT).await?;
    let app2 = Arc::clone(&app);
    let answer = crate::http::blocking(move || {
        let room = app2.pool.solver_room();
        let r = super::tutor(game, &record, &req.mv, app2.pool.hash_mb());
        drop(room);
        drop(permit);
        r.map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e))
    })
    .await?;
    Ok(Json(answer).into_response())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct StartBody {
    /// Milliseconds per position by the clock (at most [`MAX_TIME_MS`]) instead of a
    /// fixed depth: values then depend on the machine's speed and load.
    #[serde(default)]
    time_ms: Option<u64>,
    /// The fixed search depth (1 to [`MAX_DEPTH`]; default [`DEFAULT_DEPTH`]).
    #[serde(default)]
    depth: Option<u32>,
}

impl crate::http::extract::Body for StartBody {}

/// What the routes read of a game: its kind, record and plies, after the access check
/// (a finished game: anyone; a game in progress: its seats, as for the oracle).
async fn game_of(
    slot: &Arc<Slot>,
    who: Seat,
) -> Result<(bao_rules::GameKind, String, usize), ApiError> {
    with_game(slot, move |_, g| {
        if !g.is_over() {
            who.require(g)?;
            refuse_help(g, "analysis is")?;
        }
        Ok((g.kind(), g.record_text(), g.plies()))
    })
    .await
}

/// `{"status": "running", "done": d, "total": n}` with 202.
fn running(a: &Analysis) -> Response {
    (
        StatusCode::ACCEPTED,
        Json(serde_json::json!({
            "status": "running",
            "done": a.done.load(Ordering::Relaxed),
            "total": a.plies,
        })),
    )
        .into_response()
}

/// The finished report JSON with 200.
fn finished(text: &str) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        text.to_string(),
    )
        .into_response()
}

async fn start_analysis(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    who: Seat,
    OptionalJson(req): OptionalJson<StartBody>,
) -> Result<Response, ApiError> {
    if let Some(time_ms) = req.time_ms.filter(|&t| t == 0 || t > MAX_TIME_MS) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("time_ms {time_ms}: give 1 to {MAX_TIME_MS} ms per position"),
        ));
    }
    if req.depth.is_some_and(|d| d == 0 || d > MAX_DEPTH) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("depth: give 1 to {MAX_DEPTH} plies"),
        ));
    }
    if req.time_ms.is_some() && req.depth.is_some() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "give time_ms (by the clock) or depth (fixed), not both",
        ));
    }
    let slot = app.slot(&id).await?;
    let (game, record, plies) = game_of(&slot, who).await?;
    let (a, fresh) = app.analyses.start(&id, plies);
    if !fresh {
        if let Some(text) = a.result.lock().unwrap_or_else(|e| e.into_inner()).clone() {
            return Ok(finished(&text));
        }
        return Ok(running(&a));
    }
    let opts = ReportOptions {
        memory_mb: Some(app.pool.hash_mb()),
        ..match req.time_ms {
            Some(ms) => ReportOptions::timed(ms),
            None => ReportOptions::fixed(req.depth.unwrap_or(DEFAULT_DEPTH)),
        }
    };
    let job = Arc::clone(&a);
    let app2 = Arc::clone(&app);
    tokio::spawn(async move {
        // One engine of the pool for the whole analysis (bounded like every engine job).
        let permit = app2.pool.permit().await;
        let slot2 = Arc::clone(&slot);
        let job2 = Arc::clone(&job);
        let app3 = Arc::clone(&app2);
        let out = tokio::task::spawn_blocking(move || {
            let mut progress = |done: usize, total: usize| {
                job2.done.store(done, Ordering::Relaxed);
                let _ = slot2.events.send(Notice::Analysis(Arc::new(format!(
                    "{{\"done\":{done},\"total\":{total},\"ready\":false}}"
                ))));
                !job2.stop.load(Ordering::Relaxed) && !slot2.deleted.load(Ordering::SeqCst)
            };
            let _room = app3.pool.solver_room();
            super::run(game, &record, opts, &mut progress)
        })
        .await;
        drop(permit);
        let text = match out {
            Ok(Ok(text)) => text,
            Ok(Err(e)) => serde_json::json!({ "error": e }).to_string(),
            Err(e) => serde_json::json!({ "error": format!("internal error: {e}") }).to_string(),
        };
        if job.stop.load(Ordering::Relaxed) || slot.deleted.load(Ordering::SeqCst) {
            app2.analyses.forget(&id);
            return;
        }
        app2.analyses.finish(&job, text);
        let _ = slot.events.send(Notice::Analysis(Arc::new(format!(
            "{{\"done\":{plies},\"total\":{plies},\"ready\":true}}"
        ))));
    });
    Ok(running(&a))
}

async fn get_analysis(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    who: Seat,
) -> Result<Response, ApiError> {
    let slot = app.slot(&id).await?;
    game_of(&slot, who).await?;
    let Some(a) = app.analyses.get(&id) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no analysis of this game yet: POST /api/games/{id}/analysis starts one"),
        ));
    };
    let done = a.result.lock().unwrap_or_else(|e| e.into_inner()).clone();
    Ok(match done {
        Some(text) => finished(&text),
        None => running(&a),
    })
}
