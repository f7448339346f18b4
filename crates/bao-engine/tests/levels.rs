//! The levels of both games and the weak levels' missed captures
//! (`EngineConfig::missed_captures`, `Evaluate::is_capture`).

use bao_engine::{Engine, EngineConfig, Evaluate, Limits, Searcher};
use bao_rules::{kingulu::Kingulu, kiswahili::Kiswahili, Game, GameKind};

/// A level as (searcher, depth, time ms, missed captures %).
fn row(c: &EngineConfig) -> (Searcher, Option<u32>, Option<u64>, u8) {
    assert_eq!(
        (c.limits.nodes, c.hash_mb, c.seed),
        (None, 32, 0x00ba_0ba0_5eed)
    );
    (
        c.searcher,
        c.limits.depth,
        c.limits.time_ms,
        c.missed_captures,
    )
}

#[test]
fn each_game_has_its_own_level_table() {
    use Searcher::{AlphaBeta as Ab, Greedy};
    let kingulu: Vec<_> = (1..=10)
        .map(|n| row(&EngineConfig::level_for(GameKind::Kingulu, n)))
        .collect();
    assert_eq!(
        kingulu,
        [
            (Greedy, None, None, 100),
            (Greedy, None, None, 50),
            (Greedy, None, None, 0),
            (Ab, Some(2), None, 10),
            (Ab, Some(2), None, 0),
            (Ab, Some(3), None, 2),
            (Ab, Some(4), None, 0),
            (Ab, Some(6), None, 0),
            (Ab, Some(10), None, 0),
            (Ab, None, Some(3000), 0),
        ]
    );
    let kiswahili: Vec<_> = (1..=10).map(|n| row(&EngineConfig::level(n))).collect();
    assert_eq!(
        kiswahili,
        [
            (Greedy, None, None, 50),
            (Greedy, None, None, 0),
            (Ab, Some(2), None, 0),
            (Ab, Some(3), None, 0),
            (Ab, Some(4), None, 0),
            (Ab, Some(6), None, 0),
            (Ab, Some(8), Some(500), 0),
            (Ab, None, Some(1000), 0),
            (Ab, None, Some(2000), 0),
            (Ab, None, Some(3000), 0),
        ]
    );
    // The evaluation and the search: Bao la Kiswahili's timed levels 8–10 use the network
    // and the pruning of SearchParams::STRONG; every other level the linear evaluation
    // and the classic search, with which the ladders were measured.
    use bao_engine::{Evaluation::*, SearchParams};
    let how = |g, n| {
        let c = EngineConfig::level_for(g, n);
        (c.eval, c.search)
    };
    let classic = (Linear, SearchParams::CLASSIC);
    let strong = (Net, SearchParams::STRONG);
    let kiswahili: Vec<_> = (1..=10).map(|n| how(GameKind::Kiswahili, n)).collect();
    let mut want = vec![classic; 7];
    want.extend([strong; 3]);
    assert_eq!(kiswahili, want);
    let kingulu: Vec<_> = (1..=10).map(|n| how(GameKind::Kingulu, n)).collect();
    assert_eq!(kingulu, vec![classic; 10]);
    for n in 0..=11 {
        assert_eq!(
            EngineConfig::level_for(GameKind::Kiswahili, n),
            EngineConfig::level(n)
        );
        assert_eq!(
            EngineConfig::level_of::<Kingulu>(n),
            EngineConfig::level_for(GameKind::Kingulu, n.clamp(1, 10))
        );
        assert_eq!(
            EngineConfig::level_of::<Kiswahili>(n),
            EngineConfig::level(n)
        );
    }
}

/// A depth-limited alpha-beta engine that misses `pct` % of captures.
fn blind(depth: u32, pct: u8, seed: u64) -> EngineConfig {
    EngineConfig {
        searcher: Searcher::AlphaBeta,
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        seed,
        hash_mb: 1,
        missed_captures: pct,
        eval: bao_engine::Evaluation::Linear,
        search: bao_engine::SearchParams::default(),
    }
}

fn best<G: Evaluate>(config: EngineConfig, pos: &G) -> G::Move {
    let mut e: Engine<G> = Engine::new(config);
    e.search(pos, Limits::default(), &mut |_| {})
        .best
        .expect("a move")
}

/// The positions of a game of level-6 self-play from the start (at most `plies`).
fn game<G: Evaluate>(plies: usize) -> Vec<G> {
    let mut pos = G::start(&Default::default());
    let mut out = vec![pos.clone()];
    let mut e: Engine<G> = Engine::new(EngineConfig::level(6));
    while out.len() < plies && pos.outcome().is_none() {
        let mv = e.search(&pos, Limits::default(), &mut |_| {}).best.unwrap();
        pos = pos.play(mv).unwrap();
        out.push(pos.clone());
    }
    out
}

#[test]
fn kingulu_captures_are_store_gains() {
    let start = Kingulu::start(&Default::default());
    // From the start A3 and A4 end in an empty pit of South's row and capture 7 seeds
    // (G-R5); A5 and A6 capture nothing. (A1 and A2 are illegal, G-R7.)
    let mut kids = Vec::new();
    start.children(&mut kids);
    let seen: Vec<(String, bool, String)> = kids
        .iter()
        .map(|(m, c)| (start.move_text(*m), start.is_capture(c), c.to_text()))
        .collect();
    let expect = [
        ("A3", true, "1 0 6 6 0 1 / 6 6 2 7 0 6 ; S=7 N=0 ; North"),
        ("A4", true, "0 6 6 6 1 0 / 1 6 6 2 7 0 ; S=7 N=0 ; North"),
        ("A5", false, "6 6 6 1 6 1 / 0 1 6 6 2 7 ; S=0 N=0 ; North"),
        ("A6", false, "6 6 1 6 1 7 / 6 0 1 6 6 2 ; S=0 N=0 ; North"),
    ];
    let expect: Vec<(String, bool, String)> = expect
        .iter()
        .map(|(m, c, t)| (m.to_string(), *c, t.to_string()))
        .collect();
    assert_eq!(seen, expect);
}

/// In a game's positions where the full-sight depth-1 search captures and a move that
/// does not capture exists, the level that misses every capture never captures; at 0 %
/// it plays as the full-sight search.
fn missing_every_capture_never_captures<G: Evaluate>(plies: usize) -> usize {
    let mut found = 0;
    let mut kids = Vec::new();
    for pos in game::<G>(plies) {
        pos.children(&mut kids);
        let capture = |m: G::Move| {
            let c = &kids.iter().find(|k| k.0 == m).unwrap().1;
            pos.is_capture(c)
        };
        if kids.len() < 2 || kids.iter().all(|(_, c)| pos.is_capture(c)) {
            continue;
        }
        let seeing = best(blind(1, 0, 3), &pos);
        assert_eq!(best(blind(1, 0, 99), &pos), seeing, "0 % misses nothing");
        if !capture(seeing) {
            continue;
        }
        found += 1;
        for seed in [1, 2, 3] {
            assert!(
                !capture(best(blind(1, 100, seed), &pos)),
                "{}",
                pos.to_text()
            );
            assert!(
                !capture(best(blind(2, 100, seed), &pos)),
                "{}",
                pos.to_text()
            );
        }
    }
    found
}

#[test]
fn kingulu_level_that_misses_every_capture_does_not_capture() {
    assert_eq!(missing_every_capture_never_captures::<Kingulu>(200), 9);
}

#[test]
fn kiswahili_missed_captures_leave_one_compulsory_capture() {
    // Bao la Kiswahili's captures are compulsory: where any move captures, every move
    // does, and the level that misses every capture still sees one of them (the one with
    // the highest notice number), the same one for the same seed.
    let mut compulsory = 0;
    let mut differs = 0;
    let mut kids = Vec::new();
    for pos in game::<Kiswahili>(60) {
        pos.children(&mut kids);
        let n = kids.iter().filter(|(_, c)| pos.is_capture(c)).count();
        assert!(n == 0 || n == kids.len(), "{}", pos.to_text());
        if n < 2 {
            continue;
        }
        compulsory += 1;
        let a = best(blind(1, 100, 5), &pos);
        assert_eq!(best(blind(1, 100, 5), &pos), a);
        assert_eq!(best(blind(3, 100, 5), &pos), a, "only one move is seen");
        differs += usize::from(a != best(blind(1, 0, 5), &pos));
    }
    // 26 positions of the game have two or more captures; in 16 of them the one seen is
    // not the full-sight level's choice.
    assert_eq!((compulsory, differs), (26, 16));
}

/// Level 10's perfect play among equally good moves (the same proven final score and
/// result): the one that leaves the opponent the most ways to go wrong. Here (found in
/// play between levels) South is lost whatever it does: every move keeps 0 seeds against
/// best play; A3 and A6 lose in 10 plies (the longest defence, preferred to A5's 8), and
/// after A6 three of North's four replies give South seeds back, after A3 two of four.
#[test]
fn perfect_play_leaves_the_opponent_the_most_ways_to_go_wrong() {
    use bao_engine::solve::{margin_values, move_values, perfect_move};
    let pos = Kingulu::from_text(
        "1 2 3 4 1 5 / 5*N 0 1 5*N 2 1 ; S=0 N=18 ; South",
        &Default::default(),
    )
    .unwrap();
    let text = |m| pos.move_text(m);
    let margins: Vec<(String, Option<u32>)> = margin_values(&pos, 60_000)
        .into_iter()
        .map(|(m, v)| (text(m), v))
        .collect();
    let values: Vec<(String, Option<bao_engine::solve::ExactValue>)> = move_values(&pos, 60_000)
        .into_iter()
        .map(|(m, v)| (text(m), v))
        .collect();
    let errors: Vec<(String, usize, usize)> = margin_values(&pos, 60_000)
        .into_iter()
        .filter(|(_, v)| *v == Some(0))
        .map(|(m, _)| {
            let replies = margin_values(&pos.play(m).unwrap(), 60_000);
            let wrong = replies.iter().filter(|r| r.1 != Some(0)).count();
            (text(m), wrong, replies.len())
        })
        .collect();
    let owned = |v: &[(&str, u32)]| -> Vec<(String, Option<u32>)> {
        v.iter().map(|(m, s)| (m.to_string(), Some(*s))).collect()
    };
    use bao_engine::solve::ExactValue::Loss;
    assert_eq!(margins, owned(&[("A3", 0), ("A5", 0), ("A6", 0)]));
    assert_eq!(
        values,
        [("A3", Loss(10)), ("A5", Loss(8)), ("A6", Loss(10))]
            .map(|(m, v)| (m.to_string(), Some(v)))
    );
    assert_eq!(
        errors,
        [("A3", 2, 4), ("A5", 2, 4), ("A6", 3, 4)].map(|(m, w, n)| (m.to_string(), w, n))
    );
    let (best, _) = perfect_move(&pos, 60_000).unwrap();
    assert_eq!(text(best), "A6");
}
