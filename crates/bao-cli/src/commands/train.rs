//! `bao train`: training data for a learned Bao la Kiswahili evaluation.

use super::*;
use bao_cli::train;
use bao_engine::train::GenConfig;

/// Bao la Kiswahili: data for a learned evaluation (the network itself comes later).
#[derive(Subcommand, Debug)]
pub enum TrainCommand {
    /// Self-play positions, each with the game's result and a deeper search's score, to
    /// DIR/positions.bin (41-byte records, docs/engine.md "Training data"): reproducible
    /// from --seed whatever --threads, resumable (run the same command again; --games may
    /// grow), with a progress bar.
    Gen(GenArgs),
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
    }
}
