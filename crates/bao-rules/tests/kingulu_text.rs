//! Position and move texts of Bao Kingulu (notation.md §2–§3): validation of I1–I4 with
//! every reason, syntax errors naming field and text, move annotations, and "no panic on
//! arbitrary text" (proptest).

use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{Game, PositionError};
use proptest::prelude::*;

fn parse(text: &str) -> Result<Kingulu, PositionError> {
    Kingulu::from_text(text, &Rules::default())
}

fn invalid_reasons(text: &str) -> Vec<String> {
    match parse(text) {
        Err(PositionError::Invalid(r)) => r,
        other => panic!("expected an invalid position for {text:?}, got {other:?}"),
    }
}

fn syntax(text: &str) -> (String, String, String) {
    match parse(text) {
        Err(PositionError::Syntax {
            field,
            text,
            message,
        }) => (field, text, message),
        other => panic!("expected a syntax error for {text:?}, got {other:?}"),
    }
}

#[test]
fn invalid_positions_report_every_reason() {
    // I1 (47 seeds), I2 (a3 reserved by North in North's own row), I3 (A2 reserved with 3).
    let r = invalid_reasons("4 4 4 4*N 4 4 / 4 3*N 4 4 4 4 ; S=0 N=0 ; South");
    assert_eq!(
        r,
        [
            "reserved pit A2 holds 3 seeds; a reserved pit holds 4 or 5 (G-I3)",
            "pit a3 is reserved by North but lies in North's own row; a pit can only be reserved in the opponent's row (G-I2)",
            "the pits and stores hold 47 seeds in all; Bao Kingulu has 48 (G-I1)",
        ]
    );
}

#[test]
fn invalid_totals_and_counts() {
    let r = invalid_reasons("4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=1 N=0 ; South");
    assert_eq!(
        r,
        ["the pits and stores hold 49 seeds in all; Bao Kingulu has 48 (G-I1)"]
    );
    let r = invalid_reasons("0 0 0 0 0 0 / 0 0 0 0 0 60 ; S=0 N=0 ; South");
    assert_eq!(
        r,
        [
            "pit A6 holds 60 seeds, more than the 48 of the game",
            "the pits and stores hold 60 seeds in all; Bao Kingulu has 48 (G-I1)"
        ]
    );
    let r = invalid_reasons("0 0 0 0 0 0 / 0 0 0 0 0 0 ; S=50 N=0 ; South");
    assert_eq!(
        r,
        [
            "South's store holds 50 seeds, more than the 48 of the game",
            "the pits and stores hold 50 seeds in all; Bao Kingulu has 48 (G-I1)"
        ]
    );
    // Reserved with 6 seeds in the right row: only I3.
    let r = invalid_reasons("4 4 4 6*S 4 2 / 4 4 4 4 4 4 ; S=0 N=0 ; South");
    assert_eq!(
        r,
        ["reserved pit a3 holds 6 seeds; a reserved pit holds 4 or 5 (G-I3)"]
    );
}

#[test]
fn syntax_errors_name_field_and_text() {
    let (f, t, m) = syntax("4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0");
    assert_eq!(f, "position");
    assert!(t.contains("S=0 N=0"));
    assert!(m.contains("3 fields"), "{m}");
    let (f, _, m) = syntax("4 4 4 4 4 4 4 4 4 4 4 4 ; S=0 N=0 ; South");
    assert_eq!(f, "board");
    assert!(m.contains("2 rows"), "{m}");
    let (f, t, m) = syntax("4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South");
    assert_eq!((f.as_str(), t.as_str()), ("row a", "4 4 4 4 4"));
    assert!(m.contains("expected 6 pits, found 5"), "{m}");
    let (f, t, _) = syntax("4 4 4 4 4 4 / 4 4 x 4 4 4 ; S=0 N=0 ; South");
    assert_eq!((f.as_str(), t.as_str()), ("pit A3", "x"));
    let (f, t, m) = syntax("4 4 4 4*Q 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South");
    assert_eq!((f.as_str(), t.as_str()), ("pit a3", "4*Q"));
    assert!(m.contains("*S or *N"), "{m}");
    let (f, t, _) = syntax("4 4 4 4 4 4 / 4 4 4 4 4 999 ; S=0 N=0 ; South");
    assert_eq!((f.as_str(), t.as_str()), ("pit A6", "999"));
    let (f, t, _) = syntax("4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 X=0 ; South");
    assert_eq!((f.as_str(), t.as_str()), ("stores", "X=0"));
    let (f, t, m) = syntax("4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 S=0 ; South");
    assert_eq!((f.as_str(), t.as_str()), ("stores", "S=0"));
    assert!(m.contains("twice"), "{m}");
    let (f, t, _) = syntax("4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=-1 ; South");
    assert_eq!((f.as_str(), t.as_str()), ("stores", "N=-1"));
    let (f, t, _) = syntax("4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; East");
    assert_eq!((f.as_str(), t.as_str()), ("side", "East"));
    // The Display of the error names the field and text.
    let e = parse("4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; East").unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot read position field side: expected South or North (the side to move) (text \"East\")"
    );
}

#[test]
fn stores_in_either_order() {
    let p = parse("4 4 4 4 4 4 / 4 4 4 4 4 0 ; N=1 S=3 ; North").unwrap();
    assert_eq!(p.to_text(), "4 4 4 4 4 4 / 4 4 4 4 4 0 ; S=3 N=1 ; North");
}

#[test]
fn move_texts_and_annotations() {
    let start = Kingulu::start(&Rules::default());
    let err = |t: &str| start.parse_move(t).unwrap_err().to_string();
    assert_eq!(start.move_text(start.parse_move(" A3 ").unwrap()), "A3");
    assert!(err("").contains("empty move text"));
    assert!(err("B3").contains("row letter"));
    assert!(err("A7").contains("1..6"));
    assert!(err("A").contains("missing pit number"));
    assert!(err("A3?").contains("unexpected '?'"));
    assert!(err("A3xx").contains("twice"));
    // Typed the Bao la Kiswahili way.
    for typed in ["A3<", "A3>", "A3>+", "a5<"] {
        let pit = &typed[..2];
        assert_eq!(
            err(typed),
            format!(
                "move {typed:?}: Bao Kingulu moves have no direction: type just the pit, e.g. {pit}"
            )
        );
    }
    assert!(err("a3").contains("a3 is North's pit but South is to move (G-R1)"));
    assert!(err("A1")
        .contains("illegal: its first lap ends in A5, an occupied pit of South's own row (G-R7)"));
    assert!(err("A5x").contains("does not (G-R8)"));
    assert!(err("A3^").contains("does not (G-R9)"));
    assert!(err("A3#").contains("still has a legal move"));
    // A3 captures (T2): x is right.
    assert!(start.parse_move("A3x").is_ok());
    assert_eq!(
        start
            .annotated_move_text(start.parse_move("A3").unwrap())
            .unwrap(),
        "A3x"
    );
    assert_eq!(
        start
            .annotated_move_text(start.parse_move("A5").unwrap())
            .unwrap(),
        "A5"
    );
}

#[test]
fn play_errors_say_why() {
    let start = Kingulu::start(&Rules::default());
    let a1 = bao_rules::kingulu::Move::new(0).unwrap();
    let e = start.play(a1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal move A1: its first lap ends in A5, an occupied pit of South's own row (G-R7)"
    );
    let over = parse("0 0 0 0 0 0 / 0 0 0 0 0 2 ; S=24 N=22 ; North").unwrap();
    assert_eq!(over.play(a1), Err(bao_rules::PlayError::GameOver));
    assert!(bao_rules::kingulu::Move::new(12).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// No panic on arbitrary text: parsing positions and moves only ever errors.
    #[test]
    fn no_panic_on_arbitrary_text(s in "\\PC{0,80}") {
        // A text is a position exactly when it round-trips; an error says what is wrong.
        match parse(&s) {
            Ok(p) => prop_assert_eq!(parse(&p.to_text()), Ok(p)),
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
        // A move text is accepted exactly when it names a legal move, whose canonical
        // text parses back to it; a refusal names the text.
        let start = Kingulu::start(&Rules::default());
        match start.parse_move(&s) {
            Ok(m) => {
                prop_assert!(start.moves().contains(&m));
                prop_assert_eq!(start.parse_move(&start.move_text(m)), Ok(m));
            }
            Err(e) => prop_assert!(!e.message.is_empty()),
        }
    }

    /// No panic on position-like text (tokens the parser knows, in random places).
    #[test]
    fn no_panic_on_position_like_text(
        toks in proptest::collection::vec(
            prop_oneof![
                Just("4".to_string()), Just("0".to_string()), Just("5*S".to_string()),
                Just("4*N".to_string()), Just("/".to_string()), Just(";".to_string()),
                Just("S=0".to_string()), Just("N=7".to_string()), Just("South".to_string()),
                Just("North".to_string()), Just("*".to_string()), Just("255".to_string()),
                Just("256".to_string()), "[0-9]{1,3}", "[0-9]{1,2}\\*[SNX]",
            ],
            0..30,
        )
    ) {
        let text = toks.join(" ");
        if let Ok(p) = parse(&text) {
            // Valid positions round-trip and every move text is handled.
            prop_assert_eq!(parse(&p.to_text()), Ok(p));
            let moves = p.moves();
            for m in ["A1", "A6", "a1", "a6x", "A3^#"] {
                if let Ok(mv) = p.parse_move(m) {
                    prop_assert!(moves.contains(&mv), "{} in {}", m, text);
                }
            }
            // Game over exactly when no move is legal (G-R12).
            prop_assert_eq!(p.outcome().is_some(), moves.is_empty());
        }
    }

    /// Valid random positions from seed distributions round-trip exactly.
    #[test]
    fn valid_texts_round_trip(
        cuts in proptest::collection::vec(0u32..=48, 13),
        north in any::<bool>(),
    ) {
        let mut c = cuts.clone();
        c.sort_unstable();
        let mut counts = [0u32; 14];
        let mut prev = 0;
        for (i, &x) in c.iter().enumerate() {
            counts[i] = x - prev;
            prev = x;
        }
        counts[13] = 48 - prev;
        let row_a: Vec<String> = (0..6).map(|i| counts[i].to_string()).collect();
        let row_b: Vec<String> = (6..12).map(|i| counts[i].to_string()).collect();
        let text = format!(
            "{} / {} ; S={} N={} ; {}",
            row_a.join(" "), row_b.join(" "), counts[12], counts[13],
            if north { "North" } else { "South" }
        );
        let p = parse(&text).unwrap();
        prop_assert_eq!(p.to_text(), text);
    }
}
