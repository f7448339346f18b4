//! Fuzz target: the Bao la Kiswahili position parser (notation.md §2). Any text either
//! gives a clear error or a position whose canonical text parses back to it.
#![no_main]
use bao_rules::kiswahili::{Kiswahili, Rules};
use bao_rules::{Game, RuleSet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for name in Rules::profile_names() {
        let rules = Rules::profile(name).unwrap();
        match Kiswahili::from_text(text, &rules) {
            Ok(pos) => {
                let canon = pos.to_text();
                let again = Kiswahili::from_text(&canon, &rules).expect("canonical text parses");
                assert_eq!(again, pos);
                assert_eq!(again.to_text(), canon);
                let _ = pos.view();
                let _ = pos.outcome();
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
