//! TRF-16 files: what is written reads back identically; bad lines are named.

use bao_swiss::trf::{read, write, TrfError};
use bao_swiss::{Colour, Entry, ResultCode};
use std::path::Path;

fn cases() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bbp");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

#[test]
fn written_files_read_back_identically() {
    for text in cases() {
        let t = read(&text).unwrap();
        let again = read(&write(&t)).unwrap();
        assert_eq!(again, t);
        // And writing is stable.
        assert_eq!(write(&again), write(&t));
    }
}

/// A player line with its fields in their columns; `rounds` are 8-character blocks
/// (`"   2 w 1"`).
fn player(start: u32, name: &str, points: &str, rounds: &[&str]) -> String {
    let mut l: Vec<char> = vec![' '; 89];
    let mut put = |at: usize, text: &str| {
        for (i, c) in text.chars().enumerate() {
            l[at + i] = c;
        }
    };
    put(0, "001");
    put(4, &format!("{start:>4}"));
    put(14, name);
    put(80, &format!("{points:>4}"));
    put(85, &format!("{start:>4}"));
    let mut line: String = l.into_iter().collect();
    for r in rounds {
        line.push_str("  ");
        line.push_str(r);
    }
    line
}

#[test]
fn a_line_reads_field_by_field() {
    let file = format!(
        "012 Club\nXXR 5\nXXC black1\n{}\n{}\n",
        player(1, "One", "1.5", &["   2 b 0", "0000 - U", "   2 w ="]),
        player(2, "Two", "1.5", &["   1 w 1", "0000 - Z", "   1 b ="]),
    );
    let t = read(&file).unwrap();
    assert_eq!(t.total_rounds, Some(5));
    assert_eq!(t.initial_colour, Some(Colour::Black));
    assert_eq!(t.other_lines, ["012 Club"]);
    let one = &t.players[0];
    assert_eq!((one.start, one.name.as_str(), one.points), (1, "One", 15));
    assert_eq!(
        one.rounds,
        [
            Entry {
                opponent: Some(2),
                colour: Some(Colour::Black),
                result: ResultCode::Loss
            },
            Entry {
                opponent: None,
                colour: None,
                result: ResultCode::PairingBye
            },
            Entry {
                opponent: Some(2),
                colour: Some(Colour::White),
                result: ResultCode::Draw
            },
        ]
    );
    assert_eq!(t.players[1].rounds[1].result, ResultCode::ZeroBye);
    // A name with letters outside ASCII keeps the columns (they count characters).
    let file = file.replace("One", "Öné");
    assert_eq!(read(&file).unwrap().players[0].name, "Öné");
}

fn error(file: &str) -> TrfError {
    read(file).unwrap_err()
}

#[test]
fn bad_lines_are_named_with_their_number() {
    let good = format!(
        "{}\n{}\n",
        player(1, "One", "1.0", &["   2 w 1"]),
        player(2, "Two", "0.0", &["   1 b 0"])
    );
    assert!(read(&good).is_ok());
    let e = error(&good.replace("2 w 1", "2 w 7"));
    assert_eq!(e.line, 1);
    assert_eq!(
        e.to_string(),
        "line 1: round 1: unknown result '7' (column 99; 1 = 0 + - W D L H F U Z)"
    );
    let e = error(&good.replace("2 w 1", "2 x 1"));
    assert_eq!(
        e.to_string(),
        "line 1: round 1: colour (column 97) must be w, b or -, not 'x'"
    );
    let e = error(&format!("XXR 3\n{}", good.replace("1 b 0", "1 w 0")));
    assert_eq!(e.line, 2);
    assert_eq!(
        e.to_string(),
        "line 2: round 1: players 1 and 2 have the same colour"
    );
    let e = error(&good.replace(" 1.0    1", " 2.0    1"));
    assert_eq!(
        e.to_string(),
        "line 1: player 1: points column says 2.0 but the results add up to 1.0"
    );
    let e = error(&good.replace("1 b 0", "1 b 1"));
    assert_eq!(
        e.to_string(),
        "line 1: round 1: results '1' (player 1) and '1' (player 2) do not fit together"
    );
    let e = error(&format!("{good}001    3      Again\n"));
    assert_eq!(e.line, 3);
    assert!(e.what.starts_with("player line too short"), "{e}");
    let e = error(&format!("{good}{}\n", player(1, "Again", "0.0", &[])));
    assert_eq!(e.to_string(), "line 3: start number 1 repeated (line 1)");
    let e = error(&format!("{good}XXR many\n"));
    assert_eq!(
        e.to_string(),
        "line 3: XXR needs a number of rounds 1..99, not \"many\""
    );
    let e = error(&good.replace("   2 w 1", "    2w 1"));
    assert_eq!(e.line, 1);
    assert_eq!(
        e.to_string(),
        "line 1: round 1: column 96 should be blank (misaligned round block?)"
    );
    // Everyone absent from round 1: it counts as played (the round to pair is 2), so
    // its half-point bye belongs in the points column.
    let absent = format!(
        "{}\n{}\n",
        player(1, "One", "0.0", &["0000 - Z"]),
        player(2, "Two", "0.0", &["0000 - H"])
    );
    assert_eq!(
        error(&absent).to_string(),
        "line 2: player 2: points column says 0.0 but the results add up to 0.5"
    );
    assert!(read(&absent.replace("0.0    2", "0.5    2")).is_ok());
    let e = error(&good.replace("001    2", "001    7"));
    assert_eq!(
        e.to_string(),
        "line 2: start number 7 but only 2 players: start numbers must run 1..2"
    );
}

#[test]
fn trf_2026_lines_read_as_their_trf_16_equivalents() {
    // 3-1-0 points, the bye worth a draw; player 2 announced a half-point bye (240) for
    // round 3, the round to pair.
    let players = format!(
        "{}\n{}\n{}\n",
        player(1, "One", "4.0", &["   2 w 1", "   2 b ="]),
        player(2, "Two", "1.0", &["   1 b 0", "   1 w ="]),
        player(3, "Three", "0.0", &[]),
    );
    let new = format!(
        "012 Club\n142 5\n152 B\n162  W 3.0    D 1.0    P 1.0\n192 FIDE_DUTCH_2017\n\
         240 H 003    2\n{players}"
    );
    let old = format!(
        "012 Club\n192 FIDE_DUTCH_2017\nXXR 5\nXXC black1\nBBW  3.0\nBBD  1.0\nBBU  1.0\n{}",
        players.replace("   1 w =", "   1 w =  0000 - H")
    );
    let (a, b) = (read(&new).unwrap(), read(&old).unwrap());
    assert_eq!(a, b);
    assert_eq!(a.edition, Some(bao_swiss::Edition::Dutch2017));
    assert_eq!(
        (a.points.win, a.points.draw, a.points.pairing_bye),
        (30, 10, 10)
    );
    assert_eq!(a.players[1].rounds[2].result, ResultCode::HalfBye);
    assert_eq!(read(&write(&a)).unwrap(), a);
    // FIDE_DUTCH is the rules in force; a 240 line of a played round is kept as it is.
    let in_force = new
        .replace("FIDE_DUTCH_2017", "FIDE_DUTCH")
        .replace("240 H 003", "240 H 001");
    let c = read(&in_force).unwrap();
    assert_eq!(c.edition, Some(bao_swiss::Edition::Dutch2025));
    assert_eq!(c.other_lines, ["012 Club", "240 H 001    2"]);
    assert_eq!(c.players[1].rounds.len(), 2);
    // What the engine does not do is refused, naming the line.
    for (line, what) in [
        ("192 FIDE_DUTCH_2025_BAKU", "line 1: 192 FIDE_DUTCH_2025_BAKU: accelerated pairings (Baku) are not supported by this engine"),
        ("250      1.0 001 002    1    2", "line 1: 250 (accelerated pairings) is not supported by this engine"),
        ("260 001 002    1    2", "line 1: 260 (pairings prohibited in some rounds) is not supported: XXP forbids a pair in every round"),
        ("162  X 0.5", "line 1: 162: X (unknown results) is not supported"),
        ("162  W 1.0 D 0.5", "line 1: 162: column 11 should be blank (a code every 9 columns from 6)"),
        ("152 white", "line 1: 152 needs W or B (the initial colour), not \"white\""),
        ("240 Q 003    2", "line 1: 240: the bye type (column 5) must be F, H or Z, not Some('Q')"),
        ("240 H 003    9", "line 1: 240 names player 9, who is not in the file"),
    ] {
        assert_eq!(error(&format!("{line}\n{players}")).to_string(), what);
    }
}
