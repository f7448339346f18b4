//! Games: creating, loading, playing and watching one game, and the saved games list.
//!
//! * [`model`]: what a game is to the server: [`model::Meta`] (id, seats, players,
//!   clock) and the [`model::LiveGame`] trait (a game of either kind, object-safe);
//! * [`game`]: [`game::WebGame`], the `LiveGame` over a [`bao_rules::GameLine`];
//! * [`bodies`]: the request bodies of the game routes;
//! * [`engine`]: the computer's thinking: search and oracle jobs, and the one think path
//!   for requests and engine accounts ([`engine::engine_turn`]);
//! * [`repo`]: its row in the database;
//! * [`view`]: the JSON shapes of the API;
//! * `api`: the operations that handlers, the scheduler and other resources call: the
//!   games in memory (`impl App`: the cache, `slot`, `commit`, `refresh`), `with_game`
//!   (a game under its lock) and the notices to their event streams;
//! * `routes` (the router, a game's life), `play` (the players' requests), `events` (the
//!   event stream): the thin handlers.

use std::time::Duration;

pub mod bodies;
pub mod engine;
pub mod game;
pub mod model;
pub mod repo;
pub mod view;

mod api;
mod events;
mod play;
mod routes;

pub(crate) use api::announce_spectators;
pub(crate) use api::{with_game, Notice};
pub use api::{Cache, Slot};
pub(crate) use routes::refuse_help;
pub use routes::{routes, streams};

/// The most games kept in memory; the least recently used one not in use leaves first
/// (it stays in the database and comes back on its next request).
pub const CACHE_GAMES: usize = 256;

/// How long a search waits for an engine of the pool before answering 503.
pub const ENGINE_WAIT: Duration = Duration::from_secs(10);

/// The most games one `GET /api/games` lists.
pub const MAX_LIST: usize = 200;
