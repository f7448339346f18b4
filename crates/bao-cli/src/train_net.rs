//! `bao train net`: trains Bao la Kiswahili's network ([`bao_engine::nnue`]) on the
//! records of `bao train gen`, resumable from a checkpoint.
//!
//! Every 20th game (by default) is held out for validation. Each epoch shuffles the
//! training positions (the order is a function of the seed and the epoch), runs
//! mini-batch Adam, prints the training and validation losses, and writes
//! `OUT.ckpt` (model and optimizer) and `OUT` (the integer network). Run the same command
//! again to continue after the last finished epoch (`--epochs` may grow). Single
//! threaded, so the weights are a function of the data and the settings.

use anyhow::{bail, Context, Result};
use bao_engine::nnue::trainer::{
    epoch_order, fit_scale, sample, train_epoch, Adam, Checkpoint, Model, Sample,
};
use bao_engine::train::{TrainPosition, RECORD_BYTES};
use bao_engine::KiswahiliFeatures;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What `bao train net` was asked for.
#[derive(Debug, Clone)]
pub struct NetOptions {
    /// The data directories of `bao train gen` (positions.bin, progress.txt), read one
    /// after the other.
    pub data: Vec<String>,
    /// The network file to write (the checkpoint is this with `.ckpt` appended).
    pub out: String,
    /// The seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Epochs in all.
    pub epochs: u32,
    /// λ: the weight of the search's score in the target (1 − λ: the game's result).
    pub lambda: f32,
    /// Adam's learning rate at the first epoch (it falls to a tenth by the last).
    pub lr: f32,
    /// Positions a mini-batch.
    pub batch: usize,
    /// Every n-th game is held out for validation.
    pub holdout_every: u64,
    /// Use at most this many records (the first ones); `None`: all.
    pub max_records: Option<u64>,
    /// Draw a progress bar.
    pub progress: bool,
}

/// What a finished run reports.
#[derive(Debug, Clone, PartialEq)]
pub struct NetSummary {
    /// Training / validation positions.
    pub train: usize,
    /// Held-out positions.
    pub validation: usize,
    /// Centi-seeds per unit of log-odds (fitted to the data).
    pub scale: f32,
    /// The last epoch's validation loss.
    pub validation_loss: f64,
    /// The linear evaluation's validation loss at its best scale.
    pub linear_loss: f64,
    /// Epochs run by this call.
    pub ran: u32,
}

/// The records of a `bao train gen` directory: those `progress.txt` vouches for (a run
/// still going may have written part of a batch), at most `max`.
///
/// # Errors
/// A missing or damaged file, a record that does not decode.
pub fn load_records(dir: &Path, max: Option<u64>) -> Result<Vec<TrainPosition>> {
    let path = dir.join("positions.bin");
    let bytes =
        std::fs::read(&path).with_context(|| format!("--data: cannot read {}", path.display()))?;
    let mut n = (bytes.len() / RECORD_BYTES) as u64;
    let progress = dir.join("progress.txt");
    if let Ok(text) = std::fs::read_to_string(&progress) {
        match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["games", _, "records", r] => {
                let r: u64 = r
                    .parse()
                    .with_context(|| format!("{}: {text:?}", progress.display()))?;
                n = n.min(r);
            }
            _ => bail!(
                "{}: expected \"games G records R\", found {text:?}",
                progress.display()
            ),
        }
    }
    if let Some(m) = max {
        n = n.min(m);
    }
    bytes[..n as usize * RECORD_BYTES]
        .chunks(RECORD_BYTES)
        .enumerate()
        .map(|(i, r)| {
            TrainPosition::decode(r)
                .map_err(|e| anyhow::anyhow!("{}: record {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// The records of several `bao train gen` directories, one after the other, and the
/// index where each directory's records start; at most `max` in all.
///
/// # Errors
/// As [`load_records`], for the first directory that fails.
pub fn load_all(dirs: &[String], max: Option<u64>) -> Result<(Vec<TrainPosition>, Vec<usize>)> {
    let mut all = Vec::new();
    let mut starts = Vec::new();
    for d in dirs {
        let left = max.map(|m| m.saturating_sub(all.len() as u64));
        starts.push(all.len());
        all.extend(load_records(Path::new(d), left)?);
    }
    Ok((all, starts))
}

/// Splits records into (training, validation) by game: a new game starts at each of
/// `starts` (where a data directory's records begin) and where the ply does not follow
/// the previous record's; every `every`-th game is held out.
pub fn split_by_game(
    records: &[TrainPosition],
    every: u64,
    starts: &[usize],
) -> (Vec<usize>, Vec<usize>) {
    let (mut train, mut val) = (Vec::new(), Vec::new());
    let mut game = 0u64;
    for (i, t) in records.iter().enumerate() {
        if i > 0 && (t.ply != records[i - 1].ply.wrapping_add(1) || starts.contains(&i)) {
            game += 1;
        }
        if every > 0 && game % every == every - 1 {
            val.push(i);
        } else {
            train.push(i);
        }
    }
    (train, val)
}

fn linear_loss(records: &[TrainPosition], idx: &[usize], targets: &[Sample]) -> f64 {
    let evals: Vec<f32> = idx
        .iter()
        .map(|&i| KiswahiliFeatures::of(&records[i].position).evaluate() as f32)
        .collect();
    let loss = |k: f32| -> f64 {
        evals
            .iter()
            .zip(targets)
            .map(|(&e, s)| {
                let p = (1.0 / (1.0 + (-e / k).exp())).clamp(1e-7, 1.0 - 1e-7);
                -f64::from(s.target * p.ln() + (1.0 - s.target) * (1.0 - p).ln())
            })
            .sum::<f64>()
            / evals.len().max(1) as f64
    };
    (5..=300)
        .map(|i| loss(i as f32 * 10.0))
        .fold(f64::INFINITY, f64::min)
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// Runs `bao train net`.
pub fn train_net(o: &NetOptions) -> Result<NetSummary> {
    if !(0.0..=1.0).contains(&o.lambda) {
        bail!("--lambda {}: a weight between 0 and 1", o.lambda);
    }
    if o.data.is_empty() {
        bail!("--data: no data directory");
    }
    let (records, starts) = load_all(&o.data, o.max_records)?;
    if records.len() < 2 {
        bail!(
            "--data {}: {} positions, too few to train on",
            o.data.join(" "),
            records.len()
        );
    }
    let (train_idx, val_idx) = split_by_game(&records, o.holdout_every, &starts);
    let train_records: Vec<TrainPosition> = train_idx.iter().map(|&i| records[i].clone()).collect();
    let scale = fit_scale(&train_records);
    let make = |idx: &[usize]| -> Vec<Sample> {
        idx.iter()
            .map(|&i| sample(&records[i], o.lambda, scale))
            .collect()
    };
    let train = make(&train_idx);
    let val = make(&val_idx);
    let linear = linear_loss(&records, &val_idx, &val);
    eprintln!(
        "{} positions: {} to train on, {} held out (1 game in {}); K = {scale} centi-seeds per log-odds unit; the linear evaluation's validation loss {linear:.5}",
        records.len(),
        train.len(),
        val.len(),
        o.holdout_every
    );
    let settings = format!(
        "records {}\nseed {}\nlambda {}\nlr {}\nbatch {}\nholdout-every {}\nscale {scale}\n",
        records.len(),
        o.seed,
        o.lambda,
        o.lr,
        o.batch,
        o.holdout_every
    );
    let out = PathBuf::from(&o.out);
    let mut ckpt_path = out.as_os_str().to_owned();
    ckpt_path.push(".ckpt");
    let ckpt_path = PathBuf::from(ckpt_path);
    let mut ckpt = if ckpt_path.exists() {
        let bytes = std::fs::read(&ckpt_path)?;
        let c = Checkpoint::from_bytes(&bytes)
            .map_err(|e| anyhow::anyhow!("{}: {e}", ckpt_path.display()))?;
        if c.settings != settings {
            bail!(
                "{}: a checkpoint of other settings:\n{}(this run:\n{settings}); remove it to start again",
                ckpt_path.display(),
                c.settings
            );
        }
        eprintln!("resuming after epoch {}", c.epochs);
        c
    } else {
        Checkpoint {
            settings,
            epochs: 0,
            model: Model::new(o.seed),
            adam: Adam::default(),
        }
    };
    let start = ckpt.epochs;
    let mut val_loss = ckpt.model.loss(&val);
    while ckpt.epochs < o.epochs {
        let e = ckpt.epochs;
        let lr = o.lr * 0.1f32.powf(e as f32 / o.epochs.max(1) as f32);
        let order = epoch_order(train.len(), o.seed, e);
        let bar = o.progress.then(|| {
            let bar = indicatif::ProgressBar::new(train.len() as u64);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "epoch {msg} {bar:40} {pos}/{len} positions {elapsed_precise} (eta {eta})",
            ) {
                bar.set_style(style);
            }
            bar.set_message(format!("{}/{}", e + 1, o.epochs));
            bar
        });
        let t0 = Instant::now();
        let train_loss = train_epoch(
            &mut ckpt.model,
            &mut ckpt.adam,
            &train,
            &order,
            o.batch,
            lr,
            &mut |n| {
                if let Some(b) = &bar {
                    if n % 8192 < o.batch {
                        b.set_position(n as u64);
                    }
                }
            },
        );
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        val_loss = ckpt.model.loss(&val);
        ckpt.epochs += 1;
        eprintln!(
            "epoch {}/{}: training loss {train_loss:.5}, validation loss {val_loss:.5} (linear {linear:.5}), lr {lr:.2e}, {:.1} s",
            ckpt.epochs,
            o.epochs,
            t0.elapsed().as_secs_f64()
        );
        write_atomic(&ckpt_path, &ckpt.to_bytes())?;
        write_atomic(&out, &ckpt.model.to_network_bytes(scale))?;
    }
    if ckpt.epochs == start && !out.exists() {
        write_atomic(&out, &ckpt.model.to_network_bytes(scale))?;
    }
    Ok(NetSummary {
        train: train.len(),
        validation: val.len(),
        scale,
        validation_loss: val_loss,
        linear_loss: linear,
        ran: ckpt.epochs - start,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::{gen, GenOptions};
    use bao_engine::train::GenConfig;
    use bao_rules::Game;

    #[test]
    fn a_run_resumes_to_the_same_network() {
        let data = tempfile::tempdir().unwrap();
        gen(&GenOptions {
            dir: data.path().to_str().unwrap().into(),
            games: 6,
            config: GenConfig {
                random_plies: 4,
                nodes: 100,
                label_nodes: 300,
                max_plies: 200,
                seed: 4,
            },
            threads: 1,
            progress: false,
        })
        .unwrap();
        let out = tempfile::tempdir().unwrap();
        let opts = |name: &str, epochs: u32| NetOptions {
            data: vec![data.path().to_str().unwrap().into()],
            out: out.path().join(name).to_str().unwrap().into(),
            seed: 2,
            epochs,
            lambda: 0.5,
            lr: 1e-3,
            batch: 32,
            holdout_every: 3,
            max_records: None,
            progress: false,
        };
        let whole = train_net(&opts("a.nnue", 3)).unwrap();
        assert_eq!(whole.ran, 3);
        assert!(whole.validation > 0 && whole.train > whole.validation);
        let first = train_net(&opts("b.nnue", 1)).unwrap();
        assert_eq!(first.ran, 1);
        let rest = train_net(&opts("b.nnue", 3)).unwrap();
        assert_eq!(rest.ran, 2);
        assert_eq!(rest.validation_loss, whole.validation_loss);
        let a = std::fs::read(out.path().join("a.nnue")).unwrap();
        let b = std::fs::read(out.path().join("b.nnue")).unwrap();
        assert!(a == b, "a resumed run made another network");
        assert!(bao_engine::nnue::Network::from_bytes(&a).is_ok());
        // Two directories (here the same one twice) are read one after the other: twice
        // the positions, the games held out the same way (6 games a directory, 1 in 3).
        let mut both = opts("c.nnue", 1);
        both.data.push(both.data[0].clone());
        let both = train_net(&both).unwrap();
        assert_eq!(
            (both.train, both.validation),
            (2 * whole.train, 2 * whole.validation)
        );
        // Another seed is refused by the checkpoint.
        let mut other = opts("b.nnue", 4);
        other.seed = 3;
        let e = train_net(&other).unwrap_err().to_string();
        assert!(e.contains("a checkpoint of other settings"), "{e}");
    }

    #[test]
    fn games_are_held_out_whole() {
        let start = bao_rules::kiswahili::Kiswahili::start(&Default::default());
        let rec = |ply| TrainPosition {
            position: start,
            ply,
            result: 0,
            score: 0,
        };
        let records: Vec<TrainPosition> = [6, 7, 8, 6, 7, 6, 7, 8, 9, 6].map(rec).to_vec();
        let (train, val) = split_by_game(&records, 2, &[0]);
        assert_eq!(val, vec![3, 4, 9]);
        assert_eq!(train, vec![0, 1, 2, 5, 6, 7, 8]);
        // A second directory starting at record 7 starts a game there.
        let (train, val) = split_by_game(&records, 2, &[0, 7]);
        assert_eq!(val, vec![3, 4, 7, 8]);
        assert_eq!(train, vec![0, 1, 2, 5, 6, 9]);
    }
}
