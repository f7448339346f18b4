//! Bao Kingulu benchmarks (criterion): seeded random playouts (moves per second, where a
//! move includes generating the legal moves to choose it), perft, and the T29 position
//! whose legal-move generation must detect a 3,997,200-lap cycle (G-R13).
use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::perft::perft;
use bao_rules::Game;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const GAMES: u64 = 100;

/// Plays `GAMES` random games from the start with `children` (one simulation per
/// candidate gives both legality and the child); returns the number of plies.
fn playouts_children(seed: u64) -> u64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let start = Kingulu::start(&Rules::default());
    let mut kids = Vec::with_capacity(6);
    let mut plies = 0;
    for _ in 0..GAMES {
        let mut pos = start;
        loop {
            pos.children(&mut kids);
            if kids.is_empty() {
                break;
            }
            pos = kids[rng.gen_range(0..kids.len())].1;
            plies += 1;
        }
    }
    plies
}

/// The same games through the generic `Game` interface: legal_moves + play_unchecked.
fn playouts_game_trait(seed: u64) -> u64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let start = Kingulu::start(&Rules::default());
    let mut moves = Vec::with_capacity(6);
    let mut plies = 0;
    for _ in 0..GAMES {
        let mut pos = start;
        loop {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            plies += 1;
        }
    }
    plies
}

fn bench(c: &mut Criterion) {
    let plies = playouts_children(7);
    assert_eq!(
        plies,
        playouts_game_trait(7),
        "both paths play the same games"
    );
    let mut g = c.benchmark_group("kingulu_playouts");
    g.throughput(Throughput::Elements(plies));
    g.bench_function("children_100_games", |b| {
        b.iter(|| black_box(playouts_children(black_box(7))))
    });
    g.bench_function("legal_moves_play_100_games", |b| {
        b.iter(|| black_box(playouts_game_trait(black_box(7))))
    });
    g.finish();

    let start = Kingulu::start(&Rules::default());
    let mut g = c.benchmark_group("kingulu_perft");
    g.throughput(Throughput::Elements(perft(&start, 6)));
    g.bench_function("perft_6", |b| {
        b.iter(|| black_box(perft(black_box(&start), 6)))
    });
    g.finish();

    let t29 = Kingulu::from_text(
        "1 4 8 1 2 0 / 0 1 8 4 11 5 ; S=1 N=2 ; South",
        &Rules::default(),
    )
    .unwrap();
    let mut g = c.benchmark_group("kingulu_r13");
    g.sample_size(10);
    g.bench_function("t29_legal_moves_3997200_lap_cycle", |b| {
        b.iter(|| black_box(black_box(&t29).moves()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
