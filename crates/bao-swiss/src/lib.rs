//! Tournament pairing for Bao: the FIDE Dutch Swiss system, round-robin tables,
//! tie-breaks and checks, on FIDE TRF-16 tournament reports. Pure code: no I/O.
//!
//! South plays the role of chess's "white" (South moves first in Bao).
#![deny(missing_docs)]

mod cardinality;
pub mod check;
pub mod berger;
pub mod dutch;
pub mod history;
#[cfg(test)]
mod testutil;
pub mod tiebreak;
mod matching;
pub mod tournament;
pub mod trf;
mod wide;

pub use dutch::{pair, Board, PairError, Round};
pub use tournament::{Colour, Entry, Outcome, Player, PointSystem, ResultCode, Tournament};
