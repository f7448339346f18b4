//! Clocks: the time controls and the clock of a game ([`model`]); the scheduler
//! ([`timer`]): each game's clock timer, the sweep of due games, the heartbeat, the
//! restore of every clock at start and the engine accounts' turns; the server's
//! heartbeat in the database ([`repo`]).

pub mod model;
pub mod repo;
pub mod timer;

pub use timer::{start, HEARTBEAT, SWEEP, SWEEP_GAMES};
