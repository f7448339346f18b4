//! `bao match`, `bao openings` and `bao tune`: engines against each other.

use super::*;

/// The most games `bao match` plays.
const MAX_GAMES: u32 = 1_000_000;
/// The most worker threads `bao match` starts.
const MAX_THREADS: usize = 256;

/// Play a match between two engines and report the score and Elo difference.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Engine A: a level 1-10, random, greedy, ab:depth=6, ab:time=100, mcts:time=100, ...
    #[arg(long, required_unless_present = "a_cmd", conflicts_with = "a_cmd")]
    pub a: Option<String>,
    /// Engine B (same forms as --a).
    #[arg(long, required_unless_present = "b_cmd", conflicts_with = "b_cmd")]
    pub b: Option<String>,
    /// Engine A is this program, spoken to over the engine protocol (run by sh -c),
    /// e.g. 'bao engine' or '/old/bao engine'.
    #[arg(long, value_name = "COMMAND")]
    pub a_cmd: Option<String>,
    /// Engine B is this program (as --a-cmd).
    #[arg(long, value_name = "COMMAND")]
    pub b_cmd: Option<String>,
    /// An option for --a-cmd's engine, sent as `setoption NAME VALUE` (repeatable),
    /// e.g. --a-option level=10.
    #[arg(long, value_name = "NAME=VALUE", requires = "a_cmd")]
    pub a_option: Vec<String>,
    /// An option for --b-cmd's engine (as --a-option).
    #[arg(long, value_name = "NAME=VALUE", requires = "b_cmd")]
    pub b_option: Vec<String>,
    /// Time per move in milliseconds for both engines: the time governs (it replaces a
    /// level's own limits; external engines get `bestmove time MS`).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub time: Option<u64>,
    /// Depth per move in plies for both engines (replaces a level's own limits).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The time rule of engine A when it is a level or specification: predict (the
    /// levels' default), half (the rule of bao 0.1 up to f1345eb) or full (use the whole
    /// move time; the default with --time).
    #[arg(long, value_name = "RULE", value_parser = parse_time_rule)]
    pub a_time_rule: Option<bao_engine::TimeRule>,
    /// The time rule of engine B (as --a-time-rule).
    #[arg(long, value_name = "RULE", value_parser = parse_time_rule)]
    pub b_time_rule: Option<bao_engine::TimeRule>,
    /// The number of games (each opening is played twice, sides swapped); with --sprt
    /// the most games [default: 20, with --sprt 20000].
    #[arg(long)]
    pub games: Option<u32>,
    /// Random openings of this many plies instead of the shipped balanced set.
    #[arg(long, conflicts_with = "openings")]
    pub opening_plies: Option<u32>,
    /// An opening file (one opening a line, moves from the start) instead of the
    /// shipped balanced set (docs/engine.md).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// A sequential test of A − B: Elo ELO0 (H0) against ELO1 (H1) on pair results;
    /// the match stops when a bound is crossed, e.g. --sprt 0,10.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// The SPRT's false-positive rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub alpha: f64,
    /// The SPRT's false-negative rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
    /// Write every game to DIR as it ends (game-000001.bao, ...) with pairs.tsv, from
    /// which --resume continues an interrupted match.
    #[arg(long, value_name = "DIR")]
    pub records_dir: Option<String>,
    /// Continue the match in --records-dir.
    #[arg(long, requires = "records_dir")]
    pub resume: bool,
    /// The seed of the openings and engines.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Adjudicate a game still in progress after this many plies: the side with more
    /// material wins, equal material is a draw (K-R12.4).
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Pairs of games played at the same time (worker threads).
    #[arg(long, visible_alias = "concurrency", default_value_t = 1)]
    pub threads: usize,
    /// Write every game as a record to this file.
    #[arg(long, value_name = "FILE")]
    pub records: Option<String>,
}

/// Make a balanced opening set for matches: positions after MIN..MAX random plies
/// whose search value is within ±WITHIN centi-seeds (the shipped sets were made so).
#[derive(clap::Args, Debug)]
pub struct OpeningsArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How many openings.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub count: u32,
    /// The fewest random plies.
    #[arg(long, default_value_t = 4)]
    pub min_plies: u32,
    /// The most random plies.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub max_plies: u32,
    /// The largest |value| kept, in centi-seeds (100 = one seed).
    #[arg(long, default_value_t = 100)]
    pub within: i32,
    /// The depth of the search that values a position.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// The seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The file to write (never replaced).
    #[arg(long, value_name = "FILE")]
    pub out: String,
}

/// Tune the evaluation's weights from self-play (Texel-style logistic fit); resumable:
/// run the same command again to continue.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// The game whose evaluation is tuned: kiswahili or kingulu.
    #[arg(long, short, default_value = "kiswahili")]
    pub game: GameKind,
    /// The work directory (settings.txt, data.tsv, progress.txt, weights.txt).
    #[arg(long, value_name = "DIR")]
    pub dir: String,
    /// Self-play games in all.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// Search nodes a move in the self-play games.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub random_plies: u32,
    /// The seed of the run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// The ridge penalty of the fit.
    #[arg(long, default_value_t = 1e-7)]
    pub lambda: f64,
}

/// Runs `bao match`.
pub fn run_match(args: MatchArgs) -> Result<()> {
    let MatchArgs {
        game,
        a,
        b,
        a_cmd,
        b_cmd,
        a_option,
        b_option,
        time,
        depth,
        a_time_rule,
        b_time_rule,
        games,
        opening_plies,
        openings,
        sprt,
        alpha,
        beta,
        records_dir,
        resume,
        seed,
        max_plies,
        threads,
        records,
    } = args;
    if game.position.is_some() {
        bail!("match starts from the start position: --position is not used");
    }
    let contender = |spec: Option<String>,
                     cmd: Option<String>,
                     options: Vec<String>,
                     rule: Option<bao_engine::TimeRule>,
                     flag: &str|
     -> Result<matching::Contender> {
        match (spec, cmd) {
            (_, Some(cmd)) => {
                if cmd.trim().is_empty() {
                    bail!("--{flag}-cmd: give a command, e.g. 'bao engine'");
                }
                let options = options
                    .iter()
                    .map(|o| {
                        o.split_once('=')
                            .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                            .filter(|(n, v)| !n.is_empty() && !v.is_empty())
                            .ok_or_else(|| {
                                anyhow!("--{flag}-option {o:?}: expected NAME=VALUE, e.g. level=10")
                            })
                    })
                    .collect::<Result<Vec<_>>>()?;
                Ok(matching::Contender::External(cmd, options))
            }
            (Some(spec), None) => Ok(matching::Contender::Local(
                parse_engine_spec(&spec, game.kind()).context(format!("--{flag}"))?,
                rule,
            )),
            (None, None) => bail!("give --{flag} or --{flag}-cmd"),
        }
    };
    let settings = format!(
        "game {} rules {:?} set {:?}\na {a:?} {a_cmd:?} {a_option:?} {a_time_rule:?}\nb {b:?} {b_cmd:?} {b_option:?} {b_time_rule:?}\ntime {time:?} depth {depth:?} games {games:?} opening-plies {opening_plies:?} openings {openings:?} sprt {sprt:?} alpha {alpha} beta {beta} seed {seed} max-plies {max_plies}\n",
        game.kind(), game.rules, game.set
    );
    let a = contender(a, a_cmd, a_option, a_time_rule, "a")?;
    let b = contender(b, b_cmd, b_option, b_time_rule, "b")?;
    let sprt = match &sprt {
        Some(text) => {
            let (e0, e1) = text
                .split_once(',')
                .and_then(|(x, y)| {
                    Some((x.trim().parse::<f64>().ok()?, y.trim().parse::<f64>().ok()?))
                })
                .ok_or_else(|| anyhow!("--sprt {text:?}: expected ELO0,ELO1, e.g. 0,10"))?;
            Some(
                bao_engine::arena::sprt::Sprt::new(e0, e1, alpha, beta)
                    .map_err(|e| anyhow!("--sprt {text}: {e}"))?,
            )
        }
        None => None,
    };
    let games = games.unwrap_or(if sprt.is_some() { 20_000 } else { 20 });
    if !(1..=MAX_GAMES).contains(&games) {
        bail!("--games {games}: give 1 to {MAX_GAMES} games");
    }
    if !(1..=MAX_THREADS).contains(&threads) {
        bail!("--threads {threads}: give 1 to {MAX_THREADS} threads");
    }
    if let Some(p) = opening_plies {
        if p > 200 {
            bail!("--opening-plies {p}: give at most 200 plies");
        }
    }
    // The records file is made before the match, so that a bad name fails at once
    // and no file is replaced.
    let records_file = match &records {
        Some(name) => Some(
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(name)
                .map_err(|e| {
                    if e.kind() == std::io::ErrorKind::AlreadyExists {
                        anyhow!(
                            "--records {}: the file already exists (it is never replaced); remove it or choose another name",
                            bao_cli::play::quote_file(name)
                        )
                    } else {
                        anyhow!("--records {}: cannot create it: {e}", bao_cli::play::quote_file(name))
                    }
                })?,
        ),
        None => None,
    };
    let mut games = games;
    if games % 2 == 1 {
        println!(
            "{games} games rounded up to {}: openings are played in pairs, sides swapped.",
            games + 1
        );
        games += 1;
    }
    let opts = matching::MatchOptions {
        a,
        b,
        games,
        limits: bao_engine::arena::player::MoveLimits {
            time_ms: time,
            depth,
        },
        concurrency: threads,
        max_plies,
        seed,
        opening_plies,
        openings,
        sprt,
        records: records.zip(records_file),
        records_dir,
        resume,
        settings,
    };
    with_game!(game.kind(), G => match_cmd::<G>(&game, opts))
}

/// Runs `bao openings`.
pub fn run_openings(args: OpeningsArgs) -> Result<()> {
    let OpeningsArgs {
        game,
        count,
        min_plies,
        max_plies,
        within,
        depth,
        seed,
        out,
    } = args;
    if game.position.is_some() {
        bail!("openings start from the start position: --position is not used");
    }
    let opts = matching::OpeningsOptions {
        count,
        min_plies,
        max_plies,
        within,
        depth,
        seed,
        out,
        command: std::env::args().skip(1).collect::<Vec<_>>().join(" "),
    };
    with_game!(game.kind(), G => openings_cmd::<G>(&game, opts))
}

/// Runs `bao tune`.
pub fn run_tune(args: TuneArgs) -> Result<()> {
    let TuneArgs {
        game,
        dir,
        games,
        nodes,
        random_plies,
        seed,
        threads,
        lambda,
    } = args;
    if !(lambda >= 0.0 && lambda.is_finite()) {
        bail!("--lambda {lambda}: give a number of at least 0");
    }
    tune::tune(&tune::TuneOptions {
        game,
        dir,
        games,
        nodes,
        random_plies,
        seed,
        threads: threads as usize,
        lambda,
        command: std::env::args().skip(1).collect::<Vec<_>>().join(" "),
    })
}

fn match_cmd<G: Evaluate>(args: &GameArgs, opts: matching::MatchOptions) -> Result<()> {
    let rules = make_rules::<G>(args.rules.as_deref(), &args.set)?;
    matching::run::<G>(rules, opts)
}

fn openings_cmd<G: Evaluate>(args: &GameArgs, opts: matching::OpeningsOptions) -> Result<()> {
    let rules = make_rules::<G>(args.rules.as_deref(), &args.set)?;
    matching::openings::<G>(rules, opts)
}
