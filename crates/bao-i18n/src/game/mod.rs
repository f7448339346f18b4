//! The game's own sentences as catalogue messages ([`crate::Said`]), shared by the
//! terminal and the web: a traced move's steps ([`phrase`], the `ev-*` messages) and how a
//! game ended ([`end_said`], the `end-*` and `reason-*` messages).

mod ending;
mod phrases;

pub use ending::{aborted, agreed, end_said};
pub use phrases::{laps, phrase, seeds};
