//! Benchmarks only: `benches/kiswahili.rs` and `benches/kingulu.rs` (bao-rules: perft,
//! seeded random playouts in moves per second) and `benches/search.rs` (bao-engine:
//! alpha-beta nodes per second on fixed mid-game positions). Run them with
//! `cargo bench -p bao-bench` (or `--bench search`, ...). `examples/nps.rs` compares
//! Bao la Kiswahili's search speed with the linear evaluation and the network in CPU
//! time (`cargo run --release -p bao-bench --example nps`), steadier than criterion's
//! wall clock on a shared machine. This library is empty.
#![deny(missing_docs)]
