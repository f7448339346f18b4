//! Values that know the game's history (issue 19 §1; docs/solved.md, "Values that know
//! the game's history"): `bao solve --load` and `bao play`'s `oracle` and `hint` for a
//! record whose next move can complete a third occurrence (G-R15), and the limits and
//! certificate checks of `bao solve`.

mod common;
use common::{failure, run, run_in, stdout};

/// G-T32 of docs/bao-kingulu.md after `1. A6 a6 2. A6`: North to move; `a6` brings the
/// setup position back for the third time, which ends the game at once (G-R15), scored by
/// R14: South 27 (store 9 + its row 1+4+6+0+6+1), North 21 (store 12 + row 0+1+4+1+2+1).
const T32_RECORD: &str = "[Game \"kingulu\"]\n[Rules \"default\"]\n[South \"bao level 6\"]\n[North \"you\"]\n[Setup \"0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South\"]\n[Result \"*\"]\n\n1. A6 a6 2. A6 *\n";
const T32: &str = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";

fn record_file(dir: &std::path::Path) -> String {
    let file = dir.join("t32.bao");
    std::fs::write(&file, T32_RECORD).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn solve_load_values_the_game_as_played() {
    let dir = tempfile::tempdir().unwrap();
    let file = record_file(dir.path());
    let text = stdout(&run(&[
        "solve", "--game", "kingulu", "--load", &file, "--moves", "--margin", "--quiet",
    ]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..8],
        [
            "position 1 6 0 6 4 1 / 1 2 1 4 1 0 ; S=9 N=12 ; North",
            "history: 2 positions of this game occurred twice: reaching one again ends the game (G-R15); the values are for the game as played",
            "a3: win in 21 plies, South 23-25 North",
            "a5: win in 28 plies, South 23-25 North",
            "a6: loss in 1 ply (a third occurrence: the game ends, G-R15), South 27-21 North",
            "value win in 21 (North, to move, wins in 21 plies)",
            "shortest: proven, neither side can force a win within 20 plies",
            "margin South 23-25 North (exact final score under perfect play)",
        ],
        "{text}"
    );
    // The same position alone (no history): a6 is North's longest win instead.
    let alone = stdout(&run(&[
        "solve",
        "--game",
        "kingulu",
        "--position",
        "1 6 0 6 4 1 / 1 2 1 4 1 0 ; S=9 N=12 ; North",
        "--moves",
        "--quiet",
    ]));
    assert!(alone.contains("\na6: win in 29 plies\n"), "{alone}");
    // No certificate for a position whose value depends on the game's history.
    let err = failure(&run(&[
        "solve",
        "--game",
        "kingulu",
        "--load",
        &file,
        "--certificate",
        dir.path().join("c.cert").to_str().unwrap(),
        "--quiet",
    ]));
    assert!(
        err.contains("--certificate: in this game 2 positions occurred twice"),
        "{err}"
    );
}

#[test]
fn the_oracle_and_the_hint_of_bao_play_see_the_history() {
    let dir = tempfile::tempdir().unwrap();
    let file = record_file(dir.path());
    let out = stdout(&run_in(
        dir.path(),
        &["play", "--load", &file, "--plain"],
        // 10 s at most: the margins need more than the default 2 s on a loaded machine.
        b"oracle 10\nhint\nquit\n",
    ));
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("Solving every move"))
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(lines[at + 1], "a3: win in 21 plies (South 23–25)", "{out}");
    assert_eq!(lines[at + 2], "a5: win in 28 plies (South 23–25)", "{out}");
    assert!(
        lines[at + 3].starts_with("a6: loss in 1 ply (South 27–21): the position's third"),
        "{out}"
    );
    assert!(
        out.contains("Hint: a3: win in 21 plies, South 23–25 (proved)."),
        "{out}"
    );
}

#[test]
fn moves_under_a_node_limit_print_what_was_proven_and_the_limit_bounds_everything() {
    let text = stdout(&run(&[
        "solve", "--game", "kingulu", "--nodes", "5000", "--moves", "--margin", "--quiet",
    ]));
    assert_eq!(
        text.lines().take(7).collect::<Vec<_>>(),
        [
            "position 4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
            "A3: not proven (limit reached): neither side wins within 9 plies, margin not proven",
            "A4: not proven (the limit was reached before it was tried), margin not proven",
            "A5: not proven (the limit was reached before it was tried), margin not proven",
            "A6: not proven (the limit was reached before it was tried), margin not proven",
            "value not proven (the limit was reached before it was tried)",
            "margin not proven (limit reached)",
        ],
        "{text}"
    );
    // T32 with a node limit the value fits in but not the margin: the repetition check
    // and the margin search stay within it (they used to run on without a limit).
    let text = stdout(&run(&[
        "solve",
        "--game",
        "kingulu",
        "--position",
        T32,
        "--margin",
        "--nodes",
        "400000",
        "--quiet",
    ]));
    assert!(
        text.contains("value loss in 28 (North wins; South's longest defence is 28 plies)"),
        "{text}"
    );
    assert!(text.contains("\nnodes 400001 time "), "{text}");
}

#[test]
fn a_certificate_never_replaces_a_file_unless_forced_and_is_checked_before_solving() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("t32.cert");
    std::fs::write(&cert, "mine\n").unwrap();
    let cert = cert.to_str().unwrap();
    let args = [
        "solve",
        "--game",
        "kingulu",
        "--position",
        T32,
        "--quiet",
        "--certificate",
        cert,
    ];
    let err = failure(&run(&args));
    assert!(
        err.contains(&format!(
            "--certificate {cert}: the file exists; add --force to replace it"
        )),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(cert).unwrap(), "mine\n");
    let mut forced = args.to_vec();
    forced.push("--force");
    let text = stdout(&run(&forced));
    assert!(text.contains(&format!("certificate {cert}: ")), "{text}");
    assert!(std::fs::read_to_string(cert)
        .unwrap()
        .contains("claim loss 28"));
    // A directory that does not exist: refused at once, nothing solved.
    let missing = dir.path().join("no/such/dir/c.cert");
    let err = failure(&run(&[
        "solve",
        "--game",
        "kingulu",
        "--quiet",
        "--certificate",
        missing.to_str().unwrap(),
    ]));
    assert!(
        err.contains("cannot write in its directory (checked before solving)"),
        "{err}"
    );
    // A directory as the file.
    let err = failure(&run(&[
        "solve",
        "--game",
        "kingulu",
        "--quiet",
        "--certificate",
        dir.path().to_str().unwrap(),
    ]));
    assert!(err.contains("is a directory"), "{err}");
}
