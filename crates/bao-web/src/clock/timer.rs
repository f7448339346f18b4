//! The scheduler, the one place where the server acts with no request arriving:
//!
//! * [`start`]: at start, every clock goes on (the time the server was down is not
//!   charged), then the heartbeat, the sweep of due games ([`SWEEP`]), the tournaments'
//!   sweep (`crate::tournaments::start_sweep`) and, on a shared database, the listener
//!   of the other instances' changes start;
//! * [`App::schedule`]: after every change of a game, arms its clock's timer and starts
//!   an engine account's move ([`crate::games::engine::engine_turn`]);
//! * [`App::clock_tick`]: a timer fired; [`App::act_on_due`]: the sweep found a game
//!   whose due time passed (a flag, an abort, a late computer move).

use std::sync::Arc;
use std::time::Duration;

use super::model::{self, now_ms};
use crate::app::App;
use crate::games::model::LiveGame;
use crate::games::with_game;
use crate::http::error::ApiError;
use crate::http::lock;

/// How often the server notes that it is alive (for [`start`] after a crash).
pub const HEARTBEAT: Duration = Duration::from_secs(1);

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
            tracing::warn!(game = %id, "cannot restore the clock: {}", e.message);
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
    // Tournaments whose round is complete or whose start time passed: a loop of its
    // own, so that a long pairing never holds up the clocks' sweep.
    crate::tournaments::start_sweep(app);
    crate::spectators::start(app);
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

impl App {
    /// A game whose due time passed ([`crate::games::repo::GameRow::due_ms`], found by
    /// the sweep of every instance): applies the flag or abort that fell due, or takes
    /// up a computer's move that is late (the instance that was to make it may have
    /// died), once whichever instances are alive: the change is written only over the
    /// version it was made from, so of two instances acting at once one writes it.
    pub(crate) async fn act_on_due(self: Arc<Self>, id: String) {
        let Ok(s) = self.slot(&id).await else {
            return;
        };
        let app = Arc::clone(&self);
        let done = with_game(&s, move |slot, g| {
            let now = now_ms();
            if let Some(due) = g.clock_due(now) {
                g.apply_due(due, now);
                return app.commit(slot, g);
            }
            let engine = g.engine_account_to_move();
            let id = g.meta().id.clone();
            let stored = g.meta().stored;
            let later = now + crate::games::model::ENGINE_LATE_MS;
            if engine {
                app.store
                    .postpone(&id, stored, Some(later as i64))
                    .map_err(ApiError::from)?;
                if !g.thinking() {
                    app.schedule(g);
                }
                return Ok(());
            }
            // Nothing is due after all (the deadline moved): the due time as it is now.
            let next = g.row().due_ms.map(|d| d.max(now as i64 + 1_000));
            app.store
                .postpone(&id, stored, next)
                .map_err(ApiError::from)?;
            Ok(())
        })
        .await;
        if let Err(e) = done {
            if e.status != axum::http::StatusCode::CONFLICT {
                tracing::warn!(game = %id, "due: {}", e.message);
            }
        }
    }

    /// After a change of a game: arms its clock's timer at the next deadline (replacing
    /// the one before), and starts the computer's move when an engine account is to
    /// move in a lobby game. Called under the game's lock, on the blocking pool.
    pub(crate) fn schedule(self: &Arc<Self>, g: &dyn LiveGame) {
        let id = g.meta().id.clone();
        {
            let mut timers = lock(&self.timers);
            if let Some(old) = timers.remove(&id) {
                old.abort();
            }
            if let Some(at) = g.clock_deadline() {
                let app = Arc::clone(self);
                let key = id.clone();
                let task = tokio::spawn(async move {
                    let wait = at.saturating_sub(now_ms()) + 1;
                    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
                    app.clock_tick(key).await;
                });
                timers.insert(id.clone(), task.abort_handle());
            }
        }
        if g.engine_account_to_move() && !g.thinking() {
            tokio::spawn(crate::games::engine::engine_turn(Arc::clone(self), id));
        }
    }

    /// A game's timer fired: applies the flag or the abort that is due (with no request
    /// arriving), or arms the timer again when the deadline moved.
    pub(crate) async fn clock_tick(self: Arc<Self>, id: String) {
        let Ok(s) = self.slot(&id).await else {
            return;
        };
        let app = Arc::clone(&self);
        let done = with_game(&s, move |slot, g| {
            let now = now_ms();
            match g.clock_due(now) {
                Some(due) => {
                    g.apply_due(due, now);
                    app.commit(slot, g)
                }
                None => {
                    app.schedule(g);
                    Ok(())
                }
            }
        })
        .await;
        if let Err(e) = done {
            // A conflict: another instance applied it first.
            if e.status != axum::http::StatusCode::CONFLICT {
                tracing::warn!(game = %id, "the clock: {}", e.message);
            }
        }
    }
}
