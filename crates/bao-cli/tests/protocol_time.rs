//! The engine protocol's time: `bestmove time MS` and `go movetime MS` search about MS at
//! any level; `go depth N` reports depth N; `go infinite` runs until `stop`.

use bao_cli::protocol::Protocol;
use std::time::{Duration, Instant};

/// The response lines of one command (without the final `ok`) and how long it took.
fn timed(p: &mut Protocol, line: &str) -> (Vec<String>, Duration) {
    let mut out = Vec::new();
    let t0 = Instant::now();
    assert!(p.handle_line(line, &mut out).unwrap());
    let took = t0.elapsed();
    let text = String::from_utf8(out).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(lines.pop().as_deref(), Some("ok"), "{text}");
    (lines, took)
}

/// The depth of the last `info` line.
fn last_depth(lines: &[String]) -> u32 {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth "))
        .unwrap_or_else(|| panic!("no info line: {lines:?}"));
    info.split_whitespace().nth(2).unwrap().parse().unwrap()
}

#[test]
fn bestmove_time_searches_about_that_long_at_the_default_level() {
    let mut p = Protocol::new();
    timed(&mut p, "newgame kiswahili");
    // Level 6 (the default) alone stops at depth 6; with a time the time governs.
    let (lines, took) = timed(&mut p, "bestmove time 1500");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    assert!(
        took >= Duration::from_millis(1400) && took <= Duration::from_millis(4500),
        "took {took:?}: {lines:?}"
    );
    assert!(last_depth(&lines) > 6, "{lines:?}");
    // The level's own limits are unchanged: a bare bestmove stops at depth 6.
    let (lines, _) = timed(&mut p, "bestmove");
    assert_eq!(last_depth(&lines), 6, "{lines:?}");
}

#[test]
fn go_movetime_depth_and_nodes() {
    let mut p = Protocol::new();
    timed(&mut p, "setoption level 10");
    let (lines, took) = timed(&mut p, "go movetime 500");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    assert!(
        took >= Duration::from_millis(450) && took <= Duration::from_millis(3500),
        "took {took:?}: {lines:?}"
    );
    // At level 10 (3 s a move) go depth 3 searches to depth 3, no further.
    let (lines, took) = timed(&mut p, "go depth 3");
    assert_eq!(last_depth(&lines), 3, "{lines:?}");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info depth "))
            .count(),
        3,
        "{lines:?}"
    );
    assert!(took < Duration::from_millis(2000), "{took:?}");
    // go nodes: the last info line counts at most the nodes asked for.
    let (lines, _) = timed(&mut p, "go nodes 2000");
    let info = lines.iter().rev().find(|l| l.starts_with("info ")).unwrap();
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").unwrap();
    let nodes: u64 = words[at + 1].parse().unwrap();
    assert!(nodes <= 2001, "{info}");
    // bestmove depth agrees with go depth.
    let (lines, _) = timed(&mut p, "bestmove depth 3");
    assert_eq!(last_depth(&lines), 3, "{lines:?}");
    // Errors name the word.
    let (lines, _) = timed(&mut p, "go movetime soon");
    assert_eq!(lines, ["err go movetime: \"soon\" is not a number"]);
    let (lines, _) = timed(&mut p, "go wtime 1000");
    assert_eq!(
        lines,
        ["err go: unknown limit \"wtime\" (expected movetime, depth, nodes, infinite)"]
    );
}

#[test]
fn go_infinite_runs_until_stop() {
    let mut p = Protocol::new();
    timed(&mut p, "newgame kiswahili");
    let t0 = Instant::now();
    let until = move || t0.elapsed() >= Duration::from_millis(700);
    let mut out = Vec::new();
    assert!(p
        .handle_line_until("go infinite", &mut out, &until)
        .unwrap());
    let took = t0.elapsed();
    let text = String::from_utf8(out).unwrap();
    assert!(text.ends_with("ok\n"), "{text}");
    assert!(text.contains("\nbestmove "), "{text}");
    // Level 6 would have stopped at depth 6 long before; infinite waits for the stop.
    assert!(
        took >= Duration::from_millis(690) && took <= Duration::from_millis(3000),
        "{took:?}"
    );
}
