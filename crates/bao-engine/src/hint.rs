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
use crate::solve::{ExactValue, MoveValue, Solvable};
use crate::{EngineConfig, Score};
use bao_rules::{Game, GameLine, RuleSet, Side};

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
    proved_of(
        pos,
        &crate::solve::oracle::oracle_within(pos, time_ms, max_entries),
    )
}

/// The proved hint of an oracle answer `values` for `pos`: its margin-optimal move when
/// every move is proven.
fn proved_of<G: Solvable>(pos: &G, values: &[MoveValue<G::Move>]) -> Option<ProvedHint<G::Move>> {
    let best = margin_optimal(pos, values)?;
    let (value, south) = (best.value?, best.south_score?);
    Some(ProvedHint {
        mv: best.mv,
        value,
        south_score: south,
        moves: values.len(),
        text: proved_text::<G>(value, south),
    })
}

/// What the solver found for a hint of the game's current position (its history seen,
/// G-R15): the proved hint when every move is proven, and the value of each move it
/// proved either way (for [`check_search_hint`] when the search gives the hint).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedHint<M> {
    /// The margin-optimal move with its exact value, when every move is proven.
    pub proved: Option<ProvedHint<M>>,
    /// Every legal move with what the solver proved of it ([`oracle_line`](crate::solve::oracle::oracle_line)).
    pub values: Vec<MoveValue<M>>,
}

/// The solver's part of a hint for the game `line` as played ([`oracle_line`](crate::solve::oracle::oracle_line): a move that
/// completes a third occurrence is scored there and then, positions that occurred twice
/// are finished, G-R15), within `time_ms` milliseconds. Nothing is solved (an empty
/// answer) for a game without a final score (Bao la Kiswahili), a finished game, or rules
/// that end games at a ply limit (OPT-MAX-PLIES, K-R12.4: the solver's lines do not count
/// the plies played).
///
/// Limitation (docs/solved.md): the length of a win or defence is minimal among lines
/// that do not repeat a position; the move's result and final score are exact.
pub fn solve_hint_line<G: Solvable>(line: &GameLine<G>, time_ms: u64) -> SolvedHint<G::Move> {
    solve_hint_line_within(
        line,
        time_ms,
        crate::solve::SolveLimits::default().max_entries,
    )
}

/// [`solve_hint_line`] with the solver's tables capped at `max_entries` entries each.
pub fn solve_hint_line_within<G: Solvable>(
    line: &GameLine<G>,
    time_ms: u64,
    max_entries: usize,
) -> SolvedHint<G::Move> {
    let none = SolvedHint {
        proved: None,
        values: Vec::new(),
    };
    if line.is_over()
        || line.rules().max_plies().is_some()
        || line.current().locked_seeds(Side::South).is_none()
    {
        return none;
    }
    let values = crate::solve::oracle::oracle_line_within(line, time_ms, max_entries);
    SolvedHint {
        proved: proved_of(line.current(), &values),
        values,
    }
}

/// The proved hint of the game's current position with its history
/// ([`solve_hint_line`]'s `proved`).
pub fn proved_hint_line<G: Solvable>(
    line: &GameLine<G>,
    time_ms: u64,
) -> Option<ProvedHint<G::Move>> {
    solve_hint_line(line, time_ms).proved
}

/// [`proved_hint_line`] with the solver's tables capped at `max_entries` entries each.
pub fn proved_hint_line_within<G: Solvable>(
    line: &GameLine<G>,
    time_ms: u64,
    max_entries: usize,
) -> Option<ProvedHint<G::Move>> {
    solve_hint_line_within(line, time_ms, max_entries).proved
}

/// How a search's hint stands against the values the solver proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintCheck<M> {
    /// Nothing proven contradicts the search's move.
    Agrees,
    /// The solver proves a better result with another move: the hint names it.
    Replaced {
        /// The proven-best move (the shortest proven win, else the best proven result).
        mv: M,
        /// Its exact value for the side to move.
        value: ExactValue,
        /// In words, why: `the search preferred A4, which the solver proves a loss in 20
        /// plies`.
        note: String,
    },
    /// The search's move is kept, with words on what the solver proved of the others:
    /// `the solver proves A3 a draw; A5 is not proven`.
    Caveat(String),
}

/// The rank of a result: win > draw > loss (not its length).
fn class(v: ExactValue) -> i8 {
    match v {
        ExactValue::Win(_) => 1,
        ExactValue::Draw => 0,
        ExactValue::Loss(_) => -1,
    }
}

/// The order of exact values for the side to move: the shortest win first, the longest
/// defence before a shorter one.
fn rank(v: ExactValue) -> i64 {
    match v {
        ExactValue::Win(n) => 1_000_000 - i64::from(n),
        ExactValue::Draw => 0,
        ExactValue::Loss(n) => -1_000_000 + i64::from(n),
    }
}

/// Compares the search's hint `search` at `pos` with the values the solver proved
/// (`values`, [`SolvedHint::values`]): when another move is proven to give a better
/// result (a win where the search's move is not a proven win; a draw where it is a proven
/// loss), the hint names that move ([`HintCheck::Replaced`]); when the search's move is
/// not proven but others are (none of them a win), the hint keeps it and says so
/// ([`HintCheck::Caveat`]).
pub fn check_search_hint<G: Game>(
    pos: &G,
    search: G::Move,
    values: &[MoveValue<G::Move>],
) -> HintCheck<G::Move> {
    let Some(best) = values
        .iter()
        .filter_map(|v| v.value.map(|x| (x, v.mv)))
        .max_by_key(|(x, _)| rank(*x))
    else {
        return HintCheck::Agrees;
    };
    let mine = values.iter().find(|v| v.mv == search).and_then(|v| v.value);
    let words = |mv: G::Move, v: ExactValue| format!("{} a {}", pos.move_text(mv), value_text(v));
    match mine {
        Some(m) if class(m) >= class(best.0) => HintCheck::Agrees,
        Some(m) => HintCheck::Replaced {
            mv: best.1,
            value: best.0,
            note: format!(
                "the search preferred {}, which the solver proves a {}",
                pos.move_text(search),
                value_text(m)
            ),
        },
        None if class(best.0) > 0 => HintCheck::Replaced {
            mv: best.1,
            value: best.0,
            note: format!(
                "the search preferred {}, which the solver did not prove in time",
                pos.move_text(search)
            ),
        },
        None => HintCheck::Caveat(format!(
            "the solver proves {}; {} is not proven (it may do better)",
            words(best.1, best.0),
            pos.move_text(search)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::oracle::oracle;
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

    /// The record of issue 19 (G-T32 of docs/bao-kingulu.md): from T32, `1. A6 a6 2. A6`
    /// puts North to move in a position that occurred twice; `a6` brings T32 back for the
    /// third time, which ends the game at once (G-R15), scored by R14: South 27, North 21
    /// (by hand from T32's text: South's store 9 + its row 1+4+6+0+6+1 = 27; North's store
    /// 12 + its row 0+1+4+1+2+1 = 21; no pit reserved).
    #[test]
    fn a_move_completing_a_third_occurrence_is_valued_there_and_then() {
        let line = line_after(kingulu(T32), &["A6", "a6", "A6"]);
        let pos = *line.current();
        let values = crate::solve::oracle::oracle_line(&line, GENEROUS_MS);
        let a6 = values
            .iter()
            .find(|v| pos.move_text(v.mv) == "a6")
            .expect("a6 is legal");
        assert_eq!(a6.value, Some(ExactValue::Loss(1)));
        assert_eq!(a6.south_score, Some(27));
        // The position alone (no history) says the opposite.
        let alone = oracle(&pos, GENEROUS_MS);
        let a6_alone = alone.iter().find(|v| pos.move_text(v.mv) == "a6").unwrap();
        assert_ne!(a6_alone.value, Some(ExactValue::Loss(1)));
        assert_eq!(a6_alone.value, Some(ExactValue::Win(29)));
        // The other moves (solver output, with the history): unchanged by it here.
        let texts: Vec<(String, Option<ExactValue>, Option<u32>)> = values
            .iter()
            .map(|v| (pos.move_text(v.mv), v.value, v.south_score))
            .collect();
        assert_eq!(
            texts,
            [
                ("a3".to_string(), Some(ExactValue::Win(21)), Some(23)),
                ("a5".to_string(), Some(ExactValue::Win(28)), Some(23)),
                ("a6".to_string(), Some(ExactValue::Loss(1)), Some(27)),
            ]
        );
        // The proved hint sees the history too: a3, North's most seeds (25) and shortest win.
        let hint = proved_hint_line(&line, GENEROUS_MS).expect("every move proven");
        assert_eq!(pos.move_text(hint.mv), "a3");
        assert_eq!(hint.text, "win in 21 plies, South 23–25 (proved)");
    }

    #[test]
    fn a_search_hint_the_solver_refutes_is_replaced_or_qualified() {
        let pos = start();
        let mv = |t: &str| pos.parse_move(t).unwrap();
        let value = |t: &str, v: Option<ExactValue>| MoveValue {
            mv: mv(t),
            value: v,
            south_score: None,
        };
        // A4 proven lost, A3 proven won: the hint names A3.
        let values = [
            value("A3", Some(ExactValue::Win(29))),
            value("A4", Some(ExactValue::Loss(20))),
            value("A5", None),
        ];
        assert_eq!(
            check_search_hint(&pos, mv("A4"), &values),
            HintCheck::Replaced {
                mv: mv("A3"),
                value: ExactValue::Win(29),
                note: "the search preferred A4, which the solver proves a loss in 20 plies"
                    .to_string()
            }
        );
        // Unproven search move, a proven win elsewhere: the win.
        assert_eq!(
            check_search_hint(&pos, mv("A5"), &values),
            HintCheck::Replaced {
                mv: mv("A3"),
                value: ExactValue::Win(29),
                note: "the search preferred A5, which the solver did not prove in time".to_string()
            }
        );
        // The search's move proven as good a result: agreed.
        assert_eq!(
            check_search_hint(&pos, mv("A3"), &values),
            HintCheck::Agrees
        );
        // Only a draw proven, the search's move unproven: kept, with words.
        let drawn = [value("A3", Some(ExactValue::Draw)), value("A5", None)];
        assert_eq!(
            check_search_hint(&pos, mv("A5"), &drawn),
            HintCheck::Caveat(
                "the solver proves A3 a draw; A5 is not proven (it may do better)".to_string()
            )
        );
        // Nothing proven: agreed.
        assert_eq!(
            check_search_hint(&pos, mv("A5"), &[value("A5", None)]),
            HintCheck::Agrees
        );
    }

    #[test]
    fn value_words() {
        assert_eq!(value_text(ExactValue::Win(1)), "win in 1 ply");
        assert_eq!(value_text(ExactValue::Loss(28)), "loss in 28 plies");
        assert_eq!(value_text(ExactValue::Draw), "draw");
    }
}
