//! The playing levels 1..=10, one table per game (docs/engine.md "Levels"): Bao Kingulu
//! is short and forcing, so depth buys much less there than in Bao la Kiswahili and its
//! levels need their own spacing.

use crate::{EngineConfig, Limits, Searcher};
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
}

const fn ab(depth: u32, missed_captures: u8) -> Level {
    Level {
        searcher: Searcher::AlphaBeta,
        depth: Some(depth),
        time_ms: None,
        missed_captures,
    }
}

const fn timed(depth: Option<u32>, time_ms: u64) -> Level {
    Level {
        searcher: Searcher::AlphaBeta,
        depth,
        time_ms: Some(time_ms),
        missed_captures: 0,
    }
}

/// Bao la Kiswahili's levels 1..=10 (index 0 is level 1).
pub const KISWAHILI_LEVELS: [Level; 10] = [
    Level {
        searcher: Searcher::Random,
        depth: None,
        time_ms: None,
        missed_captures: 0,
    },
    Level {
        searcher: Searcher::Greedy,
        depth: None,
        time_ms: None,
        missed_captures: 0,
    },
    ab(2, 0),
    ab(3, 0),
    ab(4, 0),
    ab(6, 0),
    timed(Some(8), 500),
    timed(None, 1000),
    timed(None, 2000),
    timed(None, 3000),
];

/// Bao Kingulu's levels 1..=10 (index 0 is level 1).
pub const KINGULU_LEVELS: [Level; 10] = [
    Level {
        searcher: Searcher::Random,
        depth: None,
        time_ms: None,
        missed_captures: 0,
    },
    Level {
        searcher: Searcher::Greedy,
        depth: None,
        time_ms: None,
        missed_captures: 0,
    },
    ab(2, 0),
    ab(3, 0),
    ab(4, 0),
    ab(6, 0),
    timed(Some(8), 500),
    timed(None, 1000),
    timed(None, 2000),
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
        }
    }

    /// Playing level `n` of the game `G` ([`EngineConfig::level_for`]); a game other than
    /// the two of `bao_rules` gets Bao la Kiswahili's table.
    pub fn level_of<G: Game>(n: u8) -> EngineConfig {
        let game = G::NAME.parse().unwrap_or(GameKind::Kiswahili);
        EngineConfig::level_for(game, n)
    }
}
