//! The game report (docs/analysis.md): every move of a game valued from the mover's point
//! of view, before (the best move's value) and after (the value of the move played), with
//! the best move, a [`Class`] and each side's accuracy. Values come from the one source,
//! [`crate::values::position_values`], for the game as played (G-R15 repetitions count).
//!
//! ```
//! use bao_engine::report::{report, ReportOptions};
//! use bao_rules::{kingulu::Kingulu, GameLine};
//!
//! let line = GameLine::<Kingulu>::from_record_text("[Game \"kingulu\"]\n\n1. A4 a3 *\n").unwrap();
//! let r = report(&line, ReportOptions::fixed(2), &mut |_, _| true);
//! assert_eq!(r.moves[0].mv, "A4");
//! assert_eq!(r.moves[0].best, "A3");
//! assert_eq!(r.moves[0].class.name(), "blunder");
//! ```

mod classify;
pub mod svg;

pub use classify::{classify, move_accuracy, win_percent, Class, Thresholds, KINGULU, KISWAHILI};

use crate::solve::Solvable;
use crate::values::{
    analysis_config, move_value, position_values, PositionValues, Value, ValueLimits,
};
use crate::Engine;
use bao_rules::{GameLine, Side};
use serde::Serialize;

/// How much work a report may take: per position, as [`ValueLimits`].
pub type ReportOptions = ValueLimits;

/// The most plies a report values (longer games are refused by the front ends).
pub const MAX_REPORT_PLIES: usize = 2_000;

/// One move of the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReport {
    /// The ply, from 1.
    pub ply: usize,
    /// `South` or `North`.
    pub side: String,
    /// The move played (notation.md §3).
    #[serde(rename = "move")]
    pub mv: String,
    /// The best move.
    pub best: String,
    /// Its class.
    pub class: Class,
    /// The best move's value (the position's) for the mover.
    pub before: Value,
    /// The value of the move played for the mover.
    pub after: Value,
}

/// The work per position a report was made with, as its JSON says it: `{"depth": d}` (a
/// fixed search depth, plies: the same values on every run) or `{"time_ms": t}` (by the
/// clock, milliseconds per position: values depend on the machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportLimits {
    /// A fixed depth, plies.
    Depth(u32),
    /// Milliseconds per position by the clock.
    TimeMs(u64),
}

impl From<&ReportOptions> for ReportLimits {
    fn from(opts: &ReportOptions) -> Self {
        match opts.depth {
            Some(d) => ReportLimits::Depth(d),
            None => ReportLimits::TimeMs(opts.time_ms),
        }
    }
}

/// A game report: the JSON of `bao report --json`, `GET /api/games/{id}/analysis` and
/// `bao.report` (docs/analysis.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// `kiswahili` or `kingulu`.
    pub game: String,
    /// South's and North's players as the record names them.
    pub players: Players,
    /// The limits each position was valued within.
    pub limits: ReportLimits,
    /// Each side's accuracy, 0–100 (`None`: the side made no move that was not forced).
    pub accuracy: Accuracy,
    /// Every move, in order.
    pub moves: Vec<MoveReport>,
}

/// The players of a report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Players {
    /// South's player.
    #[serde(rename = "South")]
    pub south: String,
    /// North's player.
    #[serde(rename = "North")]
    pub north: String,
}

/// Each side's accuracy.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Accuracy {
    /// South's, 0–100 with one decimal.
    #[serde(rename = "South")]
    pub south: Option<f64>,
    /// North's.
    #[serde(rename = "North")]
    pub north: Option<f64>,
}

impl Report {
    /// The moves classed inaccuracy, mistake or blunder.
    pub fn mistakes(&self) -> impl Iterator<Item = &MoveReport> {
        self.moves.iter().filter(|m| m.class >= Class::Inaccuracy)
    }
}

/// The thresholds of game `G` ([`KINGULU`] for a game with a final score).
pub fn thresholds<G: Solvable>(pos: &G) -> Thresholds {
    if pos.locked_seeds(Side::South).is_some() {
        KINGULU
    } else {
        KISWAHILI
    }
}

/// The report of `line` (every move played), each position valued within `opts`;
/// `progress(done, total)` before each move is valued and at the end: when it returns
/// `false` the report stops there (with the moves valued so far). At most
/// [`MAX_REPORT_PLIES`] plies are valued (the rest are left out).
pub fn report<G: Solvable>(
    line: &GameLine<G>,
    opts: ReportOptions,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Report {
    let mut engine: Engine<G> = Engine::new(analysis_config(opts));
    let plies = line.plies().min(MAX_REPORT_PLIES);
    let mut prefix = GameLine::new(line.start().clone());
    let mut here: PositionValues<G::Move> = position_values(&prefix, opts, &mut engine);
    let t = thresholds(line.start());
    let mut moves = Vec::with_capacity(plies);
    let mut acc: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for i in 0..plies {
        if !progress(i, plies) {
            break;
        }
        let pos = prefix.current().clone();
        let mover = pos.side_to_move();
        let mv = line.moves()[i];
        let only = pos.moves().len() == 1;
        let listed = here.moves.iter().find(|(m, _)| *m == mv).map(|(_, v)| *v);
        if prefix.play(mv).is_err() {
            break;
        }
        let next = position_values(&prefix, opts, &mut engine);
        let seen = |v: Value| {
            if prefix.current().side_to_move() == mover {
                v
            } else {
                v.before_move()
            }
        };
        let after = match (listed, opts.depth) {
            (Some(v), _) => v,
            // A fixed depth: the move's value one ply shallower, so that it compares with
            // the best move's on the same horizon (no odd/even swing).
            (None, Some(d)) if d > 1 && next.best.is_some() => {
                let shallower = ValueLimits {
                    depth: Some(d - 1),
                    ..opts
                };
                seen(position_values(&prefix, shallower, &mut engine).value)
            }
            (None, _) => seen(next.value),
        };
        let is_best = here.best == Some(mv) || looks_better(&after, &here.value);
        let before = if is_best { after } else { here.value };
        let class = classify(&before, &after, is_best, only, t);
        if class != Class::Forced {
            acc[mover.index()].push(move_accuracy(&before, &after));
        }
        moves.push(MoveReport {
            ply: i + 1,
            side: mover.to_string(),
            mv: pos.move_text(mv),
            best: match here.best {
                Some(b) if !is_best => pos.move_text(b),
                _ => pos.move_text(mv),
            },
            class,
            before,
            after,
        });
        here = next;
    }
    progress(moves.len(), plies);
    let mean = |v: &[f64]| {
        (!v.is_empty()).then(|| (v.iter().sum::<f64>() / v.len() as f64 * 10.0).round() / 10.0)
    };
    let players = line.players();
    Report {
        game: G::NAME.to_string(),
        players: Players {
            south: players[0].record_name(),
            north: players[1].record_name(),
        },
        limits: ReportLimits::from(&opts),
        accuracy: Accuracy {
            south: mean(&acc[0]),
            north: mean(&acc[1]),
        },
        moves,
    }
}

/// The tutor's check of a move about to be played (docs/analysis.md, "The tutor"): the
/// move's class and values, and the best move with its value, from the one source of
/// values.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveCheck<M> {
    /// The class the move would get in a report.
    pub class: Class,
    /// The move's value for the mover.
    pub value: Value,
    /// The best move.
    pub best: M,
    /// The best move's value.
    pub best_value: Value,
}

/// Checks `mv` before it is played in the current position of `line` (the tutor): `None`
/// if the game is over or `mv` is not legal.
pub fn check_move<G: Solvable>(
    line: &GameLine<G>,
    mv: G::Move,
    opts: ReportOptions,
    engine: &mut Engine<G>,
) -> Option<MoveCheck<G::Move>> {
    let pos = line.current();
    let here = position_values(line, opts, engine);
    let best = here.best?;
    let value = move_value(line, &here, mv, opts, engine)?;
    let is_best = best == mv || looks_better(&value, &here.value);
    let best = if is_best { mv } else { best };
    let best_value = if is_best { value } else { here.value };
    Some(MoveCheck {
        class: classify(
            &best_value,
            &value,
            is_best,
            pos.moves().len() == 1,
            thresholds(pos),
        ),
        value,
        best,
        best_value,
    })
}

/// Whether the played move's value `after` is better for the mover than the best move's
/// `best` by the search alone (no proven result on either side): the two come from
/// searches of different horizons (the position's, and the move's child one ply less
/// deep), so the played move can look better than the search's choice. It is then the
/// best move as far as bao can tell: classed `best`, and named as the best move, so that a
/// report never shows a move valued above the one it calls best.
fn looks_better(after: &Value, best: &Value) -> bool {
    match (after.proved, best.proved, after.score, best.score) {
        (None, None, Some(a), Some(b)) => a > b,
        _ => false,
    }
}

/// What a value means for the mover, in words: `loses (loss in 20 plies, South 19–29)`.
fn verdict(v: &Value) -> String {
    use crate::values::Proved;
    match v.proved {
        Some(Proved::Win) => format!("wins ({})", v.text()),
        Some(Proved::Draw) => format!("draws ({})", v.text()),
        Some(Proved::Loss) => format!("loses ({})", v.text()),
        None => format!("gives {}", v.text()),
    }
}

/// A number of seeds in words: `4 seeds`, `1 seed`.
fn seeds_text(n: u32) -> String {
    format!("{n} seed{}", if n == 1 { "" } else { "s" })
}

/// The tutor's warning about `mv` at `pos` (docs/analysis.md, "The tutor"), when `check`
/// classes it `mistake` or `blunder`: `A4 is a blunder: A4 loses (loss in 20 plies, South
/// 19–29); A3 wins (win in 29 plies, South 26–22).` A move that keeps a proven win (or
/// loss) and gives up seeds of the final score (Bao Kingulu, G-R14) is said so: `A6 is a
/// mistake: A6 still wins, but by 4 seeds instead of 22 (win in 37 plies, South 26–22); A4
/// wins by 22 seeds (win in 27 plies, South 35–13).` `None` for a better move. The same
/// words in `bao play` and on the web.
pub fn tutor_warning<G: bao_rules::Game>(
    pos: &G,
    mv: G::Move,
    check: &MoveCheck<G::Move>,
) -> Option<String> {
    use crate::values::Proved;
    if check.class < Class::Mistake {
        return None;
    }
    let (me, best) = (pos.move_text(mv), pos.move_text(check.best));
    let (v, b) = (&check.value, &check.best_value);
    let kept = match (v.proved, b.proved, v.score, b.score) {
        (Some(p), Some(q), Some(played), Some(better)) if p == q && p != Proved::Draw => {
            Some((p, played, better))
        }
        _ => None,
    };
    Some(match kept {
        Some((p, played, better)) => {
            // The final score's difference, the mover's seeds minus the opponent's (G-R14).
            let (played, better) = (played.abs().round() as u32, better.abs().round() as u32);
            let verb = if p == Proved::Win { "wins" } else { "loses" };
            format!(
                "{me} is a {}: {me} still {verb}, but by {} instead of {better} ({}); {best} {verb} by {} ({}).",
                check.class.name(),
                seeds_text(played),
                v.text(),
                seeds_text(better),
                b.text()
            )
        }
        None => format!(
            "{me} is a {}: {me} {}; {best} {}.",
            check.class.name(),
            verdict(v),
            verdict(b)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::{Proved, Source};
    use bao_rules::kingulu::Kingulu;
    use bao_rules::Game;

    fn opts() -> ReportOptions {
        ReportOptions::fixed(2)
    }

    /// Issue 19's example: `1. A4 a3` at the Bao Kingulu start. The values are the opening
    /// book's (docs/solved.md), which `bao book verify` re-solves: A3 wins in 29 (26–22),
    /// A4 loses in 20 (19–29); after A4, North's best a5? — see the assertions.
    #[test]
    fn a4_a3_report() {
        let line =
            GameLine::<Kingulu>::from_record_text("[Game \"kingulu\"]\n\n1. A4 a3 *\n").unwrap();
        let r = report(&line, opts(), &mut |_, _| true);
        assert_eq!(r.game, "kingulu");
        assert_eq!(r.limits, ReportLimits::Depth(2));
        assert_eq!(
            ReportLimits::from(&ReportOptions::timed(300)),
            ReportLimits::TimeMs(300)
        );
        let m = &r.moves[0];
        assert_eq!(
            (m.ply, m.side.as_str(), m.mv.as_str(), m.best.as_str()),
            (1, "South", "A4", "A3")
        );
        assert_eq!(m.class, Class::Blunder);
        assert_eq!(m.before.proved, Some(Proved::Win));
        assert_eq!(m.before.plies, Some(29));
        assert_eq!(m.before.margin, Some([26, 22]));
        assert_eq!(m.before.score, Some(4.0));
        assert_eq!(m.before.source, Source::Book);
        assert_eq!(m.after.proved, Some(Proved::Loss));
        assert_eq!(m.after.plies, Some(20));
        assert_eq!(m.after.margin, Some([19, 29]));
        assert_eq!(m.after.score, Some(-10.0));
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.accuracy.south, Some(0.0));
    }

    /// The newcomer trial: after `1. A3 a6`, South's A6 keeps the win (26–22) but gives up
    /// 9 seeds of the final score against A4's 35–13 (the opening book's values): a
    /// mistake, and the tutor says it still wins.
    #[test]
    fn a_kept_win_is_a_mistake_and_the_tutor_says_it_still_wins() {
        let line =
            GameLine::<Kingulu>::from_record_text("[Game \"kingulu\"]\n\n1. A3 a6 *\n").unwrap();
        let pos = line.current();
        let mut engine = Engine::new(analysis_config(opts()));
        let check = |m: &str, engine: &mut Engine<Kingulu>| {
            let mv = pos.parse_move(m).unwrap();
            let c = check_move(&line, mv, opts(), engine).unwrap();
            (c.class, tutor_warning(pos, mv, &c))
        };
        assert_eq!(
            check("A6", &mut engine),
            (
                Class::Mistake,
                Some(
                    "A6 is a mistake: A6 still wins, but by 4 seeds instead of 22 (win in 37 \
                     plies, South 26–22); A4 wins by 22 seeds (win in 27 plies, South 35–13)."
                        .to_string()
                )
            )
        );
        assert_eq!(check("A4", &mut engine), (Class::Best, None));
    }

    /// A kept loss in words: North's a6 after `1. A3` loses by 22 seeds (35–13) where a3
    /// loses by 4 (26–22).
    #[test]
    fn a_kept_loss_in_the_tutor_s_words() {
        let line =
            GameLine::<Kingulu>::from_record_text("[Game \"kingulu\"]\n\n1. A3 *\n").unwrap();
        let pos = line.current();
        let mut engine = Engine::new(analysis_config(opts()));
        let mv = pos.parse_move("a6").unwrap();
        let c = check_move(&line, mv, opts(), &mut engine).unwrap();
        assert_eq!(c.class, Class::Mistake);
        assert_eq!(
            tutor_warning(pos, mv, &c).unwrap(),
            "a6 is a mistake: a6 still loses, but by 22 seeds instead of 4 (loss in 28 plies, \
             South 35–13); a3 loses by 4 seeds (loss in 25 plies, South 26–22)."
        );
    }
}
