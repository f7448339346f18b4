//! Target `kiswahili_position`: the Bao la Kiswahili position parser (notation.md §2),
//! under every profile. Any text either gives a clear error or a position whose canonical
//! text parses back to the same position and the same text.

use bao_rules::kiswahili::{Kiswahili, Rules};
use bao_rules::{Game, RuleSet};

/// Checks one input (the bytes as UTF-8 text; other bytes are skipped). Returns 0.
pub fn run(data: &[u8]) -> usize {
    let Ok(text) = std::str::from_utf8(data) else {
        return 0;
    };
    for name in Rules::profile_names() {
        let rules = Rules::profile(name).expect("a listed profile");
        match Kiswahili::from_text(text, &rules) {
            Ok(pos) => {
                let canon = pos.to_text();
                let again = Kiswahili::from_text(&canon, &rules).expect("canonical text parses");
                assert_eq!(again, pos);
                assert_eq!(again.to_text(), canon);
                let _ = pos.view();
                assert_eq!(pos.outcome().is_some(), pos.moves().is_empty());
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    0
}
