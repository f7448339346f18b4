//! Errors of the rules crate: every one names what was wrong and where.

use thiserror::Error;

/// A position text that could not be read, or a setup that is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text does not follow notation.md §2.
    #[error("cannot read position field {field}: {message} (text {text:?})")]
    Syntax {
        /// The field: `row b`, `stores`, `house`, `side`, `takasia`, `pit A3`, ...
        field: String,
        /// The offending text.
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// The text was read but the setup breaks the rules' invariants; every reason found.
    #[error("invalid position: {}", .0.join("; "))]
    Invalid(Vec<String>),
}

/// A move text that could not be read, or that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {text:?}: {message}")]
pub struct MoveParseError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it (malformed, no such hole, illegal and why, ...).
    pub message: String,
}

/// A move that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The move is not among the legal moves.
    #[error("illegal move {mv}: {reason}")]
    Illegal {
        /// The move text.
        mv: String,
        /// Why it is illegal.
        reason: String,
    },
}

/// An unknown rules profile, option name or option value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct OptionError {
    /// What was wrong, naming the option and the accepted values.
    pub message: String,
}
