//! The commands of `bao play` other than moves: `hint`, `oracle`, `explain`, `undo`,
//! `new`, `level`, `save`, `moves`, `help`, `tutor`.

use super::*;

impl<G: Solvable> Session<G> {
    /// `hint`: the move the engine suggests at the hint level, what it does in words, its
    /// score in the convention shared with the web and `bao analyze`, and the line.
    pub(super) fn hint(&mut self) -> Result<()> {
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
            out(crate::play::oracle::unproven_note(pos, budget));
        }
    }

    /// `explain [N]`: move N (1 = the first of the game; default the last) lap by lap.
    pub(super) fn explain(&mut self, arg: &str) {
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
    pub(super) fn undo(&mut self, count: usize) {
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
        out("A new game.");
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
    pub(super) fn save(&mut self, arg: &str, force: bool) {
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

    pub(super) fn list_moves(&self) {
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
    pub(super) fn help(&self) {
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
            if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili {
                "bao-la-kiswahili"
            } else {
                "bao-kingulu"
            },
            if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili {
                "K-Rn"
            } else {
                "G-Rn"
            }
        ));
    }

    /// `tutor [on|off]`: switches the tutor (alone: says whether it is on).
    pub(super) fn set_tutor(&mut self, arg: &str) {
        match arg.to_ascii_lowercase().as_str() {
            "on" => {
                if self.tutor.is_none() {
                    self.tutor = Some(crate::play::tutor::tutor_engine());
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
    pub(super) fn tutor_allows(&mut self, mv: G::Move, input: &mut Input) -> Result<bool> {
        let Some(engine) = self.tutor.as_mut() else {
            return Ok(true);
        };
        let Some(warning) = crate::play::tutor::warning(&self.line, mv, engine) else {
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
}
