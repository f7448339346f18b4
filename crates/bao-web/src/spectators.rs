//! A game's spectator count: its viewers (an account, else a client address), not its
//! connections (issue 34 item 4; [`crate::streams::Viewers`] counts a viewer's streams
//! on this instance).
//!
//! On SQLite one instance holds every stream: a viewer's first stream counts him in,
//! his last one out ([`crate::games::model::LiveGame::spectate`]).
//!
//! On a shared database (PostgreSQL, several instances) each instance writes its viewers
//! of each game to the table `spectators` (migration 0006) and tells every instance
//! ([`Change::Spectators`]); every instance that holds the game counts the distinct
//! viewers of all instances again ([`App::recount_spectators`]) and tells its streams.
//! Each instance refreshes its rows every [`BEAT`]; rows not refreshed for [`STALE`] (an
//! instance that died) are removed and their games counted again, so a dead instance's
//! viewers leave the count within [`STALE`] plus one [`BEAT`].

use std::sync::Arc;
use std::time::Duration;

use crate::app::App;
use crate::clock::model::now_ms;
use crate::games::model::LiveGame;
use crate::games::{announce_spectators, Slot};
use crate::http::{blocking, lock};
use crate::params;
use crate::store::sql::{DbResult, Exec};
use crate::store::{Change, Store, StoreError};
use crate::streams::Viewer;

/// How often an instance refreshes its rows of `spectators` (a shared database).
pub const BEAT: Duration = Duration::from_secs(30);

/// How old a row of `spectators` may be before it no longer counts (its instance
/// stopped refreshing it: it died).
pub const STALE: Duration = Duration::from_secs(90);

impl Viewer {
    /// The viewer as the table `spectators` keys it: `a:ACCOUNT` or `ip:ADDRESS`.
    pub fn key(&self) -> String {
        match self {
            Viewer::Account(a) => format!("a:{a}"),
            Viewer::Address(ip) => format!("ip:{ip}"),
        }
    }
}

impl Store {
    /// `viewer` (a [`Viewer::key`]) watches `game` on `instance` from `now_ms`; every
    /// instance is told ([`Change::Spectators`]).
    ///
    /// # Errors
    /// The database's error.
    pub fn spectator_enter(
        &self,
        game: &str,
        instance: &str,
        viewer: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.exec(
                "INSERT INTO spectators (game, instance, viewer, seen_ms) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (game, instance, viewer) DO UPDATE SET seen_ms = excluded.seen_ms",
                params![game, instance, viewer, now_ms],
            )?;
            tx.notify(&Change::Spectators(game.to_string()))
        })
    }

    /// `viewer` no longer watches `game` on `instance`; every instance is told.
    ///
    /// # Errors
    /// The database's error.
    pub fn spectator_leave(
        &self,
        game: &str,
        instance: &str,
        viewer: &str,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.exec(
                "DELETE FROM spectators WHERE game = ?1 AND instance = ?2 AND viewer = ?3",
                params![game, instance, viewer],
            )?;
            tx.notify(&Change::Spectators(game.to_string()))
        })
    }

    /// The distinct viewers of `game` over all instances whose rows were refreshed at or
    /// after `since_ms`.
    ///
    /// # Errors
    /// The database's error.
    pub fn count_spectators(&self, game: &str, since_ms: i64) -> DbResult<usize> {
        self.read(|c| {
            let r = c.query_one(
                "SELECT COUNT(DISTINCT viewer) AS n FROM spectators WHERE game = ?1 AND seen_ms >= ?2",
                params![game, since_ms],
            )?;
            Ok(usize::try_from(r.int("n")?).unwrap_or(0))
        })
    }

    /// An instance's heartbeat: its rows are seen at `now_ms`; rows older than
    /// `stale_before` (of instances that died) are removed. The games whose rows were
    /// removed, each told to every instance.
    ///
    /// # Errors
    /// The database's error.
    pub fn refresh_spectators(
        &self,
        instance: &str,
        now_ms: i64,
        stale_before: i64,
    ) -> Result<Vec<String>, StoreError> {
        self.write(|tx| {
            tx.exec(
                "UPDATE spectators SET seen_ms = ?2 WHERE instance = ?1",
                params![instance, now_ms],
            )?;
            let rows = tx.query(
                "SELECT DISTINCT game FROM spectators WHERE seen_ms < ?1 ORDER BY game",
                params![stale_before],
            )?;
            let games = rows
                .iter()
                .map(|r| r.text("game"))
                .collect::<DbResult<Vec<String>>>()?;
            tx.exec(
                "DELETE FROM spectators WHERE seen_ms < ?1",
                params![stale_before],
            )?;
            for g in &games {
                tx.notify(&Change::Spectators(g.clone()))?;
            }
            Ok(games)
        })
    }
}

impl App {
    /// A viewer's first stream of game `id` opened (called with the game locked): on a
    /// shared database his row is written, this instance counts again at once and the
    /// others when they hear of it; else the game counts one spectator more and its
    /// streams are told.
    pub(crate) fn spectator_in(&self, slot: &Slot, g: &mut dyn LiveGame, viewer: &Viewer) {
        if self.store.shared() {
            let id = g.meta().id.clone();
            if let Err(e) =
                self.store
                    .spectator_enter(&id, &self.instance, &viewer.key(), now_ms() as i64)
            {
                tracing::warn!(game = %id, "cannot note a spectator: {e}");
            }
            self.count_here(slot, g, &id);
        } else {
            g.spectate(true);
            announce_spectators(slot, g);
        }
    }

    /// A viewer's last stream of game `id` closed (in a blocking task unless the game's
    /// lock is free and the store is this process's alone).
    pub(crate) fn spectator_out(self: &Arc<Self>, slot: Arc<Slot>, id: String, viewer: Viewer) {
        // Issue 36: on a store of this process alone, a free lock is taken at once, on
        // no blocking thread.
        if !self.store.shared() {
            if let Ok(mut g) = slot.game.try_lock() {
                g.spectate(false);
                announce_spectators(&slot, g.as_ref());
                return;
            }
        }
        let app = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            if app.store.shared() {
                if let Err(e) = app.store.spectator_leave(&id, &app.instance, &viewer.key()) {
                    tracing::warn!(game = %id, "cannot note a spectator leaving: {e}");
                }
                let mut g = lock(&slot.game);
                app.count_here(&slot, g.as_mut(), &id);
            } else {
                let mut g = lock(&slot.game);
                g.spectate(false);
                announce_spectators(&slot, g.as_ref());
            }
        });
    }

    /// Counts the viewers of game `id` over all instances again (a shared database) and
    /// tells its streams when the count changed; nothing when the game has no stream here.
    pub(crate) async fn recount_spectators(self: &Arc<Self>, id: String) {
        let Some(slot) = self.cache_get(&id) else {
            return;
        };
        if slot.events.receiver_count() == 0 {
            return;
        }
        let app = Arc::clone(self);
        let _ = blocking(move || {
            let mut g = lock(&slot.game);
            app.count_here(&slot, g.as_mut(), &id);
            Ok(())
        })
        .await;
    }

    /// On a shared database: counts game `id`'s live viewers over all instances (the game
    /// locked by the caller, in a blocking context) and tells its streams when the count
    /// changed.
    fn count_here(&self, slot: &Slot, g: &mut dyn LiveGame, id: &str) {
        let since = now_ms().saturating_sub(STALE.as_millis() as u64) as i64;
        match self.store.count_spectators(id, since) {
            Ok(n) if g.spectators() != n => {
                g.set_spectators(n);
                announce_spectators(slot, g);
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(game = %id, "cannot count the spectators: {e}"),
        }
    }
}

/// On a shared database: every [`BEAT`], this instance's rows are refreshed and those of
/// dead instances removed (their games counted again everywhere).
pub(crate) fn start(app: &Arc<App>) {
    if !app.store.shared() {
        return;
    }
    let app = Arc::clone(app);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(BEAT);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let app2 = Arc::clone(&app);
            let _ = tokio::task::spawn_blocking(move || {
                let now = now_ms() as i64;
                let stale = now - STALE.as_millis() as i64;
                if let Err(e) = app2.store.refresh_spectators(&app2.instance, now, stale) {
                    tracing::warn!("cannot refresh the spectators: {e}");
                }
            })
            .await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewers_are_keyed_by_account_or_address() {
        assert_eq!(Viewer::Account(42).key(), "a:42");
        assert_eq!(
            Viewer::Address("10.0.0.7".parse().unwrap()).key(),
            "ip:10.0.0.7"
        );
        assert_eq!(Viewer::Address("::1".parse().unwrap()).key(), "ip:::1");
    }
}
