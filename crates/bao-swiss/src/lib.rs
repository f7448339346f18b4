//! Tournament pairing for Bao: the FIDE Dutch Swiss system, round-robin tables,
//! tie-breaks and checks, on FIDE TRF-16 tournament reports. Pure code: no I/O.
//!
//! South plays the role of chess's "white" (South moves first in Bao).
#![deny(missing_docs)]

pub mod berger;
mod cardinality;
pub mod check;
pub mod dutch;
pub mod history;
mod matching;
#[cfg(test)]
mod testutil;
pub mod tiebreak;
pub mod tournament;
pub mod trf;
mod wide;

pub use dutch::{pair, Board, PairError, Round};
pub use tournament::{Colour, Entry, Outcome, Player, PointSystem, ResultCode, Tournament};
