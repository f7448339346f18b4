//! The pieces of the distributed reachable-position count (`bao.cluster reach`): packed
//! keys of Bao Kingulu positions and the closure of one partition, from
//! `bao_engine::solve::reach` (the code `bao reach` runs). Keys travel as little-endian
//! `u64` bytes (`numpy.frombuffer(b, "<u8")`).

use crate::errors::BaoError;
use crate::game::{AnyPos, AnyRules, GameKind};
use crate::position::PyPosition;
use crate::rules::rules_arg;
use bao_engine::solve::reach;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

fn kingulu(position: &PyPosition) -> PyResult<bao_rules::kingulu::Kingulu> {
    match position.inner {
        AnyPos::Ku(p) => Ok(p),
        AnyPos::Ki(_) => Err(BaoError::new_err(
            "the reachable-position count is for Bao Kingulu positions",
        )),
    }
}

fn keys_of(bytes: &[u8]) -> PyResult<Vec<u64>> {
    if !bytes.len().is_multiple_of(8) {
        return Err(BaoError::new_err(format!(
            "keys: {} bytes is not a whole number of 8-byte keys",
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect())
}

fn bytes_of(keys: &[u64]) -> Vec<u8> {
    keys.iter().flat_map(|k| k.to_le_bytes()).collect()
}

/// `reach_key(position) -> int`: the packed key of a Bao Kingulu position (as `bao
/// reach` packs it; the top 24 bits are its partition: stores and reserved pits).
#[pyfunction]
pub fn reach_key(position: &PyPosition) -> PyResult<u64> {
    Ok(reach::key_of(&kingulu(position)?))
}

/// `reach_level(key) -> int`: seeds in the stores × 13 + reserved pits. Moves keep the
/// partition or raise the level.
#[pyfunction]
pub fn reach_level(key: u64) -> usize {
    reach::level_of(key)
}

/// `reach_position(key, rules=None) -> Position`: the position of a key (`BaoError` for
/// a key no position packs to).
#[pyfunction]
#[pyo3(signature = (key, rules = None))]
pub fn reach_position(key: u64, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
    let AnyRules::Ku(r) = rules_arg(GameKind::Kingulu, rules)? else {
        unreachable!("Kingulu rules")
    };
    reach::position_of(key, &r)
        .map(|p| AnyPos::Ku(p).into())
        .ok_or_else(|| BaoError::new_err(format!("key {key:#x} is not a packed position")))
}

/// `reach_close(entry, rules=None, keep_found=False) -> (count, found, leaving)`: closes
/// one partition from the keys `entry` (bytes of little-endian u64, all of one
/// partition): every position reachable by moves inside the partition. `count` is the
/// partition's positions, `found` their keys as bytes (sorted; `None` unless
/// `keep_found`), `leaving` the keys (bytes, sorted, unique) of the moves leaving it,
/// all of higher levels. Releases the GIL (the closure runs on all cores).
#[pyfunction]
#[pyo3(signature = (entry, rules = None, keep_found = false))]
pub fn reach_close<'py>(
    py: Python<'py>,
    entry: &[u8],
    rules: Option<&Bound<'_, PyAny>>,
    keep_found: bool,
) -> PyResult<(u64, Option<Bound<'py, PyBytes>>, Bound<'py, PyBytes>)> {
    let AnyRules::Ku(r) = rules_arg(GameKind::Kingulu, rules)? else {
        unreachable!("Kingulu rules")
    };
    let keys = keys_of(entry)?;
    if let Some(&first) = keys.first() {
        if keys.iter().any(|&k| k >> 40 != first >> 40) {
            return Err(BaoError::new_err(
                "reach_close: the keys are of more than one partition",
            ));
        }
        if keys.iter().any(|&k| reach::position_of(k, &r).is_none()) {
            return Err(BaoError::new_err(
                "reach_close: a key is not a packed position",
            ));
        }
    }
    let (found, leaving) = py.detach(move || reach::close_partition(&r, keys));
    let found_bytes = keep_found.then(|| PyBytes::new(py, &bytes_of(&found)));
    Ok((
        found.len() as u64,
        found_bytes,
        PyBytes::new(py, &bytes_of(&leaving)),
    ))
}

/// `reach_values(position, max_positions=10_000_000) -> list[tuple[str, str | None,
/// int | None, int | None]]`: every position reachable from the Bao Kingulu `position`
/// with its exact value for the side to move (`"win 12"`, `"loss 7"`, `"draw"`, or
/// `None`: undecided, only a repetition could decide it) and South's proven score
/// bounds `(at_least, at_most)` (equal when the final score is exact), by retrograde
/// analysis in memory (`bao reach --values`, docs/solved.md). `BaoError` when more than
/// `max_positions` are reachable. Releases the GIL.
#[pyfunction]
#[pyo3(
    signature = (position, max_positions = crate::args::Nat(10_000_000)),
    text_signature = "(position, max_positions=10000000)"
)]
#[allow(clippy::type_complexity)]
pub fn reach_values(
    py: Python<'_>,
    position: &PyPosition,
    max_positions: crate::args::Nat<usize>,
) -> PyResult<Vec<(String, Option<String>, Option<u32>, Option<u32>)>> {
    use bao_engine::solve::ExactValue;
    use bao_rules::Game;
    let start = kingulu(position)?;
    let cap = max_positions.0;
    let v = py
        .detach(move || reach::retrograde(&start, cap))
        .ok_or_else(|| BaoError::new_err(format!("more than {cap} positions are reachable")))?;
    Ok((0..v.positions.len())
        .map(|i| {
            let value = v.value[i].map(|x| match x {
                ExactValue::Win(n) => format!("win {n}"),
                ExactValue::Loss(n) => format!("loss {n}"),
                ExactValue::Draw => "draw".to_string(),
            });
            (
                v.positions[i].to_text(),
                value,
                v.south_at_least[i],
                v.south_at_most[i],
            )
        })
        .collect())
}

/// `reach_value_partition(found, outside_keys, outside_entries, rules=None) -> bytes`:
/// the value pass of one partition (`bao_engine::solve::reach::retrograde_partition`):
/// `found` the partition's keys (bytes, sorted, the whole partition), `outside_keys`
/// (sorted) and `outside_entries` (4 bytes each, aligned) the valued positions of higher
/// levels its moves lead to. Returns the entries of `found` (4 bytes each: value kind 0
/// undecided / 1 win / 2 loss / 3 draw, plies, South's and North's forced score + 1).
/// `BaoError` naming a leaving move without an entry. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (found, outside_keys, outside_entries, rules = None))]
pub fn reach_value_partition<'py>(
    py: Python<'py>,
    found: &[u8],
    outside_keys: &[u8],
    outside_entries: &[u8],
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    use reach::Entry;
    let AnyRules::Ku(r) = rules_arg(GameKind::Kingulu, rules)? else {
        unreachable!("Kingulu rules")
    };
    let found = keys_of(found)?;
    let out_keys = keys_of(outside_keys)?;
    if outside_entries.len() != out_keys.len() * 4 {
        return Err(BaoError::new_err(format!(
            "{} outside keys but {} bytes of entries (4 a key)",
            out_keys.len(),
            outside_entries.len()
        )));
    }
    if found.windows(2).any(|w| w[0] >= w[1]) || out_keys.windows(2).any(|w| w[0] >= w[1]) {
        return Err(BaoError::new_err("the keys must be sorted and unique"));
    }
    if found.iter().any(|&k| reach::position_of(k, &r).is_none()) {
        return Err(BaoError::new_err("a found key is not a packed position"));
    }
    let mut entries = Vec::with_capacity(out_keys.len());
    for (i, b) in outside_entries.chunks_exact(4).enumerate() {
        let e = Entry::from_bytes(b.try_into().expect("4 bytes"))
            .ok_or_else(|| BaoError::new_err(format!("outside entry {i} is not an entry")))?;
        entries.push(e);
    }
    let result = py.detach(move || {
        reach::retrograde_partition(&r, &found, &|k| {
            out_keys.binary_search(&k).ok().map(|i| entries[i])
        })
    });
    match result {
        Ok(v) => {
            let bytes: Vec<u8> = v.iter().flat_map(|e| e.to_bytes()).collect();
            Ok(PyBytes::new(py, &bytes))
        }
        Err(k) => Err(BaoError::new_err(format!(
            "a move leads to key {k:#x}, which has no entry among the outside keys"
        ))),
    }
}
