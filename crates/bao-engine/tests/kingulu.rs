//! The engine on Bao Kingulu (`bao-kingulu.md`): forced wins, avoiding immediate losses,
//! repeatability and legality. The positions were found in random games, checked by hand
//! against G-R8, R9, R12 and R14, and each case's claim (exactly one move wins at once,
//! exactly one does not lose at once) is checked by enumerating the moves in the test.

mod common;

use bao_engine::{format_info, Evaluate, Limits, Score, Searcher};
use bao_rules::kingulu::Kingulu;
use bao_rules::{Game, Side};
use common::harness::{
    assert_legal_moves, assert_repeatable, best, depth, engine, loses_at_once, minimax,
};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn pos(text: &str) -> Kingulu {
    Kingulu::from_text(text, &Default::default()).expect("valid test position")
}

const DEPTH4: Limits = Limits {
    depth: Some(4),
    nodes: None,
    time_ms: None,
};

/// Positions where exactly one move ends the game with a win for the mover (G-R12,
/// R14), and another move lets the opponent win at once.
const WIN_IN_ONE: [(&str, &str); 4] = [
    ("0 0 0 0 0 0 / 0 3 5*N 1 0 1 ; S=20 N=18 ; South", "A4"),
    ("0 1 0 1 0 1 / 0 0 15 5*N 0 0 ; S=17 N=8 ; North", "a3"),
    ("0 1 3 0 5*S 1 / 0 0 5*N 0 0 0 ; S=18 N=15 ; North", "a5"),
    ("2 0 0 1 0 1 / 0 5*N 0 5*N 13 0 ; S=11 N=10 ; North", "a1"),
];

/// Positions with no win at once where exactly one move does not let the opponent win at
/// once (every other move loses on the next ply).
const ONLY_SAFE_MOVE: [(&str, &str); 4] = [
    ("7 5*S 2 3 0 2 / 2 0 8 5*N 3 2 ; S=5 N=4 ; South", "A3"),
    ("9 5*S 0 3 0 0 / 1 0 1 5*N 4 0 ; S=11 N=9 ; South", "A5"),
    ("0 13 0 0 3 14 / 4 1 0 5 5*N 0 ; S=2 N=1 ; South", "A4"),
    ("10 0 1 0 2 0 / 5*N 0 10 1 6 1 ; S=0 N=12 ; South", "A6"),
];

#[test]
fn finds_the_win_in_one() {
    for (text, mv) in WIN_IN_ONE {
        let p = pos(text);
        // The claim of the case: exactly one move wins at once.
        let mut kids = Vec::new();
        p.children(&mut kids);
        let winners: Vec<String> = kids
            .iter()
            .filter(|(_, c)| {
                c.outcome()
                    .is_some_and(|o| o.winner == Some(p.side_to_move()))
            })
            .map(|(m, _)| p.move_text(*m))
            .collect();
        assert_eq!(winners, [mv], "{text}");
        for searcher in [Searcher::AlphaBeta, Searcher::Greedy, Searcher::Mcts] {
            let limits = Limits {
                nodes: Some(2_000),
                ..DEPTH4
            };
            let (m, score) = best(&mut engine(searcher), &p, limits);
            assert_eq!(m, mv, "{searcher:?} {text}");
            assert_eq!(score, Score::Win(1), "{searcher:?} {text}");
        }
    }
}

#[test]
fn avoids_the_moves_that_lose_at_once() {
    for (text, mv) in ONLY_SAFE_MOVE {
        let p = pos(text);
        let mut kids = Vec::new();
        p.children(&mut kids);
        let safe: Vec<String> = kids
            .iter()
            .filter(|(_, c)| !loses_at_once(&p, c))
            .map(|(m, _)| p.move_text(*m))
            .collect();
        assert_eq!(safe, [mv], "{text}");
        assert!(kids.len() >= 3, "{text}");
        let (m, score) = best(&mut engine(Searcher::AlphaBeta), &p, DEPTH4);
        assert_eq!(m, mv, "{text}");
        assert!(
            !matches!(score, Score::Loss(n) if n <= 2),
            "{text}: {score:?}"
        );
        // Greedy looks one ply ahead only and need not see it; depth 2 must.
        assert_eq!(
            best(&mut engine(Searcher::AlphaBeta), &p, depth(2)).0,
            mv,
            "{text}"
        );
    }
}

#[test]
fn start_position_search_and_info_line() {
    // From the start position nothing is decided at depth 4: a cp score, plain minimax's
    // (no pruning, no table: harness::minimax), with one of the moves that reach it.
    let start = Kingulu::start(&Default::default());
    let mut e = engine(Searcher::AlphaBeta);
    let r = e.search(&start, DEPTH4, &mut |_| {});
    let (value, moves) = minimax(&start, 4);
    assert!(matches!(value, Score::Cp(_)), "{value:?}");
    assert_eq!(r.info.score, value);
    assert_eq!(r.info.depth, 4);
    let first = start.move_text(r.best.unwrap());
    assert!(moves.contains(&first), "{first} not in {moves:?}");
    let line = format_info(&start, &r.info);
    assert!(
        line.starts_with(&format!("info depth 4 score {value} ")),
        "{line}"
    );
    assert!(line.contains(&format!(" pv {first}")), "{line}");
}

#[test]
fn depth_limited_search_is_repeatable() {
    let limits = Limits {
        depth: Some(5),
        nodes: Some(1_500),
        time_ms: None,
    };
    assert_repeatable(&Kingulu::start(&Default::default()), "A3", limits);
}

#[test]
fn never_returns_an_illegal_move() {
    let limits = Limits {
        depth: Some(3),
        nodes: Some(400),
        time_ms: Some(200),
    };
    let start = Kingulu::start(&Default::default());
    let checked = assert_legal_moves(&start, 6, 12, 1, usize::MAX, limits);
    assert!(checked > 500, "{checked}");
}

#[test]
fn evaluation_is_antisymmetric_under_mirroring() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut p = Kingulu::start(&Default::default());
    let mut n = 0;
    while p.outcome().is_none() {
        // Mirroring swaps the sides and the side to move: same value for the mover.
        assert_eq!(p.evaluate(), p.mirrored().evaluate(), "{p}");
        assert_eq!(p.material(Side::South), p.mirrored().material(Side::North));
        let m = p.moves();
        p = p.play(m[rng.gen_range(0..m.len())]).unwrap();
        n += 1;
    }
    assert!(n > 5);
}

#[test]
fn time_limit_holds_on_a_position_with_very_long_moves() {
    // G-T29: move A6 runs into a cycle of 3,997,200 laps before it is found illegal, so a
    // single move generation here is slow. A 1 ms search must still return a legal move,
    // taking no more than a few of the move generations it cannot interrupt (a generous
    // bound: the machine may be busy; a search that ignored its time would not stop).
    let p = pos("1 4 8 1 2 0 / 0 1 8 4 11 5 ; S=1 N=2 ; South");
    let t = std::time::Instant::now();
    let legal = p.moves();
    let movegen = t.elapsed();
    assert_eq!(
        legal.iter().map(|m| p.move_text(*m)).collect::<Vec<_>>(),
        ["A3", "A4"]
    );
    for searcher in [Searcher::AlphaBeta, Searcher::Mcts, Searcher::Greedy] {
        let t = std::time::Instant::now();
        let r = engine(searcher).search(
            &p,
            Limits {
                time_ms: Some(1),
                ..Limits::default()
            },
            &mut |_| {},
        );
        let took = t.elapsed();
        assert!(legal.contains(&r.best.unwrap()), "{searcher:?}");
        assert!(
            took < movegen * 10 + std::time::Duration::from_millis(1000),
            "{searcher:?}: {took:?} (one move generation: {movegen:?})"
        );
    }
}
