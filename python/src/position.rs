//! `bao.Position`, `bao.Outcome` and `bao.TraceEvent`: immutable positions of either game
//! with the rules' legal moves, play, traced play, outcome and perft.

use crate::args::Nat;
use crate::encode::{obs_len, Encode};
use crate::errors::{parse_err, play_err, MoveError};
use crate::game::{parse_side, side_name, with_pos, AnyPos, GameKind};
use crate::np;
use crate::rules::{rules_arg, PyRules};
use bao_rules::{EndReason, Game, Outcome, Side, TraceEvent};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

/// The result of a finished game: `winner` (`"South"`, `"North"` or `None` for a draw)
/// and `reason` (`bao-hamna`, `no-legal-move`, `front-row-empty`, `score`, `adjudicated`,
/// `resignation`, `repetition`, `off-board`: the rules crate's `EndReason::ALL`;
/// notation.md §2). `Outcome(winner, reason)` builds one.
#[pyclass(frozen, eq, hash, name = "Outcome", module = "bao")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyOutcome {
    /// The outcome.
    pub inner: Outcome,
}

#[pymethods]
impl PyOutcome {
    #[new]
    #[pyo3(signature = (winner, reason))]
    fn new(winner: Option<&str>, reason: &str) -> PyResult<Self> {
        let winner = winner.map(parse_side).transpose()?;
        let reason = EndReason::parse(reason.trim()).ok_or_else(|| {
            crate::errors::BaoError::new_err(format!(
                "unknown end reason {reason:?}; expected one of {}",
                EndReason::ALL.map(|r| r.as_str()).join(", ")
            ))
        })?;
        Ok(PyOutcome {
            inner: Outcome { winner, reason },
        })
    }

    /// `"South"`, `"North"`, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner.map(side_name)
    }

    /// The reason word (notation.md §2), e.g. `"bao-hamna"`.
    #[getter]
    fn reason(&self) -> &'static str {
        self.inner.reason.as_str()
    }

    /// A sentence for players, e.g. `"the loser's front row was emptied (bao hamna)"`.
    #[getter]
    fn description(&self) -> &'static str {
        self.inner.reason.describe()
    }

    /// +1 if `side` won, -1 if it lost, 0 for a draw.
    fn reward(&self, side: &str) -> PyResult<i32> {
        let side = parse_side(side)?;
        Ok(match self.inner.winner {
            Some(w) if w == side => 1,
            Some(_) => -1,
            None => 0,
        })
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// Pickling: `Outcome(winner, reason)`.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyAny>, (Option<&'static str>, &'static str)) {
        (
            py.get_type::<PyOutcome>().into_any(),
            (self.winner(), self.reason()),
        )
    }

    fn __repr__(&self) -> String {
        match self.inner.winner {
            Some(w) => format!("Outcome({:?}, {:?})", side_name(w), self.reason()),
            None => format!("Outcome(None, {:?})", self.reason()),
        }
    }
}

/// One step of a traced move: `kind` (`"lift"`, `"sow"`, `"capture"`, `"kichwa"`,
/// `"safari"`, `"nyumba-stop"`, `"tax"`, `"takasia-stop"`, `"takasia"`, `"nyumba-lost"`,
/// `"reserve"`, `"transfer"`, `"bank"`, `"enter"`, `"end"`, `"game-end"`: the rules crate's
/// `EventKind::as_str`, the same words as the web's JSON), the `holes`
/// involved by name in order, the number of `seeds`, a sentence `text`, and the board
/// after the step: `counts` (position-text order, 32 or 12 holes) and `stores` (South,
/// North).
#[pyclass(frozen, name = "TraceEvent", module = "bao")]
#[derive(Clone)]
pub struct PyTraceEvent {
    /// The event kind.
    #[pyo3(get)]
    kind: &'static str,
    /// The holes involved.
    #[pyo3(get)]
    holes: Vec<String>,
    /// The seeds involved.
    #[pyo3(get)]
    seeds: u32,
    /// One sentence.
    #[pyo3(get)]
    text: String,
    /// The hole counts after the step.
    #[pyo3(get)]
    counts: Vec<u32>,
    /// The stores after the step.
    #[pyo3(get)]
    stores: (u32, u32),
}

impl From<TraceEvent> for PyTraceEvent {
    fn from(e: TraceEvent) -> Self {
        PyTraceEvent {
            kind: e.kind.as_str(),
            holes: e.holes,
            seeds: e.seeds,
            text: e.text,
            counts: e.counts,
            stores: (e.stores[0], e.stores[1]),
        }
    }
}

#[pymethods]
impl PyTraceEvent {
    fn __repr__(&self) -> String {
        format!("TraceEvent({:?}, {:?})", self.kind, self.text)
    }
}

/// A move given from Python: a move text (`"A6<"`, `"a3"`) or an action index.
pub fn move_arg<G: Encode>(pos: &G, mv: &Bound<'_, PyAny>) -> PyResult<G::Move> {
    if mv.is_instance_of::<PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "a move is a move text (str) or an action index (int), not bool",
        ));
    }
    if mv.is_instance_of::<PyInt>() && !mv.is_instance_of::<PyBool>() {
        let Ok(a) = mv.extract::<i64>() else {
            return Err(MoveError::new_err(format!(
                "action {} is out of range: {} actions are 0..{}",
                mv.str()?,
                G::NAME,
                G::ACTIONS - 1
            )));
        };
        return usize::try_from(a)
            .ok()
            .and_then(|a| pos.move_of(a))
            .ok_or_else(|| {
                MoveError::new_err(format!(
                    "action {a} is out of range: {} actions are 0..{}",
                    G::NAME,
                    G::ACTIONS - 1
                ))
            });
    }
    if mv.is_instance_of::<PyString>() {
        let text: String = mv.extract()?;
        return pos.parse_move(&text).map_err(parse_err);
    }
    // NumPy integers and other objects with __index__.
    if let Ok(index) = mv.call_method0("__index__") {
        return move_arg(pos, &index);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a move is a move text (str) or an action index (int), not {}",
        mv.get_type().name()?
    )))
}

/// An immutable, hashable position of Bao la Kiswahili or Bao Kingulu with its rules.
///
/// Build one with `Position.start(game, rules=None)` or `Position.from_text(game, text,
/// rules=None)` (notation.md §2; a bad text raises `PositionError` naming the field).
/// Moves are move texts (`"A6<"`, `"a3"`, notation.md §3) or action indices (see
/// python/README.md); an illegal one raises `MoveError` with the rules' reason.
#[pyclass(frozen, eq, hash, name = "Position", module = "bao")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPosition {
    /// The position.
    pub inner: AnyPos,
}

impl From<AnyPos> for PyPosition {
    fn from(inner: AnyPos) -> Self {
        PyPosition { inner }
    }
}

fn texts<G: Game>(p: &G) -> Vec<String> {
    p.moves().iter().map(|&m| p.move_text(m)).collect()
}

fn actions<G: Encode>(p: &G) -> Vec<usize> {
    p.moves().iter().map(|&m| p.action_of(m)).collect()
}

fn observation<'py, G: Encode>(
    py: Python<'py>,
    p: &G,
    observer: Side,
) -> PyResult<Bound<'py, PyAny>> {
    let mut buf = vec![0f32; obs_len::<G>()];
    p.write_obs(observer, &mut buf);
    np::f32_array(py, &buf, &G::OBS_SHAPE)
}

fn mask<'py, G: Encode>(py: Python<'py>, p: &G) -> PyResult<Bound<'py, PyAny>> {
    let mut m = vec![0u8; G::ACTIONS];
    p.write_mask(&mut Vec::new(), &mut m);
    np::mask_array(py, &m, &[G::ACTIONS])
}

fn counts(p: &AnyPos) -> Vec<u32> {
    with_pos!(p, q => q.view())
        .rows
        .iter()
        .flatten()
        .map(|c| c.seeds)
        .collect()
}

#[pymethods]
impl PyPosition {
    /// `Position(game="kiswahili", text=None, rules=None)`: the start position, or the
    /// position `text` (same as `Position.from_text`).
    #[new]
    #[pyo3(signature = (game = "kiswahili", text = None, rules = None))]
    fn new(game: &str, text: Option<&str>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let kind = crate::game::kind(game)?;
        let rules = rules_arg(kind, rules)?;
        Ok(match text {
            Some(t) => AnyPos::from_text(t, &rules)?.into(),
            None => AnyPos::start(&rules).into(),
        })
    }

    /// The start position of `game` under `rules` (a `Rules`, a profile name or `None`).
    #[staticmethod]
    #[pyo3(signature = (game = "kiswahili", rules = None))]
    fn start(game: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let kind = crate::game::kind(game)?;
        Ok(AnyPos::start(&rules_arg(kind, rules)?).into())
    }

    /// Reads a position text (notation.md §2); raises `PositionError` naming the field
    /// and text that could not be read, or every reason the setup is invalid.
    #[staticmethod]
    #[pyo3(signature = (game, text, rules = None))]
    fn from_text(game: &str, text: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let kind = crate::game::kind(game)?;
        Ok(AnyPos::from_text(text, &rules_arg(kind, rules)?)?.into())
    }

    /// `"kiswahili"` or `"kingulu"`.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.kind().name()
    }

    /// The rules this position is played under.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            inner: self.inner.rules(),
        }
    }

    /// The canonical position text (notation.md §2).
    #[getter]
    fn text(&self) -> String {
        with_pos!(&self.inner, p => p.to_text())
    }

    /// `"South"` or `"North"` (after a game-ending move: who would move next).
    #[getter]
    fn side_to_move(&self) -> &'static str {
        side_name(self.inner.side_to_move())
    }

    /// The `Outcome` once the game is over, else `None`.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        with_pos!(&self.inner, p => p.outcome()).map(|inner| PyOutcome { inner })
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        with_pos!(&self.inner, p => p.outcome()).is_some()
    }

    /// `"namua"` or `"mtaji"` (Bao la Kiswahili, K-R2.1), `"play"` (Bao Kingulu).
    #[getter]
    fn stage(&self) -> String {
        with_pos!(&self.inner, p => p.view()).stage
    }

    /// The seeds in every hole in position-text order: Bao la Kiswahili b8..b1, a8..a1,
    /// A1..A8, B1..B8 (32); Bao Kingulu a6..a1, A1..A6 (12).
    #[getter]
    fn counts(&self) -> Vec<u32> {
        counts(&self.inner)
    }

    /// The stores `(South, North)`.
    #[getter]
    fn stores(&self) -> (u32, u32) {
        let s = with_pos!(&self.inner, p => p.view()).stores;
        (s[0], s[1])
    }

    /// Bao Kingulu: the provisional scores `(South, North)` (G-R14); `None` for Bao la
    /// Kiswahili.
    #[getter]
    fn scores(&self) -> Option<(u32, u32)> {
        with_pos!(&self.inner, p => p.view())
            .scores
            .map(|s| (s[0], s[1]))
    }

    /// The number of actions of this game (64 or 6).
    #[getter]
    fn num_actions(&self) -> usize {
        with_pos!(&self.inner, p => action_count(p))
    }

    /// The legal moves as texts in canonical order (empty when the game is over).
    fn legal_moves(&self) -> Vec<String> {
        with_pos!(&self.inner, p => texts(p))
    }

    /// The legal moves as action indices, ascending (the same order as `legal_moves`).
    fn legal_actions(&self) -> Vec<usize> {
        with_pos!(&self.inner, p => actions(p))
    }

    /// The legal-action mask: an `int8` array (0/1) of shape `(num_actions,)`.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        with_pos!(&self.inner, p => mask(py, p))
    }

    /// The observation tensor (`float32`, Bao la Kiswahili `(7, 4, 8)`, Bao Kingulu
    /// `(6, 2, 6)`) seen by `perspective` (`"South"`/`"North"`; default: the side to move).
    #[pyo3(signature = (perspective = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        perspective: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let side = match perspective {
            Some(s) => parse_side(s)?,
            None => self.inner.side_to_move(),
        };
        with_pos!(&self.inner, p => observation(py, p, side))
    }

    /// Plays a move (text or action) and returns the new position. Raises `MoveError`
    /// with the rules' reason for an unknown or illegal move, `GameOverError` when the
    /// game is over.
    fn play(&self, mv: &Bound<'_, PyAny>) -> PyResult<Self> {
        with_pos!(&self.inner, p => {
            let m = move_arg(p, mv)?;
            Ok(AnyPos::from(p.play(m).map_err(play_err)?).into())
        })
    }

    /// Plays a move and returns `(position, events)`: the lap events (lifts, sowings,
    /// captures, kichwa, safari, takasia, kuweka mtoto, game end) as `TraceEvent`s.
    fn play_traced(&self, mv: &Bound<'_, PyAny>) -> PyResult<(Self, Vec<PyTraceEvent>)> {
        with_pos!(&self.inner, p => {
            let m = move_arg(p, mv)?;
            let (next, events) = p.play_traced(m).map_err(play_err)?;
            Ok((AnyPos::from(next).into(), events.into_iter().map(Into::into).collect()))
        })
    }

    /// The action index of a legal move text (raises `MoveError` if it is not legal).
    fn parse_move(&self, text: &str) -> PyResult<usize> {
        with_pos!(&self.inner, p => Ok(p.action_of(p.parse_move(text).map_err(parse_err)?)))
    }

    /// The move text of an action index (which need not be legal here).
    fn move_text(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        with_pos!(&self.inner, p => Ok(p.move_text(move_arg(p, action)?)))
    }

    /// Every legal move with the position after it: a list of `(action, Position)`.
    fn children(&self) -> Vec<(usize, PyPosition)> {
        with_pos!(&self.inner, p => {
            let mut kids = Vec::new();
            bao_engine::Evaluate::children(p, &mut kids);
            kids.into_iter()
                .map(|(m, c)| (p.action_of(m), AnyPos::from(c).into()))
                .collect()
        })
    }

    /// The mirror image: South and North exchanged (same moves, mirrored results).
    fn mirrored(&self) -> Self {
        match &self.inner {
            AnyPos::Ki(p) => AnyPos::Ki(p.mirrored()).into(),
            AnyPos::Ku(p) => AnyPos::Ku(p.mirrored()).into(),
        }
    }

    /// The number of leaves of the legal-move tree to `depth` plies (notation.md §5).
    /// Releases the GIL.
    fn perft(&self, py: Python<'_>, depth: Nat<u32>) -> u64 {
        let (pos, depth) = (self.inner, depth.0);
        py.detach(move || with_pos!(&pos, p => bao_rules::perft::perft(p, depth)))
    }

    /// Perft split by the first move: a list of `(move text, leaves)`. Releases the GIL.
    fn perft_divide(&self, py: Python<'_>, depth: Nat<u32>) -> Vec<(String, u64)> {
        let (pos, depth) = (self.inner, depth.0);
        py.detach(move || with_pos!(&pos, p => bao_rules::perft::perft_divide(p, depth)))
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Position({:?}, {:?})", self.game(), self.text())
    }

    /// Pickling: `Position(game, text, rules)`. (A position reached by play under the
    /// option takasia-blocker-must-capture, K-R11.6, loses the one-move capture duty that
    /// its text does not record.)
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, String, PyRules))> {
        Ok((
            py.get_type::<PyPosition>().into_any(),
            (self.game().to_string(), self.text(), self.rules()),
        ))
    }
}

impl PyPosition {
    /// The position text (for other types' `repr`).
    pub fn inner_text(&self) -> String {
        self.text()
    }
}

fn action_count<G: Encode>(_: &G) -> usize {
    G::ACTIONS
}

/// A position argument: a `Position` of `kind`, a position text, or `None` (the start).
pub fn position_arg(
    kind: GameKind,
    rules: Option<&Bound<'_, PyAny>>,
    position: Option<&Bound<'_, PyAny>>,
) -> PyResult<AnyPos> {
    match position {
        Some(p) if !p.is_none() => {
            if let Ok(p) = p.cast::<PyPosition>() {
                let inner = p.get().inner;
                if inner.kind() != kind {
                    return Err(crate::errors::BaoError::new_err(format!(
                        "the position is a {} position, not {}",
                        inner.kind().name(),
                        kind.name()
                    )));
                }
                return Ok(inner);
            }
            let text: String = p.extract().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(
                    "position must be a bao.Position, a position text or None",
                )
            })?;
            AnyPos::from_text(&text, &rules_arg(kind, rules)?)
        }
        _ => Ok(AnyPos::start(&rules_arg(kind, rules)?)),
    }
}
