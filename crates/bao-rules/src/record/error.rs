//! [`RecordError`]: why a record could not be read.

use crate::{PositionError, Side};
use thiserror::Error;

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The text does not follow notation.md §4 (a bad tag, a bad token, a result that
    /// contradicts the game).
    #[error("record line {line}: {message}")]
    Syntax {
        /// The 1-based line of the text where the problem is.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The `Game` tag names a game that does not exist.
    #[error("unknown game {0:?} (expected \"kiswahili\" or \"kingulu\")")]
    UnknownGame(String),
    /// The text reads as a record (tags, numbered moves) but has no `Game` tag.
    #[error("the record has no [Game \"kiswahili\"] or [Game \"kingulu\"] tag")]
    NoGameTag,
    /// The text does not look like a game record at all: its first line is neither a tag
    /// nor a numbered move (a wrong file, a text that is not a record).
    #[error("this does not look like a game record: line {line} {text:?} is neither a tag like [Game \"kiswahili\"] nor a numbered move like 1. A6>")]
    NotARecord {
        /// The 1-based line of the first offending line.
        line: usize,
        /// That line (its first 60 characters).
        text: String,
    },
    /// The `Rules` tag or an option tag is not accepted by the game's rules.
    #[error("rules: {0}")]
    Rules(String),
    /// The `Setup` tag is not a valid position.
    #[error("Setup tag: {0}")]
    Setup(PositionError),
    /// A move of the record is malformed or not legal in the position where it is played.
    #[error("move {number}{} {text}: {message}", if *.side == Side::South { "." } else { "..." })]
    IllegalMove {
        /// The move number as written in the record (`12.` → 12).
        number: usize,
        /// The side that was to play it.
        side: Side,
        /// The move text as written.
        text: String,
        /// Why it cannot be played (from [`Game::parse_move`] / [`Game::play`]).
        message: String,
    },
    /// The record is of another game than the one asked for.
    #[error("the record is a {found} game, expected {expected}")]
    WrongGame {
        /// The game asked for ([`Game::NAME`]).
        expected: String,
        /// The game named by the `Game` tag.
        found: String,
    },
}
