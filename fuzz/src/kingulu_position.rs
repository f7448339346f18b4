//! Target `kingulu_position`: the Bao Kingulu position parser (notation.md §2). Parsing
//! never panics; a position that parses round-trips exactly and holds 48 seeds (G-I1).

use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{Game, Side};

/// Checks one input (the bytes as UTF-8 text; other bytes are skipped). Returns 0.
pub fn run(data: &[u8]) -> usize {
    let Ok(text) = std::str::from_utf8(data) else {
        return 0;
    };
    let rules = Rules::default();
    match Kingulu::from_text(text, &rules) {
        Ok(pos) => {
            let canonical = pos.to_text();
            assert_eq!(Kingulu::from_text(&canonical, &rules), Ok(pos));
            let total: u32 = pos.pits().iter().map(|&c| u32::from(c)).sum::<u32>()
                + u32::from(pos.store(Side::South))
                + u32::from(pos.store(Side::North));
            assert_eq!(total, 48);
            let _ = pos.view();
            // No move generation here: a parsed position may hold T29's 3,997,200-lap cycle
            // (bao-kingulu.md §8), which the play targets reach at a slower pace.
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    0
}
