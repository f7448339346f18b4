//! Issue 11 and the game line of issue 12, run as a user would through a pipe: `explain`
//! prints every lap of a move with its board, `bao replay` steps lap by lap, `save!`
//! keeps the old file when the write fails, everything fits 80 columns, and `bao play`
//! and `bao replay` agree on how a game ended (max plies, K-R12.4; repetition, G-R15).

mod common;
use common::{failure, run_in, stdout, BAO};
use std::process::Command;

/// A Bao la Kiswahili mtaji position where South's A7< takes 14 laps: six captures, each
/// sown from the kichwa A8, and relays (from a game of `bao match --a 3 --b 3`).
const LONG: &str = "3 2 2 1 1 0 0 0 / 2 1 3 1 2 5 1 1 / 0 0 1 1 2 0 3 3 / 5 5 1 3 6 5 4 0 ; S=0 N=0 ; house S- N- ; South ; takasia -";

/// T32 of the Bao Kingulu spec: A6 a6 A6 a6 brings the start back a third time (G-R15).
const T32: &str = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";

/// Every line fits an 80-column terminal, and plain output has no escape codes.
fn fits_80_columns(text: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line:?}",
            line.chars().count()
        );
        assert!(!line.contains('\u{1b}'), "escape code in {line:?}");
    }
}

/// The block of text between the first line starting with `from` and the first line
/// after it starting with `to` (both included).
fn block<'a>(text: &'a str, from: &str, to: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(from))
        .unwrap_or_else(|| panic!("no {from:?} in\n{text}"));
    let end = start
        + lines[start..]
            .iter()
            .position(|l| l.starts_with(to))
            .unwrap_or_else(|| panic!("no {to:?} after {from:?} in\n{text}"));
    lines[start..=end].to_vec()
}

fn record(game: &str, setup: &str, south: &str, north: &str, extra: &str, moves: &str) -> String {
    format!(
        "[Game \"{game}\"]\n[Rules \"{}\"]\n{extra}[Date \"????.??.??\"]\n[South \"{south}\"]\n[North \"{north}\"]\n[Setup \"{setup}\"]\n[Result \"*\"]\n\n{moves} *\n",
        if game == "kingulu" { "default" } else { "mancala-world" }
    )
}

/// Issue 11's own example: `printf 'A6>\nexplain\nquit\n' | bao play --plain --level 1`
/// explains the last move (the computer's reply) lap by lap; `explain 1` the human's A6>.
#[test]
fn explain_prints_every_lap_with_its_board() {
    let dir = tempfile::tempdir().unwrap();
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1"],
        b"A6>\nexplain\nexplain 1\nexplain 3\nquit\n",
    ));
    fits_80_columns(&text);
    assert_eq!(
        block(&text, "Move 1... ", "End of move 1... a7>."),
        [
            "Move 1... a7> (North, ply 2), 1 lap.",
            "Lap 1 of 1: enters a seed from the store into a7, lifts 3 seeds from a7, sows 3",
            "seeds clockwise, ending in b7; the last seed fell into the empty hole b7: the",
            "move ends.",
            "  North (computer, level 1)                store 21",
            "        8     7     6     5     4     3     2     1",
            "  b     1     1     0     0     0     0     0     0",
            "  a     1     0     2   [ 6]    0     0     0     0",
            "     ----------------------------------------------",
            "  A     0     0     0     0   [ 6]    0     3     1",
            "  B     0     0     0     0     0     0     0     1",
            "        1     2     3     4     5     6     7     8",
            "  South (you)                              store 21",
            "End of move 1... a7>.",
        ]
    );
    assert_eq!(
        block(&text, "Move 1. ", "End of move 1. A6>."),
        [
            "Move 1. A6> (South, ply 1), 1 lap.",
            "Lap 1 of 1: enters a seed from the store into A6, lifts 3 seeds from A6, sows 3",
            "seeds clockwise, ending in B8; the last seed fell into the empty hole B8: the",
            "move ends.",
            "  North (computer, level 1)                store 22",
            "        8     7     6     5     4     3     2     1",
            "  b     0     0     0     0     0     0     0     0",
            "  a     0     2     2   [ 6]    0     0     0     0",
            "     ----------------------------------------------",
            "  A     0     0     0     0   [ 6]    0     3     1",
            "  B     0     0     0     0     0     0     0     1",
            "        1     2     3     4     5     6     7     8",
            "  South (you)                              store 21",
            "End of move 1. A6>.",
        ]
    );
    assert!(
        text.contains(
            "\nexplain: \"3\" is not a ply number; give 1 to 2 (explain alone: the last move).\n"
        ),
        "{text}"
    );
}

/// A long move explained: one board per lap, 14 of them, each after its caption.
#[test]
fn a_long_move_is_explained_lap_by_lap() {
    let dir = tempfile::tempdir().unwrap();
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1", "--position", LONG],
        b"A7<\nexplain 1\nquit\n",
    ));
    fits_80_columns(&text);
    let explained = block(&text, "Move 1. ", "End of move 1. A7<.");
    assert_eq!(explained[0], "Move 1. A7< (South, ply 1), 14 laps.");
    let captions: Vec<&str> = explained
        .iter()
        .copied()
        .filter(|l| l.starts_with("Lap "))
        .collect();
    assert_eq!(captions.len(), 14, "{explained:#?}");
    for (k, caption) in captions.iter().enumerate() {
        assert!(
            caption.starts_with(&format!("Lap {} of 14: ", k + 1)),
            "{caption}"
        );
    }
    assert_eq!(
        captions[1],
        "Lap 2 of 14: captures 1 from a5, sows the captured seeds from the kichwa A8,"
    );
    assert_eq!(
        explained
            .iter()
            .filter(|l| l.starts_with("  South (you)"))
            .count(),
        14
    );
    // The first lap's board: A7's 3 seeds sown anticlockwise into A6, A5, A4.
    let first = block(&text, "Lap 1 of 14", "  South (you)");
    assert_eq!(
        first[6..9],
        [
            "  A     0     0     1     2     3     1     0     3",
            "  B     5     5     1     3     6     5     4     0",
            "        1     2     3     4     5     6     7     8",
        ]
    );
}

/// `bao replay` piped: `l` steps through the laps of a move (caption and board), `b`
/// goes back a lap, Enter finishes the move; at the end of the input the rest is
/// printed.
#[test]
fn replay_steps_lap_by_lap_through_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("long.bao"),
        record("kiswahili", LONG, "Asha", "Juma", "", "1. A7<"),
    )
    .unwrap();
    let input = "l\n".repeat(14);
    let text = stdout(&run_in(
        dir.path(),
        &["replay", "long.bao"],
        input.as_bytes(),
    ));
    fits_80_columns(&text);
    let headings = text
        .lines()
        .filter(|l| *l == "Move 1. A7< (South, ply 1), 14 laps:")
        .count();
    assert_eq!(headings, 14, "{text}");
    for k in 1..=14 {
        assert!(
            text.contains(&format!("\nLap {k} of 14: ")),
            "lap {k} in\n{text}"
        );
    }
    // After the last lap the move is complete: the status and the position after it.
    let end = block(&text, "Lap 14 of 14", "Result: ");
    let tail = &end[end.len() - 4..];
    assert_eq!(
        tail,
        [
            "Stage: mtaji. North (Juma) to move. Last move: A7< by South.",
            "Position: 3 2 2 1 1 0 0 0 / 2 1 0 0 0 0 0 0 / 2 2 0 1 7 6 6 1 /",
            "          1 0 3 5 8 7 1 2 ; S=0 N=0 ; house S- N- ; North ; takasia -",
            "Result: unfinished.",
        ]
    );
    // Back a lap, then the rest of the move at once.
    let text = stdout(&run_in(
        dir.path(),
        &["replay", "long.bao"],
        b"l\nl\nb\nn\nq\n",
    ));
    let laps: Vec<&str> = text.lines().filter(|l| l.starts_with("Lap ")).collect();
    assert_eq!(laps.len(), 3, "{text}");
    assert!(laps[0].starts_with("Lap 1 of 14: "), "{text}");
    assert!(laps[1].starts_with("Lap 2 of 14: "), "{text}");
    assert!(laps[2].starts_with("Lap 1 of 14: "), "{text}");
    assert!(
        text.contains("\nMove 1. A7< (South, ply 1)\n  - 14 laps in all\n"),
        "{text}"
    );
    assert!(
        !text.contains("Result: "),
        "q leaves without the rest: {text}"
    );
}

/// `save!` writes a temporary file and renames it: under a file-size limit of 0 the
/// write fails, the old save is whole and no temporary file is left.
#[test]
fn a_failed_save_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.bao"), "old contents\n").unwrap();
    let script = format!(
        "ulimit -f 0; printf 'A3\\nsave! g.bao\\nsave \"new game.bao\"\\nquit\\n' | '{BAO}' play --plain --game kingulu --level 1"
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("\nCannot save to g.bao: File too large (os error 27). The file is as it was\nbefore.\n"),
        "{text}"
    );
    assert!(
        text.contains("\nCannot save to \"new game.bao\": File too large (os error 27). Nothing was\nwritten.\n"),
        "{text}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.bao")).unwrap(),
        "old contents\n"
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["g.bao"]);
    // Without the limit, save! replaces it, and a quoted name loses its quotes.
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--game", "kingulu", "--level", "1"],
        b"A3\nsave! g.bao\nsave \"my game.bao\"\nsave 'my game.bao\nquit\n",
    ));
    assert!(
        text.contains("\nSaved the game to g.bao (1 move)."),
        "{text}"
    );
    assert!(
        text.contains("\nSaved the game to \"my game.bao\" (1 move)."),
        "{text}"
    );
    assert!(
        text.contains("\nsave: the quote ' is not closed; e.g. save \"my game.bao\"\n"),
        "{text}"
    );
    assert!(std::fs::read_to_string(dir.path().join("g.bao"))
        .unwrap()
        .starts_with("[Game \"kingulu\"]\n"));
    assert!(dir.path().join("my game.bao").exists());
}

/// Issue 12: a record of `--set max-plies=1` after one move is an adjudicated draw for
/// `bao replay` and `bao play --load` alike (K-R12.4), and no move is accepted.
#[test]
fn max_plies_reads_the_same_in_replay_and_load() {
    let dir = tempfile::tempdir().unwrap();
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--set", "max-plies=1", "--level", "1"],
        b"A6>\nsave m.bao\nquit\n",
    ));
    assert!(
        text.contains("\nSaved the game to m.bao (1 move)."),
        "{text}"
    );
    let record = std::fs::read_to_string(dir.path().join("m.bao")).unwrap();
    assert!(record.contains("[max-plies \"1\"]\n"), "{record}");
    assert!(record.contains("[Result \"1/2-1/2\"]\n"), "{record}");
    let sentence = "max-plies 1 reached: adjudicated by material, drawn 32–32";
    let replayed = stdout(&run_in(dir.path(), &["replay", "m.bao"], b""));
    assert!(
        replayed.ends_with(&format!("\nResult: {sentence}.\n")),
        "{replayed}"
    );
    assert!(
        replayed.contains("\nStage: namua. Game over: a draw. Last move: A6> by South.\n"),
        "{replayed}"
    );
    let loaded = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--load", "m.bao"],
        b"moves\na6<\nquit\n",
    ));
    assert!(
        loaded.contains(&format!("\nGame over: {sentence}. A draw.\n")),
        "{loaded}"
    );
    assert!(loaded.contains("\nNo legal moves: the game is over.\nThe game is over: 'undo', 'new', 'save FILE' or 'quit'.\n"), "{loaded}");
    assert!(!loaded.contains("The computer ("), "{loaded}");
}

/// G-R15: the third occurrence of T32's position ends the game in words, in `bao play`
/// (the human plays the last a6) and in `bao replay`, and the record says so and reads
/// back the same. The web's player names (`human`, `bao level 2`) give the roles.
#[test]
fn repetition_ends_the_game_in_words() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("t32.bao"),
        record("kingulu", T32, "human", "bao level 2", "", "1. A6 a6 2. A6"),
    )
    .unwrap();
    // The record's South is the human: --side north makes the human play the last a6.
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--load", "t32.bao", "--side", "north"],
        b"a6\nmoves\nsave t32-end.bao\nquit\n",
    ));
    fits_80_columns(&text);
    assert!(
        text.contains("\nRestored from the record: the computer plays at level 2.\n"),
        "{text}"
    );
    let sentence = "the position occurred for the third time: the game ends, South 27–21";
    assert!(
        text.contains(&format!("\nGame over: {sentence}.\nThe computer won.\n")),
        "{text}"
    );
    assert!(
        text.contains("\nNo legal moves: the game is over.\n"),
        "{text}"
    );
    let saved = std::fs::read_to_string(dir.path().join("t32-end.bao")).unwrap();
    // The roles of this session: the computer South at the record's level, the human
    // North (named `you`: the record's human was South).
    assert!(
        saved.contains("[South \"bao level 2\"]\n[North \"you\"]\n"),
        "{saved}"
    );
    assert!(
        saved.contains("[Result \"1-0\"]\n[Termination \"repetition\"]\n"),
        "{saved}"
    );
    assert!(saved.contains("\n1. A6 a6 2. A6 a6 1-0\n"), "{saved}");
    // It reads back the same: in replay and in play --load.
    let replayed = stdout(&run_in(dir.path(), &["replay", "t32-end.bao"], b""));
    assert!(
        replayed.ends_with(&format!("\nResult: {sentence}.\n")),
        "{replayed}"
    );
    let loaded = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--load", "t32-end.bao"],
        b"A6\nquit\n",
    ));
    assert!(
        loaded.contains(
            "\nRestored from the record: you play North, the computer plays at level 2.\n"
        ),
        "{loaded}"
    );
    assert!(
        loaded.contains(&format!("\nGame over: {sentence}.\nThe computer won.\n")),
        "{loaded}"
    );
    assert!(
        loaded.contains("\nThe game is over: 'undo', 'new', 'save FILE' or 'quit'.\n"),
        "{loaded}"
    );
}

/// A record whose rules allow moves of 100000000 laps is refused before any move is
/// played, by `bao replay` and `bao play --load`; so is such a `--set`.
#[test]
fn rules_allowing_endless_moves_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("cap.bao"),
        record(
            "kingulu",
            "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
            "human",
            "bao level 2",
            "[non-terminating \"lap-cap:100000000\"]\n",
            "1. A3",
        ),
    )
    .unwrap();
    let message = "option non-terminating lap-cap:100000000 allows moves of 100000000 laps; the limit here is 10000";
    assert_eq!(
        failure(&run_in(dir.path(), &["replay", "cap.bao"], b"")),
        format!("bao: error: cap.bao: {message}: moves that long are not replayed here\n")
    );
    assert_eq!(
        failure(&run_in(dir.path(), &["play", "--load", "cap.bao"], b"")),
        format!("bao: error: cap.bao: {message}: moves that long are not replayed here\n")
    );
    assert_eq!(
        failure(&run_in(
            dir.path(),
            &[
                "play",
                "--game",
                "kingulu",
                "--set",
                "non-terminating=lap-cap:100000000"
            ],
            b""
        )),
        // Refused where every subcommand reads --set (common::make_rules), with the option.
        format!("bao: error: --set: {message}\n")
    );
}

/// `--lap-delay` takes milliseconds from 0 to 10000; through a pipe nothing is animated.
#[test]
fn lap_delay_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(dir.path(), &["play", "--lap-delay", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("--lap-delay"));
    let text = stdout(&run_in(
        dir.path(),
        &[
            "play",
            "--plain",
            "--game",
            "kingulu",
            "--level",
            "1",
            "--lap-delay",
            "0",
        ],
        b"A3\nhelp\nexplain\nquit\n",
    ));
    assert!(text.contains("\nYou (South) play A3\n"), "{text}");
    assert!(text.contains(" explain [N] ply N lap by lap\n"), "{text}");
    fits_80_columns(&text);
}

/// The `play_commands` fuzz target's driver: odd input (garbage, commands in the wrong
/// place, quotes, escape codes, invalid UTF-8, a long line) never panics or writes files.
#[test]
fn the_fuzz_driver_survives_odd_input() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[u8]; 6] = [
        b"",
        b"\x00A6>\nexplain\nexplain 0\nexplain 99999999999999999999\nundo 3\nsave! \"x\nquit\n",
        b"\x01A3\nA3\nA4\nexplain 1\nmoves\nnew\nlevel 0\nlevel 10\nlevel 1\nsave g.bao\nsave! 'g.bao'\n",
        b"\x02\xff\xfe\x1b[A\tA6 >\n\x1bOP\r\n?\nb\ne 1\nu\n",
        b"\x03hint\nHINT\nquit now\nq\n",
        b"\x00A6<\nA5<\na6>\nundo\nundo 1\nundo 2\nboard\nhelp\nquit\n",
    ];
    std::env::set_current_dir(dir.path()).unwrap();
    for case in cases {
        bao_cli::play::run_script(case).unwrap();
    }
    let mut long = vec![1u8];
    long.extend(std::iter::repeat_n(b'x', 100_000));
    bao_cli::play::run_script(&long).unwrap();
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// Records of older `bao play` versions (`computer (level N)`) still give the roles.
#[test]
fn older_record_names_give_the_roles() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("old.bao"),
        "[Game \"kingulu\"]\n[South \"computer (level 4)\"]\n[North \"you\"]\n[Result \"*\"]\n\n1. A3 *\n",
    )
    .unwrap();
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--load", "old.bao"],
        b"quit\n",
    ));
    assert!(
        text.contains(
            "\nRestored from the record: you play North, the computer plays at level 4.\n"
        ),
        "{text}"
    );
}
