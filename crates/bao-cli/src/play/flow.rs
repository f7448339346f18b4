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
use super::text::{clip, command, quote_file, unquote};
use super::words::what_it_does;
use super::PlayOptions;
use crate::board;
use crate::common::today;
use crate::i18n::{english, side_name};
use crate::t;
use anyhow::{bail, Result};
use bao_engine::hint::{
    check_search_hint, hint_config, solve_hint_line, HintCheck, PROVED_HINT_MS,
};
use bao_engine::solve::oracle::oracle_line as solve_moves;
use bao_engine::solve::Solvable;
use bao_engine::{Engine, EngineConfig, Evaluate, Limits};
use bao_rules::GameKind;
use bao_rules::{BoardView, Game, GameLine, Player, Side};
use std::path::Path;

mod commands;
mod describe;

use describe::*;
pub use describe::{
    end_sentence, explain_move, game_end_sentence, hole_prefix, move_heading, move_name,
    move_number, moves_played, moves_text, plies_text,
};

/// The commands of `bao play` and what they do, for `help` (two to a line).
fn help_commands() -> [(&'static str, String); 13] {
    [
        ("moves", t!("help-moves")),
        ("hint", t!("help-hint")),
        ("oracle [S]", t!("help-oracle")),
        ("explain [N]", t!("help-explain")),
        ("tutor on", t!("help-tutor")),
        ("undo [N]", t!("help-undo")),
        ("save FILE", t!("help-save")),
        ("board", t!("help-board")),
        ("position", t!("help-position")),
        ("level N", t!("help-level")),
        ("new", t!("help-new")),
        ("help", t!("help-help")),
        ("quit", t!("help-quit")),
    ]
}

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
impl<G: Solvable> Session<G> {
    /// A session for `line` (roles already set in its players), with the computer's
    /// engine configured from `opts`.
    pub fn new(line: GameLine<G>, opts: PlayOptions) -> Session<G> {
        let mut config = EngineConfig::level_of::<G>(opts.level);
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
            Player::Computer { level } => t!("label-computer", level = *level),
            Player::Human(_) => t!("label-you"),
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
        let sentence = game_end_sentence(&self.line).unwrap_or_default();
        let who = match outcome.winner {
            Some(side) if side == self.opts.human => t!("over-you-won"),
            Some(_) => t!("over-computer-won"),
            None => t!("over-draw"),
        };
        Some(t!("game-over", sentence = sentence, who = who))
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
        let heading = if who == "You" {
            t!("you-play", side = side, text = text.as_str())
        } else {
            t!("computer-plays", side = side, text = text.as_str())
        };
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
                summary.push(' ');
                summary.push_str(&t!(
                    "shows-lap-by-lap",
                    command = command(&format!("explain {}", self.line.plies()))
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
            &t!("computer-thinking"),
            self.screen.plain,
        )?;
        match result.best {
            Some(mv) => self.apply(mv, "The computer"),
            None => bail!("{}", t!("engine-no-move")),
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
                let hole = hole_prefix(text);
                let view = pos.view();
                let cell = view.rows.iter().flatten().find(|c| c.name == hole);
                // The rules explain in English (with their rule numbers); other
                // languages say what kind of error it is.
                let reason = if english() {
                    e.message
                } else {
                    match cell {
                        None => t!("refused-shape", example = self.example_move()),
                        Some(c) if c.owner != self.opts.human => t!("refused-theirs"),
                        // A hole of a legal move typed without its direction.
                        Some(_)
                            if hole == text
                                && pos.moves().into_iter().any(|m| {
                                    let t = pos.move_text(m);
                                    t == format!("{hole}<") || t == format!("{hole}>")
                                }) =>
                        {
                            t!("refused-direction", hole = hole)
                        }
                        // With the legal moves (their notation is the same in every
                        // language), as the rules' English sentences end.
                        Some(c) => {
                            let list: Vec<String> =
                                pos.moves().into_iter().map(|m| pos.move_text(m)).collect();
                            let why = if c.seeds == 0 {
                                t!("refused-empty", hole = hole)
                            } else {
                                t!("refused-illegal")
                            };
                            format!("{why}; {}", t!("refused-legal", moves = list.join(" ")))
                        }
                    }
                };
                let quoted = format!("{:?}", clip(text, 60));
                let mut message = t!("refused", text = quoted, reason = reason);
                if let Some(cell) = cell {
                    if cell.owner != self.opts.human {
                        message.push(' ');
                        message.push_str(&t!(
                            "refused-case",
                            hole = hole,
                            side = cell.owner,
                            yours = own_holes(&view, self.opts.human)
                        ));
                    }
                }
                out(message);
                out(t!("refused-help"));
                Ok(())
            }
        }
    }

    /// Asks "Quit anyway?" on a terminal when the game is not saved; `true` to go on.
    fn confirm_leave(&mut self, input: &mut Input, what: &str) -> Result<bool> {
        if !self.opts.interactive || !self.unsaved() {
            return Ok(true);
        }
        match input.read(&format!("{what} "))? {
            Read::Line(answer) => {
                let yes = is_yes(&answer);
                if !yes {
                    out(t!("carrying-on"));
                }
                Ok(yes)
            }
            Read::Eof => {
                out(t!("carrying-on"));
                Ok(false)
            }
            Read::Interrupted => super::save::ctrl_c(),
        }
    }

    /// At the end of the input or Ctrl-C: on a terminal, an unsaved game is saved to a new
    /// `bao-autosave-<date>-<time>.bao` in the current directory; through a pipe, a note.
    fn leave_unsaved(&mut self, why: &str) {
        if !self.unsaved() {
            out(t!("leaving", why = why));
            return;
        }
        if !self.opts.interactive || self.opts.sandbox {
            out(t!(
                "leaving-unsaved",
                why = why,
                moves = moves_text(moves_played(&self.line))
            ));
            return;
        }
        match write_autosave(&self.record_text()) {
            Ok(q) => out(t!(
                "leaving-autosaved",
                why = why,
                file = q.as_str(),
                command = command(&format!("bao play --load {q}"))
            )),
            Err(e) => out(t!("leaving-failed", why = why, error = e.to_string())),
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
        out(t!(
            "banner",
            game = GameKind::of::<G>().title(),
            you = human,
            computer = human.opponent(),
            level = self.opts.level,
            engine = engine_words(self.engine.config())
        ));
        if human == Side::North {
            out(north_orientation::<G>());
        }
        out(t!("banner-help"));
        self.show_board();
        out(t!(
            "board-marks",
            legend = board::legend(&self.current().view())
        ));
        let mut announced_end = false;
        loop {
            if let Some(message) = self.game_over_message() {
                if !announced_end {
                    out(message);
                    out(t!("over-still"));
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
            let line = match input.read(&format!("{}> ", side_name(human)))? {
                Read::Line(line) => line,
                Read::Eof => {
                    self.leave_unsaved(&t!("end-of-input"));
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
                out(t!(
                    "takes-nothing",
                    command = cmd,
                    got = format!("{:?}", clip(rest, 60))
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
                        _ => out(t!("undo-bad", got = format!("{:?}", clip(rest, 60)))),
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
                if no_more(&lower) && self.confirm_leave(input, &t!("confirm-new"))? {
                    self.new_game()
                }
            }
            "level" => self.set_level(rest),
            "tutor" => self.set_tutor(rest),
            "quit" | "exit" | "q" => {
                if no_more(&lower) && self.confirm_leave(input, &t!("confirm-quit"))? {
                    out(t!("bye"));
                    return Ok(false);
                }
            }
            w if w.len() >= 2 && w.chars().all(|c| c.is_ascii_alphabetic()) => {
                out(t!(
                    "unknown-command",
                    word = format!("{:?}", clip(word, 60)),
                    example = self.example_move()
                ));
            }
            _ => {
                if self.line.is_over() {
                    out(t!("over-no-move"));
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
                            format!("{what}… {}", t!("typed", typed = clip(&typed, 30)))
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
        Err(_) => bail!("{}", t!("engine-failed")),
    }
}
