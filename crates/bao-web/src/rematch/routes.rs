//! `GET|POST|DELETE /api/games/{id}/rematch`.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use bao_rules::{GameKind, Side};

use super::model::{rematch_side, swapped};
use super::repo::Offer;
use crate::accounts::Account;
use crate::app::App;
use crate::clock::model::{now_ms, Clock};
use crate::games::model::{new_lobby_game, Meta, DEFAULT_LEVEL};
use crate::games::{with_game, Slot};
use crate::http::blocking;
use crate::http::error::ApiError;
use crate::http::extract::{ApiPath, SignedIn};
use crate::ids;
use crate::notices::Notice;
use crate::refusal::Refusal;

/// The rematch routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route(
        "/api/games/:id/rematch",
        get(status).post(offer).delete(withdraw),
    )
}

/// What a rematch needs of the finished game.
struct Finished {
    meta: Meta,
    kind: GameKind,
    rules: String,
    over: bool,
}

async fn finished(app: &Arc<App>, id: &str) -> Result<Finished, ApiError> {
    let s = app.slot(id).await?;
    with_game(&s, |_, g| {
        Ok(Finished {
            meta: g.meta().clone(),
            kind: g.kind(),
            rules: g.row().rules,
            over: g.is_over(),
        })
    })
    .await
}

/// `me`'s side in `f`, or the refusal as an answer (403 when he plays no side).
fn side_of(f: &Finished, me: i64) -> Result<usize, ApiError> {
    rematch_side(&f.meta, f.over, me).map_err(|r| match r {
        Refusal::Missing(m) => ApiError::forbidden(m),
        r => r.into(),
    })
}

/// The game and clock in words: `Bao Kingulu 3+2`.
fn what(f: &Finished) -> String {
    match &f.meta.clock {
        Some(c) => format!("{} {}", f.kind.title(), c.control.text()),
        None => f.kind.title().to_string(),
    }
}

/// [`what`] as a notice's argument, in the page's language.
fn what_said(f: &Finished) -> crate::i18n::Arg {
    crate::notices::game_clock(f.kind, f.meta.clock.as_ref().map(|c| c.control))
}

fn name(f: &Finished, side: usize) -> String {
    f.meta.names[side].clone().unwrap_or_default()
}

fn answer(status: StatusCode, offered_by: Option<String>, game: Option<String>) -> Response {
    (
        status,
        Json(serde_json::json!({ "offered_by": offered_by, "game": game })),
    )
        .into_response()
}

/// `GET /api/games/{id}/rematch` → `{"offered_by": name | null, "game": id | null}`:
/// the open offer, or the rematch's game once accepted.
async fn status(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let f = finished(&app, &id).await?;
    let offer = blocking(move || app.store.rematch(&id).map_err(ApiError::from)).await?;
    let by = offer.as_ref().map(|o| {
        let side = usize::from(f.meta.accounts[1] == Some(o.offered_by));
        name(&f, side)
    });
    Ok(answer(StatusCode::OK, by, offer.and_then(|o| o.next_game)))
}

/// `POST /api/games/{id}/rematch` (a player of a finished game between accounts):
/// offers a rematch (201 `{"offered_by": me, "game": null}`; the opponent gets a
/// `rematch` notice), or accepts the opponent's offer (201 `{"offered_by": him,
/// "game": new id}`; both get `rematch-accepted` with the new game). Asked again it
/// answers the same with 200. An engine account accepts at once. 403 for someone who
/// plays no side, 409 while the game is played, 422 for a game not between accounts.
async fn offer(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let f = finished(&app, &id).await?;
    let side = side_of(&f, me.id)?;
    let opponent = f.meta.accounts[1 - side].unwrap_or_default();
    let app2 = Arc::clone(&app);
    let key = id.clone();
    let (offer, fresh, engine) = blocking(move || {
        let engine = app2
            .store
            .account(opponent)
            .map_err(ApiError::from)?
            .is_some_and(|a| a.engine_level.is_some());
        match app2.store.rematch(&key).map_err(ApiError::from)? {
            Some(o) => Ok((o, false, engine)),
            None => {
                let o = app2
                    .store
                    .offer_rematch(&key, me.id)
                    .map_err(ApiError::from)?;
                Ok((o, true, engine))
            }
        }
    })
    .await?;
    let by_side = usize::from(f.meta.accounts[1] == Some(offer.offered_by));
    match offer {
        Offer {
            next_game: Some(g), ..
        } => Ok(answer(StatusCode::OK, Some(name(&f, by_side)), Some(g))),
        Offer { offered_by, .. } if offered_by == me.id && !fresh => {
            Ok(answer(StatusCode::OK, Some(me.name), None))
        }
        Offer { offered_by, .. } if offered_by == me.id && engine => {
            let game = accept(&app, &f, offered_by).await?;
            Ok(answer(StatusCode::CREATED, Some(me.name), Some(game)))
        }
        Offer { offered_by, .. } if offered_by == me.id => {
            app.notify_account(Notice {
                account: opponent,
                kind: "rematch".to_string(),
                game: Some(id.clone()),
                challenge: None,
                text: format!("{} offers a rematch: {}", me.name, what(&f)),
                say: crate::notices::say(crate::t!(
                    "notice-rematch",
                    name = &me.name,
                    what = what_said(&f)
                )),
            });
            Ok(answer(StatusCode::CREATED, Some(me.name), None))
        }
        Offer { offered_by, .. } => {
            let game = accept(&app, &f, offered_by).await?;
            Ok(answer(
                StatusCode::CREATED,
                Some(name(&f, by_side)),
                Some(game),
            ))
        }
    }
}

/// Makes the rematch of `f` (offered by `offered_by`), stores it with the acceptance,
/// and tells both players; its id.
async fn accept(app: &Arc<App>, f: &Finished, offered_by: i64) -> Result<String, ApiError> {
    let app2 = Arc::clone(app);
    let accounts = swapped(f.meta.accounts);
    let (meta, kind, rules, old) = (f.meta.clone(), f.kind, f.rules.clone(), f.meta.id.clone());
    let (new_id, slot, players) = blocking(move || {
        let mut players = Vec::new();
        for a in accounts {
            let a = a
                .and_then(|a| app2.store.account(a).transpose())
                .transpose();
            players.push(
                a.map_err(ApiError::from)?
                    .ok_or_else(|| ApiError::internal("a player's account is gone"))?,
            );
        }
        let players: [Account; 2] = [players[0].clone(), players[1].clone()];
        let level = players
            .iter()
            .find_map(|p| p.engine_level)
            .unwrap_or(DEFAULT_LEVEL);
        let now = ids::now_rfc3339();
        let human = |p: &Account| p.engine_level.is_none().then(ids::token);
        let next = Meta {
            id: ids::token(),
            level,
            seat: ids::token(),
            invites: [human(&players[0]), human(&players[1])],
            accounts,
            names: [Some(players[0].name.clone()), Some(players[1].name.clone())],
            rated: meta.rated,
            clock: meta.clock.map(|c| Clock::new(c.control, now_ms())),
            aborted: false,
            draw_offer: None,
            ratings: None,
            created: now.clone(),
            updated: now,
            owner: None,
            stored: 0,
            tournament: None,
        };
        let mut g = new_lobby_game(next, kind, &rules, &players)?;
        if !app2
            .store
            .accept_rematch(&old, offered_by, &g.row())
            .map_err(ApiError::from)?
        {
            return Err(ApiError::conflict(
                "the rematch offer was withdrawn meanwhile: offer one yourself",
            ));
        }
        // A new game's first version (games::repo::save_in).
        g.meta_mut().stored = 1;
        let id = g.meta().id.clone();
        Ok((id, Slot::new(g), players))
    })
    .await?;
    let slot = app.cache_put(new_id.clone(), slot);
    let app2 = Arc::clone(app);
    with_game(&slot, move |_, g| {
        app2.schedule(g);
        Ok(())
    })
    .await?;
    for (i, p) in players.iter().enumerate() {
        if p.engine_level.is_some() {
            continue;
        }
        let side = if i == 0 { Side::South } else { Side::North };
        app.notify_account(Notice {
            account: p.id,
            kind: "rematch-accepted".to_string(),
            game: Some(new_id.clone()),
            challenge: None,
            text: format!(
                "rematch: {}, you play {side} against {}",
                what(f),
                players[1 - i].name
            ),
            say: crate::notices::say(crate::t!(
                "notice-rematch-accepted",
                what = what_said(f),
                side = side,
                opponent = &players[1 - i].name
            )),
        });
    }
    Ok(new_id)
}

/// `DELETE /api/games/{id}/rematch`: the offerer withdraws his open offer
/// (`{"withdrawn": true}`), the opponent declines it (`{"declined": true}`); the other
/// is told (`rematch-withdrawn`, `rematch-declined`). 404 without an open offer.
async fn withdraw(
    State(app): State<Arc<App>>,
    SignedIn(me): SignedIn,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let f = finished(&app, &id).await?;
    let side = side_of(&f, me.id)?;
    let app2 = Arc::clone(&app);
    let key = id.clone();
    let offer = blocking(move || {
        let offer = app2.store.rematch(&key).map_err(ApiError::from)?;
        match offer {
            Some(o)
                if o.next_game.is_none()
                    && app2.store.drop_rematch(&key).map_err(ApiError::from)? =>
            {
                Ok(o)
            }
            _ => Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "no open rematch offer for this game",
            )),
        }
    })
    .await?;
    let mine = offer.offered_by == me.id;
    let (kind, word, text, said) = if mine {
        (
            "rematch-withdrawn",
            "withdrawn",
            format!("{} withdrew the rematch offer", me.name),
            crate::t!("notice-rematch-withdrawn", name = &me.name),
        )
    } else {
        (
            "rematch-declined",
            "declined",
            format!("{} declined the rematch", me.name),
            crate::t!("notice-rematch-declined", name = &me.name),
        )
    };
    if let Some(other) = f.meta.accounts[1 - side] {
        app.notify_account(Notice {
            account: other,
            kind: kind.to_string(),
            game: Some(id),
            challenge: None,
            text,
            say: crate::notices::say(said),
        });
    }
    Ok(Json(serde_json::json!({ word: true })).into_response())
}
