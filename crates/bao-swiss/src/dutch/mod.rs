//! The FIDE Dutch system (Handbook C.04.3): the pairing of the next round of a Swiss
//! tournament, by the rules of 2025 (in force since 1 February 2026, the default) or
//! of 2017 ([`Edition`]).
//!
//! The method is bbpPairings' (v6 for the 2025 rules, v5 for 2017): score brackets are
//! paired from the top, each by a sequence of maximum-weight matchings whose edge
//! weights encode the absolute criteria, the completion criterion and the quality
//! criteria in priority order (`weights.rs` for 2017, `weights2025.rs`), then fix the
//! choices left to the order of exchanges and transpositions (`choices.rs`): which
//! moved-down players are paired, their opponents, the players exchanged between S1
//! and S2, and S1's opponents. Under the 2017 rules a bracket whose choice of
//! downfloaters would leave the rest unpairable is the penultimate pairing bracket,
//! paired again together with the rest (`brackets.rs`); under the 2025 rules one
//! matching of all the players still to pair keeps every bracket's choice completable
//! (`brackets2025.rs`).
//!
//! Colours follow section E of 2017, article 5 of 2025, which agree ([`colour`]).
//! South is "white".

mod brackets;
mod brackets2025;
mod choices;
pub mod colour;
mod weights;
mod weights2025;

pub use crate::edition::Edition;

use crate::history::{PlayerState, State, StateError};
use crate::tournament::Tournament;
use std::fmt;

/// The most players the engine pairs (each bracket's matchings cost O(n³) and are
/// repeated per player; see docs/tournaments.md for the times measured).
pub const MAX_PLAYERS: usize = 1000;

/// Why no pairing came out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    /// The file does not allow a next round.
    #[error(transparent)]
    State(#[from] StateError),
    /// No pairing meets the absolute criteria (C.1–C.3).
    #[error("no legal pairing: the players cannot all be paired without a rematch, a second bye or a forbidden colour")]
    NoLegalPairing,
    /// The weights would need more bits than the engine has.
    #[error("the tournament is too large for the pairing weights ({0} bits)")]
    TooLarge(u32),
}

/// One board of a round: South ("white") and North, or a pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// South's start number.
    pub south: u32,
    /// North's start number; `None` for the pairing-allocated bye.
    pub north: Option<u32>,
}

/// The pairings of a round, in the published order (C.04.2 and bbpPairings: by the
/// higher score, then the lower score, then the higher player's rank; the bye last).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Round {
    /// The boards.
    pub boards: Vec<Board>,
}

impl fmt::Display for Round {
    /// bbpPairings' `-p` output: the number of pairs, then `SOUTH NORTH` per line, a bye
    /// as `ID 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.boards.len())?;
        for b in &self.boards {
            writeln!(f, "{} {}", b.south, b.north.unwrap_or(0))?;
        }
        Ok(())
    }
}

/// The pairing state shared by the brackets.
pub(crate) struct Context<'a> {
    pub state: &'a State,
}

impl Context<'_> {
    /// C.1–C.3: may meet (not met before, not forbidden, not two non-topscorers with the
    /// same absolute colour preference).
    pub fn compatible(&self, a: &PlayerState, b: &PlayerState) -> bool {
        a.may_meet(b.id)
            && (!a.absolute()
                || !b.absolute()
                || a.preference != b.preference
                || self.state.topscorer(a)
                || self.state.topscorer(b))
    }

    /// C.2 (2017): may get the pairing-allocated bye (had no bye and no win by forfeit).
    pub fn bye_eligible(&self, p: &PlayerState) -> bool {
        !p.rounds
            .iter()
            .any(|r| !r.played && r.participated && r.outcome == crate::tournament::Outcome::Win)
    }
}

/// Pairs the next round of a tournament by the Dutch system, in the edition the file
/// names (its `192` line, [`Tournament::edition`]), by default the rules in force
/// (2025).
pub fn pair(t: &Tournament) -> Result<Round, PairError> {
    pair_with_edition(t, t.edition.unwrap_or_default())
}

/// Pairs the next round of a tournament by the Dutch system in the edition given
/// (whatever the file says).
pub fn pair_with_edition(t: &Tournament, edition: Edition) -> Result<Round, PairError> {
    let state = State::new(t, true)?;
    let count = state.players.iter().filter(|p| p.to_pair).count();
    if count > MAX_PLAYERS {
        return Err(StateError::TooManyPlayers {
            players: count,
            max: MAX_PLAYERS,
        }
        .into());
    }
    let ctx = Context { state: &state };
    let mates = match edition {
        Edition::Dutch2017 => brackets::pair_all(&ctx)?,
        Edition::Dutch2025 => brackets2025::pair_all(&ctx)?,
    };
    Ok(colour::boards(&ctx, &mates))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    #[test]
    fn too_many_players_is_an_error_before_any_work() {
        let mut t = Tournament {
            total_rounds: Some(9),
            ..Tournament::default()
        };
        for s in 1..=MAX_PLAYERS as u32 + 1 {
            t.players.push(Player::new(s, "P"));
        }
        let e = pair(&t).unwrap_err();
        assert_eq!(
            e,
            PairError::State(StateError::TooManyPlayers {
                players: 1001,
                max: 1000
            })
        );
        assert_eq!(
            e.to_string(),
            "1001 players: the pairing engine takes at most 1000"
        );
    }

    #[test]
    fn one_player_gets_the_bye_and_none_is_nothing() {
        let mut t = Tournament {
            total_rounds: Some(3),
            ..Tournament::default()
        };
        assert_eq!(pair(&t).unwrap().to_string(), "0\n");
        t.players.push(Player::new(1, "Alone"));
        assert_eq!(pair(&t).unwrap().to_string(), "1\n1 0\n");
    }
}
