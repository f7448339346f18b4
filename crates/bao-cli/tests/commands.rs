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
    let out = run(&["analyze", "--game", "kingulu", "--depth", "3"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "position 4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South"
    );
    assert_eq!(lines[1], "engine alpha-beta depth 3");
    for (i, line) in lines[2..5].iter().enumerate() {
        assert!(
            line.starts_with(&format!("info depth {} ", i + 1)),
            "{text}"
        );
    }
    let best = lines[5].strip_prefix("best move ").expect("best move line");
    assert!(["A3", "A4", "A5", "A6"].contains(&best), "{text}");
    assert!(lines[6].starts_with("score "), "{text}");
    assert!(lines[7].starts_with(&format!("pv {best}")), "{text}");
    assert!(lines[8].starts_with("depth 3 nodes "), "{text}");
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
