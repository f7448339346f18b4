//! `bao play` (a game against the computer in the terminal) and `bao replay`.
//!
//! Input is line by line (a move or a command, then Enter), so the same loop works on a
//! terminal (coloured board, spinner while the computer thinks) and through a pipe
//! (`--plain`, automatic when stdin or stdout is not a terminal: no escape codes, one
//! line of output per event).

use crate::board::{self, Style};
use crate::common::{describe_config, today, GameName};
use anyhow::{bail, Context, Result};
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
    /// Whether stdin is a terminal (prompts are printed then).
    pub interactive: bool,
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
    /// A result read from a record whose final position is not finished (adjudicated).
    recorded_result: Option<bao_rules::Outcome>,
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

/// A help text for the moves of game `G`, for the human playing `side`.
fn move_help<G: Game>(side: Side) -> String {
    let (f, b) = match side {
        Side::South => ('A', 'B'),
        Side::North => ('a', 'b'),
    };
    let screen = match side {
        Side::South => "",
        Side::North => {
            if G::NAME == "kiswahili" {
                "\n  You sit at the top: your left is the right of the screen, so your holes are \
                 numbered\n  from right to left on the screen and > moves leftwards on the screen."
            } else {
                "\n  You sit at the top: your left is the right of the screen, so your pits are \
                 numbered\n  from right to left on the screen."
            }
        }
    };
    if G::NAME == "kiswahili" {
        format!(
            "Moves: a hole and a direction, as you see the board from your seat.\n  \
             {f}6> sows from {f}6 towards your right, {f}6< towards your left.\n  \
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
        out(board::status(&view, &self.labels, self.last.as_ref()));
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
        Ok(())
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
        if pos.outcome().is_some() {
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

    /// Takes back the human's last move and every move after it.
    fn undo(&mut self) {
        let human = self.opts.human;
        let last_human = (0..self.moves.len())
            .rev()
            .find(|&i| self.positions[i].side_to_move() == human);
        match last_human {
            None => out("Nothing to undo: you have not moved yet."),
            Some(i) => {
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
                out(format!(
                    "Took back {taken} move{}.",
                    if taken == 1 { "" } else { "s" }
                ));
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
                self.names[computer.index()] = format!("bao level {n}");
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

    fn save(&self, file: &str) {
        if file.is_empty() {
            out("save: give a file name, e.g. save game.bao");
            return;
        }
        let text = self.record().to_text();
        match std::fs::write(file, text) {
            Ok(()) => out(format!(
                "Saved the game to {file} ({} moves). Continue it with: bao play --load {file}",
                self.moves.len()
            )),
            Err(e) => out(format!("Cannot save to {file}: {e}")),
        }
    }

    fn list_moves(&self) {
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
        out("  undo        take back your last move (and the computer's reply)");
        out("  save FILE   save the game as a record (continue with: bao play --load FILE)");
        out("  board       draw the board again");
        out("  level N     change the computer's level (1-10)");
        out("  new         start again from the beginning");
        out("  help        this text");
        out("  quit        leave (the game is not saved automatically)");
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
                let mut message = format!("Cannot play {text:?}: {}.", e.message);
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

    fn run(&mut self, input: &mut dyn BufRead) -> Result<()> {
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
        out("Type 'help' for the commands, 'moves' for the legal moves.");
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
                    self.computer_move()?;
                    self.show_board();
                    continue;
                }
            }
            if self.opts.interactive {
                let prompt = format!("{human}> ");
                let mut stdout = std::io::stdout().lock();
                let _ = write!(stdout, "{prompt}");
                let _ = stdout.flush();
            }
            let Some(line) = read_line(input).context("reading your input")? else {
                out("End of input: leaving the game.");
                return Ok(());
            };
            let line = line.trim();
            let (word, rest) = match line.split_once(char::is_whitespace) {
                Some((w, r)) => (w, r.trim()),
                None => (line, ""),
            };
            match word.to_ascii_lowercase().as_str() {
                "" => {}
                "help" | "?" | "h" => self.help(),
                "moves" | "m" => self.list_moves(),
                "hint" => self.hint()?,
                "undo" | "u" => self.undo(),
                "save" => self.save(rest),
                "board" | "b" => self.show_board(),
                "new" => self.new_game(),
                "level" => self.set_level(rest),
                "quit" | "exit" | "q" => {
                    out("Bye.");
                    return Ok(());
                }
                w if w.len() >= 2 && w.chars().all(|c| c.is_ascii_alphabetic()) => {
                    out(format!(
                        "Unknown command {word:?}. Type 'help' for the commands, or a move such as {}.",
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
    let mut config = EngineConfig::level(opts.level);
    if let Some(seed) = opts.seed {
        config.seed = seed;
    }
    let human = opts.human;
    let computer_name = format!("bao level {}", opts.level);
    let mut names = ["you".to_string(), "you".to_string()];
    names[human.opponent().index()] = computer_name;
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
    };
    session.run(input)
}

/// Reads game `number` (1-based; default 1) of a record file, picking the game type from
/// its `Game` tag. A note goes to stderr when the file holds several games.
pub fn read_record_file(file: &str, number: Option<usize>) -> Result<(GameName, String)> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
    let pieces = bao_rules::record::split_records(&text);
    if pieces.is_empty() {
        bail!("{file} holds no game record");
    }
    let n = number.unwrap_or(1);
    if n == 0 || n > pieces.len() {
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
        out(board::status(&view, &labels, last.as_ref()));
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
        match line.trim() {
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
                "Unknown key {other:?}: Enter = next, b = back, q = quit."
            )),
        }
    }
}

/// Whether stdin and stdout are both terminals.
pub fn is_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}
