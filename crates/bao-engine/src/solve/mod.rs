//! Solving positions exactly (docs/solved.md): the game-theoretic value with the exact
//! shortest win / longest defence, the exact final score under perfect play (Bao
//! Kingulu), per-move values, and proof certificates that [`verify`] checks with the rules
//! crate alone.
//!
//! ```
//! use bao_engine::solve::{ExactValue, SolveLimits, Solver};
//! use bao_rules::{Game, kingulu::Kingulu};
//!
//! // T32's position: South to move.
//! let pos = Kingulu::from_text("0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South",
//!     &Default::default()).unwrap();
//! let mut solver = Solver::new(SolveLimits::default());
//! let report = solver.outcome(&pos);
//! assert!(report.value.is_some());
//! ```
//!
//! Modules: `prover` (the bounded proof search of one prover, with its table),
//! `solver` (iterative deepening: outcome, margin, per-move values, certificates),
//! [`certificate`] (the text format) and [`verify`] (the checker). `certificate` and
//! `verify` import nothing from the rest of this crate (only `bao_rules`), so the checker
//! trusts no search, table or evaluation. [`reach`] counts the positions reachable from
//! the Bao Kingulu start. [`oracle`] gives the per-move values a player asks for.
//!
//! **Repetition (G-R15, option O7).** The proof search is depth-bounded: "the prover
//! forces the end of the game, with the goal met, within d plies". Such a strategy never
//! needs to repeat a position and the opponent cannot make it repeat (the plies left
//! strictly fall along every line of it), so a repetition on a line counts as not-a-win
//! for the prover (that line never reaches a proven end) and every proven value holds
//! under both O7 settings. A value that only repetition could decide (one side can stop
//! the other's win only by cycling for ever) is reported as not proven.
//!
//! **A game's history** ([`history`], [`Solver::with_history`]): positions that occurred
//! twice in the game end it when reached again (G-R15), so the solver treats them as
//! finished; the oracle, the proved hint and `bao solve --load` solve the game as played.

pub mod book;
pub mod certificate;
pub mod history;
pub mod oracle;
pub mod reach;

pub mod verify;

mod prover;
mod solver;

pub use certificate::{Certificate, CertificateError, Claim, Goal};
pub use history::LineEnds;
pub use solver::{
    margin_values, move_values, perfect_move, perfect_move_with, DefenceCheck, MarginReport,
    MoveValue, OutcomeReport, Solver,
};
pub use verify::{verify_text, VerifyReport};

use crate::budget::Meter;
use crate::hash::FastHasher;
use crate::Evaluate;
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::{Game, Side};
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;
use std::ops::{Deref, DerefMut};
use std::time::{Duration, Instant};

/// A hash map keyed by 64-bit position keys.
pub(crate) type FastMap<V> = HashMap<u64, V, BuildHasherDefault<FastHasher>>;

/// The exact game-theoretic value of a position for the side to move, in plies of
/// perfect play (the winner ends the game as soon as he can, the loser as late as he
/// can).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExactValue {
    /// The side to move wins; the shortest forced win takes this many plies.
    Win(u32),
    /// The side to move loses; the longest defence lasts this many plies.
    Loss(u32),
    /// Neither side can force a win (Bao Kingulu 24–24, G-R14).
    Draw,
}

impl ExactValue {
    /// The value one ply earlier, for the player who made the move leading here.
    pub fn before_move(self) -> ExactValue {
        match self {
            ExactValue::Win(n) => ExactValue::Loss(n + 1),
            ExactValue::Loss(n) => ExactValue::Win(n + 1),
            ExactValue::Draw => ExactValue::Draw,
        }
    }
}

impl fmt::Display for ExactValue {
    /// `win in 29`, `loss in 30`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactValue::Win(n) => write!(f, "win in {n}"),
            ExactValue::Loss(n) => write!(f, "loss in {n}"),
            ExactValue::Draw => f.write_str("draw"),
        }
    }
}

/// Limits of a solve; `None` = no limit of that kind. When a limit stops a solve, the
/// reports say what was proven so far (bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    /// Wall-clock time in milliseconds.
    pub time_ms: Option<u64>,
    /// Positions visited.
    pub nodes: Option<u64>,
    /// The deepest proof searched, in plies (default 400).
    pub max_depth: u32,
    /// Transposition-table entries per prover table (default 2^24, about 0.5 GiB for
    /// the four tables together at full load).
    pub max_entries: usize,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits {
            time_ms: None,
            nodes: None,
            max_depth: 400,
            max_entries: 1 << 24,
        }
    }
}

/// A progress report of a long solve (about every 2 seconds).
#[derive(Clone, Debug)]
pub struct Progress {
    /// What is being proven (`win`, `margin`).
    pub stage: &'static str,
    /// The depth of the current iteration, plies.
    pub depth: u32,
    /// Positions visited so far.
    pub nodes: u64,
    /// Milliseconds since the start.
    pub time_ms: u64,
    /// What is proven so far, in words.
    pub proven: String,
}

/// A progress callback.
pub type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

/// Clock, node count and limits of a solve: a [`Meter`] (its fields read through `Deref`)
/// with the progress report, every 2 s, of the stage, depth and bounds proven so far.
pub(crate) struct SolveBudget {
    meter: Meter,
    progress: Option<ProgressFn>,
    last_progress: Instant,
    pub stage: &'static str,
    pub depth: u32,
    pub proven: String,
}

impl SolveBudget {
    fn new(limits: &SolveLimits) -> SolveBudget {
        let meter = Meter::new(limits.time_ms, limits.nodes);
        SolveBudget {
            last_progress: meter.start,
            meter,
            progress: None,
            stage: "",
            depth: 0,
            proven: String::new(),
        }
    }

    /// Counts one node; true when the solve must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.meter.count();
        if self.nodes & 0x3fff == 0 {
            let now = Instant::now();
            self.meter.check_clock(now);
            if now.duration_since(self.last_progress) >= Duration::from_secs(2) {
                self.last_progress = now;
                self.report();
            }
        }
        self.stopped
    }

    fn report(&mut self) {
        let p = Progress {
            stage: self.stage,
            depth: self.depth,
            nodes: self.nodes,
            time_ms: self.elapsed_ms(),
            proven: self.proven.clone(),
        };
        if let Some(f) = self.progress.as_mut() {
            f(&p);
        }
    }
}

impl Deref for SolveBudget {
    type Target = Meter;
    fn deref(&self) -> &Meter {
        &self.meter
    }
}

impl DerefMut for SolveBudget {
    fn deref_mut(&mut self) -> &mut Meter {
        &mut self.meter
    }
}

/// A game the solver handles: [`Evaluate`] (for move ordering only, never for values)
/// plus the seeds a side is sure of and its final score.
pub trait Solvable: Evaluate {
    /// Seeds that count for `side` at the end whatever happens, or `None` for a game
    /// without a final score. Bao Kingulu: the store plus the pits `side` reserved
    /// (G-R6, R9, I3, I4: stores never shrink, reserved pits never change).
    fn locked_seeds(&self, side: Side) -> Option<u32>;

    /// The final score of `side` (G-R14) in a finished game, `None` for a game without
    /// one.
    fn final_score(&self, side: Side) -> Option<u32>;

    /// The exact value and final score of this position from the opening book
    /// ([`book::opening`]: Bao Kingulu under default rules, within
    /// [`book::OPENING_PLIES`] plies of the start) or the installed value database
    /// ([`book::values`]), if it is there; `None` by default.
    fn known(&self) -> Option<book::Known> {
        None
    }

    /// A move-ordering key of this position (after a move by `mover`): higher = better
    /// for `mover`. Finished games first by result, then the static evaluation.
    fn order_key(&self, mover: Side) -> i32 {
        match self.outcome() {
            Some(o) if o.winner == Some(mover) => 2_000_000,
            Some(o) if o.winner.is_none() => 0,
            Some(_) => -2_000_000,
            None => {
                let e = self.evaluate().clamp(-1_000_000, 1_000_000);
                if self.side_to_move() == mover {
                    e
                } else {
                    -e
                }
            }
        }
    }
}

impl Solvable for Kingulu {
    fn locked_seeds(&self, side: Side) -> Option<u32> {
        let pits = self.pits();
        let reserved: u32 = (0..12)
            .filter(|&i| self.reserved_by(i) == Some(side))
            .map(|i| u32::from(pits[i]))
            .sum();
        Some(u32::from(self.store(side)) + reserved)
    }

    fn final_score(&self, side: Side) -> Option<u32> {
        Some(u32::from(self.score(side)))
    }

    fn known(&self) -> Option<book::Known> {
        book::opening()
            .get(self)
            .or_else(|| book::values()?.get(self))
    }
}

impl Solvable for Kiswahili {
    fn locked_seeds(&self, _side: Side) -> Option<u32> {
        None
    }

    fn final_score(&self, _side: Side) -> Option<u32> {
        None
    }
}

/// The smallest time limit (ms) of an alpha-beta search that plays perfectly where the
/// solver proves it: level 10's ([`crate::EngineConfig::level`]).
pub const PERFECT_PLAY_MIN_MS: u64 = 3000;

/// The solver's share of a search's time when the search plays perfectly (level 10:
/// an alpha-beta search limited by time only, at least [`PERFECT_PLAY_MIN_MS`]): a third.
/// `None` for other searches.
pub fn perfect_play_time(searcher: crate::Searcher, limits: &crate::Limits) -> Option<u64> {
    match (searcher, limits.depth, limits.nodes, limits.time_ms) {
        (crate::Searcher::AlphaBeta, None, None, Some(t)) if t >= PERFECT_PLAY_MIN_MS => {
            Some(t / 3)
        }
        _ => None,
    }
}

/// The engine's [`crate::Score`] of an exact value (a draw is `cp 0`).
pub fn score_of(v: Option<ExactValue>) -> crate::Score {
    match v {
        Some(ExactValue::Win(n)) => crate::Score::Win(n),
        Some(ExactValue::Loss(n)) => crate::Score::Loss(n),
        _ => crate::Score::Cp(0),
    }
}

/// The game's value for `pos`'s side to move from a finished position.
pub(crate) fn finished_value<G: Game>(pos: &G) -> Option<ExactValue> {
    pos.outcome().map(|o| match o.winner {
        Some(w) if w == pos.side_to_move() => ExactValue::Win(0),
        Some(_) => ExactValue::Loss(0),
        None => ExactValue::Draw,
    })
}
