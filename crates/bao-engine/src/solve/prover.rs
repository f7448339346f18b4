//! The bounded proof search of one prover for one goal.
//!
//! `V_d(X)` is the best payoff the prover can force from `X` with the game over within `d`
//! plies, the opponent minimising it: a finished game pays its goal payoff (win: 1 for a
//! prover win, else 0; score: the prover's final seeds, G-R14), an unfinished position at
//! depth 0 pays −1 ("not proven"). So `V_d(X) ≥ t ≥ 0` says exactly "the prover forces
//! the game to end within d plies with payoff ≥ t". `V_d` is nondecreasing in `d`.
//!
//! Depth-bounded, the search needs no repetition rule: a strategy that forces the end
//! within d plies can always be chosen to strictly lower the plies left at every step
//! (the certificate does), so no line of it repeats a position and the result is the same
//! whether or not repetition ends the game (G-R15, O7), and the transposition table is
//! path-independent (no graph-history interaction).
//!
//! It is an alpha-beta (max at the prover's turns, min at the opponent's) with a
//! transposition table of bounds valid across depths: a lower bound proven at depth d
//! holds at every depth ≥ d; an upper bound at depth d holds at every depth ≤ d, and at
//! every depth when it was proven with no depth cut-off in its subtree ("complete").

use super::history::LineEnds;
use super::FastMap;
use super::{Solvable, SolveBudget};
use bao_rules::{Outcome, Side};

/// The goal payoff's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Payoff {
    /// 1 if the prover wins, else 0.
    Win,
    /// The prover's final score (G-R14).
    Score,
}

/// The payoff of an unfinished position at depth 0.
pub(crate) const UNPROVEN: i32 = -1;
/// Depth marker: an upper bound valid at every depth.
const ALL_DEPTHS: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Entry {
    lo: i16,
    lo_depth: u32,
    hi: i16,
    hi_depth: u32,
    best: u8,
}

/// One prover's search state (table, buffers) for one payoff kind.
pub(crate) struct Prover<G: Solvable> {
    pub prover: Side,
    pub payoff: Payoff,
    table: FastMap<Entry>,
    max_entries: usize,
    kids: Vec<Vec<(G::Move, G)>>,
    order: Vec<Vec<(i32, usize)>>,
    /// Positions the game's history finishes (G-R15), below the root of a search.
    ends: LineEnds<G>,
}

impl<G: Solvable> Prover<G> {
    pub fn new(prover: Side, payoff: Payoff, max_entries: usize) -> Self {
        Prover {
            prover,
            payoff,
            table: FastMap::default(),
            max_entries,
            kids: Vec::new(),
            order: Vec::new(),
            ends: LineEnds::none(),
        }
    }

    /// Makes the positions of `ends` finished wherever a search reaches them below its
    /// root (ply ≥ 1): the root of a search is the game's position as it stands (its
    /// second occurrence does not end the game), a return to it is its third. Clears the
    /// table (its entries were proven without them).
    pub fn set_ends(&mut self, ends: LineEnds<G>) {
        self.ends = ends;
        self.table.clear();
    }

    /// Entries in the table.
    pub fn entries(&self) -> usize {
        self.table.len()
    }

    /// The most the payoff can be in this game (1 or the seeds).
    pub fn max_payoff(&self) -> i32 {
        match self.payoff {
            Payoff::Win => 1,
            Payoff::Score => G::SEEDS as i32,
        }
    }

    /// The payoff of the finished game `pos`.
    pub fn terminal(&self, pos: &G) -> i32 {
        match self.payoff {
            Payoff::Win => i32::from(pos.outcome().and_then(|o| o.winner) == Some(self.prover)),
            Payoff::Score => pos.final_score(self.prover).unwrap_or(0) as i32,
        }
    }

    /// The payoff of a game the history ends at `pos` with `o` (G-R15, scored by R14).
    fn history_end(&self, o: Outcome, pos: &G) -> i32 {
        match self.payoff {
            Payoff::Win => i32::from(o.winner == Some(self.prover)),
            Payoff::Score => pos.final_score(self.prover).unwrap_or(0) as i32,
        }
    }

    /// The most the prover can still get from the unfinished `pos`: seeds already locked
    /// for the opponent (G-R6/R9: stores and reserved pits never shrink) are lost.
    fn upper(&self, pos: &G) -> i32 {
        match (self.payoff, pos.locked_seeds(self.prover.opponent())) {
            (_, None) => self.max_payoff(),
            (Payoff::Score, Some(l)) => G::SEEDS as i32 - l as i32,
            (Payoff::Win, Some(l)) => i32::from(2 * (G::SEEDS - l) > G::SEEDS),
        }
    }

    /// Whether `V_depth(pos) ≥ t` (a null-window test).
    pub fn proves(&mut self, pos: &G, depth: u32, t: i32, budget: &mut SolveBudget) -> bool {
        self.value(pos, depth, t - 1, t, 0, budget).0 >= t
    }

    /// The move of `pos` (prover to move) whose child has `V_{depth-1} ≥ t`, if any.
    pub fn proving_move(
        &mut self,
        pos: &G,
        depth: u32,
        t: i32,
        budget: &mut SolveBudget,
    ) -> Option<(G::Move, G)> {
        let mut kids = Vec::new();
        pos.children(&mut kids);
        if let Some(e) = self.table.get(&pos.hash_key()) {
            let b = usize::from(e.best);
            if b < kids.len() {
                kids.swap(0, b);
            }
        }
        for (mv, child) in kids {
            if self.value(&child, depth - 1, t - 1, t, 1, budget).0 >= t {
                return Some((mv, child));
            }
            if budget.stopped {
                return None;
            }
        }
        None
    }

    /// Fail-soft bounded alpha-beta: `(v, complete)`. `v ≤ alpha`: `V_depth ≤ v`;
    /// `v ≥ beta`: `V_depth ≥ v`; otherwise exact. `complete`: an upper bound that holds at
    /// every depth. Meaningless when `budget.stopped` is set on return.
    pub fn value(
        &mut self,
        pos: &G,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        budget: &mut SolveBudget,
    ) -> (i32, bool) {
        if budget.tick() {
            return (UNPROVEN, false);
        }
        if pos.outcome().is_some() {
            return (self.terminal(pos), true);
        }
        if ply > 0 {
            if let Some(o) = self.ends.outcome(pos) {
                return (self.history_end(o, pos), true);
            }
        }
        let upper = self.upper(pos);
        if upper <= alpha {
            // Nothing above alpha is reachable, at any depth (G-R6/R9 locked seeds).
            return (upper, true);
        }
        if depth == 0 {
            return (UNPROVEN, false);
        }
        let key = pos.hash_key();
        let mut lo = UNPROVEN;
        let mut hi = upper;
        let mut hi_complete = true;
        let mut best_idx = 0usize;
        if let Some(e) = self.table.get(&key) {
            if e.lo_depth <= depth && i32::from(e.lo) > lo {
                lo = i32::from(e.lo);
            }
            if depth <= e.hi_depth && i32::from(e.hi) < hi {
                hi = i32::from(e.hi);
                hi_complete = e.hi_depth == ALL_DEPTHS;
            }
            best_idx = usize::from(e.best);
        }
        if lo >= beta {
            return (lo, false);
        }
        if hi <= alpha {
            return (hi, hi_complete);
        }
        if lo == hi {
            return (lo, hi_complete);
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        // The window actually searched: results are bounds relative to it.
        let (alpha0, beta0) = (alpha, beta);

        while self.kids.len() <= ply {
            self.kids.push(Vec::new());
            self.order.push(Vec::new());
        }
        let mut kids = std::mem::take(&mut self.kids[ply]);
        let mut order = std::mem::take(&mut self.order[ply]);
        pos.children(&mut kids);
        order.clear();
        let mover = pos.side_to_move();
        for (i, (_, c)) in kids.iter().enumerate() {
            let k = if i == best_idx {
                i32::MAX
            } else {
                c.order_key(mover)
            };
            order.push((k, i));
        }
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));

        let maximise = mover == self.prover;
        let mut best = if maximise { i32::MIN } else { i32::MAX };
        let mut complete = true;
        let mut best_complete = true;
        let mut chosen = best_idx;
        for &(_, i) in order.iter() {
            let (v, c) = self.value(&kids[i].1, depth - 1, alpha, beta, ply + 1, budget);
            if budget.stopped {
                break;
            }
            if maximise {
                complete &= c;
                if v > best {
                    best = v;
                    chosen = i;
                }
                alpha = alpha.max(v);
                if best >= beta {
                    break;
                }
            } else {
                if v < best {
                    best = v;
                    best_complete = c;
                    chosen = i;
                }
                beta = beta.min(v);
                if best <= alpha {
                    break;
                }
            }
        }
        self.kids[ply] = kids;
        self.order[ply] = order;
        if budget.stopped {
            return (UNPROVEN, false);
        }
        // A prover node cut off at beta has not bounded its value from above.
        let complete = if maximise {
            complete && best < beta0
        } else {
            best_complete
        };
        let best = best.min(upper);
        self.store(key, depth, alpha0, beta0, best, complete, chosen);
        (best, complete)
    }

    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: u64,
        depth: u32,
        alpha0: i32,
        beta0: i32,
        v: i32,
        complete: bool,
        best: usize,
    ) {
        if self.table.len() >= self.max_entries && !self.table.contains_key(&key) {
            // Full: keep what is there (results stay correct, only slower).
            return;
        }
        let e = self.table.entry(key).or_insert(Entry {
            lo: UNPROVEN as i16,
            lo_depth: 0,
            hi: i16::MAX,
            hi_depth: ALL_DEPTHS,
            best: best as u8,
        });
        e.best = best as u8;
        if v > alpha0 {
            // A lower bound (or exact): holds at every depth ≥ depth.
            let dominated = i32::from(e.lo) >= v && e.lo_depth <= depth;
            if !dominated {
                e.lo = v as i16;
                e.lo_depth = depth;
            }
        }
        if v < beta0 {
            // An upper bound (or exact).
            let d = if complete { ALL_DEPTHS } else { depth };
            let dominated = i32::from(e.hi) <= v && e.hi_depth >= d;
            if !dominated {
                e.hi = v as i16;
                e.hi_depth = d;
            }
        }
    }
}
