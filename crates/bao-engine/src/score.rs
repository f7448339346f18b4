//! Internal search scores: the integer scale shared by the alpha-beta and MCTS searchers,
//! its conversion to the public [`Score`], exact scores of finished games, and the
//! transposition table's ply-relative form of win/loss scores.

use crate::{Evaluate, Evaluation, Score};
use bao_rules::{Outcome, Side};

/// Internal score of a win found at ply 0; a win at ply p scores `MATE - p`.
pub(crate) const MATE: i32 = 1_000_000;
/// Scores at or beyond ±`MATE_BOUND` are wins/losses.
pub(crate) const MATE_BOUND: i32 = MATE - 10_000;
/// Static evaluations are clamped to ±`EVAL_LIMIT`.
pub(crate) const EVAL_LIMIT: i32 = MATE_BOUND / 2;
/// Above every score (the initial alpha-beta window).
pub(crate) const INF: i32 = MATE + 1;

/// The public score of an internal one.
pub(crate) fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::Win((MATE - v).max(0) as u32)
    } else if v <= -MATE_BOUND {
        Score::Loss((MATE + v).max(0) as u32)
    } else {
        Score::Cp(v)
    }
}

/// The exact score of a finished game for the side to move at `ply`.
#[inline]
pub(crate) fn terminal_score(outcome: Outcome, to_move: Side, ply: usize) -> i32 {
    match outcome.winner {
        Some(w) if w == to_move => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
        None => 0,
    }
}

/// The static value of `pos` for its side to move at `ply` by `eval`: exact if finished.
#[inline]
pub(crate) fn static_value<G: Evaluate>(pos: &G, ply: usize, eval: Evaluation) -> i32 {
    match pos.outcome() {
        Some(o) => terminal_score(o, pos.side_to_move(), ply),
        None => match eval {
            Evaluation::Linear => pos.evaluate(),
            Evaluation::Net => pos.evaluate_net(),
        }
        .clamp(-EVAL_LIMIT, EVAL_LIMIT),
    }
}

/// A score as the transposition table stores it: wins/losses relative to the node.
#[inline]
pub(crate) fn score_to_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v + ply as i32
    } else if v <= -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

/// A stored score back at `ply` (the inverse of [`score_to_tt`]).
#[inline]
pub(crate) fn score_from_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v - ply as i32
    } else if v <= -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}
