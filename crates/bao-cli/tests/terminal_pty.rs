//! The terminal: `bao play` as a player meets it on a real terminal (a pty made
//! by util-linux's `script`, 80×24) and through pipes: `TERM=dumb` plays in plain text,
//! Bao la Kiswahili's seed count, Ctrl-C (autosave, exit 130) at the prompt, while the
//! computer thinks and during an animation, typeahead kept while the computer thinks and
//! at the prompt (typed or pasted lines),
//! `save DIR`, and a closed output pipe.

mod common;
use common::{run_in, stdout, BAO};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A Bao la Kiswahili mtaji position where South's A7< takes 14 laps.
const LONG: &str = "3 2 2 1 1 0 0 0 / 2 1 3 1 2 5 1 1 / 0 0 1 1 2 0 3 3 / 5 5 1 3 6 5 4 0 ; S=0 N=0 ; house S- N- ; South ; takasia -";

/// `bao play` on a pty of 80×24 (`script`), fed keys by the test.
struct Pty {
    child: Child,
    stdin: ChildStdin,
    output: Arc<Mutex<Vec<u8>>>,
    /// How much of the output the last [`Pty::expect`] consumed.
    seen: usize,
}

impl Pty {
    /// Starts `bao ARGS` in `dir` with `TERM=term` on an 80×24 pty.
    fn start(dir: &std::path::Path, term: &str, args: &[&str]) -> Pty {
        let quoted: Vec<String> = args
            .iter()
            .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
            .collect();
        let command = format!("stty rows 24 cols 80; exec '{BAO}' {}", quoted.join(" "));
        let mut child = Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .current_dir(dir)
            .env("TERM", term)
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("util-linux `script` runs bao on a pty");
        let stdin = child.stdin.take().unwrap();
        let mut out = child.stdout.take().unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = output.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Pty {
            child,
            stdin,
            output,
            seen: 0,
        }
    }

    /// Types `keys` (`\r` is Enter, `\x03` Ctrl-C).
    fn send(&mut self, keys: &str) {
        self.stdin.write_all(keys.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// All output so far, as text.
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    /// Waits (up to 30 s) for `what` in the output after the last expected text.
    fn expect(&mut self, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let text = self.text();
            if let Some(i) = text.get(self.seen..).and_then(|t| t.find(what)) {
                self.seen += i + what.len();
                return;
            }
            assert!(
                Instant::now() < deadline,
                "no {what:?} after byte {} of:\n{text}",
                self.seen
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits (up to 30 s) for the program to end; its exit code.
    fn exit_code(&mut self) -> Option<i32> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("bao did not end:\n{}", self.text());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The autosave files in `dir` and their texts.
fn autosaves(dir: &std::path::Path) -> Vec<String> {
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("bao-autosave-")
        })
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    texts.sort();
    texts
}

/// The moves of a record text (the line after the empty line).
fn record_moves(record: &str) -> &str {
    record.split("\n\n").nth(1).unwrap_or("").trim_end()
}

/// Item 1: on a `TERM=dumb` terminal `bao play` reads plain lines (no line editor that
/// would hang), writes no escape code, plays and quits.
#[test]
fn a_dumb_terminal_plays_and_quits() {
    let dir = tempfile::tempdir().unwrap();
    let mut bao = Pty::start(dir.path(), "dumb", &["play", "--level", "1", "--seed", "1"]);
    bao.expect("South> ");
    bao.send("A6>\r");
    bao.expect("The computer (North) plays a7>");
    bao.expect("South> ");
    bao.send("quit\r");
    bao.expect("The game is not saved. Quit anyway? [y/N] ");
    bao.send("y\r");
    bao.expect("Bye.");
    assert_eq!(bao.exit_code(), Some(0));
    let text = bao.text();
    assert!(
        !text.contains('\u{1b}'),
        "escape codes on a dumb terminal:\n{text:?}"
    );
    // The board after the computer's reply, in plain text, with the seed count.
    assert!(
        text.contains("Seeds: South 32 (21 in store), North 32 (21 in store)\r\nStage: namua. South (you) to move. Last move: a7> by North.\r\n"),
        "{text}"
    );
}

/// Item 2: Bao la Kiswahili says who is ahead, board and store per side in namua, the
/// board alone in mtaji.
#[test]
fn the_seed_count_is_under_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1"],
        b"quit\n",
    ));
    assert!(
        text.contains(
            "\n  South (you)                              store 22\nSeeds: South 32 (22 in store), North 32 (22 in store)\nStage: namua. South (you) to move.\n"
        ),
        "{text}"
    );
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1", "--position", LONG],
        b"quit\n",
    ));
    assert!(
        text.contains("\nSeeds: South 39, North 25\nStage: mtaji. South (you) to move.\n"),
        "{text}"
    );
    // Bao Kingulu keeps its scores and has no seed line.
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1", "--game", "kingulu"],
        b"quit\n",
    ));
    assert!(!text.contains("Seeds: "), "{text}");
    assert!(text.contains(" Scores: South 24, North 24."), "{text}");
}

/// Item 3: Ctrl-C at the line editor's prompt saves the unsaved game and leaves with 130.
#[test]
fn ctrl_c_at_the_prompt_autosaves_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let mut bao = Pty::start(
        dir.path(),
        "xterm",
        &["play", "--level", "1", "--seed", "1", "--lap-delay", "0"],
    );
    bao.expect("South> ");
    bao.send("A6>\r");
    bao.expect("The computer (North) plays a7>");
    bao.expect("South> ");
    bao.send("\x03");
    bao.expect("Ctrl-C: the game was not saved, so it is in bao-autosave-");
    assert_eq!(bao.exit_code(), Some(130));
    let saved = autosaves(dir.path());
    assert_eq!(saved.len(), 1, "{}", bao.text());
    assert_eq!(record_moves(&saved[0]), "1. A6> a7> *");
}

/// Item 3: Ctrl-C during an animation does not only skip it: the game (with the move
/// being shown) is saved and `bao play` leaves with 130.
#[test]
fn ctrl_c_during_an_animation_autosaves_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let mut bao = Pty::start(
        dir.path(),
        "xterm",
        &[
            "play",
            "--level",
            "1",
            "--lap-delay",
            "3000",
            "--position",
            LONG,
        ],
    );
    bao.expect("South> ");
    bao.send("A7<\r");
    bao.expect("(lap 1 of 14: any key skips)");
    bao.send("\x03");
    bao.expect("Ctrl-C: the game was not saved, so it is in bao-autosave-");
    assert_eq!(bao.exit_code(), Some(130));
    let saved = autosaves(dir.path());
    assert_eq!(saved.len(), 1, "{}", bao.text());
    assert_eq!(record_moves(&saved[0]), "1. A7< *");
    // Any other key skips the animation and the game goes on.
    let mut bao = Pty::start(
        dir.path(),
        "xterm",
        &[
            "play",
            "--level",
            "1",
            "--seed",
            "1",
            "--lap-delay",
            "3000",
            "--position",
            LONG,
        ],
    );
    bao.expect("South> ");
    bao.send("A7<\r");
    bao.expect("(lap 1 of 14: any key skips)");
    bao.send(" ");
    bao.expect("shows it lap by lap)");
    bao.send("\x03");
    assert_eq!(bao.exit_code(), Some(130));
}

/// Items 3 and 4: what is typed while the computer thinks is kept and run after its
/// move, and Ctrl-C while it thinks leaves with 130 too.
#[test]
fn typeahead_while_the_computer_thinks_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    // Level 8 thinks for a second.
    let mut bao = Pty::start(
        dir.path(),
        "xterm",
        &[
            "play",
            "--level",
            "8",
            "--side",
            "north",
            "--lap-delay",
            "0",
        ],
    );
    bao.expect("The computer is thinking");
    bao.send("moves\r");
    bao.expect("The computer (South) plays ");
    // The typed command runs at the prompt without another key.
    bao.expect("North> moves");
    bao.expect("Legal moves: ");
    // The computer's move depends on how far its 1 s search got (a loaded machine
    // searches less deep), so North plays the first of the legal moves listed.
    let text = bao.text();
    let listed = &text[bao.seen..];
    let first = listed
        .split_whitespace()
        .next()
        .expect("a legal move listed")
        .trim_end_matches('.')
        .to_string();
    bao.expect("North> ");
    bao.send(&format!("{first}\r"));
    bao.expect("The computer is thinking");
    bao.send("\x03");
    bao.expect("Ctrl-C: the game was not saved, so it is in bao-autosave-");
    assert_eq!(bao.exit_code(), Some(130));
    let saved = autosaves(dir.path());
    assert_eq!(saved.len(), 1);
    assert!(
        record_moves(&saved[0]).ends_with(&format!(" {first} *")),
        "{}",
        saved[0]
    );
}

/// Lines typed or pasted ahead at the prompt each run in turn (the line editor kept only
/// the first of them before): two lines sent at once, then a bracketed paste of three.
#[test]
fn lines_typed_ahead_at_the_prompt_all_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut bao = Pty::start(
        dir.path(),
        "xterm",
        &["play", "--level", "1", "--lap-delay", "0"],
    );
    bao.expect("South> ");
    bao.send("position\rmoves\r");
    bao.expect("Position: 0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 /");
    bao.expect("Legal moves: A6< A6> A7< A7>");
    bao.expect("South> ");
    // A paste as a terminal sends it (ESC [200~ ... ESC [201~), then Enter.
    bao.send("\x1b[200~moves\rposition\rquit\x1b[201~\r");
    bao.expect("Legal moves: A6< A6> A7< A7>");
    bao.expect("Position: 0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 /");
    bao.expect("South> quit");
    assert_eq!(bao.exit_code(), Some(0), "{}", bao.text());
}

/// Item 8: `save DIR` says that it is a directory (and `save! DIR` too); nothing written.
#[test]
fn saving_to_a_directory_says_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1", "--game", "kingulu"],
        b"A3\nsave games\nsave! games\nquit\n",
    ));
    let said = "Not saved: games is a directory. Give a file name, e.g. save games/game.bao";
    assert_eq!(text.lines().filter(|l| *l == said).count(), 2, "{text}");
    assert_eq!(
        std::fs::read_dir(dir.path().join("games")).unwrap().count(),
        0
    );
}

/// Item 6: `yes moves | bao play --plain | head -1` ends by itself once `head` is gone.
#[test]
fn a_closed_output_pipe_ends_the_game() {
    let started = Instant::now();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "yes moves | '{BAO}' play --plain | head -1; echo \"bao: ${{PIPESTATUS:-done}}\""
        ))
        .output()
        .unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "took {:?}",
        started.elapsed()
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "Bao la Kiswahili: you play South, the computer plays North (level 5: alpha-beta\n"
        ),
        "{text}"
    );
    assert_eq!(text.lines().count(), 2, "{text}");
}

/// Item 9: a nyumba lost in a lap (K-R8.2) is drawn as an ordinary hole from that lap on,
/// as the caption says; a hint's score has one pair of parentheses.
#[test]
fn explain_frames_and_hints_read_right() {
    let dir = tempfile::tempdir().unwrap();
    let position = "8 8 8 8 0 0 0 0 / 0 0 0 0 0 0 0 2 / 0 1 0 0 3 0 0 0 / 9 9 8 0 0 0 0 0 ; S=0 N=0 ; house S+ N- ; South ; takasia -";
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1", "--position", position],
        b"A5<\nexplain 1\nquit\n",
    ));
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("Lap 1 of 3: "))
        .unwrap();
    assert_eq!(
        lines[start..start + 11],
        [
            "Lap 1 of 3: lifts 3 seeds from A5, South loses the nyumba A5, sows 3 seeds",
            "anticlockwise, ending in A2.",
            "  North (computer, level 1)                 store 0",
            "        8     7     6     5     4     3     2     1",
            "  b     8     8     8     8     0     0     0     0",
            "  a     0     0     0     0     0     0     0     2",
            "     ----------------------------------------------",
            "  A     0     2     1     1     0     0     0     0",
            "  B     9     9     8     0     0     0     0     0",
            "        1     2     3     4     5     6     7     8",
            "  South (you)                               store 0",
        ]
    );
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--level", "1"],
        b"hint\nquit\n",
    ));
    let hint = text.lines().find(|l| l.starts_with("Hint: ")).unwrap();
    assert!(
        hint.ends_with(" seeds for the side to move (depth 6).") && !hint.contains("))"),
        "{hint}"
    );
    assert_eq!(hint.matches('(').count(), 1, "{hint}");
}
