//! The exact count of the positions reachable from the Bao Kingulu start, on disk and
//! resumable (docs/solved.md, "Beyond the start").
//!
//! Stores and reservations never shrink (K-R6, K-R8, K-R9, I4), so a move either keeps
//! the *partition* (South's store, North's store, the reserved pits) or goes to a
//! partition of a higher *level* (seeds in the stores × 13 + reserved pits). Levels are
//! processed in order. A level's file holds the keys that earlier levels' moves led
//! into it; they are sorted, freed of duplicates and split by partition, and each
//! partition is closed under its quiet moves ([`Closure`]); the keys of moves leaving it
//! are appended to the files of their levels.
//!
//! Work directory: `level-NNN.keys` (little-endian u64 keys, duplicates allowed),
//! `progress.txt` (the finished levels and their count), and while a partition is being
//! closed, a checkpoint: `partial.txt` with `partial-found.keys` and
//! `partial-frontier.keys`. Every file is written to a temporary name, synced and
//! renamed. A run stopped anywhere (a limit, a crash, a kill) resumes from the last
//! finished level or checkpoint; keys appended after the checkpoint come again as
//! duplicates, which reading removes.

use super::closure::Closure;
use super::pack::{level, pack, partition, Ranker, LEVELS};
use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::Game;
use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Progress and result of [`count_reachable`].
#[derive(Clone, Debug, PartialEq)]
pub struct ReachCount {
    /// Levels finished (all of them when the count is complete).
    pub levels_done: usize,
    /// Positions counted in the finished partitions.
    pub positions: u64,
    /// Partitions (stores, reservations) finished.
    pub partitions: u64,
    /// The largest finished partition, positions.
    pub largest_partition: u64,
    /// Seconds spent, over all runs.
    pub seconds: f64,
}

impl ReachCount {
    fn to_text(&self) -> String {
        format!(
            "levels_done {}\npositions {}\npartitions {}\nlargest_partition {}\nseconds {:.1}\n",
            self.levels_done, self.positions, self.partitions, self.largest_partition, self.seconds
        )
    }

    fn parse(text: &str) -> Option<ReachCount> {
        let m = fields(text)?;
        Some(ReachCount {
            levels_done: m
                .get("levels_done")?
                .parse()
                .ok()
                .filter(|&l: &usize| l <= LEVELS)?,
            positions: m.get("positions")?.parse().ok()?,
            partitions: m.get("partitions")?.parse().ok()?,
            largest_partition: m.get("largest_partition")?.parse().ok()?,
            seconds: m.get("seconds")?.parse().ok()?,
        })
    }
}

fn fields(text: &str) -> Option<HashMap<&str, &str>> {
    let mut m = HashMap::new();
    for l in text.lines() {
        let (k, v) = l.split_once(' ')?;
        m.insert(k, v);
    }
    Some(m)
}

/// Limits of one run of [`count_reachable`]; a run that meets one saves a checkpoint and
/// returns [`ReachEnd::Stopped`].
#[derive(Clone, Debug)]
pub struct CountLimits {
    /// Memory for one partition's positions, bytes (8 a position, plus its frontier).
    pub memory_bytes: u64,
    /// Stop before this level (count levels `0..max_level` only).
    pub max_level: usize,
    /// Stop after this much time in this run.
    pub time: Option<Duration>,
    /// Stop after this many breadth-first layers in this run (for tests).
    pub layers: Option<u64>,
    /// Save a checkpoint of a partition at least this often.
    pub checkpoint_every: Duration,
}

impl Default for CountLimits {
    fn default() -> CountLimits {
        CountLimits {
            memory_bytes: 4 << 30,
            max_level: LEVELS,
            time: None,
            layers: None,
            checkpoint_every: Duration::from_secs(600),
        }
    }
}

/// How a run of [`count_reachable`] ended.
#[derive(Clone, Debug, PartialEq)]
pub enum ReachEnd {
    /// Every level below `max_level` is finished.
    Complete(ReachCount),
    /// A limit stopped the run inside a partition; a checkpoint is saved.
    Stopped {
        /// The finished levels and partitions.
        count: ReachCount,
        /// The partition being closed, in words (`S=3 N=0, no reserved pit`).
        partition: String,
        /// Its level.
        level: usize,
        /// Its positions found so far (all reachable).
        found: u64,
        /// Its frontier (found, moves not yet made).
        frontier: u64,
        /// Breadth-first layers expanded in it.
        layers: u64,
        /// Which limit: `memory`, `time` or `layers`.
        limit: &'static str,
    },
}

/// A progress report of [`count_reachable`].
#[derive(Clone, Debug)]
pub enum ReachEvent<'a> {
    /// A layer of a partition was expanded.
    Layer {
        /// The level.
        level: usize,
        /// The partition in words.
        partition: &'a str,
        /// Layers expanded in the partition.
        layer: u64,
        /// Its positions found so far.
        found: u64,
        /// New positions of this layer.
        new: u64,
        /// Quiet moves made by this layer.
        children: u64,
        /// Seconds of this layer.
        seconds: f64,
    },
    /// A level was finished.
    Level(&'a ReachCount),
}

/// The checkpoint of a partition being closed.
struct Partial {
    level: usize,
    part: u64,
    layer: u64,
    /// Keys in `partial-found.keys` and `partial-frontier.keys` (checked on resume: the
    /// three files are renamed one after the other, so a crash between the renames leaves
    /// files of different checkpoints).
    found: Option<u64>,
    frontier: Option<u64>,
    /// The count before this partition (finished levels and this level's partitions
    /// before it).
    before: ReachCount,
}

impl Partial {
    fn to_text(&self) -> String {
        format!(
            "level {}\npartition {}\nlayer {}\nfound {}\nfrontier {}\n{}",
            self.level,
            self.part,
            self.layer,
            self.found.unwrap_or(0),
            self.frontier.unwrap_or(0),
            self.before.to_text()
        )
    }

    fn parse(text: &str) -> Option<Partial> {
        let m = fields(text)?;
        Some(Partial {
            level: m.get("level")?.parse().ok()?,
            part: m.get("partition")?.parse().ok()?,
            layer: m.get("layer")?.parse().ok()?,
            // Absent in checkpoints of the first version: not checked.
            found: m.get("found").and_then(|v| v.parse().ok()),
            frontier: m.get("frontier").and_then(|v| v.parse().ok()),
            before: ReachCount::parse(text)?,
        })
    }
}

fn level_file(dir: &Path, lv: usize) -> PathBuf {
    dir.join(format!("level-{lv:03}.keys"))
}

pub(super) fn read_keys(path: &Path) -> io::Result<Vec<u64>> {
    let mut keys = Vec::new();
    if !path.exists() {
        return Ok(keys);
    }
    let len = fs::metadata(path)?.len();
    keys.reserve_exact((len / 8) as usize);
    let mut r = BufReader::with_capacity(1 << 20, File::open(path)?);
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let mut got = 0;
        while got < buf.len() {
            match r.read(&mut buf[got..])? {
                0 => break,
                n => got += n,
            }
        }
        for b in buf[..got - got % 8].chunks_exact(8) {
            keys.push(u64::from_le_bytes(b.try_into().expect("8 bytes")));
        }
        if got < buf.len() {
            break;
        }
    }
    Ok(keys)
}

/// Writes `keys` to `path` through a synced temporary file and a rename.
fn write_keys(path: &Path, keys: &[u64]) -> io::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let mut w = BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
        for k in keys {
            w.write_all(&k.to_le_bytes())?;
        }
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    }
    fs::rename(&tmp, path)
}

fn write_text(path: &Path, text: &str) -> io::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let mut f = File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)
}

/// Appends keys to the level files (one buffered writer per level).
struct Sink<'d> {
    dir: &'d Path,
    writers: HashMap<usize, BufWriter<File>>,
}

impl Sink<'_> {
    fn push(&mut self, keys: &[u64], from_level: usize) -> io::Result<()> {
        for &k in keys {
            let lv = level(k);
            debug_assert!(lv > from_level, "moves never lower the level");
            let w = match self.writers.entry(lv) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    let f = OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(level_file(self.dir, lv))?;
                    e.insert(BufWriter::with_capacity(1 << 16, f))
                }
            };
            w.write_all(&k.to_le_bytes())?;
        }
        Ok(())
    }

    /// Flushes and syncs every level file (before a checkpoint or a finished level).
    fn sync(&mut self) -> io::Result<()> {
        for w in self.writers.values_mut() {
            w.flush()?;
            w.get_ref().sync_data()?;
        }
        Ok(())
    }
}

/// A torn append (a crash mid-key) leaves a file whose length is not a multiple of 8:
/// cut it back to whole keys.
fn repair_level_files(dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        let is_level = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("level-") && n.ends_with(".keys"));
        if is_level {
            let len = fs::metadata(&path)?.len();
            if len % 8 != 0 {
                OpenOptions::new()
                    .write(true)
                    .open(&path)?
                    .set_len(len - len % 8)?;
            }
        }
    }
    Ok(())
}

/// Counts the positions reachable from the Bao Kingulu start under `rules`, level by
/// level below `limits.max_level`, keeping its work in `dir` (created if missing) and
/// resuming from what is there. `on_event` gets a report after every layer and level.
///
/// # Errors
/// I/O errors of the work directory, or a work directory whose progress files cannot be
/// read back.
pub fn count_reachable(
    rules: &Rules,
    dir: &Path,
    limits: &CountLimits,
    on_event: &mut dyn FnMut(ReachEvent<'_>),
) -> io::Result<ReachEnd> {
    count_reachable_from(&Kingulu::start(rules), dir, limits, on_event)
}

/// [`count_reachable`] from any Bao Kingulu position `start` (under its rules): every
/// position reachable from it, `start` included. The work directory records the start
/// (`start.txt`, its position text); resuming a directory of another start is refused.
/// A directory without `start.txt` (made by a version that counted from the start only)
/// is taken as a count from the start position.
///
/// # Errors
/// As [`count_reachable`]; a work directory of another start is `InvalidInput`.
pub fn count_reachable_from(
    start: &Kingulu,
    dir: &Path,
    limits: &CountLimits,
    on_event: &mut dyn FnMut(ReachEvent<'_>),
) -> io::Result<ReachEnd> {
    let rules = start.rules();
    if dir.exists() && !dir.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a directory", dir.display()),
        ));
    }
    fs::create_dir_all(dir)?;
    repair_level_files(dir)?;
    let rk = Ranker::new();
    let progress = dir.join("progress.txt");
    let start_path = dir.join("start.txt");
    let start_text = start.to_text();
    if progress.exists() {
        let recorded = if start_path.exists() {
            fs::read_to_string(&start_path)?.trim().to_string()
        } else {
            Kingulu::start(rules).to_text()
        };
        if recorded != start_text {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} holds the count from {recorded}, not from {start_text}: use another directory",
                    dir.display()
                ),
            ));
        }
    }
    let mut count = if progress.exists() {
        ReachCount::parse(&fs::read_to_string(&progress)?).ok_or_else(|| bad(&progress))?
    } else {
        let key = pack(&rk, start);
        write_keys(&level_file(dir, level(key)), &[key])?;
        write_text(&start_path, &format!("{start_text}\n"))?;
        let fresh = ReachCount {
            levels_done: 0,
            positions: 0,
            partitions: 0,
            largest_partition: 0,
            seconds: 0.0,
        };
        write_text(&progress, &fresh.to_text())?;
        fresh
    };
    let partial_path = dir.join("partial.txt");
    let mut partial = if partial_path.exists() {
        let p = Partial::parse(&fs::read_to_string(&partial_path)?)
            .ok_or_else(|| bad(&partial_path))?;
        Some(p)
    } else {
        None
    };
    let run_start = Instant::now();
    let base_seconds = partial.as_ref().map_or(count.seconds, |p| p.before.seconds);
    let seconds = |t: Instant| base_seconds + t.elapsed().as_secs_f64();
    let mut sink = Sink {
        dir,
        writers: HashMap::new(),
    };
    let mut layers_run = 0u64;
    for lv in count.levels_done..limits.max_level.min(LEVELS) {
        if !level_file(dir, lv).exists() && partial.as_ref().is_none_or(|p| p.level != lv) {
            // Nothing leads into this level: done at once (progress.txt is written at the
            // next level with keys or at the end; redoing an empty level is free).
            count.levels_done = lv + 1;
            on_event(ReachEvent::Level(&count));
            continue;
        }
        let mut keys = read_keys(&level_file(dir, lv))?;
        keys.sort_unstable();
        keys.dedup();
        let resume = partial.take().filter(|p| p.level == lv);
        if let Some(p) = &resume {
            count = p.before.clone();
        }
        let mut i = 0;
        while i < keys.len() {
            let part = partition(keys[i]);
            let j = i + keys[i..].partition_point(|&k| partition(k) == part);
            let entry = keys[i..j].to_vec();
            i = j;
            let mut closure = match &resume {
                Some(p) if part < p.part => continue, // finished before the checkpoint
                Some(p) if part == p.part => {
                    let found = read_keys(&dir.join("partial-found.keys"))?;
                    let frontier = read_keys(&dir.join("partial-frontier.keys"))?;
                    if p.found.is_none_or(|n| n == found.len() as u64)
                        && p.frontier.is_none_or(|n| n == frontier.len() as u64)
                    {
                        Closure {
                            part,
                            found,
                            frontier,
                            layer: p.layer,
                        }
                    } else {
                        // Files of different checkpoints: close the partition again.
                        Closure::new(part, entry)
                    }
                }
                _ => Closure::new(part, entry),
            };
            let name = super::pack::partition_text(part);
            let mut last_checkpoint = Instant::now();
            while !closure.is_done() {
                let over_memory = (closure.found.len() as u64 + 3 * closure.frontier.len() as u64)
                    * 8
                    > limits.memory_bytes;
                let over_time = limits.time.is_some_and(|t| run_start.elapsed() >= t);
                let over_layers = limits.layers.is_some_and(|n| layers_run >= n);
                let due = last_checkpoint.elapsed() >= limits.checkpoint_every;
                if over_memory || over_time || over_layers || due {
                    sink.sync()?;
                    let mut before = count.clone();
                    before.seconds = seconds(run_start);
                    write_keys(&dir.join("partial-found.keys"), &closure.found)?;
                    write_keys(&dir.join("partial-frontier.keys"), &closure.frontier)?;
                    let cp = Partial {
                        level: lv,
                        part,
                        layer: closure.layer,
                        found: Some(closure.found.len() as u64),
                        frontier: Some(closure.frontier.len() as u64),
                        before: before.clone(),
                    };
                    write_text(&partial_path, &cp.to_text())?;
                    last_checkpoint = Instant::now();
                    let limit = if over_memory {
                        "memory"
                    } else if over_time {
                        "time"
                    } else if over_layers {
                        "layers"
                    } else {
                        continue;
                    };
                    return Ok(ReachEnd::Stopped {
                        count: before,
                        partition: name,
                        level: lv,
                        found: closure.found.len() as u64,
                        frontier: closure.frontier.len() as u64,
                        layers: closure.layer,
                        limit,
                    });
                }
                let t = Instant::now();
                let stats = closure.step(&rk, rules, &mut |leave| sink.push(leave, lv))?;
                layers_run += 1;
                on_event(ReachEvent::Layer {
                    level: lv,
                    partition: &name,
                    layer: closure.layer,
                    found: closure.found.len() as u64,
                    new: stats.new,
                    children: stats.children,
                    seconds: t.elapsed().as_secs_f64(),
                });
            }
            let size = closure.found.len() as u64;
            count.positions += size;
            count.partitions += 1;
            count.largest_partition = count.largest_partition.max(size);
        }
        drop(keys);
        sink.sync()?;
        count.levels_done = lv + 1;
        count.seconds = seconds(run_start);
        write_text(&progress, &count.to_text())?;
        for f in ["partial.txt", "partial-found.keys", "partial-frontier.keys"] {
            let _ = fs::remove_file(dir.join(f));
        }
        let _ = fs::remove_file(level_file(dir, lv));
        on_event(ReachEvent::Level(&count));
    }
    count.seconds = seconds(run_start);
    write_text(&progress, &count.to_text())?;
    Ok(ReachEnd::Complete(count))
}

fn bad(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("{} is not a progress file of bao reach", path.display()),
    )
}
