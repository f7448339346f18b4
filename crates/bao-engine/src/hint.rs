//! The one convention for hints and scores that every front end speaks (`bao play`'s
//! `hint`, the web's hint, `bao analyze`): the same strength, the same words.
//!
//! A score is given in seeds for the side to move, with the depth it was searched to, or
//! as a proved win or loss in plies:
//!
//! ```
//! use bao_engine::{hint::score_text, Score};
//! assert_eq!(score_text(Score::Cp(5), 4), "+0.05 seeds for the side to move (depth 4)");
//! assert_eq!(score_text(Score::Cp(-290), 6), "-2.90 seeds for the side to move (depth 6)");
//! assert_eq!(score_text(Score::Win(1), 1), "win in 1 ply (proved)");
//! assert_eq!(score_text(Score::Loss(29), 30), "loss in 29 plies (proved)");
//! ```
//!
//! Where the solver proves every legal move's value and final score within
//! [`PROVED_HINT_MS`] (in practice Bao Kingulu, whose final score is G-R14's), the hint is
//! the margin-optimal move with its exact value instead ([`proved_hint_line`]); its words
//! are [`proved_text`]'s: `win in 17 plies, South 25–23 (proved)`.

use crate::solve::oracle::margin_optimal;
use crate::solve::{ExactValue, Solvable};
use crate::{EngineConfig, Score};
use bao_rules::{Game, GameLine, RuleSet, Side};
use std::collections::HashMap;

/// The level every hint is searched at, whatever the opponent's level: alpha-beta to a
/// fixed depth of 6 plies ([`EngineConfig::level`] 6), so that a hint is the same move
/// and score in every front end for the same position.
pub const HINT_LEVEL: u8 = 6;

/// The engine configuration of a hint ([`HINT_LEVEL`]).
pub fn hint_config() -> EngineConfig {
    EngineConfig::level(HINT_LEVEL)
}

/// `n ply` / `n plies`.
fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// A score in words, for the side to move: `+0.05 seeds for the side to move (depth 4)`
/// (centi-seeds shown as seeds with two decimals and a sign), `win in 29 plies (proved)`,
/// `loss in 3 plies (proved)`. `depth` is the depth the search completed.
pub fn score_text(score: Score, depth: u32) -> String {
    match score {
        Score::Cp(cp) => format!(
            "{:+.2} seeds for the side to move (depth {depth})",
            f64::from(cp) / 100.0
        ),
        Score::Win(n) => format!("win in {} (proved)", plies(n)),
        Score::Loss(n) => format!("loss in {} (proved)", plies(n)),
    }
}

/// The solver's time budget of a proved hint, in milliseconds (all legal moves together),
/// in every front end.
pub const PROVED_HINT_MS: u64 = 2_000;

/// A hint the solver proved: the margin-optimal move (the most seeds for the side to move
/// under perfect play, G-R14; among equals the shortest win or longest defence) with its
/// exact value and final score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvedHint<M> {
    /// The move.
    pub mv: M,
    /// Its exact value for the side to move (plies of perfect play).
    pub value: ExactValue,
    /// South's final score after it under perfect play (G-R14); North's is the game's
    /// seeds minus this.
    pub south_score: u32,
    /// How many legal moves were solved (all of them).
    pub moves: usize,
    /// The value in words ([`proved_text`]): `loss in 8 plies, South 22–26 (proved)`.
    pub text: String,
}

/// An exact value in words, in plies: `win in 17 plies`, `loss in 1 ply`, `draw`.
pub fn value_text(value: ExactValue) -> String {
    match value {
        ExactValue::Win(n) => format!("win in {}", plies(n)),
        ExactValue::Loss(n) => format!("loss in {}", plies(n)),
        ExactValue::Draw => "draw".to_string(),
    }
}

/// The words of a proved hint: its value for the side to move ([`value_text`]) and the
/// final score under perfect play, South's first (G-R14):
///
/// ```
/// use bao_engine::{hint::proved_text, solve::ExactValue};
/// use bao_rules::kingulu::Kingulu;
/// assert_eq!(
///     proved_text::<Kingulu>(ExactValue::Loss(8), 22),
///     "loss in 8 plies, South 22–26 (proved)"
/// );
/// assert_eq!(proved_text::<Kingulu>(ExactValue::Draw, 24), "draw, South 24–24 (proved)");
/// ```
pub fn proved_text<G: Game>(value: ExactValue, south: u32) -> String {
    format!(
        "{}, South {south}–{} (proved)",
        value_text(value),
        G::SEEDS.saturating_sub(south)
    )
}

/// The proved hint of `pos` alone (no game history: see [`proved_hint_line`]): the
/// margin-optimal move with its exact value and South's final score, when the solver
/// proves the value and final score of every legal move within `time_ms` milliseconds in
/// all. `None` for a game without a final score (Bao la Kiswahili), a finished position,
/// or when something is not proven in time.
pub fn proved_hint<G: Solvable>(pos: &G, time_ms: u64) -> Option<ProvedHint<G::Move>> {
    proved_hint_within(
        pos,
        time_ms,
        crate::solve::SolveLimits::default().max_entries,
    )
}

/// [`proved_hint`] with the solver's tables capped at `max_entries` entries each
/// ([`crate::solve::oracle::oracle_within`]).
pub fn proved_hint_within<G: Solvable>(
    pos: &G,
    time_ms: u64,
    max_entries: usize,
) -> Option<ProvedHint<G::Move>> {
    pos.locked_seeds(Side::South)?;
    if pos.outcome().is_some() {
        return None;
    }
    let values = crate::solve::oracle::oracle_within(pos, time_ms, max_entries);
    let best = margin_optimal(pos, &values)?;
    let (value, south) = (best.value?, best.south_score?);
    Some(ProvedHint {
        mv: best.mv,
        value,
        south_score: south,
        moves: values.len(),
        text: proved_text::<G>(value, south),
    })
}

/// The proved hint of the game's current position ([`proved_hint`]), taking its history
/// into account: `None` (the front end falls back to the search hint, which sees the
/// history) when the game is over, when its rules end games at a ply limit
/// (OPT-MAX-PLIES, K-R12.4: the solver's lines do not count the plies played), or when
/// [`repetition_hazard`] finds a position the game could reach for the third time (G-R15).
///
/// Why that is enough: every proven line ends the game within its depth and never
/// repeats a position of its own (docs/solved.md, "Repetition"), so under G-R15 a line
/// can only end early on a position that already occurred twice in the game. Limitation
/// (as in the solver's docs): the length of a win or defence is minimal in the game
/// without G-R15; that no shorter win exists through a repetition of the refutation is
/// not re-checked here. The move and the final score hold under both O7 settings.
pub fn proved_hint_line<G: Solvable>(
    line: &GameLine<G>,
    time_ms: u64,
) -> Option<ProvedHint<G::Move>> {
    proved_hint_line_within(
        line,
        time_ms,
        crate::solve::SolveLimits::default().max_entries,
    )
}

/// [`proved_hint_line`] with the solver's tables capped at `max_entries` entries each.
pub fn proved_hint_line_within<G: Solvable>(
    line: &GameLine<G>,
    time_ms: u64,
    max_entries: usize,
) -> Option<ProvedHint<G::Move>> {
    if line.is_over() || line.rules().max_plies().is_some() || repetition_hazard(line) {
        return None;
    }
    proved_hint_within(line.current(), time_ms, max_entries)
}

/// Whether the game could reach a position for the third time from here (G-R15, option
/// O7 `ThirdOccurrenceScores`): some position of the line (the current one included)
/// occurred at least twice, its rules end the game on a third occurrence, and it may
/// still be reachable: the seeds each side has locked (store and reserved pits,
/// [`Solvable::locked_seeds`]) never shrink, so a position with fewer locked seeds than
/// the current one cannot come back. Always `false` for a game without a final score.
pub fn repetition_hazard<G: Solvable>(line: &GameLine<G>) -> bool {
    let now = line.current();
    let locked = |p: &G| (p.locked_seeds(Side::South), p.locked_seeds(Side::North));
    if locked(now).0.is_none() {
        return false;
    }
    let mut counts: HashMap<&G, u32> = HashMap::new();
    for p in line.positions() {
        *counts.entry(p).or_insert(0) += 1;
    }
    counts
        .into_iter()
        .any(|(p, n)| n >= 2 && locked(p) == locked(now) && p.repetition_outcome().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::kingulu::Kingulu;
    use bao_rules::kiswahili::Kiswahili;

    /// A budget no test position here needs (they solve in well under a second).
    const GENEROUS_MS: u64 = 60_000;

    /// T32's position (docs/bao-kingulu.md): `A6 a6` comes back to it (G-R15).
    const T32: &str = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";

    fn kingulu(text: &str) -> Kingulu {
        Kingulu::from_text(text, &Default::default()).unwrap()
    }

    /// The Bao Kingulu start after `moves`, as a line.
    fn line_after(start: Kingulu, moves: &[&str]) -> GameLine<Kingulu> {
        let mut line = GameLine::new(start);
        for m in moves {
            line.play_text(m).unwrap();
        }
        line
    }

    fn start() -> Kingulu {
        Kingulu::start(&Default::default())
    }

    // Expected values from `bao solve --game kingulu --load R --moves --margin` on the
    // record `1. A4 a3` (South to move): A1 loss in 20 (20–28), A2 loss in 18 (21–27),
    // A3 draw (24–24), A4 loss in 18 (20–28), A6 win in 17 (25–23).
    #[test]
    fn proved_hint_two_plies_in_is_the_margin_optimal_move() {
        let line = line_after(start(), &["A4", "a3"]);
        let pos = *line.current();
        assert_eq!(
            pos.to_text(),
            "3 0 1 2 0 3 / 4 9 2 5 0 1 ; S=7 N=11 ; South"
        );
        let want = ProvedHint {
            mv: pos.parse_move("A6").unwrap(),
            value: ExactValue::Win(17),
            south_score: 25,
            moves: 5,
            text: "win in 17 plies, South 25–23 (proved)".to_string(),
        };
        assert_eq!(proved_hint(&pos, GENEROUS_MS), Some(want.clone()));
        assert_eq!(proved_hint_line(&line, GENEROUS_MS), Some(want));
    }

    // `1. A4 a3 2. A6` (North to move): a3 loss in 8 (25–23), a4 loss in 16 (25–23),
    // a6 loss in 12 (37–11). North keeps 23 seeds with a3 or a4; among equals the
    // longest defence, a4.
    #[test]
    fn proved_hint_for_north_takes_north_seeds_then_the_longest_defence() {
        let line = line_after(start(), &["A4", "a3", "A6"]);
        let pos = line.current();
        let got = proved_hint_line(&line, GENEROUS_MS).expect("proved");
        assert_eq!(pos.move_text(got.mv), "a4");
        assert_eq!(got.value, ExactValue::Loss(16));
        assert_eq!(got.south_score, 25);
        assert_eq!(got.moves, 3);
        assert_eq!(got.text, "loss in 16 plies, South 25–23 (proved)");
    }

    #[test]
    fn no_proved_hint_where_a_margin_stays_unproven_or_without_a_final_score() {
        // T32: A3 and A5 are 22–26, but A6's margin stays at 22..=23 (it depends on
        // whether a side may cycle for ever, docs/solved.md): not every move is proven.
        assert_eq!(proved_hint(&kingulu(T32), GENEROUS_MS), None);
        // Bao la Kiswahili has no final score: no proved hint, whatever the budget.
        let k = Kiswahili::start(&Default::default());
        assert_eq!(proved_hint(&k, GENEROUS_MS), None);
        assert_eq!(proved_hint_line(&GameLine::new(k), GENEROUS_MS), None);
    }

    #[test]
    fn a_position_seen_twice_with_the_same_locked_seeds_is_a_repetition_hazard() {
        let t32 = kingulu(T32);
        assert!(!repetition_hazard(&GameLine::new(t32)));
        // Once round the cycle: T32 twice, a third time would end the game (G-R15).
        let twice = line_after(t32, &["A6", "a6"]);
        assert_eq!(twice.occurrences(), 2);
        assert!(repetition_hazard(&twice));
        // North to move, one ply on: T32 can still come back.
        assert!(repetition_hazard(&line_after(t32, &["A6", "a6", "A6"])));
        assert_eq!(proved_hint_line(&twice, GENEROUS_MS), None);
        // A3 then captures (South's store 9 → 15): T32 can never come back.
        let on = line_after(t32, &["A6", "a6", "A3"]);
        assert_eq!(
            on.current().to_text(),
            "1 0 0 0 3 2 / 0 5 0 1 7 2 ; S=15 N=12 ; North"
        );
        assert!(!repetition_hazard(&on));
        // Without G-R15 (O7 = None) a position may recur for ever: no hazard.
        let rules = bao_rules::kingulu::Rules {
            repetition: bao_rules::kingulu::Repetition::None,
            ..Default::default()
        };
        let free = Kingulu::from_text(T32, &rules).unwrap();
        assert!(!repetition_hazard(&line_after(free, &["A6", "a6"])));
    }

    #[test]
    fn value_words() {
        assert_eq!(value_text(ExactValue::Win(1)), "win in 1 ply");
        assert_eq!(value_text(ExactValue::Loss(28)), "loss in 28 plies");
        assert_eq!(value_text(ExactValue::Draw), "draw");
    }
}
