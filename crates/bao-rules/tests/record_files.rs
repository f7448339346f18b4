//! Records as people bring them: resigned games, files saved by Notepad (byte-order mark,
//! CRLF), files that are not records, records with tags of other programs.

use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::kiswahili::Kiswahili;
use bao_rules::record::{game_of, split_records, GameRecord, RecordError};
use bao_rules::{EndReason, Game, Outcome, RuleSet, Side};

fn kingulu_after(texts: &[&str]) -> GameRecord<Kingulu> {
    let mut record = GameRecord::new(Kingulu::start(&Rules::default()));
    let mut pos = record.start;
    for t in texts {
        let mv = pos.parse_move(t).unwrap();
        pos = pos.play(mv).unwrap();
        record.moves.push(mv);
    }
    record
}

#[test]
fn end_reason_words_for_results_decided_off_the_board() {
    assert_eq!(EndReason::Resignation.as_str(), "resignation");
    assert_eq!(EndReason::Resignation.describe(), "the loser resigned");
    assert_eq!(EndReason::OffBoard.as_str(), "off-board");
    assert_eq!(
        EndReason::OffBoard.describe(),
        "the result was decided off the board"
    );
    let outcome = Outcome {
        winner: Some(Side::North),
        reason: EndReason::Resignation,
    };
    assert_eq!(outcome.to_string(), "North resignation");
}

#[test]
fn resignation_is_written_and_read_back() {
    let mut record = kingulu_after(&["A3"]);
    record.result = Some(Outcome {
        winner: Some(Side::South),
        reason: EndReason::Resignation,
    });
    let text = record.to_text();
    assert_eq!(
        text,
        "[Game \"kingulu\"]\n[Rules \"default\"]\n[Date \"????.??.??\"]\n[South \"?\"]\n[North \"?\"]\n\
         [Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. A3 1-0\n"
    );
    let read = GameRecord::<Kingulu>::from_text(&text).unwrap();
    assert_eq!(read, record);
    assert_eq!(read.to_text(), text);
}

#[test]
fn decided_result_without_termination_makes_up_no_reason() {
    // What the web app used to download for a resigned game.
    let text =
        "[Game \"kingulu\"]\n[Rules \"default\"]\n[Date \"2026.11.29\"]\n[South \"human\"]\n\
                [North \"bao level 3\"]\n[Result \"1-0\"]\n\n1. A3 1-0\n";
    let read = GameRecord::<Kingulu>::from_text(text).unwrap();
    assert_eq!(
        read.result,
        Some(Outcome {
            winner: Some(Side::South),
            reason: EndReason::OffBoard
        })
    );
    // Saved again: still no Termination tag, nothing else changes.
    assert_eq!(read.to_text(), text);
    // An agreement has no reason word either: it is written without Termination.
    let agreed = text.replace(
        "[Result \"1-0\"]\n",
        "[Result \"1-0\"]\n[Termination \"agreement\"]\n",
    );
    assert_eq!(
        GameRecord::<Kingulu>::from_text(&agreed).unwrap().to_text(),
        text
    );
}

#[test]
fn contradictory_terminations_are_refused() {
    let read = GameRecord::<Kingulu>::from_text;
    assert_eq!(
        read("[Game \"kingulu\"]\n[Result \"1/2-1/2\"]\n[Termination \"resignation\"]\n\n1. A3 1/2-1/2\n")
            .unwrap_err(),
        RecordError::Syntax {
            line: 3,
            message: "Termination \"resignation\" but the Result is 1/2-1/2: a resignation has a winner"
                .to_string()
        }
    );
    assert_eq!(
        read("[Game \"kingulu\"]\n[Result \"*\"]\n[Termination \"resignation\"]\n\n1. A3 *\n")
            .unwrap_err(),
        RecordError::Syntax {
            line: 3,
            message: "Termination \"resignation\" but the Result is * (the game is not over)"
                .to_string()
        }
    );
}

#[test]
fn byte_order_mark_and_crlf_are_accepted() {
    let plain = "[Game \"kingulu\"]\n[Result \"*\"]\n\n1. A3 a1 *\n";
    let notepad = "\u{feff}[Game \"kingulu\"]\r\n[Result \"*\"]\r\n\r\n1. A3 a1 *\r\n";
    assert_eq!(split_records(notepad), [&notepad[3..]]);
    assert_eq!(game_of(notepad).unwrap(), "kingulu");
    let read = GameRecord::<Kingulu>::from_text(notepad).unwrap();
    assert_eq!(read, GameRecord::<Kingulu>::from_text(plain).unwrap());
    assert_eq!(read, kingulu_after(&["A3", "a1"]));
    // Two records saved by Notepad and concatenated: a BOM at the start of the second.
    let two = format!("{notepad}\r\n{notepad}");
    let pieces = split_records(&two);
    assert_eq!(pieces.len(), 2);
    for piece in pieces {
        assert_eq!(GameRecord::<Kingulu>::from_text(piece).unwrap(), read);
    }
}

#[test]
fn missing_game_tag_and_garbage_say_so() {
    let no_tag = "[Result \"*\"]\n\n1. A3 *\n";
    assert_eq!(game_of(no_tag).unwrap_err(), RecordError::NoGameTag);
    assert_eq!(
        GameRecord::<Kingulu>::from_text(no_tag)
            .unwrap_err()
            .to_string(),
        "the record has no [Game \"kiswahili\"] or [Game \"kingulu\"] tag"
    );
    let garbage = "\nDear Amina,\nhere is our game.\n";
    let err = game_of(garbage).unwrap_err();
    assert_eq!(
        err,
        RecordError::NotARecord {
            line: 2,
            text: "Dear Amina,".to_string()
        }
    );
    assert_eq!(
        err.to_string(),
        "this does not look like a game record: line 2 \"Dear Amina,\" is neither a tag like \
         [Game \"kiswahili\"] nor a numbered move like 1. A6>"
    );
    assert_eq!(
        GameRecord::<Kiswahili>::from_text("{\"game\": \"kiswahili\"}").unwrap_err(),
        RecordError::NotARecord {
            line: 1,
            text: "{\"game\": \"kiswahili\"}".to_string()
        }
    );
    // A long line is cut to its first 60 characters.
    let long = "x".repeat(100);
    assert_eq!(
        game_of(&long).unwrap_err(),
        RecordError::NotARecord {
            line: 1,
            text: "x".repeat(60)
        }
    );
    assert_eq!(game_of("").unwrap_err(), RecordError::NoGameTag);
}

#[test]
fn unknown_tags_are_ignored_option_tags_are_checked() {
    let text =
        "[Event \"Zanzibar open\"]\n[Game \"kiswahili\"]\n[Foo \"bar\"]\n[WhiteElo \"1800\"]\n\
                [Takasia \"off\"]\n\n1. A6> *\n";
    let read = GameRecord::<Kiswahili>::from_text(text).unwrap();
    let mut rules = bao_rules::kiswahili::Rules::default();
    rules.set_option("takasia", "off").unwrap();
    assert_eq!(read.rules, rules);
    assert_eq!(read.moves.len(), 1);
    // Written back: the option tag in its own name, the unknown tags gone.
    assert_eq!(
        read.to_text(),
        "[Game \"kiswahili\"]\n[Rules \"mancala-world\"]\n[takasia \"off\"]\n[Date \"????.??.??\"]\n\
         [South \"?\"]\n[North \"?\"]\n[Result \"*\"]\n\n1. A6> *\n"
    );
    // A rule option with a bad value is still an error (Bao Kingulu: `first-player`).
    assert_eq!(
        GameRecord::<Kingulu>::from_text("[Game \"kingulu\"]\n[First-Player \"east\"]\n\n*\n")
            .unwrap_err(),
        RecordError::Rules(
            "tag [First-Player \"east\"] (line 2): option first-player: unknown value \"east\" \
             (accepted: south, north)"
                .to_string()
        )
    );
    // The record's own tags are read in any case.
    let lower = GameRecord::<Kingulu>::from_text(
        "[game \"kingulu\"]\n[RESULT \"0-1\"]\n[termination \"Resignation\"]\n\n1. A3 0-1\n",
    )
    .unwrap();
    assert_eq!(
        lower.result,
        Some(Outcome {
            winner: Some(Side::North),
            reason: EndReason::Resignation
        })
    );
    assert_eq!(
        GameRecord::<Kingulu>::from_text("[Game \"kingulu\"]\n[game \"kingulu\"]\n\n*\n")
            .unwrap_err(),
        RecordError::Syntax {
            line: 2,
            message: "tag Game given twice".to_string()
        }
    );
    // ... and a good option tag is set, in any case.
    let north_first =
        GameRecord::<Kingulu>::from_text("[Game \"kingulu\"]\n[First-Player \"north\"]\n\n*\n")
            .unwrap();
    assert_eq!(
        north_first.rules.options()[0],
        ("first-player", "north".to_string())
    );
}
