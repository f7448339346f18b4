//! Solving with a clock for the front ends (per-move values and margins, the perfect
//! move), and the check that a defence does not lean on a repetition.

use super::*;

/// Every legal move of `pos` with its exact value when proven within `time_ms` in all
/// (for an oracle display: "win in 7", "not proven").
pub fn move_values<G: Solvable>(pos: &G, time_ms: u64) -> Vec<(G::Move, Option<ExactValue>)> {
    let mut solver = Solver::new(SolveLimits {
        time_ms: Some(time_ms),
        ..SolveLimits::default()
    });
    solver
        .move_values(pos, false)
        .into_iter()
        .map(|m| (m.mv, m.value))
        .collect()
}

/// Every legal move of `pos` with South's exact final score after it under perfect play
/// (G-R14), when proven within `time_ms` in all; for games with a final score.
pub fn margin_values<G: Solvable>(pos: &G, time_ms: u64) -> Vec<(G::Move, Option<u32>)> {
    let mut solver = Solver::new(SolveLimits {
        time_ms: Some(time_ms),
        ..SolveLimits::default()
    });
    let mut kids = Vec::new();
    pos.children(&mut kids);
    kids.into_iter()
        .map(|(mv, child)| {
            let s = if solver.stopped() {
                None
            } else {
                solver.margin(&child).exact()
            };
            (mv, s)
        })
        .collect()
}

/// A margin-optimal move of `pos` (the most seeds for the side to move under perfect
/// play, G-R14), if the margin of every move is proven within `time_ms`; among equals the
/// one with the best proven outcome (shortest win, longest defence), and among those the
/// one that leaves the opponent the most ways to go wrong (`trap_choice`; in a proven
/// draw every drawing move is equal). With its exact value when proven. `None` for games
/// without a final score or when not proven.
pub fn perfect_move<G: Solvable>(pos: &G, time_ms: u64) -> Option<(G::Move, Option<ExactValue>)> {
    perfect_move_with(pos, LineEnds::none(), time_ms)
}

/// [`perfect_move`] for the game as played: `ends` are the positions its history
/// finishes ([`LineEnds`], G-R15); a move completing a third occurrence is valued there
/// and then.
pub fn perfect_move_with<G: Solvable>(
    pos: &G,
    ends: LineEnds<G>,
    time_ms: u64,
) -> Option<(G::Move, Option<ExactValue>)> {
    let me = pos.side_to_move();
    pos.locked_seeds(me)?;
    let mut solver = Solver::new(SolveLimits {
        time_ms: Some(time_ms),
        ..SolveLimits::default()
    })
    .with_history(ends)
    .with_book();
    let mut kids = Vec::new();
    pos.children(&mut kids);
    // Margins first (all moves must be proven), the outcome only for the best ones.
    let mut margins = Vec::with_capacity(kids.len());
    for (mv, child) in &kids {
        let south = match solver.history_end(child) {
            Some((_, s)) => s?,
            None => solver.margin(child).exact()?,
        };
        if solver.stopped() {
            return None;
        }
        let mine = if me == Side::South {
            south
        } else {
            G::SEEDS - south
        };
        margins.push((mine, *mv, child.clone()));
    }
    let top = margins.iter().map(|m| m.0).max()?;
    let rank = |v: &Option<ExactValue>| -> i64 {
        match v {
            Some(ExactValue::Win(n)) => 1_000_000 - i64::from(*n),
            Some(ExactValue::Draw) => 0,
            Some(ExactValue::Loss(n)) => -1_000_000 + i64::from(*n),
            None => -2_000_000,
        }
    };
    let mut best: Option<(i64, G::Move, Option<ExactValue>)> = None;
    let mut tied: Vec<(i64, G::Move, G)> = Vec::new();
    for (mine, mv, child) in margins {
        if mine != top {
            continue;
        }
        let value = match solver.history_end(&child) {
            Some((v, _)) => Some(v),
            None => solver.outcome(&child).value.map(ExactValue::before_move),
        };
        let r = rank(&value);
        if best.as_ref().is_none_or(|b| r > b.0) {
            best = Some((r, mv, value));
        }
        tied.push((r, mv, child));
    }
    let (r, mv, value) = best?;
    tied.retain(|t| t.0 == r);
    let mv = trap_choice(&mut solver, me, top, &tied).unwrap_or(mv);
    Some((mv, value))
}

/// Among equally good moves (`tied`: the same margin `top` for `me` and the same proven
/// outcome), the one that leaves the opponent the most ways to go wrong: the largest
/// share of replies after which `me`'s proven margin is more than `top` (an opponent's
/// mistake), replies that change the game's result first. `None` when there is no choice
/// or the solver's clock ran out (the first of them is as good by proof).
fn trap_choice<G: Solvable>(
    solver: &mut Solver<G>,
    me: Side,
    top: u32,
    tied: &[(i64, G::Move, G)],
) -> Option<G::Move> {
    if tied.len() < 2 {
        return None;
    }
    let half = G::SEEDS / 2;
    let class = |m: u32| i32::from(m > half) - i32::from(m < half);
    let mut best: Option<((u64, u64), G::Move)> = None;
    let mut replies = Vec::new();
    for (_, mv, child) in tied {
        child.children(&mut replies);
        if replies.is_empty() {
            continue;
        }
        let (mut result_errors, mut seed_errors) = (0u64, 0u64);
        for (_, reply) in &replies {
            let south = match solver.history_end(reply) {
                Some((_, s)) => s?,
                None => solver.margin(reply).exact()?,
            };
            if solver.stopped() {
                return None;
            }
            let mine = if me == Side::South {
                south
            } else {
                G::SEEDS - south
            };
            result_errors += u64::from(class(mine) > class(top));
            seed_errors += u64::from(mine > top);
        }
        let n = replies.len() as u64;
        let key = (result_errors * 1000 / n, seed_errors * 1000 / n);
        if best.as_ref().is_none_or(|b| key > b.0) {
            best = Some((key, *mv));
        }
    }
    best.map(|b| b.1)
}

/// What [`Solver::defence_repeats`] found about a refutation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefenceCheck {
    /// `(position, plies left)` nodes of the refutation.
    pub nodes: usize,
    /// Whether some line of it repeats a position (a cycle among its moves).
    pub repeats: bool,
}

impl<G: Solvable> Solver<G> {
    /// Checks the refutation behind "`prover` cannot force a win within `depth` plies from
    /// `pos`": the opponent's defence (one refuting reply where the opponent moves, every
    /// move where the prover does), walked for `depth` plies. If no line of it repeats a
    /// position, a rule that ends games on repetition (G-R15) cannot create a shorter win:
    /// every game along the defence is the same under both O7 settings. `None` if the
    /// refutation does not hold (the prover does win within `depth`) or a limit stopped it
    /// (it runs within the solver's limits: [`Solver::stopped`] tells).
    pub fn defence_repeats(&mut self, pos: &G, prover: Side, depth: u32) -> Option<DefenceCheck> {
        if !self.ends.is_empty() {
            return None;
        }
        let p = &mut self.win[prover.index()];
        if p.proves(pos, depth, 1, &mut self.budget) || self.budget.stopped {
            return None;
        }
        let mut seen: HashMap<(u64, u32), ()> = HashMap::new();
        let mut edges: HashMap<u64, Vec<u64>> = HashMap::new();
        let mut stack = vec![(pos.clone(), depth)];
        let mut kids = Vec::new();
        while let Some((x, d)) = stack.pop() {
            if d == 0 || x.outcome().is_some() || seen.insert((x.hash_key(), d), ()).is_some() {
                continue;
            }
            x.children(&mut kids);
            let chosen: Vec<G> = if x.side_to_move() == prover {
                kids.iter().map(|(_, c)| c.clone()).collect()
            } else {
                let mut refute = None;
                for (_, c) in kids.iter() {
                    let proved = p.proves(c, d - 1, 1, &mut self.budget);
                    if self.budget.stopped {
                        return None;
                    }
                    if !proved {
                        refute = Some(c.clone());
                        break;
                    }
                }
                vec![refute?]
            };
            let from = edges.entry(x.hash_key()).or_default();
            for c in chosen {
                from.push(c.hash_key());
                stack.push((c, d - 1));
            }
        }
        // A cycle among the edges (iterative three-colour depth-first search).
        let mut colour: HashMap<u64, u8> = HashMap::new();
        let mut repeats = false;
        'outer: for &root in edges.keys() {
            if colour.contains_key(&root) {
                continue;
            }
            let mut path: Vec<(u64, usize)> = vec![(root, 0)];
            colour.insert(root, 1);
            while let Some(&mut (node, ref mut next)) = path.last_mut() {
                let succ = edges.get(&node).map_or(&[][..], |v| &v[..]);
                if *next < succ.len() {
                    let s = succ[*next];
                    *next += 1;
                    match colour.get(&s) {
                        Some(1) => {
                            repeats = true;
                            break 'outer;
                        }
                        Some(_) => {}
                        None => {
                            colour.insert(s, 1);
                            path.push((s, 0));
                        }
                    }
                } else {
                    colour.insert(node, 2);
                    path.pop();
                }
            }
        }
        Some(DefenceCheck {
            nodes: seen.len(),
            repeats,
        })
    }
}
