//! `bao.solve`: the exact solver of `bao-engine` (`bao solve`, docs/solved.md): the
//! game-theoretic value with the shortest win / longest defence, South's exact final
//! score (Bao Kingulu, G-R14), and per-move values.

use crate::args::{opt, Nat};
use crate::encode::Encode;
use crate::errors::BaoError;
use crate::game::AnyPos;
use crate::position::PyPosition;
use bao_engine::solve::{ExactValue, Solvable, SolveLimits, Solver};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use pyo3::prelude::*;

/// The most table memory `solve(hash_mb=...)` accepts (as `bao solve --hash`).
const MAX_HASH_MB: usize = 65_536;

/// `("win" | "loss" | "draw", plies)` of an exact value.
fn parts(v: Option<ExactValue>) -> (Option<&'static str>, Option<u32>) {
    match v {
        Some(ExactValue::Win(n)) => (Some("win"), Some(n)),
        Some(ExactValue::Loss(n)) => (Some("loss"), Some(n)),
        Some(ExactValue::Draw) => (Some("draw"), None),
        None => (None, None),
    }
}

/// `repr` of an optional value as Python writes it (`None`).
fn py_opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or("None".to_string(), |v| v.to_string())
}

/// One legal move with its exact value for the side to move before it.
#[pyclass(frozen, name = "MoveSolution", module = "bao")]
#[derive(Clone)]
pub struct PyMoveSolution {
    /// The move text.
    #[pyo3(get)]
    r#move: String,
    /// Its action index.
    #[pyo3(get)]
    action: usize,
    /// `"win"`, `"loss"`, `"draw"` for the mover, or `None` (not proven in the limits).
    #[pyo3(get)]
    result: Option<&'static str>,
    /// Plies from the position before the move until the game is over under perfect
    /// play (`None` for a draw or when not proven).
    #[pyo3(get)]
    plies: Option<u32>,
    /// The value in words: `"win in 29"`, `"loss in 20"`, `"draw"`, or `None`.
    #[pyo3(get)]
    value: Option<String>,
    /// With `margin=True` (Bao Kingulu): South's exact final score after this move under
    /// perfect play, or `None`.
    #[pyo3(get)]
    south_score: Option<u32>,
}

#[pymethods]
impl PyMoveSolution {
    fn __repr__(&self) -> String {
        format!(
            "MoveSolution({:?}, value={}, south_score={})",
            self.r#move,
            py_opt(self.value.as_ref().map(|v| format!("{v:?}"))),
            py_opt(self.south_score)
        )
    }
}

/// What `bao.solve` proved about a position (for its side to move).
#[pyclass(frozen, name = "Solution", module = "bao")]
#[derive(Clone)]
pub struct PySolution {
    /// `"win"`, `"loss"`, `"draw"` for the side to move, or `None` (a limit stopped the
    /// solve first).
    #[pyo3(get)]
    result: Option<&'static str>,
    /// The exact length in plies (shortest win / longest defence); `None` for a draw or
    /// when not proven. 0 for a finished position.
    #[pyo3(get)]
    plies: Option<u32>,
    /// The value in words: `"win in 29"`, `"loss in 28"`, `"draw"`, or `None`.
    #[pyo3(get)]
    value: Option<String>,
    /// Proven even when `result` is `None`: neither side can force a win within this
    /// many plies.
    #[pyo3(get)]
    no_win_within: u32,
    /// With `margin=True`: South's exact final score under perfect play (G-R14), or
    /// `None` when not proven.
    #[pyo3(get)]
    south_score: Option<u32>,
    /// With `margin=True`: the proven bounds `(at_least, at_most)` of South's final
    /// score (`None` where nothing is proven); `None` without `margin`.
    #[pyo3(get)]
    south_range: Option<(Option<u32>, Option<u32>)>,
    /// With `moves=True`: every legal move with its value, in canonical order.
    #[pyo3(get)]
    moves: Option<Vec<PyMoveSolution>>,
    /// Positions visited.
    #[pyo3(get)]
    nodes: u64,
    /// Milliseconds the solve took.
    #[pyo3(get)]
    time_ms: u64,
    /// Whether everything asked was proven (no limit stopped the solve).
    #[pyo3(get)]
    complete: bool,
}

#[pymethods]
impl PySolution {
    fn __repr__(&self) -> String {
        format!(
            "Solution(value={}, south_score={}, moves={}, nodes={})",
            py_opt(self.value.as_ref().map(|v| format!("{v:?}"))),
            py_opt(self.south_score),
            self.moves.as_ref().map_or(0, Vec::len),
            self.nodes
        )
    }
}

fn run<G: Solvable + Encode>(
    pos: &G,
    limits: SolveLimits,
    margin: bool,
    moves: bool,
) -> PySolution {
    let mut solver = Solver::new(limits);
    let report = solver.outcome(pos);
    let (result, plies) = parts(report.value);
    let mut range = None;
    if margin && !solver.stopped() {
        let m = solver.margin(pos);
        range = Some((m.south_at_least, m.south_at_most));
    } else if margin {
        range = Some((None, None));
    }
    let south_score = range.and_then(|(lo, hi)| lo.filter(|&l| Some(l) == hi));
    let move_list = moves.then(|| {
        solver
            .move_values(pos, margin)
            .into_iter()
            .map(|mv| {
                let (result, plies) = parts(mv.value);
                PyMoveSolution {
                    r#move: pos.move_text(mv.mv),
                    action: pos.action_of(mv.mv),
                    result,
                    plies,
                    value: mv.value.map(|v| v.to_string()),
                    south_score: mv.south_score,
                }
            })
            .collect::<Vec<_>>()
    });
    let complete = report.value.is_some()
        && (!margin || south_score.is_some())
        && move_list.as_ref().is_none_or(|l| {
            l.iter()
                .all(|m| m.result.is_some() && (!margin || m.south_score.is_some()))
        });
    PySolution {
        result,
        plies,
        value: report.value.map(|v| v.to_string()),
        no_win_within: report.no_win_within,
        south_score,
        south_range: range,
        moves: move_list,
        nodes: solver.nodes(),
        time_ms: solver.elapsed_ms(),
        complete,
    }
}

/// `bao.solve(position, margin=False, moves=False, time_ms=None, nodes=None,
/// hash_mb=1024) -> Solution`: solves `position` exactly (docs/solved.md), as `bao solve`.
///
/// The value is for the side to move: `win`/`loss` with the exact shortest win / longest
/// defence in plies (every shorter win refuted), or `draw`. `margin=True` adds South's
/// exact final score (Bao Kingulu only: G-R14; a `BaoError` for Bao la Kiswahili, which
/// has no final score); `moves=True` every legal move's value (and with `margin`, South's
/// final score after it). `time_ms` and `nodes` bound the whole call (`None` = no
/// limit: a solve from near the start takes seconds to minutes); what a limit stopped
/// is `None` and `complete` is false. `hash_mb` caps the solver's tables (1..=65536 MiB).
/// Values are of the position alone (no game history: a value only G-R15 could decide is
/// reported as not proven). Releases the GIL.
#[pyfunction]
#[pyo3(
    signature = (position, margin = false, moves = false, time_ms = None, nodes = None, hash_mb = Nat(1024)),
    text_signature = "(position, margin=False, moves=False, time_ms=None, nodes=None, hash_mb=1024)"
)]
pub fn solve(
    py: Python<'_>,
    position: &PyPosition,
    margin: bool,
    moves: bool,
    time_ms: Option<Nat<u64>>,
    nodes: Option<Nat<u64>>,
    hash_mb: Nat<usize>,
) -> PyResult<PySolution> {
    let hash_mb = hash_mb.0;
    if hash_mb == 0 || hash_mb > MAX_HASH_MB {
        return Err(BaoError::new_err(format!(
            "hash_mb = {hash_mb}: give 1 to {MAX_HASH_MB} MiB"
        )));
    }
    let pos = position.inner;
    if margin && matches!(pos, AnyPos::Ki(_)) {
        return Err(BaoError::new_err(
            "margin=True is for Bao Kingulu: Bao la Kiswahili has no final score",
        ));
    }
    let limits = SolveLimits {
        time_ms: opt(time_ms),
        nodes: opt(nodes),
        max_entries: (hash_mb * (1 << 20) / 48 / 4).max(1024),
        ..SolveLimits::default()
    };
    Ok(py.detach(move || match pos {
        AnyPos::Ki(p) => run::<Kiswahili>(&p, limits, margin, moves),
        AnyPos::Ku(p) => run::<Kingulu>(&p, limits, margin, moves),
    }))
}
