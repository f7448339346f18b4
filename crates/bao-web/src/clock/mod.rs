//! Clocks: the time controls and the clock of a game ([`model`]), the server-side timer
//! of each game with a clock (armed by `App::schedule` after every change, it applies a
//! flag or an abort when no request arrives), the server's heartbeat and the restore of
//! every clock at start ([`start`]).

pub mod model;

use std::sync::Arc;
use std::time::Duration;

use crate::app::App;
use crate::store::Store;

/// How often the server notes that it is alive (for [`start`] after a crash).
pub const HEARTBEAT: Duration = Duration::from_secs(1);

impl Store {
    /// When the server was last known alive (Unix ms), if ever.
    ///
    /// # Errors
    /// The database's error.
    pub fn alive_ms(&self) -> crate::store::sql::DbResult<Option<u64>> {
        self.read(|c| {
            c.query_opt("SELECT at_ms FROM server_alive WHERE id = 1", &[])?
                .map(|r| r.int(0).map(|n| n.max(0) as u64))
                .transpose()
        })
    }

    /// Notes that the server is alive at `at_ms`.
    ///
    /// # Errors
    /// The database's error.
    pub fn set_alive(&self, at_ms: u64) -> Result<(), crate::store::StoreError> {
        self.write(|tx| {
            use crate::store::sql::Exec;
            // The latest of every instance's heartbeats.
            tx.exec(
                "INSERT INTO server_alive (id, at_ms) VALUES (1, ?1) ON CONFLICT(id) DO UPDATE SET at_ms = ?1 WHERE server_alive.at_ms < ?1",
                crate::params![at_ms as i64],
            )?;
            Ok(())
        })
    }
}

/// How often every instance looks for games whose due time passed (a flag, an abort, a
/// late computer move; `App::act_on_due`), whichever instance's timer was to act.
pub const SWEEP: Duration = Duration::from_millis(500);

/// The most due games one sweep takes up.
pub const SWEEP_GAMES: usize = 64;

/// At start: every game whose clock may still fall goes on from now with the time it had
/// when the server was last alive (the time it was down is not charged; on a shared
/// database, only when no other instance was alive meanwhile); a flag that fell before
/// that is applied now; then each game's timer is armed, the heartbeat starts, the sweep
/// of due games ([`SWEEP`]) starts, and, on a shared database, the listener of the other
/// instances' changes.
///
/// # Errors
/// When the database cannot be read.
pub async fn start(app: &Arc<App>) -> anyhow::Result<()> {
    let app2 = Arc::clone(app);
    let (ids, alive) = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        let ids = app2.store.clocked_games()?;
        let alive = app2.store.alive_ms()?;
        Ok((ids, alive))
    })
    .await??;
    let now = model::now_ms();
    let alive = alive.unwrap_or(now).min(now);
    // Another instance's heartbeat within the last few seconds: the clocks were kept.
    let kept = app.store.shared() && now.saturating_sub(alive) < 3 * HEARTBEAT.as_millis() as u64;
    let alive = if kept { now } else { alive };
    for id in ids {
        let Ok(slot) = app.slot(&id).await else {
            continue;
        };
        let app2 = Arc::clone(app);
        let done = crate::games::with_game(&slot, move |slot, g| {
            if g.resume_clock(alive, now) {
                app2.commit(slot, g)?;
            }
            Ok(())
        })
        .await;
        if let Err(e) = done {
            eprintln!(
                "bao: warning: cannot restore the clock of game {id}: {}",
                e.message
            );
        }
    }
    let app2 = Arc::clone(app);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(HEARTBEAT);
        loop {
            tick.tick().await;
            let app3 = Arc::clone(&app2);
            let _ =
                tokio::task::spawn_blocking(move || app3.store.set_alive(model::now_ms())).await;
        }
    });
    let app2 = Arc::clone(app);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let app3 = Arc::clone(&app2);
            let due = tokio::task::spawn_blocking(move || {
                app3.store.due_games(model::now_ms() as i64, SWEEP_GAMES)
            })
            .await;
            if let Ok(Ok(ids)) = due {
                for id in ids {
                    Arc::clone(&app2).act_on_due(id).await;
                }
            }
        }
    });
    if app.store.shared() {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        app.store.listen(Box::new(move |change| {
            let _ = tx.send(change);
        }));
        let app2 = Arc::clone(app);
        tokio::spawn(async move {
            while let Some(change) = rx.recv().await {
                app2.on_change(change).await;
            }
        });
    }
    Ok(())
}
