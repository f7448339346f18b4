//! `bao.swiss`: Swiss tournaments on FIDE TRF files, from the crate `bao-swiss` (the
//! engine of `bao swiss` and the server): the next round by the FIDE Dutch system, the
//! absolute criteria checked on the played rounds, the standings with tie-breaks
//! (docs/tournaments.md). The Python module `bao/swiss.py` wraps these.

use crate::errors::{NoLegalPairingError, TournamentError};
use bao_swiss::tiebreak::{standings, TieBreak};
use bao_swiss::{Edition, PairError, Tournament};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The largest report read (as `bao swiss`: 16 MiB).
const MAX_TEXT: usize = 16 << 20;

fn read(trf_text: &str) -> PyResult<Tournament> {
    if trf_text.len() > MAX_TEXT {
        return Err(TournamentError::new_err(format!(
            "{} bytes: a tournament report is at most {MAX_TEXT}",
            trf_text.len()
        )));
    }
    bao_swiss::trf::read(trf_text).map_err(|e| TournamentError::new_err(e.to_string()))
}

/// The edition asked, else the file's, else the rules in force.
fn edition_of(t: &Tournament, edition: Option<&str>) -> PyResult<Edition> {
    match edition {
        Some(e) => e
            .parse::<Edition>()
            .map_err(|e| TournamentError::new_err(e.to_string())),
        None => Ok(t.edition.unwrap_or_default()),
    }
}

/// The next round's pairings as `(south, north)` start numbers, `north` 0 for the
/// pairing-allocated bye, in bbpPairings' board order. `edition` `"2025"` or `"2017"`;
/// `None`: the one the file names (TRF-2026 line 192), else 2025. Releases the GIL.
///
/// # Errors
/// `TournamentError` for a file that does not read or cannot be paired as it stands
/// (no XXR, all rounds played, too many players), `NoLegalPairingError` when no pairing
/// meets the absolute criteria.
#[pyfunction]
#[pyo3(signature = (trf_text, edition = None), text_signature = "(trf_text, edition=None)")]
pub fn swiss_pair(
    py: Python<'_>,
    trf_text: &str,
    edition: Option<&str>,
) -> PyResult<Vec<(u32, u32)>> {
    let t = read(trf_text)?;
    let edition = edition_of(&t, edition)?;
    let round = py.detach(move || bao_swiss::pair_with_edition(&t, edition));
    match round {
        Ok(r) => Ok(r
            .boards
            .iter()
            .map(|b| (b.south, b.north.unwrap_or(0)))
            .collect()),
        Err(e @ PairError::NoLegalPairing) => Err(NoLegalPairingError::new_err(e.to_string())),
        Err(e) => Err(TournamentError::new_err(e.to_string())),
    }
}

/// Every violation of the absolute criteria in the played rounds, one sentence each
/// (as `bao swiss check` prints them); empty when there is none.
///
/// # Errors
/// `TournamentError` for a file that does not read.
#[pyfunction]
#[pyo3(signature = (trf_text, edition = None), text_signature = "(trf_text, edition=None)")]
pub fn swiss_check(trf_text: &str, edition: Option<&str>) -> PyResult<Vec<String>> {
    let t = read(trf_text)?;
    let edition = edition_of(&t, edition)?;
    let violations = bao_swiss::check::check_with_edition(&t, edition)
        .map_err(|e| TournamentError::new_err(e.to_string()))?;
    Ok(violations.iter().map(|v| v.to_string()).collect())
}

/// The standings after the played rounds: one dict per player, best first, with
/// `rank`, `start`, `name`, `points` and `tiebreaks` (key → value, in the order they
/// break ties: Swiss `bh-c1 bh sb de wins`, round robin `de sb wins`).
///
/// # Errors
/// `TournamentError` for a file that does not read.
#[pyfunction]
#[pyo3(
    signature = (trf_text, round_robin = false),
    text_signature = "(trf_text, round_robin=False)"
)]
pub fn swiss_standings<'py>(
    py: Python<'py>,
    trf_text: &str,
    round_robin: bool,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let t = read(trf_text)?;
    let order: &[TieBreak] = if round_robin {
        &TieBreak::ROUND_ROBIN
    } else {
        &TieBreak::SWISS
    };
    let table = standings(&t, order).map_err(|e| TournamentError::new_err(e.to_string()))?;
    let value = |v: bao_swiss::tiebreak::Value| v.0 as f64 / 100.0;
    table
        .iter()
        .map(|s| {
            let d = PyDict::new(py);
            d.set_item("rank", s.rank)?;
            d.set_item("start", s.start)?;
            d.set_item("name", &s.name)?;
            d.set_item("points", value(s.points))?;
            let tb = PyDict::new(py);
            for (k, v) in &s.tiebreaks {
                tb.set_item(k.key(), value(*v))?;
            }
            d.set_item("tiebreaks", tb)?;
            Ok(d)
        })
        .collect()
}
