//! Alpha-beta search speed on fixed mid-game positions of each game (criterion).
//!
//! Each benchmark runs one fixed-depth search from a fresh table; the throughput is the
//! number of nodes that search visits (it is deterministic), so criterion reports nodes
//! per second. Run: `cargo bench -p bao-bench --bench search`.
use bao_engine::{Engine, EngineConfig, Evaluate, Limits, Searcher};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn config() -> EngineConfig {
    EngineConfig {
        searcher: Searcher::AlphaBeta,
        limits: Limits::default(),
        seed: 1,
        hash_mb: 16,
        missed_captures: 0,
        eval: bao_engine::Evaluation::Linear,
    }
}

fn bench_game<G: Evaluate>(c: &mut Criterion, positions: &[(&str, &str)], depth: u32) {
    let mut group = c.benchmark_group(format!("alphabeta/{}", G::NAME));
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
        let mut engine: Engine<G> = Engine::new(config());
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
    );
}

fn kiswahili(c: &mut Criterion) {
    // Positions after 16 and 30 (namua) and 50 (mtaji) seeded random plies.
    bench_game::<Kiswahili>(
        c,
        &[
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
        ],
        9,
    );
}

criterion_group!(benches, kingulu, kiswahili);
criterion_main!(benches);
