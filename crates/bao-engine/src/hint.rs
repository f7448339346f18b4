//! The one convention for hints and scores that every front end speaks (`bao play`'s
//! `hint`, the web's hint, `bao analyze`): the same strength, the same words.
//!
//! A score is given in seeds for the side to move, with the depth it was searched to, or
//! as a proved win or loss in plies:
//!
//! ```
//! use bao_engine::{hint::score_text, Score};
//! assert_eq!(score_text(Score::Cp(5), 4), "+0.05 seeds for the side to move (depth 4)");
//! assert_eq!(score_text(Score::Cp(-290), 6), "-2.90 seeds for the side to move (depth 6)");
//! assert_eq!(score_text(Score::Win(1), 1), "win in 1 ply (proved)");
//! assert_eq!(score_text(Score::Loss(29), 30), "loss in 29 plies (proved)");
//! ```

use crate::{EngineConfig, Score};

/// The level every hint is searched at, whatever the opponent's level: alpha-beta to a
/// fixed depth of 6 plies ([`EngineConfig::level`] 6), so that a hint is the same move
/// and score in every front end for the same position.
pub const HINT_LEVEL: u8 = 6;

/// The engine configuration of a hint ([`HINT_LEVEL`]).
pub fn hint_config() -> EngineConfig {
    EngineConfig::level(HINT_LEVEL)
}

/// `n ply` / `n plies`.
fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// A score in words, for the side to move: `+0.05 seeds for the side to move (depth 4)`
/// (centi-seeds shown as seeds with two decimals and a sign), `win in 29 plies (proved)`,
/// `loss in 3 plies (proved)`. `depth` is the depth the search completed.
pub fn score_text(score: Score, depth: u32) -> String {
    match score {
        Score::Cp(cp) => format!(
            "{:+.2} seeds for the side to move (depth {depth})",
            f64::from(cp) / 100.0
        ),
        Score::Win(n) => format!("win in {} (proved)", plies(n)),
        Score::Loss(n) => format!("loss in {} (proved)", plies(n)),
    }
}
