//! Benchmarks of the Bao la Kiswahili rules (criterion): perft 5 from the start (K-T18)
//! and seeded uniform random playouts from the start to the end of the game, reported as
//! moves per second (a move = generating the legal moves with their successors and
//! playing one of them).
use bao_rules::kiswahili::{Kiswahili, Rules};
use bao_rules::{perft, Game};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays `games` uniform random games from the start; returns the number of moves played.
/// Each move generates the legal moves with [`Kiswahili::children`] (every candidate is
/// simulated to its end, K-R13) and takes the chosen child.
fn playouts(games: u32, seed: u64) -> u64 {
    let start = Kiswahili::start(&Rules::default());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut children = Vec::with_capacity(64);
    let mut moves = 0u64;
    for _ in 0..games {
        let mut pos = start;
        for _ in 0..2000 {
            pos.children(&mut children);
            if children.is_empty() {
                break;
            }
            pos = children[rng.gen_range(0..children.len())].1;
            moves += 1;
        }
    }
    moves
}

/// As [`playouts`], with [`Game::legal_moves`] and [`Game::play_unchecked`] of the chosen
/// move (the same games: the same moves are generated in the same order).
fn playouts_legal_moves(games: u32, seed: u64) -> u64 {
    let start = Kiswahili::start(&Rules::default());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut list = Vec::with_capacity(64);
    let mut moves = 0u64;
    for _ in 0..games {
        let mut pos = start;
        for _ in 0..2000 {
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            pos = pos.play_unchecked(list[rng.gen_range(0..list.len())]);
            moves += 1;
        }
    }
    moves
}

/// CPU time this process has run, from `/proc/self/schedstat` (Linux), in seconds.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
}

/// Moves per second of CPU time (one core), robust to other load on the machine.
fn report_cpu_rate() {
    for (name, run) in [
        ("children", playouts as fn(u32, u64) -> u64),
        ("legal_moves + play_unchecked", playouts_legal_moves),
    ] {
        let (Some(t0), w0) = (cpu_seconds(), std::time::Instant::now()) else {
            return;
        };
        let mut moves = 0;
        let mut seed = 1;
        while w0.elapsed().as_secs_f64() < 2.0 {
            moves += run(10, seed);
            seed += 1;
        }
        let cpu = cpu_seconds().unwrap_or(t0) - t0;
        let wall = w0.elapsed().as_secs_f64();
        println!(
            "random playouts ({name}): {moves} moves in {cpu:.2} s CPU ({wall:.2} s wall): {:.0} moves/s per core",
            moves as f64 / cpu
        );
    }
    let start = Kiswahili::start(&Rules::default());
    let t0 = cpu_seconds().unwrap_or(0.0);
    let mut n = 0;
    while cpu_seconds().unwrap_or(0.0) - t0 < 1.0 {
        for _ in 0..100 {
            assert_eq!(perft::perft(&start, 5), 405);
        }
        n += 100;
    }
    let cpu = cpu_seconds().unwrap_or(0.0) - t0;
    println!(
        "perft 5 from the start: {:.1} µs CPU each",
        cpu / n as f64 * 1e6
    );
}

fn bench(c: &mut Criterion) {
    // `KIS_FIXED_GAMES=n`: play n seeded games and exit (for `perf stat` cycle counts,
    // which do not depend on the load of the machine).
    if let Some(n) = std::env::var("KIS_FIXED_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        if std::env::var("KIS_LEGAL_MOVES").is_ok() {
            println!(
                "{} moves in {n} games (legal_moves + play_unchecked)",
                playouts_legal_moves(n, 1)
            );
        } else {
            println!("{} moves in {n} games (children)", playouts(n, 1));
        }
        std::process::exit(0);
    }
    report_cpu_rate();
    let start = Kiswahili::start(&Rules::default());
    let mut g = c.benchmark_group("kiswahili");
    g.bench_function("perft5_start", |b| {
        b.iter(|| assert_eq!(perft::perft(&start, 5), 405))
    });
    let per_batch = playouts(20, 7);
    g.throughput(Throughput::Elements(per_batch));
    g.bench_function("random_playouts_20_games", |b| b.iter(|| playouts(20, 7)));
    g.bench_function("random_playouts_20_games_legal_moves", |b| {
        b.iter(|| playouts_legal_moves(20, 7))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
