//! `bao puzzle` run as a user would (docs/puzzles.md): a puzzle through a pipe with
//! its exact output, `list --json`, `verify` of the shipped sets and of a flawed file,
//! and `build`.

mod common;
use common::{failure, run, run_in, stdout};

/// Bao Kingulu puzzle 19 answered with a wrong move: the verdict, the solution lap by
/// lap, the rest of its line and the end.
#[test]
fn a_puzzle_through_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &["puzzle", "--game", "kingulu", "--number", "19"],
        b"a6\n",
    );
    let want = concat!(
        "Bao Kingulu puzzle 19 of 120 (difficulty 2 of 5)\n",
        "  North                        store 11\n",
        "        6     5     4     3     2     1\n",
        "  a     1     6     0     0     5*    0\n",
        "     ----------------------------------\n",
        "  A     0     0     5*    4*    1     3\n",
        "        1     2     3     4     5     6\n",
        "  South                        store 12\n",
        "Stage: play. North  to move. Scores: South 21, North 27.\n",
        "Position: 1 6 0 0 5*S 0 / 0 0 5*N 4*N 1 3 ; S=12 N=11 ; North\n",
        "North to move: find the only move that wins (a win in 4 plies).\n",
        "Wrong: a6 does not win: with best play it draws or loses.\n",
        "The solution is a5: it is the only winning move: a win in 4 plies.\n",
        "Move 1 (North, 1...): a5, 2 laps.\n",
        "Lap 1 of 2: North lifts 6 seeds from a5, sows 6 seeds into a6 A1 A2 A3 A4 A5.\n",
        "  North                        store 13\n",
        "        6     5     4     3     2     1\n",
        "  a     2     0     0     0     5*    0\n",
        "     ----------------------------------\n",
        "  A     1     1     5*    4*    2     3\n",
        "        1     2     3     4     5     6\n",
        "  South                        store 12\n",
        "Lap 2 of 2: 1 seed fell into A3, reserved by North, and went to North's store, 1\n",
        "seed fell into A4, reserved by North, and went to North's store, North lifts 2\n",
        "seeds from A5, sows 2 seeds into A6 a1; North captures 4 from A6 with the seed\n",
        "in a1 (5 in all), the last seed fell into empty a1: the move ends after 2 laps.\n",
        "  North                        store 18\n",
        "        6     5     4     3     2     1\n",
        "  a     2     0     0     0     5*    0\n",
        "     ----------------------------------\n",
        "  A     1     1     5*    4*    0     0\n",
        "        1     2     3     4     5     6\n",
        "  South                        store 12\n",
        "End of move 1.\n",
        "Then:\n",
        "  2. South A2: sows 1 lap and captures nothing.\n",
        "  3. North a6: sows 1 lap and captures nothing.\n",
        "  4. South A1: ends the game (North has no legal move: the game ends, North wins\n",
        "  29–19 (South 19, North 29)), in 1 lap.\n",
        "North wins: the seeds were counted, North 29–19.\n",
    );
    assert_eq!(stdout(&out), want);
    // The right move, after a hint and an illegal move.
    let out = run_in(
        dir.path(),
        &["puzzle", "--game", "kingulu", "--number", "19"],
        b"hint\nA5\na5\n",
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[10..14],
        [
            "North to move: find the only move that wins (a win in 4 plies).",
            "Hint: the theme is capture.",
            "illegal: A5 is South's pit but North is to move (G-R1): try again.",
            "Right! a5: it is the only winning move: a win in 4 plies.",
        ]
    );
    // No input at all: the solution is shown.
    let out = run_in(
        dir.path(),
        &["puzzle", "--game", "kiswahili", "--number", "3"],
        b"",
    );
    let text = stdout(&out);
    assert!(text.contains(
        "\nThe solution is a2<: it is the only move that wins within 5 plies: a win in 5.\n"
    ));
    assert!(text.ends_with("North wins: the loser's front row was emptied (bao hamna).\n"));
    let e = failure(&run(&["puzzle", "--game", "kingulu", "--number", "121"]));
    assert_eq!(
        e,
        "bao: error: --number 121: the set has puzzles 1 to 120\n"
    );
}

#[test]
fn list_as_json() {
    let text = stdout(&run(&["puzzle", "list", "--game", "kingulu", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let all = v.as_array().unwrap();
    assert_eq!(all.len(), 120);
    assert_eq!(
        all[18],
        serde_json::json!({
            "number": 19,
            "rules": "default",
            "position": "1 6 0 0 5*S 0 / 0 0 5*N 4*N 1 3 ; S=12 N=11 ; North",
            "side": "North",
            "solution": "a5",
            "line": ["a5", "A2", "a6", "A1"],
            "result": "only win in 4",
            "theme": "capture",
            "difficulty": 2
        })
    );
    let text = stdout(&run(&["puzzle", "list", "--game", "kingulu"]));
    assert_eq!(
        text.lines().nth(18).unwrap(),
        "  19  North  only win in 4          capture           difficulty 2  1 6 0 0 5*S 0 / 0 0 5*N 4*N 1 3 ; S=12 N=11 ; North"
    );
}

/// `bao puzzle verify` passes on the shipped sets; a file with one puzzle's solution
/// changed fails, naming it.
#[test]
fn verify_the_shipped_sets_and_a_flawed_file() {
    let text = stdout(&run(&["puzzle", "verify"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0]
        .starts_with("the shipped kiswahili set: 120 puzzles verified (Bao la Kiswahili), "));
    assert!(lines[1].starts_with("the shipped kingulu set: 120 puzzles verified (Bao Kingulu), "));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.txt");
    let shipped = bao_engine::puzzle::KINGULU_TEXT;
    let good = "19 | default | 1 6 0 0 5*S 0 / 0 0 5*N 4*N 1 3 ; S=12 N=11 ; North | North | a5 | a5 A2 a6 A1 | only win in 4 | capture | 2";
    assert!(shipped.contains(good));
    std::fs::write(
        &file,
        shipped.replace(good, &good.replace("| a5 | a5 ", "| a6 | a6 ")),
    )
    .unwrap();
    let e = failure(&run(&[
        "puzzle",
        "verify",
        "--game",
        "kingulu",
        file.to_str().unwrap(),
    ]));
    let name = file.display().to_string();
    let first = format!("{name}: puzzle 19 (line 23): the solution a6 is wrong: a5 is the only move that meets the claim (only win in 4)");
    assert_eq!(
        e,
        format!(
            "{first}\nbao: error: {name}: 1 of 120 puzzles flawed (first: {})\n",
            &first[name.len() + 2..]
        )
    );
}

#[test]
fn build_writes_then_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.txt");
    let f = file.to_str().unwrap();
    let out = run(&[
        "puzzle", "build", "--game", "kingulu", "--count", "3", "--out", f,
    ]);
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!("wrote {f}: 3 puzzles, ")),
        "{text}"
    );
    let built = std::fs::read_to_string(&file).unwrap();
    let set = bao_engine::puzzle::PuzzleSet::parse(&built).unwrap();
    assert_eq!(set.len(), 3);
    // The same seed makes the same puzzles: the shipped set's first three.
    let shipped = bao_engine::puzzle::PuzzleSet::parse(bao_engine::puzzle::KINGULU_TEXT).unwrap();
    for n in 1..=3 {
        assert_eq!(set.get(n), shipped.get(n));
    }
    assert!(
        stdout(&run(&["puzzle", "verify", "--game", "kingulu", f])).contains("3 puzzles verified")
    );
    let e = failure(&run(&[
        "puzzle", "build", "--game", "kingulu", "--count", "3", "--out", f,
    ]));
    assert_eq!(
        e,
        format!("bao: error: --out {f}: the file exists; --force replaces it\n")
    );
    assert!(!dir.path().join("k.txt.tmp").exists());
}
