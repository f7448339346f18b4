//! `bao.GameRecord`: game records of notation.md §4 (read, write, replay).

use crate::encode::Encode;
use crate::errors::record_err;
use crate::game::{AnyPos, GameKind};
use crate::position::{move_arg, PyOutcome, PyPosition};
use crate::rules::PyRules;
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::record::load::kind_of;
use bao_rules::record::GameRecord;
use bao_rules::Game;
use pyo3::prelude::*;

/// A record of either game.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum AnyRecord {
    /// Bao la Kiswahili.
    Ki(GameRecord<Kiswahili>),
    /// Bao Kingulu.
    Ku(GameRecord<Kingulu>),
}

impl From<AnyRecord> for PyGameRecord {
    fn from(inner: AnyRecord) -> Self {
        PyGameRecord { inner }
    }
}

macro_rules! with_rec {
    ($r:expr, $x:ident => $body:expr) => {
        match $r {
            AnyRecord::Ki($x) => $body,
            AnyRecord::Ku($x) => $body,
        }
    };
}

/// A game record (notation.md §4): rules, start position, moves, players, date, result.
///
/// `GameRecord.from_text(text)` reads one (the `Game` tag picks the game; every move is
/// replayed and checked; a bad record raises `RecordError` with the line or move number).
/// `GameRecord(start, moves=(), south="?", north="?", date="", result=None)` builds one
/// from a start `Position` and moves (texts or actions, each checked in turn).
#[pyclass(frozen, eq, name = "GameRecord", module = "bao")]
#[derive(Clone, PartialEq, Eq)]
pub struct PyGameRecord {
    inner: AnyRecord,
}

fn build<G: Encode>(
    start: G,
    moves: &[Bound<'_, PyAny>],
    south: &str,
    north: &str,
    date: &str,
    result: Option<&PyOutcome>,
) -> PyResult<GameRecord<G>> {
    let mut rec = GameRecord::new(start);
    let mut pos = start;
    for (i, m) in moves.iter().enumerate() {
        let mv = move_arg(&pos, m).map_err(|e| prefix(m.py(), e, i))?;
        pos = pos
            .play(mv)
            .map_err(|e| prefix(m.py(), crate::errors::play_err(e), i))?;
        rec.moves.push(mv);
    }
    rec.south = south.to_string();
    rec.north = north.to_string();
    rec.date = date.to_string();
    rec.result = result.map(|o| o.inner);
    Ok(rec)
}

/// The same error with `ply N:` in front of its message.
fn prefix(py: Python<'_>, e: PyErr, ply: usize) -> PyErr {
    let msg = format!("ply {}: {}", ply + 1, e.value(py));
    if e.is_instance_of::<crate::errors::GameOverError>(py) {
        crate::errors::GameOverError::new_err(msg)
    } else if e.is_instance_of::<crate::errors::MoveError>(py) {
        crate::errors::MoveError::new_err(msg)
    } else {
        e
    }
}

fn moves_of<G: Game>(rec: &GameRecord<G>) -> Vec<String> {
    let mut pos = rec.start.clone();
    let mut out = Vec::new();
    for &mv in &rec.moves {
        out.push(pos.move_text(mv));
        match pos.play(mv) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
    }
    out
}

#[pymethods]
impl PyGameRecord {
    #[new]
    #[pyo3(
        signature = (start, moves = Vec::new(), south = "?", north = "?", date = "", result = None),
        text_signature = "(start, moves=(), south='?', north='?', date='', result=None)"
    )]
    fn new(
        start: &PyPosition,
        moves: Vec<Bound<'_, PyAny>>,
        south: &str,
        north: &str,
        date: &str,
        result: Option<PyRef<'_, PyOutcome>>,
    ) -> PyResult<Self> {
        let result = result.as_deref();
        let inner = match start.inner {
            AnyPos::Ki(p) => AnyRecord::Ki(build(p, &moves, south, north, date, result)?),
            AnyPos::Ku(p) => AnyRecord::Ku(build(p, &moves, south, north, date, result)?),
        };
        Ok(PyGameRecord { inner })
    }

    /// Reads a record (notation.md §4); raises `RecordError`.
    #[staticmethod]
    fn from_text(text: &str) -> PyResult<Self> {
        let inner = match kind_of(text).map_err(record_err)? {
            GameKind::Kiswahili => AnyRecord::Ki(GameRecord::from_text(text).map_err(record_err)?),
            GameKind::Kingulu => AnyRecord::Ku(GameRecord::from_text(text).map_err(record_err)?),
        };
        Ok(PyGameRecord { inner })
    }

    /// The canonical record text (notation.md §4), ending with a newline.
    fn to_text(&self) -> String {
        with_rec!(&self.inner, r => r.to_text())
    }

    /// `"kiswahili"` or `"kingulu"`.
    #[getter]
    fn game(&self) -> &'static str {
        match &self.inner {
            AnyRecord::Ki(_) => GameKind::Kiswahili.name(),
            AnyRecord::Ku(_) => GameKind::Kingulu.name(),
        }
    }

    /// The rules of the game.
    #[getter]
    fn rules(&self) -> PyRules {
        let inner = match &self.inner {
            AnyRecord::Ki(r) => AnyPos::Ki(r.start),
            AnyRecord::Ku(r) => AnyPos::Ku(r.start),
        }
        .rules();
        PyRules { inner }
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        match &self.inner {
            AnyRecord::Ki(r) => AnyPos::Ki(r.start).into(),
            AnyRecord::Ku(r) => AnyPos::Ku(r.start).into(),
        }
    }

    /// The moves as texts.
    #[getter]
    fn moves(&self) -> Vec<String> {
        with_rec!(&self.inner, r => moves_of(r))
    }

    /// South's name.
    #[getter]
    fn south(&self) -> String {
        with_rec!(&self.inner, r => r.south.clone())
    }

    /// North's name.
    #[getter]
    fn north(&self) -> String {
        with_rec!(&self.inner, r => r.north.clone())
    }

    /// The date (`YYYY.MM.DD`; empty when unknown).
    #[getter]
    fn date(&self) -> String {
        with_rec!(&self.inner, r => r.date.clone())
    }

    /// The recorded result (`None` = unfinished, `*`).
    #[getter]
    fn result(&self) -> Option<PyOutcome> {
        with_rec!(&self.inner, r => r.result).map(|inner| PyOutcome { inner })
    }

    /// The start position and the position after each move.
    #[getter]
    fn positions(&self) -> Vec<PyPosition> {
        match &self.inner {
            AnyRecord::Ki(r) => r
                .positions()
                .into_iter()
                .map(|p| AnyPos::Ki(p).into())
                .collect(),
            AnyRecord::Ku(r) => r
                .positions()
                .into_iter()
                .map(|p| AnyPos::Ku(p).into())
                .collect(),
        }
    }

    /// The position after the last move.
    #[getter]
    fn current(&self) -> PyPosition {
        match &self.inner {
            AnyRecord::Ki(r) => AnyPos::Ki(r.current()).into(),
            AnyRecord::Ku(r) => AnyPos::Ku(r.current()).into(),
        }
    }

    fn __len__(&self) -> usize {
        with_rec!(&self.inner, r => r.moves.len())
    }

    /// The record as a `GameLine` (to go on playing it).
    fn to_line(&self) -> PyResult<crate::line::PyGameLine> {
        crate::line::PyGameLine::from_record_text(&self.to_text())
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "GameRecord({:?}, {} moves, result={})",
            self.game(),
            self.__len__(),
            with_rec!(&self.inner, r => r.result).map_or("*".to_string(), |o| o.to_string())
        )
    }
}
