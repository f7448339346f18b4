//! The `bao` command: play Bao la Kiswahili or Bao Kingulu against the computer, analyse
//! positions, run engine matches, count perft, speak the engine protocol, serve the web
//! app. See `docs/cli.md`.

mod commands;

use anyhow::{Context, Result};
use bao_cli::{book, protocol};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use commands::BookCommand;

/// Bao la Kiswahili and Bao Kingulu: play, analyse, test.
#[derive(Parser, Debug)]
#[command(name = "bao", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
#[allow(clippy::large_enum_variant)] // parsed once
enum Command {
    Play(commands::play::PlayArgs),
    Replay(commands::play::ReplayArgs),
    Report(commands::report::ReportArgs),
    /// Speak the engine protocol (notation.md §5) on stdin/stdout.
    Engine,
    Perft(commands::analyze::PerftArgs),
    Analyze(commands::analyze::AnalyzeArgs),
    Match(commands::matches::MatchArgs),
    Tune(commands::matches::TuneArgs),
    Openings(commands::matches::OpeningsArgs),
    Solve(commands::solve::SolveArgs),
    Verify(commands::solve::VerifyArgs),
    /// Bao Kingulu: the opening book of solved positions (build it, or check one).
    #[command(subcommand)]
    Book(BookCommand),
    /// Puzzles from real positions: solve one (`bao puzzle --game G [--number N]`),
    /// `list`, `verify`, `build`.
    Puzzle(bao_cli::puzzle::PuzzleArgs),
    Reach(commands::solve::ReachArgs),
    Serve(commands::serve::ServeArgs),
    /// Administer a `bao serve` database: `bao admin grant NAME` makes a moderator.
    #[command(subcommand)]
    Admin(commands::admin::AdminCommand),
    /// Swiss tournaments on FIDE TRF-16 files: `pair` the next round (Dutch system),
    /// `check` the played rounds, print the `standings`.
    #[command(subcommand)]
    Swiss(commands::swiss::SwissCommand),
    Tournament(commands::tournament::TournamentArgs),
    /// Bao la Kiswahili's learned evaluation: training data (`bao train gen`) and the
    /// network (`bao train net`).
    #[command(subcommand, after_help = bao_engine::nnue::INPUT_DESCRIPTION)]
    Train(commands::train::TrainCommand),
}

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
    // The help in the player's language (bao_cli::help): `--lang`, else LANG and the like.
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    bao_cli::i18n::set_lang(bao_cli::help::lang_of_args(&args));
    let parsed = bao_cli::help::localise(Cli::command())
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => match bao_cli::help::parse_error(&e) {
            Some(message) => {
                eprintln!("{message}");
                std::process::exit(2);
            }
            None => e.exit(),
        },
    };
    if let Err(e) = run(cli) {
        eprintln!(
            "{}",
            bao_cli::t!("cli-error", error = bao_cli::i18n::error_text(&e))
        );
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Play(args) => commands::play::run_play(args),
        Command::Replay(args) => commands::play::run_replay(args),
        Command::Report(args) => commands::report::run(args),
        Command::Perft(args) => commands::analyze::run_perft(args),
        Command::Analyze(args) => commands::analyze::run_analyze(args),
        Command::Match(args) => commands::matches::run_match(args),
        Command::Tune(args) => commands::matches::run_tune(args),
        Command::Openings(args) => commands::matches::run_openings(args),
        Command::Solve(args) => commands::solve::run_solve(args),
        Command::Verify(args) => commands::solve::run_verify(args),
        Command::Reach(args) => commands::solve::run_reach(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Admin(command) => commands::admin::run(command),
        Command::Tournament(args) => commands::tournament::run(args),
        Command::Swiss(command) => match commands::swiss::run(command) {
            0 => Ok(()),
            code => std::process::exit(code),
        },
        Command::Engine => {
            // The protocol reads stdin on a thread of its own (stop, quit mid-search).
            let stdin = std::io::BufReader::new(std::io::stdin());
            let mut stdout = std::io::stdout().lock();
            protocol::run(stdin, &mut stdout).context("engine protocol I/O")
        }
        Command::Puzzle(args) => bao_cli::puzzle::run(args),
        Command::Train(cmd) => commands::train::run(cmd),
        Command::Book(BookCommand::Build { plies, out, force }) => book::build(plies, &out, force),
        Command::Book(BookCommand::Verify { file }) => book::verify(file.as_deref()),
    }
}
