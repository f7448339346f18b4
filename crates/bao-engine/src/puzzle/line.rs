//! Proving a puzzle's line ply by ply (`bao puzzle verify`, docs/puzzles.md): the line
//! after the solution is a principal variation, not just legal moves.
//!
//! - A win line (`only win in N`, `win within N`): after ply `i` (from 1) the winner wins
//!   in exactly `N − i` plies: every move of the winner is a shortest win and every move of
//!   the defender a longest defence, and the line ends with the winner's win after `N`
//!   plies.
//! - A best-score line (`best score S-N`): after every ply the exact final score (G-R14)
//!   is still the claimed one, and the line runs to the end of the game or to
//!   [`MAX_SCORE_LINE`] plies.
//!
//! The solution's own result is the puzzle's proof ([`super::prove`]); each position after
//! a later ply is solved from scratch (its history does not count, as in the
//! finder); one solver serves the whole line, within one node budget.

use super::format::Claim;
use crate::solve::{ExactValue, Solvable, SolveLimits, Solver};
use bao_rules::Side;

/// The longest line shown after a best-score solution, plies: a best-score line that
/// does not end the game must have this many.
pub const MAX_SCORE_LINE: usize = 24;

/// Solver table entries per prover table for one line (as for the puzzle's proof).
const ENTRIES: usize = 1 << 20;

/// Proves every ply of `line` (the solution first) from `pos` for `claim`, within `nodes`
/// solver positions in all.
///
/// # Errors
/// The first ply that is not proven to keep the claim, as `line, ply K (MOVE by SIDE):
/// WHY`; a best-score line that stops before the end of the game and before
/// [`MAX_SCORE_LINE`] plies; a line the budget cannot prove.
pub fn prove_line<G: Solvable>(
    pos: &G,
    line: &[G::Move],
    claim: Claim,
    nodes: u64,
) -> Result<(), String> {
    match claim {
        Claim::OnlyWin(n) | Claim::WinWithin(n) => win_line(pos, line, n, nodes),
        Claim::BestScore { south, north } => score_line(pos, line, south, north, nodes),
    }
}

fn solver<G: Solvable>(nodes: u64, max_depth: u32) -> Solver<G> {
    Solver::new(SolveLimits {
        time_ms: None,
        nodes: Some(nodes),
        max_depth,
        max_entries: ENTRIES,
    })
}

/// `line, ply 3 (a5 by North)`.
fn ply_name<G: Solvable>(pos: &G, i: usize, mv: G::Move) -> String {
    format!(
        "line, ply {} ({} by {})",
        i + 1,
        pos.move_text(mv),
        pos.side_to_move()
    )
}

fn win_line<G: Solvable>(pos: &G, line: &[G::Move], n: u32, nodes: u64) -> Result<(), String> {
    let winner = pos.side_to_move();
    let mut s = solver::<G>(nodes, n + 1);
    let mut p = pos.clone();
    for (i, &mv) in line.iter().enumerate() {
        let name = ply_name(&p, i, mv);
        let child = p.play(mv).map_err(|e| format!("{name}: {e}"))?;
        if i == 0 {
            // The solution's own result is the puzzle's proof (super::prove).
            p = child;
            continue;
        }
        // Plies left to the win after this ply; the line's length is checked apart.
        let left = n.saturating_sub(i as u32 + 1);
        let value = s
            .outcome(&child)
            .value
            .map(|v| for_winner(v, &child, winner));
        if s.stopped() {
            return Err(format!(
                "{name}: not proven within {nodes} solver positions"
            ));
        }
        if value != Some(ExactValue::Win(left)) {
            let found = match value {
                Some(ExactValue::Win(k)) => format!("{winner} then wins in {}", plies(k)),
                Some(ExactValue::Loss(k)) => format!("{winner} then loses in {}", plies(k)),
                Some(ExactValue::Draw) => "the game is then a draw".to_string(),
                None => format!("{winner} then has no win within {}", plies(n + 1)),
            };
            let what = if p.side_to_move() == winner {
                "not a shortest win"
            } else {
                "not a longest defence"
            };
            return Err(format!("{name}: {what}: {found}, not in {}", plies(left)));
        }
        p = child;
    }
    Ok(())
}

/// A value of `child` for its side to move, as the winner's.
fn for_winner<G: Solvable>(v: ExactValue, child: &G, winner: Side) -> ExactValue {
    if child.side_to_move() == winner {
        v
    } else {
        match v {
            ExactValue::Win(k) => ExactValue::Loss(k),
            ExactValue::Loss(k) => ExactValue::Win(k),
            ExactValue::Draw => ExactValue::Draw,
        }
    }
}

fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

fn score_line<G: Solvable>(
    pos: &G,
    line: &[G::Move],
    south: u32,
    north: u32,
    nodes: u64,
) -> Result<(), String> {
    let mut s = solver::<G>(nodes, 400);
    let mut p = pos.clone();
    for (i, &mv) in line.iter().enumerate() {
        let name = ply_name(&p, i, mv);
        let child = p.play(mv).map_err(|e| format!("{name}: {e}"))?;
        if i == 0 {
            // The solution's own result is the puzzle's proof (super::prove).
            p = child;
            continue;
        }
        let score = s.margin(&child).exact();
        if s.stopped() {
            return Err(format!(
                "{name}: not proven within {nodes} solver positions"
            ));
        }
        if score != Some(south) {
            let found = match score {
                Some(s) => format!("South {s}, North {}", G::SEEDS - s),
                None => "not proven".to_string(),
            };
            return Err(format!(
                "{name}: does not keep the best score {south}-{north}: the final score is then {found}"
            ));
        }
        p = child;
    }
    if p.outcome().is_none() && line.len() < MAX_SCORE_LINE {
        return Err(format!(
            "the line stops after {} with the game going on: a best-score line runs to the end of the game or {MAX_SCORE_LINE} plies",
            plies(line.len() as u32)
        ));
    }
    Ok(())
}
