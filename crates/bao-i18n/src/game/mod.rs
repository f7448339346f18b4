//! The game's own sentences as catalogue messages ([`crate::Said`]), shared by the
//! terminal and the web: a traced move's steps ([`phrase`], the `ev-*` messages) and how a
//! game ended ([`end_said`], the `end-*` and `reason-*` messages), a puzzle's sentences
//! ([`task_said`], the `puzzle-*` messages).

mod ending;
mod phrases;
mod puzzle;

pub use ending::{aborted, agreed, end_said};
pub use phrases::{laps, phrase, seeds};
pub use puzzle::{answer_said, task_said, theme_said, why_wrong_said};
