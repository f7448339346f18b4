//! Benchmarks only: `benches/kiswahili.rs` and `benches/kingulu.rs` (bao-rules: perft,
//! seeded random playouts in moves per second) and `benches/search.rs` (bao-engine:
//! alpha-beta nodes per second on fixed mid-game positions). Run them with
//! `cargo bench -p bao-bench` (or `--bench search`, ...). This library is empty.
#![deny(missing_docs)]
