//! The `oracle` command of `bao play`: the solver's per-move values within a short time
//! budget (docs/cli.md, docs/solved.md). The proved `hint` is `bao_engine::hint`'s.

use bao_engine::solve::MoveValue;
use bao_rules::Game;

/// The solver's time budget of `oracle`, in milliseconds (all moves together; a proved
/// `hint` has `bao_engine::hint::PROVED_HINT_MS`).
pub const ORACLE_MS: u64 = 2000;

/// The largest budget `oracle S` accepts, in seconds.
pub const MAX_ORACLE_SECONDS: u64 = 600;

/// `South 26–22`: South's final score and North's (the game's seeds minus South's).
pub fn margin_text<G: Game>(south: u32) -> String {
    format!("South {south}–{}", G::SEEDS.saturating_sub(south))
}

/// One oracle line: `A3: win in 29 (South 26–22)`, `A4: loss in 20` (margin not proven),
/// `A5: not proven`.
pub fn oracle_line<G: Game>(pos: &G, v: &MoveValue<G::Move>) -> String {
    let mv = pos.move_text(v.mv);
    match (v.value, v.south_score) {
        (Some(x), Some(s)) => format!("{mv}: {x} ({})", margin_text::<G>(s)),
        (Some(x), None) => format!("{mv}: {x}"),
        (None, _) => format!("{mv}: not proven"),
    }
}

/// Parses the argument of `oracle [S]`: the budget in milliseconds (empty: [`ORACLE_MS`]).
///
/// # Errors
/// A text that is not a whole number of seconds from 1 to [`MAX_ORACLE_SECONDS`], in words.
pub fn parse_budget(arg: &str) -> Result<u64, String> {
    if arg.is_empty() {
        return Ok(ORACLE_MS);
    }
    match arg.parse::<u64>() {
        Ok(s) if (1..=MAX_ORACLE_SECONDS).contains(&s) => Ok(s * 1000),
        _ => Err(format!(
            "oracle: {:?} is not a number of seconds from 1 to {MAX_ORACLE_SECONDS} (oracle alone: {} s).",
            super::clip(arg, 40),
            ORACLE_MS / 1000
        )),
    }
}
