//! The oracle of `bao play` and the web app (docs/solved.md, "Perfect play for
//! players"): every legal move with its exact value and, for a game with a final score
//! (Bao Kingulu, G-R14), South's exact final score after it, each when the solver proves
//! it within a short time budget; and the margin-optimal move among them.

use super::solver::{MoveValue, Solver};
use super::{ExactValue, Solvable, SolveLimits};
use bao_rules::Side;

/// Every legal move of `pos` (in [`bao_rules::Game::moves`] order) with its exact value
/// for the side to move and, for a game with a final score, South's exact final score
/// after it under perfect play; each `None` when not proven within `time_ms`
/// milliseconds in all. The values of all moves are solved first, the margins after
/// them with the time left, so a short budget still gives values.
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
    let mut solver: Solver<G> = Solver::new(SolveLimits {
        time_ms: Some(time_ms),
        max_entries: max_entries.max(1),
        ..SolveLimits::default()
    })
    .with_book();
    let mut kids = Vec::new();
    pos.children(&mut kids);
    let mut values: Vec<MoveValue<G::Move>> = kids
        .iter()
        .map(|(mv, child)| MoveValue {
            mv: *mv,
            value: if solver.stopped() {
                None
            } else {
                solver.outcome(child).value.map(ExactValue::before_move)
            },
            south_score: None,
        })
        .collect();
    if pos.locked_seeds(Side::South).is_some() {
        for (v, (_, child)) in values.iter_mut().zip(&kids) {
            if solver.stopped() {
                break;
            }
            v.south_score = solver.margin(child).exact();
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
