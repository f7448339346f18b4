//! `bao.report`: the game report of `bao report --json` (docs/analysis.md): every move of
//! a record valued from the mover's side, the best move, a class and each side's
//! accuracy, from `bao_engine::report` (the one source of values, with the game's
//! history).

use crate::args::{opt, Nat};
use crate::errors::{BaoError, RecordError};
use bao_engine::report::{report, ReportOptions, MAX_REPORT_PLIES};
use bao_engine::solve::Solvable;
use bao_rules::GameLine;
use pyo3::prelude::*;

/// The most milliseconds per position `report(time_ms=...)` accepts (as `bao report`).
const MAX_TIME_MS: u64 = 60_000;

fn report_of<G: Solvable>(record: &str, opts: ReportOptions) -> Result<String, String> {
    let line = GameLine::<G>::from_record_text(record).map_err(|e| e.to_string())?;
    if line.plies() > MAX_REPORT_PLIES {
        return Err(format!(
            "the record has {} plies; a report values at most {MAX_REPORT_PLIES}",
            line.plies()
        ));
    }
    let r = report(&line, opts, &mut |_, _| true);
    serde_json::to_string(&r).map_err(|e| e.to_string())
}

/// The report of the first game of `record` as JSON text (the `bao` package's `report`
/// parses it). By default a fixed depth (`bao report`'s, the same values on every run);
/// `depth` (1–30) another fixed depth; `time_ms` per position (1–60000) by the clock
/// instead (values then depend on the machine), not with `depth`. Releases the GIL while
/// it works.
///
/// # Errors
/// `BaoError` for a record that does not read or limits out of range.
#[pyfunction]
#[pyo3(
    signature = (record, time_ms = None, depth = None),
    text_signature = "(record, time_ms=None, depth=None)"
)]
pub fn report_json(
    py: Python<'_>,
    record: &str,
    time_ms: Option<Nat<u64>>,
    depth: Option<Nat<u32>>,
) -> PyResult<String> {
    let time_ms = opt(time_ms);
    let depth = opt(depth);
    if let Some(t) = time_ms.filter(|&t| t == 0 || t > MAX_TIME_MS) {
        return Err(BaoError::new_err(format!(
            "time_ms {t}: give 1 to {MAX_TIME_MS} ms per position"
        )));
    }
    if depth.is_some_and(|d| d == 0 || d > 30) {
        return Err(BaoError::new_err("depth: give 1 to 30 plies"));
    }
    if time_ms.is_some() && depth.is_some() {
        return Err(BaoError::new_err(
            "give time_ms or depth, not both (depth: the same values on every run)",
        ));
    }
    let first = bao_rules::record::split_records(record)
        .first()
        .map(|s| s.to_string())
        .ok_or_else(|| BaoError::new_err("the text holds no game record"))?;
    let game = bao_rules::record::load::kind_of(&first)
        .map_err(|e| RecordError::new_err(e.to_string()))?;
    let opts = match (time_ms, depth) {
        (Some(t), _) => ReportOptions::timed(t),
        (None, d) => ReportOptions::fixed(d.unwrap_or(bao_engine::values::DEFAULT_DEPTH)),
    };
    let out = py.detach(move || bao_rules::with_game!(game, G => report_of::<G>(&first, opts)));
    out.map_err(RecordError::new_err)
}
