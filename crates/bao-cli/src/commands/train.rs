//! `bao train`: training data for Bao la Kiswahili's learned evaluation, and the network.

use super::*;
use bao_cli::train;
use bao_engine::train::GenConfig;

/// Bao la Kiswahili: data for the learned evaluation, and its training.
#[derive(Subcommand, Debug)]
pub enum TrainCommand {
    /// Self-play positions, each with the game's result and a deeper search's score, to
    /// DIR/positions.bin (41-byte records, docs/engine.md "Training data"): reproducible
    /// from --seed whatever --threads, resumable (run the same command again; --games may
    /// grow), with a progress bar.
    Gen(GenArgs),
    /// Trains the network (docs/engine.md "The network") on DIR/positions.bin (one or
    /// more --data DIR): target
    /// λ·σ(score/K) + (1−λ)·result, K fitted to the data; Adam in f32, single threaded,
    /// reproducible from --seed; every 20th game held out, its loss printed each epoch;
    /// resumable (OUT.ckpt after every epoch: run the same command again, --epochs may
    /// grow); writes the integer network to OUT.
    #[command(after_help = bao_engine::nnue::INPUT_DESCRIPTION)]
    Net(NetArgs),
}

/// `bao train net`'s inputs.
#[derive(clap::Args, Debug)]
pub struct NetArgs {
    /// A data directory of `bao train gen` (its finished games only); repeat it to train
    /// on several, read in the order given.
    #[arg(long, value_name = "DIR", required = true)]
    pub data: Vec<String>,
    /// The network file to write; the checkpoint is OUT.ckpt.
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// The seed of the first weights and of every epoch's shuffle.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Epochs in all.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub epochs: u32,
    /// λ: the weight of the deeper search's score in the target (the rest: the result).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f32,
    /// Adam's learning rate at the first epoch (it falls to a tenth by the last).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Positions a mini-batch.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub batch: u64,
    /// Every n-th game is held out for validation.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    pub holdout_every: u64,
    /// Train on the first N records only.
    #[arg(long, value_name = "N")]
    pub max_records: Option<u64>,
}

/// `bao train gen`'s inputs.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    /// The work directory (settings.txt, positions.bin, progress.txt).
    #[arg(long, value_name = "DIR")]
    pub dir: String,
    /// Self-play games in all.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// The players' search nodes a move.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub nodes: u64,
    /// The labelling search's nodes a position (the deeper search whose score is stored).
    #[arg(long, default_value_t = 30_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub label_nodes: u64,
    /// Uniformly random plies at the start of every game.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub random_plies: u32,
    /// The most plies of a game; one still running is adjudicated by material.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_plies: u32,
    /// The seed of the run (game g uses mix(seed, g)).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
}

/// Runs `bao train`.
pub fn run(cmd: TrainCommand) -> Result<()> {
    match cmd {
        TrainCommand::Gen(a) => {
            let summary = train::gen(&train::GenOptions {
                dir: a.dir.clone(),
                games: a.games,
                config: GenConfig {
                    random_plies: a.random_plies,
                    nodes: a.nodes,
                    label_nodes: a.label_nodes,
                    max_plies: a.max_plies,
                    seed: a.seed,
                },
                threads: a.threads as usize,
                progress: std::io::stderr().is_terminal(),
            })?;
            println!(
                "{} games, {} positions in {}/positions.bin ({} bytes)",
                summary.games,
                summary.records,
                a.dir,
                summary.records * bao_engine::train::RECORD_BYTES as u64
            );
            Ok(())
        }
        TrainCommand::Net(a) => {
            let s = bao_cli::train_net::train_net(&bao_cli::train_net::NetOptions {
                data: a.data,
                out: a.out.clone(),
                seed: a.seed,
                epochs: a.epochs,
                lambda: a.lambda,
                lr: a.lr,
                batch: a.batch as usize,
                holdout_every: a.holdout_every,
                max_records: a.max_records,
                progress: std::io::stderr().is_terminal(),
            })?;
            println!(
                "{}: {} training and {} held-out positions, K {}, validation loss {:.5} (linear evaluation {:.5}), {} epochs run",
                a.out, s.train, s.validation, s.scale, s.validation_loss, s.linear_loss, s.ran
            );
            Ok(())
        }
    }
}
