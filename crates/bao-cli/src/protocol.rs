//! `bao engine`: the stateful line protocol of notation.md §5.
//!
//! Every response ends with `ok`; an error is one line `err <message>` before the `ok` and
//! leaves the state unchanged. Until the first `newgame`, the game is Bao la Kiswahili
//! under the default profile, at the start.

use crate::common::{describe_config, max_plies, GameName, MAX_HASH_MB};
use crate::play::clip;
use crate::with_game;
use bao_engine::arena::adjudicate;
use bao_engine::{format_info, Engine, EngineConfig, Evaluate, Limits, Searcher};
use bao_rules::RuleSet;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The commands, for `err unknown command` messages.
const COMMANDS: &str =
    "info, newgame, position, validmoves, play, undo, perft, bestmove, options, setoption, quit";

/// The engine options shared by both games (the rules options belong to the game).
#[derive(Clone, Debug)]
struct EngineOptions {
    config: EngineConfig,
    /// The level the configuration came from, if it was not changed since.
    level: Option<u8>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            config: EngineConfig::level(6),
            level: Some(6),
        }
    }
}

fn opt_text<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string())
        .unwrap_or_else(|| "none".to_string())
}

impl EngineOptions {
    fn lines(&self) -> Vec<String> {
        let c = &self.config;
        vec![
            format!("level {}", opt_text(self.level)),
            format!("searcher {}", searcher_name(c.searcher)),
            format!("depth {}", opt_text(c.limits.depth)),
            format!("time {}", opt_text(c.limits.time_ms)),
            format!("nodes {}", opt_text(c.limits.nodes)),
            format!("hash {}", c.hash_mb),
            format!("seed {}", c.seed),
        ]
    }

    /// Sets one engine option; `Ok(None)` if `name` is not an engine option.
    fn set(&mut self, name: &str, value: &str) -> Result<Option<String>, String> {
        let mut next = self.clone();
        let opt_number = |what: &str| -> Result<Option<u64>, String> {
            if value == "none" || value == "-" {
                return Ok(None);
            }
            value
                .parse::<u64>()
                .map(Some)
                .map_err(|_| format!("setoption {what}: {value:?} is not a number or none"))
        };
        match name {
            "level" => {
                let n: u8 = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=10).contains(n))
                    .ok_or_else(|| format!("setoption level: {value:?} is not a level 1-10"))?;
                let (seed, hash) = (next.config.seed, next.config.hash_mb);
                next.config = EngineConfig::level(n);
                next.config.seed = seed;
                next.config.hash_mb = hash;
                next.level = Some(n);
            }
            "searcher" => {
                next.config.searcher = match value {
                    "alphabeta" | "ab" | "alpha-beta" => Searcher::AlphaBeta,
                    "mcts" => Searcher::Mcts,
                    "random" => Searcher::Random,
                    "greedy" => Searcher::Greedy,
                    _ => {
                        return Err(format!(
                            "setoption searcher: {value:?} is not one of alphabeta, mcts, random, greedy"
                        ))
                    }
                };
                next.level = None;
            }
            "depth" => {
                next.config.limits.depth =
                    opt_number("depth")?.map(|d| d.min(u64::from(u32::MAX)) as u32);
                next.level = None;
            }
            "time" => {
                next.config.limits.time_ms = opt_number("time")?;
                next.level = None;
            }
            "nodes" => {
                next.config.limits.nodes = opt_number("nodes")?;
                next.level = None;
            }
            "hash" => {
                let mb = opt_number("hash")?
                    .ok_or_else(|| "setoption hash: give a size in MiB".to_string())?;
                if !(1..=MAX_HASH_MB).contains(&mb) {
                    return Err(format!(
                        "setoption hash: {mb} MiB is out of range 1-{MAX_HASH_MB}"
                    ));
                }
                next.config.hash_mb = mb as usize;
            }
            "seed" => {
                next.config.seed = opt_number("seed")?
                    .ok_or_else(|| "setoption seed: give a number".to_string())?;
            }
            _ => return Ok(None),
        }
        *self = next;
        let line = self
            .lines()
            .into_iter()
            .find(|l| l.split(' ').next() == Some(name))
            .unwrap_or_default();
        Ok(Some(line))
    }
}

fn searcher_name(s: Searcher) -> &'static str {
    match s {
        Searcher::AlphaBeta => "alphabeta",
        Searcher::Mcts => "mcts",
        Searcher::Random => "random",
        Searcher::Greedy => "greedy",
    }
}

/// A game in progress, whatever the game.
trait Session {
    /// Handles one command (not `info`, `newgame`, `quit`), writing its response lines
    /// (without the final `ok`) to `out`.
    fn handle(
        &mut self,
        cmd: &str,
        args: &str,
        options: &mut EngineOptions,
        out: &mut dyn Write,
    ) -> Result<(), String>;
}

struct GameSession<G: Evaluate> {
    /// The positions from the start; the last is the current one.
    history: Vec<G>,
    /// The moves played: `moves[i]` leads from `history[i]` to `history[i + 1]`.
    moves: Vec<G::Move>,
    engine: Engine<G>,
}

/// The position lines: the text, and `result ...` if the game is over (notation.md §2),
/// including a game adjudicated by OPT-MAX-PLIES after `plies` plies (K-R12.4).
fn position_lines<G: Evaluate>(pos: &G, plies: usize) -> String {
    match outcome_of(pos, plies) {
        Some(outcome) => format!("{}\nresult {outcome}", pos.to_text()),
        None => pos.to_text(),
    }
}

/// The outcome of `pos` reached after `plies` plies: the rules' own, or the adjudication
/// when OPT-MAX-PLIES is set and reached (K-R12.4; by material, as `bao match` does).
fn outcome_of<G: Evaluate>(pos: &G, plies: usize) -> Option<bao_rules::Outcome> {
    pos.outcome().or_else(|| {
        max_plies(pos)
            .filter(|&max| plies >= max as usize)
            .map(|_| adjudicate(pos))
    })
}

impl<G: Evaluate> GameSession<G> {
    fn new(start: G, options: &EngineOptions) -> Self {
        GameSession {
            history: vec![start],
            moves: Vec::new(),
            engine: Engine::new(options.config.clone()),
        }
    }

    fn current(&self) -> &G {
        // `history` is never empty.
        &self.history[self.history.len() - 1]
    }

    /// The game replayed under other rules (from the start position under them when the
    /// game began at the start).
    fn with_rules(&self, rules: G::Rules) -> Result<(Vec<G>, Vec<G::Move>), String> {
        let first = &self.history[0];
        let start = if *first == G::start(first.rules()) {
            G::start(&rules)
        } else {
            G::from_text(&first.to_text(), &rules)
                .map_err(|e| format!("the game's start position under these rules: {e}"))?
        };
        let mut history = vec![start];
        let mut moves = Vec::new();
        for (before, &mv) in self.history.iter().zip(&self.moves) {
            let text = before.move_text(mv);
            let pos = &history[history.len() - 1];
            let ply = history.len();
            let bad = |e: String| {
                format!("move {ply} of the game ({text}) is not legal under these rules: {e}")
            };
            let m = pos.parse_move(&text).map_err(|e| bad(e.message))?;
            let next = pos.play(m).map_err(|e| bad(e.to_string()))?;
            history.push(next);
            moves.push(m);
        }
        Ok((history, moves))
    }
}

fn no_args(cmd: &str, args: &str) -> Result<(), String> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(format!("{cmd} takes no arguments, got {args:?}"))
    }
}

fn w(out: &mut dyn Write, line: &str) -> Result<(), String> {
    writeln!(out, "{line}").map_err(|e| format!("cannot write: {e}"))
}

impl<G: Evaluate> Session for GameSession<G> {
    fn handle(
        &mut self,
        cmd: &str,
        args: &str,
        options: &mut EngineOptions,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        match cmd {
            "position" => {
                no_args(cmd, args)?;
                w(out, &position_lines(self.current(), self.moves.len()))
            }
            "validmoves" => {
                no_args(cmd, args)?;
                let pos = self.current();
                let texts: Vec<String> = pos.moves().iter().map(|&m| pos.move_text(m)).collect();
                w(out, &texts.join(" "))
            }
            "play" => {
                if args.is_empty() {
                    return Err("play: give a move, e.g. play A6>".to_string());
                }
                let pos = self.current();
                if let Some(outcome) = outcome_of(pos, self.moves.len()) {
                    return Err(format!(
                        "play {}: the game is over (result {outcome})",
                        clip(args, 60)
                    ));
                }
                let mv = pos.parse_move(args).map_err(|e| {
                    // Text that does not even start like a hole name (a letter and a digit)
                    // gets the shape of a move rather than a "no such hole" about a piece
                    // of it.
                    let mut chars = args.chars();
                    let hole_like = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                        && chars.next().is_some_and(|c| c.is_ascii_digit());
                    if hole_like || !e.message.starts_with("no such hole") {
                        format!("play: move {:?}: {}", clip(args, 60), e.message)
                    } else if G::NAME == "kiswahili" {
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
                let next = pos.play(mv).map_err(|e| format!("play: {e}"))?;
                self.history.push(next);
                self.moves.push(mv);
                w(out, &position_lines(self.current(), self.moves.len()))
            }
            "undo" => {
                let n: usize = if args.is_empty() {
                    1
                } else {
                    args.parse()
                        .map_err(|_| format!("undo: {args:?} is not a number of moves"))?
                };
                let played = self.history.len() - 1;
                if n > played {
                    return Err(format!(
                        "undo {n}: only {played} move{} played",
                        if played == 1 { "" } else { "s" }
                    ));
                }
                self.history.truncate(self.history.len() - n);
                self.moves.truncate(self.moves.len() - n);
                w(out, &position_lines(self.current(), self.moves.len()))
            }
            "perft" => {
                let depth: u32 = args
                    .parse()
                    .map_err(|_| format!("perft: {args:?} is not a depth (a number ≥ 0)"))?;
                w(
                    out,
                    &bao_rules::perft::perft(self.current(), depth).to_string(),
                )
            }
            "bestmove" => {
                let mut limits = Limits::default();
                let words: Vec<&str> = args.split_whitespace().collect();
                if !words.len().is_multiple_of(2) {
                    return Err(format!(
                        "bestmove: expected pairs like depth 6, time 1000, nodes 50000; got {args:?}"
                    ));
                }
                for pair in words.chunks(2) {
                    let value: u64 = pair[1].parse().map_err(|_| {
                        format!("bestmove {}: {:?} is not a number", pair[0], pair[1])
                    })?;
                    match pair[0] {
                        "depth" => limits.depth = Some(value.min(u64::from(u32::MAX)) as u32),
                        "time" => limits.time_ms = Some(value),
                        "nodes" => limits.nodes = Some(value),
                        other => {
                            return Err(format!(
                                "bestmove: unknown limit {other:?} (expected depth, time, nodes)"
                            ))
                        }
                    }
                }
                if limits.depth == Some(0) {
                    return Err(
                        "bestmove depth 0: the depth is in plies and must be at least 1"
                            .to_string(),
                    );
                }
                if limits.depth.is_some() && options.config.searcher == Searcher::Mcts {
                    return Err(
                        "bestmove depth: the mcts searcher has no depth limit; give time or nodes"
                            .to_string(),
                    );
                }
                let pos = self.current().clone();
                if let Some(outcome) = outcome_of(&pos, self.moves.len()) {
                    return Err(format!("bestmove: the game is over (result {outcome})"));
                }
                if self.engine.config() != &options.config {
                    self.engine.set_config(options.config.clone());
                }
                let mut write_err = None;
                // A searcher may report the same line twice (MCTS's last report): print
                // each distinct line once.
                let mut last_line = String::new();
                let result = self.engine.search(&pos, limits, &mut |info| {
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
                    .ok_or_else(|| "bestmove: the engine found no move".to_string())?;
                w(out, &format!("bestmove {}", pos.move_text(best)))
            }
            "options" => {
                no_args(cmd, args)?;
                for line in options.lines() {
                    w(out, &line)?;
                }
                let rules = self.current().rules();
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
                if let Some(line) = options.set(name, value)? {
                    self.engine.set_config(options.config.clone());
                    return w(out, &line);
                }
                let current_rules = self.current().rules().clone();
                let rules = if name == "rules" {
                    G::Rules::profile(value)
                        .map_err(|e| format!("setoption rules: {}", e.message))?
                } else if let Some(option) = name.strip_prefix("rules.") {
                    let mut r = current_rules.clone();
                    r.set_option(option, value)
                        .map_err(|e| format!("setoption {name}: {}", e.message))?;
                    r
                } else {
                    return Err(format!(
                        "setoption: unknown option {name:?} (see options; rule options are rules.<name>)"
                    ));
                };
                let (history, moves) = self.with_rules(rules)?;
                self.history = history;
                self.moves = moves;
                let rules = self.current().rules();
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

fn new_session<G: Evaluate>(
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
    let lines = position_lines(&start, 0);
    Ok((Box::new(GameSession::new(start, options)), lines))
}

/// The protocol's state: the game and the engine options.
pub struct Protocol {
    session: Option<Box<dyn Session>>,
    options: EngineOptions,
}

impl Default for Protocol {
    fn default() -> Self {
        Self::new()
    }
}

impl Protocol {
    /// A fresh protocol state (no game yet: Bao la Kiswahili at the start is used).
    pub fn new() -> Self {
        Protocol {
            session: None,
            options: EngineOptions::default(),
        }
    }

    /// Handles one input line, writing the complete response (ending with `ok`).
    /// Returns `false` after `quit`. An empty line is answered with a bare `ok`, so that a
    /// controller waiting for `ok` never hangs (notation.md §5: every response ends with `ok`).
    pub fn handle_line(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<bool> {
        let line = line.trim();
        if line.is_empty() {
            writeln!(out, "ok")?;
            out.flush()?;
            return Ok(true);
        }
        let (cmd, args) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        let cmd = cmd.to_ascii_lowercase();
        let mut keep_going = true;
        let mut buffer: Vec<u8> = Vec::new();
        let result = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
            match cmd.as_str() {
                "quit" | "exit" => {
                    no_args(&cmd, args)?;
                    keep_going = false;
                    Ok(())
                }
                "info" => {
                    no_args(&cmd, args)?;
                    w(&mut *out, &format!("id bao {}", env!("CARGO_PKG_VERSION")))?;
                    w(&mut *out, "games kiswahili kingulu")?;
                    w(
                        &mut *out,
                        &format!("engine {}", describe_config(&self.options.config)),
                    )
                }
                "newgame" => {
                    let (game, rest) = match args.split_once(char::is_whitespace) {
                        Some((g, r)) => (g, r),
                        None => (args, ""),
                    };
                    if game.is_empty() {
                        return Err("newgame: give the game: kiswahili or kingulu".to_string());
                    }
                    let name: GameName = game.parse().map_err(|e| format!("newgame: {e}"))?;
                    let (session, lines) = with_game!(name, new_session(rest, &self.options))?;
                    self.session = Some(session);
                    w(&mut *out, &lines)
                }
                _ => {
                    if self.session.is_none() {
                        let (session, _) =
                            new_session::<bao_rules::kiswahili::Kiswahili>("", &self.options)?;
                        self.session = Some(session);
                    }
                    let session = self.session.as_mut().expect("just set");
                    // Buffer the response so that an error writes nothing but `err`;
                    // bestmove streams its info lines.
                    if cmd == "bestmove" {
                        session.handle(&cmd, args, &mut self.options, &mut *out)
                    } else {
                        session.handle(&cmd, args, &mut self.options, &mut buffer)
                    }
                }
            }
        }));
        match result {
            Ok(Ok(())) => out.write_all(&buffer)?,
            Ok(Err(message)) => writeln!(out, "err {}", one_line(&message))?,
            Err(panic) => {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown".to_string());
                writeln!(out, "err internal error: {}", one_line(&what))?
            }
        }
        writeln!(out, "ok")?;
        out.flush()?;
        Ok(keep_going)
    }
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

/// Runs the protocol on `input` until `quit` or the end of the input.
pub fn run(mut input: impl BufRead, out: &mut dyn Write) -> std::io::Result<()> {
    let mut protocol = Protocol::new();
    while let Some(line) = crate::play::read_line(&mut input)? {
        if !protocol.handle_line(&line, out)? {
            break;
        }
    }
    Ok(())
}
