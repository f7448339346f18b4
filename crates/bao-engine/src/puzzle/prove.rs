//! The proofs behind a puzzle, shared by the finder ([`super::find`]) and the verifier
//! ([`super::verify`]): every legal move of the position solved by the solver
//! ([`crate::solve::Solver`]), from scratch, within a node budget.

use super::format::Claim;
use crate::solve::{ExactValue, Solvable, SolveLimits, Solver};
use bao_rules::{Game, Side};

/// The deepest `win within N` claim (plies): deeper proofs take too long to verify.
pub const MAX_WIN_WITHIN: u32 = 9;

/// Solver table entries per prover table for one puzzle (four tables).
const ENTRIES: usize = 1 << 20;

/// What the solver proved about a position's moves for one kind of claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof<M> {
    /// Exactly one move meets the claim; the claim is the solution's exact result.
    /// `gap`: for a best score, how many seeds the next best move gives up (otherwise 0).
    Unique {
        /// The solution.
        mv: M,
        /// Its proven result.
        claim: Claim,
        /// Seeds between the best and the second best move (best-score proofs only).
        gap: u32,
    },
    /// Several moves meet it (their texts and results, in words).
    Several(Vec<(M, String)>),
    /// No move meets it.
    None,
    /// The budget ran out before every move was settled (the moves not settled).
    Unproven(Vec<M>),
}

fn solver<G: Solvable>(nodes: u64, max_depth: u32) -> Solver<G> {
    Solver::new(SolveLimits {
        time_ms: None,
        nodes: Some(nodes),
        max_depth,
        max_entries: ENTRIES,
    })
}

/// `only win in N`: every move's exact value; the unique move that wins.
pub fn only_win<G: Solvable>(pos: &G, nodes: u64) -> Proof<G::Move> {
    let mut s = solver::<G>(nodes, 400);
    let mut kids = Vec::new();
    pos.children(&mut kids);
    let mut wins = Vec::new();
    let mut unproven = Vec::new();
    for (mv, child) in &kids {
        let v = s.outcome(child).value.map(ExactValue::before_move);
        if s.stopped() {
            unproven.push(*mv);
            break;
        }
        match v {
            Some(ExactValue::Win(n)) => wins.push((*mv, n)),
            Some(_) => {}
            None => unproven.push(*mv),
        }
        if wins.len() > 1 {
            break;
        }
    }
    settle(wins, unproven, Claim::OnlyWin)
}

/// `win within N`: the moves that force a win within `n` plies (each with its shortest
/// win), the others proven not to.
pub fn win_within<G: Solvable>(pos: &G, n: u32, nodes: u64) -> Proof<G::Move> {
    // The solver's outcome proves "no win within d" up to one ply below its depth limit.
    let mut s = solver::<G>(nodes, n + 1);
    let mut kids = Vec::new();
    pos.children(&mut kids);
    let mut wins = Vec::new();
    let mut unproven = Vec::new();
    for (mv, child) in &kids {
        let r = s.outcome(child);
        if s.stopped() {
            unproven.push(*mv);
            break;
        }
        match r.value.map(ExactValue::before_move) {
            Some(ExactValue::Win(k)) if k <= n => wins.push((*mv, k)),
            Some(_) => {}
            // The mover cannot force a win within n − 1 plies after the move.
            None if r.no_win_within + 1 >= n => {}
            None => unproven.push(*mv),
        }
        if wins.len() > 1 {
            break;
        }
    }
    settle(wins, unproven, Claim::WinWithin)
}

fn settle<M: Copy>(wins: Vec<(M, u32)>, unproven: Vec<M>, claim: fn(u32) -> Claim) -> Proof<M> {
    if wins.len() > 1 {
        return Proof::Several(
            wins.into_iter()
                .map(|(m, k)| (m, format!("wins in {k}")))
                .collect(),
        );
    }
    if !unproven.is_empty() {
        return Proof::Unproven(unproven);
    }
    match wins.first() {
        Some(&(mv, k)) => Proof::Unique {
            mv,
            claim: claim(k),
            gap: 0,
        },
        None => Proof::None,
    }
}

/// `best score S-N`: every move's exact final score (G-R14); the unique move that leaves
/// the side to move at least 2 seeds more than any other.
pub fn best_score<G: Solvable>(pos: &G, nodes: u64) -> Proof<G::Move> {
    let me = pos.side_to_move();
    if pos.locked_seeds(me).is_none() {
        return Proof::None;
    }
    let mut s = solver::<G>(nodes, 400);
    let mut kids = Vec::new();
    pos.children(&mut kids);
    let mut scores = Vec::new();
    for (mv, child) in &kids {
        match s.margin(child).exact() {
            Some(south) if !s.stopped() => scores.push((*mv, south)),
            _ => return Proof::Unproven(vec![*mv]),
        }
    }
    let mine = |south: u32| {
        if me == Side::South {
            south
        } else {
            G::SEEDS - south
        }
    };
    let Some(&(best_mv, best)) = scores.iter().max_by_key(|(_, s)| mine(*s)) else {
        return Proof::None;
    };
    let second = scores
        .iter()
        .filter(|(m, _)| *m != best_mv)
        .map(|(_, s)| mine(*s))
        .max();
    let gap = second.map_or(G::SEEDS, |s2| mine(best) - s2);
    if gap < 2 {
        let words = |s: u32| format!("South {s}, North {}", G::SEEDS - s);
        return Proof::Several(
            scores
                .iter()
                .filter(|(_, s)| mine(*s) + 1 >= mine(best))
                .map(|&(m, s)| (m, words(s)))
                .collect(),
        );
    }
    Proof::Unique {
        mv: best_mv,
        claim: Claim::BestScore {
            south: best,
            north: G::SEEDS - best,
        },
        gap,
    }
}

/// The proof of `claim`'s kind at `pos` (for `win within N`, to N plies).
pub fn prove<G: Solvable>(pos: &G, claim: Claim, nodes: u64) -> Proof<G::Move> {
    match claim {
        Claim::OnlyWin(_) => only_win(pos, nodes),
        Claim::WinWithin(n) => win_within(pos, n, nodes),
        Claim::BestScore { .. } => best_score(pos, nodes),
    }
}

/// A principal variation after the solution of a win claim: `plies` plies in all (the
/// solution first), the winner always choosing a shortest win and the loser a longest
/// defence. `None` when the budget runs out first or the value does not hold.
pub fn win_line<G: Solvable>(
    pos: &G,
    solution: G::Move,
    plies: u32,
    nodes: u64,
) -> Option<Vec<G::Move>> {
    let winner = pos.side_to_move();
    let mut s = solver::<G>(nodes, plies + 1);
    let mut line = vec![solution];
    let mut p = pos.play(solution).ok()?;
    let mut left = plies - 1;
    let mut kids = Vec::new();
    while left > 0 {
        if p.outcome().is_some() {
            return None;
        }
        p.children(&mut kids);
        let mut chosen = None;
        for (mv, child) in &kids {
            let v = s.outcome(child).value;
            if s.stopped() {
                return None;
            }
            // The child's value for its side to move.
            let want = if p.side_to_move() == winner {
                ExactValue::Loss(left - 1)
            } else {
                ExactValue::Win(left - 1)
            };
            if v == Some(want) {
                chosen = Some((*mv, child.clone()));
                break;
            }
        }
        let (mv, child) = chosen?;
        line.push(mv);
        p = child;
        left -= 1;
    }
    (p.outcome().and_then(|o| o.winner) == Some(winner)).then_some(line)
}

/// A principal variation after the solution of a best-score claim: both sides keeping
/// the exact final score (each move's child has the same South score), until the game
/// ends or `max_plies` plies. `None` when the budget runs out on the first ply after the
/// solution; a shorter line when it runs out later.
pub fn score_line<G: Solvable>(
    pos: &G,
    solution: G::Move,
    south: u32,
    max_plies: usize,
    nodes: u64,
) -> Vec<G::Move> {
    let mut s = solver::<G>(nodes, 400);
    let mut line = vec![solution];
    let Ok(mut p) = pos.play(solution) else {
        return line;
    };
    let mut kids = Vec::new();
    while line.len() < max_plies && p.outcome().is_none() {
        p.children(&mut kids);
        let mut chosen = None;
        for (mv, child) in &kids {
            let m = s.margin(child).exact();
            if s.stopped() {
                return line;
            }
            if m == Some(south) {
                chosen = Some((*mv, child.clone()));
                break;
            }
        }
        let Some((mv, child)) = chosen else {
            return line;
        };
        line.push(mv);
        p = child;
    }
    line
}

/// The move texts of a line of moves from `pos`.
pub fn line_texts<G: Game>(pos: &G, line: &[G::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        out.push(p.move_text(mv));
        match p.play(mv) {
            Ok(next) => p = next,
            Err(_) => break,
        }
    }
    out
}
