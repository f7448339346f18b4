//! A record says its game (issue 34, item 6): every command that reads a record or a
//! puzzle file (`solve --load`, `analyze --load`, `play --load`, `report`, `replay`,
//! `puzzle verify FILE`) takes the game from it; `--game` is needed only without one, and a
//! `--game` naming the other game is an error naming both.

mod common;
use common::{failure, run, run_in, stdout};

/// A Bao Kingulu record: G-T32 of docs/bao-kingulu.md after `1. A6`, North to move.
const KINGULU_RECORD: &str = "[Game \"kingulu\"]\n[Rules \"default\"]\n[South \"bao level 6\"]\n[North \"you\"]\n[Setup \"0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South\"]\n[Result \"*\"]\n\n1. A6 *\n";

/// The position after the record's move.
const AFTER: &str = "position 1 6 0 6 4 1 / 1 2 1 4 1 0 ; S=9 N=12 ; North";

/// Puzzle 6 of the shipped Bao Kingulu set, as puzzle 1 of a file of its own.
const KINGULU_PUZZLE: &str = "# bao puzzles: kingulu\n1 | default | 1 2 0 1 0 5*S / 1 2 0 0 1 0 ; S=15 N=20 ; North | North | a5 | a5 A5 a6 A6 a3 | only win in 5 | relay | 3\n";

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn solve_load_takes_the_game_from_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "k.bao", KINGULU_RECORD);
    let out = stdout(&run(&["solve", "--load", &file, "--moves", "--quiet"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..5],
        [
            AFTER,
            "a3: win in 21 plies",
            "a5: win in 28 plies",
            "a6: win in 29 plies",
            "value win in 21 (North, to move, wins in 21 plies)",
        ],
        "{out}"
    );
    // The same game named: the same answer.
    let named = stdout(&run(&[
        "solve", "--load", &file, "--game", "kingulu", "--moves", "--quiet",
    ]));
    assert_eq!(named.lines().take(5).collect::<Vec<_>>(), lines[..5]);
    let err = failure(&run(&["solve", "--load", &file, "--game", "kiswahili"]));
    assert_eq!(
        err,
        format!("bao: error: {file} is a kingulu game, but --game kiswahili was given\n")
    );
}

#[test]
fn analyze_play_report_and_replay_take_the_game_from_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "k.bao", KINGULU_RECORD);
    let out = stdout(&run(&["analyze", "--load", &file, "--depth", "3"]));
    assert_eq!(out.lines().next(), Some(AFTER), "{out}");
    assert!(out.contains("\nbest move a3\n"), "{out}");
    let err = failure(&run(&[
        "analyze",
        "--load",
        &file,
        "--game",
        "kiswahili",
        "--depth",
        "3",
    ]));
    assert_eq!(
        err,
        format!("bao: error: {file} is a kingulu game, but --game kiswahili was given\n")
    );
    let err = failure(&run(&["play", "--load", &file, "--game", "kiswahili"]));
    assert_eq!(
        err,
        format!("bao: error: {file} is a kingulu game, but --game kiswahili was given\n")
    );
    let out = stdout(&run_in(
        dir.path(),
        &["play", "--load", &file, "--plain"],
        b"quit\n",
    ));
    assert!(
        out.contains("Bao Kingulu: you play North, the computer plays South"),
        "{out}"
    );
    let out = stdout(&run(&["report", &file, "--depth", "2"]));
    assert_eq!(
        out.lines().next(),
        Some("Report: kingulu — South bao level 6, North you")
    );
    let out = stdout(&run(&["replay", &file, "--plain"]));
    assert_eq!(
        out.lines().next(),
        Some("Bao Kingulu game: bao level 6 (South) vs you (North), 1 move.")
    );
}

#[test]
fn puzzle_verify_takes_the_game_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "p.txt", KINGULU_PUZZLE);
    let out = stdout(&run(&["puzzle", "verify", &file]));
    assert!(
        out.starts_with(&format!("{file}: 1 puzzles verified (Bao Kingulu)")),
        "{out}"
    );
    let out = stdout(&run(&["puzzle", "verify", "--game", "kingulu", &file]));
    assert!(out.contains("1 puzzles verified (Bao Kingulu)"), "{out}");
    let err = failure(&run(&["puzzle", "verify", "--game", "kiswahili", &file]));
    assert_eq!(
        err,
        format!("bao: error: {file} holds kingulu puzzles, but --game kiswahili was given\n")
    );
}
