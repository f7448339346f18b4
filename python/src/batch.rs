//! Batch calls that stay in Rust for many positions or games: perft, random playouts,
//! legal masks, observations, play. The GIL is released while they run.

use crate::args::Nat;
use crate::encode::{obs_len, Encode};
use crate::errors::{BaoError, MoveError};
use crate::game::{parse_side, with_pos, AnyPos, GameKind};
use crate::np;
use crate::position::{position_arg, PyPosition};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::{Game, Side};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// The most games one `random_playouts` call plays.
const MAX_GAMES: usize = 100_000_000;

/// `bao.perft(game, depth, rules=None, position=None) -> int`: the leaves of the
/// legal-move tree of `position` (a `Position`, a position text, or `None` for the start
/// under `rules`) to `depth` plies (notation.md §5). Releases the GIL.
#[pyfunction]
#[pyo3(signature = (game, depth, rules = None, position = None))]
pub fn perft(
    py: Python<'_>,
    game: &str,
    depth: Nat<u32>,
    rules: Option<&Bound<'_, PyAny>>,
    position: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let depth = depth.0;
    let pos = position_arg(crate::game::kind(game)?, rules, position)?;
    Ok(py.detach(move || with_pos!(&pos, p => bao_rules::perft::perft(p, depth))))
}

/// One random game from `start`: `(plies, result, finished)`; result +1 South won,
/// -1 North won, 0 draw or unfinished.
fn playout<G: Encode>(
    start: &G,
    seed: u64,
    max_plies: u32,
    kids: &mut Vec<(G::Move, G)>,
) -> (u32, i8, bool) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = *start;
    let mut plies = 0;
    loop {
        if plies >= max_plies {
            return (plies, 0, false);
        }
        pos.children(kids);
        if kids.is_empty() {
            return match pos.outcome() {
                Some(o) => (
                    plies,
                    match o.winner {
                        Some(Side::South) => 1,
                        Some(Side::North) => -1,
                        None => 0,
                    },
                    true,
                ),
                None => (plies, 0, false),
            };
        }
        pos = kids[rng.gen_range(0..kids.len())].1;
        plies += 1;
    }
}

/// The seed of game `i` of a batch seeded with `seed`.
fn game_seed(seed: u64, i: usize) -> u64 {
    seed ^ (i as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

fn playouts<G: Encode>(
    start: &G,
    n: usize,
    seed: u64,
    max_plies: u32,
    threads: usize,
) -> Result<Vec<(u32, i8, bool)>, String> {
    if threads <= 1 {
        let mut kids = Vec::new();
        return Ok((0..n)
            .map(|i| playout(start, game_seed(seed, i), max_plies, &mut kids))
            .collect());
    }
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    Ok(pool.install(|| {
        (0..n)
            .into_par_iter()
            .map_init(Vec::new, |kids, i| {
                playout(start, game_seed(seed, i), max_plies, kids)
            })
            .collect()
    }))
}

/// `bao.random_playouts(game, n, seed=0, rules=None, position=None, max_plies=1000,
/// threads=1) -> dict`: plays `n` games of uniformly random legal moves from `position`
/// (default: the start under `rules`), each stopped after `max_plies` plies.
///
/// Returns `{"games": n, "moves": total plies, "plies": uint32[n], "result": int8[n]
/// (+1 South won, -1 North won, 0 draw or unfinished), "finished": bool[n], "seconds":
/// wall time, "moves_per_second": float}`. Game `i` uses its own generator seeded from
/// `(seed, i)`, so results do not depend on `threads`. Releases the GIL.
#[pyfunction]
#[pyo3(
    signature = (game, n, seed = Nat(0), rules = None, position = None, max_plies = Nat(1000), threads = Nat(1)),
    text_signature = "(game, n, seed=0, rules=None, position=None, max_plies=1000, threads=1)"
)]
#[allow(clippy::too_many_arguments)]
pub fn random_playouts<'py>(
    py: Python<'py>,
    game: &str,
    n: Nat<usize>,
    seed: Nat<u64>,
    rules: Option<&Bound<'_, PyAny>>,
    position: Option<&Bound<'_, PyAny>>,
    max_plies: Nat<u32>,
    threads: Nat<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let (n, seed, max_plies, threads) = (n.0, seed.0, max_plies.0, threads.0);
    if n > MAX_GAMES {
        return Err(BaoError::new_err(format!(
            "n = {n} games is more than the limit of {MAX_GAMES} per call"
        )));
    }
    if threads > 1024 {
        return Err(BaoError::new_err(format!(
            "threads = {threads} is more than 1024"
        )));
    }
    let pos = position_arg(crate::game::kind(game)?, rules, position)?;
    let t0 = Instant::now();
    let games = py
        .detach(move || match pos {
            AnyPos::Ki(p) => playouts::<Kiswahili>(&p, n, seed, max_plies, threads),
            AnyPos::Ku(p) => playouts::<Kingulu>(&p, n, seed, max_plies, threads),
        })
        .map_err(BaoError::new_err)?;
    let secs = t0.elapsed().as_secs_f64();
    let plies: Vec<u32> = games.iter().map(|g| g.0).collect();
    let result: Vec<i8> = games.iter().map(|g| g.1).collect();
    let finished: Vec<u8> = games.iter().map(|g| u8::from(g.2)).collect();
    let moves: u64 = plies.iter().map(|&p| u64::from(p)).sum();
    let d = PyDict::new(py);
    d.set_item("games", n)?;
    d.set_item("moves", moves)?;
    d.set_item("plies", np::u32_array(py, &plies, &[n])?)?;
    d.set_item("result", np::i8_array(py, &result, &[n])?)?;
    d.set_item(
        "finished",
        np::u8_array(py, &finished, &[n])?.call_method1("astype", ("bool",))?,
    )?;
    d.set_item("seconds", secs)?;
    d.set_item(
        "moves_per_second",
        if secs > 0.0 {
            moves as f64 / secs
        } else {
            f64::INFINITY
        },
    )?;
    Ok(d)
}

/// The positions of a Python sequence, all of one game.
fn positions_of(seq: &Bound<'_, PyAny>) -> PyResult<(GameKind, Vec<AnyPos>)> {
    let items: Vec<Bound<'_, PyAny>> = seq.extract()?;
    let mut out = Vec::with_capacity(items.len());
    let mut kind = None;
    for (i, item) in items.iter().enumerate() {
        let p = item.cast::<PyPosition>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!("item {i} is not a bao.Position"))
        })?;
        let inner = p.get().inner;
        match kind {
            None => kind = Some(inner.kind()),
            Some(k) if k != inner.kind() => {
                return Err(BaoError::new_err(format!(
                    "item {i} is a {} position but item 0 is {}",
                    inner.kind().name(),
                    k.name()
                )))
            }
            _ => {}
        }
        out.push(inner);
    }
    Ok((kind.unwrap_or(GameKind::Kiswahili), out))
}

fn dims(kind: GameKind) -> (usize, [usize; 3]) {
    match kind {
        GameKind::Kiswahili => (Kiswahili::ACTIONS, Kiswahili::OBS_SHAPE),
        GameKind::Kingulu => (Kingulu::ACTIONS, Kingulu::OBS_SHAPE),
    }
}

/// `bao.legal_masks(positions) -> numpy.ndarray`: the legal-action masks of many
/// positions of one game, `int8` of shape `(len(positions), num_actions)`. Releases the
/// GIL while the moves are generated.
#[pyfunction]
pub fn legal_masks<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let (kind, pos) = positions_of(positions)?;
    let (a, _) = dims(kind);
    let n = pos.len();
    let data = py.detach(move || {
        let mut out = vec![0u8; n * a];
        let mut ki = Vec::new();
        let mut ku = Vec::new();
        for (row, p) in out.chunks_mut(a.max(1)).zip(&pos) {
            match p {
                AnyPos::Ki(p) => p.write_mask(&mut ki, row),
                AnyPos::Ku(p) => p.write_mask(&mut ku, row),
            }
        }
        out
    });
    np::mask_array(py, &data, &[n, a])
}

/// `bao.observations(positions, perspective=None) -> numpy.ndarray`: the observation
/// tensors of many positions of one game, `float32` of shape `(len(positions), planes,
/// rows, columns)`, each seen by `perspective` (`"South"`/`"North"`; default: each
/// position's side to move).
#[pyfunction]
#[pyo3(signature = (positions, perspective = None))]
pub fn observations<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    perspective: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let (kind, pos) = positions_of(positions)?;
    let side = perspective.map(parse_side).transpose()?;
    let (_, shape) = dims(kind);
    let len = shape.iter().product::<usize>();
    let n = pos.len();
    let data = py.detach(move || {
        let mut out = vec![0f32; n * len];
        for (chunk, p) in out.chunks_mut(len).zip(&pos) {
            match p {
                AnyPos::Ki(p) => p.write_obs(side.unwrap_or(p.side_to_move()), chunk),
                AnyPos::Ku(p) => p.write_obs(side.unwrap_or(p.side_to_move()), chunk),
            }
        }
        out
    });
    debug_assert_eq!(len, obs_len_of(kind));
    np::f32_array(py, &data, &[n, shape[0], shape[1], shape[2]])
}

fn obs_len_of(kind: GameKind) -> usize {
    match kind {
        GameKind::Kiswahili => obs_len::<Kiswahili>(),
        GameKind::Kingulu => obs_len::<Kingulu>(),
    }
}

fn play_one<G: Encode>(p: &G, action: u64) -> Result<G, String> {
    let mv = usize::try_from(action)
        .ok()
        .and_then(|a| p.move_of(a))
        .ok_or_else(|| format!("action {action} is out of range 0..{}", G::ACTIONS - 1))?;
    p.play(mv).map_err(|e| e.to_string())
}

/// `bao.play_actions(positions, actions) -> list[Position]`: plays `actions[i]` (an
/// action index) in `positions[i]`. Raises `MoveError` naming the first index whose
/// action is illegal, with the rules' reason.
#[pyfunction]
pub fn play_actions(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    actions: Vec<Nat<u64>>,
) -> PyResult<Vec<PyPosition>> {
    let actions: Vec<u64> = actions.into_iter().map(|a| a.0).collect();
    let (_, pos) = positions_of(positions)?;
    if pos.len() != actions.len() {
        return Err(BaoError::new_err(format!(
            "{} positions but {} actions",
            pos.len(),
            actions.len()
        )));
    }
    let out = py.detach(move || -> Result<Vec<AnyPos>, String> {
        pos.iter()
            .zip(&actions)
            .enumerate()
            .map(|(i, (p, &a))| {
                match p {
                    AnyPos::Ki(p) => play_one(p, a).map(AnyPos::Ki),
                    AnyPos::Ku(p) => play_one(p, a).map(AnyPos::Ku),
                }
                .map_err(|e| format!("item {i}: {e}"))
            })
            .collect()
    });
    out.map(|v| v.into_iter().map(Into::into).collect())
        .map_err(MoveError::new_err)
}
