//! The `engine_protocol` target: the engine protocol (`bao engine`, notation.md §5) on any sequence of
//! lines, through the `bao_cli` library. Every line gets a complete response ending with
//! `ok` (`stop` gets none), and no line makes the protocol panic (a caught panic would
//! answer `err internal error`).
//!
//! Work per input is bounded: at most 48 lines of at most 512 bytes; every `bestmove` and
//! `perft` runs with a stop check that turns true after 64 looks (the search looks every
//! 16 nodes or once per MCTS playout, perft at every interior node), so they answer
//! `bestmove <move>` or `err stopped` quickly; `setoption hash` above 8 MiB and Kingulu
//! lap caps above 10 000 laps are skipped (the protocol accepts them for a real user);
//! every input starts with `setoption hash 1`.

use bao_cli::protocol::Protocol;
use std::cell::Cell;

/// Whether a line would take more memory or time than a fuzz run should: a table above
/// 8 MiB, or a lap cap above 10 000 laps a move.
fn too_heavy(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    if words.first() != Some(&"setoption") {
        return false;
    }
    let big = |text: &str| {
        let digits: String = text.chars().filter(|c| c.is_ascii_digit()).collect();
        digits.len() > 4 || digits.parse::<u64>().unwrap_or(0) > 10_000
    };
    match words.get(1) {
        Some(&"hash") => words.get(2).is_some_and(|v| {
            v.chars().filter(|c| c.is_ascii_digit()).count() > 1
                || v.parse::<u64>().is_ok_and(|mb| mb > 8)
        }),
        Some(name) if name.starts_with("rules") => words[2..].iter().any(|w| big(w)),
        _ => false,
    }
}

/// Runs the protocol over the lines of `data` (lossy UTF-8) with the checks above;
/// returns the number of lines handled.
///
/// # Panics
/// When a check fails.
pub fn run(data: &[u8]) -> usize {
    let text = String::from_utf8_lossy(data);
    let mut protocol = Protocol::new();
    // A 1 MiB table (instead of the default 32 MiB, allocated by the first search of
    // every input) keeps the runs fast.
    protocol
        .handle_line("setoption hash 1", &mut Vec::new())
        .expect("writing to a Vec cannot fail");
    let mut handled = 0;
    for line in text.split('\n').take(48) {
        if line.len() > 512 || too_heavy(line) {
            continue;
        }
        let looks = Cell::new(0u32);
        let until = || {
            looks.set(looks.get() + 1);
            looks.get() > 64
        };
        let mut out = Vec::new();
        let going = protocol
            .handle_line_until(line, &mut out, &until)
            .expect("writing to a Vec cannot fail");
        let response = String::from_utf8(out).expect("responses are UTF-8");
        assert!(
            !response.contains("err internal error"),
            "line {line:?} panicked: {response}"
        );
        if line.trim().eq_ignore_ascii_case("stop") {
            assert_eq!(response, "", "stop has no response");
        } else {
            assert!(response.ends_with("ok\n"), "line {line:?}: {response:?}");
            // Only the final line is a bare ok.
            let oks = response.lines().filter(|l| *l == "ok").count();
            assert_eq!(oks, 1, "line {line:?}: {response:?}");
        }
        handled += 1;
        if !going {
            break;
        }
    }
    handled
}
