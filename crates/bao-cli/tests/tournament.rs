//! `bao tournament`, run as a user would: a round robin of levels with the standings
//! table and a TRF report that `bao swiss check` reads without a violation; a Swiss of
//! levels and an engine program over the protocol; bad options in words.

mod common;
use common::{run, BAO};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn a_round_robin_of_levels_prints_its_rounds_and_standings_and_writes_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("club.trf");
    let trf = trf.to_str().unwrap();
    let out = run(&[
        "tournament",
        "--game",
        "kingulu",
        "--levels",
        "4-1",
        "--format",
        "round-robin",
        "--depth",
        "1",
        "--threads",
        "2",
        "--name",
        "Club night",
        "--trf",
        trf,
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        "Bao Kingulu round robin: 4 players, 1 game per pairing"
    );
    assert_eq!(
        &lines[1..5],
        [
            "   1  level 4",
            "   2  level 3",
            "   3  level 2",
            "   4  level 1"
        ]
    );
    // Berger: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    assert!(
        lines[5].starts_with("round 1: level 4 - level 1 "),
        "{stdout}"
    );
    assert!(
        lines[6].starts_with("round 2: level 1 - level 2 "),
        "{stdout}"
    );
    assert!(
        lines[7].starts_with("round 3: level 3 - level 1 "),
        "{stdout}"
    );
    assert_eq!(lines[8], "   #  Player   Points      DE      SB    Wins");
    let points: f64 = lines[9..13]
        .iter()
        .map(|l| {
            let p = l.split_whitespace().rev().nth(3).unwrap();
            p.replace('½', ".5").parse::<f64>().unwrap_or(0.5)
        })
        .sum();
    assert_eq!(points, 6.0, "six games: {stdout}");
    assert_eq!(
        lines[13],
        "tie-breaks: DE = Direct encounter, SB = Sonneborn-Berger, Wins = Wins"
    );
    assert_eq!(lines.last().unwrap(), &format!("report written to {trf}"));
    let report = std::fs::read_to_string(trf).unwrap();
    assert!(report.starts_with("012 Club night\nXXR 3\n"), "{report}");
    let check = run(&["swiss", "check", trf]);
    assert_eq!(text(&check.stdout), "3 rounds checked: no violation\n");
    assert!(check.status.success());
    // The report is never replaced.
    let again = run(&[
        "tournament",
        "--levels",
        "1-2",
        "--format",
        "round-robin",
        "--trf",
        trf,
    ]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        text(&again.stderr).contains("it is never replaced"),
        "{}",
        text(&again.stderr)
    );
}

#[test]
fn a_swiss_takes_an_engine_program_and_plays_two_games_a_pairing() {
    let cmd = format!("{BAO} engine");
    let out = run(&[
        "tournament",
        "--game",
        "kingulu",
        "--player",
        "3",
        "--player",
        "greedy",
        "--player",
        "random",
        "--player-cmd",
        &cmd,
        "--rounds",
        "2",
        "--games-per-pairing",
        "2",
        "--depth",
        "1",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.starts_with(
        "Bao Kingulu Swiss (FIDE Dutch), 2 rounds: 4 players, 2 games per pairing (sides swapped)\n"
    ));
    assert!(stdout.contains("   4  bao engine\n"), "{stdout}");
    // Two games a pairing: the score after the result, e.g. "1-0 (2-0)".
    let round1 = stdout.lines().find(|l| l.starts_with("round 1: ")).unwrap();
    assert_eq!(round1.matches(" (").count(), 2, "{round1}");
    assert!(stdout.contains("   #  Player"), "{stdout}");
    assert!(stdout.contains("BH-C1"), "{stdout}");
}

#[test]
fn bad_options_are_refused_in_words() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["tournament", "--levels", "0-3"],
            "--levels \"0-3\": give a range such as 1-8 or a list such as 2,4,6 (levels 1 to 10)",
        ),
        (
            &["tournament", "--player", "3"],
            "a tournament needs at least 2 players: give --player, --levels or --player-cmd",
        ),
        (
            &["tournament", "--levels", "1-4", "--rounds", "4"],
            "--rounds 4: 4 players can play at most 3 Swiss rounds without meeting twice",
        ),
        (
            &[
                "tournament",
                "--levels",
                "1-4",
                "--format",
                "round-robin",
                "--rounds",
                "2",
            ],
            "--rounds: a round robin's rounds follow from its players",
        ),
        (
            &["tournament", "--levels", "1-4", "--games-per-pairing", "3"],
            "--games-per-pairing 3: a pairing plays 1 game, or 2 with the sides swapped",
        ),
    ];
    for (args, message) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!("bao: error: {message}\n"),
            "{args:?}"
        );
    }
}
