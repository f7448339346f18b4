//! An account's game history (issue 31): `GET /api/players/{name}/games` pages through
//! every game of an account, newest first, with filters and a cursor (not an offset, so
//! that games added meanwhile shift nothing), the page `/@/NAME/games`, and
//! `GET /api/players/{name}/records`, the account's games as one record file that
//! `bao replay --number N` and `bao report` read.
//!
//! * [`model`]: the filters and the cursor, read from the query;
//! * [`repo`]: the query (the games of an account, by creation);
//! * `routes`: the handlers.

pub mod model;
pub mod repo;

mod routes;

pub use routes::routes;
