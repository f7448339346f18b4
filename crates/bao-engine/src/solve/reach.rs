//! The positions reachable from the Bao Kingulu start (docs/solved.md §Beyond the start).
//!
//! * [`ply_census`]: the positions reachable within n plies, ply by ply, and whether any
//!   game can repeat a position within them (the graph on them is checked for a cycle).
//! * [`count_reachable`]: the exact number of all reachable positions, on disk and
//!   resumable. Stores and reservations never shrink (G-R6, R9, I4), so a move either
//!   keeps the *partition* (South's store, North's store, the reserved pits) or goes to a
//!   partition with more seeds in the stores, or as many and more reserved pits. The
//!   partitions are processed in that order, level by level (level = seeds in stores ×
//!   13 + reserved pits); each partition is closed under its own ("quiet") moves in memory
//!   and the moves leaving it are appended to the file of their level. A finished level
//!   is written to the progress file, so an interrupted count resumes at the next level.
//!
//! A position is packed into 64 bits: South's store (6 bits), North's store (6), the
//! reserved mask (12), the side to move (1) and the rank (39 bits) of the pits as a
//! composition of the board's seeds into 12 parts.

use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{Game, Side};
use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Binomial coefficients C(n, k) for n ≤ 64, k ≤ 12.
fn binom(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k {
        r = r * u64::from(n - i) / u64::from(i + 1);
    }
    r
}

struct Ranker {
    /// ways[b][parts]: compositions of b seeds into `parts` parts = C(b + parts − 1, parts − 1).
    ways: Vec<[u64; 13]>,
}

impl Ranker {
    fn new() -> Ranker {
        let ways = (0..=48u32)
            .map(|b| {
                let mut row = [0u64; 13];
                for (parts, w) in row.iter_mut().enumerate().skip(1) {
                    *w = binom(b + parts as u32 - 1, parts as u32 - 1);
                }
                row
            })
            .collect();
        Ranker { ways }
    }

    fn rank(&self, pits: &[u8; 12]) -> u64 {
        let mut left: usize = pits.iter().map(|&p| usize::from(p)).sum();
        let mut r = 0;
        for (i, &p) in pits.iter().enumerate().take(11) {
            let parts = 11 - i;
            for v in 0..usize::from(p) {
                r += self.ways[left - v][parts];
            }
            left -= usize::from(p);
        }
        r
    }

    fn unrank(&self, mut r: u64, board: usize) -> [u8; 12] {
        let mut pits = [0u8; 12];
        let mut left = board;
        for (i, pit) in pits.iter_mut().enumerate().take(11) {
            let parts = 11 - i;
            let mut v = 0;
            while r >= self.ways[left - v][parts] {
                r -= self.ways[left - v][parts];
                v += 1;
            }
            *pit = v as u8;
            left -= v;
        }
        pits[11] = left as u8;
        pits
    }
}

fn pack(rk: &Ranker, pos: &Kingulu) -> u64 {
    let s = u64::from(pos.store(Side::South));
    let n = u64::from(pos.store(Side::North));
    let side = u64::from(pos.side_to_move() == Side::North);
    (s << 58)
        | (n << 52)
        | (u64::from(pos.reserved_mask()) << 40)
        | (side << 39)
        | rk.rank(&pos.pits())
}

fn unpack(rk: &Ranker, key: u64, rules: &Rules) -> Kingulu {
    let s = (key >> 58) as u8;
    let n = ((key >> 52) & 0x3f) as u8;
    let mask = ((key >> 40) & 0xfff) as u16;
    let side = if key >> 39 & 1 == 1 {
        Side::North
    } else {
        Side::South
    };
    let board = 48 - usize::from(s) - usize::from(n);
    let pits = rk.unrank(key & ((1 << 39) - 1), board);
    let mut reserved = [None; 12];
    for (i, r) in reserved.iter_mut().enumerate() {
        if mask & (1 << i) != 0 {
            *r = Some(if i < 6 { Side::North } else { Side::South });
        }
    }
    Kingulu::from_parts(pits, reserved, [s, n], side, rules).expect("packed position is valid")
}

/// The partition of a packed position: stores and reserved mask (the top 24 bits).
fn partition(key: u64) -> u64 {
    key >> 40
}

/// The level of a packed position: seeds in stores × 13 + reserved pits.
fn level(key: u64) -> usize {
    let s = (key >> 58) as usize;
    let n = ((key >> 52) & 0x3f) as usize;
    let mask = ((key >> 40) & 0xfff) as u16;
    (s + n) * 13 + mask.count_ones() as usize
}

/// The number of levels.
const LEVELS: usize = 49 * 13;

/// What [`ply_census`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyCensus {
    /// `new_at_ply[i]`: positions first reachable at ply i (i = 0: the start).
    pub new_at_ply: Vec<u64>,
    /// Whether some game can repeat a position within the plies counted (a cycle in the
    /// move graph on the positions reachable within them).
    pub repetition_possible: bool,
}

/// The positions reachable from `start` within `max_ply` plies, and whether any line of
/// at most `max_ply` plies can repeat a position: the move graph restricted to these
/// positions is checked for a cycle (Kahn's algorithm). A line repeating a position
/// within `max_ply` plies lies wholly inside that set, so "no cycle" proves that no game
/// repeats a position in its first `max_ply` plies (G-R15 cannot apply there).
pub fn ply_census(start: &Kingulu, max_ply: u32) -> PlyCensus {
    let mut first: HashMap<Kingulu, u32> = HashMap::new();
    first.insert(*start, 0);
    let mut frontier = vec![*start];
    let mut new_at_ply = vec![1u64];
    let mut kids = Vec::new();
    for ply in 1..=max_ply {
        let mut next = Vec::new();
        for pos in &frontier {
            pos.children(&mut kids);
            for (_, c) in kids.iter() {
                if let std::collections::hash_map::Entry::Vacant(e) = first.entry(*c) {
                    e.insert(ply);
                    next.push(*c);
                }
            }
        }
        new_at_ply.push(next.len() as u64);
        frontier = next;
    }
    // Kahn: edges between positions that are both in the set (a cycle's positions all
    // are, since a repeating line of ≤ max_ply plies visits only them).
    let ids: HashMap<Kingulu, usize> = first.keys().enumerate().map(|(i, p)| (*p, i)).collect();
    let positions: Vec<Kingulu> = {
        let mut v = vec![*start; ids.len()];
        for (p, &i) in &ids {
            v[i] = *p;
        }
        v
    };
    let mut indegree = vec![0u32; positions.len()];
    for pos in &positions {
        if first[pos] == max_ply {
            continue; // its moves leave the set (ply max_ply + 1)
        }
        pos.children(&mut kids);
        for (_, c) in kids.iter() {
            if let Some(&j) = ids.get(c) {
                indegree[j] += 1;
            }
        }
    }
    let mut queue: Vec<usize> = (0..positions.len()).filter(|&i| indegree[i] == 0).collect();
    let mut removed = 0usize;
    while let Some(i) = queue.pop() {
        removed += 1;
        let pos = positions[i];
        if first[&pos] == max_ply {
            continue;
        }
        pos.children(&mut kids);
        for (_, c) in kids.iter() {
            if let Some(&j) = ids.get(c) {
                indegree[j] -= 1;
                if indegree[j] == 0 {
                    queue.push(j);
                }
            }
        }
    }
    PlyCensus {
        new_at_ply,
        repetition_possible: removed < positions.len(),
    }
}

/// Progress and result of [`count_reachable`].
#[derive(Clone, Debug, PartialEq)]
pub struct ReachCount {
    /// Levels finished (all of them when the count is complete).
    pub levels_done: usize,
    /// Positions counted in the finished levels.
    pub positions: u64,
    /// Partitions (stores, reservations) met.
    pub partitions: u64,
    /// The largest partition, positions.
    pub largest_partition: u64,
    /// Seconds spent, over all runs.
    pub seconds: f64,
}

impl ReachCount {
    fn to_text(&self) -> String {
        format!(
            "levels_done {}\npositions {}\npartitions {}\nlargest_partition {}\nseconds {:.1}\n",
            self.levels_done, self.positions, self.partitions, self.largest_partition, self.seconds
        )
    }

    fn parse(text: &str) -> Option<ReachCount> {
        let mut m = HashMap::new();
        for l in text.lines() {
            let (k, v) = l.split_once(' ')?;
            m.insert(k, v);
        }
        Some(ReachCount {
            levels_done: m.get("levels_done")?.parse().ok()?,
            positions: m.get("positions")?.parse().ok()?,
            partitions: m.get("partitions")?.parse().ok()?,
            largest_partition: m.get("largest_partition")?.parse().ok()?,
            seconds: m.get("seconds")?.parse().ok()?,
        })
    }
}

fn level_file(dir: &Path, lv: usize) -> PathBuf {
    dir.join(format!("level-{lv:03}.keys"))
}

fn read_keys(path: &Path) -> io::Result<Vec<u64>> {
    let mut keys = Vec::new();
    if !path.exists() {
        return Ok(keys);
    }
    let mut r = BufReader::with_capacity(1 << 20, File::open(path)?);
    let mut buf = [0u8; 8];
    loop {
        match r.read_exact(&mut buf) {
            Ok(()) => keys.push(u64::from_le_bytes(buf)),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(e),
        }
    }
    Ok(keys)
}

/// Counts every position reachable from the Bao Kingulu start under `rules`, keeping its
/// work in `dir` (level files of packed positions and `progress.txt`); resumes from
/// `progress.txt` if present. `on_level` gets the running count after each level.
///
/// # Errors
/// I/O errors of the work directory.
pub fn count_reachable(
    rules: &Rules,
    dir: &Path,
    on_level: &mut dyn FnMut(usize, &ReachCount),
) -> io::Result<ReachCount> {
    fs::create_dir_all(dir)?;
    let rk = Ranker::new();
    let progress = dir.join("progress.txt");
    let mut count = match fs::read_to_string(&progress)
        .ok()
        .and_then(|t| ReachCount::parse(&t))
    {
        Some(c) => c,
        None => {
            // A fresh start: the start position is the only key of level 0.
            let start = Kingulu::start(rules);
            let mut f = File::create(level_file(dir, 0))?;
            f.write_all(&pack(&rk, &start).to_le_bytes())?;
            ReachCount {
                levels_done: 0,
                positions: 0,
                partitions: 0,
                largest_partition: 0,
                seconds: 0.0,
            }
        }
    };
    let t0 = Instant::now();
    let base_seconds = count.seconds;
    let mut writers: HashMap<usize, BufWriter<File>> = HashMap::new();
    let mut kids = Vec::new();
    for lv in count.levels_done..LEVELS {
        let path = level_file(dir, lv);
        let mut keys = read_keys(&path)?;
        keys.sort_unstable();
        keys.dedup();
        let mut i = 0;
        while i < keys.len() {
            let part = partition(keys[i]);
            let mut j = i;
            while j < keys.len() && partition(keys[j]) == part {
                j += 1;
            }
            // Close the partition under its quiet moves.
            let mut seen: HashSet<u64> = keys[i..j].iter().copied().collect();
            let mut stack: Vec<u64> = keys[i..j].to_vec();
            while let Some(k) = stack.pop() {
                let pos = unpack(&rk, k, rules);
                pos.children(&mut kids);
                for (_, c) in kids.iter() {
                    let ck = pack(&rk, c);
                    if partition(ck) == part {
                        if seen.insert(ck) {
                            stack.push(ck);
                        }
                    } else {
                        let clv = level(ck);
                        debug_assert!(clv > lv, "moves never lower the level");
                        let w = match writers.entry(clv) {
                            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                            std::collections::hash_map::Entry::Vacant(e) => {
                                let f = OpenOptions::new()
                                    .create(true)
                                    .append(true)
                                    .open(level_file(dir, clv))?;
                                e.insert(BufWriter::with_capacity(1 << 16, f))
                            }
                        };
                        w.write_all(&ck.to_le_bytes())?;
                    }
                }
            }
            count.positions += seen.len() as u64;
            count.partitions += 1;
            count.largest_partition = count.largest_partition.max(seen.len() as u64);
            i = j;
        }
        for (_, mut w) in writers.drain() {
            w.flush()?;
        }
        drop(keys);
        let _ = fs::remove_file(&path);
        count.levels_done = lv + 1;
        count.seconds = base_seconds + t0.elapsed().as_secs_f64();
        let tmp = dir.join("progress.txt.tmp");
        fs::write(&tmp, count.to_text())?;
        fs::rename(&tmp, &progress)?;
        on_level(lv, &count);
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let rk = Ranker::new();
        let rules = Rules::default();
        let start = Kingulu::start(&rules);
        let t32 =
            Kingulu::from_text("0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South", &rules).unwrap();
        for pos in [start, t32] {
            let k = pack(&rk, &pos);
            assert_eq!(unpack(&rk, k, &rules), pos);
        }
        let mut kids = Vec::new();
        start.children(&mut kids);
        for (_, c) in kids {
            assert_eq!(unpack(&rk, pack(&rk, &c), &rules), c);
        }
        // The largest rank fits in 39 bits: C(59, 11) compositions of 48 into 12 parts.
        assert_eq!(binom(59, 11), 279_871_768_995);
        assert!(binom(59, 11) < 1 << 39);
    }
}
