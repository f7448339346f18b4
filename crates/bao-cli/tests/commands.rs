//! `bao analyze`, `bao match` and argument errors, run as a user would.

mod common;
use common::{failure, run, stdout};

#[test]
fn analyze_a_finished_position_says_who_won() {
    let won = "2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 4 4 4 4 4 4 4 4 ; S=0 N=0 ; house S- N- ; North ; takasia -";
    let out = run(&["analyze", "--position", won]);
    assert_eq!(
        stdout(&out),
        format!(
            "position {won}\ngame over: South won: the loser's front row was emptied (bao hamna)\nresult South bao-hamna\n"
        )
    );
}

#[test]
fn analyze_prints_best_move_score_pv() {
    use bao_engine::hint::score_text;
    use bao_engine::{Engine, EngineConfig, Limits};
    use bao_rules::kingulu::Kingulu;
    use bao_rules::Game;
    let out = run(&["analyze", "--game", "kingulu", "--depth", "3"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "position 4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
            "engine alpha-beta depth 3"
        ],
        "{text}"
    );
    // The command prints the library's search, field for field: the same search here (a
    // depth-limited search is a pure function of configuration, position and limits,
    // docs/engine.md), whose values the engine tests check against plain minimax.
    let start = Kingulu::start(&Default::default());
    let mut infos = Vec::new();
    let r = Engine::<Kingulu>::new(EngineConfig {
        limits: Limits::default(),
        eval: bao_engine::Evaluation::Linear,
        search: bao_engine::SearchParams::CLASSIC,
        ..EngineConfig::level(8)
    })
    .search(
        &start,
        Limits {
            depth: Some(3),
            ..Limits::default()
        },
        &mut |i| infos.push(i.clone()),
    );
    assert_eq!(infos.len(), 3);
    for (line, info) in lines[2..5].iter().zip(&infos) {
        let pv: Vec<String> = info.pv.iter().map(|m| start.move_text(*m)).collect();
        let want = format!(
            "info depth {} score {} nodes {} ",
            info.depth, info.score, info.nodes
        );
        assert!(line.starts_with(&want), "{line} / {want}");
        assert!(line.ends_with(&format!(" pv {}", pv.join(" "))), "{line}");
    }
    let pv: Vec<String> = {
        let mut p = start;
        r.info
            .pv
            .iter()
            .map(|m| {
                let t = p.move_text(*m);
                p = p.play(*m).unwrap();
                t
            })
            .collect()
    };
    assert_eq!(
        lines[5..8],
        [
            format!("best move {}", start.move_text(r.best.unwrap())),
            format!("score {}", score_text(r.info.score, 3)),
            format!("pv {}", pv.join(" ")),
        ],
        "{text}"
    );
    assert!(
        lines[8].starts_with(&format!("depth 3 nodes {} time ", r.info.nodes)),
        "{text}"
    );
    assert_eq!(lines.len(), 9, "{text}");
}

#[test]
fn match_runs_and_reports() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.bao");
    let file = file.to_str().unwrap();
    let out = run(&[
        "match",
        "--game",
        "kingulu",
        "--a",
        "ab:depth=2",
        "--b",
        "random",
        "--games",
        "2",
        "--records",
        file,
    ]);
    let text = stdout(&out);
    assert!(
        text.starts_with("kingulu match: A = alpha-beta depth 2, B = random, 2 games\n"),
        "{text}"
    );
    assert!(text.contains("records written to "), "{text}");
    let records = std::fs::read_to_string(file).unwrap();
    assert_eq!(
        records.matches("[Game \"kingulu\"]").count(),
        2,
        "{records}"
    );
    // Every game of the file replays.
    for n in ["1", "2"] {
        let out = run(&["replay", "--plain", "--number", n, file]);
        let text = stdout(&out);
        assert!(text.contains("\nResult: "), "{text}");
    }
}

#[test]
fn bad_arguments_name_what_is_wrong() {
    assert_eq!(
        failure(&run(&["match", "--a", "ab", "--b", "3"])),
        "bao: error: --a: engine \"ab\": give a limit, e.g. ab:depth=6 or ab:time=100\n"
    );
    assert_eq!(
        failure(&run(&["match", "--a", "3", "--b", "xyz:depth=2"])),
        "bao: error: --b: engine \"xyz:depth=2\": unknown searcher \"xyz\" (expected a level 1-10, random, greedy, ab:..., mcts:...)\n"
    );
    assert_eq!(
        failure(&run(&["perft", "--depth", "2", "--rules", "fast"])),
        "bao: error: --rules: unknown rules profile \"fast\"; known profiles: mancala-world, de-voogt, kiba, kujifunza\n"
    );
    let err = failure(&run(&["perft", "--depth", "2", "--set", "takasia"]));
    assert_eq!(
        err,
        "bao: error: --set \"takasia\": expected NAME=VALUE, e.g. takasia=off\n"
    );
    let err = failure(&run(&["perft", "--depth", "2", "--set", "nope=1"]));
    assert!(
        err.starts_with("bao: error: --set \"nope=1\": unknown option \"nope\""),
        "{err}"
    );
    // clap's own errors exit with 2 and name the argument.
    let out = run(&["perft"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("--depth"));
    // A perft deeper than 40 plies is refused (99 999 overflowed the stack).
    let out = run(&["perft", "--depth", "99999"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("99999 is not in 0..=40"), "{err}");
}

#[test]
fn the_banner_names_the_network_of_levels_8_to_10() {
    let dir = std::env::temp_dir();
    let banner = |level: &str| {
        let out = common::run_in(&dir, &["play", "--plain", "--level", level], b"quit\n");
        // The banner, its wrapped lines joined.
        let text = stdout(&out).replace('\n', " ");
        let start = text
            .find("Bao la Kiswahili: you play")
            .unwrap_or_else(|| panic!("no banner in {text}"));
        let end = text[start..].find(").").expect("the banner's end") + start + 2;
        text[start..end].to_string()
    };
    assert!(
        banner("10").ends_with("(level 10: alpha-beta time 3000 ms, network evaluation)."),
        "{}",
        banner("10")
    );
    assert!(
        banner("7").ends_with("(level 7: alpha-beta depth 8 time 500 ms)."),
        "{}",
        banner("7")
    );
}

#[test]
fn rule_options_change_perft() {
    // With North moving first, the start moves are North's.
    let out = run(&[
        "perft",
        "--depth",
        "1",
        "--divide",
        "--set",
        "first-player=north",
    ]);
    assert_eq!(stdout(&out), "a6< 1\na6> 1\na7< 1\na7> 1\ntotal 4\n");
}

/// `--db scheme://…` that is not PostgreSQL's is refused at once (it would otherwise make a
/// directory `mysql:` with a SQLite file in it), naming what bao can use.
#[test]
fn serve_refuses_a_database_url_it_cannot_use() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::run_in(
        dir.path(),
        &["serve", "--port", "0", "--db", "mysql://x@y/z"],
        b"",
    );
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "bao: error: --db mysql://x@y/z: mysql:// is not a database bao can use: give a SQLite file path or postgres://USER@HOST:PORT/DATABASE"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing created"
    );
}

/// `bao play --help` gives each level's measured Elo as `bao_engine::elo` has it (rounded
/// to tens), so the two cannot drift apart.
#[test]
fn play_help_gives_the_measured_elo_of_every_level() {
    let help = common::stdout(&common::run(&["play", "--help"]));
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let help = help
        .split("Measured Elo")
        .nth(1)
        .expect("the levels' Elo")
        .to_string();
    for (game, title) in [
        ("kiswahili", "Bao la Kiswahili"),
        ("kingulu", "Bao Kingulu"),
    ] {
        let part = help
            .split(title)
            .nth(1)
            .unwrap_or_else(|| panic!("{title} in {help}"));
        for level in 2..=10u8 {
            let elo = bao_engine::elo::level_elo(game, level).unwrap();
            let shown = format!("{level} ≈ {}", (elo + 5) / 10 * 10);
            assert!(part.contains(&shown), "{shown} for {title} in {help}");
        }
    }
    assert!(help.contains("8 ≈ 1900, 9 ≈ 1950, 10 ≈ 2010"), "{help}");
    assert_eq!(bao_engine::elo::level_elo("kingulu", 8), Some(531));
    assert!(help.contains("8 ≈ 530,"), "{help}");
}
