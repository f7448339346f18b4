//! Tournament pairing for Bao: the FIDE Dutch Swiss system, round-robin tables,
//! tie-breaks and checks, on FIDE TRF-16 (and TRF-2026) tournament reports. Pure code:
//! no I/O.
//!
//! The Dutch system's rules of 2025 (in force since 1 February 2026) pair by default
//! ([`pair`]); those of 2017 on request ([`pair_with_edition`], [`Edition`]).
//!
//! South plays the role of chess's "white" (South moves first in Bao).
//!
//! ```
//! use bao_swiss::{pair, trf, Player, Tournament, Colour};
//!
//! // Four players, three rounds, the first player South in round 1.
//! let mut t = Tournament {
//!     total_rounds: Some(3),
//!     initial_colour: Some(Colour::White),
//!     ..Tournament::default()
//! };
//! for (start, name) in [(1, "Asha"), (2, "Baraka"), (3, "Chiku"), (4, "Daudi")] {
//!     t.players.push(Player::new(start, name));
//! }
//! // The file an arbiter's tool reads, and back.
//! assert_eq!(trf::read(&trf::write(&t)).unwrap(), t);
//! // Round 1: S1 = {1, 2} meets S2 = {3, 4}; 1 is South (odd number, first colour).
//! assert_eq!(pair(&t).unwrap().to_string(), "2\n1 3\n4 2\n");
//! ```
//!
//! The rules as implemented and how they were checked against bbpPairings:
//! `docs/tournaments.md`.
#![deny(missing_docs)]

pub mod berger;
mod cardinality;
pub mod check;
pub mod dutch;
pub mod edition;
pub mod history;
mod matching;
#[cfg(test)]
mod testutil;
pub mod tiebreak;
pub mod tournament;
pub mod trf;
mod wide;

pub use dutch::{pair, pair_with_edition, Board, PairError, Round};
pub use edition::Edition;
pub use tournament::{Colour, Entry, Outcome, Player, PointSystem, ResultCode, Tournament};
