//! `bao solve` (exact values, margins, per-move values, certificates) and `bao verify`
//! (the certificate checker). See docs/solved.md.

use crate::play::plural;
use anyhow::{bail, Context, Result};
use bao_engine::hint::value_text;
use bao_engine::solve::{
    verify_text, ExactValue, LineEnds, Progress, Solvable, SolveLimits, Solver,
};
use bao_rules::{Game, GameLine, Side};
use std::io::Write;
use std::path::Path;

mod reach;

pub use reach::*;

/// What `bao solve` was asked for.
pub struct SolveOptions {
    /// Also solve the margin (exact final score).
    pub margin: bool,
    /// List every legal move with its value.
    pub moves: bool,
    /// Write a certificate here.
    pub certificate: Option<String>,
    /// Replace an existing certificate file.
    pub force: bool,
    /// Time limit, ms.
    pub time_ms: Option<u64>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Table memory in MiB (all four tables).
    pub hash_mb: u64,
    /// Print progress lines on stderr.
    pub progress: bool,
}

/// The most table memory `bao solve --hash` accepts, MiB.
pub const MAX_SOLVE_HASH_MB: u64 = 16_384;

/// Refuses a certificate file that exists (without `force`), is a directory, or whose
/// directory cannot be written — before any solving.
fn check_certificate_file(file: &str, force: bool) -> Result<()> {
    let path = Path::new(file);
    if path.is_dir() {
        bail!("--certificate {file}: is a directory; give a file name");
    }
    if path.exists() && !force {
        bail!("--certificate {file}: the file exists; add --force to replace it");
    }
    let tmp = path.with_extension("tmp-bao");
    std::fs::File::create(&tmp).with_context(|| {
        format!("--certificate {file}: cannot write in its directory (checked before solving)")
    })?;
    std::fs::remove_file(&tmp).ok();
    Ok(())
}

/// A move's proven bounds in words, when its value is not settled: `not proven (limit
/// reached): neither side wins within 12 plies; South has at least a draw`.
fn bounds_words(r: &bao_engine::solve::OutcomeReport, ran: bool) -> String {
    if !ran {
        return "not proven (the limit was reached before it was tried)".to_string();
    }
    let mut w = format!(
        "not proven (limit reached): neither side wins within {} plies",
        r.no_win_within
    );
    match r.at_least_draw {
        [true, false] => w.push_str("; South has at least a draw"),
        [false, true] => w.push_str("; North has at least a draw"),
        _ => {}
    }
    w
}

/// The value in words for the side to move.
fn value_words(pos_side: Side, v: ExactValue) -> String {
    match v {
        ExactValue::Win(n) => format!("win in {n} ({pos_side}, to move, wins in {n} plies)"),
        ExactValue::Loss(n) => format!(
            "loss in {n} ({} wins; {pos_side}'s longest defence is {n} plies)",
            pos_side.opponent()
        ),
        ExactValue::Draw => "draw (neither side can force a win)".to_string(),
    }
}

/// Runs `bao solve` on the current position of `line`, for the game as played: positions
/// that occurred twice in it end the game when reached again (G-R15, [`LineEnds`]), and a
/// move completing a third occurrence is scored there and then. The limits (`time_ms`,
/// `nodes`) bound the whole command, certificate extraction included.
pub fn solve<G: Solvable>(line: &GameLine<G>, opts: &SolveOptions) -> Result<()> {
    if opts.hash_mb == 0 || opts.hash_mb > MAX_SOLVE_HASH_MB {
        bail!("--hash {}: give 1 to {MAX_SOLVE_HASH_MB} MiB", opts.hash_mb);
    }
    let pos = line.current();
    let ends = LineEnds::of_line(line);
    if let Some(file) = &opts.certificate {
        if !ends.is_empty() {
            bail!(
                "--certificate: in this game {} occurred twice, so its history decides values (G-R15); \
                 a certificate is about a position alone: solve it with --position \"{}\"",
                plural(ends.len() as u64, "position"),
                pos.to_text()
            );
        }
        check_certificate_file(file, opts.force)?;
    }
    let has_score = pos.locked_seeds(Side::South).is_some();
    if opts.margin && !has_score {
        bail!(
            "--margin: {} has no final score (only Bao Kingulu counts seeds, G-R14)",
            G::NAME
        );
    }
    let limits = SolveLimits {
        time_ms: opts.time_ms,
        nodes: opts.nodes,
        // About 48 bytes per entry at the map's load, four tables.
        max_entries: (opts.hash_mb as usize * (1 << 20) / 48 / 4).max(1024),
        ..SolveLimits::default()
    };
    let mut solver: Solver<G> = Solver::new(limits).with_history(ends);
    if opts.progress {
        solver.set_progress(Box::new(|p: &Progress| {
            eprintln!(
                "solve: {} depth {} nodes {} time {:.1} s{}{}",
                p.stage,
                p.depth,
                p.nodes,
                p.time_ms as f64 / 1000.0,
                if p.proven.is_empty() {
                    ""
                } else {
                    "; proven: "
                },
                p.proven
            );
        }));
    }
    let side = pos.side_to_move();
    println!("position {}", pos.to_text());
    if let Some(end) = line.end_sentence() {
        println!("the game is over: {end}");
        return Ok(());
    }
    if !solver.history().is_empty() {
        println!(
            "history: {} of this game occurred twice: reaching one again ends the game (G-R15); the values are for the game as played",
            plural(solver.history().len() as u64, "position")
        );
    }
    if opts.moves {
        let mut kids = Vec::new();
        pos.children(&mut kids);
        for (mv, child) in &kids {
            let mut text = format!("{}: ", pos.move_text(*mv));
            if let Some((v, south)) = solver.history_end(child) {
                text.push_str(&format!(
                    "{} (a third occurrence: the game ends, G-R15)",
                    value_text(v)
                ));
                if let (true, Some(s)) = (opts.margin, south) {
                    text.push_str(&format!(", South {s}-{} North", G::SEEDS - s));
                }
                println!("{text}");
                continue;
            }
            let ran = !solver.stopped();
            let r = if ran {
                Some(solver.outcome(child))
            } else {
                None
            };
            match r.as_ref().and_then(|r| r.value) {
                Some(x) => text.push_str(&value_text(x.before_move())),
                None => match &r {
                    Some(r) => text.push_str(&bounds_words(r, true)),
                    None => text.push_str(&bounds_words(&Default::default(), false)),
                },
            }
            if opts.margin {
                if solver.stopped() {
                    text.push_str(", margin not proven");
                } else {
                    let m = solver.margin(child);
                    match m.exact() {
                        Some(s) => text.push_str(&format!(", South {s}-{} North", G::SEEDS - s)),
                        None => text.push_str(&format!(
                            ", margin not proven: South {}..={}",
                            m.south_at_least.unwrap_or(0),
                            m.south_at_most.unwrap_or(G::SEEDS)
                        )),
                    }
                }
            }
            println!("{text}");
        }
        if kids.is_empty() {
            println!("(no legal move: the game is over)");
        }
    }
    let root_ran = !solver.stopped();
    let outcome = if root_ran {
        solver.outcome(pos)
    } else {
        Default::default()
    };
    match outcome.value {
        Some(v) => {
            println!("value {}", value_words(side, v));
            if let ExactValue::Win(n) | ExactValue::Loss(n) = v {
                if n > 1 {
                    println!(
                        "shortest: proven, neither side can force a win within {} plies",
                        n - 1
                    );
                    let winner = match v {
                        ExactValue::Win(_) => side,
                        _ => side.opponent(),
                    };
                    // Only Bao Kingulu has a repetition rule (G-R15, O7).
                    let check = if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kingulu {
                        solver.defence_repeats(pos, winner, n - 1)
                    } else {
                        None
                    };
                    if check.is_none() && solver.stopped() {
                        println!("repetition: not checked (limit reached)");
                    }
                    if let Some(check) = check {
                        println!(
                            "repetition: {} (the refutation of shorter wins: {} nodes)",
                            if check.repeats {
                                "a line of the refutation of shorter wins may repeat a position: the length is proven without a repetition rule (O7 none) only"
                            } else {
                                "no line of the proof or of the refutation of shorter wins repeats a position: value and length hold with or without G-R15"
                            },
                            check.nodes
                        );
                    }
                }
            }
        }
        None if !root_ran => {
            println!("value not proven (the limit was reached before it was tried)")
        }
        None => {
            println!(
                "value not proven (limit reached): neither side can force a win within {} plies{}",
                outcome.no_win_within,
                match outcome.at_least_draw {
                    [true, false] => "; South has at least a draw",
                    [false, true] => "; North has at least a draw",
                    _ => "",
                }
            );
        }
    }
    let mut margin = None;
    if opts.margin && !solver.stopped() {
        let m = solver.margin(pos);
        match m.exact() {
            Some(s) => {
                println!(
                    "margin South {s}-{} North (exact final score under perfect play)",
                    G::SEEDS - s
                );
                margin = Some(s);
            }
            None => println!(
                "margin not proven (limit reached): South scores {}..={}",
                m.south_at_least.unwrap_or(0),
                m.south_at_most.unwrap_or(G::SEEDS)
            ),
        }
    } else if opts.margin {
        println!("margin not proven (limit reached)");
    }
    println!(
        "nodes {} time {} ms table {} entries",
        solver.nodes(),
        solver.elapsed_ms(),
        solver.table_entries()
    );
    if let Some(file) = &opts.certificate {
        let cert = match (margin, outcome.value) {
            (Some(s), _) => solver.margin_certificate(pos, s),
            (None, Some(v @ (ExactValue::Win(_) | ExactValue::Loss(_)))) => {
                solver.outcome_certificate(pos, v)
            }
            (None, Some(ExactValue::Draw)) => {
                bail!("--certificate: a draw is certified by its margin (24-24): add --margin")
            }
            (None, None) => {
                bail!("--certificate: nothing was proven, so there is nothing to certify")
            }
        };
        let Some(cert) = cert else {
            if solver.stopped() {
                bail!("--certificate: the limit was reached while extracting the proof; give more --time or --nodes");
            }
            bail!("--certificate: internal error: the proof could not be extracted");
        };
        let text = cert.to_text();
        save(file, &text)?;
        println!(
            "certificate {file}: {} positions, {} bytes",
            cert.positions(),
            text.len()
        );
    }
    Ok(())
}

/// Writes `text` to `file` through a temporary file and a rename.
fn save(file: &str, text: &str) -> Result<()> {
    let path = Path::new(file);
    let tmp = path.with_extension("tmp-bao");
    {
        let mut f = std::fs::File::create(&tmp)
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        f.write_all(text.as_bytes())
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        f.sync_all().ok();
    }
    std::fs::rename(&tmp, path).with_context(|| format!("cannot rename to {file}"))?;
    Ok(())
}

/// The most bytes `bao verify` reads.
pub const MAX_CERTIFICATE_BYTES: u64 = 2 << 30;

/// Runs `bao verify FILE`: prints the claim and the positions checked; an error names
/// the line of the flaw.
pub fn verify(file: &str) -> Result<()> {
    let text = crate::common::read_text_file(file, MAX_CERTIFICATE_BYTES)?;
    let report = verify_text(&text).map_err(|e| anyhow::anyhow!("{file}: {e}: not verified"))?;
    println!(
        "verified {} claim {} from {}",
        report.game, report.claim, report.start
    );
    println!(
        "positions checked {} (strategy lines {})",
        report.positions_checked, report.lines
    );
    Ok(())
}
