//! Iterative deepening over the proof searches: the exact outcome with the shortest win
//! (no shorter win exists: every smaller depth was refuted), the exact margin (both
//! halves proven), per-move values and certificate extraction.

use super::certificate::{Certificate, Claim, Goal, Proof, ProofLine};
use super::history::LineEnds;
use super::prover::{Payoff, Prover, UNPROVEN};
use super::{finished_value, ExactValue, ProgressFn, Solvable, SolveBudget, SolveLimits};
use bao_rules::Side;
use std::collections::HashMap;

mod quick;

pub use quick::*;

/// What [`Solver::outcome`] proved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutcomeReport {
    /// The exact value, or `None` if a limit stopped the solve first.
    pub value: Option<ExactValue>,
    /// Proven even when `value` is `None`: neither side can force a win within this many
    /// plies (for a `Win(n)` / `Loss(n)` value: n − 1, the proof of minimality).
    pub no_win_within: u32,
    /// Bao Kingulu: each side (by [`Side::index`]) proven to score at least 24 (at least
    /// a draw).
    pub at_least_draw: [bool; 2],
    /// Positions visited.
    pub nodes: u64,
    /// Milliseconds.
    pub time_ms: u64,
}

/// What [`Solver::margin`] proved about South's final score (G-R14) under perfect play,
/// both players maximising their own seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarginReport {
    /// South can force the game to end with at least this many seeds (`None`: not even
    /// that the game can be forced to end was proven).
    pub south_at_least: Option<u32>,
    /// North can force the game to end with South at most this many seeds (`None`: not
    /// proven).
    pub south_at_most: Option<u32>,
    /// The depth (plies) of the last iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Milliseconds.
    pub time_ms: u64,
}

impl MarginReport {
    /// South's exact final score, when both halves meet.
    pub fn exact(&self) -> Option<u32> {
        match (self.south_at_least, self.south_at_most) {
            (Some(a), Some(b)) if a == b => Some(a),
            _ => None,
        }
    }
}

/// One legal move with its proven value (for the side to move before it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// Its exact value, `None` if not proven within the budget.
    pub value: Option<ExactValue>,
    /// With margins: South's exact final score after this move under perfect play.
    pub south_score: Option<u32>,
}

/// The solver: four provers (win and score, for each side) with their tables, and the
/// budget. Reuse one solver for several positions of a game: the tables carry over.
pub struct Solver<G: Solvable> {
    win: [Prover<G>; 2],
    score: [Prover<G>; 2],
    budget: SolveBudget,
    limits: SolveLimits,
    /// Whether positions of the opening book ([`Solvable::known`]) are taken from it.
    book: bool,
    /// Positions the game's history finishes (G-R15), [`Solver::with_history`].
    ends: LineEnds<G>,
}

impl<G: Solvable> Solver<G> {
    /// A solver with these limits (counted from now, over all calls).
    pub fn new(limits: SolveLimits) -> Self {
        let e = limits.max_entries;
        Solver {
            win: [
                Prover::new(Side::South, Payoff::Win, e),
                Prover::new(Side::North, Payoff::Win, e),
            ],
            score: [
                Prover::new(Side::South, Payoff::Score, e),
                Prover::new(Side::North, Payoff::Score, e),
            ],
            budget: SolveBudget::new(&limits),
            limits,
            book: false,
            ends: LineEnds::none(),
        }
    }

    /// This solver, for the game as played: reaching a position of `ends` again ends the
    /// game by G-R15 (its third occurrence, scored by R14), wherever a solve reaches it
    /// below the position solved ([`LineEnds`]; docs/solved.md, "Values that know the
    /// game's history"). The opening book is not used when `ends` is not empty (its values
    /// know no history). Solve the game's current position, or its children through
    /// [`Solver::move_values`] (which scores a move completing a third occurrence there
    /// and then).
    pub fn with_history(mut self, ends: LineEnds<G>) -> Self {
        if !ends.is_empty() {
            self.book = false;
        }
        for p in self.win.iter_mut().chain(self.score.iter_mut()) {
            p.set_ends(ends.clone());
        }
        self.ends = ends;
        self
    }

    /// The positions the game's history finishes ([`Solver::with_history`]).
    pub fn history(&self) -> &LineEnds<G> {
        &self.ends
    }

    /// The value for its mover of the move leading to `child` when it completes a third
    /// occurrence (G-R15): the game ends there, scored by R14 — with South's score.
    pub fn history_end(&self, child: &G) -> Option<(ExactValue, Option<u32>)> {
        let o = self.ends.outcome(child)?;
        let v = match o.winner {
            Some(w) if w == child.side_to_move() => ExactValue::Win(0),
            Some(_) => ExactValue::Loss(0),
            None => ExactValue::Draw,
        };
        Some((v.before_move(), child.final_score(Side::South)))
    }

    /// This solver, taking the values and final scores of positions in the opening book
    /// ([`Solvable::known`], [`super::book`]) from it instead of solving them: for the
    /// oracle and perfect play. (`bao solve` does not, as its certificates need the
    /// proof itself.)
    pub fn with_book(mut self) -> Self {
        self.book = self.ends.is_empty();
        self
    }

    /// Calls `f` about every 2 seconds during long solves.
    pub fn set_progress(&mut self, f: ProgressFn) {
        self.budget.progress = Some(f);
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.budget.nodes
    }

    /// Milliseconds since the solver was made.
    pub fn elapsed_ms(&self) -> u64 {
        self.budget.elapsed_ms()
    }

    /// Whether a limit has stopped the solver.
    pub fn stopped(&self) -> bool {
        self.budget.stopped
    }

    /// Entries in the four tables.
    pub fn table_entries(&self) -> usize {
        self.win
            .iter()
            .chain(&self.score)
            .map(|p| p.entries())
            .sum()
    }

    /// The exact value of `pos` for its side to move: win / loss with the shortest win
    /// (iterative deepening: every smaller depth is refuted for both sides) or a draw.
    pub fn outcome(&mut self, pos: &G) -> OutcomeReport {
        let mut report = OutcomeReport {
            value: finished_value(pos),
            no_win_within: 0,
            at_least_draw: [false; 2],
            nodes: 0,
            time_ms: 0,
        };
        if report.value.is_some() {
            return report;
        }
        if let Some(k) = self.book.then(|| pos.known()).flatten() {
            report.value = Some(k.value);
            report.no_win_within = match k.value {
                ExactValue::Win(n) | ExactValue::Loss(n) => n - 1,
                ExactValue::Draw => self.limits.max_depth,
            };
            report.at_least_draw = [k.south >= G::SEEDS / 2, G::SEEDS - k.south >= G::SEEDS / 2];
            return report;
        }
        let s = pos.side_to_move();
        let o = s.opponent();
        let has_score = pos.locked_seeds(s).is_some();
        let half = (G::SEEDS / 2) as i32;
        self.budget.stage = "win";
        let mut o_fail = 0; // the opponent's win test failed at this depth
        for d in 1..=self.limits.max_depth {
            self.budget.depth = d;
            let (ws, cs) = self.test(Payoff::Win, s, pos, d, 1);
            if self.budget.stopped {
                break;
            }
            if ws {
                // The opponent cannot also force a win: no win within d − 1 for either.
                report.value = Some(ExactValue::Win(d));
                report.no_win_within = d - 1;
                break;
            }
            // The opponent's test every third depth (V is nondecreasing in the depth, so
            // a success at d is followed down to the least depth that proves it).
            let mut co = false;
            if d % 3 == 0 || d == self.limits.max_depth || cs {
                let (wo, c) = self.test(Payoff::Win, o, pos, d, 1);
                if self.budget.stopped {
                    break;
                }
                co = c;
                if !wo {
                    o_fail = d;
                }
                if wo {
                    let mut least = d;
                    while least > o_fail + 1 {
                        let (w, _) = self.test(Payoff::Win, o, pos, least - 1, 1);
                        if self.budget.stopped || !w {
                            break;
                        }
                        least -= 1;
                    }
                    if self.budget.stopped {
                        break;
                    }
                    report.value = Some(ExactValue::Loss(least));
                    report.no_win_within = least - 1;
                    break;
                }
            }
            report.no_win_within = d.min(o_fail);
            self.budget.proven = format!(
                "no win for either side within {} plies",
                report.no_win_within
            );
            if cs && co {
                // Neither side can force a win at any depth and every line ends.
                report.value = Some(ExactValue::Draw);
                break;
            }
            if has_score && d % 2 == 0 {
                for side in [s, o] {
                    if !report.at_least_draw[side.index()] {
                        report.at_least_draw[side.index()] =
                            self.test(Payoff::Score, side, pos, d, half).0;
                    }
                }
                if self.budget.stopped {
                    break;
                }
                if report.at_least_draw == [true, true] {
                    report.value = Some(ExactValue::Draw);
                    break;
                }
            }
        }
        if report.value.is_none() {
            // The last depth may have been cut short.
            report.no_win_within = report
                .no_win_within
                .min(self.budget.depth.saturating_sub(1));
        }
        report.nodes = self.budget.nodes;
        report.time_ms = self.budget.elapsed_ms();
        report
    }

    /// `V_d(pos) ≥ t` for `side`'s prover of `payoff`, and whether a failure holds at
    /// every depth.
    fn test(&mut self, payoff: Payoff, side: Side, pos: &G, d: u32, t: i32) -> (bool, bool) {
        let prover = match payoff {
            Payoff::Win => &mut self.win[side.index()],
            Payoff::Score => &mut self.score[side.index()],
        };
        let (v, complete) = prover.value(pos, d, t - 1, t, 0, &mut self.budget);
        (v >= t, v < t && complete)
    }

    /// South's exact final score under perfect play (both sides maximising their own
    /// seeds, G-R14): the largest S that South can force (the game ending with South ≥ S)
    /// such that North can force South ≤ S. Only for games with a final score.
    pub fn margin(&mut self, pos: &G) -> MarginReport {
        let seeds = G::SEEDS as i32;
        let mut lo = UNPROVEN; // South ≥ lo proven (−1: nothing proven)
        let mut north = UNPROVEN; // North ≥ north proven
        let mut depth = 0;
        if let Some(k) = self.book.then(|| pos.known()).flatten() {
            lo = k.south as i32;
            north = seeds - lo;
        }
        if let Some(sc) = pos.outcome().and(pos.final_score(Side::South)) {
            lo = sc as i32;
            north = seeds - lo;
        }
        self.budget.stage = "margin";
        while lo + north < seeds && depth < self.limits.max_depth {
            depth += 1;
            self.budget.depth = depth;
            while lo + north < seeds {
                let t = lo + 1;
                let v = self.score[0]
                    .value(pos, depth, t - 1, t, 0, &mut self.budget)
                    .0;
                if self.budget.stopped || v < t {
                    break;
                }
                lo = v;
            }
            while lo + north < seeds && !self.budget.stopped {
                let t = north + 1;
                let v = self.score[1]
                    .value(pos, depth, t - 1, t, 0, &mut self.budget)
                    .0;
                if self.budget.stopped || v < t {
                    break;
                }
                north = v;
            }
            self.budget.proven = format!(
                "South's final score in {}..={}",
                lo.max(0),
                if north >= 0 { seeds - north } else { seeds }
            );
            if self.budget.stopped {
                break;
            }
        }
        MarginReport {
            south_at_least: (lo >= 0).then_some(lo as u32),
            south_at_most: (north >= 0).then_some((seeds - north) as u32),
            depth,
            nodes: self.budget.nodes,
            time_ms: self.budget.elapsed_ms(),
        }
    }

    /// Every legal move of `pos` with its exact value (and, with `margin`, South's exact
    /// final score after it), within the solver's limits.
    pub fn move_values(&mut self, pos: &G, margin: bool) -> Vec<MoveValue<G::Move>> {
        let mut kids = Vec::new();
        pos.children(&mut kids);
        let mut out = Vec::with_capacity(kids.len());
        for (mv, child) in kids {
            if let Some((value, south)) = self.history_end(&child) {
                out.push(MoveValue {
                    mv,
                    value: Some(value),
                    south_score: if margin { south } else { None },
                });
                continue;
            }
            let value = if self.budget.stopped {
                None
            } else {
                self.outcome(&child).value.map(ExactValue::before_move)
            };
            let south_score = if margin && !self.budget.stopped {
                self.margin(&child).exact()
            } else {
                None
            };
            out.push(MoveValue {
                mv,
                value,
                south_score,
            });
        }
        out
    }

    /// The certificate of a solved value of `pos` (`Win`/`Loss` from [`Solver::outcome`]);
    /// `None` for a draw (certify it with [`Solver::margin_certificate`]: margin 24-24),
    /// when a limit stops the extraction (it runs within the solver's limits, like every
    /// call: [`Solver::stopped`] tells), or when the solver has a history
    /// ([`Solver::with_history`]: a certificate is about a position alone).
    pub fn outcome_certificate(&mut self, pos: &G, value: ExactValue) -> Option<Certificate> {
        let (claim, prover, n) = match value {
            ExactValue::Win(n) => (Claim::Win(n), pos.side_to_move(), n),
            ExactValue::Loss(n) => (Claim::Loss(n), pos.side_to_move().opponent(), n),
            ExactValue::Draw => return None,
        };
        if !self.ends.is_empty() {
            return None;
        }
        let mut cert = Certificate::for_position(pos, claim);
        let proof = self.extract(Payoff::Win, prover, pos, 1, n)?;
        cert.proofs.push(proof);
        Some(cert)
    }

    /// The certificate of South's exact final score `south` at `pos` (both halves);
    /// `None` as for [`Solver::outcome_certificate`].
    pub fn margin_certificate(&mut self, pos: &G, south: u32) -> Option<Certificate> {
        if !self.ends.is_empty() {
            return None;
        }
        let north = G::SEEDS - south;
        let mut cert = Certificate::for_position(pos, Claim::Margin { south, north });
        let max = self.limits.max_depth;
        cert.proofs
            .push(self.extract(Payoff::Score, Side::South, pos, south as i32, max)?);
        cert.proofs
            .push(self.extract(Payoff::Score, Side::North, pos, north as i32, max)?);
        Some(cert)
    }

    /// The strategy of `side` reaching payoff ≥ `t` within `budget` plies from `root`.
    fn extract(
        &mut self,
        payoff: Payoff,
        side: Side,
        root: &G,
        t: i32,
        budget: u32,
    ) -> Option<Proof> {
        let goal = match payoff {
            Payoff::Win => Goal::Win,
            Payoff::Score => Goal::Score(t as u32),
        };
        let mut x = Extractor {
            prover: match payoff {
                Payoff::Win => &mut self.win[side.index()],
                Payoff::Score => &mut self.score[side.index()],
            },
            budget: &mut self.budget,
            t,
            memo: HashMap::new(),
            lines: Vec::new(),
        };
        if root.side_to_move() == side {
            x.prover_node(root, budget)?;
        } else {
            x.opponent_node(root, budget)?;
        }
        Some(Proof {
            prover: side,
            goal,
            lines: x.lines,
            line: 0,
        })
    }
}

/// Walks a proven strategy, giving every prover position its least number of plies.
struct Extractor<'a, G: Solvable> {
    prover: &'a mut Prover<G>,
    budget: &'a mut SolveBudget,
    t: i32,
    memo: HashMap<G, u32>,
    lines: Vec<ProofLine>,
}

impl<G: Solvable> Extractor<'_, G> {
    /// The least n ≤ `budget` with `V_n(pos) ≥ t` (V is nondecreasing in n: bisection).
    fn least_depth(&mut self, pos: &G, budget: u32) -> Option<u32> {
        if !self.prover.proves(pos, budget, self.t, self.budget) {
            return None;
        }
        let (mut lo, mut hi) = (0u32, budget); // V_lo < t ≤ V_hi
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.prover.proves(pos, mid, self.t, self.budget) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Some(hi)
    }

    fn prover_node(&mut self, pos: &G, budget: u32) -> Option<u32> {
        if let Some(&n) = self.memo.get(pos) {
            return (n <= budget).then_some(n);
        }
        let n = self.least_depth(pos, budget)?;
        let (mv, after) = self.prover.proving_move(pos, n, self.t, self.budget)?;
        self.memo.insert(pos.clone(), n);
        self.lines.push(ProofLine {
            plies: n,
            mv: pos.move_text(mv),
            position: pos.to_text(),
            line: 0,
        });
        if after.outcome().is_none() {
            self.opponent_node(&after, n - 1)?;
        }
        Some(n)
    }

    fn opponent_node(&mut self, pos: &G, budget: u32) -> Option<()> {
        let mut kids = Vec::new();
        pos.children(&mut kids);
        for (_, z) in kids {
            if z.outcome().is_none() {
                self.prover_node(&z, budget.checked_sub(1)?)?;
            }
        }
        Some(())
    }
}
