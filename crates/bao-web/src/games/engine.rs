//! The computer's thinking for a game: search jobs (a move or a hint) and the oracle's
//! job, made under the game's lock ([`super::model::LiveGame::search_job`]) and run on the
//! blocking pool with an engine of the pool; and [`think`] / [`engine_turn`], the one
//! path that runs a search for a request (a move on request, a hint) or for an engine
//! account's turn in a lobby game (the scheduler's).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bao_engine::hint;
use bao_engine::solve::{ExactValue, Solvable};
use bao_rules::GameLine;

use crate::engines::EnginePool;
use crate::games::view::{hole_places, start_hole, OracleJson, OracleMoveJson};
use crate::http::error::ApiError;
use std::time::Duration;

use super::api::{announce, with_game, Slot};
use super::play::not_yours;
use super::routes::refuse_help;
use super::ENGINE_WAIT;
use crate::app::App;
use crate::http::extract::Seat;
use crate::http::{blocking, lock};

/// What a finished search found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The best move text; `None` only when the game is over.
    pub best: Option<String>,
    /// The last `info` line (`info depth 7 score cp 35 ... pv ...`), or for a proved
    /// hint the solver's line (`solver: all 5 moves proven, A6 margin-optimal: ...`).
    pub info: String,
    /// The score in words ([`hint::score_text`], for a proved hint
    /// [`hint::proved_text`]).
    pub score: String,
}

/// The body of a [`SearchJob`]: searches with an engine of the pool, publishing its stop
/// flag in the slot.
pub type SearchRun = Box<dyn FnOnce(&EnginePool, &StopSlot) -> Found + Send>;

/// A search to run off the async workers, made by [`LiveGame::search_job`]. `run` takes
/// an engine from the pool and puts the engine's stop flag into `stop` while it searches.
pub struct SearchJob {
    /// Runs the search.
    pub run: SearchRun,
    /// The time limit the search was given, in milliseconds.
    pub time_ms: u64,
    /// The game's revision when the job was made (see [`LiveGame::revision`]).
    pub revision: u64,
}

/// Where a running search's stop flag is published, so that the request can stop it.
#[derive(Default)]
pub struct StopSlot(Mutex<Option<Arc<AtomicBool>>>);

impl StopSlot {
    /// Publishes the flag of the engine that is about to search.
    pub fn set(&self, flag: Arc<AtomicBool>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(flag);
    }

    /// Forgets the flag (the search is over; its engine goes back to the pool).
    pub fn clear(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// Asks the running search (if any) to stop.
    pub fn stop(&self) {
        if let Some(f) = &*self.0.lock().unwrap_or_else(|e| e.into_inner()) {
            f.store(true, Ordering::SeqCst);
        }
    }
}

/// The body of [`LiveGame::oracle_job`]: solves every legal move, at most [`ORACLE_MS`].
pub type OracleRun = Box<dyn FnOnce(&EnginePool) -> OracleJson + Send>;

/// The oracle's answer for the current position of the game `line`, as played (its
/// history counts: a move completing a third occurrence is a loss or win in 1 there and
/// then, G-R15): every legal move with its exact value (and margin) when proven within
/// `budget_ms`, the solver's tables capped at `max_entries` each.
pub fn oracle_of<G: Solvable>(
    line: &GameLine<G>,
    budget_ms: u64,
    max_entries: usize,
) -> OracleJson {
    let pos = line.current();
    let places = hole_places(&pos.view());
    let moves = bao_engine::solve::oracle::oracle_line_within(line, budget_ms, max_entries)
        .into_iter()
        .map(|v| {
            let text = pos.move_text(v.mv);
            let (value, plies) = match v.value {
                Some(ExactValue::Win(n)) => (Some("win"), Some(n)),
                Some(ExactValue::Loss(n)) => (Some("loss"), Some(n)),
                Some(ExactValue::Draw) => (Some("draw"), None),
                None => (None, None),
            };
            OracleMoveJson {
                from: start_hole(&text, &places),
                mv: text,
                value,
                plies,
                margin: v
                    .value
                    .and(v.south_score)
                    .map(|s| format!("{s}–{}", G::SEEDS.saturating_sub(s))),
                text: v
                    .value
                    .map_or_else(|| "not proven".to_string(), |x| x.to_string()),
            }
        })
        .collect();
    OracleJson { moves, budget_ms }
}

/// The answer of a proved hint ([`hint::proved_hint_line`]): the move, `info` saying the
/// solver proved it (`solver: all 5 moves proven, A6 margin-optimal: win in 17 plies,
/// South 25–23`) and its words as `score` (`win in 17 plies, South 25–23 (proved)`).
pub(crate) fn proved_found<G: Solvable>(pos: &G, p: &hint::ProvedHint<G::Move>) -> Found {
    let mv = pos.move_text(p.mv);
    let moves = if p.moves == 1 {
        "the only move proven".to_string()
    } else {
        format!("all {} moves proven", p.moves)
    };
    Found {
        info: format!(
            "solver: {moves}, {mv} margin-optimal: {}, South {}–{}",
            hint::value_text(p.value),
            p.south_score,
            G::SEEDS.saturating_sub(p.south_score)
        ),
        best: Some(mv),
        score: p.text.clone(),
    }
}

/// Ends a search: clears the thinking mark (on the blocking pool: the game's lock may
/// be held by slow work) and stops the engine, also when the client went away.
struct ThinkGuard {
    slot: Arc<Slot>,
    stop: Arc<StopSlot>,
    timer: tokio::task::JoinHandle<()>,
    thinking: bool,
}

impl Drop for ThinkGuard {
    fn drop(&mut self) {
        self.timer.abort();
        self.stop.stop();
        if self.thinking {
            let slot = Arc::clone(&self.slot);
            tokio::task::spawn_blocking(move || {
                let mut g = lock(&slot.game);
                g.set_thinking(false);
            });
        }
    }
}

/// The one think path: runs `job` for game `s` with an engine of the pool (waiting at
/// most `wait` for one, else as long as it takes), stopped at its time limit plus a
/// second at the latest. `thinking`: the game is marked as thinking, and the returned
/// guard clears the mark if dropped before the caller does (a client that went away).
///
/// # Errors
/// 503 when no engine came free within `wait`; the search's own failure is the first
/// element.
async fn search(
    app: &Arc<App>,
    s: &Arc<Slot>,
    job: SearchJob,
    wait: Option<Duration>,
    thinking: bool,
) -> Result<(Result<Found, ApiError>, ThinkGuard), ApiError> {
    // The engine stops itself at the time limit; the stop flag is the backstop.
    let stop = Arc::new(StopSlot::default());
    let stop2 = Arc::clone(&stop);
    let deadline = Duration::from_millis(job.time_ms + 1_000);
    let timer = tokio::spawn(async move {
        tokio::time::sleep(deadline).await;
        stop2.stop();
    });
    let guard = ThinkGuard {
        slot: Arc::clone(s),
        stop: Arc::clone(&stop),
        timer,
        thinking,
    };
    let permit = match wait {
        Some(w) => app.pool.permit_within(w).await?,
        None => app.pool.permit().await,
    };
    let app2 = Arc::clone(app);
    let found = blocking(move || {
        let found = (job.run)(&app2.pool, &stop);
        drop(permit);
        Ok(found)
    })
    .await;
    Ok((found, guard))
}

/// A search for the side to move on a request: the computer's move (`hint` false) or a
/// hint, with the request's seat checks; with `ply`, only while the game is at that ply
/// (else 409).
pub(super) async fn think(
    app: &Arc<App>,
    s: &Arc<Slot>,
    who: Seat,
    hint: bool,
    ply: Option<usize>,
) -> Result<(Found, u64, String), ApiError> {
    let (job, seat) = with_game(s, move |slot, g| {
        let seat = who.require(g)?;
        if let Some(asked) = ply {
            if asked != g.plies() {
                return Err(ApiError::conflict(format!(
                    "the game is at ply {}, not at ply {asked}: the position changed; ask again",
                    g.plies()
                )));
            }
        }
        refuse_help(
            g,
            if hint {
                "hints are"
            } else {
                "engine moves on request are"
            },
        )?;
        if !hint {
            if g.thinking() {
                return Err(ApiError::conflict(format!(
                    "the computer is already thinking in game {}",
                    g.meta().id
                )));
            }
            let side = g.to_move();
            let human = g.human();
            if human[side.index()] && !g.meta().sides_of(&seat, human).contains(&side) {
                return Err(not_yours(side));
            }
        }
        let job = g.search_job(hint)?;
        if !hint {
            g.set_thinking(true);
            announce(slot, g);
        }
        Ok((job, seat))
    })
    .await?;
    let revision = job.revision;
    let (found, guard) = search(app, s, job, Some(ENGINE_WAIT), !hint).await?;
    if !hint {
        // Clear the mark now, in order, before the move is played.
        let g = with_game(s, |_, g| {
            g.set_thinking(false);
            Ok(())
        })
        .await;
        let mut guard = guard;
        guard.thinking = g.is_err();
        drop(guard);
    } else {
        drop(guard);
    }
    Ok((found?, revision, seat))
}

/// The server plays the computer's move in a lobby game (an engine account's turn), at
/// the account's level within what its clock allows; no request starts it.
pub(crate) async fn engine_turn(app: Arc<App>, id: String) {
    let Ok(s) = app.slot(&id).await else {
        return;
    };
    let job = with_game(&s, move |slot, g| {
        if g.is_over() || g.thinking() || g.human()[g.to_move().index()] {
            return Err(ApiError::conflict("not the computer's turn"));
        }
        let job = g.search_job_within(g.engine_cap_ms(crate::clock::model::now_ms()))?;
        g.set_thinking(true);
        announce(slot, g);
        Ok(job)
    })
    .await;
    let Ok(job) = job else {
        return;
    };
    let revision = job.revision;
    let Ok((found, guard)) = search(&app, &s, job, None, true).await else {
        return;
    };
    let app2 = Arc::clone(&app);
    let played = with_game(&s, move |slot, g| {
        g.set_thinking(false);
        let best = found.ok().and_then(|f| f.best.map(|b| (b, f.info)));
        let now = crate::clock::model::now_ms();
        if let Some(due) = g.clock_due(now) {
            g.apply_due(due, now);
        } else if let (Some((best, info)), true) = (best, g.revision() == revision) {
            g.play_text(&best, Some(info))?;
        } else {
            announce(slot, g);
            return Ok(());
        }
        app2.commit_move(slot, g)
    })
    .await;
    let mut guard = guard;
    guard.thinking = played.is_err();
    drop(guard);
}
