//! The subcommands of `bao`: per subcommand its arguments (a `clap::Args` struct) and its
//! runner. `main.rs` holds the command enum and dispatches to them.

pub mod admin;
pub mod analyze;
pub mod matches;
pub mod play;
pub mod report;
pub mod serve;
pub mod solve;
pub mod swiss;
pub mod tournament;
pub mod train;

use anyhow::{anyhow, bail, Context, Result};
use bao_cli::common::{describe_config, make_position, make_rules, parse_engine_spec};
use bao_cli::{matching, tune};
use bao_engine::hint::score_text;
use bao_engine::{format_info, Engine, EngineConfig, Evaluate, Limits};
use bao_rules::record::GameRecord;
use bao_rules::{with_game, Game, GameKind, GameLine, Side};
use clap::Subcommand;
use std::io::IsTerminal;
use std::time::Instant;

/// Options that pick the game, its rules and a position.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: kiswahili or kingulu [default: kiswahili, or the game of a record given].
    #[arg(long, short)]
    pub game: Option<GameKind>,
    /// The rules profile (kiswahili: mancala-world, de-voogt, kiba, kujifunza; kingulu: default).
    #[arg(long)]
    pub rules: Option<String>,
    /// A rule option NAME=VALUE (repeatable), e.g. --set takasia=off.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// A position text (notation.md §2) instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
}

impl GameArgs {
    /// The game given, or Bao la Kiswahili.
    pub fn kind(&self) -> GameKind {
        self.game.unwrap_or(GameKind::Kiswahili)
    }
}

fn parse_side(s: &str) -> Result<Side, String> {
    Side::parse(s).ok_or_else(|| format!("unknown side {s:?}: expected south or north"))
}

fn parse_time_rule(s: &str) -> Result<bao_engine::TimeRule, String> {
    bao_engine::TimeRule::parse(s)
        .ok_or_else(|| format!("unknown time rule {s:?}: expected predict, half or full"))
}

/// The position of `--game`/`--rules`/`--set`/`--position`.
fn position_of<G: Game>(args: &GameArgs) -> Result<G> {
    let rules = make_rules::<G>(args.rules.as_deref(), &args.set)?;
    make_position(&rules, args.position.as_deref())
}

/// `bao book` subcommands.
#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Solve every position within N plies of the Bao Kingulu start (value and final
    /// score) into FILE; resumes from FILE.partial.
    Build {
        /// The plies from the start.
        #[arg(long, value_name = "N", default_value_t = bao_engine::solve::book::OPENING_PLIES)]
        plies: u32,
        /// The book to write.
        #[arg(long, value_name = "FILE")]
        out: String,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Solve every position of a book again and compare (the shipped book without FILE).
    Verify {
        /// The book to check (default: the one shipped with bao).
        file: Option<String>,
    },
}
