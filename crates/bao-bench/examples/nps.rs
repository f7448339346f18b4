//! Nodes per second of Bao la Kiswahili's alpha-beta search with the linear evaluation
//! and with the network, measured in this thread's CPU time (`/proc/thread-self/schedstat`,
//! Linux) rather than wall time, so that other processes on a shared machine distort it
//! less than they distort criterion's wall-clock figures. The configurations alternate,
//! each round searching the criterion bench's three positions to depth 9 (or DEPTH): the linear
//! evaluation and the network, each with the classic search and with the strong levels'
//! pruning (`SearchParams::STRONG`), whose nodes and CPU time to the depth differ too.
//!
//! Run: `cargo run --release -p bao-bench --example nps [ROUNDS] [DEPTH]` (defaults 5, 9).
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
    let depth: u32 = std::env::args()
        .nth(2)
        .map_or(9, |a| a.parse().expect("DEPTH: a number"));
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    assert!(
        bao_engine::nnue::shipped().is_ok(),
        "the shipped network is not the trained one"
    );
    let configs = [
        (
            "linear, classic",
            Evaluation::Linear,
            bao_engine::SearchParams::CLASSIC,
        ),
        (
            "network, classic",
            Evaluation::Net,
            bao_engine::SearchParams::CLASSIC,
        ),
        (
            "linear, strong",
            Evaluation::Linear,
            bao_engine::SearchParams::STRONG,
        ),
        (
            "network, strong",
            Evaluation::Net,
            bao_engine::SearchParams::STRONG,
        ),
    ];
    // One engine a configuration, its table allocated by a first search outside the
    // clock (a depth-limited search starts from an empty table anyway, as in criterion).
    let mut engines: Vec<Engine<Kiswahili>> = configs
        .iter()
        .map(|&(_, eval, search)| {
            let mut e = Engine::new(EngineConfig {
                searcher: Searcher::AlphaBeta,
                limits: Limits::default(),
                seed: 1,
                hash_mb: 16,
                missed_captures: 0,
                eval,
                search,
            });
            e.search(&positions[0], limits, &mut |_| {});
            e
        })
        .collect();
    let mut totals = vec![(0u64, 0u64); configs.len()];
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
    let base = nps(totals[0]);
    println!("CPU time, {rounds} rounds of 3 positions to depth {depth}:");
    for (k, (name, _, _)) in configs.iter().enumerate() {
        let (n, ns) = totals[k];
        println!(
            "  {name:<36} {:>9} nodes {:>8.1} ms {:>9.0} nodes/s ({:.1} % of linear)",
            n / u64::from(rounds),
            ns as f64 / 1e6 / f64::from(rounds),
            nps(totals[k]),
            100.0 * nps(totals[k]) / base
        );
    }
}
