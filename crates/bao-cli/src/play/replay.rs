//! `bao replay FILE`: steps through a record move by move and lap by lap.
//!
//! Commands, one per line (on a terminal and through a pipe alike): Enter or `n` the
//! next move, `l` the next lap of the next move (its caption and board), `b` back (a lap
//! within a move, else a move), a number N the position after ply N (0 = the start),
//! `q` leaves. When piped input ends, the rest of the game is printed move by move; with
//! a terminal as input and a pipe as output (`bao replay g.bao | less`) the whole game is
//! printed at once.

use super::flow::{hole_prefix, move_heading};
use super::input::read_line_bounded;
use super::laps::{laps, Lap};
use super::render::{out, prompt, Screen};
use super::text::{clip, position_lines};
use crate::board;
use crate::phrases::laps as laps_text;
use crate::t;
use bao_rules::{EventKind, Game, GameLine};
use std::io::BufRead;

/// The replay of one game.
struct Replay<'a, G: Game> {
    line: &'a GameLine<G>,
    screen: &'a Screen,
    labels: [String; 2],
    /// The position shown: the one after move `at` (0 = the start).
    at: usize,
    /// Within move `at + 1`: the laps shown of it (the frame index of the last).
    lap: Option<usize>,
    /// The frames of move `at + 1`, once asked for.
    frames: Option<(usize, Vec<Lap>)>,
}

impl<G: Game> Replay<'_, G> {
    fn plies(&self) -> usize {
        self.line.plies()
    }

    /// The position after move `i` with the move's events in words, the board, the
    /// status and the position text.
    fn show(&self, i: usize) {
        let positions = self.line.positions();
        let pos = &positions[i];
        let last = (i > 0).then(|| {
            (
                positions[i - 1].side_to_move(),
                self.line.move_texts()[i - 1].clone(),
            )
        });
        if i > 0 {
            out(move_heading(self.line, i - 1));
            if let Some(events) = self.line.trace(i - 1) {
                for line in board::describe_events(&events) {
                    out(format!("  - {line}"));
                }
            }
        }
        let view = pos.view();
        let changed = if i == 0 {
            Vec::new()
        } else {
            board::changed_holes(&positions[i - 1].view(), &view)
        };
        let style = self.screen.style(
            &self.labels,
            last.as_ref().map(|(_, t)| hole_prefix(t).to_string()),
            changed,
            None,
        );
        out(self.screen.board_block(
            &view,
            &style,
            last.as_ref(),
            self.outcome_at(i),
            Some(&pos.to_text()),
        ));
    }

    /// The outcome shown under position `i`: the line's at the end, the board's before.
    fn outcome_at(&self, i: usize) -> Option<bao_rules::Outcome> {
        if i == self.plies() {
            self.line.outcome()
        } else {
            self.line.positions()[i].outcome()
        }
    }

    /// The frames of move `index + 1` (0-based `index`), computed once.
    fn frames(&mut self, index: usize) -> &[Lap] {
        if self.frames.as_ref().map(|(i, _)| *i) != Some(index) {
            let positions = self.line.positions();
            let events = self.line.trace(index).unwrap_or_default();
            self.frames = Some((
                index,
                laps(&positions[index], &events, &positions[index + 1]),
            ));
        }
        self.frames.as_ref().map_or(&[][..], |(_, f)| f.as_slice())
    }

    /// Lap `k` (0-based) of move `at + 1`; after its last lap the move is complete.
    fn show_lap(&mut self, k: usize) {
        let index = self.at;
        let laps_total = self.line.trace(index).map_or(1, |e| {
            e.iter().filter(|e| e.kind == EventKind::Sow).count().max(1)
        });
        let heading = t!(
            "replay-lap-heading",
            heading = move_heading(self.line, index),
            laps = laps_text(laps_total as u64)
        );
        let labels = self.labels.clone();
        let screen = self.screen.clone();
        let frames = self.frames(index);
        let count = frames.len();
        out(screen.lap_block(&heading, &frames[k], &labels));
        if k + 1 >= count {
            self.at += 1;
            self.lap = None;
            let view = self.line.positions()[self.at].view();
            let last = (
                self.line.positions()[index].side_to_move(),
                self.line.move_texts()[index].clone(),
            );
            out(board::status(
                &view,
                &self.labels,
                Some(&last),
                self.outcome_at(self.at),
            ));
            for l in position_lines(&self.line.positions()[self.at].to_text()) {
                out(l);
            }
        } else {
            self.lap = Some(k);
        }
    }

    fn next_move(&mut self) {
        if self.lap.is_some() {
            // Finish the move whose laps were being shown.
            self.at += 1;
            self.lap = None;
            self.show(self.at);
        } else if self.at < self.plies() {
            let index = self.at;
            if self.screen.animate {
                let heading = move_heading(self.line, index);
                let labels = self.labels.clone();
                let screen = self.screen.clone();
                let frames = self.frames(index).to_vec();
                screen.animate(&heading, &frames, &labels, screen.lap_delay);
            }
            self.at += 1;
            self.show(self.at);
        } else {
            self.end();
        }
    }

    fn next_lap(&mut self) {
        if self.at >= self.plies() {
            self.end();
            return;
        }
        let k = self.lap.map_or(0, |k| k + 1);
        self.show_lap(k);
    }

    fn back(&mut self) {
        match self.lap {
            Some(0) => {
                self.lap = None;
                self.show(self.at);
            }
            Some(k) => {
                self.lap = None;
                self.show_lap(k - 1);
            }
            None if self.at > 0 => {
                self.at -= 1;
                self.show(self.at);
            }
            None => out(t!("replay-at-start")),
        }
    }

    fn end(&self) {
        match super::flow::game_end_sentence(self.line) {
            Some(sentence) => out(t!("replay-result", sentence = sentence)),
            None => out(t!("replay-unfinished")),
        }
    }

    /// Prints every position from after move `at + 1` to the end, and the result.
    fn print_rest(&mut self, first: bool) {
        if self.lap.is_some() {
            self.at += 1;
            self.lap = None;
            self.show(self.at);
            out("");
        }
        let start = if first { self.at } else { self.at + 1 };
        for i in start..=self.plies() {
            self.show(i);
            out("");
        }
        self.at = self.plies();
        self.end();
    }
}

/// Runs `bao replay` on `line` (read from `file`): see the module docs. `stdin_terminal`
/// and `stdout_terminal` say what the input and output are.
///
/// # Errors
/// When the input cannot be read.
pub fn replay<G: Game>(
    line: &GameLine<G>,
    screen: &Screen,
    input: &mut dyn BufRead,
    stdin_terminal: bool,
    stdout_terminal: bool,
) -> anyhow::Result<()> {
    let players = line.players();
    let names = [players[0].record_name(), players[1].record_name()];
    let moves = super::flow::moves_text(super::flow::moves_played(line));
    let (south, north) = (bao_rules::Side::South, bao_rules::Side::North);
    let game = bao_rules::GameKind::of::<G>().title();
    out(if line.date().is_empty() {
        t!(
            "replay-header",
            game = game,
            south = names[0].as_str(),
            south_side = south,
            north = names[1].as_str(),
            north_side = north,
            moves = moves
        )
    } else {
        t!(
            "replay-header-dated",
            game = game,
            south = names[0].as_str(),
            south_side = south,
            north = names[1].as_str(),
            north_side = north,
            date = line.date(),
            moves = moves
        )
    });
    let mut replay = Replay {
        line,
        screen,
        labels: [format!("({})", names[0]), format!("({})", names[1])],
        at: 0,
        lap: None,
        frames: None,
    };
    if stdin_terminal && !stdout_terminal {
        replay.print_rest(true);
        return Ok(());
    }
    replay.show(0);
    loop {
        if stdin_terminal {
            let step = match replay.lap {
                Some(k) => format!("{}.{}", replay.at + 1, k + 1),
                None => replay.at.to_string(),
            };
            prompt(&format!(
                "{}> ",
                t!("replay-prompt", step = step, plies = replay.plies())
            ));
        }
        let Some(text) = read_line_bounded(input)? else {
            if !stdin_terminal {
                replay.print_rest(false);
            } else {
                out("");
            }
            return Ok(());
        };
        let command = super::input::strip_escapes(&text);
        match command.trim() {
            "" | "n" | "next" => replay.next_move(),
            "l" | "lap" => replay.next_lap(),
            "b" | "back" => replay.back(),
            "q" | "quit" => return Ok(()),
            other => match other.parse::<usize>() {
                Ok(n) if n <= replay.plies() => {
                    replay.at = n;
                    replay.lap = None;
                    replay.show(n);
                }
                _ => out(t!(
                    "replay-unknown",
                    got = format!("{:?}", clip(other, 60)),
                    plies = replay.plies()
                )),
            },
        }
    }
}
