//! Puzzles from real positions (docs/puzzles.md): positions cut from games the engine
//! played against itself where exactly one move solves it, proven by the solver
//! ([`crate::solve`]).
//!
//! Modules: [`format`] (the [`Puzzle`] type and its one-line text format), [`theme`]
//! (theme word and difficulty), [`prove`] (the solver's proofs behind a claim), [`find`]
//! (the finder behind `bao puzzle build`) and [`verify`] (re-proving a puzzle, `bao
//! puzzle verify`). The shipped sets ([`shipped`]) are embedded text files under
//! `crates/bao-engine/data/`.
//!
//! ```
//! use bao_engine::puzzle::{shipped, PuzzleSet};
//!
//! let set = PuzzleSet::parse(shipped("kingulu").unwrap()).unwrap();
//! assert!(set.len() >= 100);
//! ```

pub mod find;
pub mod format;
pub mod line;
pub mod prove;
pub mod theme;
pub mod verify;

pub use format::{Claim, ParseError, Puzzle, PuzzleSet};
pub use verify::{check, verify_set, Flaw, VERIFY_NODES};

/// The shipped Bao Kingulu puzzles (`data/kingulu-puzzles.txt`).
pub const KINGULU_TEXT: &str = include_str!("../../data/kingulu-puzzles.txt");

/// The shipped Bao la Kiswahili puzzles (`data/kiswahili-puzzles.txt`).
pub const KISWAHILI_TEXT: &str = include_str!("../../data/kiswahili-puzzles.txt");

/// The shipped set of a game by its name ([`bao_rules::Game::NAME`]: `kingulu`,
/// `kiswahili`), `None` for another name.
pub fn shipped(game: &str) -> Option<&'static str> {
    match game {
        "kingulu" => Some(KINGULU_TEXT),
        "kiswahili" => Some(KISWAHILI_TEXT),
        _ => None,
    }
}
