//! The oracle of `bao play` and the web app (docs/solved.md, "Perfect play for
//! players"): every legal move with its exact value and, for a game with a final score
//! (Bao Kingulu, G-R14), South's exact final score after it, each when the solver proves
//! it within a short time budget; and the margin-optimal move among them.
//!
//! [`oracle_line`] values the moves of a game as played (its history: G-R15), which is
//! what every front end shows; [`oracle`] a position alone.

use super::history::LineEnds;
use super::solver::{MoveValue, Solver};
use super::{ExactValue, Solvable, SolveLimits};
use bao_rules::{GameLine, Side};

/// Every legal move of `pos` (in [`bao_rules::Game::moves`] order) with its exact value
/// for the side to move and, for a game with a final score, South's exact final score
/// after it under perfect play; each `None` when not proven within `time_ms`
/// milliseconds in all. The values of all moves are solved first, the margins after
/// them with the time left, so a short budget still gives values. The position alone,
/// without a game's history: see [`oracle_line`].
pub fn oracle<G: Solvable>(pos: &G, time_ms: u64) -> Vec<MoveValue<G::Move>> {
    oracle_within(pos, time_ms, SolveLimits::default().max_entries)
}

/// [`oracle`] with at most `max_entries` entries in each of the solver's four tables
/// (its memory: about 128 bytes per entry in all, so a server can keep it within a
/// budget; a full table keeps its entries and only slows the proof).
pub fn oracle_within<G: Solvable>(
    pos: &G,
    time_ms: u64,
    max_entries: usize,
) -> Vec<MoveValue<G::Move>> {
    oracle_with(pos, LineEnds::none(), time_limits(time_ms, max_entries))
}

/// [`oracle`] for the current position of the game `line`, with its history: a move that
/// makes a position occur for the third time ends the game there and then, scored by R14
/// (G-R15: `loss in 1` or `win in 1` with that score), and positions that occurred twice
/// in the game are finished wherever the solver reaches them ([`LineEnds`]).
pub fn oracle_line<G: Solvable>(line: &GameLine<G>, time_ms: u64) -> Vec<MoveValue<G::Move>> {
    oracle_line_within(line, time_ms, SolveLimits::default().max_entries)
}

/// [`oracle_line`] with the solver's tables capped at `max_entries` entries each.
pub fn oracle_line_within<G: Solvable>(
    line: &GameLine<G>,
    time_ms: u64,
    max_entries: usize,
) -> Vec<MoveValue<G::Move>> {
    oracle_line_limited(line, time_limits(time_ms, max_entries))
}

/// [`oracle_line`] within any [`SolveLimits`] (all moves together): with a node budget
/// (`nodes`) and no time limit, the answer is the same on every machine and every run.
pub fn oracle_line_limited<G: Solvable>(
    line: &GameLine<G>,
    limits: SolveLimits,
) -> Vec<MoveValue<G::Move>> {
    oracle_with(line.current(), LineEnds::of_line(line), limits)
}

/// The solver's limits of a time budget with tables of `max_entries` entries.
fn time_limits(time_ms: u64, max_entries: usize) -> SolveLimits {
    SolveLimits {
        time_ms: Some(time_ms),
        max_entries: max_entries.max(1),
        ..SolveLimits::default()
    }
}

fn oracle_with<G: Solvable>(
    pos: &G,
    ends: LineEnds<G>,
    limits: SolveLimits,
) -> Vec<MoveValue<G::Move>> {
    let mut solver: Solver<G> = Solver::new(SolveLimits {
        max_entries: limits.max_entries.max(1),
        ..limits
    })
    .with_history(ends)
    .with_book();
    let mut kids = Vec::new();
    pos.children(&mut kids);
    let has_score = pos.locked_seeds(Side::South).is_some();
    let mut values: Vec<MoveValue<G::Move>> = kids
        .iter()
        .map(|(mv, child)| {
            if let Some((value, south)) = solver.history_end(child) {
                return MoveValue {
                    mv: *mv,
                    value: Some(value),
                    south_score: south.filter(|_| has_score),
                };
            }
            MoveValue {
                mv: *mv,
                value: if solver.stopped() {
                    None
                } else {
                    solver.outcome(child).value.map(ExactValue::before_move)
                },
                south_score: None,
            }
        })
        .collect();
    if has_score {
        for (v, (_, child)) in values.iter_mut().zip(&kids) {
            if solver.stopped() {
                break;
            }
            if v.south_score.is_none() {
                v.south_score = solver.margin(child).exact();
            }
        }
    }
    values
}

/// The margin-optimal move of an [`oracle`] answer for `pos`: the most seeds for the
/// side to move under perfect play (G-R14), among equals the best exact value (shortest
/// win, longest defence). `None` unless every move's value and margin are proven.
pub fn margin_optimal<'a, G: Solvable>(
    pos: &G,
    values: &'a [MoveValue<G::Move>],
) -> Option<&'a MoveValue<G::Move>> {
    let me = pos.side_to_move();
    // (seeds for the side to move, rank of the value), the move.
    type Ranked<'v, M> = ((u32, i64), &'v MoveValue<M>);
    let mut best: Option<Ranked<'a, G::Move>> = None;
    for v in values {
        let south = v.south_score?;
        let mine = if me == Side::South {
            south
        } else {
            G::SEEDS - south
        };
        let rank = match v.value? {
            ExactValue::Win(n) => 1_000_000 - i64::from(n),
            ExactValue::Draw => 0,
            ExactValue::Loss(n) => -1_000_000 + i64::from(n),
        };
        if best.is_none_or(|(key, _)| (mine, rank) > key) {
            best = Some(((mine, rank), v));
        }
    }
    best.map(|(_, v)| v)
}
