//! Fuzz target: Bao Kingulu position text (notation.md §2). Parsing never panics; a
//! position that parses round-trips exactly and satisfies I1 (48 seeds).
#![no_main]
use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{Game, Side};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let rules = Rules::default();
    if let Ok(pos) = Kingulu::from_text(text, &rules) {
        let canonical = pos.to_text();
        assert_eq!(Kingulu::from_text(&canonical, &rules), Ok(pos));
        let total: u32 = pos.pits().iter().map(|&c| u32::from(c)).sum::<u32>()
            + u32::from(pos.store(Side::South))
            + u32::from(pos.store(Side::North));
        assert_eq!(total, 48);
        let _ = pos.view();
    }
});
