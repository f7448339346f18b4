//! The harness the engine tests of both games share: an engine per searcher, the best move
//! of a search, "loses at once", a reference minimax, and the repeatability and legality
//! checks run on each game.

use bao_engine::{Engine, EngineConfig, Evaluate, Limits, Score, Searcher};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// An engine with this searcher, seed 11 and a 4 MiB table.
pub fn engine<G: Evaluate>(searcher: Searcher) -> Engine<G> {
    Engine::new(EngineConfig {
        searcher,
        limits: Limits::default(),
        seed: 11,
        hash_mb: 4,
        missed_captures: 0,
        eval: bao_engine::Evaluation::Linear,
        search: bao_engine::SearchParams::default(),
    })
}

/// The best move's text and the score of a search of `p`.
pub fn best<G: Evaluate>(e: &mut Engine<G>, p: &G, limits: Limits) -> (String, Score) {
    let r = e.search(p, limits, &mut |_| {});
    let mv = r.best.expect("a move");
    (p.move_text(mv), r.info.score)
}

/// A depth limit alone.
pub fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Whether the opponent wins at once after `c`, a child of `p` (the game ended in his
/// favour, or he has a move that ends it in his favour).
pub fn loses_at_once<G: Evaluate>(p: &G, c: &G) -> bool {
    let them = Some(p.side_to_move().opponent());
    if let Some(o) = c.outcome() {
        return o.winner == them;
    }
    let mut kids = Vec::new();
    c.children(&mut kids);
    kids.iter()
        .any(|(_, g)| g.outcome().is_some_and(|o| o.winner == them))
}

/// A win found at ply 0 scores `MATE`; at ply p, `MATE - p` (the engine's scale,
/// docs/engine.md).
const MATE: i64 = 1_000_000;

/// Plain minimax to `depth` plies without pruning, table or move ordering: the reference
/// that an alpha-beta search's value must equal. A finished game scores `MATE - ply` for
/// the winner (0 for a draw), a position with no move and no result is lost for the side
/// to move, and a leaf is the static evaluation (clamped like the engine's, to ±495 000).
/// Values are for the side to move.
fn minimax_value<G: Evaluate>(pos: &G, depth: u32, ply: i64) -> i64 {
    if let Some(o) = pos.outcome() {
        return match o.winner {
            Some(w) if w == pos.side_to_move() => MATE - ply,
            Some(_) => -(MATE - ply),
            None => 0,
        };
    }
    let mut kids = Vec::new();
    pos.children(&mut kids);
    if kids.is_empty() {
        return -(MATE - ply);
    }
    if depth == 0 {
        return i64::from(pos.evaluate()).clamp(-495_000, 495_000);
    }
    kids.iter()
        .map(|(_, c)| -minimax_value(c, depth - 1, ply + 1))
        .max()
        .unwrap()
}

/// The minimax value of `pos` at `depth` as a [`Score`], and the moves (texts) that reach
/// it.
pub fn minimax<G: Evaluate>(pos: &G, depth: u32) -> (Score, Vec<String>) {
    let mut kids = Vec::new();
    pos.children(&mut kids);
    let values: Vec<(String, i64)> = kids
        .iter()
        .map(|(m, c)| (pos.move_text(*m), -minimax_value(c, depth - 1, 1)))
        .collect();
    let v = values.iter().map(|(_, v)| *v).max().expect("a move");
    let bound = MATE - 10_000;
    let score = if v >= bound {
        Score::Win((MATE - v) as u32)
    } else if v <= -bound {
        Score::Loss((MATE + v) as u32)
    } else {
        Score::Cp(v as i32)
    };
    let moves = values
        .into_iter()
        .filter(|(_, w)| *w == v)
        .map(|(m, _)| m)
        .collect();
    (score, moves)
}

/// A depth- and node-limited search of the position after `first` gives the same move,
/// PV, nodes and score from a fresh engine and from one that searched the start first.
pub fn assert_repeatable<G: Evaluate>(start: &G, first: &str, limits: Limits) {
    let p = start.play(start.parse_move(first).unwrap()).unwrap();
    for searcher in [Searcher::Greedy, Searcher::AlphaBeta, Searcher::Mcts] {
        let a = engine(searcher).search(&p, limits, &mut |_| {});
        let mut e = engine(searcher);
        e.search(start, limits, &mut |_| {});
        let b = e.search(&p, limits, &mut |_| {});
        assert_eq!(a.best, b.best, "{searcher:?}");
        assert_eq!(a.info.pv, b.info.pv, "{searcher:?}");
        assert_eq!(a.info.nodes, b.info.nodes, "{searcher:?}");
        assert_eq!(a.info.score, b.info.score, "{searcher:?}");
    }
}

/// Plays `games` random games from `start` (seed 5), at most `max_plies` plies each;
/// on every `every`-th position, the engines of levels `1..=levels` and an MCTS engine
/// each return a legal move, and none once the game is over. Returns the number of
/// searches checked.
pub fn assert_legal_moves<G: Evaluate>(
    start: &G,
    levels: u8,
    games: usize,
    every: usize,
    max_plies: usize,
    limits: Limits,
) -> usize {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut engines: Vec<Engine<G>> = (1..=levels)
        .map(|l| Engine::new(EngineConfig::level(l)))
        .collect();
    engines.push(engine(Searcher::Mcts));
    let mut checked = 0;
    for _ in 0..games {
        let mut p = start.clone();
        let mut plies = 0;
        while p.outcome().is_none() && plies < max_plies {
            let legal = p.moves();
            if plies % every == 0 {
                for e in engines.iter_mut() {
                    let r = e.search(&p, limits, &mut |_| {});
                    let mv = r.best.expect("a move in an unfinished game");
                    assert!(legal.contains(&mv), "{}: {}", p.to_text(), p.move_text(mv));
                    checked += 1;
                }
            }
            p = p.play(legal[rng.gen_range(0..legal.len())]).unwrap();
            plies += 1;
        }
        if p.outcome().is_some() {
            for e in engines.iter_mut() {
                let best = e.search(&p, limits, &mut |_| {}).best;
                assert!(best.is_none(), "{}", p.to_text());
            }
        }
    }
    checked
}
