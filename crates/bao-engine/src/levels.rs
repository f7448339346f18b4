//! The playing levels 1..=10, one table per game (docs/engine.md "Levels"): Bao Kingulu
//! is short and forcing, so depth buys much less there than in Bao la Kiswahili and its
//! levels need their own spacing.

use crate::{EngineConfig, Evaluation, Limits, SearchParams, Searcher};
use bao_rules::{Game, GameKind};

/// One row of a level table: how the level searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The searcher.
    pub searcher: Searcher,
    /// The depth limit in plies, if any.
    pub depth: Option<u32>,
    /// The time limit in milliseconds, if any.
    pub time_ms: Option<u64>,
    /// The percentage of captures the search does not see
    /// ([`EngineConfig::missed_captures`]).
    pub missed_captures: u8,
    /// The static evaluation ([`Evaluation::Net`]: Bao la Kiswahili's network).
    pub eval: Evaluation,
    /// The search's pruning and reductions ([`SearchParams::CLASSIC`] for the
    /// depth-limited levels, whose strength the ladders measured with it).
    pub search: SearchParams,
}

const fn greedy(missed_captures: u8) -> Level {
    Level {
        searcher: Searcher::Greedy,
        depth: None,
        time_ms: None,
        missed_captures,
        eval: Evaluation::Linear,
        search: SearchParams::CLASSIC,
    }
}

const fn ab(depth: u32, missed_captures: u8) -> Level {
    Level {
        searcher: Searcher::AlphaBeta,
        depth: Some(depth),
        time_ms: None,
        missed_captures,
        eval: Evaluation::Linear,
        search: SearchParams::CLASSIC,
    }
}

const fn timed(depth: Option<u32>, time_ms: u64) -> Level {
    Level {
        searcher: Searcher::AlphaBeta,
        depth,
        time_ms: Some(time_ms),
        missed_captures: 0,
        eval: Evaluation::Linear,
        search: SearchParams::CLASSIC,
    }
}

/// A time-limited level with Bao la Kiswahili's network and the pruning of
/// [`SearchParams::STRONG`] (docs/engine.md "Search changes").
const fn strong(time_ms: u64) -> Level {
    Level {
        eval: Evaluation::Net,
        search: SearchParams::STRONG,
        ..timed(None, time_ms)
    }
}

/// Bao la Kiswahili's levels 1..=10 (index 0 is level 1). Level 1 looks one ply ahead
/// and misses half the captures; 2 sees every capture one ply ahead; 3 looks two plies
/// ahead; then deeper and longer searches.
pub const KISWAHILI_LEVELS: [Level; 10] = [
    greedy(50),
    greedy(0),
    ab(2, 0),
    ab(3, 0),
    ab(4, 0),
    ab(6, 0),
    timed(Some(8), 500),
    strong(1000),
    strong(2000),
    strong(3000),
];

/// Bao Kingulu's levels 1..=10 (index 0 is level 1). Bao Kingulu is short and forcing:
/// a depth-10 search is within ~70 Elo of perfect play, so its levels are spaced by
/// depth and by missed captures (all of them at level 1, half at 2, a tenth at 4, a few
/// at 6) to be at least 50 Elo apart (docs/levels.md, measured with the tuned
/// evaluation); level 10 plays perfectly where the solver proves the position (3 s a
/// move at most).
pub const KINGULU_LEVELS: [Level; 10] = [
    greedy(100),
    greedy(50),
    greedy(0),
    ab(2, 10),
    ab(2, 0),
    ab(3, 2),
    ab(4, 0),
    ab(6, 0),
    ab(10, 0),
    timed(None, 3000),
];

/// The seed of every level.
const LEVEL_SEED: u64 = 0x00ba_0ba0_5eed;

impl EngineConfig {
    /// Bao la Kiswahili's playing level `n` (1 = weakest ... 10 = strongest at a few
    /// seconds a move); `n` is clamped to 1..=10. Other games: [`EngineConfig::level_for`].
    pub fn level(n: u8) -> EngineConfig {
        EngineConfig::level_for(GameKind::Kiswahili, n)
    }

    /// Playing level `n` of `game` ([`KISWAHILI_LEVELS`], [`KINGULU_LEVELS`]); `n` is
    /// clamped to 1..=10. Every level has a 32 MiB table and the same seed.
    pub fn level_for(game: GameKind, n: u8) -> EngineConfig {
        let table = match game {
            GameKind::Kiswahili => &KISWAHILI_LEVELS,
            GameKind::Kingulu => &KINGULU_LEVELS,
        };
        let row = table[usize::from(n.clamp(1, 10)) - 1];
        EngineConfig {
            searcher: row.searcher,
            limits: Limits {
                depth: row.depth,
                nodes: None,
                time_ms: row.time_ms,
            },
            seed: LEVEL_SEED,
            hash_mb: 32,
            missed_captures: row.missed_captures,
            eval: row.eval,
            search: row.search,
        }
    }

    /// Playing level `n` of the game `G` ([`EngineConfig::level_for`]); a game other than
    /// the two of `bao_rules` gets Bao la Kiswahili's table.
    pub fn level_of<G: Game>(n: u8) -> EngineConfig {
        let game = G::NAME.parse().unwrap_or(GameKind::Kiswahili);
        EngineConfig::level_for(game, n)
    }
}
