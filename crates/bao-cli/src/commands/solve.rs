//! `bao solve`, `bao verify` and `bao reach`: exact values, certificates, reachable positions.

use super::*;

/// Solve a position exactly: win/loss/draw with the shortest win (or longest
/// defence), the exact final score (--margin), per-move values, a certificate.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Solve the final position of this record instead (its game; --game may be left
    /// out).
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    pub load: Option<String>,
    /// With --load: which game of a file holding several (1 = the first).
    #[arg(long, requires = "load")]
    pub number: Option<usize>,
    /// Also the exact final seed score under perfect play (Bao Kingulu, G-R14).
    #[arg(long)]
    pub margin: bool,
    /// List every legal move with its exact value.
    #[arg(long)]
    pub moves: bool,
    /// Write the proof to FILE (check it with `bao verify FILE`).
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<String>,
    /// Replace the --certificate FILE if it exists.
    #[arg(long, requires = "certificate")]
    pub force: bool,
    /// Stop after this many milliseconds and report the bounds proven.
    #[arg(long, conflicts_with = "nodes", value_name = "MS")]
    pub time: Option<u64>,
    /// Stop after this many positions and report the bounds proven.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Memory for the solver's tables in MiB.
    #[arg(long, default_value_t = 1024)]
    pub hash: u64,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Bao Kingulu: answer from this value database (`bao reach --values`) when the
    /// position is in it (no search); otherwise solve as usual.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "certificate"])]
    pub values: Option<String>,
}

/// Check a proof certificate written by `bao solve --certificate` (rules only).
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The certificate file.
    pub file: String,
}

/// Bao Kingulu: count the positions reachable from the start or from a position
/// (exactly, on disk, resumable), or those within N plies of the start and whether
/// any game can repeat a position in them.
#[derive(clap::Args, Debug)]
pub struct ReachArgs {
    /// The work directory (level files, progress.txt, start.txt; resumes from it).
    /// Optional with --position (a temporary directory, removed at the end).
    #[arg(long, value_name = "DIR", required_unless_present_any = ["plies", "position"])]
    pub dir: Option<String>,
    /// Count from this Bao Kingulu position (notation.md §2) instead of the start;
    /// prints `total: N positions`.
    #[arg(long, value_name = "TEXT", conflicts_with = "plies")]
    pub position: Option<String>,
    /// With --position: also write the value database of every reachable position
    /// (retrograde analysis in memory; the opening book's format, checked by `bao
    /// book verify FILE`).
    #[arg(long, value_name = "FILE", requires = "position")]
    pub values: Option<String>,
    /// Only the positions within this many plies, and the repetition check.
    #[arg(long, value_name = "N", conflicts_with = "dir")]
    pub plies: Option<u32>,
    /// Memory for one partition's positions, MiB (8 bytes a position).
    #[arg(
        long,
        value_name = "MIB",
        default_value_t = 4096,
        conflicts_with = "plies"
    )]
    pub memory_mb: u64,
    /// Stop (with a checkpoint) after this many seconds; a rerun resumes.
    #[arg(long, value_name = "S", conflicts_with = "plies")]
    pub time: Option<u64>,
    /// Count only the levels below this one (level = seeds in the stores × 13 +
    /// reserved pits).
    #[arg(long, value_name = "L", conflicts_with = "plies")]
    pub below_level: Option<usize>,
}

/// Runs `bao solve`: the game is the record's with `--load` (a `--game` naming another is
/// an error naming both), else `--game`'s.
pub fn run_solve(args: SolveArgs) -> Result<()> {
    let SolveArgs {
        game,
        load,
        number,
        margin,
        moves,
        certificate,
        force,
        time,
        nodes,
        hash,
        quiet,
        values,
    } = args;
    let record = match &load {
        Some(file) => {
            let (found, text) = bao_cli::play::read_record_file(file, number)?;
            Some((
                file.as_str(),
                bao_cli::play::record_game(file, found, game.game)?,
                text,
            ))
        }
        None => None,
    };
    let kind = record.as_ref().map_or(game.kind(), |(_, kind, _)| *kind);
    let record = record
        .as_ref()
        .map(|(file, _, text)| (*file, text.as_str()));
    if let Some(file) = &values {
        if kind != GameKind::Kingulu {
            bail!("--values: value databases are for Bao Kingulu (--game kingulu)");
        }
        let line: GameLine<bao_rules::kingulu::Kingulu> = line_of(&game, record)?;
        // A database holds values of positions alone: a game whose history
        // decides values (G-R15) is solved with it instead.
        let history = bao_engine::solve::LineEnds::of_line(&line);
        if !history.is_empty() {
            eprintln!(
                "bao: --values: this game's history decides its values (G-R15); solving it instead"
            );
        } else if bao_cli::solve::from_values(line.current(), file, margin)? {
            return Ok(());
        }
    }
    let opts = bao_cli::solve::SolveOptions {
        margin,
        moves,
        certificate,
        force,
        time_ms: time,
        nodes,
        hash_mb: hash,
        progress: !quiet,
    };
    with_game!(kind, G => bao_cli::solve::solve(&line_of::<G>(&game, record)?, &opts))
}

/// The game line to solve: the record's (`(file, text)`, its history counts: G-R15), or
/// the position of the game arguments.
fn line_of<G: Game>(args: &GameArgs, record: Option<(&str, &str)>) -> Result<GameLine<G>> {
    match record {
        Some((file, text)) => bao_cli::play::load_line(file, text),
        None => Ok(GameLine::new(position_of(args)?)),
    }
}

/// Runs `bao verify`.
pub fn run_verify(args: VerifyArgs) -> Result<()> {
    bao_cli::solve::verify(&args.file)
}

/// Runs `bao reach`.
pub fn run_reach(args: ReachArgs) -> Result<()> {
    let ReachArgs {
        dir,
        position,
        values,
        plies,
        memory_mb,
        time,
        below_level,
    } = args;
    match (dir, plies, position) {
        (_, Some(n), _) => bao_cli::solve::census(n),
        (dir, None, Some(position)) => {
            bao_cli::solve::reach(
                dir.as_deref(),
                Some(&position),
                memory_mb,
                time,
                below_level,
            )?;
            match values {
                Some(file) => bao_cli::solve::values(&position, &file),
                None => Ok(()),
            }
        }
        (Some(dir), None, None) => {
            bao_cli::solve::reach(Some(&dir), None, memory_mb, time, below_level)
        }
        (None, None, None) => {
            anyhow::bail!("bao reach needs --dir DIR, --position TEXT or --plies N")
        }
    }
}
