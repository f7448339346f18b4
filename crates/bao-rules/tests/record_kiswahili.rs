//! Game records (notation.md §4) for Bao la Kiswahili: exact texts, round trips, errors.

use bao_rules::kiswahili::{Kiswahili, Rules};
use bao_rules::record::{GameRecord, RecordError};
use bao_rules::{EndReason, Game, Outcome, RuleSet, Side};

fn start() -> Kiswahili {
    Kiswahili::start(&Rules::default())
}

/// A whole game, won by North by bao hamna (K-R12.1) at move 30.
const FINISHED: &str = "[Game \"kiswahili\"]
[Rules \"mancala-world\"]
[Date \"2026.11.29\"]
[South \"Juma\"]
[North \"Amina\"]
[Result \"0-1\"]
[Termination \"bao hamna\"]

1. A6< a6> 2. A4< a1> 3. A3< a7< 4. A5> a7< 5. A7< a7> 6. A7< a8< 7. A2> a4> 8.
A3< a2> 9. A3< a8< 10. A4> a1> 11. A1> a1> 12. A5< a5> 13. A6> a7< 14. A4> a3<
15. A2> a8< 16. A2> a3< 17. A5< a3< 18. A4> a1> 19. A5< a8< 20. A5< a7< 21. A8<
a6> 22. A5< a7< 23. B7> a8> 24. A5> b8> 25. A6< b5> 26. B1< a6< 27. A7< a5> 28.
A3> a8< 29. A5< a4> 30. B5> b1< 0-1
";

#[test]
fn finished_game_round_trip() {
    let record: GameRecord<Kiswahili> = GameRecord::from_text(FINISHED).unwrap();
    assert_eq!(record.moves.len(), 60);
    assert_eq!(record.south, "Juma");
    assert_eq!(record.north, "Amina");
    assert_eq!(record.date, "2026.11.29");
    assert_eq!(record.start, start());
    let outcome = Some(Outcome {
        winner: Some(Side::North),
        reason: EndReason::BaoHamna,
    });
    assert_eq!(record.result, outcome);
    assert_eq!(record.current().outcome(), outcome);
    assert_eq!(record.positions().len(), 61);
    assert_eq!(record.to_text(), FINISHED);
    // Written without a result, the final position's outcome is written.
    let mut unset = record.clone();
    unset.result = None;
    assert_eq!(unset.to_text(), FINISHED);
}

#[test]
fn safari_moves_keep_their_plus() {
    let text = "[Game \"kiswahili\"]\n[Rules \"mancala-world\"]\n[Date \"????.??.??\"]\n\
                [South \"?\"]\n[North \"?\"]\n[Result \"*\"]\n\n\
                1. A6< a5< 2. A3< a5< 3. A3< a5< 4. A7< a8< 5. A3< a7< 6. A5< a6<+ *\n";
    let record: GameRecord<Kiswahili> = GameRecord::from_text(text).unwrap();
    assert_eq!(record.moves.len(), 12);
    let positions = record.positions();
    assert_eq!(positions[11].move_text(record.moves[11]), "a6<+");
    assert_eq!(record.to_text(), text);
    // The same move without + (stop at the nyumba) is another move and another game.
    let stop = text.replace("a6<+", "a6<");
    let other: GameRecord<Kiswahili> = GameRecord::from_text(&stop).unwrap();
    assert_ne!(other.current(), record.current());
    assert_eq!(other.to_text(), stop);
}

#[test]
fn annotations_are_checked_and_dropped() {
    let text = "[Game \"kiswahili\"]\n\n1. A6>* a6<* *\n";
    let record: GameRecord<Kiswahili> = GameRecord::from_text(text).unwrap();
    assert!(record.to_text().ends_with("\n\n1. A6> a6< *\n"));
    let err =
        GameRecord::<Kiswahili>::from_text("[Game \"kiswahili\"]\n\n1. A6># *\n").unwrap_err();
    assert_eq!(
        err,
        RecordError::IllegalMove {
            number: 1,
            side: Side::South,
            text: "A6>#".to_string(),
            message: "annotated `#` (wins) but the move does not win".to_string()
        }
    );
    assert_eq!(
        err.to_string(),
        "move 1. A6>#: annotated `#` (wins) but the move does not win"
    );
}

#[test]
fn illegal_move_is_reported_with_its_number() {
    let err = GameRecord::<Kiswahili>::from_text("[Game \"kiswahili\"]\n\n1. A6> a6< 2. B1> *\n")
        .unwrap_err();
    match err {
        RecordError::IllegalMove {
            number, side, text, ..
        } => assert_eq!((number, side, text.as_str()), (2, Side::South, "B1>")),
        other => panic!("expected IllegalMove, got {other:?}"),
    }
    let err =
        GameRecord::<Kiswahili>::from_text("[Game \"kiswahili\"]\n\n1. A6> A6< *\n").unwrap_err();
    assert!(
        matches!(&err, RecordError::IllegalMove { number: 1, side: Side::North, text, .. } if text == "A6<"),
        "{err:?}"
    );
}

#[test]
fn profiles_options_and_setup() {
    // The kujifunza profile has its own start: no Setup tag for it.
    let rules = Rules::profile("kujifunza").unwrap();
    let start = Kiswahili::start(&rules);
    let mv = start.moves()[0];
    let first = start.move_text(mv);
    let mut record = GameRecord::new(start);
    record.moves.push(mv);
    let text = record.to_text();
    assert_eq!(
        text,
        format!(
            "[Game \"kiswahili\"]\n[Rules \"kujifunza\"]\n[Date \"????.??.??\"]\n[South \"?\"]\n\
             [North \"?\"]\n[Result \"*\"]\n\n1. {first} *\n"
        )
    );
    assert_eq!(GameRecord::<Kiswahili>::from_text(&text).unwrap(), record);

    // An option that differs from the profile gets its own tag.
    let mut rules = Rules::profile("de-voogt").unwrap();
    let default_takasia = rules
        .options()
        .into_iter()
        .find(|(n, _)| *n == "takasia")
        .unwrap()
        .1;
    let flipped = if default_takasia == "on" { "off" } else { "on" };
    rules.set_option("takasia", flipped).unwrap();
    let record = GameRecord::new(Kiswahili::start(&rules));
    let text = record.to_text();
    assert!(
        text.starts_with(&format!(
            "[Game \"kiswahili\"]\n[Rules \"de-voogt\"]\n[takasia \"{flipped}\"]\n[Date "
        )),
        "{text}"
    );
    let read: GameRecord<Kiswahili> = GameRecord::from_text(&text).unwrap();
    assert_eq!(read.rules, rules);
    assert_eq!(read, record);

    // A start that is not the profile's start is written as Setup.
    let setup = "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -";
    let pos = Kiswahili::from_text(setup, &Rules::default()).unwrap();
    let mut record = GameRecord::new(pos);
    record.moves.push(pos.parse_move("a6<").unwrap());
    let text = record.to_text();
    assert!(text.contains(&format!("[Setup \"{setup}\"]\n")), "{text}");
    assert!(text.ends_with("\n\n1... a6< *\n"), "{text}");
    assert_eq!(GameRecord::<Kiswahili>::from_text(&text).unwrap(), record);

    // A bad Setup names the field.
    let err = GameRecord::<Kiswahili>::from_text("[Game \"kiswahili\"]\n[Setup \"1 2 3\"]\n\n*\n")
        .unwrap_err();
    assert!(matches!(err, RecordError::Setup(_)), "{err:?}");
    assert!(
        err.to_string()
            .starts_with("Setup tag: cannot read position field"),
        "{err}"
    );
}

#[test]
fn wrong_result_is_refused() {
    let wrong = FINISHED
        .replace("[Result \"0-1\"]", "[Result \"1-0\"]")
        .replace("b1< 0-1", "b1< 1-0");
    assert_eq!(
        GameRecord::<Kiswahili>::from_text(&wrong).unwrap_err(),
        RecordError::Syntax {
            line: 6,
            message: "Result 1-0 contradicts the final position: North won, the loser's front row was emptied (bao hamna)".to_string()
        }
    );
    let wrong = FINISHED.replace("bao hamna", "no legal move");
    assert_eq!(
        GameRecord::<Kiswahili>::from_text(&wrong).unwrap_err(),
        RecordError::Syntax {
            line: 7,
            message: "Termination \"no legal move\" contradicts the final position: North won, the loser's front row was emptied (bao hamna)".to_string()
        }
    );
}
