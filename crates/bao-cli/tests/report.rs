//! `bao report` (issue 19 §2, docs/analysis.md): the text, the JSON contract and the SVG
//! graph of a game report.

mod common;
use common::{failure, run, stdout};

/// Issue 19's example: `1. A4 a3` at the Bao Kingulu start. Values: the opening book
/// (docs/solved.md; `bao book verify` re-solves every entry): A3 wins in 29 with 26–22,
/// A4 loses in 20 with 19–29; after A4 North's best a5 wins in 19 with 19–29 and a3 loses
/// in 18 with 25–23 (A6 then wins in 17 for South, the proved hint's case in
/// bao-engine's hint tests).
const A4_A3: &str = "[Game \"kingulu\"]\n[South \"ann\"]\n[North \"bob\"]\n\n1. A4 a3 *\n";

fn record(dir: &std::path::Path, text: &str) -> String {
    let f = dir.join("game.bao");
    std::fs::write(&f, text).unwrap();
    f.to_str().unwrap().to_string()
}

#[test]
fn report_json_of_a4_a3_gives_the_issue_values() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), A4_A3);
    let text = stdout(&run(&["report", &file, "--json", "--depth", "2"]));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "game": "kingulu",
            "players": {"South": "ann", "North": "bob"},
            "accuracy": {"South": 0.0, "North": 0.0},
            "moves": [
                {"ply": 1, "side": "South", "move": "A4", "best": "A3", "class": "blunder",
                 "before": {"score": 4.0, "proved": "win", "plies": 29, "margin": [26, 22], "source": "book"},
                 "after": {"score": -10.0, "proved": "loss", "plies": 20, "margin": [19, 29], "source": "book"}},
                {"ply": 2, "side": "North", "move": "a3", "best": "a5", "class": "blunder",
                 "before": {"score": 10.0, "proved": "win", "plies": 19, "margin": [19, 29], "source": "book"},
                 "after": {"score": -2.0, "proved": "loss", "plies": 18, "margin": [25, 23], "source": "book"}}
            ]
        })
    );
}

#[test]
fn report_text_fits_80_columns_and_the_svg_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), A4_A3);
    let svg = dir.path().join("graph.svg");
    let text = stdout(&run(&[
        "report",
        &file,
        "--depth",
        "2",
        "--svg",
        svg.to_str().unwrap(),
    ]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "Report: kingulu — South ann, North bob",
            "Values for the player who moved: +1.25 = seeds ahead (search); win 29/loss 20 =",
            "proven in 29/20 plies; (S 26–22) = the final score, South–North (G-R14).",
            "1. A4       blunder ??    loss 20 (S 19–29)  best A3: win 29 (S 26–22)",
            "1... a3     blunder ??    loss 18 (S 25–23)  best a5: win 19 (S 19–29)",
            "Accuracy: South 0.0, North 0.0",
            "Mistakes: 1. A4?? (blunder, best A3), 1... a3?? (blunder, best a5)",
            &format!("Graph: {}", svg.display()),
        ]
    );
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.chars().count() <= 80),
        "{text}"
    );
    let graph = std::fs::read_to_string(&svg).unwrap();
    assert!(
        graph.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{graph}"
    );
    assert_eq!(graph.matches("<circle ").count(), 2, "two blunders marked");
    assert!(graph.contains("<title>1 A4?? (blunder)"), "{graph}");
    assert!(graph.trim_end().ends_with("</svg>"));
}

#[test]
fn report_refuses_bad_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), A4_A3);
    let err = failure(&run(&["report", &file, "--time", "0"]));
    assert!(
        err.contains("--time 0: give 1 to 60000 ms per position"),
        "{err}"
    );
    let err = failure(&run(&[
        "report",
        &file,
        "--svg",
        dir.path().to_str().unwrap(),
    ]));
    assert!(err.contains("is a directory"), "{err}");
    let err = failure(&run(&["report", &file, "--svg", "/no/such/dir/g.svg"]));
    assert!(
        err.contains("the directory /no/such/dir does not exist"),
        "{err}"
    );
    let bad = record(dir.path(), "[Game \"kingulu\"]\n\n1. A4 zz *\n");
    let err = failure(&run(&["report", &bad]));
    assert!(err.contains("zz"), "{err}");
}
