//! `bao match` with external engines, the SPRT, records directories and resuming.

mod common;
use common::{failure, run, run_in, stdout};

const BAO: &str = env!("CARGO_BIN_EXE_bao");

#[test]
fn an_external_engine_plays_over_the_protocol_and_the_match_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cmd = format!("{BAO} engine");
    let args = [
        "match",
        "--game",
        "kingulu",
        "--a",
        "5",
        "--b-cmd",
        &cmd,
        "--b-option",
        "level=5",
        "--depth",
        "2",
        "--games",
        "4",
        "--records-dir",
        "games",
    ];
    let out = run_in(d, &args, b"");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "kingulu match: A = alpha-beta depth 2, B = engine {cmd:?} [level 5], 4 games, depth 2"
        )
    );
    assert!(
        lines[1].starts_with("the shipped balanced openings ("),
        "{text}"
    );
    // Both play depth 2 with the same evaluation: every pair is one win each or two
    // draws, whatever the opening.
    assert!(text.contains("\npentanomial [0, 0, 2, 0, 0] "), "{text}");
    assert!(!text.contains("forfeit"), "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("pairs 1/2  games 2: "), "{stderr}");
    let games = d.join("games");
    for n in 1..=4 {
        let record = std::fs::read_to_string(games.join(format!("game-{n:06}.bao"))).unwrap();
        assert!(record.contains("[Game \"kingulu\"]"), "{record}");
    }
    let pairs = std::fs::read_to_string(games.join("pairs.tsv")).unwrap();
    assert_eq!(pairs.lines().count(), 2, "{pairs}");
    // Every game of the directory replays.
    let out = run_in(d, &["replay", "--plain", "games/game-000003.bao"], b"");
    assert!(stdout(&out).contains("\nResult: "));
    // The directory is not reused without --resume; with it nothing is played again.
    assert_eq!(
        failure(&run_in(d, &args, b"")),
        "bao: error: --records-dir games: it already holds a match; add --resume to continue it, or choose another directory\n"
    );
    let mut again: Vec<&str> = args.to_vec();
    again.push("--resume");
    let text2 = stdout(&run_in(d, &again, b""));
    assert!(
        text2.contains("\nresuming: 2 pairs already played\n"),
        "{text2}"
    );
    assert!(text2.contains("\npentanomial [0, 0, 2, 0, 0] "), "{text2}");
    // Other settings are refused.
    let mut other = again.clone();
    other[10] = "3";
    let err = failure(&run_in(d, &other, b""));
    assert!(
        err.starts_with("bao: error: --records-dir games: it holds a match with other settings"),
        "{err}"
    );
}

#[test]
fn sprt_stops_at_a_bound_and_names_the_hypothesis() {
    // Greedy against random in Bao la Kiswahili wins every pair: H1 (+200) is accepted
    // long before the 2000 games.
    let out = run(&[
        "match", "--a", "2", "--b", "1", "--games", "2000", "--sprt", "0,200",
    ]);
    let text = stdout(&out);
    let verdict = text
        .lines()
        .find(|l| l.starts_with("SPRT "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        verdict.starts_with("SPRT elo0 0 elo1 200 (alpha 0.05, beta 0.05): LLR "),
        "{verdict}"
    );
    assert!(verdict.ends_with(": H1 accepted"), "{verdict}");
    let llr: f64 = verdict
        .split("LLR ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(llr >= 2.94, "{verdict}");
    let games: u32 = text
        .lines()
        .find_map(|l| l.strip_prefix("games "))
        .and_then(|l| l.split(':').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(games < 2000 && games.is_multiple_of(2), "{text}");
    // The other way round H0 is accepted.
    let text = stdout(&run(&[
        "match",
        "--game",
        "kingulu",
        "--a",
        "1",
        "--b",
        "2",
        "--games",
        "2000",
        "--sprt",
        "0,200",
        "--concurrency",
        "2",
    ]));
    assert!(text.contains(": H0 accepted\n"), "{text}");
    // Bad bounds are named.
    assert_eq!(
        failure(&run(&["match", "--a", "1", "--b", "1", "--sprt", "10,0"])),
        "bao: error: --sprt 10,0: the SPRT bounds 10,0: elo0 must be less than elo1\n"
    );
    assert_eq!(
        failure(&run(&["match", "--a", "1", "--b", "1", "--sprt", "ten"])),
        "bao: error: --sprt \"ten\": expected ELO0,ELO1, e.g. 0,10\n"
    );
}

#[test]
fn an_engine_that_cannot_start_is_an_error() {
    let err = failure(&run(&[
        "match",
        "--a",
        "1",
        "--b-cmd",
        "/nonexistent/engine",
        "--games",
        "2",
    ]));
    assert!(
        err.starts_with("bao: error: engine \"/nonexistent/engine\": "),
        "{err}"
    );
}
