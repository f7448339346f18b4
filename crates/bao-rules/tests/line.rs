//! The game in progress (`GameLine`): repetition (G-R15, T32), max plies (K-R12.4),
//! resignation, undo, players and records.

use bao_rules::kingulu::{Kingulu, Repetition, Rules as KRules};
use bao_rules::kiswahili::{Kiswahili, Rules as SRules};
use bao_rules::line::check_work;
use bao_rules::record::{GameRecord, RecordError};
use bao_rules::{EndReason, Game, GameLine, LineError, Outcome, Player, RuleSet, Side};

const T32: &str = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";

fn t32_line(rules: &KRules) -> GameLine<Kingulu> {
    GameLine::new(Kingulu::from_text(T32, rules).unwrap())
}

fn texts<G: Game>(line: &GameLine<G>) -> Vec<String> {
    let pos = line.current();
    line.legal_moves()
        .iter()
        .map(|&m| pos.move_text(m))
        .collect()
}

/// G-R15, T32: the third occurrence ends the game, scored by G-R14: South 27–21.
#[test]
fn t32_third_occurrence_ends_the_game() {
    let mut line = t32_line(&KRules::default());
    line.play_text("A6").unwrap();
    assert_eq!(
        line.current().to_text(),
        "1 6 0 6 4 1 / 1 2 1 4 1 0 ; S=9 N=12 ; North"
    );
    line.play_text("a6").unwrap();
    assert_eq!(line.current().to_text(), T32);
    assert_eq!(line.occurrences(), 2);
    assert_eq!(line.outcome(), None);
    line.play_text("A6").unwrap();
    assert_eq!(line.outcome(), None);
    line.play_text("a6").unwrap();
    assert_eq!(line.occurrences(), 3);
    assert_eq!(
        line.outcome(),
        Some(Outcome {
            winner: Some(Side::South),
            reason: EndReason::Repetition
        })
    );
    assert_eq!(line.current().material(Side::South), 27);
    assert_eq!(line.current().material(Side::North), 21);
    assert!(line.legal_moves().is_empty());
    assert!(matches!(
        line.play_text("A3"),
        Err(LineError::GameOver(Outcome {
            reason: EndReason::Repetition,
            ..
        }))
    ));
    assert_eq!(
        line.end_sentence().unwrap(),
        "the position occurred for the third time: the game ends, South 27–21"
    );
    // Undo one ply: the position has occurred twice again and play goes on.
    line.undo(1).unwrap();
    assert_eq!(line.outcome(), None);
    assert_eq!(texts(&line), ["a3", "a5", "a6"]);
}

/// O7 = none: no repetition rule; play goes on with A3 A5 A6 (T32).
#[test]
fn t32_without_the_rule_play_goes_on() {
    let mut rules = KRules::default();
    rules.set_option("repetition", "none").unwrap();
    assert_eq!(rules.repetition, Repetition::None);
    let mut line = t32_line(&rules);
    for mv in ["A6", "a6", "A6", "a6"] {
        line.play_text(mv).unwrap();
    }
    assert_eq!(line.occurrences(), 3);
    assert_eq!(line.outcome(), None);
    assert_eq!(texts(&line), ["A3", "A5", "A6"]);
}

/// The record of a game ended by repetition says so and reads back the same; a record
/// that plays on after it is refused.
#[test]
fn repetition_record_round_trips() {
    let mut line = t32_line(&KRules::default());
    for mv in ["A6", "a6", "A6", "a6"] {
        line.play_text(mv).unwrap();
    }
    let text = line.record_text();
    assert!(text.contains("[Result \"1-0\"]\n"), "{text}");
    assert!(text.contains("[Termination \"repetition\"]\n"), "{text}");
    assert!(text.ends_with("1. A6 a6 2. A6 a6 1-0\n"), "{text}");
    let back = GameLine::<Kingulu>::from_record_text(&text).unwrap();
    assert_eq!(back.outcome(), line.outcome());
    assert_eq!(back.plies(), 4);
    assert_eq!(back.record_text(), text);

    let longer = text.replace("2. A6 a6 1-0", "2. A6 a6 3. A3 *").replace(
        "[Result \"1-0\"]\n[Termination \"repetition\"]\n",
        "[Result \"*\"]\n",
    );
    match GameRecord::<Kingulu>::from_text(&longer) {
        Err(RecordError::IllegalMove {
            number: 3,
            side: Side::South,
            message,
            ..
        }) => assert!(message.contains("already over"), "{message}"),
        other => panic!("{other:?}"),
    }
    // A repetition claimed where the position has not occurred three times is refused.
    let claimed = text.replace("2. A6 a6 1-0", "1-0");
    assert!(GameRecord::<Kingulu>::from_text(&claimed).is_err());
}

/// K-R12.4: with max-plies 1 the game is adjudicated after one move; no move is legal
/// then, and the record ends with the result.
#[test]
fn max_plies_adjudicates_and_ends_the_game() {
    let mut rules = SRules::default();
    rules.set_option("max-plies", "1").unwrap();
    let mut line = GameLine::new(Kiswahili::start(&rules));
    assert_eq!(texts(&line), ["A6<", "A6>", "A7<", "A7>"]);
    line.play_text("A6>").unwrap();
    let o = line.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Adjudicated);
    assert_eq!(o.winner, None, "32 seeds each after A6>");
    assert!(line.legal_moves().is_empty());
    assert!(matches!(line.play_text("a6>"), Err(LineError::GameOver(_))));
    assert_eq!(
        line.end_sentence().unwrap(),
        "max-plies 1 reached: adjudicated by material, drawn 32–32"
    );
    let text = line.record_text();
    assert!(text.contains("[max-plies \"1\"]\n"), "{text}");
    assert!(text.contains("[Result \"1/2-1/2\"]\n[Termination \"adjudicated\"]\n"));
    assert!(text.ends_with("1. A6> 1/2-1/2\n"), "{text}");
    let back = GameLine::<Kiswahili>::from_record_text(&text).unwrap();
    assert_eq!(back.outcome(), Some(o));
    assert!(back.legal_moves().is_empty());
    // A record that plays past the limit is refused at the move after it.
    let past = text.replace("1. A6> 1/2-1/2", "1. A6> a6< *").replace(
        "[Result \"1/2-1/2\"]\n[Termination \"adjudicated\"]\n",
        "[Result \"*\"]\n",
    );
    assert!(matches!(
        GameRecord::<Kiswahili>::from_text(&past),
        Err(RecordError::IllegalMove {
            number: 1,
            side: Side::North,
            ..
        })
    ));
}

#[test]
fn resignation_and_undo() {
    let mut line = GameLine::new(Kiswahili::start(&SRules::default()));
    line.play_text("A6>").unwrap();
    let o = line.resign(Side::North).unwrap();
    assert_eq!(o.winner, Some(Side::South));
    assert_eq!(line.end_sentence().unwrap(), "South wins: North resigned");
    assert!(line.legal_moves().is_empty());
    assert!(matches!(
        line.resign(Side::South),
        Err(LineError::GameOver(_))
    ));
    let text = line.record_text();
    assert!(text.contains("[Result \"1-0\"]\n[Termination \"resignation\"]\n"));
    let back = GameLine::<Kiswahili>::from_record_text(&text).unwrap();
    assert_eq!(back.outcome(), Some(o));
    // Undo takes the resignation back with the move.
    line.undo(1).unwrap();
    assert_eq!(line.plies(), 0);
    assert_eq!(line.outcome(), None);
    assert_eq!(
        line.undo(1),
        Err(LineError::Undo {
            asked: 1,
            played: 0
        })
    );
    assert_eq!(texts(&line).len(), 4);
}

#[test]
fn an_agreed_draw_is_written_and_read_back() {
    let mut line = GameLine::new(Kiswahili::start(&SRules::default()));
    line.play_text("A6>").unwrap();
    let o = line.agree_draw().unwrap();
    assert_eq!(
        o,
        Outcome {
            winner: None,
            reason: EndReason::OffBoard
        }
    );
    assert_eq!(
        line.end_sentence().unwrap(),
        "draw: the result was decided off the board"
    );
    assert!(line.legal_moves().is_empty());
    assert!(matches!(line.agree_draw(), Err(LineError::GameOver(_))));
    let text = line.record_text();
    assert!(text.contains("[Result \"1/2-1/2\"]\n"), "{text}");
    assert!(!text.contains("[Termination"), "{text}");
    let back = GameLine::<Kiswahili>::from_record_text(&text).unwrap();
    assert_eq!(back.outcome(), Some(o));
}

#[test]
fn illegal_moves_leave_the_line_unchanged() {
    let mut line = GameLine::new(Kiswahili::start(&SRules::default()));
    let err = line.play_text("A1>").unwrap_err();
    assert!(matches!(err, LineError::Move(_)), "{err:?}");
    assert_eq!(line.plies(), 0);
    assert_eq!(line.move_texts().len(), 0);
    line.play_text("A6>").unwrap();
    assert_eq!(line.move_texts(), ["A6>"]);
    let events = line.trace(0).unwrap();
    assert!(!events.is_empty());
    assert_eq!(line.trace(1), None);
}

#[test]
fn players_from_record_names() {
    assert_eq!(
        Player::from_record_name("bao level 7"),
        Player::Computer { level: 7 }
    );
    assert_eq!(
        Player::from_record_name("computer (level 3)"),
        Player::Computer { level: 3 }
    );
    assert_eq!(
        Player::from_record_name("Computer"),
        Player::Computer { level: 5 }
    );
    assert_eq!(
        Player::from_record_name("bao level 11"),
        Player::Human("bao level 11".into())
    );
    assert_eq!(
        Player::from_record_name(" Ali "),
        Player::Human("Ali".into())
    );
    assert_eq!(Player::Computer { level: 4 }.record_name(), "bao level 4");

    let mut line = GameLine::new(Kingulu::start(&KRules::default()));
    line.set_player(Side::South, Player::Human("Ali".into()));
    line.set_player(Side::North, Player::Computer { level: 6 });
    line.set_date("2026.12.01");
    let back = GameLine::<Kingulu>::from_record_text(&line.record_text()).unwrap();
    assert_eq!(back.players(), line.players());
    assert_eq!(back.date(), "2026.12.01");
}

#[test]
fn work_limits_of_untrusted_rules() {
    let mut rules = KRules::default();
    assert_eq!(check_work(&rules, 10_000, 10_000), Ok(()));
    rules
        .set_option("non-terminating", "lap-cap:100000000")
        .unwrap();
    assert_eq!(
        check_work(&rules, 10_000, 10_000),
        Err(
            "option non-terminating lap-cap:100000000 allows moves of 100000000 laps; \
             the limit here is 10000"
                .to_string()
        )
    );
    rules.set_option("non-terminating", "lap-cap:500").unwrap();
    assert_eq!(check_work(&rules, 10_000, 10_000), Ok(()));
    let mut s = SRules::default();
    s.set_option("max-plies", "5000000").unwrap();
    assert_eq!(
        check_work(&s, 10_000, 10_000),
        Err("option max-plies 5000000 is above the limit here of 10000".to_string())
    );
}

/// The reason words of notation.md §2, written out from the spec: every one parses to a
/// reason whose word it is, and the list is the whole of `EndReason::ALL` (the one list
/// the records and the Python `Outcome` parse against).
#[test]
fn every_reason_word_of_the_notation_parses() {
    let words = [
        "bao-hamna",
        "no-legal-move",
        "front-row-empty",
        "score",
        "adjudicated",
        "resignation",
        "repetition",
        "off-board",
        "time",
    ];
    let all: Vec<&str> = EndReason::ALL.iter().map(|r| r.as_str()).collect();
    assert_eq!(all, words);
    for word in words {
        assert_eq!(EndReason::parse(word).map(EndReason::as_str), Some(word));
    }
    assert_eq!(EndReason::parse("repetition"), Some(EndReason::Repetition));
    assert_eq!(EndReason::parse("draw"), None);
}
