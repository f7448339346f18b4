//! The positions reachable from the Bao Kingulu start (docs/solved.md, "Beyond the
//! start").
//!
//! * [`ply_census`]: the positions reachable within n plies, ply by ply, and whether any
//!   game can repeat a position within them (the move graph on them is checked for a
//!   cycle).
//! * [`count_reachable`]: the exact number of all reachable positions, level by level
//!   on disk, each partition closed breadth first in memory, resumable from a checkpoint.

mod census;
mod closure;
mod count;
mod pack;

pub use census::{ply_census, PlyCensus};
pub use count::{count_reachable, CountLimits, ReachCount, ReachEnd, ReachEvent};

#[cfg(test)]
mod tests;
