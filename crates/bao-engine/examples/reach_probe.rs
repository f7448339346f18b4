//! Closes the largest partition of a level file of `bao reach --dir` completely and prints
//! its layers, to check the duplicate-rate estimate of a partition's size
//! (docs/solved.md, "Beyond the start"):
//! `cargo run --release -p bao-engine --example reach_probe -- DIR/level-260.keys`.

use bao_engine::solve::reach::{close_entries, partition_of, read_level_keys};
use bao_rules::kingulu::Rules;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: reach_probe LEVEL-FILE [MAX-FOUND]");
        std::process::exit(2);
    };
    let max: u64 = std::env::args()
        .nth(2)
        .and_then(|m| m.parse().ok())
        .unwrap_or(400_000_000);
    let keys = read_level_keys(std::path::Path::new(&path)).expect("a level file");
    // The partition with the most entry keys.
    let mut best: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < keys.len() {
        let p = partition_of(keys[i]).0;
        let j = i + keys[i..].partition_point(|&k| partition_of(k).0 == p);
        if best.is_none_or(|(a, b)| j - i > b - a) {
            best = Some((i, j));
        }
        i = j;
    }
    let Some((a, b)) = best else {
        eprintln!("{path}: no keys");
        std::process::exit(1);
    };
    println!(
        "partition {}: {} entry keys",
        partition_of(keys[a]).1,
        b - a
    );
    let t0 = std::time::Instant::now();
    let size = close_entries(
        &Rules::default(),
        keys[a..b].to_vec(),
        max,
        &mut |l, f, n, c| {
            println!("layer {l}: {n} new of {c} quiet moves, {f} found");
        },
    );
    match size {
        Some(n) => println!(
            "closed: {n} positions in {:.1} s",
            t0.elapsed().as_secs_f64()
        ),
        None => println!("more than {max} positions"),
    }
}
