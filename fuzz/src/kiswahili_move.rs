//! Target `kiswahili_move`: the Bao la Kiswahili move parser (notation.md §3) on the start
//! position, on a parsed mid-game position (K-T9, with a takasia) and on a namua capture
//! position (K-T5, with a safari decision). An accepted move is legal, plays, and its
//! canonical text parses to the same move; a refused one has a message.

use bao_rules::kiswahili::{Kiswahili, Rules};
use bao_rules::Game;

/// The positions every move text is tried in, besides the start position.
pub const POSITIONS: [&str; 2] = [
    "2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 0 0 3 0 0 0 2 2 / 3 1 1 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; North ; takasia a6",
    "1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / 0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ; S=12 N=12 ; house S+ N+ ; South ; takasia -",
];

/// Checks one input (the bytes as UTF-8 move text; other bytes are skipped). Returns 0.
pub fn run(data: &[u8]) -> usize {
    let Ok(text) = std::str::from_utf8(data) else {
        return 0;
    };
    let rules = Rules::default();
    let mut positions = vec![Kiswahili::start(&rules)];
    positions.extend(
        POSITIONS
            .iter()
            .map(|p| Kiswahili::from_text(p, &rules).expect("valid fuzz position")),
    );
    for pos in positions {
        match pos.parse_move(text) {
            Ok(mv) => {
                assert!(pos.moves().contains(&mv));
                let canon = pos.move_text(mv);
                assert_eq!(pos.parse_move(&canon).expect("canonical move text"), mv);
                assert!(pos.play(mv).is_ok());
            }
            Err(e) => assert!(!e.message.is_empty()),
        }
    }
    0
}
