//! The engine protocol (notation.md §5): exact transcripts of `bao engine`.

mod common;
use common::{run_in, stdout};
use std::io::Write;
use std::process::{Command, Stdio};

const BAO: &str = env!("CARGO_BIN_EXE_bao");

const KISWAHILI_START: &str = "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -";
const KINGULU_START: &str = "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South";

/// Runs `bao engine` on `input` and returns its stdout.
fn engine(input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(dir.path(), &["engine"], input.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "bao engine wrote to stderr"
    );
    stdout(&out)
}

/// `(command, response lines without the final ok)` → the expected transcript.
fn transcript(steps: &[(&str, &[&str])]) -> (String, String) {
    let mut input = String::new();
    let mut output = String::new();
    for (cmd, lines) in steps {
        input.push_str(cmd);
        input.push('\n');
        for l in *lines {
            output.push_str(l);
            output.push('\n');
        }
        output.push_str("ok\n");
    }
    (input, output)
}

fn check(steps: &[(&str, &[&str])]) {
    let (input, expected) = transcript(steps);
    assert_eq!(engine(&input), expected, "input:\n{input}");
}

#[test]
fn kiswahili_newgame_validmoves_play_undo_perft() {
    let after_a6 = "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -";
    let after_a6_a6 = "0 0 0 0 0 0 0 0 / 0 2 0 7 1 1 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=21 ; house S+ N+ ; South ; takasia -";
    check(&[
        ("newgame kiswahili", &[KISWAHILI_START]),
        ("validmoves", &["A6< A6> A7< A7>"]),
        ("perft 0", &["1"]),
        ("perft 1", &["4"]),
        ("perft 2", &["14"]),
        ("perft 3", &["38"]),
        ("play A6>", &[after_a6]),
        ("validmoves", &["a6< a6> a7< a7>"]),
        ("play a6<", &[after_a6_a6]),
        ("position", &[after_a6_a6]),
        ("undo", &[after_a6]),
        ("play a6<", &[after_a6_a6]),
        ("undo 2", &[KISWAHILI_START]),
        ("quit", &[]),
    ]);
}

#[test]
fn kiswahili_errors_leave_the_state_unchanged() {
    check(&[
        ("newgame kiswahili", &[KISWAHILI_START]),
        (
            "play A9>",
            &["err play: move \"A9>\": no such hole \"A9\" (holes are A1..A8, B1..B8, a1..a8, b1..b8)"],
        ),
        ("play", &["err play: give a move, e.g. play A6>"]),
        ("undo", &["err undo 1: only 0 moves played"]),
        ("undo two", &["err undo: \"two\" is not a number of moves"]),
        ("perft x", &["err perft: \"x\" is not a depth (a number ≥ 0)"]),
        ("position extra", &["err position takes no arguments, got \"extra\""]),
        (
            "frobnicate",
            &["err unknown command \"frobnicate\" (commands: info, newgame, position, validmoves, play, undo, perft, bestmove, go, stop, options, setoption, quit)"],
        ),
        (
            "newgame backgammon",
            &["err newgame: unknown game \"backgammon\": expected kiswahili or kingulu"],
        ),
        (
            "newgame kiswahili rules nope",
            &["err newgame: unknown rules profile \"nope\"; known profiles: mancala-world, de-voogt, kiba, kujifunza"],
        ),
        (
            "newgame kiswahili position 1 2 3",
            &["err newgame: cannot read position field position: expected 5 fields separated by `;` (rows; stores; house; side; takasia), found 1 (text \"1 2 3\")"],
        ),
        ("newgame", &["err newgame: give the game: kiswahili or kingulu"]),
        (
            "newgame kiswahili rules",
            &["err newgame: rules needs a profile name: mancala-world, de-voogt, kiba, kujifunza"],
        ),
        (
            "newgame kingulu position",
            &["err newgame: position needs a position text (notation.md §2)"],
        ),
        (
            "newgame kingulu extra",
            &["err newgame: unexpected \"extra\" (expected newgame <game> [rules <profile>] [position <text>])"],
        ),
        ("bestmove depth", &["err bestmove: expected pairs like depth 6, time 1000, nodes 50000; got \"depth\""]),
        ("bestmove speed 3", &["err bestmove: unknown limit \"speed\" (expected depth, time, nodes)"]),
        ("setoption level 11", &["err setoption level: \"11\" is not a level 1-10"]),
        ("setoption hash 999999999999", &["err setoption hash: 999999999999 MiB is out of range 1-4096"]),
        ("setoption hash 0", &["err setoption hash: 0 MiB is out of range 1-4096"]),
        // A blank line is answered with a bare ok (every response ends with ok).
        ("", &[]),
        ("setoption", &["err setoption: expected setoption <name> <value>, got \"\""]),
        (
            "setoption colour blue",
            &["err setoption: unknown option \"colour\" (see options; rule options are rules.<name>)"],
        ),
        // Nothing changed.
        ("position", &[KISWAHILI_START]),
        ("validmoves", &["A6< A6> A7< A7>"]),
    ]);
}

#[test]
fn finished_positions_print_the_result() {
    let won = "2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 4 4 4 4 4 4 4 4 ; S=0 N=0 ; house S- N- ; North ; takasia -";
    check(&[
        (
            &format!("newgame kiswahili position {won}"),
            &[won, "result South bao-hamna"],
        ),
        ("validmoves", &[""]),
        ("perft 0", &["1"]),
        ("perft 1", &["0"]),
        (
            "play b1>",
            &["err play b1>: the game is over (result South bao-hamna)"],
        ),
        (
            "bestmove depth 1",
            &["err bestmove: the game is over (result South bao-hamna)"],
        ),
        ("position", &[won, "result South bao-hamna"]),
    ]);
}

#[test]
fn kingulu_transcript() {
    // Each side plays its first legal move: South wins on the count after 18 plies.
    let moves = [
        "A3", "a1", "A1", "a3", "A2", "a4", "A2", "a6", "A2", "a3", "A1", "a4", "A2", "a2", "A1",
        "a4", "A4", "a3",
    ];
    let mut input =
        String::from("newgame kingulu\nvalidmoves\nperft 1\nperft 2\nperft 3\nplay A3\nundo\n");
    for m in moves {
        input.push_str(&format!("play {m}\n"));
    }
    input.push_str("validmoves\nposition\nundo\nvalidmoves\nplay A1\n");
    let out = engine(&input);
    let lines: Vec<&str> = out.lines().collect();
    let after_a3 = "1 0 6 6 0 1 / 6 6 2 7 0 6 ; S=7 N=0 ; North"; // G-T2
    assert_eq!(
        lines[..14],
        [
            KINGULU_START,
            "ok",
            "A3 A4 A5 A6",
            "ok",
            "4",
            "ok",
            "15",
            "ok",
            "50",
            "ok",
            after_a3,
            "ok",
            KINGULU_START,
            "ok"
        ]
    );
    assert_eq!(lines[14], after_a3);
    let end = "2 1 1 0 0 0 / 0 0 5*N 0 1 11 ; S=13 N=14 ; South";
    let before_end = "2 1 0 1 0 0 / 0 0 5*N 0 1 11 ; S=13 N=14 ; North";
    assert_eq!(
        lines[lines.len() - 14..],
        [
            end,
            "result South score",
            "ok",
            "",
            "ok",
            end,
            "result South score",
            "ok",
            before_end,
            "ok",
            "a3 a6",
            "ok",
            "err play: move \"A1\": illegal: A1 is South's pit but North is to move (G-R1)",
            "ok",
        ]
    );
}

#[test]
fn options_and_setoption() {
    let out = engine("newgame kingulu\noptions\nsetoption level 3\nsetoption depth 5\nsetoption time none\nsetoption rules.first-player north\nposition\nsetoption rules default\nposition\noptions\n");
    // The defaults come from the engine's level 6, Bao Kingulu's own (depth 3, missing
    // 2 % of the captures).
    let level6 = bao_engine::EngineConfig::level_for(bao_rules::GameKind::Kingulu, 6);
    assert_eq!((level6.limits.depth, level6.missed_captures), (Some(3), 2));
    let opt = |v: Option<u64>| v.map_or("none".to_string(), |v| v.to_string());
    let d6 = opt(level6.limits.depth.map(u64::from));
    let t6 = opt(level6.limits.time_ms);
    let hash = level6.hash_mb;
    let seed = level6.seed;
    let expected = format!(
        "{KINGULU_START}\nok\n\
         level 6\nsearcher alphabeta\ndepth {d6}\ntime {t6}\nnodes none\nhash {hash}\nseed {seed}\n\
         rules default\nrules.first-player south\nrules.skip-start-pit false\n\
         rules.all-moves-forbidden end-game\nrules.non-terminating illegal\n\
         rules.opposite-reserved no-capture\nrules.singleton-kuweka reserve-without-transfer\nrules.repetition third-occurrence-scores\nok\n\
         level 3\nok\n\
         depth 5\nok\n\
         time none\nok\n\
         rules.first-player north\nok\n\
         4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; North\nok\n\
         rules default\nok\n\
         {KINGULU_START}\nok\n\
         level none\nsearcher greedy\ndepth 5\ntime none\nnodes none\nhash {hash}\nseed {seed}\n\
         rules default\nrules.first-player south\nrules.skip-start-pit false\n\
         rules.all-moves-forbidden end-game\nrules.non-terminating illegal\n\
         rules.opposite-reserved no-capture\nrules.singleton-kuweka reserve-without-transfer\nrules.repetition third-occurrence-scores\nok\n"
    );
    // Bao Kingulu's level 3 is greedy (one ply): the depth set after it is kept but
    // a greedy search does not use it.
    assert_eq!(out, expected);
}

#[test]
fn bestmove_prints_info_lines_then_a_legal_move() {
    for (game, moves) in [("kiswahili", "A6< A6> A7< A7>"), ("kingulu", "A3 A4 A5 A6")] {
        let out = engine(&format!("newgame {game}\nbestmove depth 3\n"));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[1], "ok");
        let body = &lines[2..];
        assert_eq!(body.last(), Some(&"ok"), "{out}");
        let best = body[body.len() - 2]
            .strip_prefix("bestmove ")
            .unwrap_or_else(|| panic!("{out}"));
        assert!(moves.split(' ').any(|m| m == best), "{out}");
        let infos = &body[..body.len() - 2];
        assert_eq!(infos.len(), 3, "{out}");
        for (i, info) in infos.iter().enumerate() {
            assert!(
                info.starts_with(&format!("info depth {} score ", i + 1)),
                "{info}"
            );
            assert!(info.contains(" nodes ") && info.contains(" pv "), "{info}");
        }
    }
}

#[test]
fn info_and_default_game() {
    let out = engine("info\nvalidmoves\n\nquit\nposition\n");
    assert_eq!(
        out,
        format!(
            "id bao {}\ngames kiswahili kingulu\nengine alpha-beta depth {}\nok\nA6< A6> A7< A7>\nok\nok\nok\n",
            env!("CARGO_PKG_VERSION"),
            bao_engine::EngineConfig::level(6).limits.depth.unwrap()
        )
    );
}

#[test]
fn perft_command() {
    let run = |args: &[&str]| {
        let out = Command::new(BAO).args(args).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&["perft", "--depth", "5"]), "405\n"); // K-T18
    assert_eq!(run(&["perft", "--depth", "3", "--game", "kingulu"]), "50\n");
    assert_eq!(
        run(&["perft", "--depth", "2", "--divide"]),
        "A6< 4\nA6> 4\nA7< 2\nA7> 4\ntotal 14\n"
    );
    let out = Command::new(BAO)
        .args(["perft", "--depth", "1", "--position", "1 2 3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("bao: error: --position: cannot read position field"),
        "{err}"
    );
}

#[test]
fn invalid_utf8_is_an_error_not_a_crash() {
    let mut child = Command::new(BAO)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"play A\xff6>\nvalidmoves\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "err play: move \"A\u{fffd}6>\": expected a hole such as A6 or b3 followed by < or >\nok\nA6< A6> A7< A7>\nok\n"
    );
}

/// A running `bao engine` with piped stdin, whose stdout lines arrive with the time
/// they were read.
struct Live {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<(std::time::Instant, String)>,
}

impl Live {
    fn start() -> Live {
        let mut child = Command::new(BAO)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send((std::time::Instant::now(), line)).is_err() {
                    return;
                }
            }
        });
        Live {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) -> std::time::Instant {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        std::time::Instant::now()
    }

    /// The next line (at most 30 s): for a `bestmove`, its first `info` line, which says
    /// that the search is running.
    fn next_line(&mut self) -> String {
        self.lines
            .recv_timeout(std::time::Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("no line within 30 s"))
            .1
    }

    /// The lines up to and including the next `ok` (at most 30 s), with the time of the
    /// `ok`.
    fn response(&mut self) -> (Vec<String>, std::time::Instant) {
        let mut got = Vec::new();
        loop {
            let (at, line) = self
                .lines
                .recv_timeout(std::time::Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no ok within 30 s; got {got:?}"));
            if line == "ok" {
                return (got, at);
            }
            got.push(line);
        }
    }
}

/// How long a stopped or quit command may take to answer. Without the stop these
/// commands (`bestmove depth 1000000`, `perft 50`) would run for ever, so a generous
/// deadline still fails a stop that is not honoured, and a loaded machine does not fail
/// it. The latency measured is printed (well under 100 ms on an idle machine).
const DEADLINE: std::time::Duration = std::time::Duration::from_secs(20);

#[test]
fn stop_ends_a_running_bestmove_within_a_second() {
    let mut e = Live::start();
    e.send("newgame kiswahili");
    assert_eq!(e.response().0, [KISWAHILI_START]);
    e.send("bestmove depth 1000000");
    // The search is running once its first info line is out.
    let first = e.next_line();
    assert!(first.starts_with("info depth 1 "), "{first}");
    let sent = e.send("stop");
    let (mut lines, at) = e.response();
    lines.insert(0, first);
    let latency = at - sent;
    eprintln!("stop latency (bestmove): {latency:?}");
    assert!(latency < DEADLINE, "{latency:?}");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(["A6<", "A6>", "A7<", "A7>"].contains(&best), "{lines:?}");
    assert!(lines[..lines.len() - 1]
        .iter()
        .all(|l| l.starts_with("info depth ")));
    // The engine goes on: the stop was not answered by itself, the game is unchanged.
    e.send("validmoves");
    assert_eq!(e.response().0, ["A6< A6> A7< A7>"]);
    e.send("quit");
    assert_eq!(e.response().0, Vec::<String>::new());
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn stop_ends_a_running_perft_with_err_stopped() {
    let mut e = Live::start();
    e.send("perft 50");
    // perft prints nothing before its count: the stop may reach it running or still
    // queued, and ends it either way (below); the pause only makes "running" likely.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let sent = e.send("stop");
    let (lines, at) = e.response();
    let latency = at - sent;
    eprintln!("stop latency (perft): {latency:?}");
    assert!(latency < DEADLINE, "{latency:?}");
    assert_eq!(lines, ["err stopped"]);
    // Commands sent during a running command are queued and answered in order; a stop
    // ends every perft/bestmove before it, running or waiting.
    e.send("perft 50");
    e.send("validmoves");
    e.send("perft 2");
    e.send("stop");
    assert_eq!(e.response().0, ["err stopped"]);
    assert_eq!(e.response().0, ["A6< A6> A7< A7>"]);
    assert_eq!(e.response().0, ["err stopped"]);
    // A stop with nothing running has no answer and stops nothing later.
    e.send("stop");
    e.send("perft 3");
    assert_eq!(e.response().0, ["38"]);
    e.send("quit");
    assert_eq!(e.response().0, Vec::<String>::new());
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn quit_during_a_search_exits_promptly() {
    let mut e = Live::start();
    e.send("bestmove depth 1000000");
    let first = e.next_line();
    assert!(first.starts_with("info depth 1 "), "{first}");
    let sent = e.send("quit");
    let (lines, _) = e.response();
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    // quit's own ok.
    let (rest, _) = e.response();
    assert_eq!(rest, Vec::<String>::new());
    let status = e.child.wait().unwrap();
    let latency = sent.elapsed();
    eprintln!("quit latency: {latency:?}");
    assert!(status.success());
    assert!(latency < DEADLINE, "{latency:?}");
}

#[test]
fn a_script_ending_with_quit_gets_every_answer() {
    // quit gives the commands before it QUIT_GRACE_MS to finish: short ones all do.
    check(&[
        ("newgame kingulu", &[KINGULU_START]),
        ("perft 4", &["130"]),
        ("perft 1", &["4"]),
        ("quit", &[]),
    ]);
}

#[test]
fn max_plies_ends_the_game_line() {
    // K-R12.4 through the one game line: after the last ply the game is adjudicated, no
    // move is legal, perft counts nothing, play and bestmove are refused; undo reopens it.
    let after_a6 = "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -";
    check(&[
        ("setoption rules.max-plies 1", &["rules.max-plies 1"]),
        ("perft 1", &["4"]),
        ("perft 2", &["0"]),
        ("play A6>", &[after_a6, "result draw adjudicated"]),
        ("validmoves", &[""]),
        ("perft 0", &["1"]),
        ("perft 1", &["0"]),
        (
            "play a6<",
            &["err play a6<: the game is over (result draw adjudicated)"],
        ),
        (
            "bestmove depth 2",
            &["err bestmove: the game is over (result draw adjudicated)"],
        ),
        ("position", &[after_a6, "result draw adjudicated"]),
        ("undo", &[KISWAHILI_START]),
        ("validmoves", &["A6< A6> A7< A7>"]),
        ("setoption rules.max-plies 3", &["rules.max-plies 3"]),
        ("perft 3", &["38"]),
        ("perft 4", &["0"]),
    ]);
}

#[test]
fn third_occurrence_ends_the_game_line() {
    // T32 of the Bao Kingulu spec (G-R15): A6 a6 A6 a6 brings the position back for the
    // third time; South wins 27–21 by repetition.
    let t32 = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";
    let mut steps: Vec<(String, Vec<String>)> = vec![(
        format!("newgame kingulu position {t32}"),
        vec![t32.to_string()],
    )];
    steps.push(("validmoves".into(), vec!["A3 A5 A6".into()]));
    let mut input = String::new();
    for (cmd, _) in &steps {
        input.push_str(cmd);
        input.push('\n');
    }
    input.push_str(
        "play A6\nplay a6\nplay A6\nplay a6\nvalidmoves\nperft 1\nplay A3\nundo\nvalidmoves\n",
    );
    let out = engine(&input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..4], [t32, "ok", "A3 A5 A6", "ok"]);
    // After the fourth move: the T32 position again, over.
    assert_eq!(&lines[10..13], [t32, "result South repetition", "ok"]);
    assert_eq!(
        &lines[13..],
        [
            "",
            "ok",
            "0",
            "ok",
            "err play A3: the game is over (result South repetition)",
            "ok",
            lines[8],
            "ok",
            "a3 a5 a6",
            "ok"
        ]
    );
}

/// `bao analyze --load FILE`: the record is a game line (its history counts) and the
/// score is in the one hint convention (`bao_engine::hint::score_text`).
#[test]
fn analyze_load_reads_the_record_as_a_game_line() {
    let dir = tempfile::tempdir().unwrap();
    let record = |name: &str, moves: &str| {
        let path = dir.path().join(name);
        std::fs::write(
            &path,
            format!("[Game \"kingulu\"]\n[Setup \"0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South\"]\n\n{moves}\n"),
        )
        .unwrap();
        path.to_str().unwrap().to_string()
    };
    let analyze = |args: &[&str]| {
        let out = Command::new(BAO)
            .arg("analyze")
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    // T32 after A6 a6 A6 a6: over by G-R15.
    let over = record("over.bao", "1. A6 a6 2. A6 a6");
    assert_eq!(
        analyze(&["--load", &over]),
        "position 0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South\n\
         game over: South won: the position occurred for the third time and the seeds were counted\n\
         result South repetition\n"
    );
    // After A6 a6 A6, North to move: a6 would end the game (South 27–21); the search
    // knows the history.
    let open = record("open.bao", "1. A6 a6 2. A6");
    let text = analyze(&["--load", &open, "--depth", "6"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "position 1 6 0 6 4 1 / 1 2 1 4 1 0 ; S=9 N=12 ; North"
    );
    assert_eq!(lines[1], "engine alpha-beta depth 6");
    assert_eq!(
        lines[lines.len() - 4..lines.len() - 1],
        [
            "best move a3",
            "score +3.81 seeds for the side to move (depth 6)",
            "pv a3 A2 a5 A4 a4 A5"
        ]
    );
}

/// Rules options that let one move run for more than 10,000 laps are refused, as in
/// `bao play --load`, `bao replay` and the web (G-R13 O4 lap caps).
#[test]
fn lap_caps_above_the_work_bound_are_refused() {
    assert_eq!(
        engine(
            "newgame kingulu\nsetoption rules.non-terminating lap-cap:100000000\n\
             setoption rules.non-terminating lap-cap:500\n"
        ),
        "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South\nok\n\
         err setoption rules.non-terminating: option non-terminating lap-cap:100000000 allows \
         moves of 100000000 laps; the limit here is 10000\nok\n\
         rules.non-terminating lap-cap:500\nok\n"
    );
}
