//! `bao train gen`: self-play training positions for a learned Bao la Kiswahili
//! evaluation (`bao_engine::train`), resumable.
//!
//! The work directory holds `settings.txt` (the run's settings: a resumed run must use the
//! same, only `--games` may grow), `positions.bin` (the records, `RECORD_BYTES` each, game
//! after game) and `progress.txt` (`games G records R`, rewritten after every batch, after
//! the records are on disk). On a restart `positions.bin` is cut back to the `R` records
//! of the `G` finished games and game `G` is played next: game `g` is a pure function of
//! the settings and `g`, so the file is the same however often the run was stopped and
//! however many threads played it.

use anyhow::{anyhow, bail, Context, Result};
use bao_engine::train::{gen_game, GenConfig, TrainPosition, RECORD_BYTES};
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// What `bao train gen` was asked for.
#[derive(Debug, Clone)]
pub struct GenOptions {
    /// The work directory.
    pub dir: String,
    /// Games in all (a resumed run may ask for more).
    pub games: u64,
    /// How the games are made.
    pub config: GenConfig,
    /// Games played at once.
    pub threads: usize,
    /// Draw a progress bar on stderr (when it is a terminal).
    pub progress: bool,
}

/// What a finished `bao train gen` made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenSummary {
    /// Games in the file.
    pub games: u64,
    /// Records in the file.
    pub records: u64,
    /// Games played by this run (the rest were there before).
    pub played: u64,
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

fn settings_text(c: &GenConfig) -> String {
    format!(
        "game kiswahili\nrules mancala-world\nrecord-bytes {RECORD_BYTES}\nrandom-plies {}\nnodes {}\nlabel-nodes {}\nmax-plies {}\nseed {}\n",
        c.random_plies, c.nodes, c.label_nodes, c.max_plies, c.seed
    )
}

/// `progress.txt`: (games, records), or (0, 0) when there is none.
fn read_progress(path: &Path) -> Result<(u64, u64)> {
    if !path.exists() {
        return Ok((0, 0));
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let bad = || {
        anyhow!(
            "{}: expected \"games G records R\", found {text:?}",
            path.display()
        )
    };
    let f: Vec<&str> = text.split_whitespace().collect();
    match f.as_slice() {
        ["games", g, "records", r] => {
            Ok((g.parse().map_err(|_| bad())?, r.parse().map_err(|_| bad())?))
        }
        _ => Err(bad()),
    }
}

/// Reads back every record of a `positions.bin` (for checks and the training to come).
///
/// # Errors
/// A file whose size is not a whole number of records, or a record that does not decode
/// (its number and the reason).
pub fn read_positions(path: &Path) -> Result<Vec<TrainPosition>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() % RECORD_BYTES != 0 {
        bail!(
            "{}: {} bytes is not a whole number of {RECORD_BYTES}-byte records",
            path.display(),
            bytes.len()
        );
    }
    bytes
        .chunks(RECORD_BYTES)
        .enumerate()
        .map(|(i, r)| {
            TrainPosition::decode(r)
                .map_err(|e| anyhow!("{}: record {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Runs `bao train gen`.
pub fn gen(opts: &GenOptions) -> Result<GenSummary> {
    let dir = Path::new(&opts.dir);
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--dir {}: cannot create it", dir.display()))?;
    let settings = settings_text(&opts.config);
    let settings_file = dir.join("settings.txt");
    if settings_file.exists() {
        let old = std::fs::read_to_string(&settings_file)?;
        if old != settings {
            bail!(
                "--dir {}: it holds a run with other settings:\n{old}(this one:\n{settings})",
                dir.display()
            );
        }
    } else {
        write_file(&settings_file, &settings)?;
    }
    let data_file = dir.join("positions.bin");
    let progress_file = dir.join("progress.txt");
    let (mut done, mut records) = read_progress(&progress_file)?;
    // Records written after the last progress line belong to an unfinished batch.
    let want = records * RECORD_BYTES as u64;
    let have = std::fs::metadata(&data_file).map(|m| m.len()).unwrap_or(0);
    if have < want {
        bail!(
            "{}: {have} bytes, but {} says {records} records ({want} bytes): the file was cut; remove the directory to start again",
            data_file.display(),
            progress_file.display()
        );
    }
    if have > want {
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(&data_file)
            .with_context(|| format!("cannot open {}", data_file.display()))?;
        f.set_len(want)?;
    }
    if done > 0 {
        eprintln!(
            "resuming: {done} games, {records} positions in {}",
            data_file.display()
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .context("cannot start the worker threads")?;
    let bar = opts.progress.then(|| {
        let bar = indicatif::ProgressBar::new(opts.games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta}) {msg}",
        ) {
            bar.set_style(style);
        }
        bar.set_position(done.min(opts.games));
        bar
    });
    let t0 = Instant::now();
    let start_done = done;
    let batch = (opts.threads as u64 * 2).max(1);
    while done < opts.games {
        let end = (done + batch).min(opts.games);
        let games: Vec<Vec<TrainPosition>> = pool.install(|| {
            (done..end)
                .into_par_iter()
                .map(|g| gen_game(&opts.config, g))
                .collect()
        });
        let mut bytes = Vec::new();
        for t in games.iter().flatten() {
            bytes.extend_from_slice(&t.encode());
        }
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&data_file)
            .with_context(|| format!("cannot write {}", data_file.display()))?;
        f.write_all(&bytes)?;
        f.sync_data()?;
        records += (bytes.len() / RECORD_BYTES) as u64;
        done = end;
        write_file(&progress_file, &format!("games {done} records {records}\n"))?;
        if let Some(bar) = &bar {
            bar.set_position(done);
            bar.set_message(format!("{records} positions"));
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let secs = t0.elapsed().as_secs_f64();
    eprintln!("{} games played in {secs:.1} s", done - start_done);
    Ok(GenSummary {
        games: done,
        records,
        played: done - start_done,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(dir: &Path, games: u64, threads: usize) -> GenOptions {
        GenOptions {
            dir: dir.to_str().unwrap().to_string(),
            games,
            config: GenConfig {
                random_plies: 4,
                nodes: 100,
                label_nodes: 300,
                max_plies: 300,
                seed: 9,
            },
            threads,
            progress: false,
        }
    }

    #[test]
    fn a_run_resumes_and_makes_the_same_file() {
        let a = tempfile::tempdir().unwrap();
        let b = tempfile::tempdir().unwrap();
        // One run of 4 games on 2 threads, and one of 1 game then resumed to 4 on 1.
        let whole = gen(&opts(a.path(), 4, 2)).unwrap();
        assert_eq!((whole.games, whole.played), (4, 4));
        let first = gen(&opts(b.path(), 1, 1)).unwrap();
        assert_eq!((first.games, first.played), (1, 1));
        // An interrupted batch: bytes beyond the progress line are dropped.
        let data = b.path().join("positions.bin");
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&data)
            .unwrap();
        f.write_all(&[7u8; 50]).unwrap();
        drop(f);
        let rest = gen(&opts(b.path(), 4, 1)).unwrap();
        assert_eq!(
            rest,
            GenSummary {
                games: 4,
                records: whole.records,
                played: 3
            }
        );
        let x = std::fs::read(a.path().join("positions.bin")).unwrap();
        let y = std::fs::read(&data).unwrap();
        assert_eq!(x.len() as u64, whole.records * RECORD_BYTES as u64);
        assert!(x == y, "the two runs made different files");
        assert_eq!(read_positions(&data).unwrap().len() as u64, whole.records);
        assert_eq!(
            std::fs::read_to_string(b.path().join("progress.txt")).unwrap(),
            format!("games 4 records {}\n", whole.records)
        );
        // Other settings are refused.
        let mut other = opts(b.path(), 4, 1);
        other.config.nodes = 101;
        let e = gen(&other).unwrap_err().to_string();
        assert!(e.contains("it holds a run with other settings"), "{e}");
    }
}
