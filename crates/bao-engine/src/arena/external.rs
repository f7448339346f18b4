//! An engine in another process, spoken to over the engine protocol (notation.md §5):
//! `info`, `setoption`, `newgame <game> rules <profile> position <text>`, `play <move>`,
//! `bestmove [time MS | depth N]`, each answered by lines ending with `ok`.
//!
//! The command is run by `sh -c`, so it may hold arguments and quotes. Its stdout is read
//! on a thread of its own, so that a silent engine cannot hang the match: a `bestmove`
//! unanswered after [`answer_timeout_ms`] forfeits the game, and the process is started
//! again for the next one. Its stderr is discarded.

use super::player::{MoveLimits, Player};
use crate::Evaluate;
use bao_rules::{GameLine, RuleSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an answer to anything but `bestmove` may take (start-up, `newgame`, `play`).
pub const COMMAND_TIMEOUT_MS: u64 = 20_000;

/// How long a `bestmove` may take before the engine forfeits: five times the move time
/// plus 5 s, or 10 minutes without a move time.
pub fn answer_timeout_ms(limits: &MoveLimits) -> u64 {
    match limits.time_ms {
        Some(ms) => ms.saturating_mul(5).saturating_add(5_000),
        None => 600_000,
    }
}

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // Give it a moment to exit by itself, then end it.
        let t0 = Instant::now();
        while t0.elapsed() < Duration::from_millis(300) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An engine program playing over the engine protocol.
pub struct ExternalPlayer {
    command: String,
    /// `setoption NAME VALUE` lines sent after start-up, as (name, value).
    options: Vec<(String, String)>,
    limits: MoveLimits,
    process: Option<Process>,
    /// How many moves of the current game the engine has been told.
    known: usize,
}

impl ExternalPlayer {
    /// Starts `command` (run by `sh -c`), checks that it answers `info` with an `id`
    /// line and sends the `options`. Errors name the command and what went wrong.
    pub fn start(
        command: &str,
        options: &[(String, String)],
        limits: MoveLimits,
    ) -> Result<ExternalPlayer, String> {
        let mut player = ExternalPlayer {
            command: command.to_string(),
            options: options.to_vec(),
            limits,
            process: None,
            known: 0,
        };
        player.spawn()?;
        Ok(player)
    }

    fn spawn(&mut self) -> Result<(), String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("engine {:?}: cannot start it: {e}", self.command))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("bao-match-engine-reader".into())
            .spawn(move || {
                let reader = BufReader::new(stdout);
                for line in reader.lines() {
                    let Ok(line) = line else { return };
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        self.process = Some(Process {
            child,
            stdin,
            lines: rx,
        });
        let answer = self.request("info", COMMAND_TIMEOUT_MS)?;
        if !answer.iter().any(|l| l.starts_with("id ")) {
            self.process = None;
            return Err(format!(
                "engine {:?}: its answer to info has no id line: {:?}",
                self.command,
                answer.join(" | ")
            ));
        }
        for (name, value) in self.options.clone() {
            self.request(&format!("setoption {name} {value}"), COMMAND_TIMEOUT_MS)?;
        }
        Ok(())
    }

    /// Sends one command and returns its answer lines (without the final `ok`); an `err`
    /// line makes it an error. A process that does not answer within `timeout_ms`, or
    /// that ended, is dropped (ended) and the error says so.
    fn request(&mut self, command: &str, timeout_ms: u64) -> Result<Vec<String>, String> {
        let name = self.command.clone();
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| format!("engine {name:?} is not running"))?;
        let sent = writeln!(process.stdin, "{command}").and_then(|_| process.stdin.flush());
        if let Err(e) = sent {
            self.process = None;
            return Err(format!("engine {name:?}: cannot send {command:?}: {e}"));
        }
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        let mut lines = Vec::new();
        let mut error = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match process.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim().to_string();
                    if line == "ok" {
                        break;
                    }
                    if let Some(message) = line.strip_prefix("err ") {
                        error = Some(message.to_string());
                    } else {
                        lines.push(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.process = None;
                    return Err(format!(
                        "engine {name:?}: no answer to {command:?} within {timeout_ms} ms"
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.process = None;
                    return Err(format!(
                        "engine {name:?}: it exited while answering {command:?}"
                    ));
                }
            }
        }
        match error {
            Some(message) => Err(format!(
                "engine {name:?}: {command:?} was answered err {message}"
            )),
            None => Ok(lines),
        }
    }

    /// The `bestmove` command for the match's limits.
    fn bestmove_command(&self) -> String {
        let mut cmd = "bestmove".to_string();
        if let Some(d) = self.limits.depth {
            cmd.push_str(&format!(" depth {d}"));
        }
        if let Some(t) = self.limits.time_ms {
            cmd.push_str(&format!(" time {t}"));
        }
        cmd
    }
}

impl<G: Evaluate> Player<G> for ExternalPlayer {
    fn new_game(&mut self, line: &GameLine<G>, _game: u64) -> Result<(), String> {
        if self.process.is_none() {
            self.spawn()?;
        }
        let rules = line.rules();
        self.request(
            &format!(
                "newgame {} rules {} position {}",
                G::NAME,
                rules.profile_name(),
                line.start().to_text()
            ),
            COMMAND_TIMEOUT_MS,
        )?;
        for (name, value) in rules.differences() {
            self.request(
                &format!("setoption rules.{name} {value}"),
                COMMAND_TIMEOUT_MS,
            )?;
        }
        self.known = 0;
        Ok(())
    }

    fn choose(&mut self, line: &GameLine<G>) -> Result<G::Move, String> {
        let texts = line.move_texts();
        if self.known > texts.len() {
            return Err("the game line is shorter than the moves sent".to_string());
        }
        for text in &texts[self.known..] {
            self.request(&format!("play {text}"), COMMAND_TIMEOUT_MS)?;
            self.known += 1;
        }
        let cmd = self.bestmove_command();
        let answer = self.request(&cmd, answer_timeout_ms(&self.limits))?;
        let text = answer
            .iter()
            .rev()
            .find_map(|l| l.strip_prefix("bestmove "))
            .ok_or_else(|| {
                format!(
                    "engine {:?}: no bestmove line in its answer to {cmd:?}",
                    self.command
                )
            })?
            .trim()
            .to_string();
        let pos = line.current();
        let mv = pos
            .parse_move(&text)
            .map_err(|e| format!("engine {:?}: bestmove {text}: {e}", self.command))?;
        if !line.legal_moves().contains(&mv) {
            return Err(format!(
                "engine {:?}: bestmove {text} is not legal here",
                self.command
            ));
        }
        Ok(mv)
    }

    fn describe(&self) -> String {
        format!("engine {:?}", self.command)
    }
}
