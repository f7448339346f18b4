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
    /// SQLite's error.
    pub fn alive_ms(&self) -> rusqlite::Result<Option<u64>> {
        use rusqlite::OptionalExtension;
        self.lock()
            .query_row("SELECT at_ms FROM server_alive WHERE id = 1", [], |r| {
                r.get::<_, i64>(0)
            })
            .optional()
            .map(|v| v.map(|n| n.max(0) as u64))
    }

    /// Notes that the server is alive at `at_ms`.
    ///
    /// # Errors
    /// The database's error.
    pub fn set_alive(&self, at_ms: u64) -> Result<(), crate::store::StoreError> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO server_alive (id, at_ms) VALUES (1, ?1) ON CONFLICT(id) DO UPDATE SET at_ms = ?1",
                [at_ms as i64],
            )?;
            Ok(())
        })
    }
}

/// At start: every game whose clock may still fall goes on from now with the time it had
/// when the server was last alive (the time it was down is not charged); a flag that fell
/// before that is applied now; then each game's timer is armed, and the heartbeat starts.
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
    Ok(())
}
