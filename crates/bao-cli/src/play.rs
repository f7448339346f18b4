//! `bao play` (a game against the computer in the terminal) and `bao replay`.
//!
//! Input is line by line (a move or a command, then Enter), so the same loop works on a
//! terminal (coloured board, spinner while the computer thinks) and through a pipe
//! (`--plain`, automatic when stdin or stdout is not a terminal: no escape codes, one
//! line of output per event).

use crate::board::{self, Style};
use crate::common::{describe_config, max_plies, today, GameName};
use anyhow::{bail, Context, Result};
use bao_engine::arena::adjudicate;
use bao_engine::{Engine, EngineConfig, Evaluate, Limits, Score};
use bao_rules::record::GameRecord;
use bao_rules::{BoardView, Game, Side};
use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

/// The options of `bao play`.
pub struct PlayOptions {
    /// The human's side.
    pub human: Side,
    /// The computer's level 1..=10.
    pub level: u8,
    /// The engine seed (`--seed`), if given.
    pub seed: Option<u64>,
    /// Plain text (no colour, no spinner).
    pub plain: bool,
    /// Whether stdin is a terminal (prompts are printed then, the line editor is used,
    /// and leaving an unsaved game asks first).
    pub interactive: bool,
    /// Whether `--side` was given (otherwise a loaded record's side is restored).
    pub side_given: bool,
    /// Whether `--level` was given (otherwise a loaded record's level is restored).
    pub level_given: bool,
}

/// Where the input lines come from: a line editor on a terminal (history, arrow keys),
/// or plain line reading (pipes, `--plain` tests).
pub enum Input<'a> {
    /// Plain line reading; the prompt is printed only when `prompt` is set.
    Plain {
        /// The lines.
        reader: &'a mut dyn BufRead,
        /// Whether to print the prompt.
        prompt: bool,
    },
    /// The `rustyline` editor.
    Editor(Box<rustyline::DefaultEditor>),
}

/// What one read gave.
pub enum Read {
    /// A line (escape sequences removed).
    Line(String),
    /// The end of the input (Ctrl-D; at a terminal, a half-typed line is dropped).
    Eof,
    /// Ctrl-C at the prompt.
    Interrupted,
}

impl Input<'_> {
    /// The input for `bao play`/`bao replay`: the line editor when `interactive` (stdin is
    /// a terminal) and it can start, else plain reading of `reader`.
    pub fn new(reader: &mut dyn BufRead, interactive: bool) -> Input<'_> {
        if interactive {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Plain {
            reader,
            prompt: interactive,
        }
    }

    /// Reads one line after showing `prompt`.
    pub fn read(&mut self, prompt: &str) -> Result<Read> {
        match self {
            Input::Plain {
                reader,
                prompt: show,
            } => {
                if *show {
                    let mut stdout = std::io::stdout().lock();
                    let _ = write!(stdout, "{prompt}");
                    let _ = stdout.flush();
                }
                match read_line(&mut **reader).context("reading your input")? {
                    None => Ok(Read::Eof),
                    Some(line) if *show && !line.ends_with('\n') => {
                        // Ctrl-D on a half-typed line at a terminal: the line is dropped,
                        // and the cursor moved off it before any message.
                        out("");
                        Ok(Read::Eof)
                    }
                    Some(line) => Ok(Read::Line(strip_escapes(&line))),
                }
            }
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    let line = strip_escapes(&line);
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.trim());
                    }
                    Ok(Read::Line(line))
                }
                Err(rustyline::error::ReadlineError::Eof) => Ok(Read::Eof),
                Err(rustyline::error::ReadlineError::Interrupted) => Ok(Read::Interrupted),
                Err(e) => Err(anyhow::anyhow!("reading your input: {e}")),
            },
        }
    }
}

/// `line` without terminal escape sequences (`ESC [ ... final`, `ESC O x`, `ESC x`) and
/// other control characters (tabs become spaces), so that an arrow key typed where no
/// line editor runs is ignored instead of becoming part of a move.
pub fn strip_escapes(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                Some('[') => {
                    // CSI: parameters and intermediates, then one final byte @..~.
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
                Some('O') => {
                    chars.next();
                }
                _ => {}
            },
            '\t' => out.push(' '),
            '\n' | '\r' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A file name as the user would type it in a shell: in double quotes when it holds
/// spaces or shell characters (`"my game.bao"`).
pub fn quote_file(name: &str) -> String {
    let needs = name.is_empty()
        || name
            .chars()
            .any(|c| c.is_whitespace() || "'\"\\$`&|;<>()*?!#~{}[]".contains(c));
    if needs {
        let escaped: String = name
            .chars()
            .flat_map(|c| {
                let esc = matches!(c, '"' | '\\' | '$' | '`');
                esc.then_some('\\').into_iter().chain(std::iter::once(c))
            })
            .collect();
        format!("\"{escaped}\"")
    } else {
        name.to_string()
    }
}

/// `text` cut to at most `max` characters (with `…`), for echoing input in messages.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max).collect();
        s.push('…');
        s
    }
}

/// The number and the noun, singular for 1 (`1 seed`, `3 seeds`).
pub fn plural(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The human's side and the computer's level as recorded in a record's South/North tags
/// (`you` and `computer (level 3)`, or the older `bao level 3`): `None` when the tags do
/// not say who was who.
pub fn roles_of(south: &str, north: &str) -> Option<(Side, Option<u8>)> {
    let level_of = |name: &str| -> Option<u8> {
        let n = name.trim();
        let digits = n
            .strip_prefix("computer (level ")
            .and_then(|r| r.strip_suffix(')'))
            .or_else(|| n.strip_prefix("bao level "))?;
        digits.trim().parse().ok().filter(|l| (1..=10).contains(l))
    };
    let is_computer = |name: &str| name.starts_with("computer") || name.starts_with("bao level");
    match (south.trim(), north.trim()) {
        ("you", n) if n != "you" && is_computer(n) => Some((Side::South, level_of(n))),
        (s, "you") if s != "you" && is_computer(s) => Some((Side::North, level_of(s))),
        _ => None,
    }
}

/// A game between the human and the computer.
struct Session<G: Evaluate> {
    /// Positions from the start; the last is the current one.
    positions: Vec<G>,
    /// `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
    moves: Vec<G::Move>,
    /// South's and North's names in a saved record.
    names: [String; 2],
    /// The labels drawn after each side's name.
    labels: [String; 2],
    engine: Engine<G>,
    /// The engine for `hint` (created on first use).
    hint_engine: Option<Engine<G>>,
    opts: PlayOptions,
    /// The last move: who played it and its text.
    last: Option<(Side, String)>,
    /// A result read from a record whose final position is not finished, or the
    /// adjudication of OPT-MAX-PLIES (K-R12.4).
    recorded_result: Option<bao_rules::Outcome>,
    /// Whether moves were played, taken back or cleared since the game was last saved
    /// (or loaded).
    dirty: bool,
    /// On a terminal: the record text of an unsaved game, for the Ctrl-C handler.
    guard: Option<Guard>,
}

/// The record text the Ctrl-C handler saves (`None`: nothing to save).
type Guard = std::sync::Arc<std::sync::Mutex<Option<String>>>;

/// Writes `text` to a new `bao-autosave-<date>-<time>.bao` in the current directory (never
/// replacing a file); returns its name as a shell would need it typed.
fn write_autosave(text: &str) -> std::result::Result<String, String> {
    let stamp = crate::common::now_stamp();
    for k in 0..100u32 {
        let file = if k == 0 {
            format!("bao-autosave-{stamp}.bao")
        } else {
            format!("bao-autosave-{stamp}-{k}.bao")
        };
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&file)
            .and_then(|mut f| f.write_all(text.as_bytes()));
        match written {
            Ok(()) => return Ok(quote_file(&file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot save it to {file}: {e}")),
        }
    }
    Err("cannot find a free autosave file name".to_string())
}

/// On a terminal, Ctrl-C outside the prompt (while the computer thinks) raises SIGINT:
/// this handler saves an unsaved game (the text in `guard`) before leaving with code 130.
/// At the prompt the line editor reads Ctrl-C itself.
fn install_ctrl_c(guard: Guard) {
    let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT]) else {
        return;
    };
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            let text = guard.lock().ok().and_then(|g| g.clone());
            match text {
                Some(text) => match write_autosave(&text) {
                    Ok(q) => out(format!(
                        "\nCtrl-C: the game was not saved, so it is in {q}. Continue it with: bao play --load {q}"
                    )),
                    Err(e) => out(format!("\nCtrl-C: leaving the game; {e}")),
                },
                None => out("\nCtrl-C: leaving the game."),
            }
            std::process::exit(130);
        }
    });
}

fn out(line: impl AsRef<str>) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{}", line.as_ref());
    let _ = stdout.flush();
}

/// The human's holes, as a range text (`A1-A8 and B1-B8`).
fn own_holes(view: &BoardView, side: Side) -> String {
    let mut rows: Vec<(char, Vec<&str>)> = Vec::new();
    for cell in view.rows.iter().flatten().filter(|c| c.owner == side) {
        let letter = cell.name.chars().next().unwrap_or('?');
        match rows.iter_mut().find(|(l, _)| *l == letter) {
            Some((_, names)) => names.push(&cell.name),
            None => rows.push((letter, vec![&cell.name])),
        }
    }
    // Front row first (A before B).
    rows.sort_by_key(|(l, _)| l.to_ascii_uppercase());
    let parts: Vec<String> = rows
        .iter()
        .map(|(letter, names)| {
            let mut numbers: Vec<u32> = names
                .iter()
                .filter_map(|n| n[1..].parse::<u32>().ok())
                .collect();
            numbers.sort_unstable();
            format!(
                "{letter}{}-{letter}{}",
                numbers.first().unwrap_or(&0),
                numbers.last().unwrap_or(&0)
            )
        })
        .collect();
    parts.join(" and ")
}

/// The hole name a move text starts with (`A6>` → `A6`).
fn hole_prefix(text: &str) -> &str {
    let text = text.trim();
    let letter_len = text.chars().next().map_or(0, char::len_utf8);
    let digits = text[letter_len..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len() - letter_len);
    &text[..letter_len + digits]
}

/// What North sees: the board is drawn from South's seat, so North's left and right are
/// the screen's right and left.
fn north_orientation<G: Game>() -> &'static str {
    if G::NAME == "kiswahili" {
        "You play North, at the top of the board: your right is the screen's left, so a6> \
         sows leftwards on the screen and a6< rightwards."
    } else {
        "You play North, at the top of the board: your right is the screen's left, so your \
         pits a1-a6 run from right to left on the screen."
    }
}

/// A help text for the moves of game `G`, for the human playing `side`.
fn move_help<G: Game>(side: Side) -> String {
    let (f, b) = match side {
        Side::South => ('A', 'B'),
        Side::North => ('a', 'b'),
    };
    let screen = match side {
        Side::South => String::new(),
        Side::North => format!(
            "\n  Your {} are numbered from your left, i.e. right to left on the screen.",
            if G::NAME == "kiswahili" {
                "holes"
            } else {
                "pits"
            }
        ),
    };
    let plainly = match side {
        Side::South => "",
        Side::North => {
            "\n  You sit at the top, so your right is the screen's left: a6> sows leftwards on \
             the\n  screen and a6< rightwards."
        }
    };
    if G::NAME == "kiswahili" {
        format!(
            "Moves: a hole and a direction, as you see the board from your seat.\n  \
             {f}6> sows from {f}6 towards your right, {f}6< towards your left.{plainly}\n  \
             For a namua capture the direction picks the kichwa the captured seeds are sown\n  \
             from: > from {f}1 (your left end), < from {f}8 (your right end).\n  \
             Add + to take safari when a capture lap ends in your functional nyumba: {f}4>+.\n  \
             Your holes are {f}1-{f}8 (front row) and {b}1-{b}8 (back row); capital letters \
             are South's.{screen}"
        )
    } else {
        format!(
            "Moves: the pit you sow from, {f}1 to {f}6, counted from your left; capital \
             letters are South's.{screen}"
        )
    }
}

impl<G: Evaluate> Session<G> {
    fn current(&self) -> &G {
        &self.positions[self.positions.len() - 1]
    }

    fn style(&self) -> Style {
        Style {
            colour: !self.opts.plain,
            labels: self.labels.clone(),
            last_hole: self.last.as_ref().map(|(_, t)| hole_prefix(t).to_string()),
            changed: match self.positions.len() {
                0 | 1 => Vec::new(),
                n => board::changed_holes(
                    &self.positions[n - 2].view(),
                    &self.positions[n - 1].view(),
                ),
            },
        }
    }

    fn show_board(&self) {
        let pos = self.current();
        let view = pos.view();
        let style = self.style();
        out(board::draw(&view, &style).trim_end());
        out(board::status(
            &view,
            &self.labels,
            self.last.as_ref(),
            pos.outcome().or(self.recorded_result),
        ));
        let text = format!("Position: {}", pos.to_text());
        if self.opts.plain {
            out(text);
        } else {
            use crossterm::style::Stylize;
            out(text.dim().to_string());
        }
    }

    fn record(&self) -> GameRecord<G> {
        let mut record = GameRecord::new(self.positions[0].clone());
        record.moves = self.moves.clone();
        record.south = self.names[0].clone();
        record.north = self.names[1].clone();
        record.date = today();
        record.result = self.current().outcome().or(self.recorded_result);
        record
    }

    fn game_over_message(&self) -> Option<String> {
        let outcome = self.current().outcome().or(self.recorded_result)?;
        let who = match outcome.winner {
            Some(side) if side == self.opts.human => format!("You ({side}) won"),
            Some(side) => format!("The computer ({side}) won"),
            None => "The game is a draw".to_string(),
        };
        Some(format!("Game over. {who}: {}.", outcome.reason.describe()))
    }

    /// Plays `mv` (legal in the current position), printing what it did.
    fn apply(&mut self, mv: G::Move, who: &str) -> Result<()> {
        let pos = self.current().clone();
        let side = pos.side_to_move();
        let text = pos.move_text(mv);
        let (next, events) = pos
            .play_traced(mv)
            .with_context(|| format!("playing {text}"))?;
        let verb = if who == "You" { "play" } else { "plays" };
        out(format!("{who} ({side}) {verb} {text}"));
        for line in board::describe_events(&events) {
            out(format!("  - {line}"));
        }
        self.positions.push(next);
        self.moves.push(mv);
        self.last = Some((side, text));
        self.dirty = true;
        self.check_max_plies();
        Ok(())
    }

    /// Ends the game as adjudicated when OPT-MAX-PLIES is set and reached (K-R12.4).
    fn check_max_plies(&mut self) {
        let pos = self.current();
        if pos.outcome().is_some() || self.recorded_result.is_some() {
            return;
        }
        if let Some(max) = max_plies(pos) {
            if self.moves.len() >= max as usize {
                let outcome = adjudicate(pos);
                out(format!(
                    "max-plies {max} reached: the game is adjudicated by material (South {}, \
                     North {}).",
                    pos.material(Side::South),
                    pos.material(Side::North)
                ));
                self.recorded_result = Some(outcome);
            }
        }
    }

    /// Whether leaving now would lose moves that are not saved.
    fn unsaved(&self) -> bool {
        self.dirty && !self.moves.is_empty()
    }

    fn computer_move(&mut self) -> Result<()> {
        let pos = self.current().clone();
        let result = think(
            &mut self.engine,
            &pos,
            Limits::default(),
            "The computer is thinking",
            self.opts.plain,
        )?;
        match result.best {
            Some(mv) => self.apply(mv, "The computer"),
            None => bail!("the engine found no move in a position that is not finished"),
        }
    }

    fn hint(&mut self) -> Result<()> {
        let pos = self.current().clone();
        if self.game_over_message().is_some() {
            out("The game is over: there is nothing to hint.");
            return Ok(());
        }
        // A short alpha-beta search with its own engine, whatever the computer's level.
        let seed = self.engine.config().seed;
        let engine = self.hint_engine.get_or_insert_with(|| {
            let mut config = EngineConfig::level(6);
            config.seed = seed;
            Engine::new(config)
        });
        let limits = Limits {
            depth: Some(6),
            nodes: None,
            time_ms: Some(1500),
        };
        let result = think(engine, &pos, limits, "Looking for a hint", self.opts.plain)?;
        let Some(best) = result.best else {
            out("No hint: there is no legal move.");
            return Ok(());
        };
        let pv: Vec<String> = {
            let mut p = pos.clone();
            let mut texts = Vec::new();
            for &mv in &result.info.pv {
                match p.play(mv) {
                    Ok(next) => {
                        texts.push(p.move_text(mv));
                        p = next;
                    }
                    Err(_) => break,
                }
            }
            texts
        };
        out(format!(
            "Hint: {} ({}; line {}).",
            pos.move_text(best),
            score_words(result.info.score),
            pv.join(" ")
        ));
        Ok(())
    }

    /// Takes back the human's last `count` moves and every move after them.
    fn undo(&mut self, count: usize) {
        let human = self.opts.human;
        let mut human_moves = (0..self.moves.len())
            .rev()
            .filter(|&i| self.positions[i].side_to_move() == human);
        let available = human_moves.clone().count();
        let last_human = human_moves.nth(count.saturating_sub(1));
        match last_human {
            None if available == 0 => out("Nothing to undo: you have not moved yet."),
            None => out(format!(
                "undo {count}: you have played only {}.",
                plural(available as u64, "move")
            )),
            Some(i) => {
                self.dirty = true;
                let taken = self.moves.len() - i;
                self.positions.truncate(i + 1);
                self.moves.truncate(i);
                self.recorded_result = None;
                self.last = if i == 0 {
                    None
                } else {
                    let before = &self.positions[i - 1];
                    Some((before.side_to_move(), before.move_text(self.moves[i - 1])))
                };
                out(format!("Took back {}.", plural(taken as u64, "move")));
                self.show_board();
            }
        }
    }

    /// A legal move to show as an example (or the notation's example).
    fn example_move(&self) -> String {
        let pos = self.current();
        match pos.moves().first() {
            Some(&mv) => pos.move_text(mv),
            None => if G::NAME == "kiswahili" { "A6>" } else { "A3" }.to_string(),
        }
    }

    fn new_game(&mut self) {
        self.dirty = false;
        self.positions.truncate(1);
        self.moves.clear();
        self.last = None;
        self.recorded_result = None;
        out("A new game.");
        self.show_board();
    }

    fn set_level(&mut self, arg: &str) {
        match arg.parse::<u8>() {
            Ok(n) if (1..=10).contains(&n) => {
                let mut config = EngineConfig::level(n);
                config.seed = self.engine.config().seed;
                self.engine.set_config(config);
                self.opts.level = n;
                let computer = self.opts.human.opponent();
                self.labels[computer.index()] = format!("(computer, level {n})");
                self.names[computer.index()] = computer_name(n);
                self.dirty = true;
                out(format!(
                    "The computer now plays at level {n} ({}).",
                    describe_config(self.engine.config())
                ));
            }
            _ => out(format!(
                "level: give a level from 1 to 10 (now {}).",
                self.opts.level
            )),
        }
    }

    /// `save FILE` (never replaces a file) or `save! FILE` (`force`: replaces it).
    fn save(&mut self, file: &str, force: bool) {
        // A name typed in quotes, as the messages print it, is the name without them.
        let file = file.trim();
        let file = file
            .strip_prefix('"')
            .and_then(|f| f.strip_suffix('"'))
            .unwrap_or(file);
        if file.is_empty() {
            out("save: give a file name, e.g. save game.bao");
            return;
        }
        let q = quote_file(file);
        let text = self.record().to_text();
        let written = if force {
            std::fs::write(file, text)
        } else {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(file)
                .and_then(|mut f| f.write_all(text.as_bytes()))
        };
        match written {
            Ok(()) => {
                self.dirty = false;
                out(format!(
                    "Saved the game to {q} ({}). Continue it with: bao play --load {q}",
                    plural(self.moves.len() as u64, "move")
                ))
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => out(format!(
                "Not saved: {q} already exists. To replace it, type: save! {q}"
            )),
            Err(e) => out(format!("Cannot save to {q}: {e}")),
        }
    }

    fn list_moves(&self) {
        if self.game_over_message().is_some() {
            out("No legal moves: the game is over.");
            return;
        }
        let pos = self.current();
        let moves: Vec<String> = pos.moves().iter().map(|&m| pos.move_text(m)).collect();
        if moves.is_empty() {
            out("No legal moves: the game is over.");
        } else {
            out(format!("Legal moves: {}", moves.join(" ")));
        }
    }

    fn help(&self) {
        let view = self.current().view();
        out("Type a move and press Enter, or one of these commands:");
        out("  moves       list the legal moves");
        out("  hint        ask the engine for a suggestion");
        out("  undo [N]    take back your last move (or N moves) and the computer's replies");
        out("  save FILE   save the game as a record (continue with: bao play --load FILE);");
        out("              an existing file is never replaced: save! FILE replaces it");
        out("  board       draw the board again");
        out("  level N     change the computer's level (1-10)");
        out("  new         start again from the beginning");
        out("  help        this text");
        out("  quit        leave (on a terminal, asks first if the game is not saved)");
        out(move_help::<G>(self.opts.human));
        out(format!("Board marks: {}.", board::legend(&view)));
        out(format!(
            "The rules are in docs/{}.md of the project; messages cite them as {}.",
            if G::NAME == "kiswahili" {
                "bao-la-kiswahili"
            } else {
                "bao-kingulu"
            },
            if G::NAME == "kiswahili" {
                "K-Rn (or Rn)"
            } else {
                "G-Rn (or Rn)"
            }
        ));
    }

    /// The human typed something that is not a command: try it as a move.
    fn human_move(&mut self, text: &str) -> Result<()> {
        let pos = self.current().clone();
        // Spaces inside a move are forgiven: `A6 >` is `A6>`.
        let text: String = text.split_whitespace().collect();
        let text = text.as_str();
        match pos.parse_move(text) {
            Ok(mv) => self.apply(mv, "You"),
            Err(e) => {
                let mut message = format!("Cannot play {:?}: {}.", clip(text, 60), e.message);
                let hole = hole_prefix(text);
                let view = pos.view();
                if let Some(cell) = view.rows.iter().flatten().find(|c| c.name == hole) {
                    if cell.owner != self.opts.human {
                        message.push_str(&format!(
                            " Note: hole names are case-sensitive; {hole} is {}'s hole, yours are {}.",
                            cell.owner,
                            own_holes(&view, self.opts.human)
                        ));
                    }
                }
                out(message);
                out("Type 'moves' for the legal moves or 'help' for how to write them.");
                Ok(())
            }
        }
    }

    /// Asks "Quit anyway?" on a terminal when the game is not saved; `true` to go on.
    fn confirm_leave(&mut self, input: &mut Input, what: &str) -> Result<bool> {
        if !self.opts.interactive || !self.unsaved() {
            return Ok(true);
        }
        match input.read(&format!("The game is not saved. {what} anyway? [y/N] "))? {
            Read::Line(answer) => {
                let yes = matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes");
                if !yes {
                    out("Carrying on (save FILE saves the game).");
                }
                Ok(yes)
            }
            Read::Eof | Read::Interrupted => {
                out("Carrying on (save FILE saves the game).");
                Ok(false)
            }
        }
    }

    /// At the end of the input or Ctrl-C: on a terminal, an unsaved game is saved to a new
    /// `bao-autosave-<date>-<time>.bao` in the current directory; through a pipe, a note.
    fn leave_unsaved(&mut self, why: &str) {
        if !self.unsaved() {
            out(format!("{why}: leaving the game."));
            return;
        }
        if !self.opts.interactive {
            out(format!(
                "{why}: leaving the game ({} not saved).",
                plural(self.moves.len() as u64, "move")
            ));
            return;
        }
        match write_autosave(&self.record().to_text()) {
            Ok(q) => out(format!(
                "{why}: the game was not saved, so it is in {q}. Continue it with: bao play --load {q}"
            )),
            Err(e) => out(format!("{why}: leaving the game; {e}")),
        }
    }

    /// Publishes the record for the Ctrl-C handler: the text when leaving now would lose
    /// moves, else nothing.
    fn publish(&self) {
        if let Some(guard) = &self.guard {
            let text = self.unsaved().then(|| self.record().to_text());
            if let Ok(mut slot) = guard.lock() {
                *slot = text;
            }
        }
    }

    fn run(&mut self, input: &mut Input) -> Result<()> {
        let human = self.opts.human;
        out(format!(
            "{}: you play {human}, the computer plays {} (level {}: {}).",
            if G::NAME == "kiswahili" {
                GameName::Kiswahili.title()
            } else {
                GameName::Kingulu.title()
            },
            human.opponent(),
            self.opts.level,
            describe_config(self.engine.config())
        ));
        if human == Side::North {
            out(north_orientation::<G>());
        }
        out("Type 'help' for the commands, 'moves' for the legal moves.");
        self.check_max_plies();
        self.show_board();
        out(format!(
            "Board marks: {}.",
            board::legend(&self.current().view())
        ));
        let mut announced_end = false;
        loop {
            if let Some(message) = self.game_over_message() {
                if !announced_end {
                    out(message);
                    out("You can still 'undo', 'new', 'save FILE' or 'quit'.");
                    announced_end = true;
                }
            } else {
                announced_end = false;
                if self.current().side_to_move() != human {
                    self.publish();
                    self.computer_move()?;
                    self.show_board();
                    continue;
                }
            }
            self.publish();
            let line = match input.read(&format!("{human}> "))? {
                Read::Line(line) => line,
                Read::Eof => {
                    self.leave_unsaved("End of input");
                    return Ok(());
                }
                Read::Interrupted => {
                    self.leave_unsaved("Ctrl-C");
                    return Ok(());
                }
            };
            let line = line.trim();
            let (word, rest) = match line.split_once(char::is_whitespace) {
                Some((w, r)) => (w, r.trim()),
                None => (line, ""),
            };
            let lower = word.to_ascii_lowercase();
            let no_more = |cmd: &str| -> bool {
                if rest.is_empty() {
                    true
                } else {
                    out(format!(
                        "{cmd} takes nothing after it (got {:?}); type 'help' for the commands.",
                        clip(rest, 60)
                    ));
                    false
                }
            };
            match lower.as_str() {
                "" => {}
                "help" | "?" | "h" => {
                    if no_more(&lower) {
                        self.help()
                    }
                }
                "moves" | "m" => {
                    if no_more(&lower) {
                        self.list_moves()
                    }
                }
                "hint" => {
                    if no_more(&lower) {
                        self.hint()?
                    }
                }
                "undo" | "u" => {
                    if rest.is_empty() {
                        self.undo(1);
                    } else {
                        match rest.parse::<usize>() {
                            Ok(n) if n >= 1 => self.undo(n),
                            _ => out(format!(
                                "undo: {:?} is not a number of your moves (undo, or undo N with N ≥ 1).",
                                clip(rest, 60)
                            )),
                        }
                    }
                }
                "save" => self.save(rest, false),
                "save!" => self.save(rest, true),
                "board" | "b" => {
                    if no_more(&lower) {
                        self.show_board()
                    }
                }
                "new" => {
                    if no_more(&lower) && self.confirm_leave(input, "Start a new game")? {
                        self.new_game()
                    }
                }
                "level" => self.set_level(rest),
                "quit" | "exit" | "q" => {
                    if no_more(&lower) && self.confirm_leave(input, "Quit")? {
                        out("Bye.");
                        return Ok(());
                    }
                }
                w if w.len() >= 2 && w.chars().all(|c| c.is_ascii_alphabetic()) => {
                    out(format!(
                        "Unknown command {:?}. Type 'help' for the commands, or a move such as {}.",
                        clip(word, 60),
                        self.example_move()
                    ));
                }
                _ => {
                    if self.game_over_message().is_some() {
                        out("The game is over: 'undo', 'new', 'save FILE' or 'quit'.");
                        continue;
                    }
                    let before = self.moves.len();
                    self.human_move(line)?;
                    if self.moves.len() > before {
                        self.show_board();
                    }
                }
            }
        }
    }
}

/// Searches `pos` with `engine` on a separate thread, with a spinner on a terminal
/// (a single line in plain mode).
fn think<G: Evaluate>(
    engine: &mut Engine<G>,
    pos: &G,
    limits: Limits,
    what: &str,
    plain: bool,
) -> Result<bao_engine::SearchResult<G::Move>> {
    let spinner = if plain {
        out(format!("{what}..."));
        None
    } else {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message(format!("{what}…"));
        bar.enable_steady_tick(Duration::from_millis(100));
        Some(bar)
    };
    let result = std::thread::scope(|scope| {
        let handle = scope.spawn(move || engine.search(pos, limits, &mut |_| {}));
        handle.join()
    });
    if let Some(bar) = spinner {
        bar.finish_and_clear();
    }
    match result {
        Ok(r) => Ok(r),
        Err(_) => bail!("the engine failed while searching (internal error)"),
    }
}

/// One line of input (invalid UTF-8 replaced, not an error); `None` at the end of input.
pub fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// A score in words, from the side to move's (the human's) point of view.
fn score_words(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("about {:+.1} seeds for you", f64::from(cp) / 100.0),
        Score::Win(n) => format!("wins in {n} plies"),
        Score::Loss(n) => format!("the computer can win in {n} plies"),
    }
}

/// Runs `bao play` for game `G` from `start` (or a loaded record).
pub fn play<G: Evaluate>(
    start: G,
    loaded: Option<GameRecord<G>>,
    opts: PlayOptions,
    input: &mut dyn BufRead,
) -> Result<()> {
    let mut opts = opts;
    if let Some(record) = &loaded {
        match roles_of(&record.south, &record.north) {
            Some((side, level)) => {
                let mut restored = Vec::new();
                if !opts.side_given {
                    opts.human = side;
                    restored.push(format!("you play {side}"));
                }
                if let (false, Some(level)) = (opts.level_given, level) {
                    opts.level = level;
                    restored.push(format!("the computer plays at level {level}"));
                }
                if !restored.is_empty() {
                    out(format!(
                        "Restored from the record: {}.",
                        restored.join(", ")
                    ));
                }
            }
            None => out(format!(
                "The record does not say who was who (South {:?}, North {:?}): you play {}, \
                 the computer at level {} (change with --side and --level).",
                clip(&record.south, 40),
                clip(&record.north, 40),
                opts.human,
                opts.level
            )),
        }
    }
    let mut config = EngineConfig::level(opts.level);
    if let Some(seed) = opts.seed {
        config.seed = seed;
    }
    let human = opts.human;
    let mut names = ["you".to_string(), "you".to_string()];
    names[human.opponent().index()] = computer_name(opts.level);
    let mut labels = [String::new(), String::new()];
    labels[human.index()] = "(you)".to_string();
    labels[human.opponent().index()] = format!("(computer, level {})", opts.level);
    let (positions, moves, recorded_result) = match loaded {
        Some(record) => {
            let positions = record.positions();
            let result = if positions.last().and_then(|p| p.outcome()).is_none() {
                record.result
            } else {
                None
            };
            (positions, record.moves, result)
        }
        None => (vec![start], Vec::new(), None),
    };
    let last = if moves.is_empty() {
        None
    } else {
        let i = moves.len() - 1;
        let before = &positions[i];
        Some((before.side_to_move(), before.move_text(moves[i])))
    };
    let mut session = Session {
        positions,
        moves,
        names,
        labels,
        engine: Engine::new(config),
        hint_engine: None,
        opts,
        last,
        recorded_result,
        dirty: false,
        guard: None,
    };
    if session.opts.interactive {
        let guard = Guard::default();
        install_ctrl_c(guard.clone());
        session.guard = Some(guard);
    }
    let interactive = session.opts.interactive;
    let mut input = Input::new(input, interactive);
    session.run(&mut input)
}

/// The name of the computer in a record's South/North tag (`computer (level 3)`).
fn computer_name(level: u8) -> String {
    format!("computer (level {level})")
}

/// Reads game `number` (1-based; default 1) of a record file, picking the game type from
/// its `Game` tag. A note goes to stderr when the file holds several games.
pub fn read_record_file(file: &str, number: Option<usize>) -> Result<(GameName, String)> {
    if number == Some(0) {
        bail!("--number 0: games are numbered from 1");
    }
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read {}", quote_file(file)))?;
    let pieces = bao_rules::record::split_records(&text);
    if pieces.is_empty() {
        bail!("{file} holds no game record");
    }
    let n = number.unwrap_or(1);
    if n > pieces.len() {
        bail!(
            "--number {n}: {file} holds {} game{}",
            pieces.len(),
            if pieces.len() == 1 { "" } else { "s" }
        );
    }
    if pieces.len() > 1 && number.is_none() {
        eprintln!(
            "bao: {file} holds {} games; using game 1 (choose another with --number N)",
            pieces.len()
        );
    }
    let piece = pieces[n - 1].to_string();
    let game = bao_rules::record::game_of(&piece).with_context(|| file.to_string())?;
    Ok((game.parse()?, piece))
}

/// Parses a record text as game `G`, naming the file in errors.
pub fn parse_record<G: Game>(file: &str, text: &str) -> Result<GameRecord<G>> {
    GameRecord::from_text(text).with_context(|| file.to_string())
}

/// `bao replay FILE`: steps through a record (Enter = next, `b` = back, `q` = quit);
/// in plain mode prints every position.
pub fn replay<G: Game>(file: &str, text: &str, plain: bool, input: &mut dyn BufRead) -> Result<()> {
    let record: GameRecord<G> = parse_record(file, text)?;
    let positions = record.positions();
    let labels = [format!("({})", record.south), format!("({})", record.north)];
    out(format!(
        "{} game: {} (South) vs {} (North){}, {} moves.",
        if G::NAME == "kiswahili" {
            "Bao la Kiswahili"
        } else {
            "Bao Kingulu"
        },
        record.south,
        record.north,
        if record.date.is_empty() {
            String::new()
        } else {
            format!(", {}", record.date)
        },
        record.moves.len()
    ));
    let show = |i: usize| {
        let pos = &positions[i];
        let last = if i == 0 {
            None
        } else {
            let before = &positions[i - 1];
            let text = before.move_text(record.moves[i - 1]);
            Some((before.side_to_move(), text))
        };
        if let Some((side, text)) = &last {
            let number = i.div_ceil(2);
            out(format!(
                "Move {i} ({side}, {number}{}): {text}",
                if *side == Side::South { "." } else { "..." }
            ));
            if let Ok((_, events)) = positions[i - 1].play_traced(record.moves[i - 1]) {
                for line in board::describe_events(&events) {
                    out(format!("  - {line}"));
                }
            }
        }
        let view = pos.view();
        let style = Style {
            colour: !plain,
            labels: labels.clone(),
            last_hole: last.as_ref().map(|(_, t)| hole_prefix(t).to_string()),
            changed: if i == 0 {
                Vec::new()
            } else {
                board::changed_holes(&positions[i - 1].view(), &view)
            },
        };
        out(board::draw(&view, &style).trim_end());
        let outcome = if i + 1 == positions.len() {
            pos.outcome().or(record.result)
        } else {
            pos.outcome()
        };
        out(board::status(&view, &labels, last.as_ref(), outcome));
        out(format!("Position: {}", pos.to_text()));
    };
    let end = |_: ()| match record
        .result
        .or_else(|| positions.last().and_then(|p| p.outcome()))
    {
        Some(o) => {
            let who = match o.winner {
                Some(s) => format!("{s} won"),
                None => "Draw".to_string(),
            };
            out(format!("Result: {who}: {}.", o.reason.describe()));
        }
        None => out("Result: unfinished."),
    };
    if plain {
        for i in 0..positions.len() {
            show(i);
            out("");
        }
        end(());
        return Ok(());
    }
    let mut i = 0;
    show(i);
    loop {
        {
            let mut stdout = std::io::stdout().lock();
            let _ = write!(
                stdout,
                "[Enter] next, b back, q quit ({i}/{})> ",
                positions.len() - 1
            );
            let _ = stdout.flush();
        }
        let Some(line) = read_line(input)? else {
            return Ok(());
        };
        match strip_escapes(&line).trim() {
            "" | "n" => {
                if i + 1 < positions.len() {
                    i += 1;
                    show(i);
                } else {
                    end(());
                }
            }
            "b" => {
                if i > 0 {
                    i -= 1;
                    show(i);
                } else {
                    out("At the start.");
                }
            }
            "q" | "quit" => return Ok(()),
            other => out(format!(
                "Unknown key {:?}: Enter = next, b = back, q = quit.",
                clip(other, 60)
            )),
        }
    }
}

/// Whether stdin and stdout are both terminals.
pub fn is_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}
