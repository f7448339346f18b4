//! The commands of `bao play` other than moves: `hint`, `oracle`, `explain`, `undo`,
//! `new`, `level`, `save`, `moves`, `help`, `tutor`.

use super::*;
use crate::play::oracle::{margin_text, value_words};

/// A search score in words: `+0.19 seeds for the side to move (depth 6)`, `win in 5
/// plies (proved)` (the catalogue's form of [`bao_engine::hint::score_text`]).
fn score_words(score: bao_engine::Score, depth: u32) -> String {
    match score {
        bao_engine::Score::Cp(cp) => t!(
            "score-cp",
            seeds = format!("{:+.2}", f64::from(cp) / 100.0),
            depth = depth
        ),
        bao_engine::Score::Win(n) => t!("score-win", plies = plies_text(n as usize)),
        bao_engine::Score::Loss(n) => t!("score-loss", plies = plies_text(n as usize)),
    }
}

impl<G: Solvable> Session<G> {
    /// `hint`: the move the engine suggests at the hint level, what it does in words, its
    /// score in the convention shared with the web and `bao analyze`, and the line.
    pub(super) fn hint(&mut self) -> Result<()> {
        let pos = self.current().clone();
        if self.line.is_over() {
            out(t!("hint-over"));
            return Ok(());
        }
        let solved = solve_hint_line(&self.line, PROVED_HINT_MS);
        if let Some(best) = &solved.proved {
            let value = t!(
                "proved",
                value = value_words(best.value),
                margin = margin_text::<G>(best.south_score)
            );
            out(t!("hint", mv = pos.move_text(best.mv), value = value));
            if let Ok((_, events)) = pos.play_traced(best.mv) {
                out(format!(
                    "  {}",
                    t!("hint-does", does = what_it_does(&events))
                ));
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
            &t!("hint-looking"),
            self.screen.plain,
        )?;
        let Some(best) = result.best else {
            out(t!("hint-none"));
            return Ok(());
        };
        // Where the solver proved a better result than the search's move, the hint is
        // the proven move (the oracle and the hint never disagree).
        match check_search_hint(&pos, best, &solved.values) {
            HintCheck::Agrees => {}
            HintCheck::Replaced { mv, value, note } => {
                // The solver's note is English; other languages say it in general.
                let note = if english() {
                    note
                } else {
                    t!("hint-replaced-note")
                };
                out(t!(
                    "hint-replaced",
                    mv = pos.move_text(mv),
                    value = value_words(value),
                    note = note
                ));
                if let Ok((_, events)) = pos.play_traced(mv) {
                    out(format!(
                        "  {}",
                        t!("hint-does", does = what_it_does(&events))
                    ));
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
        out(t!(
            "hint",
            mv = pos.move_text(best),
            value = score_words(result.info.score, result.info.depth)
        ));
        if !does.is_empty() {
            out(format!("  {}", t!("hint-does", does = does)));
        }
        if pv.len() > 1 {
            out(format!("  {}", t!("hint-line", line = pv.join(" "))));
        }
        if let Some(words) = caveat {
            // The solver's caveat is English; other languages say it in general.
            let words = if english() { words } else { t!("hint-caveat") };
            out(format!("  {}", t!("hint-note", note = words)));
        }
        Ok(())
    }

    /// `oracle [S]`: every legal move with its exact value (and margin, Bao Kingulu) when
    /// the solver proves it within S seconds in all (default [`crate::play::oracle::ORACLE_MS`]).
    pub(super) fn oracle(&self, arg: &str) {
        let budget = match parse_budget(arg) {
            Ok(ms) => ms,
            Err(e) => {
                out(e);
                return;
            }
        };
        if self.line.is_over() {
            out(t!("oracle-over"));
            return;
        }
        let pos = self.current();
        out(t!("oracle-solving", secs = budget.div_ceil(1000)));
        let ends = bao_engine::solve::LineEnds::of_line(&self.line);
        let values = solve_moves(&self.line, budget);
        for v in &values {
            let third = pos.play(v.mv).is_ok_and(|child| ends.contains(&child));
            if third {
                out(format!("{}: {}", oracle_line(pos, v), t!("oracle-third")));
            } else {
                out(oracle_line(pos, v));
            }
        }
        if values.iter().all(|v| v.value.is_none()) {
            out(crate::play::oracle::unproven_note(pos, budget));
        }
    }

    /// `explain [N]`: move N (1 = the first of the game; default the last) lap by lap.
    pub(super) fn explain(&mut self, arg: &str) {
        let plies = self.line.plies();
        if plies == 0 {
            out(t!("explain-none"));
            return;
        }
        let n = if arg.is_empty() {
            plies
        } else {
            match arg.parse::<usize>() {
                Ok(n) if (1..=plies).contains(&n) => n,
                _ => {
                    out(t!(
                        "explain-bad",
                        got = format!("{:?}", clip(arg, 40)),
                        plies = plies
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
    pub(super) fn undo(&mut self, count: usize) {
        let human = self.opts.human;
        let positions = self.line.positions();
        let mut human_moves = (0..self.line.plies())
            .rev()
            .filter(|&i| positions[i].side_to_move() == human);
        let available = human_moves.clone().count();
        let last_human = human_moves.nth(count.saturating_sub(1));
        match last_human {
            None if available == 0 => out(t!("undo-nothing")),
            None => out(t!(
                "undo-too-many",
                count = count,
                moves = moves_text(available)
            )),
            Some(i) => {
                let taken = self.line.plies() - i;
                let texts = self.line.move_texts()[i..].join(" ");
                if self.line.undo(taken).is_ok() {
                    self.dirty = true;
                    out(t!("undo-done", plies = plies_text(taken), moves = texts));
                    self.show_board();
                }
            }
        }
    }

    /// A legal move to show as an example (or the notation's example).
    pub(super) fn example_move(&self) -> String {
        let pos = self.current();
        match pos.moves().first() {
            Some(&mv) => pos.move_text(mv),
            None => if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili {
                "A6>"
            } else {
                "A3"
            }
            .to_string(),
        }
    }

    pub(super) fn new_game(&mut self) {
        self.dirty = false;
        let _ = self.line.undo(self.line.plies());
        out(t!("new-game"));
        self.show_board();
    }

    pub(super) fn set_level(&mut self, arg: &str) {
        match arg.parse::<u8>() {
            Ok(n) if (1..=10).contains(&n) => {
                let mut config = EngineConfig::level_of::<G>(n);
                config.seed = self.engine.config().seed;
                self.engine.set_config(config);
                self.opts.level = n;
                let computer = self.opts.human.opponent();
                self.line
                    .set_player(computer, Player::Computer { level: n });
                self.dirty = true;
                out(t!(
                    "level-now",
                    level = n,
                    engine = engine_words(self.engine.config())
                ));
            }
            _ => out(t!("level-bad", level = self.opts.level)),
        }
    }

    /// `save FILE` (never replaces a file) or `save! FILE` (`force`: replaces it). The
    /// record is written to a temporary file and renamed, so a failed write keeps the old
    /// file whole; a name in quotes loses them (`save "my game.bao"`).
    pub(super) fn save(&mut self, arg: &str, force: bool) {
        let file = match unquote(arg) {
            Ok(f) => f,
            Err(e) => {
                let e = if english() { e } else { t!("save-quote") };
                out(t!("save-unquote", error = e));
                return;
            }
        };
        if file.is_empty() {
            out(t!("save-no-name"));
            return;
        }
        let q = quote_file(&file);
        if self.opts.sandbox {
            out(t!("save-off", file = q.as_str()));
            return;
        }
        if Path::new(&file).is_dir() {
            let example = Path::new(&file).join("game.bao");
            out(t!(
                "save-directory",
                file = q.as_str(),
                command = command(&format!("save {}", quote_file(&example.to_string_lossy())))
            ));
            return;
        }
        let text = self.record_text();
        match write_atomic(Path::new(&file), &text, force) {
            Ok(()) => {
                self.dirty = false;
                out(t!(
                    "saved",
                    file = q.as_str(),
                    moves = moves_text(moves_played(&self.line)),
                    command = command(&format!("bao play --load {q}"))
                ))
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => out(t!(
                "save-exists",
                file = q.as_str(),
                command = command(&format!("save! {q}"))
            )),
            Err(e) => out(t!(
                "save-failed",
                file = q.as_str(),
                error = e.to_string(),
                after = if force && Path::new(&file).exists() {
                    t!("save-kept")
                } else {
                    t!("save-nothing")
                }
            )),
        }
    }

    pub(super) fn list_moves(&self) {
        let pos = self.current();
        let moves: Vec<String> = self
            .line
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .collect();
        if moves.is_empty() {
            out(t!("moves-none"));
        } else {
            out(t!("moves-list", moves = moves.join(" ")));
        }
    }

    /// `help`: the commands in two columns, how to write a move, the board marks and
    /// where the rules are, in at most 23 lines (an 80×24 terminal keeps the prompt).
    pub(super) fn help(&self) {
        let view = self.current().view();
        out(t!("help-intro"));
        let commands = help_commands();
        for pair in commands.chunks(2) {
            let left = format!("  {:<12}{}", pair[0].0, pair[0].1);
            match pair.get(1) {
                Some(b) => {
                    // Padding by characters (accented text is wider in bytes).
                    let pad = 45usize.saturating_sub(left.chars().count());
                    out(format!("{left}{}{:<12}{}", " ".repeat(pad), b.0, b.1))
                }
                None => out(left),
            }
        }
        out(t!("help-load"));
        out(move_help::<G>(self.opts.human));
        out(t!("help-marks", legend = board::legend(&view)));
        let kiswahili = bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili;
        out(t!(
            "help-rules",
            file = if kiswahili {
                "bao-la-kiswahili"
            } else {
                "bao-kingulu"
            },
            cite = if kiswahili { "K-Rn" } else { "G-Rn" }
        ));
    }

    /// `tutor [on|off]`: switches the tutor (alone: says whether it is on).
    pub(super) fn set_tutor(&mut self, arg: &str) {
        match arg.to_ascii_lowercase().as_str() {
            "on" => {
                if self.tutor.is_none() {
                    self.tutor = Some(crate::play::tutor::tutor_engine());
                }
                out(t!("tutor-on"));
            }
            "off" => {
                self.tutor = None;
                out(t!("tutor-off"));
            }
            "" => out(if self.tutor.is_some() {
                t!("tutor-is-on")
            } else {
                t!("tutor-is-off")
            }),
            other => out(t!("tutor-bad", got = format!("{:?}", clip(other, 40)))),
        }
    }

    /// With the tutor on: warns about `mv` if it is a mistake or a blunder and asks
    /// whether to play it; `true` to play it.
    pub(super) fn tutor_allows(&mut self, mv: G::Move, input: &mut Input) -> Result<bool> {
        let Some(engine) = self.tutor.as_mut() else {
            return Ok(true);
        };
        let Some(warning) = crate::play::tutor::warning(&self.line, mv, engine) else {
            return Ok(true);
        };
        let text = self.current().move_text(mv);
        // The tutor's analysis is worded in English; other languages say it in general.
        let warning = if english() {
            warning
        } else {
            t!("tutor-general", mv = text.as_str())
        };
        out(t!("tutor-warning", warning = warning));
        match input.read(&format!("{} ", t!("tutor-anyway", mv = text.as_str())))? {
            Read::Line(answer) if is_yes(&answer) => Ok(true),
            _ => {
                out(t!("tutor-again"));
                Ok(false)
            }
        }
    }
}
