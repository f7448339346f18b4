//! Rematches (issue 31): after a finished game between two accounts either player
//! offers a rematch (`POST /api/games/{id}/rematch`); the other accepts it with the
//! same request (or declines it, and the offerer withdraws it, with `DELETE`). The new
//! game has the same game, rules profile, clock and rating mode, with the sides
//! swapped; both players are told its link on their notice streams
//! (`/api/me/events`: `rematch`, `rematch-accepted`, `rematch-declined`,
//! `rematch-withdrawn`). An engine account accepts at once.
//!
//! * [`model`]: who may offer, and the new game's players;
//! * [`repo`]: the table `rematches` (one offer per finished game; accepting it and
//!   storing the new game are one transaction, so two accepts make one game);
//! * `routes`: `GET|POST|DELETE /api/games/{id}/rematch`.

pub mod model;
pub mod repo;

mod routes;

pub use routes::routes;
