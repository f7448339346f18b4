//! Alpha-beta search speed on fixed mid-game positions of each game (criterion).
//!
//! Each benchmark runs one fixed-depth search from a fresh table; the throughput is the
//! number of nodes that search visits (it is deterministic), so criterion reports nodes
//! per second. Bao la Kiswahili is searched twice, with the linear evaluation and with
//! the network (`eval-linear`, `eval-net`), and both evaluations are timed alone
//! (`evaluate/...`). Run: `cargo bench -p bao-bench --bench search`.
use bao_engine::{Engine, EngineConfig, Evaluate, Evaluation, Limits, Searcher};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Game;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn config(eval: Evaluation) -> EngineConfig {
    EngineConfig {
        searcher: Searcher::AlphaBeta,
        limits: Limits::default(),
        seed: 1,
        hash_mb: 16,
        missed_captures: 0,
        eval,
        search: bao_engine::SearchParams::default(),
    }
}

fn bench_game<G: Evaluate>(
    c: &mut Criterion,
    positions: &[(&str, &str)],
    depth: u32,
    eval: Evaluation,
) {
    let name = match eval {
        Evaluation::Linear => "",
        Evaluation::Net => "/eval-net",
    };
    let mut group = c.benchmark_group(format!("alphabeta/{}{name}", G::NAME));
    group.sample_size(10);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    for (name, text) in positions {
        let pos = match G::from_text(text, &Default::default()) {
            Ok(p) => p,
            Err(e) => panic!("bench position {name}: {e}"),
        };
        let mut engine: Engine<G> = Engine::new(config(eval));
        let nodes = engine.search(&pos, limits, &mut |_| {}).info.nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new(format!("depth{depth}"), name),
            &pos,
            |b, pos| b.iter(|| engine.search(pos, limits, &mut |_| {}).best),
        );
    }
    group.finish();
}

fn kingulu(c: &mut Criterion) {
    // Positions after 8 and 16 seeded random plies, and one after a 4-ply opening; none
    // is decided within the benchmark depth.
    bench_game::<Kingulu>(
        c,
        &[
            ("ply8", "5*S 2 0 2 0 0 / 1 0 4 0 2 1 ; S=8 N=23 ; South"),
            (
                "ply16",
                "0 1 1 5*S 1 4*S / 1 0 1 5*N 5 2 ; S=11 N=11 ; South",
            ),
            ("ply4", "1 7 7 2 7 2 / 2 0 8 7 5*N 0 ; S=0 N=0 ; South"),
        ],
        14,
        Evaluation::Linear,
    );
}

/// Positions after 16 and 30 (namua) and 50 (mtaji) seeded random plies.
const KISWAHILI_POSITIONS: [(&str, &str); 3] = [
            (
                "namua16",
                "1 1 2 0 2 0 2 0 / 2 1 2 3 0 1 4 1 / 1 0 0 0 0 7 0 1 / 1 1 1 1 1 0 0 0 ; S=14 N=14 ; house S- N- ; South ; takasia -",
            ),
            (
                "namua30",
                "1 3 1 0 1 3 1 3 / 5 2 0 5 3 5 1 7 / 0 0 0 3 0 1 1 0 / 0 0 0 0 1 1 2 0 ; S=7 N=7 ; house S- N- ; South ; takasia -",
            ),
            (
                "mtaji50",
                "1 3 1 4 2 3 1 1 / 1 1 1 1 2 3 6 2 / 0 1 0 5 5 0 1 1 / 2 5 3 1 2 3 2 0 ; S=0 N=0 ; house S- N- ; South ; takasia -",
            ),
];

fn kiswahili(c: &mut Criterion) {
    assert!(
        bao_engine::nnue::shipped().is_ok(),
        "the shipped network is not the trained one"
    );
    for eval in [Evaluation::Linear, Evaluation::Net] {
        bench_game::<Kiswahili>(c, &KISWAHILI_POSITIONS, 9, eval);
    }
    // The evaluations alone, over the three positions.
    let positions: Vec<Kiswahili> = KISWAHILI_POSITIONS
        .iter()
        .map(|(_, t)| Kiswahili::from_text(t, &Default::default()).expect("bench position"))
        .collect();
    let mut group = c.benchmark_group("evaluate/kiswahili");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("linear", |b| {
        b.iter(|| positions.iter().map(|p| p.evaluate()).sum::<i32>())
    });
    group.bench_function("net", |b| {
        b.iter(|| positions.iter().map(|p| p.evaluate_net()).sum::<i32>())
    });
    group.finish();
}

criterion_group!(benches, kingulu, kiswahili);
criterion_main!(benches);
