//! The limits of `bestmove` and `go`.

use super::*;

/// The limits of one search: `None` = the level's own (a bare `bestmove` or `go`);
/// otherwise the limits given, which replace the level's entirely (so that the time
/// governs at any level), with `Full` time use when a time is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SearchLimits {
    pub(super) limits: Option<Limits>,
}

/// The `bestmove` limits from `depth 6 time 1000 nodes 50000` (any subset, any order).
pub(super) fn bestmove_limits(args: &str, searcher: Searcher) -> Result<SearchLimits, String> {
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
pub(super) fn go_limits(args: &str, searcher: Searcher) -> Result<SearchLimits, String> {
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

pub(super) fn check_limits(cmd: &str, limits: Limits, searcher: Searcher) -> Result<(), String> {
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
