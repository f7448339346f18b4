//! `bao tune`: Texel-style tuning of the Bao la Kiswahili or Bao Kingulu evaluation
//! (`bao_engine::tune`), resumable.
//!
//! The work directory holds `settings.txt` (the run's settings: a resumed run must use the
//! same), `data.tsv` (every self-play position: the result for the side to move, then the
//! evaluation's terms; each game closed by a line `end <game>`), `progress.txt` (games
//! done, samples, time; rewritten after every batch) and, at the end, `weights.txt` (the
//! fitted weights). Game `g` is a pure function of the seed and `g`, so a run stopped at
//! any point and started again with the same command continues where it was and makes
//! the same data.

use anyhow::{bail, Context, Result};
use bao_engine::tune::{fit, parse_sample, sample_line, self_play_game, Sample, SelfPlay, Tunable};
use bao_engine::weights::{KG_TERMS, KS_TERMS};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::GameKind;
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// What `bao tune` was asked for.
#[derive(Debug)]
pub struct TuneOptions {
    /// The game whose evaluation is tuned.
    pub game: GameKind,
    /// The work directory.
    pub dir: String,
    /// Self-play games in all.
    pub games: u64,
    /// Nodes a move.
    pub nodes: u64,
    /// Random plies at the start of each game.
    pub random_plies: u32,
    /// The run's seed.
    pub seed: u64,
    /// Threads (games played at once).
    pub threads: usize,
    /// The ridge on every coefficient but material.
    pub lambda: f64,
    /// The command line (for weights.txt).
    pub command: String,
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// Reads `data.tsv`: the samples of complete games and the number of games; a last game
/// cut by an interruption is dropped (and its lines removed from the file).
fn read_data<const N: usize>(path: &Path) -> Result<(Vec<Sample<N>>, u64)> {
    if !path.exists() {
        return Ok((Vec::new(), 0));
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut samples = Vec::new();
    let mut pending = Vec::new();
    let mut games = 0u64;
    let mut keep = 0usize;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        offset += line.len();
        let body = line.trim_end();
        if let Some(g) = body.strip_prefix("end\t") {
            let g: u64 = g
                .parse()
                .with_context(|| format!("{}: bad line {body:?}", path.display()))?;
            if g != games {
                bail!(
                    "{}: game {g} where game {games} was expected",
                    path.display()
                );
            }
            games += 1;
            samples.append(&mut pending);
            keep = offset;
        } else if let Some(s) = parse_sample(body) {
            pending.push(s);
        } else if line.ends_with('\n') {
            bail!("{}: not a sample: {body:?}", path.display());
        }
    }
    if keep < text.len() {
        let f = std::fs::OpenOptions::new().write(true).open(path)?;
        f.set_len(keep as u64)?;
    }
    Ok((samples, games))
}

/// Runs `bao tune` for the game of `opts`.
pub fn tune(opts: &TuneOptions) -> Result<()> {
    match opts.game {
        GameKind::Kiswahili => tune_game::<Kiswahili, KS_TERMS>(opts, "kiswahili"),
        GameKind::Kingulu => tune_game::<Kingulu, KG_TERMS>(opts, "kingulu"),
    }
}

/// Runs `bao tune` for `G` (named `name` in settings.txt).
fn tune_game<G: Tunable<N>, const N: usize>(opts: &TuneOptions, name: &str) -> Result<()> {
    let dir = Path::new(&opts.dir);
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--dir {}: cannot create it", dir.display()))?;
    let settings = format!(
        "game {name}\nnodes {}\nrandom-plies {}\nseed {}\nmax-plies 300\n",
        opts.nodes, opts.random_plies, opts.seed
    );
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
    let data_file = dir.join("data.tsv");
    let (mut samples, mut done) = read_data::<N>(&data_file)?;
    if done > 0 {
        eprintln!(
            "resuming: {done} games, {} positions in {}",
            samples.len(),
            data_file.display()
        );
    }
    let cfg = SelfPlay {
        random_plies: opts.random_plies,
        nodes: opts.nodes,
        max_plies: 300,
        seed: opts.seed,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .context("cannot start the worker threads")?;
    let t0 = Instant::now();
    let start_done = done;
    let batch = (opts.threads as u64 * 4).max(1);
    while done < opts.games {
        let end = (done + batch).min(opts.games);
        let games: Vec<Vec<Sample<N>>> = pool.install(|| {
            (done..end)
                .into_par_iter()
                .map(|g| self_play_game::<G, N>(&cfg, g))
                .collect()
        });
        let mut text = String::new();
        for (g, game) in (done..end).zip(&games) {
            for s in game {
                text.push_str(&sample_line(s));
                text.push('\n');
            }
            text.push_str(&format!("end\t{g}\n"));
        }
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&data_file)
            .with_context(|| format!("cannot write {}", data_file.display()))?;
        f.write_all(text.as_bytes())?;
        f.sync_data()?;
        for game in games {
            samples.extend(game);
        }
        done = end;
        let secs = t0.elapsed().as_secs_f64();
        let rate = (done - start_done) as f64 / secs.max(1e-9);
        let line = format!(
            "games {done}/{} positions {} elapsed {secs:.0} s eta {:.0} s",
            opts.games,
            samples.len(),
            (opts.games - done) as f64 / rate.max(1e-9)
        );
        eprintln!("{line}");
        write_file(&dir.join("progress.txt"), &format!("{line}\n"))?;
    }
    if samples.is_empty() {
        bail!("no positions to fit");
    }
    let t1 = Instant::now();
    let f = fit(&samples, &G::WEIGHTS, opts.lambda);
    let mut out = format!(
        "# bao tune: {} games, {} positions; fitted in {:.1} s ({} Newton steps)\n# made by: bao {}\n# cross-entropy {:.5} with the weights in use (best scale), {:.5} fitted\n",
        done,
        samples.len(),
        t1.elapsed().as_secs_f64(),
        f.steps,
        opts.command,
        f.loss_before,
        f.loss_after
    );
    for i in 0..N {
        out.push_str(&format!(
            "{:<18} {:>6} (was {:>5})\n",
            G::TERM_NAMES[i],
            f.weights[i],
            G::WEIGHTS[i]
        ));
    }
    write_file(&dir.join("weights.txt"), &out)?;
    print!("{out}");
    Ok(())
}
