//! A puzzle's sentences (`bao_engine::puzzle`) as catalogue messages ([`crate::Said`]),
//! shared by `bao puzzle` and the web's /puzzles: its task, why its answer is right, why
//! another move is wrong, its theme's name.

use crate::t;
use crate::Said;
use bao_engine::puzzle::{Claim, Puzzle};
use bao_rules::Side;

/// The task of `p` in the catalogue's words.
pub fn task_said(p: &Puzzle) -> Said {
    match p.result {
        Claim::OnlyWin(n) => t!("puzzle-task-only-win", side = p.side, n = n),
        Claim::WinWithin(n) => t!("puzzle-task-win-within", side = p.side, n = n),
        Claim::BestScore { .. } => t!("puzzle-task-best-score", side = p.side),
    }
}

/// Why the solution of `p` is right, in the catalogue's words.
pub fn answer_said(p: &Puzzle) -> Said {
    match p.result {
        Claim::OnlyWin(n) => t!("puzzle-answer-only-win", n = n),
        Claim::WinWithin(n) => t!("puzzle-answer-win-within", n = n),
        Claim::BestScore { south, north } => {
            let (mine, theirs) = match p.side {
                Side::South => (south, north),
                Side::North => (north, south),
            };
            t!(
                "puzzle-answer-best-score",
                mine = mine,
                theirs = theirs,
                side = p.side
            )
        }
    }
}

/// What is true of every move of `p` but the solution, in the catalogue's words.
pub fn why_wrong_said(p: &Puzzle) -> Said {
    match p.result {
        Claim::OnlyWin(_) => t!("puzzle-why-only-win"),
        Claim::WinWithin(n) => t!("puzzle-why-win-within", n = n),
        Claim::BestScore { .. } => t!("puzzle-why-best-score", side = p.side),
    }
}

/// A theme's name (`bao_engine::puzzle::theme`'s words) in the catalogue's words; `None`
/// for a theme this version does not know.
pub fn theme_said(theme: &str) -> Option<Said> {
    Some(match theme {
        "bao hamna" => t!("puzzle-theme-bao-hamna"),
        "blockade" => t!("puzzle-theme-blockade"),
        "safari" => t!("puzzle-theme-safari"),
        "takasia" => t!("puzzle-theme-takasia"),
        "kuweka mtoto" => t!("puzzle-theme-kuweka-mtoto"),
        "relay" => t!("puzzle-theme-relay"),
        "quiet move" => t!("puzzle-theme-quiet-move"),
        "capture" => t!("puzzle-theme-capture"),
        "multiple capture" => t!("puzzle-theme-multiple-capture"),
        _ => return None,
    })
}
