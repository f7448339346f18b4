//! The `oracle` command of `bao play`: the solver's per-move values within a short time
//! budget (docs/cli.md, docs/solved.md). The proved `hint` is `bao_engine::hint`'s.

use crate::i18n::side_name;
use crate::t;
use bao_engine::solve::ExactValue;
use bao_engine::solve::{MoveValue, Solvable};
use bao_rules::{Game, Side};

/// The solver's time budget of `oracle`, in milliseconds (all moves together; a proved
/// `hint` has `bao_engine::hint::PROVED_HINT_MS`).
pub const ORACLE_MS: u64 = 2000;

/// The largest budget `oracle S` accepts, in seconds.
pub const MAX_ORACLE_SECONDS: u64 = 600;

/// `South 26–22`: South's final score and North's (the game's seeds minus South's).
pub fn margin_text<G: Game>(south: u32) -> String {
    t!(
        "margin",
        south_name = side_name(Side::South),
        south = south,
        north = G::SEEDS.saturating_sub(south)
    )
}

/// One oracle line: `A3: win in 29 plies (South 26–22)`, `A4: loss in 20 plies` (margin
/// not proven), `a6: loss in 1 ply`, `A5: not proven` (the plies as in `hint` and the
/// tutor: [`value_text`]).
pub fn oracle_line<G: Game>(pos: &G, v: &MoveValue<G::Move>) -> String {
    let mv = pos.move_text(v.mv);
    match (v.value, v.south_score) {
        (Some(x), Some(s)) => format!("{mv}: {} ({})", value_words(x), margin_text::<G>(s)),
        (Some(x), None) => format!("{mv}: {}", value_words(x)),
        (None, _) => format!("{mv}: {}", t!("not-proven")),
    }
}

/// Why no move is proven and what to use instead, when the oracle proved none within
/// `budget_ms`: Bao la Kiswahili's opening and middle game are beyond the solver (it
/// proves positions near the end); in Bao Kingulu more time may do.
pub fn unproven_note<G: Solvable>(pos: &G, budget_ms: u64) -> String {
    let secs = budget_ms.div_ceil(1000);
    if pos.locked_seeds(Side::South).is_none() {
        t!("unproven-kiswahili", secs = secs)
    } else {
        t!("unproven-kingulu", secs = secs, max = MAX_ORACLE_SECONDS)
    }
}

/// An exact value in words, in plies: `win in 17 plies`, `loss in 1 ply`, `draw`
/// (the catalogue's form of [`bao_engine::hint::value_text`]).
pub fn value_words(value: ExactValue) -> String {
    match value {
        ExactValue::Win(n) => t!("value-win", plies = super::flow::plies_text(n as usize)),
        ExactValue::Loss(n) => t!("value-loss", plies = super::flow::plies_text(n as usize)),
        ExactValue::Draw => t!("value-draw"),
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
        _ => Err(t!(
            "oracle-bad",
            got = format!("{:?}", super::clip(arg, 40)),
            max = MAX_ORACLE_SECONDS,
            default = ORACLE_MS / 1000
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::solve::ExactValue;
    use bao_rules::kingulu::Kingulu;

    #[test]
    fn oracle_lines_name_the_plies() {
        let pos = Kingulu::start(&Default::default());
        let [a3, a4, ..] = pos.moves()[..] else {
            panic!("four moves")
        };
        let line = |mv, value, south_score| {
            oracle_line(
                &pos,
                &MoveValue {
                    mv,
                    value,
                    south_score,
                },
            )
        };
        assert_eq!(
            line(a3, Some(ExactValue::Win(29)), Some(26)),
            "A3: win in 29 plies (South 26–22)"
        );
        assert_eq!(
            line(a4, Some(ExactValue::Loss(1)), None),
            "A4: loss in 1 ply"
        );
        assert_eq!(
            line(a4, Some(ExactValue::Draw), Some(24)),
            "A4: draw (South 24–24)"
        );
        assert_eq!(line(a4, None, None), "A4: not proven");
    }

    #[test]
    fn the_note_when_nothing_is_proven_says_why_and_what_instead() {
        let pos = Kingulu::start(&Default::default());
        assert_eq!(
            unproven_note(&pos, 2000),
            "Not proven within 2 s: oracle S gives the solver S seconds (at most 600). Type hint for the search's best move, the engine's best guess."
        );
    }
}
