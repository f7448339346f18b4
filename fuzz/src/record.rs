//! Target `record`: the game-record reader (notation.md §4) of both games.
//!
//! Any text: [`game_of`] and [`GameRecord::from_text`] never panic and agree (a text
//! `game_of` refuses is refused by both games' readers with the same error; a record of
//! one game is refused by the other game's reader as [`RecordError::WrongGame`]). A record
//! that reads has one position per move plus the start, and a result that agrees with its
//! final position; its canonical text reads back to the same record (names and date with
//! a line break written as a space, as the writer does) and is written again unchanged.
//! A text of several records is split by [`split_records`] and every piece is checked the
//! same way.

use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::record::{game_of, split_records, GameRecord, RecordError};
use bao_rules::Game;

/// Checks one input (the bytes as UTF-8 text; other bytes are skipped); returns the number
/// of moves of the longest record read.
pub fn run(data: &[u8]) -> usize {
    let Ok(text) = std::str::from_utf8(data) else {
        return 0;
    };
    let mut longest = check_text(text);
    let pieces = split_records(text);
    if pieces.len() > 1 {
        for piece in pieces {
            assert!(!piece.trim().is_empty());
            longest = longest.max(check_text(piece));
        }
    }
    longest
}

/// Checks one record text; returns its number of moves (0 when it does not read).
fn check_text(text: &str) -> usize {
    let kiswahili = GameRecord::<Kiswahili>::from_text(text);
    let kingulu = GameRecord::<Kingulu>::from_text(text);
    match game_of(text) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            assert_eq!(kiswahili.as_ref().err(), Some(&e));
            assert_eq!(kingulu.as_ref().err(), Some(&e));
            0
        }
        Ok(game) if game == Kiswahili::NAME => {
            assert_eq!(kingulu.err(), Some(wrong_game(Kingulu::NAME, &game)));
            check_record(kiswahili)
        }
        Ok(game) => {
            assert_eq!(game, Kingulu::NAME);
            assert_eq!(kiswahili.err(), Some(wrong_game(Kiswahili::NAME, &game)));
            check_record(kingulu)
        }
    }
}

fn wrong_game(expected: &str, found: &str) -> RecordError {
    RecordError::WrongGame {
        expected: expected.to_string(),
        found: found.to_string(),
    }
}

/// A tag value as the writer writes it: line breaks become spaces.
fn written(value: &str) -> String {
    value.replace(['\r', '\n'], " ")
}

fn check_record<G: Game>(read: Result<GameRecord<G>, RecordError>) -> usize {
    let record = match read {
        Ok(record) => record,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return 0;
        }
    };
    let positions = record.positions();
    assert_eq!(positions.len(), record.moves.len() + 1);
    let last = positions.last().expect("the start position");
    assert_eq!(&record.current(), last);
    if let Some(outcome) = last.outcome() {
        assert_eq!(record.result, Some(outcome));
    }
    let text = record.to_text();
    let again = GameRecord::<G>::from_text(&text)
        .unwrap_or_else(|e| panic!("the canonical text does not read back: {e}\n{text}"));
    let mut expected = record.clone();
    expected.south = written(&record.south);
    expected.north = written(&record.north);
    expected.date = written(&record.date);
    assert_eq!(again, expected, "canonical text:\n{text}");
    assert_eq!(again.to_text(), text);
    record.moves.len()
}
