//! A game in the protocol: the commands on a [`GameLine`] of either game, and `newgame`.

use super::*;

/// A game in progress, whatever the game.
pub(super) trait Session {
    /// Handles one command (not `info`, `newgame`, `quit`, `stop`), writing its response
    /// lines (without the final `ok`) to `out`. `until()` turning true stops a running
    /// `bestmove` or `perft`.
    fn handle(
        &mut self,
        cmd: &str,
        args: &str,
        options: &mut EngineOptions,
        out: &mut dyn Write,
        until: &dyn Fn() -> bool,
    ) -> Result<(), String>;
}

pub(super) struct GameSession<G: Evaluate> {
    /// The game: start, moves, positions, outcome.
    pub(super) line: GameLine<G>,
    pub(super) engine: Engine<G>,
}

/// The position lines: the text, and `result ...` once the game is over (notation.md §2):
/// the rules' end, the third occurrence (G-R15) or OPT-MAX-PLIES (K-R12.4).
pub(super) fn position_lines<G: Game>(line: &GameLine<G>) -> String {
    match line.outcome() {
        Some(outcome) => format!("{}\nresult {outcome}", line.current().to_text()),
        None => line.current().to_text(),
    }
}

impl<G: Evaluate> GameSession<G> {
    pub(super) fn new(start: G, options: &EngineOptions) -> Self {
        GameSession {
            line: GameLine::new(start),
            engine: Engine::new(options.config_of::<G>()),
        }
    }

    /// The game replayed under other rules (from the start position under them when the
    /// game began at the start).
    pub(super) fn with_rules(&self, rules: G::Rules) -> Result<GameLine<G>, String> {
        let first = self.line.start();
        let start = if *first == G::start(first.rules()) {
            G::start(&rules)
        } else {
            G::from_text(&first.to_text(), &rules)
                .map_err(|e| format!("the game's start position under these rules: {e}"))?
        };
        let mut line = GameLine::new(start);
        for (i, text) in self.line.move_texts().iter().enumerate() {
            line.play_text(text).map_err(|e| {
                format!(
                    "move {} of the game ({text}) is not legal under these rules: {e}",
                    i + 1
                )
            })?;
        }
        Ok(line)
    }

    /// The leaf count of the line's move tree to `depth`: 0 at depth ≥ 1 once the game is
    /// over, and no leaf beyond the ply at which OPT-MAX-PLIES ends it (K-R12.4).
    pub(super) fn perft(&self, depth: u32, until: &dyn Fn() -> bool) -> Result<u64, String> {
        if depth == 0 {
            return Ok(1);
        }
        if self.line.is_over() {
            return Ok(0);
        }
        if let Some(max) = self.line.rules().max_plies() {
            let remaining = (max as usize).saturating_sub(self.line.plies());
            if depth as usize > remaining {
                return Ok(0);
            }
        }
        bao_rules::perft::perft_until(self.line.current(), depth, until)
            .ok_or_else(|| "stopped".to_string())
    }
}

pub(super) fn no_args(cmd: &str, args: &str) -> Result<(), String> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(format!("{cmd} takes no arguments, got {args:?}"))
    }
}

pub(super) fn w(out: &mut dyn Write, line: &str) -> Result<(), String> {
    writeln!(out, "{line}").map_err(|e| format!("cannot write: {e}"))
}

impl<G: Evaluate> Session for GameSession<G> {
    fn handle(
        &mut self,
        cmd: &str,
        args: &str,
        options: &mut EngineOptions,
        out: &mut dyn Write,
        until: &dyn Fn() -> bool,
    ) -> Result<(), String> {
        match cmd {
            "position" => {
                no_args(cmd, args)?;
                w(out, &position_lines(&self.line))
            }
            "validmoves" => {
                no_args(cmd, args)?;
                let pos = self.line.current();
                let texts: Vec<String> = self
                    .line
                    .legal_moves()
                    .iter()
                    .map(|&m| pos.move_text(m))
                    .collect();
                w(out, &texts.join(" "))
            }
            "play" => {
                if args.is_empty() {
                    return Err("play: give a move, e.g. play A6>".to_string());
                }
                if let Some(outcome) = self.line.outcome() {
                    return Err(format!(
                        "play {}: the game is over (result {outcome})",
                        clip(args, 60)
                    ));
                }
                let pos = self.line.current();
                let mv = pos.parse_move(args).map_err(|e| {
                    // Text that does not even start like a hole name (a letter and a digit)
                    // gets the shape of a move rather than a "no such hole" about a piece
                    // of it.
                    let mut chars = args.chars();
                    let hole_like = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                        && chars.next().is_some_and(|c| c.is_ascii_digit());
                    if hole_like || !e.message.starts_with("no such hole") {
                        format!("play: move {:?}: {}", clip(args, 60), e.message)
                    } else if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili {
                        format!(
                            "play: move {:?}: expected a hole like A6 and a direction < or > (e.g. A6>)",
                            clip(args, 60)
                        )
                    } else {
                        format!(
                            "play: move {:?}: expected a pit like A3 (A1-A6 for South, a1-a6 for North)",
                            clip(args, 60)
                        )
                    }
                })?;
                self.line.play(mv).map_err(|e| format!("play: {e}"))?;
                w(out, &position_lines(&self.line))
            }
            "undo" => {
                let n: usize = if args.is_empty() {
                    1
                } else {
                    args.parse()
                        .map_err(|_| format!("undo: {args:?} is not a number of moves"))?
                };
                let played = self.line.plies();
                if n > played {
                    return Err(format!(
                        "undo {n}: only {played} move{} played",
                        if played == 1 { "" } else { "s" }
                    ));
                }
                self.line.undo(n).map_err(|e| format!("undo {n}: {e}"))?;
                w(out, &position_lines(&self.line))
            }
            "perft" => {
                let depth: u32 = args
                    .parse()
                    .map_err(|_| format!("perft: {args:?} is not a depth (a number ≥ 0)"))?;
                w(out, &self.perft(depth, until)?.to_string())
            }
            "bestmove" | "go" => {
                let search = if cmd == "go" {
                    go_limits(args, options.config_of::<G>().searcher)?
                } else {
                    bestmove_limits(args, options.config_of::<G>().searcher)?
                };
                if let Some(outcome) = self.line.outcome() {
                    return Err(format!("{cmd}: the game is over (result {outcome})"));
                }
                // Limits given replace the level's; a time given is a move time (searched
                // in full, TimeRule::Full). A bare command keeps the level's limits and its
                // budget rule.
                let mut config = options.config_of::<G>();
                let rule = match search.limits {
                    Some(l) => {
                        config.limits = l;
                        if l.time_ms.is_some() {
                            TimeRule::Full
                        } else {
                            TimeRule::default()
                        }
                    }
                    None => TimeRule::default(),
                };
                if self.engine.config() != &config {
                    self.engine.set_config(config);
                }
                self.engine.set_time_rule(rule);
                let limits = Limits::default();
                let pos = self.line.current().clone();
                let mut write_err = None;
                // A searcher may report the same line twice (MCTS's last report): print
                // each distinct line once.
                let mut last_line = String::new();
                let result =
                    self.engine
                        .search_line_until(&self.line, limits, until, &mut |info| {
                            let line = format_info(&pos, info);
                            if line == last_line {
                                return;
                            }
                            if let Err(e) = writeln!(out, "{line}") {
                                write_err = Some(e);
                            }
                            let _ = out.flush();
                            last_line = line;
                        });
                if let Some(e) = write_err {
                    return Err(format!("cannot write: {e}"));
                }
                let best = result
                    .best
                    .ok_or_else(|| format!("{cmd}: the engine found no move"))?;
                w(out, &format!("bestmove {}", pos.move_text(best)))
            }
            "options" => {
                no_args(cmd, args)?;
                for line in options.lines_of::<G>() {
                    w(out, &line)?;
                }
                let rules = self.line.rules();
                w(out, &format!("rules {}", rules.profile_name()))?;
                for (name, value) in rules.options() {
                    w(out, &format!("rules.{name} {value}"))?;
                }
                Ok(())
            }
            "setoption" => {
                let (name, value) = args
                    .split_once(char::is_whitespace)
                    .map(|(n, v)| (n, v.trim()))
                    .ok_or_else(|| {
                        format!("setoption: expected setoption <name> <value>, got {args:?}")
                    })?;
                if let Some(line) = options.set::<G>(name, value)? {
                    self.engine.set_config(options.config_of::<G>());
                    return w(out, &line);
                }
                let current_rules = self.line.rules().clone();
                let rules = if name == "rules" {
                    G::Rules::profile(value)
                        .map_err(|e| format!("setoption rules: {}", e.message))?
                } else if let Some(option) = name.strip_prefix("rules.") {
                    let mut r = current_rules.clone();
                    r.set_option(option, value)
                        .map_err(|e| format!("setoption {name}: {}", e.message))?;
                    // The same bound on the work of one move as play, replay and the web.
                    bao_rules::line::check_work(&r, crate::play::MAX_LAPS, u32::MAX)
                        .map_err(|e| format!("setoption {name}: {e}"))?;
                    r
                } else {
                    return Err(format!(
                        "setoption: unknown option {name:?} (see options; rule options are rules.<name>)"
                    ));
                };
                self.line = self.with_rules(rules)?;
                let rules = self.line.rules();
                if name == "rules" {
                    w(out, &format!("rules {}", rules.profile_name()))
                } else {
                    let option = &name["rules.".len()..];
                    let value = rules
                        .options()
                        .into_iter()
                        .find(|(n, _)| *n == option)
                        .map(|(_, v)| v)
                        .unwrap_or_default();
                    w(out, &format!("{name} {value}"))
                }
            }
            _ => Err(format!("unknown command {cmd:?} (commands: {COMMANDS})")),
        }
    }
}

pub(super) fn new_session<G: Evaluate>(
    args: &str,
    options: &EngineOptions,
) -> Result<(Box<dyn Session>, String), String> {
    // [rules <profile>] [position <text>]
    let mut rest = args.trim();
    let mut rules = G::Rules::default();
    if rest == "rules" {
        return Err(format!(
            "newgame: rules needs a profile name: {}",
            G::Rules::profile_names().join(", ")
        ));
    }
    if let Some(after) = rest.strip_prefix("rules") {
        if after.starts_with(char::is_whitespace) {
            let after = after.trim_start();
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            let profile = &after[..end];
            rules = G::Rules::profile(profile).map_err(|e| format!("newgame: {}", e.message))?;
            rest = after[end..].trim_start();
        }
    }
    let start = if let Some(after) = rest.strip_prefix("position") {
        let text = after.trim();
        if text.is_empty() {
            return Err("newgame: position needs a position text (notation.md §2)".to_string());
        }
        G::from_text(text, &rules).map_err(|e| format!("newgame: {e}"))?
    } else if rest.is_empty() {
        G::start(&rules)
    } else {
        return Err(format!(
            "newgame: unexpected {rest:?} (expected newgame <game> [rules <profile>] [position <text>])"
        ));
    };
    let session = GameSession::new(start, options);
    let lines = position_lines(&session.line);
    Ok((Box::new(session), lines))
}
