//! A bounded stable driver for the fuzz target bodies: feeds mutated seeds
//! (`bao_fuzz::mutate`, no coverage feedback; an input that plays a longer game than any
//! before joins the pool) through each body for a time or a number of runs, and reports
//! execs, exec/s and the game lengths reached. An input that panics is written to
//! `fuzz/artifacts/<target>/crash-<hash>` and the driver exits with status 1.
//!
//! ```text
//! cargo run --release --example drive -- [--seconds S] [--runs N] [--seed K] [--max-len L] [TARGET...]
//! ```
//! Defaults: every target, 10 seconds each, seed 1, inputs of at most 4096 bytes.

use bao_fuzz::mutate::{mutate, Rng};
use bao_fuzz::{corpus, TARGETS};
use std::cell::RefCell;
use std::panic;
use std::process::ExitCode;
use std::time::{Duration, Instant};

thread_local! {
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn usage() -> ExitCode {
    eprintln!("usage: drive [--seconds S] [--runs N] [--seed K] [--max-len L] [TARGET...]");
    eprintln!(
        "targets: {}",
        TARGETS.iter().map(|t| t.0).collect::<Vec<_>>().join(", ")
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut seconds = 10.0f64;
    let mut runs: Option<u64> = None;
    let mut seed = 1u64;
    let mut max_len = 4096usize;
    let mut names = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |what: &str| -> Option<String> {
            let v = args.next();
            if v.is_none() {
                eprintln!("{arg} needs {what}");
            }
            v
        };
        match arg.as_str() {
            "--seconds" => match value("a number of seconds").and_then(|v| v.parse().ok()) {
                Some(v) => seconds = v,
                None => return usage(),
            },
            "--runs" => match value("a number of runs").and_then(|v| v.parse().ok()) {
                Some(v) => runs = Some(v),
                None => return usage(),
            },
            "--seed" => match value("a number").and_then(|v| v.parse().ok()) {
                Some(v) => seed = v,
                None => return usage(),
            },
            "--max-len" => match value("a number of bytes").and_then(|v| v.parse().ok()) {
                Some(v) => max_len = v,
                None => return usage(),
            },
            "-h" | "--help" => {
                usage();
                return ExitCode::SUCCESS;
            }
            name if TARGETS.iter().any(|t| t.0 == name) => names.push(name.to_string()),
            other => {
                eprintln!("unknown target or option {other:?}");
                return usage();
            }
        }
    }
    if names.is_empty() {
        names = TARGETS.iter().map(|t| t.0.to_string()).collect();
    }
    panic::set_hook(Box::new(|info| {
        PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
    }));

    println!(
        "{:<20} {:>6} {:>10} {:>8} {:>10} {:>10} {:>10} {:>10}",
        "target", "seeds", "execs", "secs", "exec/s", "max plies", ">=100", ">=300"
    );
    let mut failed = false;
    for name in &names {
        let body = TARGETS
            .iter()
            .find(|t| t.0 == name)
            .expect("a known target")
            .1;
        let seeds: Vec<Vec<u8>> = match corpus::seeds(name) {
            Ok(s) => s.into_iter().map(|(_, bytes)| bytes).collect(),
            Err(e) => {
                eprintln!("{name}: cannot read its seeds: {e}");
                Vec::new()
            }
        };
        let dict = corpus::dict(name);
        let mut pool = seeds.clone();
        let mut rng = Rng::new(seed);
        let budget = Duration::from_secs_f64(seconds);
        let started = Instant::now();
        let (mut execs, mut deepest, mut over100, mut at300) = (0u64, 0usize, 0u64, 0u64);
        loop {
            if runs.map_or(started.elapsed() >= budget, |n| execs >= n) {
                break;
            }
            let input = mutate(&mut rng, &pool, &dict, max_len);
            execs += 1;
            match panic::catch_unwind(|| body(&input)) {
                Ok(plies) => {
                    over100 += u64::from(plies >= 100);
                    at300 += u64::from(plies >= bao_fuzz::MAX_PLIES);
                    if plies > deepest {
                        deepest = plies;
                        if pool.len() < seeds.len() + 256 {
                            pool.push(input);
                        }
                    }
                }
                Err(_) => {
                    let message = PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
                    let hash = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
                        (h ^ u64::from(b)).wrapping_mul(0x1000_0000_01b3)
                    });
                    let dir = corpus::root().join("artifacts").join(name);
                    let path = dir.join(format!("crash-{hash:016x}"));
                    let saved =
                        std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, &input));
                    eprintln!("{name}: input {execs} panicked: {message}");
                    match saved {
                        Ok(()) => eprintln!("{name}: input saved to {}", path.display()),
                        Err(e) => eprintln!("{name}: could not save the input: {e}"),
                    }
                    failed = true;
                    break;
                }
            }
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{:<20} {:>6} {:>10} {:>8.1} {:>10.0} {:>10} {:>10} {:>10}",
            name,
            seeds.len(),
            execs,
            secs,
            execs as f64 / secs.max(1e-9),
            deepest,
            over100,
            at300
        );
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
