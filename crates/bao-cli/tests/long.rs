//! Long tests, built only with the `long-tests` feature and run apart from the suite:
//! `cargo test --release -p bao-cli --features long-tests --test long` (about 150 s on the
//! 2-core machine, docs/solved.md). The suite checks a seeded sample of 50 book entries
//! (`bao_engine::solve::book` tests) and `bao book verify` on small books (tests/solve.rs).

mod common;
use common::{run, stdout};

/// `bao book verify` solves all 1,368 entries of the shipped Bao Kingulu opening book again
/// and confirms every one.
#[test]
fn the_whole_shipped_book_verifies() {
    let text = stdout(&run(&["book", "verify"]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("positions checked 1368, "), "{text}");
    assert_eq!(
        lines[1], "the shipped book: every entry confirmed",
        "{text}"
    );
    assert_eq!(lines.len(), 2, "{text}");
}
