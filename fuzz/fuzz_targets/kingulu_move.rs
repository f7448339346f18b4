//! Fuzz target: Bao Kingulu move texts (notation.md §3) in a position chosen by the first
//! byte. Parsing never panics, and a move that parses is a generated legal move that plays.
#![no_main]
use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::Game;
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 6] = [
    "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
    "0 1 0 5*S 2 3 / 1 2 0 3 0 2 ; S=14 N=15 ; North",
    "4 0 1 0 2 2 / 3 0 2 5*N 1 0 ; S=14 N=14 ; South",
    "0 0 0 0 3 0 / 0 0 0 1 0 2 ; S=20 N=22 ; South",
    "3 2 1 2 3 1 / 2 1 0 1 3 5 ; S=16 N=8 ; North",
    "0 0 0 0 0 0 / 0 0 0 0 0 2 ; S=24 N=22 ; North",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pos = Kingulu::from_text(
        POSITIONS[first as usize % POSITIONS.len()],
        &Rules::default(),
    )
    .expect("valid fuzz position");
    if let Ok(mv) = pos.parse_move(text) {
        assert!(pos.moves().contains(&mv));
        assert!(pos.play(mv).is_ok());
    }
});
