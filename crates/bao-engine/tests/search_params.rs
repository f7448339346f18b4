//! The search's pruning and reductions (`SearchParams`, docs/engine.md "Alpha-beta") on
//! Bao la Kiswahili: an aspiration window gives the full window's value, reverse
//! futility and futility pruning search fewer nodes (exact counts).

mod common;

use bao_engine::{Engine, EngineConfig, Score, SearchParams};
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Game;
use common::harness::{depth, engine};

fn pos(text: &str) -> Kiswahili {
    Kiswahili::from_text(text, &Default::default()).expect("valid test position")
}

/// Positions after 16 and 30 (namua) and 50 (mtaji) seeded random plies (the bench's).
const MIDGAME: [&str; 3] = [
    "1 1 2 0 2 0 2 0 / 2 1 2 3 0 1 4 1 / 1 0 0 0 0 7 0 1 / 1 1 1 1 1 0 0 0 ; S=14 N=14 ; house S- N- ; South ; takasia -",
    "1 3 1 0 1 3 1 3 / 5 2 0 5 3 5 1 7 / 0 0 0 3 0 1 1 0 / 0 0 0 0 1 1 2 0 ; S=7 N=7 ; house S- N- ; South ; takasia -",
    "1 3 1 4 2 3 1 1 / 1 1 1 1 2 3 6 2 / 0 1 0 5 5 0 1 1 / 2 5 3 1 2 3 2 0 ; S=0 N=0 ; house S- N- ; South ; takasia -",
];

/// An alpha-beta engine with these search parameters (`key=value` pairs).
fn with(params: &[(&str, i64)]) -> Engine<Kiswahili> {
    let mut search = SearchParams::CLASSIC;
    for &(k, v) in params {
        search.set(k, v).expect("a known parameter");
    }
    let e: Engine<Kiswahili> = engine(bao_engine::Searcher::AlphaBeta);
    let config = EngineConfig {
        search,
        ..e.config().clone()
    };
    Engine::new(config)
}

/// (best move, score, nodes) of a depth-limited search.
fn run(e: &mut Engine<Kiswahili>, p: &Kiswahili, d: u32) -> (String, Score, u64) {
    let r = e.search(p, depth(d), &mut |_| {});
    (
        p.move_text(r.best.expect("a move")),
        r.info.score,
        r.info.nodes,
    )
}

#[test]
fn an_aspiration_window_gives_the_full_windows_value() {
    // A window of 1 centi-seed fails on almost every iteration from depth 4 on: each
    // failure must be searched again, wider, to the same value and move.
    let positions = MIDGAME
        .iter()
        .map(|t| pos(t))
        .chain(std::iter::once(Kiswahili::start(&Default::default())));
    let mut differ = 0;
    for p in positions {
        let text = p.to_text();
        for d in [4, 6] {
            let full = run(&mut with(&[]), &p, d);
            let narrow = run(&mut with(&[("asp", 1)]), &p, d);
            assert_eq!((&narrow.0, narrow.1), (&full.0, full.1), "{text} depth {d}");
            differ += usize::from(narrow.2 != full.2);
        }
    }
    // The window was in effect: the searches differ (8 of 8 when written).
    assert_eq!(differ, 8);
}

#[test]
fn pruning_searches_fewer_nodes() {
    // Depth 8 on the three mid-game positions: (best move, nodes) for the classic search,
    // reverse futility pruning at depth ≤ 2, futility pruning at depth ≤ 2, and both.
    let expected: [[(&str, u64); 4]; 3] = [
        [("A6>", 1449), ("A6>", 1077), ("A6>", 1085), ("A6>", 965)],
        [("A4>", 5938), ("A4>", 3177), ("A4>", 5415), ("A4>", 2830)],
        [("B7>", 1018), ("B7>", 759), ("B7>", 870), ("B7>", 705)],
    ];
    let configs: [&[(&str, i64)]; 4] =
        [&[], &[("rfp", 2)], &[("fut", 2)], &[("rfp", 2), ("fut", 2)]];
    let mut got = Vec::new();
    for text in MIDGAME {
        let p = pos(text);
        let row: Vec<(String, u64)> = configs
            .iter()
            .map(|c| {
                let (m, _, n) = run(&mut with(c), &p, 8);
                (m, n)
            })
            .collect();
        got.push(row);
    }
    let want: Vec<Vec<(String, u64)>> = expected
        .iter()
        .map(|r| r.iter().map(|&(m, n)| (m.to_string(), n)).collect())
        .collect();
    assert_eq!(got, want);
}
