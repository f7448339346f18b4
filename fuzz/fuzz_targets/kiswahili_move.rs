//! Fuzz target: the Bao la Kiswahili move parser (notation.md §3) on the start position,
//! on a parsed mid-game position (K-T9, with a takasia) and on a namua capture position
//! (K-T5, with a safari decision). An accepted move is legal and its canonical text
//! parses to the same move.
#![no_main]
use bao_rules::kiswahili::{Kiswahili, Rules};
use bao_rules::Game;
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 2] = [
    "2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 0 0 3 0 0 0 2 2 / 3 1 1 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; North ; takasia a6",
    "1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / 0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ; S=12 N=12 ; house S+ N+ ; South ; takasia -",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let rules = Rules::default();
    let mut positions = vec![Kiswahili::start(&rules)];
    positions.extend(POSITIONS.iter().map(|p| Kiswahili::from_text(p, &rules).unwrap()));
    for pos in positions {
        match pos.parse_move(text) {
            Ok(mv) => {
                assert!(pos.moves().contains(&mv));
                let canon = pos.move_text(mv);
                assert_eq!(pos.parse_move(&canon).unwrap(), mv);
                assert!(pos.play(mv).is_ok());
            }
            Err(e) => assert!(!e.message.is_empty()),
        }
    }
});
