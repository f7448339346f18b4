//! The tutor of `bao play` (`tutor on|off`, docs/analysis.md "The tutor"): before a move of
//! the player's that a game report would class `mistake` or `blunder` is played, it says
//! what the move costs and names the better move. The values come from
//! [`bao_engine::report::check_move`] (the one source of values, with the game's history).

use bao_engine::hint::{HINT_LEVEL, PROVED_HINT_MS};
use bao_engine::report::{check_move, Class, MoveCheck, ReportOptions};
use bao_engine::solve::Solvable;
use bao_engine::values::{analysis_config, Proved, Value};
use bao_engine::Engine;
use bao_rules::GameLine;

/// The work one tutor check may take: the solver for the hint's 2 s, else a search to
/// the hint's depth (level [`HINT_LEVEL`]: 6 plies), as a hint would.
pub fn tutor_limits() -> ReportOptions {
    ReportOptions {
        time_ms: PROVED_HINT_MS,
        depth: Some(u32::from(HINT_LEVEL)),
    }
}

/// A new engine for the tutor's searches.
pub fn tutor_engine<G: Solvable>() -> Engine<G> {
    Engine::new(analysis_config(tutor_limits()))
}

/// What a value means for the mover, in words: `loses (loss in 20 plies, South 19–29)`.
fn verdict(v: &Value) -> String {
    match v.proved {
        Some(Proved::Win) => format!("wins ({})", v.text()),
        Some(Proved::Draw) => format!("draws ({})", v.text()),
        Some(Proved::Loss) => format!("loses ({})", v.text()),
        None => format!("gives {}", v.text()),
    }
}

/// The warning for `mv` at the current position of `line`, when the tutor would class it
/// `mistake` or `blunder`: `A4 loses (loss in 20 plies, South 19–29); A3 wins (win in 29
/// plies, South 26–22).` `None` when the move is fine (or not legal).
pub fn warning<G: Solvable>(
    line: &GameLine<G>,
    mv: G::Move,
    engine: &mut Engine<G>,
) -> Option<String> {
    let MoveCheck {
        class,
        value,
        best,
        best_value,
    } = check_move(line, mv, tutor_limits(), engine)?;
    if class < Class::Mistake {
        return None;
    }
    let pos = line.current();
    Some(format!(
        "{} is a {}: {} {}; {} {}.",
        pos.move_text(mv),
        class.name(),
        pos.move_text(mv),
        verdict(&value),
        pos.move_text(best),
        verdict(&best_value)
    ))
}
