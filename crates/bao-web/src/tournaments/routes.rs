//! `POST|GET /api/tournaments`, `GET /api/tournaments/{id}`, `GET …/trf`,
//! `POST …/join`, `…/leave`, `…/start`, `…/withdraw`, and the live stream
//! `GET …/events`.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::StreamExt;
use tokio::sync::broadcast;

use super::api::{changed, no_tournament, start};
use super::model::{max_players, PlayerBody, Status, Tournament, TournamentBody};
use super::repo::{Entry, Snapshot};
use crate::accounts::Account;
use crate::app::App;
use crate::clock::model::now_ms;
use crate::http::blocking;
use crate::http::error::{clip, ApiError};
use crate::http::extract::{ApiJson, ApiPath, OptionalJson, SignedIn};
use crate::ids;
use crate::t;

/// The tournament routes that answer at once.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/tournaments", post(create).get(list))
        .route("/api/tournaments/:id", get(one))
        .route("/api/tournaments/:id/trf", get(trf))
        .route("/api/tournaments/:id/join", post(join))
        .route("/api/tournaments/:id/leave", post(leave))
        .route("/api/tournaments/:id/start", post(start_route))
        .route("/api/tournaments/:id/withdraw", post(withdraw))
}

/// The live stream, which stays open.
pub fn streams() -> Router<Arc<App>> {
    Router::new().route("/api/tournaments/:id/events", get(events))
}

/// The tournament `id` with its players and pairings, or 404.
async fn snapshot(app: &Arc<App>, id: &str) -> Result<Snapshot, ApiError> {
    if !ids::is_id(id) {
        return Err(no_tournament(id));
    }
    let app2 = Arc::clone(app);
    let key = id.to_string();
    blocking(move || {
        app2.store
            .tournament(&key)
            .map_err(ApiError::from)?
            .ok_or_else(|| no_tournament(&key))
    })
    .await
}

async fn create(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiJson(req): ApiJson<TournamentBody>,
) -> Result<Response, ApiError> {
    if me.engine_level.is_some() {
        return Err(
            ApiError::forbidden("engine accounts do not organise tournaments")
                .said(t!("api-t-engine-organise")),
        );
    }
    let settings = req.check(now_ms() as i64)?;
    let t = Tournament {
        id: ids::token(),
        settings,
        creator: (me.id, me.name.clone()),
        status: Status::Open,
        round: 0,
        version: 1,
        first_colour: None,
        note: None,
        created: ids::now_rfc3339(),
        finished: None,
    };
    let id = t.id.clone();
    let app2 = Arc::clone(&app);
    blocking(move || {
        app2.store
            .create_tournament(&t)
            .map_err(ApiError::from)?
            .map_err(too_many)?;
        changed(&app2, &t.id);
        Ok(())
    })
    .await?;
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "id": id }))).into_response())
}

/// 409 for a tournament the store refused to create: its creator's, or the server's,
/// tournaments open or running are at their limit (the store's sentence says which).
fn too_many(message: String) -> ApiError {
    use super::model::{MAX_ACTIVE, MAX_OWN};
    let said = if message.starts_with("you have") {
        t!("api-t-own-limit", max = MAX_OWN)
    } else {
        t!("api-t-server-limit", max = MAX_ACTIVE)
    };
    ApiError::conflict(message).said(said)
}

/// `GET /api/tournaments`: `{"upcoming", "running", "finished"}`, each a list of
/// summaries (upcoming and running: every one, newest first; finished: the last 50).
async fn list(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let all = blocking(move || app.store.tournaments().map_err(ApiError::from)).await?;
    let pick = |s: Status| -> Vec<serde_json::Value> {
        all.iter()
            .filter(|(t, _)| t.status == s)
            .map(|(t, n)| super::view::summary(t, *n))
            .collect()
    };
    Ok(Json(serde_json::json!({
        "upcoming": pick(Status::Open),
        "running": pick(Status::Running),
        "finished": pick(Status::Finished),
    }))
    .into_response())
}

async fn one(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let snap = snapshot(&app, &id).await?;
    Ok(Json(super::view::full(&snap)).into_response())
}

/// `GET /api/tournaments/{id}/trf`: the FIDE TRF-16 report of the rounds played.
async fn trf(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let snap = snapshot(&app, &id).await?;
    if snap.t.status == Status::Open {
        return Err(ApiError::conflict(
            "the tournament has not started: its report has no players ranked yet",
        )
        .said(t!("api-t-no-report")));
    }
    let text = super::pairing::trf(&snap.t, &snap.players, &snap.pairings);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"tournament-{id}.trf\""),
            ),
        ],
        text,
    )
        .into_response())
}

/// The account a `player` field names: an engine account (`bao-N`) the creator enters
/// or removes, or any player the creator withdraws; the caller himself without it.
async fn player_named(
    app: &Arc<App>,
    me: &Account,
    t: &Tournament,
    player: Option<&str>,
    engines_only: bool,
) -> Result<Account, ApiError> {
    let Some(name) = player.map(str::trim) else {
        return Ok(me.clone());
    };
    if name.eq_ignore_ascii_case(&me.name) {
        return Ok(me.clone());
    }
    if me.id != t.creator.0 {
        return Err(ApiError::forbidden(format!(
            "only the organiser ({}) acts for other players",
            t.creator.1
        ))
        .said(t!("api-t-organiser-acts", name = &t.creator.1)));
    }
    let app2 = Arc::clone(app);
    let key = name.to_string();
    let found = blocking(move || app2.store.account_by_name(&key).map_err(ApiError::from)).await?;
    let Some((account, _)) = found else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no player named {}", clip(name)),
        )
        .said(t!("api-t-no-player", name = clip(name))));
    };
    if engines_only && account.engine_level.is_none() {
        return Err(ApiError::forbidden(format!(
            "{} joins by himself: the organiser enters engine accounts (bao-1 … bao-10) only",
            account.name
        ))
        .said(t!("api-t-engines-only", name = &account.name)));
    }
    Ok(account)
}

/// `POST /api/tournaments/{id}/join` (optionally `{"player": "bao-3"}`: the organiser
/// enters an engine account).
async fn join(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
    OptionalJson(body): OptionalJson<PlayerBody>,
) -> Result<Response, ApiError> {
    let snap = snapshot(&app, &id).await?;
    let who = player_named(&app, &me, &snap.t, body.player.as_deref(), true).await?;
    if body.player.is_none() && me.engine_level.is_some() {
        return Err(ApiError::forbidden(
            "engine accounts are entered by an organiser",
        ));
    }
    let max = max_players(snap.t.settings.format, snap.t.settings.cycles);
    let app2 = Arc::clone(&app);
    let key = id.clone();
    let name = who.name.clone();
    blocking(move || {
        let done = app2
            .store
            .join_tournament(&key, who.id, max, &ids::now_rfc3339())
            .map_err(ApiError::from)?;
        match done {
            Entry::Done => {
                changed(&app2, &key);
                Ok(())
            }
            Entry::NotOpen => Err(ApiError::conflict(
                "the tournament has started or finished: players join before the start",
            )
            .said(t!("api-t-join-closed"))),
            Entry::Unchanged => Err(ApiError::conflict(format!(
                "{} is already in the tournament",
                who.name
            ))
            .said(t!("api-t-already-in", name = &who.name))),
            Entry::Full => Err(ApiError::conflict(format!(
                "the tournament is full ({max} players)"
            ))
            .said(t!("api-t-full", max = max))),
        }
    })
    .await?;
    Ok(Json(serde_json::json!({ "joined": name })).into_response())
}

/// `POST /api/tournaments/{id}/leave`: before the start a player leaves (the organiser
/// removes an engine account with `{"player": "bao-3"}`); once it runs, a player who
/// leaves is withdrawn (paired in no later round).
async fn leave(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
    OptionalJson(body): OptionalJson<PlayerBody>,
) -> Result<Response, ApiError> {
    let snap = snapshot(&app, &id).await?;
    if snap.t.status != Status::Open {
        if body.player.is_some() {
            return Err(ApiError::conflict(
                "the tournament has started: the organiser withdraws a player with POST …/withdraw",
            ));
        }
        return withdraw_account(&app, &id, me).await;
    }
    let who = player_named(&app, &me, &snap.t, body.player.as_deref(), true).await?;
    let app2 = Arc::clone(&app);
    let key = id.clone();
    let name = who.name.clone();
    blocking(move || {
        match app2
            .store
            .leave_tournament(&key, who.id)
            .map_err(ApiError::from)?
        {
            Entry::Done => {
                changed(&app2, &key);
                Ok(())
            }
            Entry::Unchanged => Err(ApiError::conflict(format!(
                "{} is not in the tournament",
                who.name
            ))
            .said(t!("api-t-not-in", name = &who.name))),
            _ => Err(ApiError::conflict("the tournament has started or finished")
                .said(t!("api-t-started"))),
        }
    })
    .await?;
    Ok(Json(serde_json::json!({ "left": name })).into_response())
}

/// `POST /api/tournaments/{id}/start`: the organiser starts it (round 1 is paired and
/// its games begin).
async fn start_route(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    if !ids::is_id(&id) {
        return Err(no_tournament(&id));
    }
    start(&app, &id, me.id).await?;
    let snap = snapshot(&app, &id).await?;
    Ok(Json(super::view::full(&snap)).into_response())
}

/// `POST /api/tournaments/{id}/withdraw {"player": NAME}`: the organiser withdraws a
/// player of a running tournament (paired in no later round; his game in progress goes
/// on).
async fn withdraw(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PlayerBody>,
) -> Result<Response, ApiError> {
    let snap = snapshot(&app, &id).await?;
    if me.id != snap.t.creator.0 {
        return Err(ApiError::forbidden(format!(
            "only the organiser ({}) withdraws players (a player leaves with POST …/leave)",
            snap.t.creator.1
        )));
    }
    let Some(name) = body.player.as_deref() else {
        return Err(ApiError::invalid(
            "withdraw takes {\"player\": NAME}: the player to withdraw",
        ));
    };
    let who = player_named(&app, &me, &snap.t, Some(name), false).await?;
    withdraw_account(&app, &id, who).await
}

async fn withdraw_account(app: &Arc<App>, id: &str, who: Account) -> Result<Response, ApiError> {
    let app2 = Arc::clone(app);
    let key = id.to_string();
    let name = who.name.clone();
    blocking(move || {
        match app2
            .store
            .withdraw_player(&key, who.id)
            .map_err(ApiError::from)?
        {
            Entry::Done => {
                changed(&app2, &key);
                Ok(())
            }
            Entry::Unchanged => Err(ApiError::conflict(format!(
                "{} is not playing in the tournament (not in it, or already withdrawn)",
                who.name
            ))
            .said(t!("api-t-not-playing", name = &who.name))),
            _ => Err(ApiError::conflict(
                "the tournament is not running: before the start a player leaves",
            )
            .said(t!("api-t-not-running"))),
        }
    })
    .await?;
    // Withdrawing the last opponent may complete the round (a round robin's forfeits).
    tokio::spawn(super::api::advance(Arc::clone(app), id.to_string()));
    Ok(Json(serde_json::json!({ "withdrawn": name })).into_response())
}

/// `GET /api/tournaments/{id}/events`: `event: tournament` with the whole tournament
/// (as `GET /api/tournaments/{id}`) now and after every change: a player joined, a
/// game ended, a round was paired.
async fn events(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let rx = app.tournaments.events.subscribe();
    let first = snapshot(&app, &id).await?;
    let first = Arc::new(super::view::full(&first).to_string());
    let key = id.clone();
    let later = futures_util::stream::unfold(rx, move |mut rx| {
        let key = key.clone();
        async move {
            loop {
                match rx.recv().await {
                    Ok((tid, json)) if tid == key => return Some((json, rx)),
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
            }
        }
    });
    let stream = futures_util::stream::once(std::future::ready(first))
        .chain(later)
        .map(|json| {
            Ok::<_, std::convert::Infallible>(
                Event::default().event("tournament").data(json.as_str()),
            )
        });
    Ok(Sse::new(stream)
        .keep_alive(
            KeepAlive::new()
                .interval(Duration::from_secs(15))
                .text("keepalive"),
        )
        .into_response())
}
