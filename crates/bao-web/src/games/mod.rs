//! Games: creating, loading, playing and watching one game, and the saved games list.
//!
//! * [`model`]: one game in the server ([`model::WebGame`] over a [`bao_rules::GameLine`]),
//! * [`repo`]: its row in the database,
//! * [`view`]: the JSON shapes of the API,
//! * `live`: the games in memory and their event streams,
//! * `routes`: the handlers of `/api/games/...` and `/api/meta`.

use std::time::Duration;

pub mod model;
pub mod repo;
pub mod view;

mod live;
mod routes;

pub(crate) use live::{with_game, Notice};
pub use live::{Cache, Slot};
pub(crate) use routes::refuse_help;
pub use routes::{routes, streams};

/// The most games kept in memory; the least recently used one not in use leaves first
/// (it stays in the database and comes back on its next request).
pub const CACHE_GAMES: usize = 256;

/// How long a search waits for an engine of the pool before answering 503.
pub const ENGINE_WAIT: Duration = Duration::from_secs(10);

/// The most games one `GET /api/games` lists.
pub const MAX_LIST: usize = 200;
