//! The Python exceptions of the package: every one is a `ValueError` subclass carrying the
//! rules' own message (what was wrong and where).

use bao_rules::{MoveParseError, OptionError, PlayError};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    bao,
    BaoError,
    PyValueError,
    "Base class of the bao package's errors (a ValueError)."
);
create_exception!(
    bao,
    PositionError,
    BaoError,
    "A position text that cannot be read or a setup that is not a valid position (notation.md §2)."
);
create_exception!(
    bao,
    MoveError,
    BaoError,
    "A move text that cannot be read, or a move or action that is not legal here (the message says why)."
);
create_exception!(
    bao,
    GameOverError,
    MoveError,
    "A move was asked of a finished game."
);
create_exception!(
    bao,
    RulesError,
    BaoError,
    "An unknown game, rules profile, option name or option value."
);
create_exception!(
    bao,
    RecordError,
    BaoError,
    "A game record that cannot be read (notation.md §4), with the line or move number."
);

create_exception!(
    bao,
    TournamentError,
    BaoError,
    "A tournament report (TRF) that cannot be read (the line and what is wrong), or that cannot be paired as it stands."
);
create_exception!(
    bao,
    NoLegalPairingError,
    TournamentError,
    "No pairing of the next round meets the absolute criteria (no rematch, the bye, colours)."
);

/// A position error of the rules crate as a Python exception.
pub fn position_err(e: bao_rules::PositionError) -> PyErr {
    PositionError::new_err(e.to_string())
}

/// A [`MoveParseError`] as a Python exception.
pub fn parse_err(e: MoveParseError) -> PyErr {
    MoveError::new_err(e.to_string())
}

/// A [`PlayError`] as a Python exception ([`GameOverError`] for a finished game).
pub fn play_err(e: PlayError) -> PyErr {
    match e {
        PlayError::GameOver => GameOverError::new_err(e.to_string()),
        PlayError::Illegal { .. } => MoveError::new_err(e.to_string()),
    }
}

/// An [`OptionError`] as a Python exception.
pub fn option_err(e: OptionError) -> PyErr {
    RulesError::new_err(e.to_string())
}

/// A record error as a Python exception.
pub fn record_err(e: bao_rules::record::RecordError) -> PyErr {
    RecordError::new_err(e.to_string())
}

/// An unknown game name.
pub fn unknown_game(name: &str) -> PyErr {
    RulesError::new_err(format!(
        "unknown game {name:?}; expected \"kiswahili\" or \"kingulu\""
    ))
}
