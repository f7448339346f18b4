//! A Bao Kingulu position packed into 64 bits, for the reachable-position count.
//!
//! Bits, high to low: South's store (6), North's store (6), the reserved mask (12), the
//! side to move (1, set for North) and the rank (39) of the pits as a composition of the
//! board's seeds into 12 parts (lexicographic, pit 0 first). The top 24 bits are the
//! *partition* (stores and reservations), which a move can only leave forwards (K-R6,
//! K-R9, I4).

use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{Game, Side};

/// Seeds in Bao Kingulu (I1).
const SEEDS: usize = 48;

/// Binomial coefficient C(n, k) (exact for the n ≤ 64, k ≤ 12 used here).
pub(crate) fn binom(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k {
        r = r * u64::from(n - i) / u64::from(i + 1);
    }
    r
}

/// Ranks and unranks the pits of a position as a composition of the board's seeds.
pub(crate) struct Ranker {
    /// `below[left][parts][v]`: compositions of `left` seeds into `parts + 1` parts whose
    /// first part holds fewer than `v` seeds (Σ_{u<v} C(left − u + parts − 1, parts − 1)).
    below: Vec<[[u64; SEEDS + 2]; 12]>,
}

impl Ranker {
    /// Builds the tables (about 0.2 MB).
    pub(crate) fn new() -> Ranker {
        let ways = |b: usize, parts: usize| -> u64 {
            // Compositions of b seeds into `parts` parts.
            if parts == 0 {
                u64::from(b == 0)
            } else {
                binom((b + parts - 1) as u32, (parts - 1) as u32)
            }
        };
        let mut below = vec![[[0u64; SEEDS + 2]; 12]; SEEDS + 1];
        for (left, table) in below.iter_mut().enumerate() {
            for (rest, row) in table.iter_mut().enumerate() {
                // The first part is followed by `rest` parts.
                for v in 1..=SEEDS + 1 {
                    let add = if v - 1 <= left {
                        ways(left - (v - 1), rest)
                    } else {
                        0
                    };
                    row[v] = row[v - 1] + add;
                }
            }
        }
        Ranker { below }
    }

    /// The rank of `pits` among the compositions of their total into 12 parts.
    pub(crate) fn rank(&self, pits: &[u8; 12]) -> u64 {
        let mut left: usize = pits.iter().map(|&p| usize::from(p)).sum();
        let mut r = 0;
        for (i, &p) in pits.iter().enumerate().take(11) {
            r += self.below[left][11 - i][usize::from(p)];
            left -= usize::from(p);
        }
        r
    }

    /// The pits of rank `r` among the compositions of `board` seeds into 12 parts.
    pub(crate) fn unrank(&self, mut r: u64, board: usize) -> [u8; 12] {
        let mut pits = [0u8; 12];
        let mut left = board;
        for (i, pit) in pits.iter_mut().enumerate().take(11) {
            let row = &self.below[left][11 - i];
            // The largest v with row[v] <= r (row is non-decreasing, row[0] = 0).
            let mut v = 0;
            while v < left && row[v + 1] <= r {
                v += 1;
            }
            r -= row[v];
            *pit = v as u8;
            left -= v;
        }
        pits[11] = left as u8;
        pits
    }
}

/// Packs `pos` (layout in the module docs).
pub(crate) fn pack(rk: &Ranker, pos: &Kingulu) -> u64 {
    let s = u64::from(pos.store(Side::South));
    let n = u64::from(pos.store(Side::North));
    let side = u64::from(pos.side_to_move() == Side::North);
    (s << 58)
        | (n << 52)
        | (u64::from(pos.reserved_mask()) << 40)
        | (side << 39)
        | rk.rank(&pos.pits())
}

/// Unpacks a key made by [`pack`] under the same `rules`.
pub(crate) fn unpack(rk: &Ranker, key: u64, rules: &Rules) -> Kingulu {
    let s = (key >> 58) as u8;
    let n = ((key >> 52) & 0x3f) as u8;
    let mask = ((key >> 40) & 0xfff) as u16;
    let side = if key >> 39 & 1 == 1 {
        Side::North
    } else {
        Side::South
    };
    let board = SEEDS - usize::from(s) - usize::from(n);
    let pits = rk.unrank(key & ((1 << 39) - 1), board);
    let mut reserved = [None; 12];
    for (i, r) in reserved.iter_mut().enumerate() {
        if mask & (1 << i) != 0 {
            *r = Some(if i < 6 { Side::North } else { Side::South });
        }
    }
    Kingulu::from_parts(pits, reserved, [s, n], side, rules).expect("packed position is valid")
}

/// The partition of a key: stores and reserved mask (the top 24 bits).
pub(crate) fn partition(key: u64) -> u64 {
    key >> 40
}

/// The level of a key: seeds in the stores × 13 + reserved pits. Every move keeps the
/// partition or raises the level.
pub(crate) fn level(key: u64) -> usize {
    let s = (key >> 58) as usize;
    let n = ((key >> 52) & 0x3f) as usize;
    let mask = ((key >> 40) & 0xfff) as u16;
    (s + n) * 13 + mask.count_ones() as usize
}

/// The number of levels (seeds in the stores 0..=48, reserved pits 0..=12).
pub(crate) const LEVELS: usize = 49 * 13;

/// A partition in words: `S=3 N=0, reserved a2 A5`.
pub(crate) fn partition_text(part: u64) -> String {
    let s = part >> 18;
    let n = (part >> 12) & 0x3f;
    let mask = part & 0xfff;
    let mut text = format!("S={s} N={n}");
    let names: Vec<String> = (0..12)
        .filter(|i| mask & (1 << i) != 0)
        .map(bao_rules::kingulu::pit_name)
        .collect();
    if names.is_empty() {
        text.push_str(", no reserved pit");
    } else {
        text.push_str(", reserved ");
        text.push_str(&names.join(" "));
    }
    text
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

    #[test]
    fn ranks_are_dense_and_ordered() {
        let rk = Ranker::new();
        // All compositions of 3 seeds into 12 parts: C(14, 11) = 364, ranks 0..364 in
        // lexicographic order, pit 0 first.
        let mut all = Vec::new();
        for r in 0..binom(14, 11) {
            let pits = rk.unrank(r, 3);
            assert_eq!(pits.iter().map(|&p| u32::from(p)).sum::<u32>(), 3);
            assert_eq!(rk.rank(&pits), r);
            all.push(pits);
        }
        assert_eq!(all.len(), 364);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all[0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
        assert_eq!(all[363], [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        // The extremes of the start's board: all 48 in pit 11, then all in pit 0.
        let mut last = [0u8; 12];
        last[0] = 48;
        assert_eq!(rk.rank(&last), binom(59, 11) - 1);
        assert_eq!(rk.unrank(binom(59, 11) - 1, 48), last);
    }

    #[test]
    fn partitions_read_in_words() {
        let rk = Ranker::new();
        let rules = Rules::default();
        let t32 =
            Kingulu::from_text("0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South", &rules).unwrap();
        let k = pack(&rk, &t32);
        assert_eq!(level(k), 21 * 13);
        assert_eq!(partition_text(partition(k)), "S=9 N=12, no reserved pit");
        assert_eq!(partition_text((3 << 18) | (1 << 4)), "S=3 N=0, reserved A5");
    }
}
