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

/// For experiments (`examples/reach_probe.rs`): the packed keys of a level file of
/// [`count_reachable`]'s work directory, sorted, without duplicates.
///
/// # Errors
/// I/O errors.
pub fn read_level_keys(path: &std::path::Path) -> std::io::Result<Vec<u64>> {
    let mut keys = count::read_keys(path)?;
    keys.sort_unstable();
    keys.dedup();
    Ok(keys)
}

/// For experiments: the partition of a packed key, and the partition in words
/// (`S=3 N=0, no reserved pit`).
pub fn partition_of(key: u64) -> (u64, String) {
    let p = pack::partition(key);
    (p, pack::partition_text(p))
}

/// For experiments: closes one partition from `entry` (packed keys of one partition,
/// sorted, without duplicates) under its quiet moves, reporting every layer to
/// `on_layer(layer, found, new, quiet moves)`; the partition's size, or `None` when it
/// grows past `max_found` positions.
pub fn close_entries(
    rules: &bao_rules::kingulu::Rules,
    entry: Vec<u64>,
    max_found: u64,
    on_layer: &mut dyn FnMut(u64, u64, u64, u64),
) -> Option<u64> {
    let rk = pack::Ranker::new();
    let part = pack::partition(*entry.first()?);
    let mut closure = closure::Closure::new(part, entry);
    while !closure.is_done() {
        if closure.found.len() as u64 > max_found {
            return None;
        }
        let stats = closure
            .step(&rk, rules, &mut |_| Ok(()))
            .expect("no I/O without a sink");
        on_layer(
            closure.layer,
            closure.found.len() as u64,
            stats.new,
            stats.children,
        );
    }
    Some(closure.found.len() as u64)
}
