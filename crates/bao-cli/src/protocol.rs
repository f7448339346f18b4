//! `bao engine`: the stateful line protocol of notation.md §5.
//!
//! Every response ends with `ok`; an error is one line `err <message>` before the `ok` and
//! leaves the state unchanged. Until the first `newgame`, the game is Bao la Kiswahili
//! under the default profile, at the start. The game is a [`GameLine`]: the protocol
//! agrees with every other front end on when a game is over (the rules' end, G-R15's
//! third occurrence, K-R12.4's OPT-MAX-PLIES) and that no move is legal then.
//!
//! [`run`] reads the input on a thread of its own, so that `stop` and `quit` act while a
//! `bestmove` or `perft` runs: `stop` ends every `bestmove`/`perft` read before it that
//! is still running or waiting (`bestmove` answers with its best move so far, `perft`
//! with `err stopped`) and has no response of its own; `quit` does the same, then answers
//! `ok` and exits. Other commands read during a running command wait their turn (they are
//! queued and answered in order).

use crate::common::{describe_config, GameName, MAX_HASH_MB};
use crate::with_game;
use bao_engine::{format_info, Engine, EngineConfig, Evaluate, Limits, Searcher, TimeRule};
use bao_rules::{Game, GameLine, RuleSet};
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// The commands, for `err unknown command` messages.
const COMMANDS: &str =
    "info, newgame, position, validmoves, play, undo, perft, bestmove, go, stop, options, setoption, quit";

/// The longest input line read, in bytes (longer lines are answered with an error).
pub const MAX_LINE_BYTES: usize = 1 << 16;

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

/// `text` cut to at most `max` characters (with `…`), for echoing input in messages.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max).collect();
        s.push('…');
        s
    }
}

/// A game in progress, whatever the game.
trait Session {
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

struct GameSession<G: Evaluate> {
    /// The game: start, moves, positions, outcome.
    line: GameLine<G>,
    engine: Engine<G>,
}

/// The position lines: the text, and `result ...` once the game is over (notation.md §2):
/// the rules' end, the third occurrence (G-R15) or OPT-MAX-PLIES (K-R12.4).
fn position_lines<G: Game>(line: &GameLine<G>) -> String {
    match line.outcome() {
        Some(outcome) => format!("{}\nresult {outcome}", line.current().to_text()),
        None => line.current().to_text(),
    }
}

impl<G: Evaluate> GameSession<G> {
    fn new(start: G, options: &EngineOptions) -> Self {
        GameSession {
            line: GameLine::new(start),
            engine: Engine::new(options.config.clone()),
        }
    }

    /// The game replayed under other rules (from the start position under them when the
    /// game began at the start).
    fn with_rules(&self, rules: G::Rules) -> Result<GameLine<G>, String> {
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
    fn perft(&self, depth: u32, until: &dyn Fn() -> bool) -> Result<u64, String> {
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

/// The limits of one search: `None` = the level's own (a bare `bestmove` or `go`);
/// otherwise the limits given, which replace the level's entirely (so that the time
/// governs at any level), with `Full` time use when a time is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SearchLimits {
    limits: Option<Limits>,
}

/// The `bestmove` limits from `depth 6 time 1000 nodes 50000` (any subset, any order).
fn bestmove_limits(args: &str, searcher: Searcher) -> Result<SearchLimits, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    if !words.len().is_multiple_of(2) {
        return Err(format!(
            "bestmove: expected pairs like depth 6, time 1000, nodes 50000; got {args:?}"
        ));
    }
    let mut limits = Limits::default();
    for pair in words.chunks(2) {
        let value: u64 = pair[1]
            .parse()
            .map_err(|_| format!("bestmove {}: {:?} is not a number", pair[0], pair[1]))?;
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
    check_limits("bestmove", limits, searcher)?;
    Ok(SearchLimits {
        limits: (!words.is_empty()).then_some(limits),
    })
}

/// The `go` limits (UCI's words): `movetime MS`, `depth N`, `nodes N`, `infinite` (no
/// limit: until `stop`), any subset; bare `go` is a bare `bestmove`.
fn go_limits(args: &str, searcher: Searcher) -> Result<SearchLimits, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    if words.is_empty() {
        return Ok(SearchLimits { limits: None });
    }
    let mut limits = Limits::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        if word == "infinite" {
            i += 1;
            continue;
        }
        if !["movetime", "depth", "nodes"].contains(&word) {
            return Err(format!(
                "go: unknown limit {word:?} (expected movetime, depth, nodes, infinite)"
            ));
        }
        let text = words
            .get(i + 1)
            .ok_or_else(|| format!("go {word}: give a number"))?;
        let value: u64 = text
            .parse()
            .map_err(|_| format!("go {word}: {text:?} is not a number"))?;
        match word {
            "movetime" => limits.time_ms = Some(value),
            "depth" => limits.depth = Some(value.min(u64::from(u32::MAX)) as u32),
            _ => limits.nodes = Some(value),
        }
        i += 2;
    }
    check_limits("go", limits, searcher)?;
    Ok(SearchLimits {
        limits: Some(limits),
    })
}

fn check_limits(cmd: &str, limits: Limits, searcher: Searcher) -> Result<(), String> {
    if limits.depth == Some(0) {
        return Err(format!(
            "{cmd} depth 0: the depth is in plies and must be at least 1"
        ));
    }
    if limits.depth.is_some() && searcher == Searcher::Mcts {
        return Err(format!(
            "{cmd} depth: the mcts searcher has no depth limit; give time or nodes"
        ));
    }
    Ok(())
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
                    go_limits(args, options.config.searcher)?
                } else {
                    bestmove_limits(args, options.config.searcher)?
                };
                if let Some(outcome) = self.line.outcome() {
                    return Err(format!("{cmd}: the game is over (result {outcome})"));
                }
                // Limits given replace the level's; a time given is a move time (searched
                // in full, TimeRule::Full). A bare command keeps the level's limits and its
                // budget rule.
                let mut config = options.config.clone();
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
                for line in options.lines() {
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
                if let Some(line) = options.set(name, value)? {
                    self.engine.set_config(options.config.clone());
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
    let session = GameSession::new(start, options);
    let lines = position_lines(&session.line);
    Ok((Box::new(session), lines))
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

/// Whether `line` is the command `word` alone (`stop`, `quit`; case-insensitive).
fn is_bare(line: &str, word: &str) -> bool {
    line.trim().eq_ignore_ascii_case(word)
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
    /// controller waiting for `ok` never hangs (notation.md §5: every response ends with
    /// `ok`); `stop` has no response (it acts on a running command, see [`run`]).
    pub fn handle_line(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<bool> {
        self.handle_line_until(line, out, &|| false)
    }

    /// [`Protocol::handle_line`] with a stop check: a `bestmove` or `perft` ends early
    /// when `until()` turns true (`bestmove` answers its best move so far, `perft`
    /// `err stopped`).
    pub fn handle_line_until(
        &mut self,
        line: &str,
        out: &mut dyn Write,
        until: &dyn Fn() -> bool,
    ) -> std::io::Result<bool> {
        let line = line.trim();
        if line.is_empty() {
            writeln!(out, "ok")?;
            out.flush()?;
            return Ok(true);
        }
        if is_bare(line, "stop") {
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
                "stop" => Err(format!("stop takes no arguments, got {args:?}")),
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
                    if cmd == "bestmove" || cmd == "go" {
                        session.handle(&cmd, args, &mut self.options, &mut *out, until)
                    } else {
                        session.handle(&cmd, args, &mut self.options, &mut buffer, until)
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

/// One line of input: the text (invalid UTF-8 replaced by U+FFFD), or a line that was
/// longer than [`MAX_LINE_BYTES`] (its length so far).
enum Input {
    Line(String),
    TooLong(usize),
}

/// Reads one line of at most [`MAX_LINE_BYTES`] bytes; a longer line is skipped to its
/// end (never held in memory). `None` at the end of the input.
fn read_bounded(input: &mut dyn BufRead) -> std::io::Result<Option<Input>> {
    let mut bytes = Vec::new();
    let mut total = 0usize;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = chunk.len();
        if total + n <= MAX_LINE_BYTES + 1 {
            bytes.extend_from_slice(chunk);
        }
        total += n;
        input.consume(n);
        if found {
            break;
        }
    }
    if total == 0 {
        return Ok(None);
    }
    if total > MAX_LINE_BYTES + 1 {
        return Ok(Some(Input::TooLong(total)));
    }
    Ok(Some(Input::Line(
        String::from_utf8_lossy(&bytes).into_owned(),
    )))
}

/// A message from the input thread to the command loop.
enum Message {
    /// A command line and its number (1, 2, ... in input order; `stop` lines are not
    /// sent).
    Line(u64, Input),
    /// Reading failed.
    Error(std::io::Error),
}

/// How long `quit` lets the commands read before it finish before it stops them, in
/// milliseconds (so that a script ending with `quit` gets every answer, and a `quit`
/// sent during a long search still exits promptly).
pub const QUIT_GRACE_MS: u64 = 250;

/// The stop marks the input thread sets and the running command looks at.
struct Marks {
    /// Every command numbered up to this one is to stop now (`stop`).
    stop_upto: AtomicU64,
    /// Every command numbered up to this one is to stop at `quit_at` (`quit`).
    quit_upto: AtomicU64,
    /// Milliseconds after `base` at which `quit_upto` applies.
    quit_at: AtomicU64,
    base: std::time::Instant,
}

impl Marks {
    fn stops(&self, number: u64) -> bool {
        self.stop_upto.load(Ordering::SeqCst) >= number
            || (self.quit_upto.load(Ordering::SeqCst) >= number
                && self.base.elapsed().as_millis() as u64 >= self.quit_at.load(Ordering::SeqCst))
    }
}

/// Runs the protocol on `input` until `quit` or the end of the input.
///
/// The input is read on a thread of its own while the commands run here, in order. A
/// `stop` line marks every command read before it: a `bestmove` or `perft` among them
/// that is still running or waiting stops at once (the search looks every 16 nodes, perft
/// at every interior node, so it answers within milliseconds). `stop` itself is not
/// answered. A `quit` line marks them the same way, effective [`QUIT_GRACE_MS`] after it
/// was read; it is answered with `ok` in its turn and ends the loop (the input thread,
/// blocked in a read, ends with the process). The end of the input waits for every
/// command.
pub fn run(input: impl BufRead + Send + 'static, out: &mut dyn Write) -> std::io::Result<()> {
    let marks = Arc::new(Marks {
        stop_upto: AtomicU64::new(0),
        quit_upto: AtomicU64::new(0),
        quit_at: AtomicU64::new(u64::MAX),
        base: std::time::Instant::now(),
    });
    let (tx, rx) = mpsc::channel::<Message>();
    let reader_marks = marks.clone();
    std::thread::Builder::new()
        .name("bao-engine-input".into())
        .spawn(move || {
            let marks = reader_marks;
            let mut input = input;
            let mut number = 0u64;
            loop {
                match read_bounded(&mut input) {
                    Ok(Some(line)) => {
                        if let Input::Line(l) = &line {
                            if is_bare(l, "stop") {
                                marks.stop_upto.fetch_max(number, Ordering::SeqCst);
                                continue;
                            }
                            if is_bare(l, "quit") || is_bare(l, "exit") {
                                let at = marks.base.elapsed().as_millis() as u64 + QUIT_GRACE_MS;
                                marks.quit_at.fetch_min(at, Ordering::SeqCst);
                                marks.quit_upto.fetch_max(number, Ordering::SeqCst);
                            }
                        }
                        number += 1;
                        if tx.send(Message::Line(number, line)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => return,
                    Err(e) => {
                        let _ = tx.send(Message::Error(e));
                        return;
                    }
                }
            }
        })?;
    let mut protocol = Protocol::new();
    for message in rx {
        match message {
            Message::Line(number, Input::Line(line)) => {
                let until = || marks.stops(number);
                if !protocol.handle_line_until(&line, out, &until)? {
                    break;
                }
            }
            Message::Line(_, Input::TooLong(n)) => {
                writeln!(
                    out,
                    "err input line too long ({n} bytes; the limit is {MAX_LINE_BYTES})\nok"
                )?;
                out.flush()?;
            }
            Message::Error(e) => return Err(e),
        }
    }
    Ok(())
}
