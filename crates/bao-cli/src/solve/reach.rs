//! `bao reach` (the positions reachable from a Bao Kingulu position, counted on disk or
//! in memory) and value databases (`--values`) read by `bao solve`, `bao play` and
//! `bao serve`.

use super::*;

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
