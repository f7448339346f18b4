//! The lobby's operations, what its handlers and the games' change listener call
//! (lila's `LobbyApi`): the live list's announcements and the start of an accepted
//! challenge's game (through the games' own operations: `new_lobby_game`,
//! `App::cache_put`, `App::schedule`).

use std::sync::Arc;

use axum::http::StatusCode;

use super::model::{Challenge, SideChoice};
use crate::accounts::model::Account;
use crate::app::App;
use crate::clock::model::{now_ms, Clock};
use crate::games::model::{new_lobby_game, Meta, DEFAULT_LEVEL};
use crate::games::Slot;
use crate::http::blocking;
use crate::http::error::ApiError;
use crate::ids;

/// Tells the live list's listeners the list now (on a shared database, every instance's
/// listeners, once the change's notification arrives: `App::on_change`).
pub(crate) fn announce(app: &App) {
    if !app.store.shared() {
        announce_now(app);
    }
}

/// Tells this instance's listeners of the live list the list now.
pub(crate) fn announce_now(app: &App) {
    if app.lobby_events.receiver_count() == 0 {
        return;
    }
    if let Ok(list) = app.store.challenges() {
        let _ = app.lobby_events.send(Arc::new(list));
    }
}

/// Makes the game of `challenge` accepted by `acceptor` and stores it (removing the
/// challenge from the table when `stored` in one transaction); its id.
pub(crate) async fn start_game(
    app: &Arc<App>,
    challenge: Challenge,
    acceptor: Account,
    stored: bool,
) -> Result<String, ApiError> {
    let app2 = Arc::clone(app);
    let (id, slot) = blocking(move || {
        let challenger = Account {
            id: challenge.account,
            name: challenge.name.clone(),
            engine_level: None,
        };
        let challenger_side = match challenge.side {
            SideChoice::South => 0,
            SideChoice::North => 1,
            SideChoice::Random => usize::from(rand::random::<bool>()),
        };
        let mut players = [acceptor.clone(), acceptor.clone()];
        players[challenger_side] = challenger;
        let level = players
            .iter()
            .find_map(|p| p.engine_level)
            .unwrap_or(DEFAULT_LEVEL);
        let now = ids::now_rfc3339();
        let human = |p: &Account| p.engine_level.is_none().then(ids::token);
        let meta = Meta {
            id: ids::token(),
            level,
            seat: ids::token(),
            invites: [human(&players[0]), human(&players[1])],
            accounts: [Some(players[0].id), Some(players[1].id)],
            names: [Some(players[0].name.clone()), Some(players[1].name.clone())],
            rated: challenge.rated,
            clock: Some(Clock::new(challenge.clock, now_ms())),
            aborted: false,
            draw_offer: None,
            ratings: None,
            created: now.clone(),
            updated: now,
            owner: None,
            stored: 0,
            tournament: None,
        };
        let mut g = new_lobby_game(meta, challenge.game, &challenge.rules, &players)?;
        let row = g.row();
        if stored {
            if !app2
                .store
                .accept_challenge(&challenge.id, &row)
                .map_err(ApiError::from)?
            {
                return Err(ApiError::new(
                    StatusCode::GONE,
                    "this challenge was accepted by someone else or cancelled",
                ));
            }
            announce(&app2);
            // A new game's first version (games::repo::save_in).
            g.meta_mut().stored = 1;
        } else {
            g.meta_mut().stored = app2.store.save(&row).map_err(ApiError::from)?;
        }
        let id = g.meta().id.clone();
        Ok((id, Slot::new(g)))
    })
    .await?;
    let slot = app.cache_put(id.clone(), slot);
    let app2 = Arc::clone(app);
    crate::games::with_game(&slot, move |_, g| {
        app2.schedule(g);
        Ok(())
    })
    .await?;
    Ok(id)
}
