//! `bao.Engine`: the bao engine (alpha-beta, MCTS, random, greedy) at a level or with a
//! custom configuration; searches release the GIL.

use crate::args::{opt, Nat};
use crate::encode::Encode;
use crate::errors::BaoError;
use crate::game::{AnyPos, GameKind};
use crate::line::{AnyLine, PyGameLine};
use crate::position::PyPosition;
use bao_engine::{Engine, EngineConfig, Limits, Score, SearchInfo, SearchResult, Searcher};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Game;
use pyo3::prelude::*;

/// A search score from the side to move's point of view: `kind` is `"cp"` (centi-seeds,
/// 100 = one seed of advantage), `"win"` or `"loss"` (a forced result in `value` plies).
/// `str(score)` is the engine protocol's form (`cp 37`, `win 5`).
#[pyclass(frozen, eq, hash, name = "Score", module = "bao")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyScore {
    inner: Score,
}

#[pymethods]
impl PyScore {
    /// `"cp"`, `"win"` or `"loss"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner {
            Score::Cp(_) => "cp",
            Score::Win(_) => "win",
            Score::Loss(_) => "loss",
        }
    }

    /// Centi-seeds for `cp`, plies for `win`/`loss`.
    #[getter]
    fn value(&self) -> i64 {
        match self.inner {
            Score::Cp(n) => i64::from(n),
            Score::Win(n) | Score::Loss(n) => i64::from(n),
        }
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Score({:?}, {})", self.kind(), self.value())
    }
}

/// One completed search iteration: `depth`, `score`, `nodes`, `nps`, `time_ms` and the
/// principal variation `pv` (move texts).
#[pyclass(frozen, name = "SearchInfo", module = "bao")]
#[derive(Clone)]
pub struct PySearchInfo {
    /// Depth completed (alpha-beta plies; MCTS: deepest tree level).
    #[pyo3(get)]
    depth: u32,
    /// Score of the best move.
    #[pyo3(get)]
    score: PyScore,
    /// Nodes visited (alpha-beta positions; MCTS playouts).
    #[pyo3(get)]
    nodes: u64,
    /// Nodes per second.
    #[pyo3(get)]
    nps: u64,
    /// Milliseconds since the search started.
    #[pyo3(get)]
    time_ms: u64,
    /// Principal variation as move texts.
    #[pyo3(get)]
    pv: Vec<String>,
}

#[pymethods]
impl PySearchInfo {
    fn __repr__(&self) -> String {
        format!(
            "SearchInfo(depth={}, score={}, nodes={}, pv={:?})",
            self.depth, self.score.inner, self.nodes, self.pv
        )
    }
}

/// The result of a search: the best `move` (text) and `action` (`None` only when the game
/// is over), the last iteration's `score`, `pv`, `depth`, `nodes`, `nps`, `time_ms`, and
/// `iterations` (every completed iteration's `SearchInfo`).
#[pyclass(frozen, name = "SearchResult", module = "bao")]
#[derive(Clone)]
pub struct PySearchResult {
    /// Best move text.
    #[pyo3(get, name = "move")]
    best: Option<String>,
    /// Best move as an action index.
    #[pyo3(get)]
    action: Option<usize>,
    /// Score of the best move.
    #[pyo3(get)]
    score: PyScore,
    /// Principal variation.
    #[pyo3(get)]
    pv: Vec<String>,
    /// Depth completed.
    #[pyo3(get)]
    depth: u32,
    /// Nodes visited.
    #[pyo3(get)]
    nodes: u64,
    /// Nodes per second.
    #[pyo3(get)]
    nps: u64,
    /// Milliseconds.
    #[pyo3(get)]
    time_ms: u64,
    /// Every completed iteration.
    #[pyo3(get)]
    iterations: Vec<PySearchInfo>,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(move={}, score={}, depth={}, nodes={}, pv={:?})",
            self.best
                .as_ref()
                .map_or("None".to_string(), |m| format!("{m:?}")),
            self.score.inner,
            self.depth,
            self.nodes,
            self.pv
        )
    }
}

/// The PV as move texts, played out from `pos` (stops at a move that cannot be played).
fn pv_texts<G: Game>(pos: &G, pv: &[G::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &mv in pv {
        match p.play(mv) {
            Ok(next) => {
                out.push(p.move_text(mv));
                p = next;
            }
            Err(_) => break,
        }
    }
    out
}

fn info_of<G: Game>(pos: &G, info: &SearchInfo<G::Move>) -> PySearchInfo {
    PySearchInfo {
        depth: info.depth,
        score: PyScore { inner: info.score },
        nodes: info.nodes,
        nps: info.nps,
        time_ms: info.time_ms,
        pv: pv_texts(pos, &info.pv),
    }
}

fn run<G: Encode>(engine: &mut Engine<G>, pos: &G, limits: Limits) -> PySearchResult {
    let mut iterations = Vec::new();
    let r: SearchResult<G::Move> =
        engine.search(pos, limits, &mut |info| iterations.push(info_of(pos, info)));
    result_of(pos, r, iterations)
}

/// A search of a game line's current position with the line's history (G-R15: a
/// position that would occur for the third time ends the game there).
fn run_line<G: Encode>(
    engine: &mut Engine<G>,
    line: &bao_rules::GameLine<G>,
    limits: Limits,
) -> PySearchResult {
    let pos = line.current();
    let mut iterations = Vec::new();
    let r: SearchResult<G::Move> = engine.search_line(line, limits, &mut |info| {
        iterations.push(info_of(pos, info))
    });
    result_of(pos, r, iterations)
}

fn result_of<G: Encode>(
    pos: &G,
    r: SearchResult<G::Move>,
    iterations: Vec<PySearchInfo>,
) -> PySearchResult {
    let last = info_of(pos, &r.info);
    PySearchResult {
        best: r.best.map(|m| pos.move_text(m)),
        action: r.best.map(|m| pos.action_of(m)),
        score: last.score,
        pv: last.pv,
        depth: last.depth,
        nodes: last.nodes,
        nps: last.nps,
        time_ms: last.time_ms,
        iterations,
    }
}

enum AnyEngine {
    Ki(Box<Engine<Kiswahili>>),
    Ku(Box<Engine<Kingulu>>),
}

fn parse_searcher(name: &str) -> PyResult<Searcher> {
    match name
        .trim()
        .to_ascii_lowercase()
        .replace(['-', '_'], "")
        .as_str()
    {
        "random" => Ok(Searcher::Random),
        "greedy" => Ok(Searcher::Greedy),
        "alphabeta" | "ab" => Ok(Searcher::AlphaBeta),
        "mcts" => Ok(Searcher::Mcts),
        _ => Err(BaoError::new_err(format!(
            "unknown searcher {name:?}; expected random, greedy, alphabeta or mcts"
        ))),
    }
}

/// The bao engine for one game: `Engine(game="kiswahili", level=6, seed=None,
/// hash_mb=None, searcher=None, depth=None, nodes=None, time_ms=None)`.
///
/// `level` 1..10 picks the searcher and default limits from the game's own level table
/// (docs/engine.md: Bao la Kiswahili 1 greedy missing half the captures, 2 greedy, 3–7
/// alpha-beta to depth 2/3/4/6/8, 8–10 alpha-beta for 1/2/3 s; Bao Kingulu its own
/// spacing, 1–3 greedy missing all / half / none of the captures). `searcher`
/// (`"random"`, `"greedy"`, `"alphabeta"`, `"mcts"`) and `depth`/`nodes`/`time_ms`
/// replace the level's. With depth or node limits the engine is deterministic for a
/// given `seed`; time limits are not reproducible.
#[pyclass(name = "Engine", module = "bao")]
pub struct PyEngine {
    kind: GameKind,
    inner: AnyEngine,
}

fn limits(depth: Option<u32>, nodes: Option<u64>, time_ms: Option<u64>) -> Limits {
    Limits {
        depth,
        nodes,
        time_ms,
    }
}

impl PyEngine {
    fn search_impl(
        &mut self,
        py: Python<'_>,
        target: &Bound<'_, PyAny>,
        lim: Limits,
    ) -> PyResult<PySearchResult> {
        if let Ok(line) = target.cast::<PyGameLine>() {
            let line = line.borrow().inner.clone();
            let inner = &mut self.inner;
            return match (inner, &line) {
                (AnyEngine::Ki(e), AnyLine::Ki(l)) => Ok(py.detach(|| run_line(e, l, lim))),
                (AnyEngine::Ku(e), AnyLine::Ku(l)) => Ok(py.detach(|| run_line(e, l, lim))),
                _ => Err(BaoError::new_err(format!(
                    "this engine plays {}, but the line is a game of the other game",
                    self.kind.name()
                ))),
            };
        }
        let position = target.cast::<PyPosition>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "the engine searches a bao.Position or a bao.GameLine",
            )
        })?;
        let position = position.get().inner;
        let inner = &mut self.inner;
        match (inner, position) {
            (AnyEngine::Ki(e), AnyPos::Ki(p)) => Ok(py.detach(|| run(e, &p, lim))),
            (AnyEngine::Ku(e), AnyPos::Ku(p)) => Ok(py.detach(|| run(e, &p, lim))),
            _ => Err(BaoError::new_err(format!(
                "this engine plays {}, but the position is a {} position",
                self.kind.name(),
                position.kind().name()
            ))),
        }
    }
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(
        signature = (game = "kiswahili", level = Nat(6), seed = None, hash_mb = None, searcher = None, depth = None, nodes = None, time_ms = None),
        text_signature = "(game='kiswahili', level=6, seed=None, hash_mb=None, searcher=None, depth=None, nodes=None, time_ms=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        level: Nat<u8>,
        seed: Option<Nat<u64>>,
        hash_mb: Option<Nat<usize>>,
        searcher: Option<&str>,
        depth: Option<Nat<u32>>,
        nodes: Option<Nat<u64>>,
        time_ms: Option<Nat<u64>>,
    ) -> PyResult<Self> {
        let (level, seed, hash_mb) = (level.0, opt(seed), opt(hash_mb));
        let (depth, nodes, time_ms) = (opt(depth), opt(nodes), opt(time_ms));
        let kind = crate::game::kind(game)?;
        if !(1..=10).contains(&level) {
            return Err(BaoError::new_err(format!(
                "level {level} is out of range 1..10"
            )));
        }
        let mut config = EngineConfig::level_for(kind, level);
        if let Some(s) = seed {
            config.seed = s;
        }
        if let Some(mb) = hash_mb {
            if !(1..=4096).contains(&mb) {
                return Err(BaoError::new_err(format!(
                    "hash_mb {mb} is out of range 1..4096"
                )));
            }
            config.hash_mb = mb;
        }
        if let Some(s) = searcher {
            config.searcher = parse_searcher(s)?;
        }
        if depth.is_some() || nodes.is_some() || time_ms.is_some() {
            config.limits = limits(depth, nodes, time_ms);
        }
        let inner = match kind {
            GameKind::Kiswahili => AnyEngine::Ki(Box::new(Engine::new(config))),
            GameKind::Kingulu => AnyEngine::Ku(Box::new(Engine::new(config))),
        };
        Ok(PyEngine { kind, inner })
    }

    /// The game this engine plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.kind.name()
    }

    /// What the engine is, in `bao match`'s words: `alpha-beta depth 2`, `random`,
    /// `alpha-beta time 1000 ms`, `mcts nodes 2000`.
    #[getter]
    fn description(&self) -> String {
        let c = match &self.inner {
            AnyEngine::Ki(e) => e.config().clone(),
            AnyEngine::Ku(e) => e.config().clone(),
        };
        let mut out = match c.searcher {
            Searcher::Random => "random".to_string(),
            Searcher::Greedy => "greedy".to_string(),
            Searcher::AlphaBeta => "alpha-beta".to_string(),
            Searcher::Mcts => "mcts".to_string(),
        };
        if let Some(d) = c.limits.depth {
            out.push_str(&format!(" depth {d}"));
        }
        if let Some(t) = c.limits.time_ms {
            out.push_str(&format!(" time {t} ms"));
        }
        if let Some(n) = c.limits.nodes {
            out.push_str(&format!(" nodes {n}"));
        }
        if c.missed_captures > 0 {
            out.push_str(&format!(", misses {}% of captures", c.missed_captures));
        }
        if c.eval == bao_engine::Evaluation::Net {
            out.push_str(", network evaluation");
        }
        out
    }

    /// Searches `position` (a `Position`, or a `GameLine`: its current position with the
    /// game's history, so a move into a third occurrence is scored by G-R15 as the rules
    /// end the game) and returns a `SearchResult`. `depth`, `nodes` and `time_ms`
    /// override the engine's limits where given. Releases the GIL.
    #[pyo3(signature = (position, depth = None, nodes = None, time_ms = None))]
    fn search(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        depth: Option<Nat<u32>>,
        nodes: Option<Nat<u64>>,
        time_ms: Option<Nat<u64>>,
    ) -> PyResult<PySearchResult> {
        let (depth, nodes, time_ms) = (opt(depth), opt(nodes), opt(time_ms));
        self.search_impl(py, position, limits(depth, nodes, time_ms))
    }

    /// Analyses `position` like `bao analyze`: when any of `depth`, `nodes`, `time_ms` is
    /// given they replace the engine's limits entirely (otherwise the engine's own apply).
    /// The result's `iterations` list every completed iteration. Releases the GIL.
    #[pyo3(signature = (position, depth = None, nodes = None, time_ms = None))]
    fn analyze(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        depth: Option<Nat<u32>>,
        nodes: Option<Nat<u64>>,
        time_ms: Option<Nat<u64>>,
    ) -> PyResult<PySearchResult> {
        let (depth, nodes, time_ms) = (opt(depth), opt(nodes), opt(time_ms));
        if depth.is_none() && nodes.is_none() && time_ms.is_none() {
            return self.search_impl(py, position, Limits::default());
        }
        // Replace the configured limits for this call only.
        let lim = limits(depth, nodes, time_ms);
        let swap = |inner: &mut AnyEngine, new: Option<Limits>| -> Limits {
            match inner {
                AnyEngine::Ki(e) => {
                    let mut c = e.config().clone();
                    let old = c.limits;
                    c.limits = new.unwrap_or(old);
                    e.set_config(c);
                    old
                }
                AnyEngine::Ku(e) => {
                    let mut c = e.config().clone();
                    let old = c.limits;
                    c.limits = new.unwrap_or(old);
                    e.set_config(c);
                    old
                }
            }
        };
        let old = swap(&mut self.inner, Some(Limits::default()));
        let r = self.search_impl(py, position, lim);
        swap(&mut self.inner, Some(old));
        r
    }

    fn __repr__(&self) -> String {
        let c = match &self.inner {
            AnyEngine::Ki(e) => e.config().clone(),
            AnyEngine::Ku(e) => e.config().clone(),
        };
        format!(
            "Engine({:?}, searcher={:?}, limits={:?}, seed={})",
            self.kind.name(),
            c.searcher,
            c.limits,
            c.seed
        )
    }
}
