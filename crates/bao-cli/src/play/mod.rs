//! `bao play` (a game against the computer in the terminal) and `bao replay`.
//!
//! The game is a [`bao_rules::GameLine`]; the pieces around it are separate modules:
//! [`input`] (lines from a line editor or a pipe), [`render`] (boards, wrapped messages,
//! the lap-by-lap animation redrawn in place), [`laps`] (a move's frames from its trace),
//! [`words`] (a move in words, for hints), [`save`] (temp file + rename), [`flow`] (the
//! command loop of `bao play`) and [`replay`].
//!
//! Input is line by line (a move or a command, then Enter), so the same loop works on a
//! terminal (coloured board, moves animated lap by lap, spinner while the computer
//! thinks) and through a pipe (`--plain`, automatic when stdin or stdout is not a
//! terminal: no escape codes, every lap of an explained move printed).

pub mod flow;
pub mod input;
pub mod laps;
pub mod oracle;
pub mod render;
pub mod replay;
pub mod save;
pub mod spinner;
pub mod text;
pub mod tutor;
pub mod words;

pub use input::{read_line, strip_escapes, Input, Read};
pub use render::{Screen, DEFAULT_LAP_DELAY_MS};
pub use text::{clip, plural, quote_file};

use anyhow::{bail, Context, Result};
use bao_engine::solve::Solvable;
use bao_rules::line::check_work;
use bao_rules::record::GameRecord;
use bao_rules::GameKind;
use bao_rules::{Game, GameLine, Player, Side};
use render::out;
use std::io::{BufRead, IsTerminal};

/// The most laps one move may have under the rules of a game played or replayed here
/// (Bao Kingulu's `non-terminating lap-cap:N`): a record or `--set` allowing more is
/// refused, so that no move can take minutes or gigabytes to trace and draw. The one
/// limit of every front end, [`bao_rules::record::load::MAX_LAPS`].
pub const MAX_LAPS: u64 = bao_rules::record::load::MAX_LAPS;

/// The options of `bao play`.
pub struct PlayOptions {
    /// The human's side.
    pub human: Side,
    /// The computer's level 1..=10.
    pub level: u8,
    /// The engine seed (`--seed`), if given.
    pub seed: Option<u64>,
    /// Plain text (no colour, no spinner, no animation).
    pub plain: bool,
    /// Whether stdin is a terminal (prompts are printed then, the line editor is used,
    /// and leaving an unsaved game asks first).
    pub interactive: bool,
    /// Whether `--side` was given (otherwise a loaded record's side is restored).
    pub side_given: bool,
    /// Whether `--level` was given (otherwise a loaded record's level is restored).
    pub level_given: bool,
    /// The pause after each lap of an animated move in milliseconds (0 = no animation).
    pub lap_delay_ms: u64,
    /// No file is ever written (`save` and the autosave are off): for fuzzing and tests.
    pub sandbox: bool,
}

impl PlayOptions {
    /// The options of a plain game through a pipe: South against `level`, no files
    /// written (the fuzz target's and tests' choice).
    pub fn sandboxed(level: u8) -> PlayOptions {
        PlayOptions {
            human: Side::South,
            level,
            seed: Some(1),
            plain: true,
            interactive: false,
            side_given: false,
            level_given: true,
            lap_delay_ms: 0,
            sandbox: true,
        }
    }
}

/// The human's side and the computer's level from a record's players: one side the
/// engine (`bao level N`, `computer (level N)`), the other a person. `None` when the
/// record does not say who was who (two people, two engines).
pub fn roles_of(players: &[Player; 2]) -> Option<(Side, u8)> {
    match players {
        [Player::Human(_), Player::Computer { level }] => Some((Side::South, *level)),
        [Player::Computer { level }, Player::Human(_)] => Some((Side::North, *level)),
        _ => None,
    }
}

/// Runs `bao play` for game `G` from `start`, or from a loaded record's line.
///
/// # Errors
/// Rules that allow moves of more than [`MAX_LAPS`] laps; an input error; the engine
/// failing (an internal error).
pub fn play<G: Solvable>(
    start: G,
    loaded: Option<GameLine<G>>,
    opts: PlayOptions,
    input: &mut dyn BufRead,
) -> Result<()> {
    let mut opts = opts;
    let mut line = match loaded {
        Some(line) => {
            match roles_of(line.players()) {
                Some((side, level)) => {
                    let mut restored = Vec::new();
                    if !opts.side_given {
                        opts.human = side;
                        restored.push(crate::t!("restored-side", side = side));
                    }
                    if !opts.level_given {
                        opts.level = level;
                        restored.push(crate::t!("restored-level", level = level));
                    }
                    if !restored.is_empty() {
                        out(crate::t!("restored", what = restored.join(", ")));
                    }
                }
                None => out(crate::t!(
                    "record-roles-unknown",
                    south_name = crate::i18n::side_name(Side::South),
                    south = format!("{:?}", clip(&line.players()[0].record_name(), 40)),
                    north_name = crate::i18n::side_name(Side::North),
                    north = format!("{:?}", clip(&line.players()[1].record_name(), 40)),
                    side = opts.human,
                    level = opts.level
                )),
            }
            line
        }
        None => GameLine::new(start),
    };
    if let Err(e) = check_work(line.rules(), MAX_LAPS, u32::MAX) {
        bail!("{e}: bao play cannot trace such moves");
    }
    // The human keeps a name the record gives them; the computer is the engine.
    let human = opts.human;
    let name = match line.player(human) {
        Player::Human(name) if name != "?" => name.clone(),
        _ => "you".to_string(),
    };
    line.set_player(human, Player::Human(name));
    line.set_player(human.opponent(), Player::Computer { level: opts.level });
    if !opts.sandbox {
        save::survive_file_size_limit();
    }
    let interactive = opts.interactive;
    let mut session = flow::Session::new(line, opts);
    if interactive {
        let guard = save::Guard::default();
        save::install_ctrl_c(guard.clone());
        session.set_guard(guard);
    }
    let mut input = Input::new(input, interactive);
    session.run(&mut input)
}

/// Reads game `number` (1-based; default 1) of a record file, picking the game type from
/// its `Game` tag. A note goes to stderr when the file holds several games.
///
/// # Errors
/// The file cannot be read, holds no record or fewer games, or names no known game.
pub fn read_record_file(file: &str, number: Option<usize>) -> Result<(GameKind, String)> {
    if number == Some(0) {
        bail!(crate::t!("record-number-zero"));
    }
    let text = crate::common::read_text_file(file, crate::common::MAX_RECORD_FILE_BYTES)?;
    let pieces = bao_rules::record::split_records(&text);
    if pieces.is_empty() {
        bail!(crate::t!("record-none", file = file));
    }
    let n = number.unwrap_or(1);
    if n > pieces.len() {
        bail!(crate::t!(
            "record-number-beyond",
            n = n,
            file = file,
            count = pieces.len()
        ));
    }
    let piece = pieces[n - 1].to_string();
    let game = bao_rules::record::load::kind_of(&piece).with_context(|| file.to_string())?;
    // Said only of a file whose game was read: a text that is no record is not "games".
    if pieces.len() > 1 && number.is_none() {
        eprintln!(
            "{}",
            crate::t!("record-several", file = file, count = pieces.len())
        );
    }
    Ok((game, piece))
}

/// The game of a record file: the game its `Game` tag names (`found`, from
/// [`read_record_file`]). `--game` (`given`) need not be given; when it names the other
/// game it is an error naming both.
///
/// # Errors
/// `FILE is a kingulu game, but --game kiswahili was given`.
pub fn record_game(file: &str, found: GameKind, given: Option<GameKind>) -> Result<GameKind> {
    match given {
        Some(g) if g != found => bail!(
            "{} is a {found} game, but --game {g} was given",
            quote_file(file)
        ),
        _ => Ok(found),
    }
}

/// Parses a record text as game `G`, naming the file in errors. The rules are read and
/// checked first, from the tags alone ([`bao_rules::record::load`]): rules allowing moves
/// of more than [`MAX_LAPS`] laps are refused before any move is played.
///
/// # Errors
/// The record's own errors ([`GameRecord::from_text`]), or rules above the lap limit.
pub fn parse_record<G: Game>(file: &str, text: &str) -> Result<GameRecord<G>> {
    use bao_rules::record::load::{self, LoadError};
    match load::read::<G>(text, u32::MAX) {
        Ok(record) => Ok(record),
        Err(LoadError::TooMuchWork(e)) => bail!(
            "{}: {e}: moves that long are not replayed here",
            quote_file(file)
        ),
        Err(LoadError::Record(e)) => Err(e).with_context(|| quote_file(file)),
    }
}

/// A record file's game as a line (roles from its players, its result).
///
/// # Errors
/// As [`parse_record`].
pub fn load_line<G: Game>(file: &str, text: &str) -> Result<GameLine<G>> {
    let record = parse_record::<G>(file, text)?;
    GameLine::from_record(&record).with_context(|| quote_file(file))
}

/// Whether stdin and stdout are both terminals.
pub fn is_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// The most input lines [`run_script`] reads.
pub const SCRIPT_MAX_LINES: usize = 64;

/// Runs `bao play` on `input` as if piped in, in a sandbox: plain text, the computer at
/// level 1 (random, seed 1), no file written, at most [`SCRIPT_MAX_LINES`] lines of at
/// most [`input::MAX_LINE`] bytes; lines starting with `hint` are dropped (a depth-6
/// search each would dominate the time), and so are `oracle` / `o` lines (up to 2 s of
/// solving each, or more with a budget). The first byte picks the game (even: Bao la
/// Kiswahili, odd: Bao Kingulu). For the `play_commands` fuzz target and tests: nothing
/// may panic, whatever the bytes.
///
/// # Errors
/// As [`play`] (never for in-memory input in practice).
pub fn run_script(input: &[u8]) -> Result<()> {
    let Some((&first, rest)) = input.split_first() else {
        return Ok(());
    };
    let mut lines = Vec::new();
    let mut reader = std::io::Cursor::new(rest);
    while lines.len() < SCRIPT_MAX_LINES {
        match input::read_line_bounded(&mut reader) {
            Ok(Some(line)) => {
                let lower = line.trim_start().to_ascii_lowercase();
                let word = lower.split_whitespace().next().unwrap_or("");
                if !lower.starts_with("hint") && word != "oracle" && word != "o" {
                    lines.extend_from_slice(line.as_bytes());
                    if !line.ends_with('\n') {
                        lines.push(b'\n');
                    }
                }
            }
            _ => break,
        }
    }
    let mut script = std::io::Cursor::new(lines);
    let opts = PlayOptions::sandboxed(1);
    if first % 2 == 0 {
        let start = bao_rules::kiswahili::Kiswahili::start(&Default::default());
        play(start, None, opts, &mut script)
    } else {
        let start = bao_rules::kingulu::Kingulu::start(&Default::default());
        play(start, None, opts, &mut script)
    }
}
