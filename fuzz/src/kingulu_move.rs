//! Target `kingulu_move`: Bao Kingulu move texts (notation.md §3) in a position chosen by
//! the first byte. Parsing never panics; a move that parses is a generated legal move that
//! plays, and its canonical text parses to the same move.

use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::Game;

/// The positions a move text is tried in (the first input byte picks one).
pub const POSITIONS: [&str; 6] = [
    "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
    "0 1 0 5*S 2 3 / 1 2 0 3 0 2 ; S=14 N=15 ; North",
    "4 0 1 0 2 2 / 3 0 2 5*N 1 0 ; S=14 N=14 ; South",
    "0 0 0 0 3 0 / 0 0 0 1 0 2 ; S=20 N=22 ; South",
    "3 2 1 2 3 1 / 2 1 0 1 3 5 ; S=16 N=8 ; North",
    "0 0 0 0 0 0 / 0 0 0 0 0 2 ; S=24 N=22 ; North",
];

/// Checks one input: byte 0 picks the position, the rest is the move text (UTF-8; other
/// bytes are skipped). Returns 0.
pub fn run(data: &[u8]) -> usize {
    let Some((&first, rest)) = data.split_first() else {
        return 0;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return 0;
    };
    let pos = Kingulu::from_text(
        POSITIONS[usize::from(first) % POSITIONS.len()],
        &Rules::default(),
    )
    .expect("valid fuzz position");
    match pos.parse_move(text) {
        Ok(mv) => {
            assert!(pos.moves().contains(&mv));
            assert!(pos.play(mv).is_ok());
            assert_eq!(
                pos.parse_move(&pos.move_text(mv))
                    .expect("canonical move text"),
                mv
            );
        }
        Err(e) => assert!(!e.message.is_empty()),
    }
    0
}
