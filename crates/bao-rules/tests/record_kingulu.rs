//! Game records (notation.md §4) for Bao Kingulu: exact texts, round trips, errors.

use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::record::{game_of, GameRecord, RecordError};
use bao_rules::{EndReason, Game, Outcome, RuleSet, Side};

fn start() -> Kingulu {
    Kingulu::start(&Rules::default())
}

fn record_from(start: Kingulu, texts: &[&str]) -> GameRecord<Kingulu> {
    let mut record = GameRecord::new(start);
    let mut pos = start;
    for t in texts {
        let mv = pos.parse_move(t).unwrap();
        pos = pos.play(mv).unwrap();
        record.moves.push(mv);
    }
    record
}

/// The game where each side always plays its first legal move: South wins on the count
/// after 18 plies (G-R14).
const FIRST_MOVES: [&str; 18] = [
    "A3", "a1", "A1", "a3", "A2", "a4", "A2", "a6", "A2", "a3", "A1", "a4", "A2", "a2", "A1", "a4",
    "A4", "a3",
];

const FIRST_MOVES_TEXT: &str = "[Game \"kingulu\"]
[Rules \"default\"]
[Date \"2026.11.29\"]
[South \"Amina\"]
[North \"bao level 5\"]
[Result \"1-0\"]
[Termination \"score\"]

1. A3 a1 2. A1 a3 3. A2 a4 4. A2 a6 5. A2 a3 6. A1 a4 7. A2 a2 8. A1 a4 9. A4
a3 1-0
";

#[test]
fn finished_game_exact_text_and_round_trip() {
    let mut record = record_from(start(), &FIRST_MOVES);
    record.south = "Amina".to_string();
    record.north = "bao level 5".to_string();
    record.date = "2026.11.29".to_string();
    // The result is taken from the final position when not set.
    assert_eq!(
        record.current().outcome(),
        Some(Outcome {
            winner: Some(Side::South),
            reason: EndReason::Score
        })
    );
    assert_eq!(record.to_text(), FIRST_MOVES_TEXT);
    record.result = record.current().outcome();
    assert_eq!(record.to_text(), FIRST_MOVES_TEXT);

    let read: GameRecord<Kingulu> = GameRecord::from_text(FIRST_MOVES_TEXT).unwrap();
    assert_eq!(read, record);
    assert_eq!(read.positions().len(), 19);
    assert_eq!(read.positions()[0], start());
    assert_eq!(game_of(FIRST_MOVES_TEXT).unwrap(), "kingulu");
}

#[test]
fn unfinished_game_from_the_start() {
    let record = record_from(start(), &["A3", "a1", "A1"]);
    let text = record.to_text();
    assert_eq!(
        text,
        "[Game \"kingulu\"]\n[Rules \"default\"]\n[Date \"????.??.??\"]\n[South \"?\"]\n\
         [North \"?\"]\n[Result \"*\"]\n\n1. A3 a1 2. A1 *\n"
    );
    let read: GameRecord<Kingulu> = GameRecord::from_text(&text).unwrap();
    assert_eq!(read, record);
    assert_eq!(read.date, "");
    assert_eq!(read.result, None);
    // After A3 (G-T2).
    assert_eq!(
        read.positions()[1].to_text(),
        "1 0 6 6 0 1 / 6 6 2 7 0 6 ; S=7 N=0 ; North"
    );
}

#[test]
fn empty_record() {
    let record = GameRecord::new(start());
    let text = record.to_text();
    assert!(text.ends_with("[Result \"*\"]\n\n*\n"), "{text}");
    assert_eq!(GameRecord::<Kingulu>::from_text(&text).unwrap(), record);
    assert_eq!(record.positions(), vec![start()]);
    assert_eq!(record.current(), start());
}

#[test]
fn setup_with_north_to_move_numbers_from_1_dots() {
    let setup = "0 1 0 5*S 2 3 / 1 2 0 3 0 2 ; S=14 N=15 ; North"; // G-T6, notation.md §2
    let pos = Kingulu::from_text(setup, &Rules::default()).unwrap();
    let first = pos.move_text(pos.moves()[0]);
    let after = pos.play(pos.moves()[0]).unwrap();
    let mut texts = vec![first.clone()];
    let mut second = None;
    if after.outcome().is_none() {
        let t = after.move_text(after.moves()[0]);
        texts.push(t.clone());
        second = Some(t);
    }
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let record = record_from(pos, &refs);
    let text = record.to_text();
    assert!(text.contains(&format!("[Setup \"{setup}\"]\n")), "{text}");
    let movetext = text.split("\n\n").nth(1).unwrap();
    let token = match record.current().outcome() {
        None => "*",
        Some(o) if o.winner == Some(Side::South) => "1-0",
        Some(o) if o.winner == Some(Side::North) => "0-1",
        Some(_) => "1/2-1/2",
    };
    match &second {
        Some(s) => assert_eq!(movetext, format!("1... {first} 2. {s} {token}\n")),
        None => assert_eq!(movetext, format!("1... {first} {token}\n")),
    }
    let read: GameRecord<Kingulu> = GameRecord::from_text(&text).unwrap();
    assert_eq!(read, record);
    assert_eq!(read.start, pos);
}

#[test]
fn option_tags_round_trip() {
    let mut rules = Rules::default();
    rules.set_option("first-player", "north").unwrap();
    let start = Kingulu::start(&rules);
    assert_eq!(start.side_to_move(), Side::North);
    let mv = start.moves()[0];
    let first = start.move_text(mv);
    let mut record = GameRecord::new(start);
    record.moves.push(mv);
    let text = record.to_text();
    assert_eq!(
        text,
        format!(
            "[Game \"kingulu\"]\n[Rules \"default\"]\n[first-player \"north\"]\n\
             [Date \"????.??.??\"]\n[South \"?\"]\n[North \"?\"]\n[Result \"*\"]\n\n1... {first} *\n"
        )
    );
    let read: GameRecord<Kingulu> = GameRecord::from_text(&text).unwrap();
    assert_eq!(read, record);
    assert_eq!(read.rules, rules);
}

#[test]
fn lenient_reading() {
    // Extra spaces, glued numbers, a comment, tags in another order, PGN tags ignored.
    let text = "[Result \"*\"]\n[Event \"club night\"]\n[Game   \"kingulu\"]\n\n\
                1.A3   a1 {a quiet move}\n 2.  A1\n*";
    let read: GameRecord<Kingulu> = GameRecord::from_text(text).unwrap();
    assert_eq!(read, record_from(start(), &["A3", "a1", "A1"]));
    assert_eq!(read.south, "?");
}

#[test]
fn illegal_move_reports_its_number() {
    let text = "[Game \"kingulu\"]\n\n1. A3 a1 2. A1 a3 3. A6 *\n";
    // After 1. A3 a1 2. A1 a3, is A6 legal? The error must name move 3 whatever the reason.
    let record = record_from(start(), &["A3", "a1", "A1", "a3"]);
    let pos = record.current();
    let legal: Vec<String> = pos.moves().iter().map(|&m| pos.move_text(m)).collect();
    let illegal = ["A1", "A2", "A3", "A4", "A5", "A6"]
        .into_iter()
        .find(|t| !legal.iter().any(|l| l == t))
        .expect("some pit is not playable");
    let text = text.replace("3. A6", &format!("3. {illegal}"));
    match GameRecord::<Kingulu>::from_text(&text) {
        Err(RecordError::IllegalMove {
            number,
            side,
            text: t,
            message,
        }) => {
            assert_eq!((number, side, t.as_str()), (3, Side::South, illegal));
            assert!(!message.is_empty());
        }
        other => panic!("expected IllegalMove, got {other:?}"),
    }
    let err = GameRecord::<Kingulu>::from_text("[Game \"kingulu\"]\n\n1. A3 z9 *\n").unwrap_err();
    assert!(
        matches!(&err, RecordError::IllegalMove { number: 1, side: Side::North, text, .. } if text == "z9"),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("move 1... z9: "), "{err}");
}

#[test]
fn errors_name_what_is_wrong() {
    let read = GameRecord::<Kingulu>::from_text;
    assert_eq!(
        read("[Game \"kiswahili\"]\n\n*\n").unwrap_err(),
        RecordError::WrongGame {
            expected: "kingulu".to_string(),
            found: "kiswahili".to_string()
        }
    );
    assert_eq!(
        read("[Game \"chess\"]\n\n*\n").unwrap_err(),
        RecordError::UnknownGame("chess".to_string())
    );
    assert_eq!(read("1. A3 *\n").unwrap_err(), RecordError::NoGameTag);
    assert_eq!(
        game_of("[Game \"chess\"]\n").unwrap_err(),
        RecordError::UnknownGame("chess".into())
    );
    assert!(matches!(
        read("[Game \"kingulu\"]\n[Rules \"fast\"]\n\n*\n").unwrap_err(),
        RecordError::Rules(_)
    ));
    // A tag that is not a rule option is ignored (PGN style).
    assert_eq!(
        read("[Game \"kingulu\"]\n[no-such-option \"x\"]\n\n*\n").unwrap(),
        GameRecord::new(start())
    );
    assert!(matches!(
        read("[Game \"kingulu\"]\n[Setup \"1 2 3\"]\n\n*\n").unwrap_err(),
        RecordError::Setup(_)
    ));
    assert_eq!(
        read("[Game \"kingulu\"]\n[South Amina]\n\n*\n").unwrap_err(),
        RecordError::Syntax {
            line: 2,
            message: "tag South: the value must be in double quotes, found \"Amina\"".to_string()
        }
    );
    assert_eq!(
        read("[Game \"kingulu\"]\n\n1. A3 a1 3. A1 *\n").unwrap_err(),
        RecordError::Syntax {
            line: 3,
            message: "move number \"3.\" where 2. was expected".to_string()
        }
    );
    assert_eq!(
        read("[Game \"kingulu\"]\n[Result \"1-0\"]\n\n1. A3 0-1\n").unwrap_err(),
        RecordError::Syntax {
            line: 4,
            message: "result token 0-1 differs from the Result tag 1-0".to_string()
        }
    );
    assert_eq!(
        read("[Game \"kingulu\"]\n\n1. A3 * a1\n").unwrap_err(),
        RecordError::Syntax {
            line: 3,
            message: "\"a1\" after the result token".to_string()
        }
    );
    // A result that contradicts the final position.
    let wrong = FIRST_MOVES_TEXT.replace("1-0", "0-1");
    assert_eq!(
        read(&wrong).unwrap_err(),
        RecordError::Syntax {
            line: 6,
            message: "Result 0-1 contradicts the final position: South won, the seeds were counted"
                .to_string()
        }
    );
    // Moves after the end.
    let more = FIRST_MOVES_TEXT.replace("a3 1-0", "a3 10. A1 1-0");
    assert!(matches!(
        read(&more).unwrap_err(),
        RecordError::IllegalMove { number: 10, side: Side::South, message, .. } if message == "the game is already over (the seeds were counted)"
    ));
}

#[test]
fn adjudicated_result_of_an_unfinished_game() {
    let text = "[Game \"kingulu\"]\n[Result \"1/2-1/2\"]\n[Termination \"adjudicated\"]\n\n1. A3 1/2-1/2\n";
    let read: GameRecord<Kingulu> = GameRecord::from_text(text).unwrap();
    assert_eq!(
        read.result,
        Some(Outcome {
            winner: None,
            reason: EndReason::Adjudicated
        })
    );
    let written = read.to_text();
    assert!(
        written.ends_with("[Result \"1/2-1/2\"]\n[Termination \"adjudicated\"]\n\n1. A3 1/2-1/2\n"),
        "{written}"
    );
    assert_eq!(GameRecord::<Kingulu>::from_text(&written).unwrap(), read);
    // A board reason for a game that is not over is refused.
    let bad = text.replace("adjudicated", "no legal move");
    assert!(matches!(
        GameRecord::<Kingulu>::from_text(&bad).unwrap_err(),
        RecordError::Syntax { line: 3, .. }
    ));
}

#[test]
fn names_with_quotes_are_escaped() {
    let mut record = GameRecord::new(start());
    record.south = "Ali \"the Lion\" \\ Juma".to_string();
    let text = record.to_text();
    assert!(
        text.contains("[South \"Ali \\\"the Lion\\\" \\\\ Juma\"]\n"),
        "{text}"
    );
    assert_eq!(GameRecord::<Kingulu>::from_text(&text).unwrap(), record);
}

#[test]
fn several_records_in_one_text() {
    let one = record_from(start(), &["A3"]).to_text();
    let two = record_from(start(), &["A3", "a1"]).to_text();
    let text = format!("{one}\n{two}\n");
    let pieces = bao_rules::record::split_records(&text);
    assert_eq!(pieces.len(), 2);
    assert_eq!(pieces[0], format!("{one}\n"));
    assert_eq!(pieces[1], format!("{two}\n"));
    let games: Vec<GameRecord<Kingulu>> = pieces
        .iter()
        .map(|p| GameRecord::from_text(p).unwrap())
        .collect();
    assert_eq!(games[1].moves.len(), 2);
    assert_eq!(
        bao_rules::record::split_records(FIRST_MOVES_TEXT),
        [FIRST_MOVES_TEXT]
    );
    assert_eq!(bao_rules::record::split_records(""), Vec::<&str>::new());
}

#[test]
fn resignation_reads_as_a_decided_result() {
    for (termination, reason) in [
        ("", EndReason::OffBoard),
        ("[Termination \"agreement\"]\n", EndReason::OffBoard),
        ("[Termination \"resignation\"]\n", EndReason::Resignation),
        ("[Termination \"Resigned\"]\n", EndReason::Resignation),
        ("[Termination \"time\"]\n", EndReason::Time),
    ] {
        let text = format!("[Game \"kingulu\"]\n[Result \"0-1\"]\n{termination}\n1. A3 0-1\n");
        let read: GameRecord<Kingulu> = GameRecord::from_text(&text).unwrap();
        assert_eq!(
            read.result,
            Some(Outcome {
                winner: Some(Side::North),
                reason
            }),
            "{termination:?}"
        );
    }
    let err = GameRecord::<Kingulu>::from_text(
        "[Game \"kingulu\"]\n[Result \"0-1\"]\n[Termination \"boredom\"]\n\n1. A3 0-1\n",
    )
    .unwrap_err();
    assert_eq!(
        err,
        RecordError::Syntax {
            line: 3,
            message: "Termination \"boredom\" is not one of bao hamna, no legal move, front row empty, score, repetition, adjudicated, resignation, time".to_string()
        }
    );
}

#[test]
fn a_loss_on_time_is_written_and_read_back() {
    use bao_rules::GameLine;
    let mut line = GameLine::new(Kingulu::start(&Rules::default()));
    let mv = line.legal_moves()[0];
    line.play(mv).unwrap();
    line.lose_on_time(Side::North).unwrap();
    assert_eq!(line.end_sentence().unwrap(), "South wins on time");
    let text = line.record_text();
    assert!(text.contains("[Termination \"time\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    let back = GameLine::<Kingulu>::from_record_text(&text).unwrap();
    assert_eq!(
        back.outcome(),
        Some(Outcome {
            winner: Some(Side::South),
            reason: EndReason::Time
        })
    );
    let drawn = text
        .replace("[Result \"1-0\"]", "[Result \"1/2-1/2\"]")
        .replace(" 1-0", " 1/2-1/2");
    assert!(GameLine::<Kingulu>::from_record_text(&drawn).is_err());
}
