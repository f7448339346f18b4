//! Playing strength for every [`bao_rules::Game`]: alpha-beta and MCTS search,
//! evaluation, transposition table, levels and the match runner.
//!
//! The searchers are generic over the rules crate's [`Game`] trait plus this crate's
//! [`Evaluate`], so one engine serves Bao la Kiswahili and Bao Kingulu.
//!
//! ```
//! use bao_engine::{Engine, EngineConfig, Limits};
//! use bao_rules::{Game, kingulu::Kingulu};
//!
//! let start = Kingulu::start(&Default::default());
//! let mut engine: Engine<Kingulu> = Engine::new(EngineConfig::level(6));
//! let result = engine.search(&start, Limits { depth: Some(4), ..Limits::default() }, &mut |_| {});
//! assert!(result.best.is_some());
//! ```
#![deny(missing_docs)]

use bao_rules::Game;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub mod arena;
mod budget;
pub mod elo;
mod engine;
mod eval;
mod hash;
pub mod hint;
mod levels;
mod mcts;
pub mod nnue;
pub mod puzzle;
mod repetition;
pub mod report;
mod score;
mod search_params;
pub mod solve;
mod time_rule;
pub mod train;
mod tt;
pub mod tune;
pub mod values;
pub mod weights;

pub use engine::Engine;
pub use eval::{Evaluate, KinguluFeatures, KiswahiliFeatures};
pub use levels::{Level, KINGULU_LEVELS, KISWAHILI_LEVELS};
pub use search_params::SearchParams;
pub use time_rule::TimeRule;

/// A search score, from the side to move's point of view.
///
/// `Cp(n)`: centi-seeds (100 = one seed of advantage); `Win(n)` / `Loss(n)`: the side to
/// move wins / loses in `n` plies with best play (a game end found by the search).
/// `Display` gives the engine protocol's form: `cp 37`, `win 5`, `loss 4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Score {
    /// A heuristic value in centi-seeds.
    Cp(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(n) => write!(f, "cp {n}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

/// Search limits; `None` = no limit of that kind; the first limit reached stops the
/// search. With no limit at all the alpha-beta search stops at [`MAX_DEPTH`] or a proven
/// result (or when the stop flag is set), MCTS after 10 000 playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies (alpha-beta: the last iteration, clamped to 1..=[`MAX_DEPTH`];
    /// not used by MCTS, random and greedy).
    pub depth: Option<u32>,
    /// Maximum nodes (alpha-beta: positions visited; MCTS: playouts).
    pub nodes: Option<u64>,
    /// Maximum wall-clock time in milliseconds (checked every 16 nodes; a single move
    /// generation cannot be interrupted, see `docs/engine.md`).
    pub time_ms: Option<u64>,
}

impl Limits {
    /// `self` with every limit that `over` sets replaced by `over`'s.
    pub fn overridden_by(self, over: Limits) -> Limits {
        Limits {
            depth: over.depth.or(self.depth),
            nodes: over.nodes.or(self.nodes),
            time_ms: over.time_ms.or(self.time_ms),
        }
    }
}

/// The deepest alpha-beta iteration the engine will run.
pub const MAX_DEPTH: u32 = 64;

/// The kind of searcher an [`Engine`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searcher {
    /// A uniformly random legal move (from the seeded rng).
    Random,
    /// The move with the best static evaluation after it (one ply), ties broken by the rng.
    Greedy,
    /// Negamax alpha-beta with PVS, iterative deepening and a transposition table.
    AlphaBeta,
    /// Monte-Carlo tree search (UCT) with capped random playouts.
    Mcts,
}

/// Everything that decides how an [`Engine`] plays.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// The searcher.
    pub searcher: Searcher,
    /// The default limits of a search (overridden per call where set).
    pub limits: Limits,
    /// The seed of the engine's random numbers (random moves, tie breaks, MCTS playouts).
    pub seed: u64,
    /// Transposition table size in MiB (alpha-beta only).
    pub hash_mb: usize,
    /// A human weakness of the weak levels: the percentage (0–100) of captures the
    /// search does not see, its own and the opponent's, anywhere in its tree
    /// ([`Evaluate::is_capture`]; which ones is fixed by the seed and the position after
    /// the capture). 0 = sees every move. Alpha-beta and greedy only.
    pub missed_captures: u8,
    /// The static evaluation the alpha-beta search scores its leaves with (and greedy
    /// its moves); move ordering and MCTS always use the linear one.
    pub eval: Evaluation,
    /// The alpha-beta search's pruning and reductions ([`SearchParams::default`] for
    /// every level).
    pub search: SearchParams,
}

/// Which static evaluation a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluation {
    /// The hand-written, tuned linear evaluation ([`KiswahiliFeatures`], [`KinguluFeatures`]).
    #[default]
    Linear,
    /// Bao la Kiswahili's learned network ([`nnue`]) where the game has one and its
    /// weights are the trained ones; the linear evaluation otherwise.
    Net,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig::level(6)
    }
}

/// What a search found after one completed iteration (or at its end).
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// The depth completed (alpha-beta: plies; MCTS: the deepest tree level reached).
    pub depth: u32,
    /// The score of the best move, from the side to move's point of view.
    pub score: Score,
    /// Nodes visited so far (alpha-beta: positions; MCTS: playouts).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
}

/// The result of [`Engine::search`].
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only if the game is over (no legal move).
    pub best: Option<M>,
    /// The last search information.
    pub info: SearchInfo<M>,
}

/// One line of the engine protocol's `info` output:
/// `info depth 7 score cp 35 nodes 12345 nps 456789 time 27 pv A6> a6< ...`,
/// the PV in move notation (notation.md §3), played out from `pos`.
pub fn format_info<G: Game>(pos: &G, info: &SearchInfo<G::Move>) -> String {
    let mut line = format!(
        "info depth {} score {} nodes {} nps {} time {}",
        info.depth, info.score, info.nodes, info.nps, info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        let mut p = pos.clone();
        for &mv in &info.pv {
            match p.play(mv) {
                Ok(next) => {
                    line.push(' ');
                    line.push_str(&p.move_text(mv));
                    p = next;
                }
                Err(_) => break,
            }
        }
    }
    line
}

/// Internal: the stop flag type shared with callers.
pub(crate) type StopFlag = Arc<AtomicBool>;
