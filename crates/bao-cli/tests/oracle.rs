//! `bao play`'s `oracle` command and the proved `hint` of Bao Kingulu (docs/cli.md,
//! docs/solved.md): the exact per-move values of the start (G-R14 margins) and of a late
//! position, and the margin-optimal hint.

mod common;
use common::{run_in, stdout};

/// A late Bao Kingulu position (South to move, 8 seeds on the board): North wins in 8
/// plies whatever South plays, but A6 keeps South to 22 seeds and A1 only to 20 (each
/// value and margin certified by the rules-only checker in
/// `crates/bao-engine/tests/solve.rs`, `the_oracle_and_hint_values_are_certified`).
const LATE: &str = "0 0 1 0 2 1 / 1 0 0 2 0 1 ; S=20 N=20 ; South";

/// Runs `bao play --game kingulu --plain --level 1 [extra]` with `input` piped in; the
/// output lines.
fn play(extra: &[&str], input: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["play", "--game", "kingulu", "--plain", "--level", "1"];
    args.extend_from_slice(extra);
    stdout(&run_in(dir.path(), &args, input.as_bytes()))
        .lines()
        .map(str::to_string)
        .collect()
}

/// The lines after the first line equal to `marker`, up to (not including) the next
/// line that starts with `stop`.
fn after(lines: &[String], marker: &str, stop: &str) -> Vec<String> {
    let start = lines
        .iter()
        .position(|l| l == marker)
        .unwrap_or_else(|| panic!("no {marker:?} in {lines:#?}"));
    lines[start + 1..]
        .iter()
        .take_while(|l| !l.starts_with(stop))
        .cloned()
        .collect()
}

/// The start's per-move values and margins, each certified by the rules-only checker in
/// `crates/bao-engine/tests/solve.rs` (`kingulu_start_is_a_south_win_in_exactly_29_plies_and_its_moves`,
/// `kingulu_start_per_move_margins`).
const START_VALUES: [&str; 4] = [
    "A3: win in 29 plies (South 26–22)",
    "A4: loss in 20 plies (South 19–29)",
    "A5: loss in 23 plies (South 16–32)",
    "A6: loss in 25 plies (South 22–26)",
];

#[test]
fn oracle_at_the_kingulu_start_gives_every_move_its_exact_value_and_margin() {
    // The opening book (docs/solved.md) holds the start's children: exact at once, even
    // within the smallest budget.
    let lines = play(&[], "oracle 1\nquit\n");
    assert_eq!(
        after(&lines, "Solving every move (1 s at most)...", "Bye."),
        START_VALUES
    );
}

#[test]
fn the_hint_at_the_kingulu_start_is_the_proved_winning_move() {
    let lines = play(&[], "oracle\nhint\nquit\n");
    let got = after(&lines, "Solving every move (2 s at most)...", "Bye.");
    assert_eq!(got[..4], START_VALUES);
    assert_eq!(got[4], "Hint: A3: win in 29 plies, South 26–22 (proved).");
}

#[test]
fn oracle_and_proved_hint_in_a_late_position() {
    let lines = play(&["--position", LATE], "oracle\nhint\nquit\n");
    assert_eq!(
        after(&lines, "Solving every move (2 s at most)...", "Bye."),
        [
            "A1: loss in 8 plies (South 20–28)",
            "A6: loss in 8 plies (South 22–26)",
            "Hint: A6: loss in 8 plies, South 22–26 (proved).",
            "  It sows 2 laps and captures nothing.",
        ]
    );
}

/// The start after `A4 a3` (South to move): `bao solve --moves --margin` gives A1 loss in
/// 20 (20–28), A2 loss in 18 (21–27), A3 draw (24–24), A4 loss in 18 (20–28), A6 win in
/// 17 (25–23), each certified by the rules-only checker in `crates/bao-engine/tests/solve.rs`
/// (`the_oracle_and_hint_values_are_certified`): the hint is A6, in the words of
/// `bao_engine::hint::proved_text`.
#[test]
fn proved_hint_two_plies_in_names_the_winning_move_with_its_margin() {
    let lines = play(
        &["--position", "3 0 1 2 0 3 / 4 9 2 5 0 1 ; S=7 N=11 ; South"],
        "hint\nquit\n",
    );
    let at = lines
        .iter()
        .position(|l| l.starts_with("Hint: "))
        .unwrap_or_else(|| panic!("no hint in {lines:#?}"));
    assert_eq!(
        lines[at..at + 2],
        [
            "Hint: A6: win in 17 plies, South 25–23 (proved).",
            "  It kuweka mtoto: a1 now holds 4 and is reserved by South, in 1 lap.",
        ]
    );
}

#[test]
fn oracle_refuses_a_bad_budget() {
    let lines = play(&[], "oracle 0\noracle two\noracle 601\nquit\n");
    for arg in ["0", "two", "601"] {
        let want = format!(
            "oracle: \"{arg}\" is not a number of seconds from 1 to 600 (oracle alone: 2 s)."
        );
        assert!(lines.contains(&want), "no {want:?} in {lines:#?}");
    }
    assert!(
        !lines.iter().any(|l| l.starts_with("Solving")),
        "{lines:#?}"
    );
}

#[test]
fn help_lists_oracle() {
    let lines = play(&[], "help\nquit\n");
    assert!(
        lines.contains(
            &"  oracle [S]  exact values (S s, default 2)  explain [N] ply N lap by lap"
                .to_string()
        ),
        "{lines:#?}"
    );
}

/// The newcomer trial: early in a Bao la Kiswahili game the oracle said only `not proven`
/// for every move. It now says why in one sentence and names `hint` instead.
#[test]
fn oracle_in_a_kiswahili_opening_says_why_nothing_is_proven() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1"],
        b"oracle 1\nquit\n",
    ));
    let lines: Vec<String> = out.lines().map(str::to_string).collect();
    let got = after(&lines, "Solving every move (1 s at most)...", "Bye.");
    assert_eq!(
        got[..4],
        [
            "A6<: not proven",
            "A6>: not proven",
            "A7<: not proven",
            "A7>: not proven"
        ]
    );
    assert_eq!(
        got[4..].join(" "),
        "Not proven: in Bao la Kiswahili's opening and middle game the solver cannot prove \
         values within 1 s (only near the end). Type hint for the search's best move, the \
         engine's best guess."
    );
}

/// Issue 23: `bao play --values FILE` makes the oracle read a value database beside the
/// opening book. The database here claims a value for the position after A4 that the
/// solver would not give (North wins in 3 plies, South 10–38, where the solver proves
/// South's win in 7): the oracle shows the database's value, so it read it; A1, not in
/// the database, is solved as without it.
#[test]
fn the_oracle_reads_a_value_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("values.txt");
    std::fs::write(
        &db,
        "# a value database (bao reach --values)\n0 0 2 1 0 0 / 1 0 1 0 1 0 ; S=22 N=20 ; North | win 3 | 10\n",
    )
    .unwrap();
    let start = "0 0 2 1 0 1 / 1 0 1 2 0 0 ; S=20 N=20 ; South";
    let without = play(&["--position", start], "oracle\nquit\n");
    let values = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.starts_with("A1:") || l.starts_with("A4:"))
            .cloned()
            .collect()
    };
    assert_eq!(
        values(&without),
        [
            "A1: loss in 10 plies (South 22–26)",
            "A4: win in 7 plies (South 26–22)"
        ]
    );
    let with = play(
        &["--position", start, "--values", db.to_str().unwrap()],
        "oracle\nquit\n",
    );
    assert_eq!(
        values(&with),
        [
            "A1: loss in 10 plies (South 22–26)",
            "A4: loss in 4 plies (South 10–38)"
        ]
    );
    // A file that is not a value database is refused, naming the line.
    std::fs::write(
        &db,
        "0 0 2 1 0 0 / 1 0 1 0 1 0 ; S=22 N=20 ; North | win 3\n",
    )
    .unwrap();
    let out = common::run_in(
        dir.path(),
        &[
            "play",
            "--game",
            "kingulu",
            "--values",
            db.to_str().unwrap(),
        ],
        b"quit\n",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1"), "{err}");
}
