//! One partition closed under its quiet moves, breadth first, in memory.
//!
//! The positions found are a sorted vector of packed keys; each layer's children are
//! made in parallel (rayon), sorted, freed of duplicates and of keys already found (a
//! galloping merge), and merged in place. Memory: 8 bytes a position found, plus the
//! frontier and one chunk of children.

use super::pack::{pack, partition, unpack, Ranker};
use bao_rules::kingulu::Rules;
use rayon::prelude::*;
use std::io;

/// Frontier keys expanded at a time (bounds the children held at once).
const CHUNK: usize = 1 << 22;

/// A partition being closed.
pub(crate) struct Closure {
    /// The partition (top 24 bits of every key).
    pub(crate) part: u64,
    /// Every position found so far, sorted.
    pub(crate) found: Vec<u64>,
    /// The positions found by the last layer, sorted (their moves are not yet made).
    pub(crate) frontier: Vec<u64>,
    /// Layers expanded so far.
    pub(crate) layer: u64,
}

/// What one layer did.
pub(crate) struct LayerStats {
    /// Quiet children made (before duplicates were removed).
    pub(crate) children: u64,
    /// New positions (the next frontier).
    pub(crate) new: u64,
}

impl Closure {
    /// A closure starting from `entry` (sorted, without duplicates, all in `part`).
    pub(crate) fn new(part: u64, entry: Vec<u64>) -> Closure {
        debug_assert!(entry.windows(2).all(|w| w[0] < w[1]));
        debug_assert!(entry.iter().all(|&k| partition(k) == part));
        Closure {
            part,
            frontier: entry.clone(),
            found: entry,
            layer: 0,
        }
    }

    /// Whether the partition is closed.
    pub(crate) fn is_done(&self) -> bool {
        self.frontier.is_empty()
    }

    /// Makes every move of the frontier: the quiet ones become the next frontier (those
    /// not found before), the keys of the others go to `leaving` one chunk at a time,
    /// sorted and without duplicates within the chunk.
    ///
    /// # Errors
    /// Whatever `leaving` returns.
    pub(crate) fn step(
        &mut self,
        rk: &Ranker,
        rules: &Rules,
        leaving: &mut dyn FnMut(&[u64]) -> io::Result<()>,
    ) -> io::Result<LayerStats> {
        let part = self.part;
        let mut next: Vec<u64> = Vec::new();
        let mut children = 0u64;
        for chunk in self.frontier.chunks(CHUNK) {
            let parts: Vec<(Vec<u64>, Vec<u64>)> = chunk
                .par_chunks(1024)
                .map_init(Vec::new, |kids, keys| {
                    let mut quiet = Vec::with_capacity(keys.len() * 4);
                    let mut leave = Vec::new();
                    for &k in keys {
                        unpack(rk, k, rules).children(kids);
                        for (_, c) in kids.iter() {
                            let ck = pack(rk, c);
                            if partition(ck) == part {
                                quiet.push(ck);
                            } else {
                                leave.push(ck);
                            }
                        }
                    }
                    (quiet, leave)
                })
                .collect();
            let (mut quiet, mut leave): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
            for (q, l) in parts {
                quiet.extend_from_slice(&q);
                leave.extend_from_slice(&l);
            }
            children += quiet.len() as u64;
            leave.par_sort_unstable();
            leave.dedup();
            leaving(&leave)?;
            drop(leave);
            quiet.par_sort_unstable();
            quiet.dedup();
            next.extend(subtract(&quiet, &self.found));
        }
        next.par_sort_unstable();
        next.dedup();
        merge_into(&mut self.found, &next);
        self.layer += 1;
        let stats = LayerStats {
            children,
            new: next.len() as u64,
        };
        self.frontier = next;
        Ok(stats)
    }
}

/// The keys of `new` (sorted, no duplicates) that are not in `found` (sorted), in order.
pub(crate) fn subtract(new: &[u64], found: &[u64]) -> Vec<u64> {
    let pieces: Vec<Vec<u64>> = new
        .par_chunks(1 << 15)
        .map(|ch| {
            let mut out = Vec::with_capacity(ch.len());
            let mut lo = 0;
            for &k in ch {
                lo = gallop(found, lo, k);
                if lo == found.len() || found[lo] != k {
                    out.push(k);
                }
            }
            out
        })
        .collect();
    pieces.concat()
}

/// The first index ≥ `from` with `found[i] >= k` (galloping, then binary search).
fn gallop(found: &[u64], from: usize, k: u64) -> usize {
    let mut step = 1;
    let mut lo = from;
    while lo + step < found.len() && found[lo + step] < k {
        lo += step;
        step *= 2;
    }
    let hi = (lo + step + 1).min(found.len());
    lo + found[lo..hi].partition_point(|&v| v < k)
}

/// Merges `new` (sorted, disjoint from `found`) into `found` (sorted), in place.
pub(crate) fn merge_into(found: &mut Vec<u64>, new: &[u64]) {
    if new.is_empty() {
        return;
    }
    let old = found.len();
    found.reserve_exact(new.len());
    found.resize(old + new.len(), 0);
    let (mut i, mut j, mut k) = (old, new.len(), old + new.len());
    while j > 0 {
        if i > 0 && found[i - 1] > new[j - 1] {
            found[k - 1] = found[i - 1];
            i -= 1;
        } else {
            found[k - 1] = new[j - 1];
            j -= 1;
        }
        k -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtract_and_merge_keep_sets_sorted() {
        let found = vec![2, 3, 5, 8, 13, 21, 34, 55, 89];
        let new = vec![1, 3, 4, 5, 9, 21, 22, 90, 100];
        let fresh = subtract(&new, &found);
        assert_eq!(fresh, vec![1, 4, 9, 22, 90, 100]);
        let mut all = found.clone();
        merge_into(&mut all, &fresh);
        assert_eq!(
            all,
            vec![1, 2, 3, 4, 5, 8, 9, 13, 21, 22, 34, 55, 89, 90, 100]
        );
        assert_eq!(subtract(&[], &found), Vec::<u64>::new());
        assert_eq!(subtract(&[7], &[]), vec![7]);
        // Galloping far: one key after a long run.
        let long: Vec<u64> = (0..100_000).map(|i| i * 2).collect();
        assert_eq!(
            subtract(&[0, 199_998, 199_999, 200_000], &long),
            vec![199_999, 200_000]
        );
    }
}
