//! `bao tournament`: a local engine tournament in Swiss or round robin, with a progress
//! bar, each round's results, the standings table and an optional TRF-16 report.

use super::*;
use bao_cli::tournament::{self as tour, Entrant, Event, Format, TournamentOptions};
use bao_swiss::tiebreak::Value;
use std::io::Write;

/// Play a tournament between engines (levels, engine specifications, or programs over
/// the engine protocol): Swiss (FIDE Dutch) or round robin, with the standings.
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// A player: a level 1-10 or an engine specification (random, greedy, ab:depth=6,
    /// mcts:time=100, ...); repeatable. Players are seeded in the order given.
    #[arg(long = "player", value_name = "SPEC")]
    pub players: Vec<String>,
    /// Levels as players, strongest first: a range (`10-1`, `1-8`) or a list (`2,4,6`).
    #[arg(long, value_name = "LEVELS")]
    pub levels: Option<String>,
    /// A program over the engine protocol as a player (run by sh -c), e.g.
    /// 'bao engine'; repeatable, seeded after the --player and --levels players.
    #[arg(long = "player-cmd", value_name = "COMMAND")]
    pub player_cmds: Vec<String>,
    /// swiss (FIDE Dutch), round-robin or double-round-robin.
    #[arg(long, default_value = "swiss", value_parser = ["swiss", "round-robin", "double-round-robin"])]
    pub format: String,
    /// Swiss: the rounds [default: one more than log2 of the players, at most the
    /// rounds they can play without meeting twice].
    #[arg(long, value_name = "N")]
    pub rounds: Option<u32>,
    /// Games per pairing: 1, or 2 with the sides swapped.
    #[arg(long, default_value_t = 1)]
    pub games_per_pairing: u32,
    /// Time per move in milliseconds for every engine.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub time: Option<u64>,
    /// Depth per move in plies for every engine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Adjudicate a game still going after this many plies (more material wins).
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// The seed of the lot for the first round's sides.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The tournament's name (in the report).
    #[arg(long, default_value = "bao engine tournament")]
    pub name: String,
    /// Write the FIDE TRF-16 report to FILE (never replaced).
    #[arg(long, value_name = "FILE")]
    pub trf: Option<String>,
}

/// The levels of `--levels`: `A-B` (either way) or `A,B,C`.
fn parse_levels(text: &str) -> Result<Vec<u8>> {
    let bad = || {
        anyhow!(
            "--levels {text:?}: give a range such as 1-8 or a list such as 2,4,6 (levels 1 to 10)"
        )
    };
    let level = |t: &str| -> Result<u8> {
        t.trim()
            .parse::<u8>()
            .ok()
            .filter(|l| (1..=10).contains(l))
            .ok_or_else(bad)
    };
    if let Some((a, b)) = text.split_once('-') {
        let (a, b) = (level(a)?, level(b)?);
        return Ok(if a <= b {
            (a..=b).collect()
        } else {
            (b..=a).rev().collect()
        });
    }
    text.split(',').map(level).collect()
}

/// The players, named uniquely within a TRF name's 33 characters.
fn entrants(args: &TournamentArgs) -> Result<Vec<Entrant>> {
    let mut out: Vec<Entrant> = Vec::new();
    let mut push = |name: String, contender: matching::Contender| {
        let mut name: String = name.chars().take(30).collect();
        let base = name.clone();
        let mut k = 2;
        while out.iter().any(|e| e.name == name) {
            name = format!("{base} #{k}");
            k += 1;
        }
        out.push(Entrant { name, contender });
    };
    for spec in &args.players {
        let config = parse_engine_spec(spec, args.game.kind()).context("--player")?;
        let name = match spec.trim().parse::<u8>() {
            Ok(l) => format!("level {l}"),
            Err(_) => spec.trim().to_string(),
        };
        push(name, matching::Contender::Local(config, None));
    }
    if let Some(text) = &args.levels {
        for l in parse_levels(text)? {
            push(
                format!("level {l}"),
                matching::Contender::Local(EngineConfig::level_for(args.game.kind(), l), None),
            );
        }
    }
    for cmd in &args.player_cmds {
        if cmd.trim().is_empty() {
            bail!("--player-cmd: give a command, e.g. 'bao engine'");
        }
        // Named by the program's file name and its arguments: `/opt/bao engine` is
        // "bao engine".
        let mut words = cmd.split_whitespace();
        let program = words.next().unwrap_or("");
        let program = program.rsplit('/').next().unwrap_or(program);
        let name = std::iter::once(program)
            .chain(words)
            .collect::<Vec<_>>()
            .join(" ");
        push(name, matching::Contender::External(cmd.clone(), Vec::new()));
    }
    Ok(out)
}

/// Runs `bao tournament`.
pub fn run(args: TournamentArgs) -> Result<()> {
    if args.game.position.is_some() {
        bail!("a tournament starts from the start position: --position is not used");
    }
    let entrants = entrants(&args)?;
    let n = entrants.len();
    let format = match args.format.as_str() {
        "swiss" => {
            if args.rounds.is_none() && n >= 2 {
                let possible = if n % 2 == 1 { n } else { n - 1 } as u32;
                let log = (usize::BITS - (n - 1).leading_zeros()) + 1;
                Format::Swiss {
                    rounds: log.min(possible),
                }
            } else {
                Format::Swiss {
                    rounds: args.rounds.unwrap_or(1),
                }
            }
        }
        other => {
            if args.rounds.is_some() {
                bail!("--rounds: a round robin's rounds follow from its players");
            }
            Format::RoundRobin {
                cycles: if other == "double-round-robin" { 2 } else { 1 },
            }
        }
    };
    let first = {
        use rand::{Rng, SeedableRng};
        if rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(args.seed).gen::<bool>() {
            bao_swiss::Colour::White
        } else {
            bao_swiss::Colour::Black
        }
    };
    let opts = TournamentOptions {
        entrants,
        format,
        games_per_pairing: args.games_per_pairing,
        limits: bao_engine::arena::player::MoveLimits {
            time_ms: args.time,
            depth: args.depth,
        },
        max_plies: args.max_plies,
        threads: args.threads as usize,
        first,
        name: args.name.clone(),
    };
    tour::check(&opts)?;
    // The report's file is made first, so that a bad name fails before any game.
    let trf_file = match &args.trf {
        Some(name) => Some((
            name.clone(),
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(name)
                .map_err(|e| {
                    anyhow!(
                        "--trf {}: cannot create it ({e}); it is never replaced",
                        bao_cli::play::quote_file(name)
                    )
                })?,
        )),
        None => None,
    };
    with_game!(args.game.kind(), G => tournament_cmd::<G>(&args.game, &opts, trf_file))
}

fn tournament_cmd<G: Evaluate>(
    game: &GameArgs,
    opts: &TournamentOptions,
    trf_file: Option<(String, std::fs::File)>,
) -> Result<()> {
    let rules = make_rules::<G>(game.rules.as_deref(), &game.set)?;
    let kind = match opts.format {
        Format::Swiss { rounds } => format!("Swiss (FIDE Dutch), {rounds} rounds"),
        Format::RoundRobin { cycles: 1 } => "round robin".to_string(),
        Format::RoundRobin { .. } => "double round robin".to_string(),
    };
    println!(
        "{} {kind}: {} players, {}",
        game.kind().title(),
        opts.entrants.len(),
        if opts.games_per_pairing == 2 {
            "2 games per pairing (sides swapped)"
        } else {
            "1 game per pairing"
        }
    );
    for (i, e) in opts.entrants.iter().enumerate() {
        println!("{:>4}  {}", i + 1, e.name);
    }
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(tour::total_games(opts))
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} games, {eta} left")
            .expect("template")
            .progress_chars("=> "),
    );
    let name = |s: u32| opts.entrants[s as usize - 1].name.clone();
    let t0 = Instant::now();
    let done = tour::run::<G>(rules, opts, &mut |e| match e {
        Event::Paired { round, rounds, .. } => bar.set_message(format!("round {round}/{rounds}")),
        Event::GameDone => bar.inc(1),
        Event::Played { round, boards } => {
            let parts: Vec<String> = boards
                .iter()
                .map(|b| match b.north {
                    None => format!("{} bye", name(b.south)),
                    Some(n) => format!(
                        "{} - {} {}",
                        name(b.south),
                        name(n),
                        b.text(opts.games_per_pairing)
                    ),
                })
                .collect();
            bar.suspend(|| println!("round {round}: {}", parts.join(", ")));
        }
    })?;
    bar.finish_and_clear();
    if let Some(note) = &done.note {
        println!("{note}");
    }
    print!("{}", table(&done.standings, opts.format));
    println!("time {:.1} s", t0.elapsed().as_secs_f64());
    if let Some((file, mut out)) = trf_file {
        out.write_all(bao_swiss::trf::write(&done.report).as_bytes())
            .with_context(|| format!("cannot write {}", bao_cli::play::quote_file(&file)))?;
        println!("report written to {}", bao_cli::play::quote_file(&file));
    }
    Ok(())
}

/// Points as arbiters write them: `3`, `3½`, `½`.
fn points(v: Value) -> String {
    let halves = v.0 / 50;
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

/// The standings table: rank, player, points, the tie-breaks by their short names.
pub fn table(standings: &[bao_swiss::tiebreak::Standing], format: Format) -> String {
    let short = |k: &str| match k {
        "bh-c1" => "BH-C1",
        "bh" => "BH",
        "sb" => "SB",
        "de" => "DE",
        _ => "Wins",
    };
    let width = standings
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = format!("{:>4}  {:<width$}  {:>6}", "#", "Player", "Points");
    for tb in format.tiebreaks() {
        out.push_str(&format!("  {:>6}", short(tb.key())));
    }
    out.push('\n');
    let mut last = 0;
    for s in standings {
        let rank = if s.rank == last {
            String::new()
        } else {
            s.rank.to_string()
        };
        last = s.rank;
        out.push_str(&format!(
            "{rank:>4}  {:<width$}  {:>6}",
            s.name,
            points(s.points)
        ));
        for (_, v) in &s.tiebreaks {
            out.push_str(&format!("  {:>6}", v.to_string()));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "tie-breaks: {}\n",
        format
            .tiebreaks()
            .iter()
            .map(|t| format!("{} = {}", short(t.key()), t.name()))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    out
}
