//! `bao swiss pair|check|standings` on TRF-16 files, run as a user would: the output,
//! the exit codes (0 ok, 1 violation or no legal pairing, 2 bad input) and messages.

mod common;
use common::BAO;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bao(args: &[&str]) -> Output {
    Command::new(BAO).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../bao-swiss/tests/data/bbp")
}

fn cases_2025() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../bao-swiss/tests/data/bbp6")
}

/// A player line with its fields in their columns; `rounds` are 8-character blocks.
fn player(start: u32, points: &str, rounds: &[&str]) -> String {
    let mut line = format!("001 {start:>4}      Player {start:<26}");
    line.push_str(&" ".repeat(80 - line.len()));
    line.push_str(&format!("{points:>4} {start:>4}"));
    for r in rounds {
        line.push_str("  ");
        line.push_str(r);
    }
    line
}

fn file(dir: &tempfile::TempDir, name: &str, lines: &[String]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn pair_prints_what_bbp_pairings_prints() {
    // The 2017 rules as bbpPairings v5 pairs them.
    for case in ["case05", "case17", "case30"] {
        let trf = cases().join(format!("{case}.trf"));
        let out = bao(&["swiss", "pair", "--edition", "2017", trf.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let want = std::fs::read_to_string(cases().join(format!("{case}.out"))).unwrap();
        assert_eq!(text(&out.stdout), want, "{case}");
    }
    // The 2025 rules (the default) as bbpPairings v6 pairs them; case33 is paired
    // otherwise by the 2017 rules.
    for case in ["case01", "case33", "bbp6-dutch_2025_C5"] {
        let trf = cases_2025().join(format!("{case}.trf"));
        let want = std::fs::read_to_string(cases_2025().join(format!("{case}.out"))).unwrap();
        for args in [
            &["swiss", "pair"][..],
            &["swiss", "pair", "--edition", "2025"][..],
        ] {
            let out = bao(&[args, &[trf.to_str().unwrap()][..]].concat());
            assert_eq!(out.status.code(), Some(0), "{out:?}");
            assert_eq!(text(&out.stdout), want, "{case}");
        }
        let old = bao(&["swiss", "pair", "--edition", "2017", trf.to_str().unwrap()]);
        assert_ne!(text(&old.stdout), want, "{case}");
    }
    let out = bao(&["swiss", "pair", "--edition", "2016", "x.trf"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        text(&out.stderr).contains("unknown edition \"2016\" of the Dutch rules: 2017 or 2025"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn pair_with_no_legal_pairing_exits_1() {
    let trf = cases().join("case31.trf");
    let out = bao(&["swiss", "pair", trf.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).contains("no legal pairing"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn check_names_a_repeated_pairing() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "rematch.trf",
        &[
            "XXR 3".to_string(),
            player(1, "2.0", &["   2 w 1", "   3 b 1"]),
            player(2, "1.0", &["   1 b 0", "   4 w 1"]),
            player(3, "0.5", &["   4 w =", "   1 w 0"]),
            player(4, "0.5", &["   3 b =", "   2 b 0"]),
        ],
    );
    assert_eq!(
        text(&bao(&["swiss", "check", &path]).stdout),
        "2 rounds checked: no violation\n"
    );
    // Round 3: 1 and 2 meet again.
    let path = file(
        &dir,
        "rematch.trf",
        &[
            "XXR 3".to_string(),
            player(1, "2.0", &["   2 w 1", "   3 b 1", "   2 b 0"]),
            player(2, "2.0", &["   1 b 0", "   4 w 1", "   1 w 1"]),
            player(3, "1.5", &["   4 w =", "   1 w 0", "   4 b 1"]),
            player(4, "0.5", &["   3 b =", "   2 b 0", "   3 w 0"]),
        ],
    );
    let out = bao(&["swiss", "check", &path]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        text(&out.stdout),
        "round 3: players 1 and 2 met again (first in round 1): C.1 no rematch\n\
         round 3: players 3 and 4 met again (first in round 1): C.1 no rematch\n"
    );
}

#[test]
fn check_names_a_second_bye() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "byes.trf",
        &[
            "XXR 3".to_string(),
            player(1, "2.0", &["0000 - U", "0000 - U"]),
            player(2, "2.0", &["   3 w 1", "   4 b 1"]),
            player(3, "1.0", &["   2 b 0", "   5 w 1"]),
            player(4, "1.0", &["   5 w 1", "   2 w 0"]),
            player(5, "0.0", &["   4 b 0", "   3 b 0"]),
        ],
    );
    let out = bao(&["swiss", "check", &path]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        text(&out.stdout),
        "round 2: player 1 received a second pairing-allocated bye (the first in round 1): C.2\n"
    );
}

#[test]
fn bad_input_exits_2_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "bad.trf",
        &[
            "012 Club".to_string(),
            "XXR 3".to_string(),
            player(1, "1.0", &["   2 w 1"]),
            player(2, "0.0", &["   1 b ?"]),
        ],
    );
    for command in ["pair", "check", "standings"] {
        let out = bao(&["swiss", command, &path]);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "bao swiss: {path}: line 4: round 1: unknown result '?' (column 99; 1 = 0 + - W D L H F U Z)\n"
            )
        );
        assert_eq!(text(&out.stdout), "");
    }
    // Pairing needs the total rounds.
    let path = file(
        &dir,
        "no-xxr.trf",
        &[
            player(1, "1.0", &["   2 w 1"]),
            player(2, "0.0", &["   1 b 0"]),
        ],
    );
    let out = bao(&["swiss", "pair", &path]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(
        text(&out.stderr),
        format!("bao swiss: {path}: no XXR line: the total number of rounds is needed to pair the next round\n")
    );
    let out = bao(&["swiss", "pair", "/nonexistent/t.trf"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    // An empty file is no tournament report: not "0 rounds checked".
    let path = file(&dir, "empty.trf", &[]);
    for command in ["pair", "check", "standings"] {
        let out = bao(&["swiss", command, &path]);
        assert_eq!(out.status.code(), Some(2), "{command}: {out:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "bao swiss: {path}: no player line (001): not a tournament report (FIDE TRF)\n"
            )
        );
        assert_eq!(text(&out.stdout), "");
    }
}

/// Buchholz and Sonneborn-Berger by hand: P3 (draw with P4, loss to P1) has Buchholz
/// 0.5 + 2 and Sonneborn-Berger 0.5 × ½; P4 (draw with P3, loss to P2) 0.5 + 1; they tie
/// on points and Buchholz Cut 1 (2 against 1) puts P3 first.
#[test]
fn standings_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "t.trf",
        &[
            "XXR 3".to_string(),
            player(1, "2.0", &["   2 w 1", "   3 b 1"]),
            player(2, "1.0", &["   1 b 0", "   4 w 1"]),
            player(3, "0.5", &["   4 w =", "   1 w 0"]),
            player(4, "0.5", &["   3 b =", "   2 b 0"]),
        ],
    );
    let out = bao(&["swiss", "standings", &path]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        text(&out.stdout),
        "\
Rank   No  Name     Points   bh-c1      bh      sb      de    wins
   1    1  Player 1      2       1     1.5     1.5       0       2
   2    2  Player 2      1       2     2.5     0.5       0       1
   3    3  Player 3    0.5       2     2.5    0.25       0       0
   4    4  Player 4    0.5       1     1.5    0.25       0       0
"
    );
}
