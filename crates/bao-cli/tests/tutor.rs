//! `bao play`'s tutor (issue 19 §3, docs/analysis.md "The tutor"): `tutor on`, then a
//! blunder at the Bao Kingulu start is named, with the better move, before it is played.

mod common;
use common::{run_in, stdout};

/// The opening book's values (docs/solved.md; re-solved by `bao book verify`): A4 loses in
/// 20 plies with 19–29, A3 wins in 29 with 26–22.
const WARNING: &str = "Tutor: A4 is a blunder: A4 loses (loss in 20 plies, South 19–29); A3 wins (win in 29 plies, South 26–22).";

fn play(input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &[
            "play", "--game", "kingulu", "--plain", "--level", "1", "--seed", "1",
        ],
        input.as_bytes(),
    );
    // Messages are wrapped at 80 columns: join the lines to compare sentences.
    stdout(&out).replace('\n', " ")
}

#[test]
fn tutor_warns_before_a4_and_names_a3_then_no_keeps_the_position() {
    let out = play("tutor on\nA4\nn\nmoves\nquit\n");
    assert!(out.contains(WARNING), "{out}");
    assert!(
        out.contains(&format!("{WARNING} Choose again. Legal moves: A3 A4 A5 A6")),
        "{out}"
    );
    assert!(!out.contains("You (South) play A4"), "{out}");
}

#[test]
fn tutor_yes_plays_the_move_and_a_good_move_passes_silently() {
    let out = play("tutor on\nA4\ny\nquit\n");
    assert!(out.contains(WARNING), "{out}");
    assert!(out.contains("You (South) play A4"), "{out}");
    let out = play("tutor on\nA3\nquit\n");
    assert!(!out.contains("Tutor: "), "{out}");
    assert!(out.contains("You (South) play A3"), "{out}");
    let out = play("tutor\ntutor maybe\ntutor off\nA4\nquit\n");
    assert!(
        out.contains("The tutor is off (tutor on switches it on)."),
        "{out}"
    );
    assert!(
        out.contains("tutor: \"maybe\" is neither on nor off"),
        "{out}"
    );
    assert!(!out.contains("Tutor: "), "{out}");
}

/// The newcomer trial: a Bao Kingulu move that keeps the win but gives up seeds of the
/// final score was called a "blunder" with "A4 wins …" (as if it lost). After `1. A3 a6`
/// (the opening book's values), A6 wins 26–22 where A4 wins 35–13: a mistake, in words
/// that say it still wins.
#[test]
fn tutor_says_a_move_that_keeps_the_win_still_wins() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.bao");
    std::fs::write(
        &file,
        "[Game \"kingulu\"]\n[South \"human\"]\n[North \"computer\"]\n\n1. A3 a6 *\n",
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &["play", "--load", file.to_str().unwrap(), "--plain"],
        b"tutor on\nA6\nn\nquit\n",
    );
    let out = stdout(&out).replace('\n', " ");
    assert!(
        out.contains(
            "Tutor: A6 is a mistake: A6 still wins, but by 4 seeds instead of 22 (win in 37 \
             plies, South 26–22); A4 wins by 22 seeds (win in 27 plies, South 35–13). Choose again."
        ),
        "{out}"
    );
    assert!(!out.contains("is a blunder"), "{out}");
}
