//! The `bao` command: play Bao la Kiswahili or Bao Kingulu against the computer, analyse
//! positions, run engine matches, count perft, speak the engine protocol, serve the web
//! app. See `docs/cli.md`.

use bao_cli::{book, matching, play, protocol, solve, tune, with_game};

use anyhow::{anyhow, bail, Context, Result};
use bao_cli::common::{describe_config, make_position, make_rules, parse_engine_spec, GameName};
use bao_engine::hint::score_text;
use bao_engine::{format_info, Engine, EngineConfig, Evaluate, Limits};
use bao_rules::record::GameRecord;
use bao_rules::{Game, GameLine, Side};
use clap::{Parser, Subcommand};
use std::io::IsTerminal;
use std::time::Instant;

/// Bao la Kiswahili and Bao Kingulu: play, analyse, test.
#[derive(Parser, Debug)]
#[command(name = "bao", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options that pick the game, its rules and a position.
#[derive(clap::Args, Debug, Clone)]
struct GameArgs {
    /// The game: kiswahili or kingulu.
    #[arg(long, short, default_value = "kiswahili", value_parser = parse_game)]
    game: GameName,
    /// The rules profile (kiswahili: mancala-world, de-voogt, kiba, kujifunza; kingulu: default).
    #[arg(long)]
    rules: Option<String>,
    /// A rule option NAME=VALUE (repeatable), e.g. --set takasia=off.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// A position text (notation.md §2) instead of the start position.
    #[arg(long)]
    position: Option<String>,
}

fn parse_game(s: &str) -> Result<GameName, String> {
    s.parse().map_err(|e: anyhow::Error| e.to_string())
}

fn parse_side(s: &str) -> Result<Side, String> {
    Side::parse(s).ok_or_else(|| format!("unknown side {s:?}: expected south or north"))
}

/// `bao book` subcommands.
#[derive(Subcommand, Debug)]
enum BookCommand {
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

#[derive(Subcommand, Debug)]
#[allow(clippy::large_enum_variant)] // parsed once; `match` has many options
enum Command {
    /// Play against the computer in the terminal (Bao la Kiswahili by default).
    Play {
        /// The game: kiswahili or kingulu (default kiswahili, or the game of --load).
        #[arg(long, short, value_parser = parse_game)]
        game: Option<GameName>,
        /// The rules profile (kiswahili: mancala-world, de-voogt, kiba, kujifunza; kingulu: default).
        #[arg(long)]
        rules: Option<String>,
        /// A rule option NAME=VALUE (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
        /// The computer's strength, 1 (random) to 10 (strongest) [default: 5, or the
        /// level of --load's record]. Measured Elo (level 1 = 0, docs/engine.md): Bao la
        /// Kiswahili 2 ≈ 480, 3 ≈ 960, 4 ≈ 1160, 5 ≈ 1320, 6 ≈ 1580, 7 ≈ 1790, 8 ≈ 2200,
        /// 9 ≈ 2270, 10 ≈ 2320; Bao Kingulu 2 ≈ 100, 3 ≈ 160, 4 ≈ 220, 5 ≈ 270, 6 ≈ 320,
        /// 7 ≈ 380, 8–10 ≈ 460 (they play alike: perfectly wherever the solver reaches).
        #[arg(long, short, value_parser = clap::value_parser!(u8).range(1..=10))]
        level: Option<u8>,
        /// Your side: south (moves first, bottom of the board) or north [default: south,
        /// or your side in --load's record].
        #[arg(long, short, value_parser = parse_side)]
        side: Option<Side>,
        /// Plain text: no colours, no spinner (automatic when not on a terminal).
        #[arg(long)]
        plain: bool,
        /// Continue a saved game (a record written by `save FILE`).
        #[arg(long, value_name = "FILE")]
        load: Option<String>,
        /// The engine's random seed (for reproducible games).
        #[arg(long)]
        seed: Option<u64>,
        /// Start from this position text instead of the start position.
        #[arg(long)]
        position: Option<String>,
        /// With --load: which game of a file holding several (1 = the first).
        #[arg(long, requires = "load")]
        number: Option<usize>,
        /// On a terminal, the pause after each lap of an animated move, in milliseconds
        /// (0 = no animation; any key skips to the end of a move).
        #[arg(long, value_name = "MS", default_value_t = play::DEFAULT_LAP_DELAY_MS,
              value_parser = clap::value_parser!(u64).range(0..=10_000))]
        lap_delay: u64,
        /// Bao Kingulu: a value database (`bao reach --position TEXT --values FILE`) that
        /// the oracle, hints and the tutor read beside the opening book.
        #[arg(long, value_name = "FILE")]
        values: Option<String>,
    },
    /// Step through a saved game move by move and lap by lap (Enter = next move, l = next
    /// lap, b = back, N = move N, q = quit).
    Replay {
        /// The record file.
        file: String,
        /// Plain text: no colours or animation (automatic when not on a terminal). When
        /// the input ends, the rest of the game is printed.
        #[arg(long)]
        plain: bool,
        /// Which game of a file holding several (1 = the first).
        #[arg(long)]
        number: Option<usize>,
        /// On a terminal, the pause after each lap of a move, in milliseconds (0 = none).
        #[arg(long, value_name = "MS", default_value_t = play::DEFAULT_LAP_DELAY_MS,
              value_parser = clap::value_parser!(u64).range(0..=10_000))]
        lap_delay: u64,
    },
    /// Value every move of a recorded game: the best move, a class (best … blunder) and
    /// each side's accuracy (docs/analysis.md).
    Report {
        /// The record file.
        file: String,
        /// Which game of a file holding several (1 = the first).
        #[arg(long)]
        number: Option<usize>,
        /// Print the report as JSON (the format of docs/analysis.md).
        #[arg(long)]
        json: bool,
        /// Write the evaluation graph to FILE (SVG).
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        /// Value by the clock instead of a fixed depth: MS milliseconds per position for
        /// the solver, as much again for the search. The values then depend on the
        /// machine's speed and load: two runs can differ.
        #[arg(long, value_name = "MS", conflicts_with = "depth")]
        time: Option<u64>,
        /// The search's depth in plies [default: 15]; the solver has 8,000,000 positions
        /// per position (no clock): two runs print the same report.
        #[arg(long, value_name = "PLIES")]
        depth: Option<u32>,
    },
    /// Speak the engine protocol (notation.md §5) on stdin/stdout.
    Engine,
    /// Count the leaves of the move tree (perft).
    Perft {
        /// The depth in plies.
        #[arg(long, short)]
        depth: u32,
        #[command(flatten)]
        game: GameArgs,
        /// Print the count for each first move.
        #[arg(long)]
        divide: bool,
        /// Print the time and speed on stderr.
        #[arg(long)]
        stats: bool,
    },
    /// Search a position and print the best move, score and principal variation.
    Analyze {
        #[command(flatten)]
        game: GameArgs,
        /// Analyse the final position of this record instead.
        #[arg(long, value_name = "FILE", conflicts_with = "position")]
        load: Option<String>,
        /// With --load: which game of a file holding several (1 = the first).
        #[arg(long, requires = "load")]
        number: Option<usize>,
        /// The time limit in milliseconds.
        #[arg(long)]
        time: Option<u64>,
        /// The depth limit in plies.
        #[arg(long)]
        depth: Option<u32>,
        /// The node limit.
        #[arg(long)]
        nodes: Option<u64>,
        /// The engine level whose settings to start from (default 8 = 1 s).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
        level: Option<u8>,
    },
    /// Play a match between two engines and report the score and Elo difference.
    Match {
        #[command(flatten)]
        game: GameArgs,
        /// Engine A: a level 1-10, random, greedy, ab:depth=6, ab:time=100, mcts:time=100, ...
        #[arg(long, required_unless_present = "a_cmd", conflicts_with = "a_cmd")]
        a: Option<String>,
        /// Engine B (same forms as --a).
        #[arg(long, required_unless_present = "b_cmd", conflicts_with = "b_cmd")]
        b: Option<String>,
        /// Engine A is this program, spoken to over the engine protocol (run by sh -c),
        /// e.g. 'bao engine' or '/old/bao engine'.
        #[arg(long, value_name = "COMMAND")]
        a_cmd: Option<String>,
        /// Engine B is this program (as --a-cmd).
        #[arg(long, value_name = "COMMAND")]
        b_cmd: Option<String>,
        /// An option for --a-cmd's engine, sent as `setoption NAME VALUE` (repeatable),
        /// e.g. --a-option level=10.
        #[arg(long, value_name = "NAME=VALUE", requires = "a_cmd")]
        a_option: Vec<String>,
        /// An option for --b-cmd's engine (as --a-option).
        #[arg(long, value_name = "NAME=VALUE", requires = "b_cmd")]
        b_option: Vec<String>,
        /// Time per move in milliseconds for both engines: the time governs (it replaces a
        /// level's own limits; external engines get `bestmove time MS`).
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        time: Option<u64>,
        /// Depth per move in plies for both engines (replaces a level's own limits).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// The time rule of engine A when it is a level or specification: predict (the
        /// levels' default), half (the rule of bao 0.1 up to f1345eb) or full (use the whole
        /// move time; the default with --time).
        #[arg(long, value_name = "RULE", value_parser = parse_time_rule)]
        a_time_rule: Option<bao_engine::TimeRule>,
        /// The time rule of engine B (as --a-time-rule).
        #[arg(long, value_name = "RULE", value_parser = parse_time_rule)]
        b_time_rule: Option<bao_engine::TimeRule>,
        /// The number of games (each opening is played twice, sides swapped); with --sprt
        /// the most games [default: 20, with --sprt 20000].
        #[arg(long)]
        games: Option<u32>,
        /// Random openings of this many plies instead of the shipped balanced set.
        #[arg(long, conflicts_with = "openings")]
        opening_plies: Option<u32>,
        /// An opening file (one opening a line, moves from the start) instead of the
        /// shipped balanced set (docs/engine.md).
        #[arg(long, value_name = "FILE")]
        openings: Option<String>,
        /// A sequential test of A − B: Elo ELO0 (H0) against ELO1 (H1) on pair results;
        /// the match stops when a bound is crossed, e.g. --sprt 0,10.
        #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
        sprt: Option<String>,
        /// The SPRT's false-positive rate.
        #[arg(long, default_value_t = 0.05, requires = "sprt")]
        alpha: f64,
        /// The SPRT's false-negative rate.
        #[arg(long, default_value_t = 0.05, requires = "sprt")]
        beta: f64,
        /// Write every game to DIR as it ends (game-000001.bao, ...) with pairs.tsv, from
        /// which --resume continues an interrupted match.
        #[arg(long, value_name = "DIR")]
        records_dir: Option<String>,
        /// Continue the match in --records-dir.
        #[arg(long, requires = "records_dir")]
        resume: bool,
        /// The seed of the openings and engines.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Adjudicate a game still in progress after this many plies: the side with more
        /// material wins, equal material is a draw (K-R12.4).
        #[arg(long, default_value_t = 400)]
        max_plies: u32,
        /// Pairs of games played at the same time (worker threads).
        #[arg(long, visible_alias = "concurrency", default_value_t = 1)]
        threads: usize,
        /// Write every game as a record to this file.
        #[arg(long, value_name = "FILE")]
        records: Option<String>,
    },
    /// Bao la Kiswahili: tune the evaluation's weights from self-play (Texel-style
    /// logistic fit); resumable: run the same command again to continue.
    Tune {
        /// The work directory (settings.txt, data.tsv, progress.txt, weights.txt).
        #[arg(long, value_name = "DIR")]
        dir: String,
        /// Self-play games in all.
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
        games: u64,
        /// Search nodes a move in the self-play games.
        #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        nodes: u64,
        /// Random plies at the start of each game.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=100))]
        random_plies: u32,
        /// The seed of the run.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
        /// The ridge penalty of the fit.
        #[arg(long, default_value_t = 1e-7)]
        lambda: f64,
    },
    /// Make a balanced opening set for matches: positions after MIN..MAX random plies
    /// whose search value is within ±WITHIN centi-seeds (the shipped sets were made so).
    Openings {
        #[command(flatten)]
        game: GameArgs,
        /// How many openings.
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        count: u32,
        /// The fewest random plies.
        #[arg(long, default_value_t = 4)]
        min_plies: u32,
        /// The most random plies.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=200))]
        max_plies: u32,
        /// The largest |value| kept, in centi-seeds (100 = one seed).
        #[arg(long, default_value_t = 100)]
        within: i32,
        /// The depth of the search that values a position.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// The seed of the random plies.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The file to write (never replaced).
        #[arg(long, value_name = "FILE")]
        out: String,
    },
    /// Solve a position exactly: win/loss/draw with the shortest win (or longest
    /// defence), the exact final score (--margin), per-move values, a certificate.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        /// Solve the final position of this record (its first game) instead.
        #[arg(long, value_name = "FILE", conflicts_with = "position")]
        load: Option<String>,
        /// Also the exact final seed score under perfect play (Bao Kingulu, G-R14).
        #[arg(long)]
        margin: bool,
        /// List every legal move with its exact value.
        #[arg(long)]
        moves: bool,
        /// Write the proof to FILE (check it with `bao verify FILE`).
        #[arg(long, value_name = "FILE")]
        certificate: Option<String>,
        /// Replace the --certificate FILE if it exists.
        #[arg(long, requires = "certificate")]
        force: bool,
        /// Stop after this many milliseconds and report the bounds proven.
        #[arg(long, conflicts_with = "nodes", value_name = "MS")]
        time: Option<u64>,
        /// Stop after this many positions and report the bounds proven.
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// Memory for the solver's tables in MiB.
        #[arg(long, default_value_t = 1024)]
        hash: u64,
        /// No progress lines on stderr.
        #[arg(long)]
        quiet: bool,
        /// Bao Kingulu: answer from this value database (`bao reach --values`) when the
        /// position is in it (no search); otherwise solve as usual.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "certificate"])]
        values: Option<String>,
    },
    /// Check a proof certificate written by `bao solve --certificate` (rules only).
    Verify {
        /// The certificate file.
        file: String,
    },
    /// Bao Kingulu: the opening book of solved positions (build it, or check one).
    #[command(subcommand)]
    Book(BookCommand),
    /// Puzzles from real positions: solve one (`bao puzzle --game G [--number N]`),
    /// `list`, `verify`, `build`.
    Puzzle(bao_cli::puzzle::PuzzleArgs),
    /// Bao Kingulu: count the positions reachable from the start or from a position
    /// (exactly, on disk, resumable), or those within N plies of the start and whether
    /// any game can repeat a position in them.
    Reach {
        /// The work directory (level files, progress.txt, start.txt; resumes from it).
        /// Optional with --position (a temporary directory, removed at the end).
        #[arg(long, value_name = "DIR", required_unless_present_any = ["plies", "position"])]
        dir: Option<String>,
        /// Count from this Bao Kingulu position (notation.md §2) instead of the start;
        /// prints `total: N positions`.
        #[arg(long, value_name = "TEXT", conflicts_with = "plies")]
        position: Option<String>,
        /// With --position: also write the value database of every reachable position
        /// (retrograde analysis in memory; the opening book's format, checked by `bao
        /// book verify FILE`).
        #[arg(long, value_name = "FILE", requires = "position")]
        values: Option<String>,
        /// Only the positions within this many plies, and the repetition check.
        #[arg(long, value_name = "N", conflicts_with = "dir")]
        plies: Option<u32>,
        /// Memory for one partition's positions, MiB (8 bytes a position).
        #[arg(
            long,
            value_name = "MIB",
            default_value_t = 4096,
            conflicts_with = "plies"
        )]
        memory_mb: u64,
        /// Stop (with a checkpoint) after this many seconds; a rerun resumes.
        #[arg(long, value_name = "S", conflicts_with = "plies")]
        time: Option<u64>,
        /// Count only the levels below this one (level = seeds in the stores × 13 +
        /// reserved pits).
        #[arg(long, value_name = "L", conflicts_with = "plies")]
        below_level: Option<usize>,
    },
    /// Serve the web app on http://127.0.0.1:PORT/, keeping every game in a database.
    Serve {
        /// The port.
        #[arg(long, short, default_value_t = 8080)]
        port: u16,
        /// The game database: a SQLite file (default: ~/.local/share/bao/games.sqlite3,
        /// or under $XDG_DATA_HOME), or a PostgreSQL database that several instances
        /// may share, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (docs/deploy.md).
        #[arg(long, value_name = "PATH|URL")]
        db: Option<std::path::PathBuf>,
        /// The address to listen on; anything but loopback (127.0.0.1, ::1) makes the
        /// server reachable from other machines and prints a warning.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// The memory all engines together may use, in MiB.
        #[arg(long, value_name = "MIB", default_value_t = 512, value_parser = clap::value_parser!(u32).range(16..=65536))]
        memory_mb: u32,
        /// The URL players reach the server at, when it is behind a reverse proxy
        /// (`https://bao.example.org`): its host and origin are allowed, and with https the
        /// session cookie is `Secure`.
        #[arg(long, value_name = "URL")]
        public_url: Option<String>,
        /// A reverse proxy whose forwarded headers (`X-Forwarded-For`, `Forwarded`) are
        /// believed: an address or a network (`127.0.0.1`, `10.0.0.0/8`); repeat it for
        /// several. Without it no forwarded header is believed.
        #[arg(long = "trusted-proxy", value_name = "ADDR|CIDR")]
        trusted_proxies: Vec<bao_web::proxy::Cidr>,
        /// The most live event streams (open pages) the server holds; more get 503 with
        /// Retry-After. Default: half the open-file limit (raised to its hard limit at start).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        max_streams: Option<u32>,
        /// The most live event streams of one client address; more get 429.
        #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..))]
        max_streams_per_address: u32,
        /// Bao Kingulu: a value database (`bao reach --position TEXT --values FILE`) that
        /// the oracle, hints, the tutor and analyses read beside the opening book.
        #[arg(long, value_name = "FILE")]
        values: Option<String>,
        /// How the server logs to stderr: human text, or one JSON object per line.
        #[arg(long, default_value = "text", value_parser = ["text", "json"])]
        log: String,
    },
}

/// The most games `bao match` plays.
const MAX_GAMES: u32 = 1_000_000;
/// The most worker threads `bao match` starts.
const MAX_THREADS: usize = 256;

/// Output piped into a program that stops reading (`bao perft --divide | head`) ends the
/// command quietly, as a Unix filter does (exit 141, as after SIGPIPE), instead of a panic
/// message from `println!`.
fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

/// mimalloc instead of glibc's malloc: glibc keeps freed memory in one arena per thread,
/// and `bao serve`'s blocking pool runs searches on many threads, so its resident memory
/// grew far past `--memory-mb` (395 MiB at 64, issue 20); mimalloc returns it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    quiet_broken_pipe();
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("bao: error: {e:#}");
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Play {
            game,
            rules,
            set,
            level,
            side,
            plain,
            load,
            seed,
            position,
            number,
            lap_delay,
            values,
        } => {
            if let Some(file) = &values {
                solve::install_values(file)?;
            }
            let opts = play::PlayOptions {
                human: side.unwrap_or(Side::South),
                level: level.unwrap_or(5),
                side_given: side.is_some(),
                level_given: level.is_some(),
                seed,
                plain: plain || !play::is_terminal(),
                interactive: std::io::stdin().is_terminal(),
                lap_delay_ms: lap_delay,
                sandbox: false,
            };
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            match load {
                Some(file) => {
                    if rules.is_some() || !set.is_empty() || position.is_some() {
                        bail!("--load takes the rules and position from the record: drop --rules/--set/--position");
                    }
                    let (name, text) = play::read_record_file(&file, number)?;
                    if let Some(g) = game {
                        if g != name {
                            bail!(
                                "{} is a {name} game, but --game {g} was given",
                                play::quote_file(&file)
                            );
                        }
                    }
                    with_game!(name, play_loaded(&file, &text, opts, &mut input))
                }
                None => {
                    let name = game.unwrap_or(GameName::Kiswahili);
                    with_game!(
                        name,
                        play_new(
                            rules.as_deref(),
                            &set,
                            position.as_deref(),
                            opts,
                            &mut input
                        )
                    )
                }
            }
        }
        Command::Replay {
            file,
            plain,
            number,
            lap_delay,
        } => {
            let (name, text) = play::read_record_file(&file, number)?;
            let screen = play::Screen::new(plain || !play::is_terminal(), lap_delay);
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            with_game!(name, replay_file(&file, &text, &screen, &mut input))
        }
        Command::Report {
            file,
            number,
            json,
            svg,
            time,
            depth,
        } => {
            let (name, text) = play::read_record_file(&file, number)?;
            let args = bao_cli::report::ReportArgs {
                json,
                svg,
                time_ms: time,
                depth,
            };
            with_game!(name, report_file(&file, &text, &args))
        }
        Command::Engine => {
            // The protocol reads stdin on a thread of its own (stop, quit mid-search).
            let stdin = std::io::BufReader::new(std::io::stdin());
            let mut stdout = std::io::stdout().lock();
            protocol::run(stdin, &mut stdout).context("engine protocol I/O")
        }
        Command::Perft {
            depth,
            game,
            divide,
            stats,
        } => with_game!(game.game, perft_cmd(&game, depth, divide, stats)),
        Command::Analyze {
            game,
            load,
            number,
            time,
            depth,
            nodes,
            level,
        } => {
            if depth == Some(0) {
                bail!("--depth 0: the depth is in plies and must be at least 1");
            }
            let limits = Limits {
                depth,
                nodes,
                time_ms: time,
            };
            match load {
                Some(file) => {
                    let (name, text) = play::read_record_file(&file, number)?;
                    with_game!(name, analyze_record(&file, &text, limits, level))
                }
                None => with_game!(game.game, analyze_cmd(&game, limits, level)),
            }
        }
        Command::Match {
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
        } => {
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
                        parse_engine_spec(&spec).context(format!("--{flag}"))?,
                        rule,
                    )),
                    (None, None) => bail!("give --{flag} or --{flag}-cmd"),
                }
            };
            let settings = format!(
                "game {} rules {:?} set {:?}\na {a:?} {a_cmd:?} {a_option:?} {a_time_rule:?}\nb {b:?} {b_cmd:?} {b_option:?} {b_time_rule:?}\ntime {time:?} depth {depth:?} games {games:?} opening-plies {opening_plies:?} openings {openings:?} sprt {sprt:?} alpha {alpha} beta {beta} seed {seed} max-plies {max_plies}\n",
                game.game, game.rules, game.set
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
                                    play::quote_file(name)
                                )
                            } else {
                                anyhow!("--records {}: cannot create it: {e}", play::quote_file(name))
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
            with_game!(game.game, match_cmd(&game, opts))
        }
        Command::Solve {
            game,
            load,
            margin,
            moves,
            certificate,
            force,
            time,
            nodes,
            hash,
            quiet,
            values,
        } => {
            if let Some(file) = &values {
                if !matches!(game.game, GameName::Kingulu) {
                    anyhow::bail!("--values: value databases are for Bao Kingulu (--game kingulu)");
                }
                let line: GameLine<bao_rules::kingulu::Kingulu> = match load.as_deref() {
                    Some(f) => solve::line_from_record(f)?,
                    None => GameLine::new(position_of(&game)?),
                };
                // A database holds values of positions alone: a game whose history
                // decides values (G-R15) is solved with it instead.
                let history = bao_engine::solve::LineEnds::of_line(&line);
                if !history.is_empty() {
                    eprintln!("bao: --values: this game's history decides its values (G-R15); solving it instead");
                } else if solve::from_values(line.current(), file, margin)? {
                    return Ok(());
                }
            }
            let opts = solve::SolveOptions {
                margin,
                moves,
                certificate,
                force,
                time_ms: time,
                nodes,
                hash_mb: hash,
                progress: !quiet,
            };
            with_game!(game.game, solve_cmd(&game, load.as_deref(), &opts))
        }
        Command::Openings {
            game,
            count,
            min_plies,
            max_plies,
            within,
            depth,
            seed,
            out,
        } => {
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
            with_game!(game.game, openings_cmd(&game, opts))
        }
        Command::Tune {
            dir,
            games,
            nodes,
            random_plies,
            seed,
            threads,
            lambda,
        } => {
            if !(lambda >= 0.0 && lambda.is_finite()) {
                bail!("--lambda {lambda}: give a number of at least 0");
            }
            tune::tune(&tune::TuneOptions {
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
        Command::Verify { file } => solve::verify(&file),
        Command::Puzzle(args) => bao_cli::puzzle::run(args),
        Command::Book(BookCommand::Build { plies, out, force }) => book::build(plies, &out, force),
        Command::Book(BookCommand::Verify { file }) => book::verify(file.as_deref()),
        Command::Reach {
            dir,
            position,
            values,
            plies,
            memory_mb,
            time,
            below_level,
        } => match (dir, plies, position) {
            (_, Some(n), _) => solve::census(n),
            (dir, None, Some(position)) => {
                solve::reach(
                    dir.as_deref(),
                    Some(&position),
                    memory_mb,
                    time,
                    below_level,
                )?;
                match values {
                    Some(file) => solve::values(&position, &file),
                    None => Ok(()),
                }
            }
            (Some(dir), None, None) => solve::reach(Some(&dir), None, memory_mb, time, below_level),
            (None, None, None) => {
                anyhow::bail!("bao reach needs --dir DIR, --position TEXT or --plies N")
            }
        },
        Command::Serve {
            port,
            db,
            host,
            memory_mb,
            public_url,
            values,
            trusted_proxies,
            max_streams,
            max_streams_per_address,
            log,
        } => {
            bao_web::init_logging(log.parse().map_err(anyhow::Error::msg)?);
            if let Some(file) = &values {
                solve::install_values(file)?;
            }
            // `serve` opens the database and binds first, then prints the address; a
            // busy port is an error naming the port and suggesting --port.
            let config = bao_web::ServeConfig {
                host,
                port,
                db,
                memory_mb: memory_mb as usize,
                public_url,
                trusted_proxies,
                max_streams: max_streams.map(|n| n as usize),
                max_streams_per_address: max_streams_per_address as usize,
            };
            // Issue 36: a fixed number of threads whatever arrives (docs/deploy.md).
            let workers = std::thread::available_parallelism()
                .map_or(2, |n| n.get())
                .min(bao_web::MAX_WORKERS);
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(workers)
                .max_blocking_threads(bao_web::BLOCKING_THREADS)
                .enable_all()
                .build()
                .context("cannot start the async runtime")?;
            runtime.block_on(bao_web::serve(config))
        }
    }
}

fn play_new<G: bao_engine::solve::Solvable>(
    rules: Option<&str>,
    set: &[String],
    position: Option<&str>,
    opts: play::PlayOptions,
    input: &mut dyn std::io::BufRead,
) -> Result<()> {
    let rules = make_rules::<G>(rules, set)?;
    let start: G = make_position(&rules, position)?;
    play::play(start, None, opts, input)
}

fn play_loaded<G: bao_engine::solve::Solvable>(
    file: &str,
    text: &str,
    opts: play::PlayOptions,
    input: &mut dyn std::io::BufRead,
) -> Result<()> {
    let line = play::load_line::<G>(file, text)?;
    let start = line.start().clone();
    println!(
        "Loaded {}: {}.",
        play::quote_file(file),
        play::plural(line.plies() as u64, "move")
    );
    play::play(start, Some(line), opts, input)
}

fn replay_file<G: Game>(
    file: &str,
    text: &str,
    screen: &play::Screen,
    input: &mut dyn std::io::BufRead,
) -> Result<()> {
    let line = play::load_line::<G>(file, text)?;
    play::replay::replay(
        &line,
        screen,
        input,
        std::io::stdin().is_terminal(),
        std::io::stdout().is_terminal(),
    )
}

fn solve_cmd<G: bao_engine::solve::Solvable>(
    args: &GameArgs,
    load: Option<&str>,
    opts: &solve::SolveOptions,
) -> Result<()> {
    let line: GameLine<G> = match load {
        Some(file) => solve::line_from_record(file)?,
        None => GameLine::new(position_of(args)?),
    };
    solve::solve(&line, opts)
}

fn report_file<G: bao_engine::solve::Solvable>(
    file: &str,
    text: &str,
    args: &bao_cli::report::ReportArgs,
) -> Result<()> {
    bao_cli::report::run::<G>(file, text, args)
}

fn position_of<G: Game>(args: &GameArgs) -> Result<G> {
    let rules = make_rules::<G>(args.rules.as_deref(), &args.set)?;
    make_position(&rules, args.position.as_deref())
}

fn perft_cmd<G: Game>(args: &GameArgs, depth: u32, divide: bool, stats: bool) -> Result<()> {
    let pos: G = position_of(args)?;
    let t0 = Instant::now();
    let total = if divide {
        let split = bao_rules::perft::perft_divide(&pos, depth);
        if depth == 0 {
            1
        } else {
            for (mv, n) in &split {
                println!("{mv} {n}");
            }
            let total: u64 = split.iter().map(|(_, n)| n).sum();
            println!("total {total}");
            total
        }
    } else {
        let n = bao_rules::perft::perft(&pos, depth);
        println!("{n}");
        n
    };
    if divide && depth == 0 {
        println!("total 1");
    }
    if stats {
        let secs = t0.elapsed().as_secs_f64();
        eprintln!(
            "perft {depth}: {total} leaves in {:.3} s ({:.0} leaves/s)",
            secs,
            total as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}

/// Analyses the current position of a game line (its history counts: G-R15, K-R12.4).
/// The score is given in the one convention of `bao_engine::hint::score_text`.
/// A result decided off the board (a resignation, a record's result) does not stop the
/// analysis of the board as it stands.
fn analyze<G: Evaluate>(line: &GameLine<G>, limits: Limits, level: Option<u8>) -> Result<()> {
    let pos = line.current();
    println!("position {}", pos.to_text());
    let mut open = line.clone();
    if let Some(outcome) = line.outcome() {
        match outcome.winner {
            Some(side) => println!("game over: {side} won: {}", outcome.reason.describe()),
            None => println!("game over: a draw: {}", outcome.reason.describe()),
        }
        println!("result {outcome}");
        // undo(0) withdraws only a result decided off the board.
        open.undo(0).map_err(|e| anyhow!("{e}"))?;
        if open.is_over() {
            return Ok(());
        }
        println!("the result was decided off the board: analysing the position as it stands");
    }
    let line = &open;
    let mut config = EngineConfig::level(level.unwrap_or(8));
    if limits.depth.is_some() || limits.time_ms.is_some() || limits.nodes.is_some() {
        // Explicit limits replace the level's.
        config.limits = Limits::default();
    }
    let mut shown = config.clone();
    shown.limits = config.limits.overridden_by(limits);
    println!("engine {}", describe_config(&shown));
    let mut engine: Engine<G> = Engine::new(config);
    let result = engine.search_line(line, limits, &mut |info| {
        println!("{}", format_info(pos, info))
    });
    let best = result
        .best
        .ok_or_else(|| anyhow!("the engine found no move"))?;
    let info = &result.info;
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for &mv in &info.pv {
        match p.play(mv) {
            Ok(next) => {
                pv.push(p.move_text(mv));
                p = next;
            }
            Err(_) => break,
        }
    }
    println!("best move {}", pos.move_text(best));
    println!("score {}", score_text(info.score, info.depth));
    println!("pv {}", pv.join(" "));
    println!(
        "depth {} nodes {} time {} ms nps {}",
        info.depth, info.nodes, info.time_ms, info.nps
    );
    Ok(())
}

fn analyze_cmd<G: Evaluate>(args: &GameArgs, limits: Limits, level: Option<u8>) -> Result<()> {
    let pos: G = position_of(args)?;
    analyze(&GameLine::new(pos), limits, level)
}

/// Analyses the final position of a record, as a game line (the record's moves are the
/// history: a third occurrence or OPT-MAX-PLIES ends it as in play).
fn analyze_record<G: Evaluate>(
    file: &str,
    text: &str,
    limits: Limits,
    level: Option<u8>,
) -> Result<()> {
    let record: GameRecord<G> = play::parse_record(file, text)?;
    let line =
        GameLine::from_record(&record).map_err(|e| anyhow!("{}: {e}", play::quote_file(file)))?;
    analyze(&line, limits, level)
}

fn match_cmd<G: Evaluate>(args: &GameArgs, opts: matching::MatchOptions) -> Result<()> {
    let rules = make_rules::<G>(args.rules.as_deref(), &args.set)?;
    matching::run::<G>(rules, opts)
}

fn openings_cmd<G: Evaluate>(args: &GameArgs, opts: matching::OpeningsOptions) -> Result<()> {
    let rules = make_rules::<G>(args.rules.as_deref(), &args.set)?;
    matching::openings::<G>(rules, opts)
}

fn parse_time_rule(s: &str) -> Result<bao_engine::TimeRule, String> {
    bao_engine::TimeRule::parse(s)
        .ok_or_else(|| format!("unknown time rule {s:?}: expected predict, half or full"))
}
