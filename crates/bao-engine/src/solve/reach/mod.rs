//! The positions reachable from the Bao Kingulu start (docs/solved.md, "Beyond the
//! start").
//!
//! * [`ply_census`]: the positions reachable within n plies, ply by ply, and whether any
//!   game can repeat a position within them (the move graph on them is checked for a
//!   cycle).
//! * [`count_reachable`]: the exact number of all reachable positions, level by level
//!   on disk, each partition closed breadth first in memory, resumable from a checkpoint;
//!   [`count_reachable_from`] from any position.
//! * The pieces for a distributed count (the Python package's `bao.cluster reach`):
//!   [`key_of`], [`level_of`], [`close_partition`].
//! * [`retrograde`]: the exact value and final score of every position reachable from a
//!   position, in memory (the value database of `bao reach --values`).

mod census;
mod closure;
mod count;
mod pack;
mod values;

pub use census::{ply_census, PlyCensus};
pub use count::{
    count_reachable, count_reachable_from, CountLimits, ReachCount, ReachEnd, ReachEvent,
};
pub use values::{retrograde, retrograde_partition, Entry, Values};

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

/// The packed 64-bit key of a Bao Kingulu position (stores, reserved pits, side to move,
/// the rank of the pits; the same key the count uses). Keys order partitions by their
/// top 24 bits ([`partition_of`]).
pub fn key_of(pos: &bao_rules::kingulu::Kingulu) -> u64 {
    pack::pack(&pack::Ranker::new(), pos)
}

/// The position of a key made by [`key_of`], under `rules`; `None` for a key no
/// position packs to.
pub fn position_of(
    key: u64,
    rules: &bao_rules::kingulu::Rules,
) -> Option<bao_rules::kingulu::Kingulu> {
    let s = key >> 58;
    let n = (key >> 52) & 0x3f;
    let mask = (key >> 40) & 0xfff;
    let board = 48u64.checked_sub(s + n)?;
    let rk = pack::Ranker::new();
    let rank = key & ((1 << 39) - 1);
    // The rank must be one of the compositions of the board's seeds into 12 pits.
    if rank >= pack::binom(board as u32 + 11, 11) || mask >> 12 != 0 {
        return None;
    }
    let pits = rk.unrank(rank, board as usize);
    let mut reserved = [None; 12];
    for (i, r) in reserved.iter_mut().enumerate() {
        if mask & (1 << i) != 0 {
            *r = Some(if i < 6 {
                bao_rules::Side::North
            } else {
                bao_rules::Side::South
            });
        }
    }
    let side = if key >> 39 & 1 == 1 {
        bao_rules::Side::North
    } else {
        bao_rules::Side::South
    };
    bao_rules::kingulu::Kingulu::from_parts(pits, reserved, [s as u8, n as u8], side, rules).ok()
}

/// The level of a key: seeds in the stores × 13 + reserved pits. A move keeps the
/// partition or goes to a higher level.
pub fn level_of(key: u64) -> usize {
    pack::level(key)
}

/// The number of levels (0..[`LEVEL_COUNT`]).
pub const LEVEL_COUNT: usize = pack::LEVELS;

/// Closes one partition: from `entry` (keys of one partition, any order, duplicates
/// allowed) every position reachable by moves that stay in the partition. Returns the
/// partition's positions found (sorted) and the keys of the moves that leave it (to
/// higher levels; sorted, without duplicates). Memory: 8 bytes a position found, plus
/// the frontier and the leaving keys.
///
/// # Panics
/// If `entry` holds keys of two partitions.
pub fn close_partition(
    rules: &bao_rules::kingulu::Rules,
    mut entry: Vec<u64>,
) -> (Vec<u64>, Vec<u64>) {
    entry.sort_unstable();
    entry.dedup();
    let Some(&first) = entry.first() else {
        return (Vec::new(), Vec::new());
    };
    let part = pack::partition(first);
    assert!(
        entry.iter().all(|&k| pack::partition(k) == part),
        "close_partition: keys of more than one partition"
    );
    let rk = pack::Ranker::new();
    let mut closure = closure::Closure::new(part, entry);
    let mut leaving: Vec<u64> = Vec::new();
    while !closure.is_done() {
        closure
            .step(&rk, rules, &mut |leave| {
                leaving.extend_from_slice(leave);
                Ok(())
            })
            .expect("no I/O without a sink");
        leaving.sort_unstable();
        leaving.dedup();
    }
    (closure.found, leaving)
}
