//! `bao solve` (exact values, margins, per-move values, certificates) and `bao verify`
//! (the certificate checker). See docs/solved.md.

use crate::play::plural;
use anyhow::{bail, Context, Result};
use bao_engine::hint::value_text;
use bao_engine::solve::{
    verify_text, ExactValue, LineEnds, Progress, Solvable, SolveLimits, Solver,
};
use bao_rules::record::GameRecord;
use bao_rules::{Game, GameLine, Side};
use std::io::Write;
use std::path::Path;

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

/// The first game recorded in `file`, as played (its history counts: G-R15).
pub fn line_from_record<G: Game>(file: &str) -> Result<GameLine<G>> {
    let text = crate::common::read_text_file(file, crate::common::MAX_RECORD_FILE_BYTES)?;
    let pieces = bao_rules::record::split_records(&text);
    let Some(first) = pieces.first() else {
        bail!("{file} holds no game record");
    };
    let record = GameRecord::<G>::from_text(first).map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
    GameLine::from_record(&record).map_err(|e| anyhow::anyhow!("{file}: {e}"))
}

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
                    let check = if G::NAME == "kingulu" {
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

/// The most plies `bao reach --plies` counts (the census is held in memory: 14 plies
/// take 285 MB, and each ply about 2.3 times more).
pub const MAX_CENSUS_PLIES: u32 = 16;

/// Runs `bao reach --plies N`: the positions reachable within `plies` plies of the Bao
/// Kingulu start, ply by ply, and whether a game can repeat a position within them.
pub fn census(plies: u32) -> Result<()> {
    use bao_engine::solve::reach::ply_census;
    use bao_rules::kingulu::{Kingulu, Rules};
    if plies > MAX_CENSUS_PLIES {
        bail!("--plies {plies}: at most {MAX_CENSUS_PLIES} (the census is held in memory)");
    }
    let t0 = std::time::Instant::now();
    let census = ply_census(&Kingulu::start(&Rules::default()), plies);
    let mut total = 0;
    for (ply, k) in census.new_at_ply.iter().enumerate() {
        total += k;
        println!("ply {ply}: {k} new, {total} within");
    }
    println!(
        "repetition within {plies} plies: {}",
        if census.repetition_possible {
            "possible (the move graph on these positions has a cycle)"
        } else {
            "impossible (the move graph on these positions has no cycle)"
        }
    );
    println!("time {} ms", t0.elapsed().as_millis());
    Ok(())
}

/// The least memory `bao reach --memory-mb` accepts, MiB.
pub const MIN_REACH_MEMORY_MB: u64 = 16;

/// Runs `bao reach --dir DIR [--position TEXT]`: the exact count of the positions
/// reachable from the Bao Kingulu start (or from `position`), in `dir` (resumable; with
/// a position and no `dir`, a temporary directory removed at the end), with `memory_mb`
/// MiB for one partition, stopping after `time` seconds (with a checkpoint) and before
/// level `below_level` if given. A finished count ends with `total: N positions`.
///
/// # Errors
/// A memory size below [`MIN_REACH_MEMORY_MB`], a position text that is not a valid
/// Bao Kingulu position, I/O errors of the work directory (also one holding the count
/// of another start), and a partition that does not fit in `memory_mb` (its checkpoint
/// is kept, so a rerun with more memory resumes it).
pub fn reach(
    dir: Option<&str>,
    position: Option<&str>,
    memory_mb: u64,
    time: Option<u64>,
    below_level: Option<usize>,
) -> Result<()> {
    use bao_rules::kingulu::{Kingulu, Rules};
    if memory_mb < MIN_REACH_MEMORY_MB {
        bail!("--memory-mb {memory_mb}: at least {MIN_REACH_MEMORY_MB}");
    }
    let start = match position {
        Some(text) => Kingulu::from_text(text, &Rules::default())
            .map_err(|e| anyhow::anyhow!("--position {text:?}: {e}"))?,
        None => Kingulu::start(&Rules::default()),
    };
    // With --position and no --dir: a fresh temporary directory, removed at the end.
    let temp = dir.is_none().then(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        std::env::temp_dir().join(format!("bao-reach-{}-{nanos}", std::process::id()))
    });
    let dir_buf = match (&temp, dir) {
        (Some(t), _) => t.clone(),
        (None, Some(d)) => std::path::PathBuf::from(d),
        (None, None) => unreachable!("a directory or a temporary one"),
    };
    let dir = dir_buf.to_string_lossy().to_string();
    let result = reach_in(&start, &dir, memory_mb, time, below_level, temp.is_some());
    if let Some(t) = &temp {
        if result.is_ok() {
            let _ = std::fs::remove_dir_all(t);
        }
    }
    result
}

/// The count of [`reach`] in `dir` (`temporary`: a directory made for this run).
fn reach_in(
    start: &bao_rules::kingulu::Kingulu,
    dir: &str,
    memory_mb: u64,
    time: Option<u64>,
    below_level: Option<usize>,
    temporary: bool,
) -> Result<()> {
    use bao_engine::solve::reach::{
        count_reachable_from, CountLimits, ReachEnd, ReachEvent, LEVEL_COUNT,
    };
    let mut limits = CountLimits {
        memory_bytes: memory_mb.saturating_mul(1 << 20),
        time: time.map(std::time::Duration::from_secs),
        ..CountLimits::default()
    };
    if let Some(l) = below_level {
        limits.max_level = l;
    }
    let mut last = std::time::Instant::now();
    let end = count_reachable_from(start, Path::new(dir), &limits, &mut |e| match e {
        ReachEvent::Layer {
            level,
            partition,
            layer,
            found,
            new,
            children,
            seconds,
        } => {
            if last.elapsed().as_secs() >= 2 || seconds >= 2.0 {
                last = std::time::Instant::now();
                eprintln!(
                    "reach: level {level} ({partition}): layer {layer}: {new} new of {children} quiet moves, {found} found, {seconds:.1} s"
                );
            }
        }
        ReachEvent::Level(c) => {
            if last.elapsed().as_secs() >= 2 {
                last = std::time::Instant::now();
                eprintln!(
                    "reach: level {} done: {} positions, {} partitions, largest {}, {:.0} s",
                    c.levels_done - 1,
                    c.positions,
                    c.partitions,
                    c.largest_partition,
                    c.seconds
                );
            }
        }
    })
    .with_context(|| format!("the work directory {dir}"))?;
    match end {
        ReachEnd::Complete(c) => {
            let what = if c.levels_done >= LEVEL_COUNT {
                "reachable positions".to_string()
            } else {
                format!("reachable positions below level {}:", c.levels_done)
            };
            println!(
                "{what} {} (partitions {}, largest partition {}) in {:.1} s",
                c.positions, c.partitions, c.largest_partition, c.seconds
            );
            if c.levels_done >= LEVEL_COUNT {
                println!("total: {} positions", c.positions);
            } else {
                println!(
                    "total below level {}: {} positions",
                    c.levels_done, c.positions
                );
            }
            Ok(())
        }
        ReachEnd::Stopped {
            count,
            partition,
            level,
            found,
            frontier,
            layers,
            limit,
        } => {
            let lower = count.positions + found;
            println!(
                "not finished ({limit} limit): {} in {} finished (the levels below {} and the partitions of level {level} before this one); \
                 level {level} ({partition}): {found} found after {layers} layers, {frontier} still to expand; \
                 at least {lower} positions are reachable; {:.1} s in all",
                plural(count.positions, "position"),
                plural(count.partitions, "partition"),
                count.levels_done,
                count.seconds
            );
            if limit == "memory" {
                println!("checkpoint saved in {dir}");
                bail!(
                    "the partition does not fit in --memory-mb {memory_mb} (8 bytes for each position found and 24 for each still to expand): run again with a larger --memory-mb to resume"
                );
            }
            if temporary {
                println!(
                    "checkpoint saved in {dir} (a temporary directory): run again with --dir {dir} to resume"
                );
            } else {
                println!("checkpoint saved in {dir}: run the same command again to resume");
            }
            Ok(())
        }
    }
}

/// The most positions `bao reach --values` holds in memory (about 64 bytes each with
/// the move graph: 6.4 GB).
pub const MAX_VALUE_POSITIONS: usize = 100_000_000;

/// Runs `bao reach --position TEXT --values FILE`: the exact value and final score of
/// every position reachable from TEXT by retrograde analysis
/// (`bao_engine::solve::reach::retrograde`), written to FILE in the opening book's
/// format (temporary file, then rename). Undecided positions (decided only by
/// repetition) are left out and counted in the header.
///
/// # Errors
/// A bad position text, more than [`MAX_VALUE_POSITIONS`] reachable positions, I/O.
pub fn values(position: &str, file: &str) -> Result<()> {
    use bao_engine::solve::book::{Book, Known};
    use bao_engine::solve::reach::retrograde;
    use bao_rules::kingulu::{Kingulu, Rules};
    let start = Kingulu::from_text(position, &Rules::default())
        .map_err(|e| anyhow::anyhow!("--position {position:?}: {e}"))?;
    let t0 = std::time::Instant::now();
    let Some(v) = retrograde(&start, MAX_VALUE_POSITIONS) else {
        bail!("--values: more than {MAX_VALUE_POSITIONS} positions are reachable: too many to hold in memory");
    };
    let mut lines = Vec::new();
    for (i, pos) in v.positions.iter().enumerate() {
        if let (Some(value), Some(south)) = (v.value[i], v.south_score(i)) {
            lines.push(Book::line(pos, Known { value, south }));
        }
    }
    let undecided = v.positions.len() - lines.len();
    let mut text = format!(
        "# bao value database: Bao Kingulu, default rules, every position reachable from {position}\n\
         # position | exact value for the side to move (plies) | South's exact final score (G-R14)\n\
         # built by: bao reach --position TEXT --values FILE; checked by: bao book verify FILE\n\
         # positions {}, undecided (left out) {undecided}\n",
        v.positions.len()
    );
    for l in &lines {
        text.push_str(l);
        text.push('\n');
    }
    let tmp = format!("{file}.tmp");
    std::fs::write(&tmp, &text).with_context(|| format!("writing {tmp}"))?;
    std::fs::rename(&tmp, file).with_context(|| format!("renaming {tmp} to {file}"))?;
    let start_value = match (v.value[0], v.south_score(0)) {
        (Some(value), Some(s)) => format!("{}, South {s}", value_text(value)),
        (Some(value), None) => format!("{}, score not decided", value_text(value)),
        _ => "undecided".to_string(),
    };
    println!(
        "values: {} positions, {} decided, {undecided} undecided (left out); the start: {start_value}; {:.1} s; written to {file}",
        v.positions.len(),
        lines.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `bao play --values FILE`, `bao serve --values FILE`: reads the value database FILE
/// (`bao reach --values`) and installs it for the process
/// (`bao_engine::solve::book::install_values`); prints how many positions it holds on
/// stderr.
///
/// # Errors
/// A file that cannot be read or is not a value database.
pub fn install_values(file: &str) -> Result<usize> {
    use bao_engine::solve::book::{install_values, Book};
    let text = crate::common::read_text_file(file, crate::book::MAX_BOOK_BYTES)
        .with_context(|| format!("--values {file}"))?;
    let db = Book::parse(&text, &bao_rules::kingulu::Rules::default())
        .with_context(|| format!("--values {file}"))?;
    let n = db.len();
    if install_values(db).is_err() {
        bail!("--values {file}: a value database is installed already");
    }
    eprintln!("bao: the value database {file}: {n} Bao Kingulu positions");
    Ok(n)
}

/// `bao solve --values FILE`: prints the value (and with `margin` the final score) of
/// `pos` from a value database written by `bao reach --values` (the opening book's
/// format) and returns `true`, or says that the position is not in it and returns
/// `false` (the caller solves it).
///
/// # Errors
/// A file that cannot be read or is not a value database.
pub fn from_values(pos: &bao_rules::kingulu::Kingulu, file: &str, margin: bool) -> Result<bool> {
    use bao_engine::solve::book::Book;
    let text = crate::common::read_text_file(file, crate::book::MAX_BOOK_BYTES)?;
    let db = Book::parse(&text, pos.rules()).with_context(|| file.to_string())?;
    let Some(known) = db.get(pos) else {
        eprintln!(
            "{}: not in the value database {file}: solving it",
            pos.to_text()
        );
        return Ok(false);
    };
    println!("position {}", pos.to_text());
    println!(
        "value {} (from the value database {file})",
        value_text(known.value)
    );
    if margin {
        println!(
            "margin South {}-{} North (from the value database {file})",
            known.south,
            48 - known.south
        );
    }
    Ok(true)
}
