//! End to end: `bao play --plain` driven through a pipe, like a person at a terminal
//! (moves, an illegal and a malformed entry, undo, hint, save, and --load).

use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Game;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

const BAO: &str = env!("CARGO_BIN_EXE_bao");

/// A running `bao` with its output read line by line on a thread.
struct Bao {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far, for failure messages and global checks.
    transcript: Vec<String>,
}

impl Bao {
    fn start(args: &[&str]) -> Bao {
        let mut child = Command::new(BAO)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("bao starts");
        let stdout = child.stdout.take().unwrap();
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        Bao {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        self.transcript.push(format!(">>> {line}"));
    }

    /// Reads lines until one satisfies `pred`; returns it.
    fn wait_for(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(120)) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    if pred(&line) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "timed out or eof waiting for {what}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    fn expect_line(&mut self, exact: &str) {
        let e = exact.to_string();
        self.wait_for(exact, move |l| l == e);
    }

    fn expect_prefix(&mut self, prefix: &str) -> String {
        let p = prefix.to_string();
        self.wait_for(prefix, move |l| l.starts_with(&p))
    }

    /// A message starting with `prefix`, with the lines it is wrapped onto (80
    /// columns): returns the lines read, as many as `bao` wraps `expected` onto.
    fn expect_wrapped(&mut self, prefix: &str, expected: &str) -> Vec<String> {
        let want = bao_cli::play::text::wrap(expected, 80);
        let mut got = vec![self.expect_prefix(prefix)];
        while got.len() < want.len() {
            got.push(self.wait_for("the rest of the message", |_| true));
        }
        assert_eq!(got, want, "transcript:\n{}", self.transcript.join("\n"));
        got
    }

    /// The next position text: a `Position: ` line and the lines it goes on to (a line
    /// that goes on ends with `/` or `;`, so that every line fits 80 columns).
    fn position(&mut self) -> String {
        let mut lines = vec![self.expect_prefix("Position: ")];
        while lines
            .last()
            .is_some_and(|l| l.ends_with('/') || l.ends_with(';'))
        {
            lines.push(self.wait_for("the rest of the position", |_| true));
        }
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        bao_cli::play::text::join_position_lines(&refs)
    }

    fn legal_moves(&mut self) -> Vec<String> {
        self.send("moves");
        let line = self.expect_prefix("Legal moves: ");
        line["Legal moves: ".len()..]
            .split(' ')
            .map(str::to_string)
            .collect()
    }

    /// Sends a move the human plays and waits for the position after it and (unless the
    /// game ended) the computer's reply. Returns the last position.
    fn play_exchange(&mut self, mv: &str) -> String {
        self.send(mv);
        self.wait_for(&format!("You play {mv}"), |l| {
            l.starts_with("You (") && l.ends_with(&format!(" play {mv}"))
        });
        let after_human = self.position();
        let next = self.wait_for("the computer's move or the end", |l| {
            l.starts_with("The computer (") || l.starts_with("Game over. ")
        });
        if next.starts_with("Game over. ") {
            return after_human;
        }
        self.position()
    }

    fn finish(mut self) -> Vec<String> {
        drop(self.stdin.take());
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(60)) {
            self.transcript.push(line);
        }
        let status = self.child.wait().unwrap();
        assert!(status.success(), "bao exited with {status}");
        self.transcript
    }
}

/// The position texts of a transcript (each `Position: ` line joined with the lines it
/// goes on to).
fn positions_in(text: &str) -> Vec<String> {
    let mut positions = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("Position: ") {
            let mut parts = vec![line];
            while parts
                .last()
                .is_some_and(|l| l.ends_with('/') || l.ends_with(';'))
            {
                match lines.next() {
                    Some(l) => parts.push(l),
                    None => break,
                }
            }
            positions.push(bao_cli::play::text::join_position_lines(&parts));
        }
    }
    positions
}

fn no_escape_codes(transcript: &[String]) {
    for line in transcript {
        assert!(
            !line.contains('\u{1b}'),
            "escape code in plain output: {line:?}"
        );
    }
}

/// The full session for one game: `first` and `illegal` are a legal first move and a
/// well-formed illegal one; `other_side` a move naming one of the computer's holes.
/// The message `bao play` prints for a move the rules refuse: the rules crate's own
/// `parse_move` message for that position, in the CLI's sentence.
fn refusal<G: Game>(position: &str, text: &str) -> String {
    let pos = G::from_text(position, &Default::default()).expect("a valid position");
    let err = pos.parse_move(text).expect_err("a refused move");
    format!("Cannot play {text:?}: {}.", err.message)
}

#[allow(clippy::too_many_arguments)]
fn session(
    refused: fn(&str, &str) -> String,
    game: &str,
    level: &str,
    start_text: &str,
    start_moves: &str,
    illegal: &str,
    other_side: &str,
    own_holes: &str,
) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.bao");
    let file = file.to_str().unwrap();

    let mut bao = Bao::start(&[
        "play", "--plain", "--game", game, "--level", level, "--seed", "7",
    ]);
    bao.expect_prefix("Type 'help'");
    assert_eq!(bao.position(), start_text);
    assert_eq!(bao.legal_moves().join(" "), start_moves);

    // A first exchange.
    let first = start_moves.split(' ').next().unwrap();
    let after_first = bao.play_exchange(first);
    assert!(
        after_first.ends_with("; South") || after_first.contains("; South ;"),
        "{after_first}"
    );

    // A malformed entry: rejected, the game goes on.
    bao.send("Z9?");
    bao.expect_wrapped("Cannot play ", &refused(&after_first, "Z9?"));
    bao.expect_line("Type 'moves' for the legal moves or 'help' for how to write them.");

    // A well-formed move that is not legal here.
    bao.send(illegal);
    bao.expect_wrapped("Cannot play ", &refused(&after_first, illegal));

    // A hole of the other side: the message mentions that case matters.
    bao.send(other_side);
    let hole = &other_side[..2];
    let refusal = refused(&after_first, other_side);
    bao.expect_wrapped(
        "Cannot play ",
        &format!(
            "{refusal} Note: hole names are case-sensitive; {hole} is North's hole, yours are {own_holes}."
        ),
    );

    // The game went on: same position, and a second exchange.
    bao.send("board");
    assert_eq!(bao.position(), after_first);
    let moves = bao.legal_moves();
    assert!(!moves.is_empty());
    let after_second = bao.play_exchange(&moves[0]);
    assert_ne!(after_second, after_first);

    // Undo takes back the human's move and the computer's reply.
    bao.send("undo");
    bao.expect_prefix("Took back 2 plies: ");
    assert_eq!(bao.position(), after_first);

    // A hint names a legal move: `Hint: A5> (+0.19 ...)` from the search, `Hint: A6: win
    // in 17 plies, ...` where the solver proves it (Bao Kingulu).
    bao.send("hint");
    let hint = bao.expect_prefix("Hint: ");
    let hinted = hint["Hint: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .trim_end_matches(':')
        .to_string();
    assert!(moves.contains(&hinted), "{hint} not in {moves:?}");

    // Save, quit, load: the same position.
    bao.send(&format!("save {file}"));
    bao.expect_wrapped(
        "Saved the game to ",
        &format!(
            "Saved the game to {file} (1 move). Continue it with: {}",
            bao_cli::play::text::command(&format!("bao play --load {file}"))
        ),
    );
    bao.send("quit");
    bao.expect_line("Bye.");
    let transcript = bao.finish();
    no_escape_codes(&transcript);

    let record = std::fs::read_to_string(file).unwrap();
    assert!(
        record.starts_with(&format!("[Game \"{game}\"]\n")),
        "{record}"
    );
    assert!(
        record.contains(&format!("[South \"you\"]\n[North \"bao level {level}\"]\n")),
        "{record}"
    );
    assert!(record.contains("[Result \"*\"]\n"), "{record}");

    // The side and level come back from the record's South/North tags.
    let mut loaded = Bao::start(&["play", "--plain", "--load", file]);
    // As many moves as the save said (moves, not plies: docs/cli.md "Moves and plies").
    loaded.expect_line(&format!("Loaded {file}: 1 move."));
    loaded.expect_line(&format!(
        "Restored from the record: you play South, the computer plays at level {level}."
    ));
    assert_eq!(loaded.position(), after_first);
    loaded.send("quit");
    loaded.expect_line("Bye.");
    no_escape_codes(&loaded.finish());

    // The saved game replays in plain mode, ending at the same position.
    let out = Command::new(BAO)
        .args(["replay", "--plain", file])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let positions = positions_in(&text);
    assert_eq!(positions.len(), 3, "{text}");
    assert_eq!(positions[0], start_text);
    assert_eq!(positions[2], after_first);
    assert!(text.ends_with("Result: unfinished.\n"), "{text}");
}

#[test]
fn kiswahili_through_a_pipe() {
    session(
        refusal::<Kiswahili>,
        "kiswahili",
        "3",
        "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -",
        "A6< A6> A7< A7>",
        "B1>",
        "a6>",
        "A1-A8 and B1-B8",
    );
}

#[test]
fn kingulu_through_a_pipe() {
    session(
        refusal::<Kingulu>,
        "kingulu",
        // Bao Kingulu's level 4 is depth 2, as Bao la Kiswahili's level 3.
        "4",
        "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
        "A3 A4 A5 A6",
        "A1",
        "a3",
        "A1-A6",
    );
}

#[test]
fn bad_arguments_fail_with_a_message() {
    let out = Command::new(BAO)
        .args(["play", "--level", "11"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--level"), "{err}");

    let out = Command::new(BAO)
        .args(["play", "--load", "/nonexistent/game.bao"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "bao: error: cannot read /nonexistent/game.bao: No such file or directory (os error 2)\n"
    );

    let out = Command::new(BAO)
        .args(["play", "--game", "chess"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("unknown game \"chess\": expected kiswahili or kingulu"),
        "{err}"
    );
}

#[test]
fn end_of_input_leaves_cleanly() {
    let out = Command::new(BAO)
        .args(["play", "--game", "kingulu"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with("End of input: leaving the game.\n"),
        "{text}"
    );
    assert!(!text.contains('\u{1b}'));
}

#[test]
fn the_end_says_who_won_and_why() {
    let run = |position: &str| {
        let mut child = Command::new(BAO)
            .args(["play", "--plain", "--position", position])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"moves\nA1>\nquit\n")
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    // North's front row is empty: South (the human) has won.
    let text = run("2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 4 4 4 4 4 4 4 4 ; S=0 N=0 ; house S- N- ; North ; takasia -");
    assert!(
        text.contains("\nGame over: South wins: the loser's front row was emptied (bao hamna). You won.\nYou can still 'undo', 'new', 'save FILE' or 'quit'.\nNo legal moves: the game is over.\nThe game is over: 'undo', 'new', 'save FILE' or 'quit'.\nBye.\n"),
        "{text}"
    );
    // South's front row is empty: the computer has won.
    let text = run("4 4 4 4 4 4 4 4 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 ; S=0 N=0 ; house S- N- ; South ; takasia -");
    // 87 characters, wrapped at the last space before column 80.
    assert!(
        text.contains(
            "\nGame over: North wins: the loser's front row was emptied (bao hamna). The\ncomputer won.\n"
        ),
        "{text}"
    );
}

#[test]
fn level_new_and_unknown_commands() {
    let mut child = Command::new(BAO)
        .args(["play", "--plain", "--game", "kingulu", "--level", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"level 11\nlevel 2\nA3\nnew\nfrobnicate\nQUIT\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for expected in [
        "\nlevel: give a level from 1 to 10 (now 3).\n",
        "\nThe computer now plays at level 2 (greedy, misses 50% of captures).\n",
        "\nYou (South) play A3\n",
        "\nThe computer (North) plays ",
        "\nA new game.\n",
        // 81 characters, wrapped at the last space before column 80.
        "\nPosition: 4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South\nUnknown command \"frobnicate\". Type 'help' for the commands, or a move such as\nA3.\nBye.\n",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert!(text.contains("  North (computer, level 2)"), "{text}");
}
