//! `bao perft` and `bao analyze`: the move tree counted, a position searched.

use super::*;

/// Count the leaves of the move tree (perft).
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The depth in plies, 0 to 40 (the tree grows about tenfold a ply: depth 8 of Bao
    /// la Kiswahili already takes minutes; a deeper recursion would overflow the stack).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub depth: u32,
    #[command(flatten)]
    pub game: GameArgs,
    /// Print the count for each first move.
    #[arg(long)]
    pub divide: bool,
    /// Print the time and speed on stderr.
    #[arg(long)]
    pub stats: bool,
}

/// Search a position and print the best move, score and principal variation.
#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Analyse the final position of this record instead.
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    pub load: Option<String>,
    /// With --load: which game of a file holding several (1 = the first).
    #[arg(long, requires = "load")]
    pub number: Option<usize>,
    /// The time limit in milliseconds.
    #[arg(long)]
    pub time: Option<u64>,
    /// The depth limit in plies.
    #[arg(long)]
    pub depth: Option<u32>,
    /// The node limit.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The engine level whose settings to start from (default 8 = 1 s).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
}

/// Runs `bao perft`.
pub fn run_perft(args: PerftArgs) -> Result<()> {
    let PerftArgs {
        depth,
        game,
        divide,
        stats,
    } = args;
    with_game!(game.kind(), G => perft_cmd::<G>(&game, depth, divide, stats))
}

/// Runs `bao analyze`.
pub fn run_analyze(args: AnalyzeArgs) -> Result<()> {
    let AnalyzeArgs {
        game,
        load,
        number,
        time,
        depth,
        nodes,
        level,
    } = args;
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
            let (found, text) = bao_cli::play::read_record_file(&file, number)?;
            let name = bao_cli::play::record_game(&file, found, game.game)?;
            with_game!(name, G => analyze_record::<G>(&file, &text, limits, level))
        }
        None => with_game!(game.kind(), G => analyze_cmd::<G>(&game, limits, level)),
    }
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
    // A level given is the game's own; the default is a 1 s search (Bao la Kiswahili's
    // level 8) in both games, Bao Kingulu's with its linear evaluation and the classic
    // search (the network and STRONG are Bao la Kiswahili's).
    let mut config = match level {
        Some(n) => EngineConfig::level_of::<G>(n),
        None => analyze_default(G::NAME),
    };
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
    let record: GameRecord<G> = bao_cli::play::parse_record(file, text)?;
    let line = GameLine::from_record(&record)
        .map_err(|e| anyhow!("{}: {e}", bao_cli::play::quote_file(file)))?;
    analyze(&line, limits, level)
}

/// `bao analyze`'s engine without `--level`: a 1 s search (Bao la Kiswahili's level 8);
/// in another game with the linear evaluation and the classic search.
pub fn analyze_default(game: &str) -> EngineConfig {
    let config = EngineConfig::level(8);
    if game == "kiswahili" {
        return config;
    }
    EngineConfig {
        eval: bao_engine::Evaluation::Linear,
        search: bao_engine::SearchParams::CLASSIC,
        ..config
    }
}
