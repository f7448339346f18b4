//! `bao tune`: self-play data, the fit, and resuming.

mod common;
use common::{failure, run_in, stdout};

#[test]
fn tune_writes_data_and_weights_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = ["tune", "--dir", "run", "--games", "2", "--nodes", "60"];
    let out = run_in(d, &args, b"");
    let text = stdout(&out);
    assert!(text.starts_with("# bao tune: 2 games, "), "{text}");
    assert!(
        text.contains("\nmaterial              100 (was   100)\n"),
        "{text}"
    );
    let data = std::fs::read_to_string(d.join("run/data.tsv")).unwrap();
    assert_eq!(data.matches("\nend\t").count(), 2, "{data}");
    assert!(d.join("run/weights.txt").exists());
    // A cut last game is dropped and played again; the data are the same.
    std::fs::write(d.join("run/data.tsv"), format!("{data}0.5\t1\t2")).unwrap();
    let more = ["tune", "--dir", "run", "--games", "3", "--nodes", "60"];
    let out = run_in(d, &more, b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("resuming: 2 games, "), "{err}");
    let again = std::fs::read_to_string(d.join("run/data.tsv")).unwrap();
    assert!(again.starts_with(&data), "the first two games were kept");
    assert_eq!(again.matches("\nend\t").count(), 3);
    // Other settings are refused.
    let other = ["tune", "--dir", "run", "--games", "3", "--nodes", "61"];
    assert!(failure(&run_in(d, &other, b""))
        .starts_with("bao: error: --dir run: it holds a run with other settings"));
}

#[test]
fn tune_kingulu_fits_its_own_terms_and_keeps_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "tune", "--game", "kingulu", "--dir", "run", "--games", "3", "--nodes", "60",
    ];
    let out = run_in(d, &args, b"");
    let text = stdout(&out);
    assert!(text.starts_with("# bao tune: 3 games, "), "{text}");
    // Bao Kingulu's six terms, the score fixed at 100 (the hand weights in use).
    assert!(
        text.contains("\nscore                 100 (was   100)\n"),
        "{text}"
    );
    for name in [
        "reserved-pit",
        "target",
        "vulnerable",
        "mobility",
        "blocked",
    ] {
        assert!(text.contains(&format!("\n{name:<18} ")), "{text}");
    }
    assert!(!text.contains("material"), "{text}");
    let settings = std::fs::read_to_string(d.join("run/settings.txt")).unwrap();
    assert_eq!(
        settings,
        "game kingulu\nnodes 60\nrandom-plies 6\nseed 1\nmax-plies 300\n"
    );
    // Every sample line: the result and six terms.
    let data = std::fs::read_to_string(d.join("run/data.tsv")).unwrap();
    assert_eq!(data.matches("end\t").count(), 3, "{data}");
    for line in data.lines().filter(|l| !l.starts_with("end\t")) {
        assert_eq!(line.split('\t').count(), 7, "{line}");
    }
    // The same directory is refused for the other game.
    let other = ["tune", "--dir", "run", "--games", "3", "--nodes", "60"];
    assert!(failure(&run_in(d, &other, b""))
        .starts_with("bao: error: --dir run: it holds a run with other settings"));
}
