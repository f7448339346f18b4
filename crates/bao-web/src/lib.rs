//! The web app behind `bao serve`: an axum server with a JSON API and an embedded SVG
//! board for playing Bao la Kiswahili (4×8) and Bao Kingulu (2×6), that keeps every game
//! in SQLite and that no request can knock over.
//!
//! * [`serve`] opens the database ([`store::Store`]), binds `127.0.0.1:P` (or `--host`),
//!   prints the address and the database path, and runs until Ctrl-C.
//! * [`router`] is the whole app on an in-memory database (for tests with
//!   `tower::ServiceExt::oneshot`); [`router_with`] on a given [`App`].
//!
//! How the work is bounded (docs/web.md has the figures):
//! - every game is a [`bao_rules::GameLine`] inside a [`games::model::WebGame`], behind its own
//!   mutex; all rules and engine work runs in `tokio::task::spawn_blocking`, and no lock
//!   but the game's own is held across it, so one slow game never stalls another;
//! - only games in use are in memory ([`CACHE_GAMES`], least recently used leave first);
//!   the database has no cap;
//! - engines come from one [`engines::EnginePool`] within `--memory-mb`;
//! - rules from a client are capped ([`games::model::MAX_LAPS`], [`games::model::MAX_PLIES`]), records
//!   ([`BODY_LIMIT`], [`games::model::MAX_RECORD_MOVES`]) and traced events
//!   ([`games::view::MAX_EVENTS`]) too;
//! - header reads ([`HEADER_TIMEOUT`]), body reads ([`BODY_TIMEOUT`]) and whole requests
//!   ([`REQUEST_TIMEOUT`]) time out;
//! - [`guard`] refuses foreign hosts and origins and non-JSON bodies.
//!
//! Every error is a 4xx/5xx with a JSON body `{"error": "..."}` (see [`ApiError`]).
//!
//! The modules follow lichess's lila: one per resource, each with its routes, storage and
//! view side by side ([`games`]), plus [`app`] (state and wiring), [`http`] (middleware,
//! errors, limits), [`store`] (the connection and numbered migrations) and [`assets`]
//! (the page's files).
#![deny(missing_docs)]

/// A catalogue sentence in no language yet: `t!("key", name = value)` ([`i18n::Said`]).
pub use bao_i18n::t;

pub mod accounts;
pub mod analysis;
pub mod app;
pub mod assets;
pub mod chat;
pub mod clock;
pub mod engines;
pub mod games;
pub mod guard;
pub mod headers;
pub mod history;
pub mod http;
pub mod i18n;
pub mod ids;
pub mod kinds;
pub mod live;
pub mod lobby;
pub mod logging;
pub mod mail;
pub mod moderation;
pub mod notices;
pub mod proxy;
pub mod puzzles;
pub mod rating;
pub mod refusal;
pub mod rematch;
pub mod spectators;
pub mod store;
pub mod streams;
pub mod tournaments;
pub mod wire;

pub use app::{
    bind_error, load_slots, router, router_with, serve, App, Peer, ServeConfig, LOAD_WAIT,
};
pub use games::{CACHE_GAMES, ENGINE_WAIT, MAX_LIST};
pub use http::error::ApiError;
pub use http::{today, BODY_LIMIT, BODY_TIMEOUT, HEADER_TIMEOUT, REQUEST_TIMEOUT};
pub use logging::{init as init_logging, LogFormat};
pub use streams::{BLOCKING_THREADS, MAX_WORKERS};
