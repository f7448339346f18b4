//! `bao.GameLine`: a game in progress (bao-rules' `GameLine`): the moves played, the
//! position after each, and what only the history knows: the third occurrence of a
//! position (G-R15) and the adjudication after OPT-MAX-PLIES plies (K-R12.4).

use crate::encode::Encode;
use crate::errors::{record_err, BaoError, GameOverError, MoveError};
use crate::game::{parse_side, AnyPos, GameKind};
use crate::np;
use crate::position::{move_arg, PyOutcome, PyPosition, PyTraceEvent};
use crate::record::{AnyRecord, PyGameRecord};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::record::load::kind_of;
use bao_rules::{Game, GameLine, LineError, Player, Side};
use pyo3::prelude::*;

/// A game line of either game.
#[derive(Clone)]
pub(crate) enum AnyLine {
    /// Bao la Kiswahili.
    Ki(GameLine<Kiswahili>),
    /// Bao Kingulu.
    Ku(GameLine<Kingulu>),
}

macro_rules! with_line {
    ($l:expr, $x:ident => $body:expr) => {
        match $l {
            AnyLine::Ki($x) => $body,
            AnyLine::Ku($x) => $body,
        }
    };
}

/// A [`LineError`] as a Python exception: `GameOverError`, `MoveError`, or `BaoError`
/// for an undo past the start.
fn line_err(e: LineError) -> PyErr {
    match e {
        LineError::GameOver(_) => GameOverError::new_err(e.to_string()),
        LineError::Move(_) => MoveError::new_err(e.to_string()),
        LineError::Undo { .. } => BaoError::new_err(e.to_string()),
    }
}

/// A game in progress: `GameLine(start)` from a `Position` (its rules), or
/// `GameLine.from_record_text(text)`.
///
/// Unlike a `Position`, a line knows the history: a position occurring for the third
/// time ends the game scored by G-R14 (G-R15, Bao Kingulu's option O7), and under
/// OPT-MAX-PLIES (K-R12.4) the game is adjudicated by material once that many plies are
/// played. `play`, `undo` and `resign` change the line in place; `copy()` gives an
/// independent copy. Moves are move texts or action indices as for `Position.play`.
#[pyclass(name = "GameLine", module = "bao")]
#[derive(Clone)]
pub struct PyGameLine {
    pub(crate) inner: AnyLine,
}

fn texts<G: Game>(line: &GameLine<G>) -> Vec<String> {
    line.legal_moves()
        .iter()
        .map(|&m| line.current().move_text(m))
        .collect()
}

fn actions<G: Encode>(line: &GameLine<G>) -> Vec<usize> {
    line.legal_moves()
        .iter()
        .map(|&m| line.current().action_of(m))
        .collect()
}

fn mask<'py, G: Encode>(py: Python<'py>, line: &GameLine<G>) -> PyResult<Bound<'py, PyAny>> {
    let mut m = vec![0u8; G::ACTIONS];
    for mv in line.legal_moves() {
        m[line.current().action_of(mv)] = 1;
    }
    np::mask_array(py, &m, &[G::ACTIONS])
}

fn play<G: Encode>(line: &mut GameLine<G>, mv: &Bound<'_, PyAny>) -> PyResult<AnyPos>
where
    AnyPos: From<G>,
{
    if let Some(o) = line.outcome() {
        return Err(line_err(LineError::GameOver(o)));
    }
    let m = move_arg(line.current(), mv)?;
    Ok(AnyPos::from(*line.play(m).map_err(line_err)?))
}

fn player_name(p: &Player) -> String {
    p.record_name()
}

#[pymethods]
impl PyGameLine {
    #[new]
    fn new(start: &PyPosition) -> Self {
        let inner = match start.inner {
            AnyPos::Ki(p) => AnyLine::Ki(GameLine::new(p)),
            AnyPos::Ku(p) => AnyLine::Ku(GameLine::new(p)),
        };
        PyGameLine { inner }
    }

    /// Reads a record text (notation.md §4) into a line; raises `RecordError`.
    #[staticmethod]
    pub fn from_record_text(text: &str) -> PyResult<Self> {
        let inner = match kind_of(text).map_err(record_err)? {
            GameKind::Kiswahili => {
                AnyLine::Ki(GameLine::from_record_text(text).map_err(record_err)?)
            }
            GameKind::Kingulu => AnyLine::Ku(GameLine::from_record_text(text).map_err(record_err)?),
        };
        Ok(PyGameLine { inner })
    }

    /// `"kiswahili"` or `"kingulu"`.
    #[getter]
    fn game(&self) -> &'static str {
        match &self.inner {
            AnyLine::Ki(_) => GameKind::Kiswahili.name(),
            AnyLine::Ku(_) => GameKind::Kingulu.name(),
        }
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        match &self.inner {
            AnyLine::Ki(l) => AnyPos::Ki(*l.start()).into(),
            AnyLine::Ku(l) => AnyPos::Ku(*l.start()).into(),
        }
    }

    /// The position now (after the last move).
    #[getter]
    fn current(&self) -> PyPosition {
        match &self.inner {
            AnyLine::Ki(l) => AnyPos::Ki(*l.current()).into(),
            AnyLine::Ku(l) => AnyPos::Ku(*l.current()).into(),
        }
    }

    /// The start position and the position after each move (`plies + 1` positions).
    #[getter]
    fn positions(&self) -> Vec<PyPosition> {
        match &self.inner {
            AnyLine::Ki(l) => l
                .positions()
                .iter()
                .map(|&p| AnyPos::Ki(p).into())
                .collect(),
            AnyLine::Ku(l) => l
                .positions()
                .iter()
                .map(|&p| AnyPos::Ku(p).into())
                .collect(),
        }
    }

    /// The moves played, as texts.
    #[getter]
    fn moves(&self) -> Vec<String> {
        with_line!(&self.inner, l => l.move_texts().to_vec())
    }

    /// The number of moves played.
    #[getter]
    fn plies(&self) -> usize {
        with_line!(&self.inner, l => l.plies())
    }

    /// How often the current position has occurred in the line (1 the first time;
    /// the third occurrence ends a Bao Kingulu game under G-R15).
    #[getter]
    fn occurrences(&self) -> u32 {
        with_line!(&self.inner, l => l.occurrences())
    }

    /// The `Outcome` once the game is over (on the board, by repetition, by
    /// adjudication or by resignation), else `None`.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        with_line!(&self.inner, l => l.outcome()).map(|inner| PyOutcome { inner })
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        with_line!(&self.inner, l => l.is_over())
    }

    /// A sentence for players once the game is over (with the seeds where they decide
    /// it), else `None`.
    #[getter]
    fn end_sentence(&self) -> Option<String> {
        with_line!(&self.inner, l => l.end_sentence())
    }

    /// South's player as a record names it (`?`, a name, or `bao level N`).
    #[getter]
    fn south(&self) -> String {
        with_line!(&self.inner, l => player_name(l.player(Side::South)))
    }

    /// North's player as a record names it.
    #[getter]
    fn north(&self) -> String {
        with_line!(&self.inner, l => player_name(l.player(Side::North)))
    }

    /// The legal moves now as texts (empty once the game is over, also by repetition).
    fn legal_moves(&self) -> Vec<String> {
        with_line!(&self.inner, l => texts(l))
    }

    /// The legal moves now as action indices, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        with_line!(&self.inner, l => actions(l))
    }

    /// The legal-action mask now: `int8` (0/1) of shape `(num_actions,)`.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        with_line!(&self.inner, l => mask(py, l))
    }

    /// Plays a move (text or action) and returns the new current `Position`. Raises
    /// `MoveError` for an unknown or illegal move, `GameOverError` once the game is over.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        Ok(with_line!(&mut self.inner, l => play(l, mv))?.into())
    }

    /// Plays a move and returns its lap events (`TraceEvent`s).
    fn play_traced(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<Vec<PyTraceEvent>> {
        with_line!(&mut self.inner, l => {
            let m = move_arg(l.current(), mv)?;
            let events = l.play_traced(m).map_err(line_err)?;
            Ok(events.into_iter().map(Into::into).collect())
        })
    }

    /// Takes back the last `plies` moves (default 1); raises `BaoError` if fewer were
    /// played. Also takes back a resignation.
    #[pyo3(signature = (plies = crate::args::Nat(1)), text_signature = "($self, plies=1)")]
    fn undo(&mut self, plies: crate::args::Nat<usize>) -> PyResult<()> {
        with_line!(&mut self.inner, l => l.undo(plies.0)).map_err(line_err)
    }

    /// `side` (`"South"`/`"North"`) resigns; returns the `Outcome`.
    fn resign(&mut self, side: &str) -> PyResult<PyOutcome> {
        let side = parse_side(side)?;
        with_line!(&mut self.inner, l => l.resign(side))
            .map(|inner| PyOutcome { inner })
            .map_err(line_err)
    }

    /// The line as a `GameRecord` (moves, players, date, result).
    fn to_record(&self) -> PyGameRecord {
        let rec = match &self.inner {
            AnyLine::Ki(l) => AnyRecord::Ki(l.to_record()),
            AnyLine::Ku(l) => AnyRecord::Ku(l.to_record()),
        };
        PyGameRecord::from(rec)
    }

    /// The record text of the line (notation.md §4).
    fn record_text(&self) -> String {
        with_line!(&self.inner, l => l.record_text())
    }

    /// An independent copy of the line.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __len__(&self) -> usize {
        self.plies()
    }

    fn __repr__(&self) -> String {
        format!(
            "GameLine({:?}, {} plies, current={:?})",
            self.game(),
            self.plies(),
            self.current().inner_text()
        )
    }

    /// Pickling: the record text (moves, players, date and result are kept).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let f = py.get_type::<PyGameLine>().getattr("from_record_text")?;
        Ok((f, (self.record_text(),)))
    }
}
