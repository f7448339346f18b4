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
    let children = |p: usize| &targets[offsets[p] as usize..offsets[p + 1] as usize];
    // Sweep order: the highest level first (moves never lower the level).
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(level(&positions[p])));
    let finished: Vec<bool> = positions.iter().map(|p| p.outcome().is_some()).collect();

    // Margins: least fixpoints, -1 = cannot force the end.
    let score = |side: Side| -> Vec<i32> {
        let mut v: Vec<i32> = (0..n)
            .map(|p| {
                if finished[p] {
                    positions[p].final_score(side).map_or(-1, |s| s as i32)
                } else {
                    -1
                }
            })
            .collect();
        loop {
            let mut changed = false;
            for &p in &order {
                if finished[p] {
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

    // Values: wins and losses within d plies, d = 0, 1, ... (Jacobi steps: the depth is
    // exact), the first d recorded.
    let mut value: Vec<Option<ExactValue>> = positions
        .iter()
        .map(|p| match p.outcome() {
            Some(o) if o.winner == Some(p.side_to_move()) => Some(ExactValue::Win(0)),
            Some(o) if o.winner.is_some() => Some(ExactValue::Loss(0)),
            _ => None,
        })
        .collect();
    let mut d = 0;
    loop {
        d += 1;
        let prev = value.clone();
        let mut changed = false;
        for p in 0..n {
            if finished[p] || prev[p].is_some() {
                continue;
            }
            let cs = children(p);
            let wins = cs
                .iter()
                .any(|&c| matches!(prev[c as usize], Some(ExactValue::Loss(_))));
            let loses = !cs.is_empty()
                && cs
                    .iter()
                    .all(|&c| matches!(prev[c as usize], Some(ExactValue::Win(_))));
            if wins {
                value[p] = Some(ExactValue::Win(d));
                changed = true;
            } else if loses {
                value[p] = Some(ExactValue::Loss(d));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let seeds = 48;
    let mut south_at_least = Vec::with_capacity(n);
    let mut south_at_most = Vec::with_capacity(n);
    for p in 0..n {
        south_at_least.push((south[p] >= 0).then_some(south[p] as u32));
        south_at_most.push((north[p] >= 0).then(|| (seeds - north[p]) as u32));
        // A draw: both sides force at least 24 (G-R14), and neither can force a win.
        if value[p].is_none() && south[p] >= 24 && north[p] >= 24 {
            value[p] = Some(ExactValue::Draw);
        }
    }
    Some(Values {
        positions,
        value,
        south_at_least,
        south_at_most,
    })
}
