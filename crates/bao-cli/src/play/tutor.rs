//! The tutor of `bao play` (`tutor on|off`, docs/analysis.md "The tutor"): before a move of
//! the player's that a game report would class `mistake` or `blunder` is played, it says
//! what the move costs and names the better move. The values come from
//! [`bao_engine::report::check_move`] (the one source of values, with the game's history).

use bao_engine::hint::{HINT_LEVEL, PROVED_HINT_MS};
use bao_engine::report::{check_move, tutor_warning, ReportOptions};
use bao_engine::solve::Solvable;
use bao_engine::values::analysis_config;
use bao_engine::Engine;
use bao_rules::GameLine;

/// The work one tutor check may take: the solver for the hint's 2 s, else a search to
/// the hint's depth (level [`HINT_LEVEL`]: 6 plies), as a hint would.
pub fn tutor_limits() -> ReportOptions {
    ReportOptions {
        time_ms: PROVED_HINT_MS,
        depth: Some(u32::from(HINT_LEVEL)),
        memory_mb: None,
        solver_nodes: None,
    }
}

/// A new engine for the tutor's searches.
pub fn tutor_engine<G: Solvable>() -> Engine<G> {
    Engine::new(analysis_config(tutor_limits()))
}

/// The warning for `mv` at the current position of `line`, when the tutor would class it
/// `mistake` or `blunder` ([`bao_engine::report::tutor_warning`]'s words). `None` when the
/// move is fine (or not legal).
pub fn warning<G: Solvable>(
    line: &GameLine<G>,
    mv: G::Move,
    engine: &mut Engine<G>,
) -> Option<String> {
    let check = check_move(line, mv, tutor_limits(), engine)?;
    tutor_warning(line.current(), mv, &check)
}
