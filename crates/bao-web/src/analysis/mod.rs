//! Analysis: the game report of a game (docs/analysis.md, docs/web.md "Analysis") — every
//! move valued, classed, each side's accuracy — computed in the background with progress
//! over the game's event stream (`event: analysis`).
//!
//! * [`Analyses`]: what runs and what is done, per game (one analysis per game at a time;
//!   at most [`MAX_KEPT`] finished reports kept, the oldest leave first),
//! * [`run`]: the report of a record, from `bao_engine::report` (the same JSON as
//!   `bao report --json`),
//! * `routes`: `POST`/`GET /api/games/{id}/analysis`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use bao_engine::report::{report, ReportOptions, MAX_REPORT_PLIES};
use bao_engine::solve::Solvable;
use bao_rules::GameLine;

mod routes;
pub use routes::routes;

/// The most finished reports kept in memory (the oldest leave first).
pub const MAX_KEPT: usize = 64;

/// The default work per position (the page's "Analyse this game"): the search to this
/// depth and the solver within its node budget, as `bao report`'s default (the same
/// report on every run; [`bao_engine::values::ValueLimits::fixed`]).
pub const DEFAULT_DEPTH: u32 = bao_engine::values::DEFAULT_DEPTH;

/// The deepest fixed search a request may ask, plies (at least [`DEFAULT_DEPTH`]).
pub const MAX_DEPTH: u32 = if DEFAULT_DEPTH > 12 {
    DEFAULT_DEPTH
} else {
    12
};

/// The most work per position a request may ask by the clock (`time_ms`), ms.
pub const MAX_TIME_MS: u64 = 5_000;

/// One game's analysis.
pub struct Analysis {
    /// The plies of the game when it started.
    pub plies: usize,
    /// Positions valued so far.
    pub done: AtomicUsize,
    /// The report JSON once finished.
    pub result: Mutex<Option<Arc<String>>>,
    /// Set to stop it (the game was deleted).
    pub stop: AtomicBool,
    /// When it finished (for [`MAX_KEPT`]), a counter.
    pub finished: AtomicUsize,
}

/// The analyses of the server's games.
#[derive(Default)]
pub struct Analyses {
    map: Mutex<HashMap<String, Arc<Analysis>>>,
    counter: AtomicUsize,
}

impl Analyses {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Analysis>>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The analysis of game `id`, if any.
    pub fn get(&self, id: &str) -> Option<Arc<Analysis>> {
        self.lock().get(id).cloned()
    }

    /// Starts an analysis of game `id` at `plies` plies unless one runs (returned with
    /// `false`) or a finished one is for the same plies (returned with `false`).
    pub fn start(&self, id: &str, plies: usize) -> (Arc<Analysis>, bool) {
        let mut map = self.lock();
        if let Some(a) = map.get(id) {
            let running = a.result.lock().unwrap_or_else(|e| e.into_inner()).is_none();
            if running || a.plies == plies {
                return (Arc::clone(a), false);
            }
        }
        // Keep at most MAX_KEPT finished ones: drop the oldest.
        let finished: Vec<(usize, String)> = map
            .iter()
            .filter(|(_, a)| a.result.lock().map(|r| r.is_some()).unwrap_or(true))
            .map(|(k, a)| (a.finished.load(Ordering::Relaxed), k.clone()))
            .collect();
        if finished.len() >= MAX_KEPT {
            if let Some((_, oldest)) = finished.iter().min() {
                map.remove(oldest);
            }
        }
        let a = Arc::new(Analysis {
            plies,
            done: AtomicUsize::new(0),
            result: Mutex::new(None),
            stop: AtomicBool::new(false),
            finished: AtomicUsize::new(0),
        });
        map.insert(id.to_string(), Arc::clone(&a));
        (a, true)
    }

    /// Marks `a` finished with `json`.
    pub fn finish(&self, a: &Analysis, json: String) {
        a.finished.store(
            self.counter.fetch_add(1, Ordering::Relaxed) + 1,
            Ordering::Relaxed,
        );
        *a.result.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(json));
    }

    /// Stops and forgets the analysis of a deleted game.
    pub fn forget(&self, id: &str) {
        if let Some(a) = self.lock().remove(id) {
            a.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The tutor's answer for `mv` in the current position of the record `record` (docs/web.md
/// "Tutor"): `{"move", "class", "warn", "text", "best", "value", "best_value"}`; `warn` when
/// the move is a mistake or a blunder, `text` the warning of `bao play`'s tutor. The
/// search's table and each solver table take at most `memory_mb` MiB.
///
/// # Errors
/// A record that does not read, a game that is over, a move that is not legal.
pub fn tutor(
    game: bao_rules::GameKind,
    record: &str,
    mv: &str,
    memory_mb: usize,
) -> Result<serde_json::Value, String> {
    bao_rules::with_game!(game, G => tutor_game::<G>(record, mv, memory_mb))
}

fn tutor_game<G: Solvable>(
    record: &str,
    text: &str,
    memory_mb: usize,
) -> Result<serde_json::Value, String> {
    use bao_engine::report::{check_move, tutor_warning};
    let line = GameLine::<G>::from_record_text(record).map_err(|e| e.to_string())?;
    if line.is_over() {
        return Err("the game is over".to_string());
    }
    let pos = line.current();
    let mv = pos
        .parse_move(text)
        .map_err(|e| format!("cannot play {text:?}: {}", e.message))?;
    let limits = ReportOptions {
        memory_mb: Some(memory_mb),
        ..TUTOR_LIMITS
    };
    let mut engine = bao_engine::Engine::new(bao_engine::values::analysis_config(limits));
    let check = check_move(&line, mv, limits, &mut engine).ok_or("the move is not legal")?;
    let warning = tutor_warning(pos, mv, &check);
    Ok(serde_json::json!({
        "move": pos.move_text(mv),
        "class": check.class,
        "warn": warning.is_some(),
        "text": warning,
        "best": pos.move_text(check.best),
        "value": check.value,
        "best_value": check.best_value,
    }))
}

/// The move `mv` played from the position before ply `ply` (1 = the start) of the record,
/// traced lap by lap (the JSON of a played move, `PlayedJson`): the analysis page plays
/// the best move out beside the move played.
///
/// # Errors
/// A record that does not read, a ply out of range, a move that is not legal there.
pub fn try_move(
    game: bao_rules::GameKind,
    record: &str,
    ply: usize,
    mv: &str,
) -> Result<serde_json::Value, String> {
    bao_rules::with_game!(game, G => try_game::<G>(record, ply, mv))
}

fn try_game<G: Solvable>(
    record: &str,
    ply: usize,
    text: &str,
) -> Result<serde_json::Value, String> {
    let mut line = GameLine::<G>::from_record_text(record).map_err(|e| e.to_string())?;
    if ply == 0 || ply > line.plies() {
        return Err(format!("ply {ply}: give 1 to {}", line.plies()));
    }
    line.undo(line.plies() + 1 - ply)
        .map_err(|e| e.to_string())?;
    let pos = line.current().clone();
    let mv = pos
        .parse_move(text)
        .map_err(|e| format!("cannot play {text:?} before ply {ply}: {}", e.message))?;
    let events = line.play_traced(mv).map_err(|e| e.to_string())?;
    let played = crate::games::view::played_json(&pos, mv, &events, None);
    serde_json::to_value(played).map_err(|e| e.to_string())
}

/// The tutor's work per move: the solver for the hint's 2 s, else a search to the hint's
/// depth (6 plies), as `bao play`'s tutor.
pub const TUTOR_LIMITS: ReportOptions = ReportOptions {
    time_ms: bao_engine::hint::PROVED_HINT_MS,
    depth: Some(bao_engine::hint::HINT_LEVEL as u32),
    memory_mb: None,
    solver_nodes: None,
};

fn run_game<G: Solvable>(
    record: &str,
    opts: ReportOptions,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<String, String> {
    let line = GameLine::<G>::from_record_text(record).map_err(|e| e.to_string())?;
    if line.plies() > MAX_REPORT_PLIES {
        return Err(format!(
            "the game has {} plies; an analysis values at most {MAX_REPORT_PLIES}",
            line.plies()
        ));
    }
    let r = report(&line, opts, progress);
    serde_json::to_string(&r).map_err(|e| e.to_string())
}

/// The report JSON of the record `record` of game `game` (`kiswahili`/`kingulu`), each
/// position valued within `opts`; `progress(done, total)` as `bao_engine::report::report`'s.
///
/// # Errors
/// A record that does not read, or longer than [`MAX_REPORT_PLIES`].
pub fn run(
    game: bao_rules::GameKind,
    record: &str,
    opts: ReportOptions,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<String, String> {
    bao_rules::with_game!(game, G => run_game::<G>(record, opts, progress))
}
