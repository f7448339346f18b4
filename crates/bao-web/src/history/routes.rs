//! `GET /api/players/{name}/games` (a page of an account's games) and
//! `GET /api/players/{name}/records` (its games as one record file).

use std::sync::Arc;

use axum::extract::{Query as AxumQuery, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use super::model::{Cursor, Filter, Query, DEFAULT_PAGE, MAX_PAGE};
use crate::accounts::Account;
use crate::app::App;
use crate::games::repo::GameRow;
use crate::http::error::{clip, clip_message, ApiError};
use crate::http::extract::ApiPath;
use crate::http::{blocking, canonical_number};

/// The most games one record file holds (older ones: the file's `X-Bao-Next`).
pub const MAX_RECORD_GAMES: usize = 500;

/// The most bytes of records one record file holds (a game that would pass it starts
/// the next file). Well under what `bao replay` reads (16 MiB).
pub const MAX_RECORD_BYTES: usize = 8 << 20;

/// The games read from the database at once while a record file is made.
const BATCH: usize = 100;

/// The history routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/players/:name/games", get(games))
        .route("/api/players/:name/records", get(records))
}

/// The query read, or a 400 naming what is wrong.
fn read_query(
    query: Result<AxumQuery<Query>, axum::extract::rejection::QueryRejection>,
) -> Result<(Filter, Option<usize>), ApiError> {
    let bad = |m: String| ApiError::new(StatusCode::BAD_REQUEST, m);
    let AxumQuery(q) = query.map_err(|e| {
        bad(format!(
            "bad query: {} (a history takes ?game=&result=&rated=&before=&limit=)",
            clip_message(&e.body_text(), 120)
        ))
    })?;
    let filter = q.filter().map_err(|r| bad(r.message().to_string()))?;
    let limit = match q.limit.as_deref().filter(|l| !l.is_empty()) {
        None => None,
        Some(t) => Some(canonical_number(t, "limit")?.map_or(MAX_PAGE, |n| n.clamp(1, MAX_PAGE))),
    };
    Ok((filter, limit))
}

/// The account named `name`, or a 404.
fn account_named(app: &App, name: &str) -> Result<Account, ApiError> {
    app.store
        .account_by_name(name)
        .map_err(ApiError::from)?
        .map(|(a, _)| a)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no player named {}", clip(name)),
            )
        })
}

fn cursor_of(r: &GameRow) -> Cursor {
    Cursor {
        created: r.created.clone(),
        id: r.id.clone(),
    }
}

/// `GET /api/players/{name}/games?game=&result=&rated=&before=&limit=` →
/// `{"games": [summary + "created"], "next": CURSOR | null}`: the account's games, newest
/// first, `limit` (default [`DEFAULT_PAGE`], at most [`MAX_PAGE`]) after `before`;
/// `next` is the cursor of the page after this one, `null` on the last page.
async fn games(
    State(app): State<Arc<App>>,
    ApiPath(name): ApiPath<String>,
    query: Result<AxumQuery<Query>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let (filter, limit) = read_query(query)?;
    let limit = limit.unwrap_or(DEFAULT_PAGE);
    let answer = blocking(move || {
        let account = account_named(&app, &name)?;
        // One more than the page: whether a next page exists.
        let mut rows = app
            .store
            .history(account.id, &filter, limit + 1)
            .map_err(ApiError::from)?;
        let more = rows.len() > limit;
        rows.truncate(limit);
        let next = more
            .then(|| rows.last().map(|r| cursor_of(r).text()))
            .flatten();
        let games: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                let mut v = crate::lobby::game_summary(r, Some(account.id));
                v["created"] = serde_json::Value::String(r.created.clone());
                v
            })
            .collect();
        Ok(serde_json::json!({ "name": account.name, "games": games, "next": next }))
    })
    .await?;
    Ok(Json(answer).into_response())
}

/// `GET /api/players/{name}/records?game=&result=&rated=&before=`: the account's games
/// (with the same filters) as one record file, newest first, one record after another
/// (notation.md §4), at most [`MAX_RECORD_GAMES`] games and [`MAX_RECORD_BYTES`]:
/// `X-Bao-Games` says how many it holds; when older games are left out,
/// `X-Bao-Next` is the address of the next file and `X-Bao-Note` says so in words.
async fn records(
    State(app): State<Arc<App>>,
    ApiPath(name): ApiPath<String>,
    query: Result<AxumQuery<Query>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let (mut filter, _) = read_query(query)?;
    let (account, text, count, next) = blocking(move || {
        let account = account_named(&app, &name)?;
        let mut text = String::new();
        let mut count = 0;
        let mut next = None;
        'batches: loop {
            let rows = app
                .store
                .history(account.id, &filter, BATCH)
                .map_err(ApiError::from)?;
            for r in &rows {
                let record = r.record.trim_end();
                if count == MAX_RECORD_GAMES || text.len() + record.len() + 2 > MAX_RECORD_BYTES {
                    next = filter.before.as_ref().map(Cursor::text);
                    break 'batches;
                }
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(record);
                text.push('\n');
                count += 1;
                filter.before = Some(cursor_of(r));
            }
            if rows.len() < BATCH {
                break;
            }
        }
        Ok((account, text, count, next))
    })
    .await?;
    let mut res = (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}-games.bao\"", account.name),
            ),
        ],
        text,
    )
        .into_response();
    let h = res.headers_mut();
    h.insert("x-bao-games", HeaderValue::from(count));
    if let Some(cursor) = next {
        let url = format!("/api/players/{}/records?before={cursor}", account.name);
        let note =
            format!("the {count} newest games; the older ones: GET {url} (with the same filters)");
        if let (Ok(u), Ok(n)) = (HeaderValue::from_str(&url), HeaderValue::from_str(&note)) {
            h.insert("x-bao-next", u);
            h.insert("x-bao-note", n);
        }
    }
    Ok(res)
}
