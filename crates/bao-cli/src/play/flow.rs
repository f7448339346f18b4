//! The game flow of `bao play`: a [`Session`] holds the game in a [`GameLine`] (no copy
//! of positions, moves or outcome of its own), the engines and the options, and runs the
//! command loop: moves, `moves`, `hint`, `explain`, `undo`, `save`, `board`, `level`,
//! `new`, `help`, `quit`, `oracle`.

use super::input::typed_ahead;
use super::input::{Input, Read};
use super::laps::{laps, Lap};
use super::oracle::{oracle_line, parse_budget};
use super::render::{
    compact_layout, drain_typed, keep_typed, out, read_key, wait_key, Canvas, Key, Screen,
};
use super::save::{write_atomic, write_autosave, Guard};
use super::text::position_lines;
use super::text::{clip, command, plural, quote_file, unquote};
use super::words::what_it_does;
use super::PlayOptions;
use crate::board;
use crate::common::{describe_config, today, GameName};
use anyhow::{bail, Result};
use bao_engine::hint::{
    check_search_hint, hint_config, score_text, solve_hint_line, value_text, HintCheck,
    PROVED_HINT_MS,
};
use bao_engine::solve::oracle::oracle_line as solve_moves;
use bao_engine::solve::Solvable;
use bao_engine::{Engine, EngineConfig, Evaluate, Limits};
use bao_rules::{BoardView, Game, GameLine, Player, Side};
use std::path::Path;

/// The commands of `bao play` and what they do, for `help` (two to a line).
const HELP_COMMANDS: [(&str, &str); 13] = [
    ("moves", "the legal moves"),
    ("hint", "the engine's advice"),
    ("oracle [S]", "exact values (S s, default 2)"),
    ("explain [N]", "ply N lap by lap"),
    ("tutor on", "warn before mistakes (off)"),
    ("undo [N]", "take back your move (N)"),
    ("save FILE", "save (save! replaces)"),
    ("board", "draw the board again"),
    ("position", "the position as text"),
    ("level N", "computer level, 1-10"),
    ("new", "start again"),
    ("help", "this text"),
    ("quit", "leave (asks if unsaved)"),
];

/// A game between the human and the computer.
pub struct Session<G: Solvable> {
    /// The game: start, moves, positions, players, outcome.
    pub line: GameLine<G>,
    engine: Engine<G>,
    /// The engine for `hint` (created on first use, at [`bao_engine::hint::HINT_LEVEL`]).
    hint_engine: Option<Engine<G>>,
    opts: PlayOptions,
    screen: Screen,
    /// Whether moves were played, taken back or cleared since the game was last saved
    /// (or loaded).
    dirty: bool,
    /// On a terminal: the record text of an unsaved game, for the Ctrl-C handler.
    guard: Option<Guard>,
    /// `tutor on`: the tutor's engine (warns before a mistake, [`super::tutor`]).
    tutor: Option<Engine<G>>,
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
pub fn hole_prefix(text: &str) -> &str {
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

/// A help text for the moves of game `G`, for the human playing `side`: lines of at
/// most 80 columns.
fn move_help<G: Game>(side: Side) -> String {
    let (f, b) = match side {
        Side::South => ('A', 'B'),
        Side::North => ('a', 'b'),
    };
    let north = side == Side::North;
    if G::NAME == "kiswahili" {
        let plainly = if north {
            "\n  You sit at the top, so your right is the screen's left: a6> sows leftwards on\n  \
             the screen and a6< rightwards; your holes run right to left on the screen."
        } else {
            ""
        };
        format!(
            "Moves: a hole and a direction, as you see the board from your seat.\n  \
             {f}6> sows from {f}6 towards your right, {f}6< towards your left.{plainly}\n  \
             For a namua capture the direction picks the kichwa the captured seeds are sown\n  \
             from: > from {f}1 (your left end), < from {f}8 (your right end).\n  \
             Add + to take safari when a capture lap ends in your functional nyumba: {f}4>+.\n  \
             Your holes are {f}1-{f}8 (front row) and {b}1-{b}8 (back row); capitals are South's."
        )
    } else {
        let screen = if north {
            "\n  Your pits are numbered from your left, i.e. right to left on the screen."
        } else {
            ""
        };
        format!(
            "Moves: the pit you sow from, {f}1 to {f}6, counted from your left; capital \
             letters are South's.{screen}"
        )
    }
}

/// The move number of ply `index` (0-based) of `line`, as a record numbers its moves
/// (notation.md §4): a South move opens a new number, North's reply shares it, and a game
/// that North starts opens with `1... a6<`.
pub fn move_number<G: Game>(line: &GameLine<G>, index: usize) -> usize {
    let positions = line.positions();
    let mut number = 0;
    let mut in_number = 0;
    let last = index.min(line.plies().saturating_sub(1));
    for position in &positions[..=last] {
        if number == 0 || position.side_to_move() == Side::South || in_number >= 2 {
            number += 1;
            in_number = 0;
        }
        in_number += 1;
    }
    number
}

/// How many numbered moves `line` has (`1. A6> a6<` is one move of two plies).
pub fn moves_played<G: Game>(line: &GameLine<G>) -> usize {
    match line.plies() {
        0 => 0,
        n => move_number(line, n - 1),
    }
}

/// Ply `index` (0-based) of `line` as a record writes it: `2. A6<`, `1... a6<`.
pub fn move_name<G: Game>(line: &GameLine<G>, index: usize) -> String {
    let side = line.positions()[index].side_to_move();
    format!(
        "{}{} {}",
        move_number(line, index),
        if side == Side::South { "." } else { "..." },
        line.move_texts()[index]
    )
}

/// The heading of ply `index` (0-based) of `line`: `Move 2. A6< (South, ply 3)` — the move
/// as the record numbers it, the ply as `explain N` counts it.
pub fn move_heading<G: Game>(line: &GameLine<G>, index: usize) -> String {
    let side = line.positions()[index].side_to_move();
    format!(
        "Move {} ({side}, ply {})",
        move_name(line, index),
        index + 1
    )
}

/// `n` plies in words: `1 ply`, `2 plies`.
pub fn plies_text(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// Shows move `index` (0-based) of `line` lap by lap: on a terminal (`screen.keys`)
/// one lap per key press, redrawn in place (Enter/Space forward, `b` back, `q` leaves);
/// otherwise every lap's caption and the board after it, one after the other.
pub fn explain_move<G: Game>(
    line: &GameLine<G>,
    index: usize,
    screen: &Screen,
    labels: &[String; 2],
) {
    let (Some(events), Some(after)) = (line.trace(index), line.positions().get(index + 1)) else {
        return;
    };
    let before = &line.positions()[index];
    let frames = laps(before, &events, after);
    let total_laps = events
        .iter()
        .filter(|e| e.kind == bao_rules::EventKind::Sow)
        .count()
        .max(1);
    let heading = format!(
        "{}, {}.",
        move_heading(line, index),
        plural(total_laps as u64, "lap")
    );
    if screen.keys {
        if let Some(mut canvas) = Canvas::open() {
            let mut k = 0;
            let mut drawn = false;
            loop {
                let mut text = screen.lap_block(&heading, &frames[k], labels);
                text.push_str(&format!(
                    "\n[Enter/Space] next lap, b back, q leave ({} of {})",
                    k + 1,
                    frames.len()
                ));
                if !canvas.draw(&text) {
                    break;
                }
                drawn = true;
                match read_key() {
                    Key::Enter | Key::Space | Key::Char('n') => {
                        if k + 1 < frames.len() {
                            k += 1;
                        } else {
                            break;
                        }
                    }
                    Key::Char('b') => k = k.saturating_sub(1),
                    Key::Char('q') | Key::Leave => break,
                    Key::Resize => {
                        canvas.resized();
                    }
                    _ => {}
                }
            }
            canvas.clear();
            drop(canvas);
            if !drawn {
                // The terminal is too short for a lap: every lap one after the other.
                print_laps(&heading, &frames, &move_name(line, index), screen, labels);
                return;
            }
            out(format!(
                "Explained move {} ({}).",
                move_name(line, index),
                plural(total_laps as u64, "lap")
            ));
            return;
        }
    }
    print_laps(&heading, &frames, &move_name(line, index), screen, labels);
}

/// Every lap of the move `name` (`1... a6<`) with its caption and board, for plain output.
fn print_laps(heading: &str, frames: &[Lap], name: &str, screen: &Screen, labels: &[String; 2]) {
    out(heading);
    for frame in frames {
        out(screen.lap_block("", frame, labels));
    }
    out(format!("End of move {name}."));
}

impl<G: Solvable> Session<G> {
    /// A session for `line` (roles already set in its players), with the computer's
    /// engine configured from `opts`.
    pub fn new(line: GameLine<G>, opts: PlayOptions) -> Session<G> {
        let mut config = EngineConfig::level(opts.level);
        if let Some(seed) = opts.seed {
            config.seed = seed;
        }
        let screen = Screen::new(opts.plain, opts.lap_delay_ms);
        Session {
            line,
            engine: Engine::new(config),
            hint_engine: None,
            opts,
            screen,
            dirty: false,
            guard: None,
            tutor: None,
        }
    }

    /// Sets the handler's record slot (a terminal: Ctrl-C saves an unsaved game).
    pub fn set_guard(&mut self, guard: Guard) {
        self.guard = Some(guard);
    }

    fn current(&self) -> &G {
        self.line.current()
    }

    /// The labels drawn after each side's name: `(you)`, `(computer, level 5)`.
    fn labels(&self) -> [String; 2] {
        let label = |side: Side| match self.line.player(side) {
            Player::Computer { level } => format!("(computer, level {level})"),
            Player::Human(_) => "(you)".to_string(),
        };
        [label(Side::South), label(Side::North)]
    }

    /// The last move: who played it and its text.
    fn last(&self) -> Option<(Side, String)> {
        let n = self.line.plies();
        (n > 0).then(|| {
            (
                self.line.positions()[n - 1].side_to_move(),
                self.line.move_texts()[n - 1].clone(),
            )
        })
    }

    fn show_board(&self) {
        let positions = self.line.positions();
        let view = self.current().view();
        let changed = match positions.len() {
            0 | 1 => Vec::new(),
            n => board::changed_holes(&positions[n - 2].view(), &view),
        };
        let last = self.last();
        let style = self.screen.style(
            &self.labels(),
            last.as_ref().map(|(_, t)| hole_prefix(t).to_string()),
            changed,
            None,
        );
        let position = self.current().to_text();
        out(self.screen.board_block(
            &view,
            &style,
            last.as_ref(),
            self.line.outcome(),
            (!compact_layout()).then_some(position.as_str()),
        ));
    }

    /// `position`: the position text (notation.md §2), as `--position` takes it.
    fn show_position(&self) {
        for line in position_lines(&self.current().to_text()) {
            out(line);
        }
    }

    /// The record, dated today.
    fn record_text(&mut self) -> String {
        self.line.set_date(today());
        self.line.record_text()
    }

    /// `Game over: <what happened>. You won.` once the game is over.
    fn game_over_message(&self) -> Option<String> {
        let outcome = self.line.outcome()?;
        let sentence = self.line.end_sentence().unwrap_or_default();
        let who = match outcome.winner {
            Some(side) if side == self.opts.human => "You won.".to_string(),
            Some(_) => "The computer won.".to_string(),
            None => "A draw.".to_string(),
        };
        Some(format!("Game over: {sentence}. {who}"))
    }

    /// Plays `mv` (legal in the current position), showing what it did: lap by lap on a
    /// terminal (briefly for the human's own move), its events in words otherwise.
    fn apply(&mut self, mv: G::Move, who: &str) -> Result<()> {
        let before = self.current().clone();
        let side = before.side_to_move();
        let text = before.move_text(mv);
        let events = match self.line.play_traced(mv) {
            Ok(events) => events,
            Err(e) => bail!("playing {text}: {e}"),
        };
        self.dirty = true;
        self.publish();
        let verb = if who == "You" { "play" } else { "plays" };
        let heading = format!("{who} ({side}) {verb} {text}");
        out(&heading);
        if self.screen.animate {
            let frames = laps(&before, &events, self.current());
            // The human's own move briefly: a third of the pace.
            let delay = if who == "You" {
                self.screen.lap_delay / 3
            } else {
                self.screen.lap_delay
            };
            // The heading is printed above: the frames under it hold the laps alone.
            let skipped = self.screen.animate("", &frames, &self.labels(), delay);
            let mut summary = format!("  - {}", what_it_does(&events));
            if skipped || frames.len() > 1 {
                summary.push_str(&format!(
                    " ('{}' shows it lap by lap)",
                    command(&format!("explain {}", self.line.plies()))
                ));
            }
            out(summary);
        } else {
            for line in board::describe_events(&events) {
                out(format!("  - {line}"));
            }
        }
        self.dirty = true;
        Ok(())
    }

    /// Whether leaving now would lose moves that are not saved.
    fn unsaved(&self) -> bool {
        self.dirty && self.line.plies() > 0
    }

    fn computer_move(&mut self) -> Result<()> {
        let result = think(
            &mut self.engine,
            &self.line,
            Limits::default(),
            "The computer is thinking",
            self.screen.plain,
        )?;
        match result.best {
            Some(mv) => self.apply(mv, "The computer"),
            None => bail!("the engine found no move in a position that is not finished"),
        }
    }

    /// `hint`: the move the engine suggests at the hint level, what it does in words, its
    /// score in the convention shared with the web and `bao analyze`, and the line.
    fn hint(&mut self) -> Result<()> {
        let pos = self.current().clone();
        if self.line.is_over() {
            out("The game is over: there is nothing to hint.");
            return Ok(());
        }
        let solved = solve_hint_line(&self.line, PROVED_HINT_MS);
        if let Some(best) = &solved.proved {
            out(format!("Hint: {}: {}.", pos.move_text(best.mv), best.text));
            if let Ok((_, events)) = pos.play_traced(best.mv) {
                out(format!("  It {}.", what_it_does(&events)));
            }
            return Ok(());
        }
        let mut caveat = None;
        let engine = self
            .hint_engine
            .get_or_insert_with(|| Engine::new(hint_config()));
        let result = think(
            engine,
            &self.line,
            Limits::default(),
            "Looking for a hint",
            self.screen.plain,
        )?;
        let Some(best) = result.best else {
            out("No hint: there is no legal move.");
            return Ok(());
        };
        // Where the solver proved a better result than the search's move, the hint is
        // the proven move (the oracle and the hint never disagree).
        match check_search_hint(&pos, best, &solved.values) {
            HintCheck::Agrees => {}
            HintCheck::Replaced { mv, value, note } => {
                out(format!(
                    "Hint: {}: {} (proved; {note}).",
                    pos.move_text(mv),
                    value_text(value)
                ));
                if let Ok((_, events)) = pos.play_traced(mv) {
                    out(format!("  It {}.", what_it_does(&events)));
                }
                return Ok(());
            }
            HintCheck::Caveat(words) => caveat = Some(words),
        }
        let mut p = pos.clone();
        let mut pv = Vec::new();
        for &mv in &result.info.pv {
            match p.play(mv) {
                Ok(next) => {
                    pv.push(p.move_text(mv));
                    p = next;
                }
                Err(_) => break,
            }
        }
        let does = match pos.play_traced(best) {
            Ok((_, events)) => what_it_does(&events),
            Err(_) => String::new(),
        };
        out(format!(
            "Hint: {}: {}.",
            pos.move_text(best),
            score_text(result.info.score, result.info.depth)
        ));
        if !does.is_empty() {
            out(format!("  It {does}."));
        }
        if pv.len() > 1 {
            out(format!("  Expected line: {}.", pv.join(" ")));
        }
        if let Some(words) = caveat {
            out(format!("  Note: {words}."));
        }
        Ok(())
    }

    /// `oracle [S]`: every legal move with its exact value (and margin, Bao Kingulu) when
    /// the solver proves it within S seconds in all (default [`super::oracle::ORACLE_MS`]).
    fn oracle(&self, arg: &str) {
        let budget = match parse_budget(arg) {
            Ok(ms) => ms,
            Err(e) => {
                out(e);
                return;
            }
        };
        if self.line.is_over() {
            out("The game is over: there is nothing to solve.");
            return;
        }
        let pos = self.current();
        out(format!(
            "Solving every move ({} s at most)...",
            budget.div_ceil(1000)
        ));
        let ends = bao_engine::solve::LineEnds::of_line(&self.line);
        let values = solve_moves(&self.line, budget);
        for v in &values {
            let third = pos.play(v.mv).is_ok_and(|child| ends.contains(&child));
            if third {
                out(format!(
                    "{}: the position's third occurrence ends the game (G-R15)",
                    oracle_line(pos, v)
                ));
            } else {
                out(oracle_line(pos, v));
            }
        }
        if values.iter().all(|v| v.value.is_none()) {
            out(super::oracle::unproven_note(pos, budget));
        }
    }

    /// `explain [N]`: move N (1 = the first of the game; default the last) lap by lap.
    fn explain(&mut self, arg: &str) {
        let plies = self.line.plies();
        if plies == 0 {
            out("explain: no move has been played yet.");
            return;
        }
        let n = if arg.is_empty() {
            plies
        } else {
            match arg.parse::<usize>() {
                Ok(n) if (1..=plies).contains(&n) => n,
                _ => {
                    out(format!(
                        "explain: {:?} is not a ply number; give 1 to {plies} (explain alone: the last move).",
                        clip(arg, 40)
                    ));
                    return;
                }
            }
        };
        explain_move(&self.line, n - 1, &self.screen, &self.labels());
        if self.screen.keys {
            self.show_board();
        }
    }

    /// Takes back the human's last `count` moves and every move after them.
    fn undo(&mut self, count: usize) {
        let human = self.opts.human;
        let positions = self.line.positions();
        let mut human_moves = (0..self.line.plies())
            .rev()
            .filter(|&i| positions[i].side_to_move() == human);
        let available = human_moves.clone().count();
        let last_human = human_moves.nth(count.saturating_sub(1));
        match last_human {
            None if available == 0 => out("Nothing to undo: you have not moved yet."),
            None => out(format!(
                "undo {count}: you have played only {}.",
                plural(available as u64, "move")
            )),
            Some(i) => {
                let taken = self.line.plies() - i;
                let texts = self.line.move_texts()[i..].join(" ");
                if self.line.undo(taken).is_ok() {
                    self.dirty = true;
                    out(format!("Took back {}: {texts}.", plies_text(taken)));
                    self.show_board();
                }
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
        let _ = self.line.undo(self.line.plies());
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
                self.line
                    .set_player(computer, Player::Computer { level: n });
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

    /// `save FILE` (never replaces a file) or `save! FILE` (`force`: replaces it). The
    /// record is written to a temporary file and renamed, so a failed write keeps the old
    /// file whole; a name in quotes loses them (`save "my game.bao"`).
    fn save(&mut self, arg: &str, force: bool) {
        let file = match unquote(arg) {
            Ok(f) => f,
            Err(e) => {
                out(format!("save: {e}; e.g. save \"my game.bao\""));
                return;
            }
        };
        if file.is_empty() {
            out("save: give a file name, e.g. save game.bao");
            return;
        }
        let q = quote_file(&file);
        if self.opts.sandbox {
            out(format!("Not saved: saving is off here ({q})."));
            return;
        }
        if Path::new(&file).is_dir() {
            let example = Path::new(&file).join("game.bao");
            out(format!(
                "Not saved: {q} is a directory. Give a file name, e.g. {}",
                command(&format!("save {}", quote_file(&example.to_string_lossy())))
            ));
            return;
        }
        let text = self.record_text();
        match write_atomic(Path::new(&file), &text, force) {
            Ok(()) => {
                self.dirty = false;
                out(format!(
                    "Saved the game to {q} ({}). Continue it with: {}",
                    plural(moves_played(&self.line) as u64, "move"),
                    command(&format!("bao play --load {q}"))
                ))
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => out(format!(
                "Not saved: {q} already exists. To replace it, type: {}",
                command(&format!("save! {q}"))
            )),
            Err(e) => out(format!(
                "Cannot save to {q}: {e}. {}",
                if force && Path::new(&file).exists() {
                    "The file is as it was before."
                } else {
                    "Nothing was written."
                }
            )),
        }
    }

    fn list_moves(&self) {
        let pos = self.current();
        let moves: Vec<String> = self
            .line
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .collect();
        if moves.is_empty() {
            out("No legal moves: the game is over.");
        } else {
            out(format!("Legal moves: {}", moves.join(" ")));
        }
    }

    /// `help`: the commands in two columns, how to write a move, the board marks and
    /// where the rules are, in at most 23 lines (an 80×24 terminal keeps the prompt).
    fn help(&self) {
        let view = self.current().view();
        out("Type a move and press Enter, or one of these commands:");
        for (a, b) in HELP_COMMANDS.chunks(2).map(|p| (p[0], p.get(1).copied())) {
            let left = format!("  {:<12}{}", a.0, a.1);
            match b {
                Some(b) => out(format!("{left:<45}{:<12}{}", b.0, b.1)),
                None => out(left),
            }
        }
        out("A saved game goes on with: bao play --load FILE (save never replaces a file).");
        out(move_help::<G>(self.opts.human));
        out(format!("Marks: {}.", board::legend(&view)));
        out(format!(
            "The rules: docs/{}.md of the project, cited as {}.",
            if G::NAME == "kiswahili" {
                "bao-la-kiswahili"
            } else {
                "bao-kingulu"
            },
            if G::NAME == "kiswahili" {
                "K-Rn"
            } else {
                "G-Rn"
            }
        ));
    }

    /// `tutor [on|off]`: switches the tutor (alone: says whether it is on).
    fn set_tutor(&mut self, arg: &str) {
        match arg.to_ascii_lowercase().as_str() {
            "on" => {
                if self.tutor.is_none() {
                    self.tutor = Some(super::tutor::tutor_engine());
                }
                out("Tutor on: before a move of yours that is a mistake or a blunder, it says what it costs and names a better move.");
            }
            "off" => {
                self.tutor = None;
                out("Tutor off.");
            }
            "" => out(if self.tutor.is_some() {
                "The tutor is on (tutor off switches it off)."
            } else {
                "The tutor is off (tutor on switches it on)."
            }),
            other => out(format!(
                "tutor: {:?} is neither on nor off (tutor on, tutor off).",
                clip(other, 40)
            )),
        }
    }

    /// With the tutor on: warns about `mv` if it is a mistake or a blunder and asks
    /// whether to play it; `true` to play it.
    fn tutor_allows(&mut self, mv: G::Move, input: &mut Input) -> Result<bool> {
        let Some(engine) = self.tutor.as_mut() else {
            return Ok(true);
        };
        let Some(warning) = super::tutor::warning(&self.line, mv, engine) else {
            return Ok(true);
        };
        out(format!("Tutor: {warning}"));
        let text = self.current().move_text(mv);
        match input.read(&format!("Play {text} anyway? [y/N] "))? {
            Read::Line(answer)
                if matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes") =>
            {
                Ok(true)
            }
            _ => {
                out("Choose again.");
                Ok(false)
            }
        }
    }

    /// The human typed something that is not a command: try it as a move.
    fn human_move(&mut self, text: &str, input: &mut Input) -> Result<()> {
        let pos = self.current().clone();
        // Spaces inside a move are forgiven: `A6 >` is `A6>`.
        let text: String = text.split_whitespace().collect();
        let text = text.as_str();
        match pos.parse_move(text) {
            Ok(mv) => {
                if self.tutor_allows(mv, input)? {
                    self.apply(mv, "You")
                } else {
                    Ok(())
                }
            }
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
            Read::Eof => {
                out("Carrying on (save FILE saves the game).");
                Ok(false)
            }
            Read::Interrupted => super::save::ctrl_c(),
        }
    }

    /// At the end of the input or Ctrl-C: on a terminal, an unsaved game is saved to a new
    /// `bao-autosave-<date>-<time>.bao` in the current directory; through a pipe, a note.
    fn leave_unsaved(&mut self, why: &str) {
        if !self.unsaved() {
            out(format!("{why}: leaving the game."));
            return;
        }
        if !self.opts.interactive || self.opts.sandbox {
            out(format!(
                "{why}: leaving the game ({} not saved).",
                plural(moves_played(&self.line) as u64, "move")
            ));
            return;
        }
        match write_autosave(&self.record_text()) {
            Ok(q) => out(format!(
                "{why}: the game was not saved, so it is in {q}. Continue it with: {}",
                command(&format!("bao play --load {q}"))
            )),
            Err(e) => out(format!("{why}: leaving the game; {e}")),
        }
    }

    /// Publishes the record for the Ctrl-C handler: the text when leaving now would lose
    /// moves, else nothing.
    fn publish(&mut self) {
        if self.guard.is_some() {
            let text = self.unsaved().then(|| self.record_text());
            if let Some(Ok(mut slot)) = self.guard.as_ref().map(|g| g.lock()) {
                *slot = text;
            }
        }
    }

    /// Runs the command loop until `quit` or the end of the input.
    ///
    /// # Errors
    /// An input error, or the engine failing (an internal error).
    pub fn run(&mut self, input: &mut Input) -> Result<()> {
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
                Read::Interrupted => super::save::ctrl_c(),
            };
            if !self.command(line.trim(), input)? {
                return Ok(());
            }
        }
    }

    /// Carries out one command line; `false` to leave.
    fn command(&mut self, line: &str, input: &mut Input) -> Result<bool> {
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
            "oracle" | "o" => self.oracle(rest),
            "explain" | "e" => self.explain(rest),
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
            "position" | "pos" => {
                if no_more(&lower) {
                    self.show_position()
                }
            }
            "new" => {
                if no_more(&lower) && self.confirm_leave(input, "Start a new game")? {
                    self.new_game()
                }
            }
            "level" => self.set_level(rest),
            "tutor" => self.set_tutor(rest),
            "quit" | "exit" | "q" => {
                if no_more(&lower) && self.confirm_leave(input, "Quit")? {
                    out("Bye.");
                    return Ok(false);
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
                if self.line.is_over() {
                    out("The game is over: 'undo', 'new', 'save FILE' or 'quit'.");
                    return Ok(true);
                }
                let before = self.line.plies();
                self.human_move(line, input)?;
                // The compact layout draws one board a turn: after the computer's reply.
                let reply_next =
                    !self.line.is_over() && self.current().side_to_move() != self.opts.human;
                if self.line.plies() > before && !(compact_layout() && reply_next) {
                    self.show_board();
                }
            }
        }
        Ok(true)
    }
}

/// Searches the current position of `line` with `engine` on a separate thread, with the
/// game's history (G-R15 repetitions, OPT-MAX-PLIES), and a spinner on a terminal (a single
/// line in plain mode).
fn think<G: Evaluate>(
    engine: &mut Engine<G>,
    line: &GameLine<G>,
    limits: Limits,
    what: &str,
    plain: bool,
) -> Result<bao_engine::SearchResult<G::Move>> {
    let spinner = if plain {
        out(format!("{what}..."));
        None
    } else {
        Some(super::spinner::Spinner::start(format!("{what}…")))
    };
    // On a terminal the keys typed meanwhile are read one at a time (raw mode): kept for
    // the next prompt and shown on the spinner's line; Ctrl-C leaves as at the prompt.
    let keys = spinner.is_some() && super::is_terminal();
    let result = std::thread::scope(|scope| {
        let handle = scope.spawn(move || engine.search_line(line, limits, &mut |_| {}));
        if keys {
            if let Some(_raw) = super::render::RawMode::on() {
                while !handle.is_finished() {
                    let Some(key) = wait_key(std::time::Duration::from_millis(50)) else {
                        continue;
                    };
                    if !keep_typed(key) {
                        continue;
                    }
                    if let Some(s) = &spinner {
                        let typed = typed_ahead();
                        s.set_message(if typed.is_empty() {
                            format!("{what}…")
                        } else {
                            format!("{what}… (typed: {})", clip(&typed, 30))
                        });
                    }
                }
                drain_typed();
            }
        }
        handle.join()
    });
    drop(spinner);
    match result {
        Ok(r) => Ok(r),
        Err(_) => bail!("the engine failed while searching (internal error)"),
    }
}
