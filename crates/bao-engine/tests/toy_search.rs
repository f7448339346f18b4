//! The searchers on a toy game (subtraction Nim, see `common`), where the exact game
//! values are known in closed form.

mod common;

use bao_engine::arena::{run_match, MatchConfig};
use bao_engine::{format_info, Engine, EngineConfig, Limits, Score, SearchInfo, Searcher};
use bao_rules::{EndReason, Game, Side};
use common::{all_positions, Nim, NimMove};

fn config(searcher: Searcher) -> EngineConfig {
    EngineConfig {
        searcher,
        limits: Limits::default(),
        seed: 7,
        hash_mb: 1,
        missed_captures: 0,
        eval: bao_engine::Evaluation::Linear,
        search: bao_engine::SearchParams::default(),
    }
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn alphabeta_solves_every_small_nim_position() {
    let mut engine: Engine<Nim> = Engine::new(config(Searcher::AlphaBeta));
    let mut checked = 0;
    for pos in all_positions(4) {
        if pos.outcome().is_some() {
            continue;
        }
        let total: u32 = pos.heaps.iter().map(|&h| u32::from(h)).sum();
        let r = engine.search(&pos, depth(total), &mut |_| {});
        let mv = r.best.expect("a move");
        assert!(pos.moves().contains(&mv));
        let after = pos.play(mv).unwrap();
        if pos.winning() {
            assert!(!after.winning(), "{pos}: {mv:?} does not win");
            assert!(
                matches!(r.info.score, Score::Win(_)),
                "{pos}: {:?}",
                r.info.score
            );
        } else {
            assert!(
                matches!(r.info.score, Score::Loss(_)),
                "{pos}: {:?}",
                r.info.score
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 124);
}

#[test]
fn exact_mate_distances() {
    let mut engine: Engine<Nim> = Engine::new(config(Searcher::AlphaBeta));
    // Take the last 3 seeds: win in 1 ply.
    let r = engine.search(&Nim::new([0, 3, 0]), depth(5), &mut |_| {});
    assert_eq!(r.best, Some(NimMove { heap: 1, take: 3 }));
    assert_eq!(r.info.score, Score::Win(1));
    assert_eq!(r.info.pv, vec![NimMove { heap: 1, take: 3 }]);
    // 4 seeds in one heap: lost; the opponent takes the rest on ply 2.
    let r = engine.search(&Nim::new([0, 4, 0]), depth(6), &mut |_| {});
    assert_eq!(r.info.score, Score::Loss(2));
    // 5 seeds: take 1, then whatever the opponent does we take the rest: win in 3.
    let r = engine.search(&Nim::new([5, 0, 0]), depth(8), &mut |_| {});
    assert_eq!(r.best, Some(NimMove { heap: 0, take: 1 }));
    assert_eq!(r.info.score, Score::Win(3));
    assert_eq!(r.info.pv.len(), 3);
}

#[test]
fn avoids_the_move_that_loses_at_once() {
    // Heaps 1 and 4: taking the single seed leaves 4 (lost); only taking 3 of the 4
    // (leaving 1 and 1) keeps the win.
    let pos = Nim::new([1, 4, 0]);
    for searcher in [Searcher::AlphaBeta, Searcher::Mcts] {
        let mut engine: Engine<Nim> = Engine::new(config(searcher));
        let limits = Limits {
            depth: Some(8),
            nodes: Some(20_000),
            time_ms: None,
        };
        let r = engine.search(&pos, limits, &mut |_| {});
        assert_eq!(r.best, Some(NimMove { heap: 1, take: 3 }), "{searcher:?}");
    }
}

#[test]
fn greedy_and_mcts_take_a_win_in_one() {
    let pos = Nim::new([2, 0, 0]);
    for searcher in [Searcher::Greedy, Searcher::Mcts] {
        let mut engine: Engine<Nim> = Engine::new(config(searcher));
        let r = engine.search(
            &pos,
            Limits {
                nodes: Some(500),
                ..Limits::default()
            },
            &mut |_| {},
        );
        assert_eq!(r.best, Some(NimMove { heap: 0, take: 2 }), "{searcher:?}");
        assert_eq!(r.info.score, Score::Win(1), "{searcher:?}");
    }
}

#[test]
fn searches_are_repeatable() {
    let pos = Nim::new([9, 10, 11]);
    for searcher in [
        Searcher::Random,
        Searcher::Greedy,
        Searcher::AlphaBeta,
        Searcher::Mcts,
    ] {
        let limits = Limits {
            depth: Some(6),
            nodes: Some(3_000),
            time_ms: None,
        };
        let mut e1: Engine<Nim> = Engine::new(config(searcher));
        let first = e1.search(&pos, limits, &mut |_| {});
        // Search something else in between: the result must not depend on it.
        e1.search(&Nim::new([3, 3, 7]), limits, &mut |_| {});
        let again = e1.search(&pos, limits, &mut |_| {});
        let mut e2: Engine<Nim> = Engine::new(config(searcher));
        let fresh = e2.search(&pos, limits, &mut |_| {});
        for r in [&again, &fresh] {
            assert_eq!(r.best, first.best, "{searcher:?}");
            assert_eq!(r.info.score, first.info.score, "{searcher:?}");
            assert_eq!(r.info.nodes, first.info.nodes, "{searcher:?}");
            assert_eq!(r.info.pv, first.info.pv, "{searcher:?}");
        }
    }
}

#[test]
fn every_searcher_returns_a_legal_move_or_none_when_over() {
    for searcher in [
        Searcher::Random,
        Searcher::Greedy,
        Searcher::AlphaBeta,
        Searcher::Mcts,
    ] {
        let mut engine: Engine<Nim> = Engine::new(config(searcher));
        for pos in all_positions(3) {
            let r = engine.search(
                &pos,
                Limits {
                    depth: Some(3),
                    nodes: Some(300),
                    time_ms: None,
                },
                &mut |_| {},
            );
            match r.best {
                Some(mv) => assert!(pos.moves().contains(&mv), "{searcher:?} {pos}"),
                None => assert!(pos.outcome().is_some(), "{searcher:?} {pos}"),
            }
        }
    }
}

#[test]
fn node_limit_and_time_limit_are_respected() {
    let pos = Nim::new([40, 41, 43]);
    let mut engine: Engine<Nim> = Engine::new(config(Searcher::AlphaBeta));
    let r = engine.search(
        &pos,
        Limits {
            nodes: Some(1),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(
        pos.moves().contains(&r.best.unwrap()),
        "a legal move before any iteration"
    );
    let r = engine.search(
        &pos,
        Limits {
            nodes: Some(5_000),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(r.info.nodes <= 5_001, "{}", r.info.nodes);
    let t = std::time::Instant::now();
    let r = engine.search(
        &pos,
        Limits {
            time_ms: Some(50),
            ..Limits::default()
        },
        &mut |_| {},
    );
    // Without its time limit this search (124 seeds, a tree far too big to finish) would
    // run for hours; 10 s is a generous deadline for a 50 ms limit that a loaded machine
    // does not miss, and still fails a search that ignores its clock.
    assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
    assert!(pos.moves().contains(&r.best.unwrap()));
}

#[test]
fn stop_flag_stops_a_search_from_another_thread() {
    let pos = Nim::new([40, 41, 43]);
    let mut engine: Engine<Nim> = Engine::new(config(Searcher::AlphaBeta));
    let flag = engine.stop_flag();
    let t = std::time::Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(30));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let r = engine.search(&pos, Limits::default(), &mut |_| {});
    stopper.join().unwrap();
    assert!(t.elapsed().as_millis() < 2_000);
    assert!(pos.moves().contains(&r.best.unwrap()));
}

#[test]
fn one_info_per_completed_iteration_and_format() {
    let pos = Nim::new([5, 6, 7]);
    let mut engine: Engine<Nim> = Engine::new(config(Searcher::AlphaBeta));
    let mut infos: Vec<SearchInfo<NimMove>> = Vec::new();
    let r = engine.search(&pos, depth(3), &mut |i| infos.push(i.clone()));
    assert_eq!(infos.iter().map(|i| i.depth).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(r.info.depth, 3);
    let line = format_info(&pos, &r.info);
    let prefix = format!(
        "info depth 3 score {} nodes {} nps ",
        r.info.score, r.info.nodes
    );
    assert!(line.starts_with(&prefix), "{line}");
    let pv: Vec<String> = {
        let mut p = pos.clone();
        r.info
            .pv
            .iter()
            .map(|&m| {
                let t = p.move_text(m);
                p = p.play(m).unwrap();
                t
            })
            .collect()
    };
    assert!(line.ends_with(&format!(" pv {}", pv.join(" "))), "{line}");
    assert_eq!(format!("{}", Score::Cp(37)), "cp 37");
    assert_eq!(format!("{}", Score::Win(5)), "win 5");
    assert_eq!(format!("{}", Score::Loss(4)), "loss 4");
}

#[test]
fn finished_position_gives_no_move() {
    let pos = Nim::new([0, 0, 0]);
    for searcher in [
        Searcher::Random,
        Searcher::Greedy,
        Searcher::AlphaBeta,
        Searcher::Mcts,
    ] {
        let mut engine: Engine<Nim> = Engine::new(config(searcher));
        let r = engine.search(&pos, depth(3), &mut |_| {});
        assert_eq!(r.best, None);
        assert_eq!(r.info.score, Score::Loss(0), "{searcher:?}");
    }
}

#[test]
fn levels_are_ordered_and_clamped() {
    assert_eq!(EngineConfig::level(0), EngineConfig::level(1));
    assert_eq!(EngineConfig::level(99), EngineConfig::level(10));
    assert_eq!(EngineConfig::level(1).searcher, Searcher::Greedy);
    assert_eq!(EngineConfig::level(1).missed_captures, 50);
    assert_eq!(EngineConfig::level(2).searcher, Searcher::Greedy);
    assert_eq!(EngineConfig::level(2).missed_captures, 0);
    assert_eq!(EngineConfig::level(10).searcher, Searcher::AlphaBeta);
}

#[test]
fn match_runner_pairs_openings_and_counts_results() {
    let cfg = MatchConfig {
        a: EngineConfig {
            limits: depth(12),
            ..config(Searcher::AlphaBeta)
        },
        b: config(Searcher::Random),
        games: 20,
        opening_plies: 2,
        seed: 3,
        max_plies: 200,
        threads: 2,
        progress: false,
        keep_records: true,
    };
    let start = Nim::new([4, 5, 6]);
    let report = run_match(&start, &cfg);
    assert_eq!(report.games.len(), 20);
    assert_eq!(report.a_wins + report.draws + report.b_wins, 20);
    for pair in report.games.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        // Every Nim position is solved by the opening filter's search, so every opening
        // is decided and shrinks to the start position.
        assert_eq!(pair[0].opening.len(), 0);
        assert_eq!((pair[0].a_side, pair[1].a_side), (Side::South, Side::North));
    }
    // The perfect player wins every game it can win; A loses only openings lost for it.
    for g in &report.games {
        assert_ne!(g.outcome.reason, EndReason::Adjudicated);
        let mut p = start.clone();
        for t in &g.opening {
            p = p.play(p.parse_move(t).unwrap()).unwrap();
        }
        if (p.side_to_move() == g.a_side) == p.winning() {
            assert_eq!(g.outcome.winner, Some(g.a_side), "{:?}", g);
        }
    }
    assert!(report.a_wins >= 15, "{report}");
    // Same config, same games.
    let again = run_match(&start, &cfg);
    let moves = |r: &bao_engine::arena::MatchReport| {
        r.games.iter().map(|g| g.moves.clone()).collect::<Vec<_>>()
    };
    assert_eq!(moves(&report), moves(&again));
}

#[test]
fn adjudication_at_max_plies() {
    let cfg = MatchConfig {
        a: config(Searcher::Random),
        b: config(Searcher::Random),
        games: 4,
        opening_plies: 0,
        seed: 1,
        max_plies: 3,
        threads: 1,
        progress: false,
        keep_records: true,
    };
    let report = run_match(&Nim::new([20, 20, 20]), &cfg);
    assert_eq!(report.adjudicated, 4);
    // Nim's material is 0 for both sides: every adjudication is a draw.
    assert_eq!(report.draws, 4);
    for g in &report.games {
        assert_eq!(g.plies, 3);
        assert_eq!(g.outcome.reason, EndReason::Adjudicated);
        assert_eq!(g.outcome.winner, None);
    }
}

#[test]
fn report_display() {
    let report = bao_engine::arena::MatchReport {
        a_wins: 15,
        draws: 0,
        b_wins: 5,
        adjudicated: 1,
        repetitions: 0,
        score: 0.75,
        elo: 190.8,
        elo_ci95: (60.2, 380.0),
        games: Vec::new(),
    };
    assert_eq!(
        report.to_string(),
        "games 20: A +15 =0 -5 (adjudicated 1)\nscore 75.0% Elo +191 (95% CI +60 .. +380)"
    );
    let with_repetitions = bao_engine::arena::MatchReport {
        repetitions: 2,
        ..report
    };
    assert!(with_repetitions
        .to_string()
        .starts_with("games 20: A +15 =0 -5 (adjudicated 1, repetition 2)\n"));
}
