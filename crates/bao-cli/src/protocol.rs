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

use crate::common::{describe_config, MAX_HASH_MB};
use bao_engine::{format_info, Engine, EngineConfig, Evaluate, Limits, Searcher, TimeRule};
use bao_rules::with_game;
use bao_rules::GameKind;
use bao_rules::{Game, GameLine, RuleSet};
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

mod limits;
mod options;
mod session;

use limits::*;
use options::*;
use session::*;

/// The commands, for `err unknown command` messages.
const COMMANDS: &str =
    "info, newgame, position, validmoves, play, undo, perft, bestmove, go, stop, options, setoption, quit";

/// The longest input line read, in bytes (longer lines are answered with an error).
pub const MAX_LINE_BYTES: usize = 1 << 16;

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
                    let name: GameKind = game.parse().map_err(|e| format!("newgame: {e}"))?;
                    let (session, lines) =
                        with_game!(name, G => new_session::<G>(rest, &self.options))?;
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
