//! The engine on Bao la Kiswahili (`bao-la-kiswahili.md`): forced wins (bao hamna in
//! one, leaving the opponent no legal move), avoiding immediate losses, repeatability and
//! legality. Positions were found in random games (`examples/find_positions.rs`); each
//! case's claim (exactly one move wins at once, exactly one does not lose at once) is
//! checked by enumerating the moves in the test.

mod common;

use bao_engine::{format_info, Evaluate, Limits, Score, Searcher};
use bao_rules::kiswahili::Kiswahili;
use bao_rules::{EndReason, Game, Side};
use common::harness::{
    assert_legal_moves, assert_repeatable, best, depth, engine, loses_at_once, minimax,
};

fn pos(text: &str) -> Kiswahili {
    Kiswahili::from_text(text, &Default::default()).expect("valid test position")
}

const DEPTH4: Limits = Limits {
    depth: Some(4),
    nodes: None,
    time_ms: None,
};

/// Exactly one move wins at once, with the reason it wins (K-R12.1 bao hamna, K-R12.3
/// no legal move).
const WIN_IN_ONE: [(&str, &str, EndReason); 5] = [
    (
        "0 2 3 4 1 1 0 1 / 0 2 2 0 2 3 4 3 / 1 3 6 0 9 1 1 3 / 4 0 3 0 3 0 2 0 ; S=0 N=0 ; house S- N- ; North ; takasia -",
        "a6<",
        EndReason::BaoHamna,
    ),
    (
        "3 3 1 3 1 3 1 3 / 2 1 4 6 0 1 3 1 / 2 3 2 0 1 2 1 1 / 1 0 0 0 0 0 0 1 ; S=7 N=7 ; house S- N- ; South ; takasia -",
        "A2>",
        EndReason::BaoHamna,
    ),
    (
        "1 1 0 0 0 0 0 0 / 1 3 0 0 0 2 1 0 / 2 1 2 3 1 2 2 1 / 1 1 1 1 1 1 1 1 ; S=16 N=17 ; house S- N- ; North ; takasia -",
        "a7<",
        EndReason::BaoHamna,
    ),
    // A capture that leaves North only singletons (K-R12.3).
    (
        "1 0 1 0 0 1 1 0 / 0 1 1 2 0 2 0 2 / 0 5 5 1 0 10 0 1 / 2 9 3 5 3 2 3 3 ; S=0 N=0 ; house S- N- ; South ; takasia -",
        "B2<",
        EndReason::NoLegalMove,
    ),
    (
        "0 1 0 0 1 0 0 1 / 0 0 0 0 1 1 2 0 / 1 9 8 6 4 0 5 0 / 2 0 6 8 1 4 0 3 ; S=0 N=0 ; house S- N- ; South ; takasia -",
        "B6>",
        EndReason::NoLegalMove,
    ),
];

/// No win at once; exactly one move does not let the opponent win at once.
const ONLY_SAFE_MOVE: [(&str, &str); 4] = [
    (
        "1 1 2 2 3 1 0 2 / 1 0 0 0 0 0 0 0 / 1 13 10 2 0 6 3 1 / 1 7 3 2 0 1 0 1 ; S=0 N=0 ; house S- N- ; North ; takasia -",
        "b6<",
    ),
    (
        "1 1 0 1 1 1 1 1 / 0 0 0 2 0 0 0 1 / 0 3 1 2 4 0 3 2 / 4 2 1 7 5 3 1 7 ; S=4 N=5 ; house S- N- ; North ; takasia -",
        "a5<",
    ),
    (
        "1 1 0 1 1 1 1 1 / 0 0 0 4 0 0 0 1 / 4 0 1 4 0 1 0 4 / 7 5 0 2 1 6 1 11 ; S=2 N=3 ; house S- N- ; North ; takasia -",
        "a5<",
    ),
    (
        "1 1 0 0 0 0 0 0 / 0 0 0 0 1 0 0 1 / 3 0 4 0 5 3 1 5 / 3 6 3 1 2 6 4 1 ; S=6 N=7 ; house S- N- ; North ; takasia -",
        "a4<",
    ),
];

#[test]
fn finds_the_win_in_one() {
    for (text, mv, reason) in WIN_IN_ONE {
        let p = pos(text);
        let mut kids = Vec::new();
        p.children(&mut kids);
        let winners: Vec<(String, EndReason)> = kids
            .iter()
            .filter_map(|(m, c)| {
                let o = c.outcome()?;
                (o.winner == Some(p.side_to_move())).then(|| (p.move_text(*m), o.reason))
            })
            .collect();
        assert_eq!(winners, [(mv.to_string(), reason)], "{text}");
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
        for d in [2, 4] {
            let (m, score) = best(&mut engine(Searcher::AlphaBeta), &p, depth(d));
            assert_eq!(m, mv, "depth {d}: {text}");
            assert!(
                !matches!(score, Score::Loss(n) if n <= 2),
                "{text}: {score:?}"
            );
        }
    }
}

#[test]
fn start_position_search_and_info_line() {
    let start = Kiswahili::start(&Default::default());
    let r = engine(Searcher::AlphaBeta).search(&start, DEPTH4, &mut |_| {});
    // The value is plain minimax's at depth 4 (no pruning, no table: harness::minimax),
    // and the move one of those that reach it.
    let (value, moves) = minimax(&start, 4);
    assert_eq!(r.info.score, value);
    assert!(matches!(value, Score::Cp(_)), "{value:?}");
    assert_eq!(r.info.depth, 4);
    assert_eq!(r.info.pv.len(), 4);
    let first = start.move_text(r.best.unwrap());
    assert!(moves.contains(&first), "{first} not in {moves:?}");
    // The PV is a line of legal moves from the start.
    let mut p = start;
    for mv in &r.info.pv {
        assert!(p.moves().contains(mv), "{}", p.to_text());
        p = p.play(*mv).unwrap();
    }
    let line = format_info(&start, &r.info);
    assert!(
        line.starts_with(&format!("info depth 4 score {value} ")),
        "{line}"
    );
    assert!(line.contains(&format!(" pv {first} ")), "{line}");
}

#[test]
fn depth_limited_search_is_repeatable() {
    let limits = Limits {
        depth: Some(4),
        nodes: Some(1_000),
        time_ms: None,
    };
    assert_repeatable(&Kiswahili::start(&Default::default()), "A6<", limits);
}

#[test]
fn never_returns_an_illegal_move() {
    let limits = Limits {
        depth: Some(2),
        nodes: Some(300),
        time_ms: Some(200),
    };
    // Every searcher on every fourth position of 3 games (keeps the debug test fast).
    let start = Kiswahili::start(&Default::default());
    let checked = assert_legal_moves(&start, 5, 3, 4, 150, limits);
    assert!(checked > 100, "{checked}");
}

#[test]
fn material_counts_every_seed() {
    let start = Kiswahili::start(&Default::default());
    assert_eq!(start.material(Side::South), 32);
    assert_eq!(start.material(Side::North), 32);
    assert_eq!(start.evaluate(), 0);
}
