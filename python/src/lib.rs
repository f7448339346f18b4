//! The native module `bao._bao` of the Python package `bao`: a thin PyO3 layer over the
//! crates `bao-rules` (positions, moves, play, traced play, records, perft) and
//! `bao-engine` (search, the exact solver), a game line with its history (G-R15), plus batch calls and the action/observation encodings used by
//! the PettingZoo and Gymnasium environments (written in Python, `python/bao/env`), and
//! `bao-swiss` (Swiss pairings, checks and standings on TRF files: `bao.swiss`).
//! See python/README.md.

mod args;
mod batch;
mod encode;
mod engine;
mod errors;
mod game;
mod line;
mod np;
mod position;
mod reach;
mod record;
mod report;
mod rules;
mod solve;
mod swiss;

use pyo3::prelude::*;

/// The native part of the `bao` package (import `bao`, not this module).
#[pymodule]
fn _bao(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<rules::PyRules>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::PyOutcome>()?;
    m.add_class::<position::PyTraceEvent>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PyScore>()?;
    m.add_class::<engine::PySearchInfo>()?;
    m.add_class::<engine::PySearchResult>()?;
    m.add_class::<record::PyGameRecord>()?;
    m.add_class::<line::PyGameLine>()?;
    m.add_class::<solve::PySolution>()?;
    m.add_class::<solve::PyMoveSolution>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(report::report_json, m)?)?;
    m.add_function(wrap_pyfunction!(reach::reach_key, m)?)?;
    m.add_function(wrap_pyfunction!(reach::reach_level, m)?)?;
    m.add_function(wrap_pyfunction!(reach::reach_position, m)?)?;
    m.add_function(wrap_pyfunction!(reach::reach_close, m)?)?;
    m.add_function(wrap_pyfunction!(reach::reach_values, m)?)?;
    m.add_function(wrap_pyfunction!(reach::reach_value_partition, m)?)?;
    m.add_function(wrap_pyfunction!(batch::perft, m)?)?;
    m.add_function(wrap_pyfunction!(batch::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(batch::legal_masks, m)?)?;
    m.add_function(wrap_pyfunction!(batch::observations, m)?)?;
    m.add_function(wrap_pyfunction!(batch::play_actions, m)?)?;
    m.add_function(wrap_pyfunction!(swiss::swiss_pair, m)?)?;
    m.add_function(wrap_pyfunction!(swiss::swiss_check, m)?)?;
    m.add_function(wrap_pyfunction!(swiss::swiss_standings, m)?)?;
    m.add("BaoError", py.get_type::<errors::BaoError>())?;
    m.add("PositionError", py.get_type::<errors::PositionError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add("RulesError", py.get_type::<errors::RulesError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("TournamentError", py.get_type::<errors::TournamentError>())?;
    m.add(
        "NoLegalPairingError",
        py.get_type::<errors::NoLegalPairingError>(),
    )?;
    m.add("KISWAHILI_ACTIONS", 64)?;
    m.add("KINGULU_ACTIONS", 6)?;
    m.add("KISWAHILI_OBS_SHAPE", (7, 4, 8))?;
    m.add("KINGULU_OBS_SHAPE", (6, 2, 6))?;
    Ok(())
}
