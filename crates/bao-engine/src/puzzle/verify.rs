//! Re-proving a puzzle (`bao puzzle verify`, docs/puzzles.md): the solver solves every
//! legal move of the position again from scratch ([`super::prove`]) and the puzzle must
//! say exactly what it proves — its solution is the one move meeting the claim, the
//! claimed result is the solution's exact result —, every ply of its line must keep the
//! claim ([`super::line`]: shortest wins and longest defences, or the exact final score,
//! to the end of the game or [`super::line::MAX_SCORE_LINE`] plies), and its theme and
//! difficulty (from the full line) must be the ones the position gives.

use super::format::{Claim, Puzzle, PuzzleSet};
use super::line::prove_line;
use super::prove::{prove, Proof, MAX_WIN_WITHIN};
use super::theme::{difficulty, theme};
use crate::solve::Solvable;
use bao_rules::Side;

/// The node budget of re-proving one puzzle: four times the finder's
/// ([`super::find::FIND_NODES`]), so that a puzzle the finder proved is re-proven on any
/// machine (the budget counts positions, not time).
pub const VERIFY_NODES: u64 = 4 * super::find::FIND_NODES;

/// A flaw of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flaw {
    /// The puzzle's number.
    pub number: usize,
    /// Its line in the file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Flaw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "puzzle {} (line {}): {}",
            self.number, self.line, self.message
        )
    }
}

/// Re-proves one puzzle of game `G` within `nodes` solver positions.
///
/// # Errors
/// What is wrong, in a sentence: the position, the solution or the line cannot be read
/// or played; another move also meets the claim; the solution does not; the result
/// differs from the proven one; the budget ran out before the proof was complete; the
/// theme or difficulty differs from the position's.
pub fn check<G: Solvable>(p: &Puzzle, nodes: u64) -> Result<(), String> {
    let pos: G = p.position_of()?;
    if pos.outcome().is_some() {
        return Err("the game is over in this position".to_string());
    }
    let solution = pos
        .parse_move(&p.solution)
        .map_err(|e| format!("solution: {}", e.message))?;
    let text = |mv| pos.move_text(mv);
    if matches!(p.result, Claim::BestScore { .. }) && pos.locked_seeds(p.side).is_none() {
        return Err(format!(
            "{}: this game has no final score (G-R14), so no move has a best one",
            p.result
        ));
    }
    if let Claim::WinWithin(n) = p.result {
        if n > MAX_WIN_WITHIN {
            return Err(format!(
                "win within {n}: at most {MAX_WIN_WITHIN} plies are proven here"
            ));
        }
    }
    let gap = match prove(&pos, p.result, nodes) {
        Proof::Unique { mv, claim, gap } => {
            if mv != solution {
                return Err(format!(
                    "the solution {} is wrong: {} is the only move that meets the claim ({claim})",
                    p.solution,
                    text(mv)
                ));
            }
            if claim != p.result {
                return Err(format!(
                    "the claimed result is {}, but the solver proves {claim}",
                    p.result
                ));
            }
            gap
        }
        Proof::Several(moves) => {
            let list: Vec<String> = moves
                .iter()
                .map(|(m, w)| format!("{} {w}", text(*m)))
                .collect();
            return Err(format!(
                "the solution is not unique for {}: {}",
                p.result,
                list.join(", ")
            ));
        }
        Proof::None => {
            return Err(format!(
                "no move meets the claim {}: the solution {} does not",
                p.result, p.solution
            ))
        }
        Proof::Unproven(moves) => {
            let list: Vec<String> = moves.iter().map(|m| text(*m)).collect();
            return Err(format!(
                "not proven within {nodes} solver positions (unsettled: {})",
                list.join(", ")
            ));
        }
    };
    // The line: legal, the solution first.
    let mut q = pos.clone();
    let mut moves = Vec::with_capacity(p.line.len());
    for (i, t) in p.line.iter().enumerate() {
        let mv = q
            .parse_move(t)
            .map_err(|e| format!("line, ply {}: {}", i + 1, e.message))?;
        if i == 0 && mv != solution {
            return Err(format!(
                "the line starts with {t}, not the solution {}",
                p.solution
            ));
        }
        q = q
            .play(mv)
            .map_err(|e| format!("line, ply {}: {e}", i + 1))?;
        moves.push(mv);
    }
    // Every ply of the line keeps the claim (super::line), the first that does not named.
    prove_line(&pos, &moves, p.result, nodes)?;
    match p.result {
        Claim::OnlyWin(n) | Claim::WinWithin(n) => {
            let winner = q.outcome().and_then(|o| o.winner);
            if p.line.len() != n as usize || winner != Some(p.side) {
                return Err(format!(
                    "the line ({} plies) does not end in {}'s win after {n} plies",
                    p.line.len(),
                    p.side
                ));
            }
        }
        Claim::BestScore { south, north } => {
            if south + north != G::SEEDS {
                return Err(format!(
                    "best score {south}-{north}: the scores must add up to {}",
                    G::SEEDS
                ));
            }
            if q.outcome().is_some() && q.final_score(Side::South) != Some(south) {
                return Err(format!(
                    "the line ends the game with South {:?}, not the claimed {south}",
                    q.final_score(Side::South)
                ));
            }
        }
    }
    let events = pos
        .play_traced(solution)
        .map_err(|e| format!("solution: {e}"))?
        .1;
    let want = theme(&events);
    if p.theme != want {
        return Err(format!(
            "the theme is {:?}, but the solution's is {want:?}",
            p.theme
        ));
    }
    let d = difficulty(p.result, pos.moves().len(), p.line.len(), gap);
    if p.difficulty != d {
        return Err(format!(
            "the difficulty is {}, but the puzzle's is {d}",
            p.difficulty
        ));
    }
    Ok(())
}

/// Re-proves every puzzle of `set` (or those `pick` selects: a puzzle's index from 0)
/// for game `G`; calls `progress(done, total)` after each one. Returns every flaw.
pub fn verify_set<G: Solvable>(
    set: &PuzzleSet,
    nodes: u64,
    pick: &dyn Fn(usize) -> bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Flaw> {
    let chosen: Vec<&(usize, Puzzle)> = set
        .puzzles
        .iter()
        .enumerate()
        .filter(|(i, _)| pick(*i))
        .map(|(_, p)| p)
        .collect();
    let total = chosen.len();
    let mut flaws = Vec::new();
    for (k, (line, p)) in chosen.into_iter().enumerate() {
        if let Err(message) = check::<G>(p, nodes) {
            flaws.push(Flaw {
                number: p.number,
                line: *line,
                message,
            });
        }
        progress(k + 1, total);
    }
    flaws
}
