//! Measurements for docs/engine.md: matches between engine settings, and the depth the
//! alpha-beta search reaches from the start position in a given time.
//!
//! ```text
//! cargo run --release -p bao-engine --example measure -- match <kiswahili|kingulu> <A> <B> <games> [opening plies] [max plies] [threads]
//! cargo run --release -p bao-engine --example measure -- depth <kiswahili|kingulu> <ms>
//! ```
//! An engine is `random`, `greedy`, `level<N>`, or `<ab|mcts>:<d<depth>|n<nodes>|t<ms>>`,
//! e.g. `ab:t100`, `mcts:t100`, `ab:d4`.
use bao_engine::arena::{run_match, MatchConfig};
use bao_engine::{format_info, Engine, EngineConfig, Evaluate, Limits, Searcher};
#[allow(unused_imports)]
use bao_rules::Game;
use bao_rules::{kingulu::Kingulu, kiswahili::Kiswahili};

fn engine_of(spec: &str) -> Result<EngineConfig, String> {
    let mut cfg = EngineConfig::level(1);
    cfg.hash_mb = 16;
    if spec == "random" {
        return Ok(cfg);
    }
    if spec == "greedy" {
        return Ok(EngineConfig::level(2));
    }
    if let Some(n) = spec.strip_prefix("level") {
        let n: u8 = n.parse().map_err(|_| format!("bad level in {spec:?}"))?;
        return Ok(EngineConfig::level(n));
    }
    let (s, limit) = spec
        .split_once(':')
        .ok_or_else(|| format!("bad engine {spec:?}"))?;
    cfg.searcher = match s {
        "ab" => Searcher::AlphaBeta,
        "mcts" => Searcher::Mcts,
        _ => return Err(format!("bad searcher in {spec:?}")),
    };
    let (kind, value) = limit.split_at(1);
    let value: u64 = value
        .parse()
        .map_err(|_| format!("bad limit in {spec:?}"))?;
    cfg.limits = match kind {
        "d" => Limits {
            depth: Some(value as u32),
            ..Limits::default()
        },
        "n" => Limits {
            nodes: Some(value),
            ..Limits::default()
        },
        "t" => Limits {
            time_ms: Some(value),
            ..Limits::default()
        },
        _ => return Err(format!("bad limit kind in {spec:?}")),
    };
    Ok(cfg)
}

fn run<G: Evaluate>(args: &[String]) -> Result<(), String> {
    let start = G::start(&Default::default());
    match args[0].as_str() {
        "match" => {
            let arg = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
            let cfg = MatchConfig {
                a: engine_of(&args[2])?,
                b: engine_of(&args[3])?,
                games: arg(4, 200) as u32,
                opening_plies: arg(5, 4) as u32,
                seed: 2026,
                max_plies: arg(6, 600) as u32,
                threads: arg(7, 2) as usize,
                progress: false,
                keep_records: true,
            };
            let t = std::time::Instant::now();
            let report = run_match(&start, &cfg);
            let plies: u32 = report.games.iter().map(|g| g.plies).sum();
            println!(
                "{} {} vs {}: {} games, opening {} plies, max {} plies, {:.0} s, mean length {:.1} plies",
                G::NAME,
                args[2],
                args[3],
                report.games.len(),
                cfg.opening_plies,
                cfg.max_plies,
                t.elapsed().as_secs_f64(),
                f64::from(plies) / report.games.len().max(1) as f64
            );
            println!("{report}");
            if std::env::var("SHOW_LOSSES").is_ok() {
                for g in &report.games {
                    if g.outcome.winner != Some(g.a_side) {
                        let mut p = start.clone();
                        for t in &g.opening {
                            p = p
                                .play(p.parse_move(t).map_err(|e| e.to_string())?)
                                .map_err(|e| e.to_string())?;
                        }
                        let mut e: Engine<G> = Engine::new(EngineConfig::level(10));
                        let r = e.search(
                            &p,
                            Limits {
                                depth: Some(40),
                                time_ms: Some(3000),
                                ..Limits::default()
                            },
                            &mut |_| {},
                        );
                        println!(
                            "A={} lost: after opening {} [{}] deep: {}; moves {}",
                            g.a_side,
                            p,
                            g.opening.join(" "),
                            format_info(&p, &r.info),
                            g.moves.join(" ")
                        );
                    }
                }
            }
        }
        "depth" => {
            let ms: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
            let mut e: Engine<G> = Engine::new(EngineConfig::level(10));
            let r = e.search(
                &start,
                Limits {
                    time_ms: Some(ms),
                    ..Limits::default()
                },
                &mut |i| println!("{}", format_info(&start, i)),
            );
            println!(
                "{}: depth {} in {} ms ({} nodes, {} nps)",
                G::NAME,
                r.info.depth,
                r.info.time_ms,
                r.info.nodes,
                r.info.nps
            );
        }
        "positions" => {
            // Positions after k seeded random plies where a depth-6 search is undecided.
            use rand::{Rng, SeedableRng};
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
            for k in [8usize, 16, 30, 50] {
                for _ in 0..50 {
                    let mut p = start.clone();
                    for _ in 0..k {
                        let m = p.moves();
                        if m.is_empty() {
                            break;
                        }
                        p = p.play_unchecked(m[rng.gen_range(0..m.len())]);
                    }
                    if p.outcome().is_some() {
                        continue;
                    }
                    let mut e: Engine<G> = Engine::new(EngineConfig::level(6));
                    let r = e.search(
                        &p,
                        Limits {
                            depth: Some(6),
                            ..Limits::default()
                        },
                        &mut |_| {},
                    );
                    if matches!(r.info.score, bao_engine::Score::Cp(_)) && p.moves().len() >= 4 {
                        println!(
                            "{k} plies: {p}  ({} moves, {} nodes at depth 6)",
                            p.moves().len(),
                            r.info.nodes
                        );
                        break;
                    }
                }
            }
        }
        other => return Err(format!("unknown mode {other:?}")),
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: measure match|depth kiswahili|kingulu ...");
        std::process::exit(2);
    }
    let result = match args[1].as_str() {
        "kingulu" => run::<Kingulu>(&args),
        "kiswahili" => run::<Kiswahili>(&args),
        g => Err(format!("unknown game {g:?}")),
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
