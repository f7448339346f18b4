//! `bao solve`, `bao verify` and `bao reach`, run as a user would (docs/solved.md).

mod common;
use common::{failure, run, stdout};

const T32: &str = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";

#[test]
fn solve_moves_certificate_verify_and_a_tampered_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("t32.cert");
    let cert = cert.to_str().unwrap();
    let out = run(&[
        "solve",
        "--game",
        "kingulu",
        "--position",
        T32,
        "--moves",
        "--quiet",
        "--certificate",
        cert,
    ]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("position {T32}"));
    assert_eq!(
        lines[1..4],
        [
            "A3: loss in 12 plies",
            "A5: loss in 28 plies",
            "A6: loss in 22 plies"
        ]
    );
    assert_eq!(
        lines[4],
        "value loss in 28 (North wins; South's longest defence is 28 plies)"
    );
    assert_eq!(
        lines[5],
        "shortest: proven, neither side can force a win within 27 plies"
    );
    assert!(
        lines[6].starts_with("repetition: no line of the proof"),
        "{text}"
    );
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with(&format!("certificate {cert}: ")),
        "{text}"
    );

    let ok = stdout(&run(&["verify", cert]));
    assert!(
        ok.starts_with(&format!("verified kingulu claim loss 28 from {T32}\n")),
        "{ok}"
    );
    assert!(ok.contains("positions checked "), "{ok}");

    // Change the first line's move to another legal one: the flaw is on that line.
    let body = std::fs::read_to_string(cert).unwrap();
    let first = body.lines().nth(6).unwrap().to_string();
    let mv = first.split(' ').nth(1).unwrap().to_string();
    let other = ["a1", "a2", "a3", "a4", "a5", "a6"]
        .into_iter()
        .find(|m| *m != mv)
        .unwrap();
    let bad = body.replacen(
        &first,
        &first.replacen(&format!(" {mv} "), &format!(" {other} "), 1),
        1,
    );
    let bad_file = dir.path().join("bad.cert");
    std::fs::write(&bad_file, bad).unwrap();
    let err = failure(&run(&["verify", bad_file.to_str().unwrap()]));
    assert!(err.contains(": line 7: "), "{err}");
    assert!(err.trim_end().ends_with("not verified"), "{err}");
}

#[test]
fn solve_kingulu_start_with_a_node_limit_reports_bounds() {
    let out = run(&["solve", "--game", "kingulu", "--nodes", "5000", "--quiet"]);
    let text = stdout(&out);
    assert!(
        text.contains("value not proven (limit reached): neither side can force a win within "),
        "{text}"
    );
}

#[test]
fn solve_refuses_a_margin_without_a_final_score_and_bad_limits() {
    let err = failure(&run(&["solve", "--margin", "--quiet"]));
    assert!(
        err.contains("--margin: kiswahili has no final score"),
        "{err}"
    );
    let err = failure(&run(&[
        "solve", "--game", "kingulu", "--hash", "0", "--quiet",
    ]));
    assert!(err.contains("--hash 0"), "{err}");
    let out = run(&["solve", "--game", "kingulu", "--time", "5", "--nodes", "5"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "clap rejects --time with --nodes: {out:?}"
    );
}

#[test]
fn verify_names_missing_files_and_garbage() {
    let err = failure(&run(&["verify", "/nonexistent/x.cert"]));
    assert!(err.contains("cannot read /nonexistent/x.cert"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g.cert");
    std::fs::write(&f, "not a certificate\n").unwrap();
    let err = failure(&run(&["verify", f.to_str().unwrap()]));
    assert!(
        err.contains(": line 1: expected \"bao-certificate 1\""),
        "{err}"
    );
}

#[test]
fn reach_census_of_the_first_plies() {
    let text = stdout(&run(&["reach", "--plies", "6"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..7],
        [
            "ply 0: 1 new, 1 within",
            "ply 1: 4 new, 5 within",
            "ply 2: 15 new, 20 within",
            "ply 3: 50 new, 70 within",
            "ply 4: 130 new, 200 within",
            "ply 5: 334 new, 534 within",
            "ply 6: 834 new, 1368 within",
        ]
    );
    assert_eq!(
        lines[7],
        "repetition within 6 plies: impossible (the move graph on these positions has no cycle)"
    );
}

#[test]
fn reach_counts_the_first_levels_on_disk_and_refuses_bad_limits() {
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("reach");
    let work = work.to_str().unwrap();
    let out = run(&["reach", "--dir", work, "--below-level", "39"]);
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "reachable positions below level 39: 215 (partitions 70, largest partition 21) in "
        ),
        "{text}"
    );
    // The work is kept: a second run has nothing left below level 39.
    let again = stdout(&run(&["reach", "--dir", work, "--below-level", "39"]));
    assert!(
        again.starts_with("reachable positions below level 39: 215 "),
        "{again}"
    );
    let err = failure(&run(&["reach", "--dir", work, "--memory-mb", "3"]));
    assert!(err.contains("--memory-mb 3: at least 16"), "{err}");
    let file = dir.path().join("file");
    std::fs::write(&file, "not a directory").unwrap();
    let err = failure(&run(&["reach", "--dir", file.to_str().unwrap()]));
    assert!(err.contains("the work directory"), "{err}");
    assert!(err.contains("is not a directory"), "{err}");
    let err = failure(&run(&["reach", "--plies", "17"]));
    assert!(err.contains("--plies 17: at most 16"), "{err}");
    let progress = dir.path().join("bad");
    std::fs::create_dir(&progress).unwrap();
    std::fs::write(progress.join("progress.txt"), "levels_done x\n").unwrap();
    let err = failure(&run(&["reach", "--dir", progress.to_str().unwrap()]));
    assert!(err.contains("is not a progress file of bao reach"), "{err}");
}

#[test]
fn reach_from_a_position_prints_the_total() {
    // Totals checked against a plain search (bao-engine reach::tests, and the Python
    // package's bao.cluster reach).
    for (text, total) in [
        ("0 0 2 1 0 1 / 1 0 1 2 0 0 ; S=20 N=20 ; South", 108),
        ("1 0 1 3 1 1 / 2 0 2 2 1 1 ; S=17 N=16 ; South", 2736),
        ("2 2 1 2 0 1 / 1 2 1 2 0 0 ; S=15 N=19 ; South", 184940),
    ] {
        let text_out = stdout(&run(&["reach", "--position", text]));
        assert_eq!(
            text_out.lines().last(),
            Some(format!("total: {total} positions").as_str()),
            "{text_out}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("w");
    let work = work.to_str().unwrap();
    let p = "0 0 2 1 0 1 / 1 0 1 2 0 0 ; S=20 N=20 ; South";
    let out = stdout(&run(&["reach", "--dir", work, "--position", p]));
    assert!(out.ends_with("total: 108 positions\n"), "{out}");
    let err = failure(&run(&["reach", "--dir", work]));
    assert!(err.contains(&format!("holds the count from {p}")), "{err}");
    let err = failure(&run(&["reach", "--position", "1 2 3"]));
    assert!(err.contains("--position \"1 2 3\": "), "{err}");
    // The value database: every position with its exact value and score, in the book's
    // format, confirmed entry by entry by the solver (bao book verify).
    let db = dir.path().join("values.txt");
    let db = db.to_str().unwrap();
    let out = stdout(&run(&["reach", "--position", p, "--values", db]));
    assert!(
        out.lines().last().unwrap().starts_with(
            "values: 108 positions, 108 decided, 0 undecided (left out); the start: win in 7 plies, South 26; "
        ),
        "{out}"
    );
    let text = std::fs::read_to_string(db).unwrap();
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 108);
    assert!(text.contains(&format!("\n{p} | win 7 | 26\n")), "{text}");
    let verified = stdout(&run(&["book", "verify", db]));
    assert!(verified.contains("positions checked 108"), "{verified}");
    assert!(verified.contains("every entry confirmed"), "{verified}");
    // bao solve reads it.
    let answer = stdout(&run(&[
        "solve",
        "--game",
        "kingulu",
        "--position",
        p,
        "--margin",
        "--values",
        db,
    ]));
    assert_eq!(
        answer,
        format!(
            "position {p}\nvalue win in 7 plies (from the value database {db})\nmargin South 26-22 North (from the value database {db})\n"
        )
    );
}

#[test]
fn book_verify_confirms_entries_and_names_the_wrong_line() {
    let shipped = include_str!("../../bao-engine/data/kingulu-opening.txt");
    // Three entries six plies in (quick to solve again), after a comment line.
    let tail: Vec<&str> = shipped.lines().rev().take(3).collect();
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, format!("# three entries\n{}\n", tail.join("\n"))).unwrap();
    let text = stdout(&run(&["book", "verify", good.to_str().unwrap()]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("positions checked 3, "), "{text}");
    assert_eq!(
        lines[1],
        format!("{}: every entry confirmed", good.display())
    );
    // One score changed on line 3: refused with that line and the solver's own value.
    let (pos, rest) = tail[1].split_once(" | ").unwrap();
    let (value, south) = rest.split_once(" | ").unwrap();
    let south: u32 = south.parse().unwrap();
    // Another score on the same side of 24 keeps the line readable.
    let other = if south > 24 {
        south + 1
    } else if south < 24 {
        south - 1
    } else {
        24
    };
    assert_ne!(other, south, "pick an entry that is not a draw");
    let bad = dir.path().join("bad.txt");
    std::fs::write(
        &bad,
        format!(
            "# three entries\n{}\n{pos} | {value} | {other}\n{}\n",
            tail[0], tail[2]
        ),
    )
    .unwrap();
    let err = failure(&run(&["book", "verify", bad.to_str().unwrap()]));
    assert!(
        err.contains(&format!(
            "line 3: `{pos} | {value} | {other}`, but the solver finds {value} | {south}"
        )),
        "{err}"
    );
    // A line that does not read.
    std::fs::write(&bad, format!("{pos} | {value}\n")).unwrap();
    let err = failure(&run(&["book", "verify", bad.to_str().unwrap()]));
    assert!(
        err.contains("line 1: expected `position | value | South's score`, found 2 fields"),
        "{err}"
    );
    let err = failure(&run(&["book", "build", "--plies", "11", "--out", "x"]));
    assert!(err.contains("--plies 11: at most 10"), "{err}");
    // A bad --out is refused before any solving; an existing file is kept.
    let good_name = good.to_str().unwrap();
    let err = failure(&run(&["book", "build", "--plies", "0", "--out", good_name]));
    assert!(
        err.contains(&format!(
            "--out {good_name}: the file exists; --force replaces it"
        )),
        "{err}"
    );
    assert!(std::fs::read_to_string(&good)
        .unwrap()
        .starts_with("# three entries\n"));
    let dir_name = dir.path().to_str().unwrap();
    let err = failure(&run(&[
        "book", "build", "--plies", "0", "--out", dir_name, "--force",
    ]));
    assert!(
        err.contains("it is not a regular file (a directory or a device)"),
        "{err}"
    );
    std::fs::write(&bad, "# nothing\n").unwrap();
    let err = failure(&run(&["book", "verify", bad.to_str().unwrap()]));
    assert!(err.contains("the book has no entries"), "{err}");
}
