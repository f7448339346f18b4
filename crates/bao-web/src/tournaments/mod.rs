//! Tournaments (issue 28): Swiss (FIDE Dutch) and round robin (Berger tables, single or
//! double), each pairing a match of 1 or 2 games, run by the server: players join (the
//! organiser enters engine accounts), the organiser starts it (or the start time
//! passes), and each round is paired and its games created by the server when the round
//! before is complete, exactly once over every instance. Live standings with tie-breaks,
//! the TRF-16 export. The pairing itself is the crate `bao-swiss`.
//!
//! * [`model`]: the settings (the body that creates one), status, players, pairings and
//!   a pairing's result from its games;
//! * [`pairing`]: the tournament as the pairing engine sees it (a TRF report), the next
//!   round, the standings, the export;
//! * [`repo`]: the tables (migration 0008), the round's compare-and-set;
//! * `api`: the operations (start, advance to the next round, the live JSON);
//! * [`view`]: the JSON; [`notes`]: a note in the catalogue's words;
//! * `routes`: the handlers and the live stream.

pub mod model;
pub mod notes;
pub mod pairing;
pub mod repo;
pub mod view;

mod api;
mod routes;

pub(crate) use api::{announce_now, game_ended, start_sweep, Live};
pub use routes::{routes, streams};
