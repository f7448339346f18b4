//! The values of every position reachable from a Bao Kingulu position, by retrograde
//! analysis over the whole reachable set held in memory (docs/solved.md, "The value
//! database").
//!
//! The definitions are the solver's (`solver.rs`), so a decided entry equals what
//! `bao solve --margin` proves for that position:
//!
//! * **Value** for the side to move: `Win(n)` when it can force a win within n plies
//!   and not within n − 1 (n = 0 for a finished game it has won), `Loss(n)` when the
//!   opponent can force a win within n plies and not within n − 1, `Draw` when both
//!   sides can force the game to end with at least 24 seeds each (G-R14).
//! * **Margin**: the largest South score S that South can force (the game ending with
//!   South ≥ S) and the largest North score that North can force. They are the least
//!   fixpoints of the max/min operator with unfinished positions worth −1 (the limit of
//!   the solver's depth-bounded values V_d), computed by sweeps from the highest level
//!   down until nothing changes. The exact score is known when the two add up to 48.
//! * **Cycles (G-R15).** "Force" means force the game to *end*: a line that cycles for
//!   ever never ends and so is worth nothing to the side that needs the end (as in the
//!   solver, whose proofs never repeat a position and so hold under both O7 settings).
//!   A position whose value or score only a repetition could decide (one side can keep
//!   the game from ending where the other would win) is **undecided**: its value is
//!   `None` and its score bounds are what each side can force; it is left out of the
//!   database. Scoring such cycles by G-R15's third occurrence needs the game's
//!   history (the value would depend on the path, not on the position) and is not done.

use crate::solve::{ExactValue, Solvable};
use bao_rules::kingulu::Kingulu;
use bao_rules::{Game, Side};
use std::collections::HashMap;

/// The values of the positions reachable from a start.
#[derive(Clone, Debug)]
pub struct Values {
    /// The positions, `positions[0]` the start.
    pub positions: Vec<Kingulu>,
    /// The exact value for the side to move (`None`: undecided, see the module docs).
    pub value: Vec<Option<ExactValue>>,
    /// The most seeds South can force the game to end with (`None`: South cannot force
    /// the end at all).
    pub south_at_least: Vec<Option<u32>>,
    /// The fewest seeds North can force South to end with (`None`: North cannot force
    /// the end).
    pub south_at_most: Vec<Option<u32>>,
}

impl Values {
    /// South's exact final score of position `i`, when both bounds meet.
    pub fn south_score(&self, i: usize) -> Option<u32> {
        match (self.south_at_least[i], self.south_at_most[i]) {
            (Some(lo), Some(hi)) if lo == hi => Some(lo),
            _ => None,
        }
    }

    /// Positions whose value and exact score are both known.
    pub fn decided(&self) -> usize {
        (0..self.positions.len())
            .filter(|&i| self.value[i].is_some() && self.south_score(i).is_some())
            .count()
    }
}

/// Seeds in the stores × 13 + reserved pits (the count's level).
fn level(p: &Kingulu) -> usize {
    (usize::from(p.store(Side::South)) + usize::from(p.store(Side::North))) * 13
        + p.reserved_mask().count_ones() as usize
}

/// One position's result in the value pass: the exact value for the side to move (if
/// decided) and the best final score each side can force (−1: it cannot force the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The exact value for the side to move, `None` if undecided.
    pub value: Option<ExactValue>,
    /// The most seeds South can force the game to end with, −1 if none.
    pub south: i32,
    /// The most seeds North can force the game to end with, −1 if none.
    pub north: i32,
}

impl Entry {
    /// The entry of a finished game.
    fn finished(p: &Kingulu) -> Entry {
        let s = p.final_score(Side::South).map_or(-1, |s| s as i32);
        let n = p.final_score(Side::North).map_or(-1, |s| s as i32);
        let value = match p.outcome() {
            Some(o) if o.winner == Some(p.side_to_move()) => Some(ExactValue::Win(0)),
            Some(o) if o.winner.is_some() => Some(ExactValue::Loss(0)),
            _ => None,
        };
        Entry {
            value,
            south: s,
            north: n,
        }
    }

    /// Encoded in 4 bytes for files: value kind (0 undecided, 1 win, 2 loss, 3 draw),
    /// plies (u8, saturating at 255 is refused by the caller), South's, North's score
    /// (+1, 0 = cannot force the end).
    pub fn to_bytes(self) -> [u8; 4] {
        let (kind, plies) = match self.value {
            None => (0, 0),
            Some(ExactValue::Win(n)) => (1, n),
            Some(ExactValue::Loss(n)) => (2, n),
            Some(ExactValue::Draw) => (3, 0),
        };
        [
            kind,
            plies.min(255) as u8,
            (self.south + 1) as u8,
            (self.north + 1) as u8,
        ]
    }

    /// Reads [`Entry::to_bytes`].
    pub fn from_bytes(b: [u8; 4]) -> Option<Entry> {
        let plies = u32::from(b[1]);
        let value = match b[0] {
            0 => None,
            1 => Some(ExactValue::Win(plies)),
            2 => Some(ExactValue::Loss(plies)),
            3 => Some(ExactValue::Draw),
            _ => return None,
        };
        Some(Entry {
            value,
            south: i32::from(b[2]) - 1,
            north: i32::from(b[3]) - 1,
        })
    }
}

/// The value pass over a graph: nodes `0..n` with their children (`children(p)`), the
/// `fixed` ones (finished games, or positions of finished levels) keeping their entries.
/// `order` is the sweep order (highest level first).
fn solve_graph(
    positions: &[Kingulu],
    offsets: &[u32],
    targets: &[u32],
    fixed: &[Option<Entry>],
    order: &[usize],
) -> Vec<Entry> {
    let n = fixed.len();
    let children = |p: usize| &targets[offsets[p] as usize..offsets[p + 1] as usize];
    let score = |side: Side| -> Vec<i32> {
        let mut v: Vec<i32> = fixed
            .iter()
            .map(|f| {
                f.map_or(-1, |e| {
                    if side == Side::South {
                        e.south
                    } else {
                        e.north
                    }
                })
            })
            .collect();
        loop {
            let mut changed = false;
            for &p in order {
                if fixed[p].is_some() {
                    continue;
                }
                let vals = children(p).iter().map(|&c| v[c as usize]);
                let new = if positions[p].side_to_move() == side {
                    vals.max().unwrap_or(-1)
                } else {
                    vals.min().unwrap_or(-1)
                };
                if new > v[p] {
                    v[p] = new;
                    changed = true;
                }
            }
            if !changed {
                return v;
            }
        }
    };
    let south = score(Side::South);
    let north = score(Side::North);
    // Wins and losses within d plies, d = 1, 2, ...: a child's value counts at step d
    // when its plies are at most d − 1 (fixed children may hold longer ones).
    let mut value: Vec<Option<ExactValue>> =
        fixed.iter().map(|f| f.and_then(|e| e.value)).collect();
    let longest_fixed = value
        .iter()
        .filter_map(|v| match v {
            Some(ExactValue::Win(k) | ExactValue::Loss(k)) => Some(*k),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let mut d = 0;
    loop {
        d += 1;
        let prev = value.clone();
        let mut changed = false;
        for p in 0..n {
            if fixed[p].is_some() || prev[p].is_some() {
                continue;
            }
            let cs = children(p);
            let wins = cs
                .iter()
                .any(|&c| matches!(prev[c as usize], Some(ExactValue::Loss(k)) if k < d));
            let loses = !cs.is_empty()
                && cs
                    .iter()
                    .all(|&c| matches!(prev[c as usize], Some(ExactValue::Win(k)) if k < d));
            if wins {
                value[p] = Some(ExactValue::Win(d));
                changed = true;
            } else if loses {
                value[p] = Some(ExactValue::Loss(d));
                changed = true;
            }
        }
        if !changed && d > longest_fixed {
            break;
        }
    }
    (0..n)
        .map(|p| {
            let mut v = value[p];
            // A draw: both sides force at least 24 (G-R14), and neither can force a win.
            if v.is_none() && south[p] >= 24 && north[p] >= 24 {
                v = Some(ExactValue::Draw);
            }
            Entry {
                value: v,
                south: south[p],
                north: north[p],
            }
        })
        .collect()
}

/// The value pass of one partition, for a distributed pass from the highest level down
/// (`bao.cluster values`): `found` are the partition's keys (sorted, all of it, as
/// [`super::close_partition`] gives them), `outside(key)` the entry of a position of a
/// higher level (already valued). Returns the entries of `found` in order, or the first
/// key whose entry `outside` does not have.
///
/// # Errors
/// A child outside the partition without an entry.
pub fn retrograde_partition(
    rules: &bao_rules::kingulu::Rules,
    found: &[u64],
    outside: &dyn Fn(u64) -> Option<Entry>,
) -> Result<Vec<Entry>, u64> {
    let rk = super::pack::Ranker::new();
    let mut positions: Vec<Kingulu> = found
        .iter()
        .map(|&k| super::pack::unpack(&rk, k, rules))
        .collect();
    let mut fixed: Vec<Option<Entry>> = positions
        .iter()
        .map(|p| p.outcome().is_some().then(|| Entry::finished(p)))
        .collect();
    let mut extra: HashMap<u64, u32> = HashMap::new();
    let mut offsets = vec![0u32];
    let mut targets: Vec<u32> = Vec::new();
    let mut kids = Vec::new();
    for i in 0..found.len() {
        positions[i].children(&mut kids);
        for (_, c) in kids.iter() {
            let k = super::pack::pack(&rk, c);
            let idx = match found.binary_search(&k) {
                Ok(j) => j as u32,
                Err(_) => match extra.get(&k) {
                    Some(&j) => j,
                    None => {
                        let e = outside(k).ok_or(k)?;
                        let j = positions.len() as u32;
                        positions.push(*c);
                        fixed.push(Some(e));
                        extra.insert(k, j);
                        j
                    }
                },
            };
            targets.push(idx);
        }
        offsets.push(targets.len() as u32);
    }
    // External nodes have no children (they are fixed).
    while offsets.len() <= positions.len() {
        offsets.push(targets.len() as u32);
    }
    let order: Vec<usize> = (0..found.len()).collect();
    let mut entries = solve_graph(&positions, &offsets, &targets, &fixed, &order);
    entries.truncate(found.len());
    Ok(entries)
}

/// Every position reachable from `start` with its value and score bounds, or `None`
/// when more than `max_positions` are reachable (memory: about 60 bytes a position
/// plus 4 a move).
pub fn retrograde(start: &Kingulu, max_positions: usize) -> Option<Values> {
    // The reachable set and its move graph (children as indices).
    let mut index: HashMap<Kingulu, u32> = HashMap::from([(*start, 0)]);
    let mut positions = vec![*start];
    let mut offsets = vec![0u32];
    let mut targets: Vec<u32> = Vec::new();
    let mut kids = Vec::new();
    let mut i = 0;
    while i < positions.len() {
        positions[i].children(&mut kids);
        for (_, c) in kids.iter() {
            let next = positions.len() as u32;
            let k = *index.entry(*c).or_insert(next);
            if k == next {
                if positions.len() >= max_positions {
                    return None;
                }
                positions.push(*c);
            }
            targets.push(k);
        }
        offsets.push(targets.len() as u32);
        i += 1;
    }
    drop(index);
    let n = positions.len();
    // Sweep order: the highest level first (moves never lower the level).
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(level(&positions[p])));
    let fixed: Vec<Option<Entry>> = positions
        .iter()
        .map(|p| p.outcome().is_some().then(|| Entry::finished(p)))
        .collect();
    let entries = solve_graph(&positions, &offsets, &targets, &fixed, &order);
    let value = entries.iter().map(|e| e.value).collect();
    let south_at_least = entries
        .iter()
        .map(|e| (e.south >= 0).then_some(e.south as u32))
        .collect();
    let south_at_most = entries
        .iter()
        .map(|e| (e.north >= 0).then(|| (48 - e.north) as u32))
        .collect();
    Some(Values {
        positions,
        value,
        south_at_least,
        south_at_most,
    })
}
