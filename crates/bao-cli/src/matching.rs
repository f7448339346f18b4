//! `bao match`: two engines — levels or engine specifications in this process, or
//! programs over the engine protocol — over paired openings, with a progress line, the
//! score, the Elo with a 95% interval, the pentanomial counts and an optional SPRT
//! (`bao_engine::arena::{runner, sprt}`).
//!
//! With `--records-dir DIR` every game is written to `DIR/game-NNNNNN.bao` as it ends, and
//! every pair to `DIR/pairs.tsv`; `--resume` continues a match from them (the settings,
//! kept in `DIR/match.txt`, must be the same).

use crate::common::describe_config;
use crate::play;
use anyhow::{anyhow, bail, Context, Result};
use bao_engine::arena::external::ExternalPlayer;
use bao_engine::arena::openings::{parse_openings, shipped};
use bao_engine::arena::player::{LocalPlayer, MoveLimits, Player};
use bao_engine::arena::runner::{
    run_pairs, PairResult, PairsConfig, PlayedGame, Players, Progress,
};
use bao_engine::arena::sprt::Sprt;
use bao_engine::arena::{random_openings, GameSummary};
use bao_engine::{EngineConfig, Evaluate, TimeRule};
use bao_rules::record::GameRecord;
use bao_rules::{EndReason, Game, Outcome, Side};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One side of a match: an engine in this process or a program.
#[derive(Clone, Debug)]
pub enum Contender {
    /// A level or engine specification (`10`, `ab:time=100`), searched here; the time rule
    /// overrides the default one when given.
    Local(EngineConfig, Option<TimeRule>),
    /// A program speaking the engine protocol (run by `sh -c`), with `setoption` pairs.
    External(String, Vec<(String, String)>),
}

/// Everything `bao match` was asked for.
#[derive(Debug)]
pub struct MatchOptions {
    /// Engine A.
    pub a: Contender,
    /// Engine B.
    pub b: Contender,
    /// The most games (even).
    pub games: u32,
    /// Per-move limits for both engines (`--time`, `--depth`).
    pub limits: MoveLimits,
    /// Pairs played at once.
    pub concurrency: usize,
    /// Adjudication after this many plies (0 = none).
    pub max_plies: u32,
    /// Seed of random openings.
    pub seed: u64,
    /// Random openings of this many plies instead of an opening set.
    pub opening_plies: Option<u32>,
    /// An opening file instead of the shipped set.
    pub openings: Option<String>,
    /// The SPRT.
    pub sprt: Option<Sprt>,
    /// All records in one file, written at the end (the file is created before the match).
    pub records: Option<(String, std::fs::File)>,
    /// One record file a game, and `pairs.tsv`, written as games end.
    pub records_dir: Option<String>,
    /// Continue the match in `records_dir`.
    pub resume: bool,
    /// How the match is described in `match.txt` (its settings, for `--resume`).
    pub settings: String,
}

fn contender_text(c: &Contender, limits: MoveLimits) -> String {
    match c {
        Contender::Local(config, rule) => {
            let p: LocalPlayer<bao_rules::kingulu::Kingulu> =
                LocalPlayer::new(String::new(), config, limits, *rule);
            let mut text = describe_config(p.config());
            if let Some(r) = rule {
                text.push_str(&format!(" (time rule {})", r.name()));
            }
            text
        }
        Contender::External(cmd, options) => {
            let mut text = format!("engine {cmd:?}");
            for (n, v) in options {
                text.push_str(&format!(" [{n} {v}]"));
            }
            text
        }
    }
}

/// A player of a match or tournament: a local engine, or a program started now.
pub(crate) fn make_player<G: Evaluate>(
    c: &Contender,
    limits: MoveLimits,
) -> Result<Box<dyn Player<G>>, String> {
    Ok(match c {
        Contender::Local(config, rule) => Box::new(LocalPlayer::<G>::new(
            contender_text(c, limits),
            config,
            limits,
            *rule,
        )),
        Contender::External(cmd, options) => Box::new(ExternalPlayer::start(cmd, options, limits)?),
    })
}

/// The outcome text of `pairs.tsv` (`South no-legal-move`, `draw adjudicated`) back.
fn parse_outcome(text: &str) -> Option<Outcome> {
    let (who, reason) = text.split_once(' ')?;
    let reason = [
        EndReason::BaoHamna,
        EndReason::NoLegalMove,
        EndReason::FrontRowEmpty,
        EndReason::Score,
        EndReason::Adjudicated,
        EndReason::Resignation,
        EndReason::Repetition,
        EndReason::OffBoard,
    ]
    .into_iter()
    .find(|r| r.as_str() == reason)?;
    let winner = if who == "draw" {
        None
    } else {
        Some(Side::parse(who)?)
    };
    Some(Outcome { winner, reason })
}

/// One `pairs.tsv` line: pair, opening, opening plies, then outcome and moves of the
/// game with A South and of the game with A North (tab-separated).
fn pair_line(p: &PairResult) -> String {
    let [s, n] = &p.games;
    let moves = |g: &PlayedGame| {
        let mut all = g.summary.opening.clone();
        all.extend(g.summary.moves.iter().cloned());
        all.join(" ")
    };
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
        p.pair,
        p.opening,
        s.summary.opening.len(),
        s.summary.outcome,
        moves(s),
        n.summary.outcome,
        moves(n)
    )
}

fn parse_pair_line(line: &str) -> Option<PairResult> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != 7 {
        return None;
    }
    let pair: u64 = f[0].parse().ok()?;
    let opening: usize = f[1].parse().ok()?;
    let open_len: usize = f[2].parse().ok()?;
    let game = |outcome: &str, moves: &str, a_side: Side| -> Option<PlayedGame> {
        let outcome = parse_outcome(outcome)?;
        let all: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
        if all.len() < open_len {
            return None;
        }
        Some(PlayedGame {
            summary: GameSummary {
                plies: all.len() as u32,
                opening: all[..open_len].to_vec(),
                moves: all[open_len..].to_vec(),
                a_side,
                outcome,
            },
            forfeit: (outcome.reason == EndReason::OffBoard).then(|| "forfeit".to_string()),
        })
    };
    Some(PairResult {
        pair,
        opening,
        games: [
            game(f[3], f[4], Side::South)?,
            game(f[5], f[6], Side::North)?,
        ],
    })
}

/// The record of one game of the match.
fn record_of<G: Game>(
    start: &G,
    game: &GameSummary,
    a_name: &str,
    b_name: &str,
) -> Result<GameRecord<G>> {
    let mut record = GameRecord::new(start.clone());
    let mut pos = start.clone();
    for (ply, mv_text) in game.opening.iter().chain(&game.moves).enumerate() {
        let mv = pos
            .parse_move(mv_text)
            .map_err(|e| anyhow!("ply {}: {e}", ply + 1))?;
        pos = pos.play(mv).map_err(|e| anyhow!("ply {}: {e}", ply + 1))?;
        record.moves.push(mv);
    }
    let (south, north) = if game.a_side == Side::South {
        (format!("A: {a_name}"), format!("B: {b_name}"))
    } else {
        (format!("B: {b_name}"), format!("A: {a_name}"))
    };
    record.south = south;
    record.north = north;
    record.date = crate::common::today();
    record.result = Some(game.outcome);
    Ok(record)
}

/// Writes `text` to `path` through a temporary file and a rename.
fn write_file(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// The progress line after a pair.
fn progress_line(p: &Progress, sprt: Option<&Sprt>) -> String {
    let (w, d, l) = p.wdl;
    let mut line = format!(
        "pairs {}/{}  games {}: +{w} ={d} -{l}",
        p.pairs_done,
        p.pairs_total,
        w + d + l
    );
    if let Some((elo, lo, hi)) = p.penta.elo_ci95() {
        // `+ 0.0` turns a negative zero into +0.0.
        let (elo, lo, hi) = (elo + 0.0, lo + 0.0, hi + 0.0);
        line.push_str(&format!("  Elo {elo:+.1} ({lo:+.1} .. {hi:+.1})"));
    }
    line.push_str(&format!("  penta {}", p.penta));
    if let (Some(llr), Some(s)) = (p.llr, sprt) {
        let (lo, hi) = s.bounds();
        line.push_str(&format!("  LLR {llr:.2} ({lo:.2}, {hi:.2})"));
    }
    line
}

/// Runs `bao match` for game `G` under `rules`.
pub fn run<G: Evaluate>(rules: G::Rules, opts: MatchOptions) -> Result<()> {
    let start = G::start(&rules);
    let pairs = u64::from(opts.games / 2).max(1);
    let (a_text, b_text) = (
        contender_text(&opts.a, opts.limits),
        contender_text(&opts.b, opts.limits),
    );
    // The openings.
    let (openings, openings_text) = if let Some(file) = &opts.openings {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("--openings {}: cannot read it", play::quote_file(file)))?;
        let list = parse_openings(
            &start,
            &text,
            &format!("--openings {}", play::quote_file(file)),
        )
        .map_err(|e| anyhow!(e))?;
        let n = list.len();
        (
            list,
            format!("openings from {} ({n})", play::quote_file(file)),
        )
    } else if let Some(plies) = opts.opening_plies {
        (
            random_openings(&start, plies, opts.seed, pairs),
            format!(
                "random openings of {plies} {} (seed {})",
                if plies == 1 { "ply" } else { "plies" },
                opts.seed
            ),
        )
    } else {
        let text = shipped(G::NAME).unwrap_or("");
        match parse_openings(&start, text, "the shipped openings") {
            Ok(list) => {
                let n = list.len();
                (list, format!("the shipped balanced openings ({n})"))
            }
            Err(_) => (
                random_openings(&start, 4, opts.seed, pairs),
                "random openings of 4 plies (the shipped set does not fit these rules)".to_string(),
            ),
        }
    };
    // The records directory: made (or resumed) before anything is played.
    let mut done = Vec::new();
    let dir = opts.records_dir.as_ref().map(PathBuf::from);
    if let Some(dir) = &dir {
        let settings_file = dir.join("match.txt");
        let pairs_file = dir.join("pairs.tsv");
        if pairs_file.exists() {
            if !opts.resume {
                bail!(
                    "--records-dir {}: it already holds a match; add --resume to continue it, or choose another directory",
                    dir.display()
                );
            }
            let old = std::fs::read_to_string(&settings_file).unwrap_or_default();
            if old != opts.settings {
                bail!(
                    "--records-dir {}: it holds a match with other settings:\n{old}\nthis one:\n{}",
                    dir.display(),
                    opts.settings
                );
            }
            let text = std::fs::read_to_string(&pairs_file)
                .with_context(|| format!("cannot read {}", pairs_file.display()))?;
            for (n, line) in text.lines().enumerate() {
                // A last line cut by an interruption is played again.
                match parse_pair_line(line) {
                    Some(p) => done.push(p),
                    None if n + 1 == text.lines().count() => {}
                    None => bail!("{} line {}: not a pair result", pairs_file.display(), n + 1),
                }
            }
        } else {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("--records-dir {}: cannot create it", dir.display()))?;
            write_file(&settings_file, &opts.settings)?;
            write_file(&pairs_file, "")?;
        }
    }
    let mut header = format!(
        "{} match: A = {a_text}, B = {b_text}, {}",
        G::NAME,
        if opts.sprt.is_some() {
            format!("up to {}", play::plural(pairs * 2, "game"))
        } else {
            play::plural(pairs * 2, "game")
        }
    );
    if let Some(ms) = opts.limits.time_ms {
        header.push_str(&format!(", {ms} ms a move"));
    }
    if let Some(d) = opts.limits.depth {
        header.push_str(&format!(", depth {d}"));
    }
    println!("{header}");
    println!("{openings_text}, concurrency {}", opts.concurrency);
    if !done.is_empty() {
        println!(
            "resuming: {} already played",
            play::plural(done.len() as u64, "pair")
        );
    }
    let _ = std::io::stdout().flush();
    let cfg = PairsConfig {
        pairs,
        concurrency: opts.concurrency,
        max_plies: opts.max_plies,
        sprt: opts.sprt,
    };
    let t0 = Instant::now();
    let write_error = std::sync::Mutex::new(None::<anyhow::Error>);
    let on_pair = |pair: &PairResult, progress: &Progress| {
        eprintln!("{}", progress_line(progress, opts.sprt.as_ref()));
        for g in &pair.games {
            if let Some(why) = &g.forfeit {
                eprintln!("pair {}: a forfeit: {why}", pair.pair);
            }
        }
        if let Some(dir) = &dir {
            let result = (|| -> Result<()> {
                for (i, g) in pair.games.iter().enumerate() {
                    let record = record_of(&start, &g.summary, &a_text, &b_text)?;
                    let name = format!("game-{:06}.bao", 2 * pair.pair + i as u64 + 1);
                    write_file(&dir.join(name), &record.to_text())?;
                }
                let mut f = std::fs::OpenOptions::new()
                    .append(true)
                    .open(dir.join("pairs.tsv"))?;
                f.write_all(pair_line(pair).as_bytes())?;
                f.sync_data()?;
                Ok(())
            })();
            if let Err(e) = result {
                if let Ok(mut slot) = write_error.lock() {
                    slot.get_or_insert(e);
                }
            }
        }
    };
    let (a, b, limits) = (&opts.a, &opts.b, opts.limits);
    let make = |_w: usize| -> Result<Players<G>, String> {
        Ok((make_player::<G>(a, limits)?, make_player::<G>(b, limits)?))
    };
    let result =
        run_pairs(&start, &openings, &cfg, done, make, &on_pair).map_err(|e| anyhow!(e))?;
    if let Some(e) = write_error.into_inner().ok().flatten() {
        return Err(e.context("writing the records"));
    }
    let text = result
        .report
        .to_string()
        .replace("Elo -0 ", "Elo +0 ")
        .replace("CI -0 ", "CI +0 ")
        .replace(".. -0)", ".. +0)");
    println!("{text}");
    if let Some((elo, lo, hi)) = result.penta.elo_ci95() {
        let (elo, lo, hi) = (elo + 0.0, lo + 0.0, hi + 0.0);
        println!(
            "pentanomial {} (pairs LL, LD, DD+WL, WD, WW): Elo {elo:+.1} (95% CI {lo:+.1} .. {hi:+.1})",
            result.penta
        );
    }
    if result.forfeits > 0 {
        println!("forfeits {}", result.forfeits);
    }
    if let Some(s) = &opts.sprt {
        let (lo, hi) = s.bounds();
        let llr = result.llr.unwrap_or(0.0);
        let verdict = match result.decision {
            Some(h) => format!("{h} accepted"),
            None => "no bound reached".to_string(),
        };
        println!(
            "SPRT elo0 {} elo1 {} (alpha {}, beta {}): LLR {llr:.2} (bounds {lo:.2}, {hi:.2}): {verdict}",
            s.elo0, s.elo1, s.alpha, s.beta
        );
    }
    println!("time {:.1} s", t0.elapsed().as_secs_f64());
    if let Some((file, mut out)) = opts.records {
        let mut text = String::new();
        for (i, game) in result.report.games.iter().enumerate() {
            let record = record_of(&start, game, &a_text, &b_text)
                .map_err(|e| anyhow!("game {}: {e}", i + 1))?;
            text.push_str(&record.to_text());
            text.push('\n');
        }
        out.write_all(text.as_bytes())
            .with_context(|| format!("cannot write {}", play::quote_file(&file)))?;
        println!(
            "records written to {} ({})",
            play::quote_file(&file),
            play::plural(result.report.games.len() as u64, "game")
        );
    }
    if let Some(dir) = &dir {
        println!("records of every game in {}", dir.display());
    }
    Ok(())
}

/// What `bao openings` was asked for.
#[derive(Debug)]
pub struct OpeningsOptions {
    /// How many openings.
    pub count: u32,
    /// The fewest random plies.
    pub min_plies: u32,
    /// The most random plies.
    pub max_plies: u32,
    /// The largest |value| kept, centi-seeds.
    pub within: i32,
    /// The valuing search's depth.
    pub depth: u32,
    /// The seed.
    pub seed: u64,
    /// The file to write (never replaced).
    pub out: String,
    /// The command line, for the file's header.
    pub command: String,
}

/// `bao openings`: draws a balanced opening set and writes it with the command that made
/// it, the number of positions tried and the time.
pub fn openings<G: Evaluate>(rules: G::Rules, opts: OpeningsOptions) -> Result<()> {
    use bao_engine::arena::openings::{balanced_openings, format_openings, BalancedConfig};
    if opts.min_plies > opts.max_plies {
        bail!(
            "--min-plies {} is more than --max-plies {}",
            opts.min_plies,
            opts.max_plies
        );
    }
    if opts.within < 0 {
        bail!("--within {}: give a value of at least 0", opts.within);
    }
    let path = Path::new(&opts.out);
    if path.exists() {
        bail!(
            "--out {}: the file already exists (it is never replaced)",
            play::quote_file(&opts.out)
        );
    }
    let start = G::start(&rules);
    let cfg = BalancedConfig {
        count: opts.count as usize,
        min_plies: opts.min_plies,
        max_plies: opts.max_plies,
        within_cp: opts.within,
        depth: opts.depth,
        seed: opts.seed,
        max_tries: u64::from(opts.count) * 1000,
    };
    let t0 = Instant::now();
    let mut tried = 0;
    let found = balanced_openings(&start, &cfg, &mut |n, t| {
        tried = t;
        if n % 10 == 0 || n == cfg.count {
            eprintln!(
                "{n}/{} openings ({t} positions tried, {:.0} s)",
                cfg.count,
                t0.elapsed().as_secs_f64()
            );
        }
    });
    let header = vec![
        format!("{} opening set: {} balanced openings", G::NAME, found.len()),
        format!("made by: bao {}", opts.command),
        format!(
            "{}-{} random plies, value within ±{} centi-seeds at depth {}, not proven by a {}-node search",
            opts.min_plies,
            opts.max_plies,
            opts.within,
            opts.depth,
            bao_engine::arena::OPENING_CHECK_NODES
        ),
        format!(
            "{tried} positions tried in {:.0} s; the value after each line is the side to move's, in centi-seeds",
            t0.elapsed().as_secs_f64()
        ),
    ];
    write_file(path, &format_openings(&header, &found))?;
    println!(
        "{} written to {} ({} positions tried)",
        play::plural(found.len() as u64, "opening"),
        play::quote_file(&opts.out),
        tried
    );
    if found.len() < cfg.count {
        println!("fewer than asked: the tries ran out ({})", cfg.max_tries);
    }
    Ok(())
}
