//! Nodes per second of Bao la Kiswahili's alpha-beta search with the linear evaluation
//! and with the network, measured in this thread's CPU time (`/proc/thread-self/schedstat`,
//! Linux) rather than wall time, so that other processes on a shared machine distort it
//! less than they distort criterion's wall-clock figures. The two evaluations alternate,
//! each round searching the criterion bench's three positions to depth 9.
//!
//! Run: `cargo run --release -p bao-bench --example nps [ROUNDS]` (default 5).
use bao_engine::{Engine, EngineConfig, Evaluation, Limits, Searcher};
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Game;

/// The criterion bench's positions (benches/search.rs).
const POSITIONS: [&str; 3] = [
    "1 1 2 0 2 0 2 0 / 2 1 2 3 0 1 4 1 / 1 0 0 0 0 7 0 1 / 1 1 1 1 1 0 0 0 ; S=14 N=14 ; house S- N- ; South ; takasia -",
    "1 3 1 0 1 3 1 3 / 5 2 0 5 3 5 1 7 / 0 0 0 3 0 1 1 0 / 0 0 0 0 1 1 2 0 ; S=7 N=7 ; house S- N- ; South ; takasia -",
    "1 3 1 4 2 3 1 1 / 1 1 1 1 2 3 6 2 / 0 1 0 5 5 0 1 1 / 2 5 3 1 2 3 2 0 ; S=0 N=0 ; house S- N- ; South ; takasia -",
];

/// This thread's time on a CPU so far, in nanoseconds.
fn cpu_ns() -> u64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat")
        .expect("/proc/thread-self/schedstat (Linux only)");
    text.split_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .expect("schedstat's first field")
}

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .map_or(5, |a| a.parse().expect("ROUNDS: a number"));
    let positions: Vec<Kiswahili> = POSITIONS
        .iter()
        .map(|t| Kiswahili::from_text(t, &Default::default()).expect("position"))
        .collect();
    let limits = Limits {
        depth: Some(9),
        ..Limits::default()
    };
    assert!(
        bao_engine::nnue::shipped().is_ok(),
        "the shipped network is not the trained one"
    );
    let evals = [Evaluation::Linear, Evaluation::Net];
    // One engine an evaluation, its table allocated by a first search outside the clock
    // (a depth-limited search starts from an empty table anyway, as in criterion).
    let mut engines: Vec<Engine<Kiswahili>> = evals
        .iter()
        .map(|&eval| {
            let mut e = Engine::new(EngineConfig {
                searcher: Searcher::AlphaBeta,
                limits: Limits::default(),
                seed: 1,
                hash_mb: 16,
                missed_captures: 0,
                eval,
                search: bao_engine::SearchParams::default(),
            });
            e.search(&positions[0], limits, &mut |_| {});
            e
        })
        .collect();
    let mut totals = [(0u64, 0u64); 2];
    for _ in 0..rounds {
        for (k, engine) in engines.iter_mut().enumerate() {
            for pos in &positions {
                let t0 = cpu_ns();
                let nodes = engine.search(pos, limits, &mut |_| {}).info.nodes;
                totals[k].0 += nodes;
                totals[k].1 += cpu_ns() - t0;
            }
        }
    }
    let nps = |(n, ns): (u64, u64)| n as f64 * 1e9 / ns.max(1) as f64;
    let (lin, net) = (nps(totals[0]), nps(totals[1]));
    println!(
        "linear {:.0} nodes/s, network {:.0} nodes/s (CPU time, {rounds} rounds): the network at {:.1} %",
        lin,
        net,
        100.0 * net / lin
    );
}
