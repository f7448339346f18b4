//! `bao puzzle`: solve a puzzle in the terminal, list the set, verify it, build it
//! (docs/puzzles.md). The puzzles themselves are `bao_engine::puzzle`.

use crate::common::read_text_file;
use crate::play::flow::{explain_move, game_end_sentence};
use crate::play::render::out;
use crate::play::words::what_it_does;
use crate::play::{quote_file, Input, Read, Screen};
use crate::t;
use anyhow::{bail, Context, Result};
use bao_engine::puzzle::find::find;
use bao_engine::puzzle::{shipped, verify_set, Puzzle, PuzzleSet, VERIFY_NODES};
use bao_engine::solve::Solvable;
use bao_rules::with_game;
use bao_rules::GameKind;
use bao_rules::{GameLine, Player, RuleSet, Side};
use std::io::{BufRead, IsTerminal, Write};
use std::time::Instant;

/// The largest puzzle file read, bytes.
pub const MAX_PUZZLE_FILE_BYTES: u64 = 16 << 20;

/// The most puzzles `bao puzzle build` makes.
pub const MAX_BUILD_COUNT: usize = 10_000;

/// The arguments of `bao puzzle`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PuzzleArgs {
    /// `list`, `verify` or `build`; without one, a puzzle to solve.
    #[command(subcommand)]
    pub command: Option<PuzzleCommand>,
    /// The game: kiswahili or kingulu.
    #[arg(long, short, default_value = "kiswahili")]
    pub game: GameKind,
    /// The puzzle's number in the shipped set (default: one picked at random).
    #[arg(long, short, conflicts_with = "difficulty")]
    pub number: Option<usize>,
    /// Pick at random among the puzzles of this difficulty (1 easiest to 5).
    #[arg(long, short, value_parser = clap::value_parser!(u8).range(1..=5))]
    pub difficulty: Option<u8>,
    /// Plain text: no colours (automatic when not on a terminal).
    #[arg(long)]
    pub plain: bool,
    /// The language: sw (Kiswahili) or en (English) [default: from LC_ALL, LC_MESSAGES
    /// or LANG, else English].
    #[arg(long, value_name = "LANG", value_parser = bao_i18n::Lang::from_tag)]
    pub lang: Option<bao_i18n::Lang>,
}

/// The subcommands of `bao puzzle`.
#[derive(clap::Subcommand, Debug)]
pub enum PuzzleCommand {
    /// List the shipped puzzles of a game (one line each, or a JSON array).
    List {
        /// The game: kiswahili or kingulu.
        #[arg(long, short, default_value = "kiswahili")]
        game: GameKind,
        /// A JSON array, one object per puzzle.
        #[arg(long)]
        json: bool,
    },
    /// Re-prove every puzzle with the solver (unique solution, claimed result); exits
    /// non-zero naming each flawed puzzle.
    Verify {
        /// The game of the shipped set to verify (default: both); with FILE, the game of
        /// its first position (a --game naming the other game is an error).
        #[arg(long, short)]
        game: Option<GameKind>,
        /// A puzzle file (default: the shipped set).
        file: Option<String>,
    },
    /// Make a puzzle set from self-play games (docs/puzzles.md).
    Build {
        /// The game: kiswahili or kingulu.
        #[arg(long, short)]
        game: GameKind,
        /// How many puzzles.
        #[arg(long, default_value_t = 120)]
        count: usize,
        /// The file to write.
        #[arg(long, value_name = "FILE")]
        out: String,
        /// The seed of the self-play games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many self-play games.
        #[arg(long, default_value_t = 5000)]
        max_games: usize,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
}

/// Runs `bao puzzle ...`.
///
/// # Errors
/// Bad arguments, unreadable files, flawed puzzles (`verify`), I/O errors.
pub fn run(args: PuzzleArgs) -> Result<()> {
    match args.command {
        None => {
            // `--lang` beats LC_ALL, LC_MESSAGES and LANG.
            crate::i18n::set_lang(args.lang.unwrap_or_else(bao_i18n::Lang::from_env));
            let plain = args.plain || !crate::play::is_terminal();
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let interactive = std::io::stdin().is_terminal();
            with_game!(
                args.game,
                G => solve_puzzle::<G>(
                    Choice {
                        number: args.number,
                        difficulty: args.difficulty
                    },
                    plain,
                    interactive,
                    &mut input
                )
            )
        }
        Some(PuzzleCommand::List { game, json }) => {
            let set = shipped_set(game)?;
            let text = if json {
                list_json(&set)
            } else {
                list_text(&set)
            };
            print!("{text}");
            Ok(())
        }
        Some(PuzzleCommand::Verify { game, file }) => match file {
            Some(file) => {
                let text = read_text_file(&file, MAX_PUZZLE_FILE_BYTES)?;
                let set = PuzzleSet::parse(&text).with_context(|| quote_file(&file).to_string())?;
                let found = game_of_set(&set);
                let game = match game {
                    Some(g) if g != found && !set.puzzles.is_empty() => bail!(
                        "{} holds {found} puzzles, but --game {g} was given",
                        quote_file(&file)
                    ),
                    Some(g) => g,
                    None => found,
                };
                verify_cmd(game, &quote_file(&file), &set)
            }
            None => {
                let games = match game {
                    Some(g) => vec![g],
                    None => vec![GameKind::Kiswahili, GameKind::Kingulu],
                };
                let mut bad = 0;
                for g in games {
                    let set = shipped_set(g)?;
                    if let Err(e) = verify_cmd(g, &format!("the shipped {g} set"), &set) {
                        eprintln!("bao: {e:#}");
                        bad += 1;
                    }
                }
                if bad > 0 {
                    bail!("{bad} set(s) with flawed puzzles");
                }
                Ok(())
            }
        },
        Some(PuzzleCommand::Build {
            game,
            count,
            out,
            seed,
            max_games,
            force,
        }) => with_game!(game, G => build::<G>(count, &out, seed, max_games, force)),
    }
}

/// The shipped set of `game`.
///
/// # Errors
/// Never for the sets shipped (a test reads them); an internal error otherwise.
pub fn shipped_set(game: GameKind) -> Result<PuzzleSet> {
    let text = shipped(&game.to_string()).context("no shipped set")?;
    PuzzleSet::parse(text).with_context(|| format!("the shipped {game} puzzles"))
}

/// Verifies `set` as game `game`, printing one line per flaw and a summary.
fn verify_cmd(game: GameKind, name: &str, set: &PuzzleSet) -> Result<()> {
    let t0 = Instant::now();
    let flaws = with_game!(game, G => verify_all::<G>(set));
    for f in &flaws {
        eprintln!("{name}: {f}");
    }
    let secs = t0.elapsed().as_secs_f64();
    if flaws.is_empty() {
        println!(
            "{name}: {} puzzles verified ({}), {secs:.1} s",
            set.len(),
            game.title()
        );
        Ok(())
    } else {
        bail!(
            "{name}: {} of {} puzzles flawed (first: {})",
            flaws.len(),
            set.len(),
            flaws[0]
        )
    }
}

fn verify_all<G: Solvable>(set: &PuzzleSet) -> Vec<bao_engine::puzzle::Flaw> {
    verify_set::<G>(set, VERIFY_NODES, &|_| true, &mut |_, _| {})
}

/// `bao puzzle list`: one line per puzzle.
pub fn list_text(set: &PuzzleSet) -> String {
    let mut out = String::new();
    for (_, p) in &set.puzzles {
        out.push_str(&format!(
            "{:>4}  {:<6} {:<22} {:<17} difficulty {}  {}\n",
            p.number,
            p.side.to_string(),
            p.result.to_string(),
            p.theme,
            p.difficulty,
            p.position
        ));
    }
    out
}

/// A JSON string literal.
fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One puzzle as a JSON object: `number`, `position`, `side`, `solution`, `line` (an
/// array of moves), `result` (the claim's text), `theme`, `difficulty`.
pub fn puzzle_json(p: &Puzzle) -> String {
    let line: Vec<String> = p.line.iter().map(|m| json_str(m)).collect();
    format!(
        "{{\"number\":{},\"rules\":{},\"position\":{},\"side\":{},\"solution\":{},\"line\":[{}],\"result\":{},\"theme\":{},\"difficulty\":{}}}",
        p.number,
        json_str(&p.rules),
        json_str(&p.position),
        json_str(&p.side.to_string()),
        json_str(&p.solution),
        line.join(","),
        json_str(&p.result.to_string()),
        json_str(&p.theme),
        p.difficulty
    )
}

/// `bao puzzle list --json`: a JSON array, one object per puzzle ([`puzzle_json`]), one
/// object a line.
pub fn list_json(set: &PuzzleSet) -> String {
    let items: Vec<String> = set.puzzles.iter().map(|(_, p)| puzzle_json(p)).collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}

/// `bao puzzle build`: finds `count` puzzles and writes them to `out` (a temporary file,
/// then renamed), printing the time and size.
fn build<G: Solvable>(
    count: usize,
    out: &str,
    seed: u64,
    max_games: usize,
    force: bool,
) -> Result<()> {
    if count == 0 || count > MAX_BUILD_COUNT {
        bail!("--count {count}: from 1 to {MAX_BUILD_COUNT}");
    }
    if let Ok(m) = std::fs::metadata(out) {
        if !m.is_file() {
            bail!("--out {out}: it is not a regular file: choose a file name");
        }
        if !force {
            bail!("--out {out}: the file exists; --force replaces it");
        }
    }
    // Check that the file can be written before the work.
    let tmp = format!("{out}.tmp");
    std::fs::write(&tmp, b"").with_context(|| format!("cannot write {tmp}"))?;
    let rules = G::Rules::default();
    let t0 = Instant::now();
    // A progress line every 2 seconds and at the end.
    let mut last = Instant::now();
    let line = |p: &bao_engine::puzzle::find::FindProgress| {
        format!(
            "puzzle build: {} games, {} positions tried, {} puzzles, {:.0} s",
            p.games,
            p.candidates,
            p.found,
            t0.elapsed().as_secs_f64()
        )
    };
    let mut final_line = String::new();
    let puzzles = find::<G>(&rules, count, seed, max_games, &mut |p| {
        final_line = line(p);
        if last.elapsed().as_secs() >= 2 {
            last = Instant::now();
            eprintln!("{final_line}");
        }
    });
    eprintln!("{final_line}");
    let secs = t0.elapsed().as_secs_f64();
    let mut text = format!(
        "# bao puzzles: {}, {} rules, {} puzzles from self-play (seed {seed})\n\
         # number | rules | position | side | solution | line | result | theme | difficulty\n\
         # built by: bao puzzle build --game {} --count {count} --seed {seed} --out FILE ({secs:.0} s)\n\
         # checked by: bao puzzle verify --game {} FILE\n",
        G::NAME,
        rules.profile_name(),
        puzzles.len(),
        G::NAME,
        G::NAME
    );
    for p in &puzzles {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    let mut f = std::fs::File::create(&tmp).with_context(|| format!("cannot write {tmp}"))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .with_context(|| format!("cannot write {tmp}"))?;
    std::fs::rename(&tmp, out).with_context(|| format!("cannot rename {tmp} to {out}"))?;
    println!(
        "wrote {out}: {} puzzles, {} bytes, {secs:.1} s",
        puzzles.len(),
        text.len()
    );
    if puzzles.len() < count {
        bail!(
            "only {} of {count} puzzles found in {max_games} games (raise --max-games)",
            puzzles.len()
        );
    }
    Ok(())
}

/// The game whose positions a set holds, from its first puzzle: Bao Kingulu when its
/// position reads as one, Bao la Kiswahili otherwise (and for an empty set).
pub fn game_of_set(set: &PuzzleSet) -> GameKind {
    match set.puzzles.first() {
        Some((_, p)) if p.position_of::<bao_rules::kingulu::Kingulu>().is_ok() => GameKind::Kingulu,
        _ => GameKind::Kiswahili,
    }
}

/// Which puzzle `bao puzzle` shows: `number`, or one at random (of `difficulty` if given).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    /// The puzzle's number (from 1).
    pub number: Option<usize>,
    /// The difficulty to pick from.
    pub difficulty: Option<u8>,
}

/// Picks a puzzle number: `number` if given (checked), else one from the clock among the
/// puzzles of the difficulty asked for (all without one).
fn pick(set: &PuzzleSet, choice: Choice) -> Result<usize> {
    match choice.number {
        Some(n) if n >= 1 && n <= set.len() => Ok(n),
        Some(n) => bail!(
            "{}",
            crate::t!("puzzle-number-range", n = n, max = set.len())
        ),
        None => {
            let fits: Vec<usize> = set
                .puzzles
                .iter()
                .filter(|(_, p)| choice.difficulty.is_none_or(|d| p.difficulty == d))
                .map(|(_, p)| p.number)
                .collect();
            if fits.is_empty() {
                bail!(
                    "--difficulty {}: no puzzle of that difficulty in the set",
                    choice.difficulty.unwrap_or(0)
                );
            }
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos() as usize);
            Ok(fits[nanos % fits.len()])
        }
    }
}

/// `bao puzzle`: shows the puzzle, reads moves until the solution or a wrong legal move
/// (`hint` shows the theme, `solution` gives up, `quit` leaves), says right or wrong, and
/// explains the solution lap by lap with the rest of its line.
///
/// # Errors
/// A bad `--number`; an input error.
pub fn solve_puzzle<G: Solvable>(
    choice: Choice,
    plain: bool,
    interactive: bool,
    input: &mut dyn BufRead,
) -> Result<()> {
    let set = shipped_set(GameKind::of::<G>())?;
    let n = pick(&set, choice)?;
    let p = set.get(n).context("no such puzzle")?.clone();
    let pos: G = p
        .position_of()
        .map_err(|e| anyhow::anyhow!("puzzle {n}: {e}"))?;
    let solution = pos
        .parse_move(&p.solution)
        .map_err(|e| anyhow::anyhow!("puzzle {n}: {}", e.message))?;
    let screen = Screen::new(plain, 0);
    let labels = [String::new(), String::new()];
    out(t!(
        "puzzle-title",
        game = GameKind::of::<G>().title(),
        n = n,
        total = set.len(),
        difficulty = p.difficulty
    ));
    let style = screen.style(&labels, None, Vec::new(), None);
    out(screen.board_block(&pos.view(), &style, None, None, Some(&pos.to_text())));
    out(task(&p));
    let mut input = Input::new(input, interactive);
    let mut verdict = None;
    loop {
        let line = match input.read(&t!("puzzle-prompt"))? {
            Read::Line(line) => line,
            Read::Eof => break,
            Read::Interrupted => return Ok(()),
        };
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "q" => return Ok(()),
            "hint" | "h" => {
                out(t!("puzzle-hint", theme = theme_words(&p.theme)));
                continue;
            }
            "solution" | "s" | "show" => break,
            _ => {}
        }
        match pos.parse_move(text) {
            Ok(mv) if mv == solution => {
                verdict = Some(true);
                break;
            }
            Ok(mv) => {
                out(t!(
                    "puzzle-wrong",
                    mv = pos.move_text(mv),
                    why = why_wrong(&p)
                ));
                verdict = Some(false);
                break;
            }
            Err(e) => {
                // The rules explain in English (with their rule numbers); other languages
                // say that the move cannot be played.
                let reason = if crate::i18n::english() {
                    e.message
                } else {
                    t!("refused-illegal")
                };
                out(t!("puzzle-try-again", reason = reason));
            }
        }
    }
    let words = answer(&p);
    out(match verdict {
        Some(true) => t!("puzzle-right", solution = p.solution, answer = words),
        _ => t!("puzzle-solution-is", solution = p.solution, answer = words),
    });
    // On a terminal the moves after the solution can be explained lap by lap too.
    let ask = if screen.keys && interactive {
        Some(&mut input)
    } else {
        None
    };
    explain_line(&pos, &p, &screen, ask)
}

/// The solution lap by lap (the `explain` of `bao play`), then the rest of its line
/// move by move in words, and how the line ends. With `ask` (a terminal), each move after
/// the solution is offered lap by lap first (Enter), until `q` or the end of the input.
fn explain_line<G: Solvable>(
    pos: &G,
    p: &Puzzle,
    screen: &Screen,
    ask: Option<&mut Input>,
) -> Result<()> {
    let mut line = GameLine::new(pos.clone());
    line.set_player(Side::South, Player::Human("South".into()));
    line.set_player(Side::North, Player::Human("North".into()));
    for t in &p.line {
        if line.play_text(t).is_err() {
            break;
        }
    }
    let labels = [String::new(), String::new()];
    explain_move(&line, 0, screen, &labels);
    let mut from = 1;
    if let Some(input) = ask {
        while from < line.plies() {
            let side = line.positions()[from].side_to_move();
            let prompt = t!("puzzle-next", side = side, mv = line.move_texts()[from]);
            match input.read(&prompt)? {
                Read::Line(l) if l.trim().is_empty() => {
                    explain_move(&line, from, screen, &labels);
                    from += 1;
                }
                _ => break,
            }
        }
    }
    if line.plies() > from {
        out(t!("puzzle-then"));
        for i in from..line.plies() {
            let side = line.positions()[i].side_to_move();
            let events = line.trace(i).unwrap_or_default();
            out(format!(
                "  {}",
                t!(
                    "puzzle-line-move",
                    n = i + 1,
                    side = side,
                    mv = line.move_texts()[i],
                    does = what_it_does(&events)
                )
            ));
        }
    }
    match game_end_sentence(&line) {
        Some(s) => out(t!("puzzle-end", sentence = s)),
        None => out(t!("puzzle-line-stops", n = line.plies())),
    }
    Ok(())
}

/// The task of `p` in the current language.
fn task(p: &Puzzle) -> String {
    bao_i18n::game::task_said(p).format(crate::i18n::lang())
}

/// Why a move other than the solution is wrong ([`Puzzle::why_wrong`]).
fn why_wrong(p: &Puzzle) -> String {
    bao_i18n::game::why_wrong_said(p).format(crate::i18n::lang())
}

/// Why the solution is right ([`Puzzle::answer`]).
fn answer(p: &Puzzle) -> String {
    bao_i18n::game::answer_said(p).format(crate::i18n::lang())
}

/// A theme's name (`bao_engine::puzzle::theme`) in the current language; a theme this
/// version does not know is shown as it is.
pub fn theme_words(theme: &str) -> String {
    bao_i18n::game::theme_said(theme)
        .map_or_else(|| theme.to_string(), |s| s.format(crate::i18n::lang()))
}
