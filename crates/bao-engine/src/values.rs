//! One source of values (docs/analysis.md): every value a player sees in a game report,
//! the tutor or the web's analysis comes from [`position_values`], a function of the
//! *game line* (its history counts: a third occurrence ends a Bao Kingulu game, G-R15).
//! It asks the opening book, then the solver, then the search, and says which one
//! answered ([`Source`]). Front ends format; they never decide.

use crate::hint::value_text;
use crate::solve::oracle::{margin_optimal, oracle_line_limited};
use crate::solve::{ExactValue, Solvable, SolveLimits};
use crate::{Engine, EngineConfig, Limits, Score};
use bao_rules::{GameLine, Side};
use serde::Serialize;

/// Who gave a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// The opening book (docs/solved.md): exact.
    Book,
    /// The solver, within the time given: exact.
    Solver,
    /// The alpha-beta search: an estimate in seeds, or a win/loss it proved.
    Search,
    /// The game is over: its result.
    End,
}

/// A proven result for the side whose value it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Proved {
    /// A proven loss.
    Loss,
    /// A proven draw (Bao Kingulu 24–24, G-R14).
    Draw,
    /// A proven win.
    Win,
}

/// A value for one side (the mover, in a report): the JSON contract of `bao report
/// --json`, the web's analysis and `bao.report` (docs/analysis.md).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Value {
    /// Seeds of advantage for the side: the search's estimate (Bao la Kiswahili: seeds
    /// on the board and in store, as the evaluation counts them), or, where the final
    /// score is exact (Bao Kingulu, G-R14), the side's final seeds minus the opponent's.
    /// `None` for a proven value without a final score.
    pub score: Option<f64>,
    /// The proven result, if proven.
    pub proved: Option<Proved>,
    /// With `proved` win or loss: the plies to the end under perfect play (the shortest
    /// win, the longest defence).
    pub plies: Option<u32>,
    /// South's and North's final seeds under perfect play, where proven (Bao Kingulu).
    pub margin: Option<[u32; 2]>,
    /// Who gave it: `book`, `solver`, `search` or `end`.
    pub source: Source,
}

impl Value {
    /// The value of an exact result `v` for `side`, with South's final seeds `south` when
    /// proven, out of `seeds` in the game.
    pub fn exact(
        v: ExactValue,
        south: Option<u32>,
        side: Side,
        seeds: u32,
        source: Source,
    ) -> Value {
        let (proved, plies) = match v {
            ExactValue::Win(n) => (Proved::Win, Some(n)),
            ExactValue::Loss(n) => (Proved::Loss, Some(n)),
            ExactValue::Draw => (Proved::Draw, None),
        };
        let margin = south.map(|s| [s, seeds.saturating_sub(s)]);
        let score = margin.map(|[s, n]| {
            let (mine, theirs) = if side == Side::South { (s, n) } else { (n, s) };
            f64::from(mine) - f64::from(theirs)
        });
        Value {
            score,
            proved: Some(proved),
            plies,
            margin,
            source,
        }
    }

    /// The value of a search score for its side to move.
    pub fn of_score(score: Score) -> Value {
        let (score, proved, plies) = match score {
            Score::Cp(cp) => (Some(f64::from(cp) / 100.0), None, None),
            Score::Win(n) => (None, Some(Proved::Win), Some(n)),
            Score::Loss(n) => (None, Some(Proved::Loss), Some(n)),
        };
        Value {
            score,
            proved,
            plies,
            margin: None,
            source: Source::Search,
        }
    }

    /// The same value seen by the other side.
    pub fn flipped(self) -> Value {
        Value {
            score: self.score.map(|s| -s),
            proved: self.proved.map(|p| match p {
                Proved::Win => Proved::Loss,
                Proved::Loss => Proved::Win,
                Proved::Draw => Proved::Draw,
            }),
            ..self
        }
    }

    /// The value one ply earlier, for the side that moved into it (flipped, one ply more
    /// to the end).
    pub fn before_move(self) -> Value {
        let mut v = self.flipped();
        v.plies = v.plies.map(|n| n + 1);
        v
    }

    /// The value in short form for a report line: `win 29 (S 26–22)`, `loss 20`, `+1.25`,
    /// `draw (S 24–24)` (plies to the end; South's and North's final seeds).
    pub fn short_text(&self) -> String {
        let exact = match (self.proved, self.plies) {
            (Some(Proved::Win), Some(n)) => Some(format!("win {n}")),
            (Some(Proved::Loss), Some(n)) => Some(format!("loss {n}")),
            (Some(Proved::Draw), _) => Some("draw".to_string()),
            _ => None,
        };
        match (exact, self.margin, self.score) {
            (Some(e), Some([s, n]), _) => format!("{e} (S {s}–{n})"),
            (Some(e), None, _) => e,
            (None, _, Some(s)) => format!("{s:+.2}"),
            (None, _, None) => "?".to_string(),
        }
    }

    /// The value in words: `win in 29 plies, South 26–22`, `loss in 20 plies`,
    /// `+1.25 seeds`, `draw, South 24–24`.
    pub fn text(&self) -> String {
        let exact = match (self.proved, self.plies) {
            (Some(Proved::Win), Some(n)) => Some(value_text(ExactValue::Win(n))),
            (Some(Proved::Loss), Some(n)) => Some(value_text(ExactValue::Loss(n))),
            (Some(Proved::Draw), _) => Some("draw".to_string()),
            _ => None,
        };
        match (exact, self.margin, self.score) {
            (Some(e), Some([s, n]), _) => format!("{e}, South {s}–{n}"),
            (Some(e), None, _) => e,
            (None, _, Some(s)) => format!("{s:+.2} seeds"),
            (None, _, None) => "?".to_string(),
        }
    }
}

/// What [`position_values`] found at the current position of a line.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionValues<M> {
    /// The best move (`None` when the game is over).
    pub best: Option<M>,
    /// The position's value for its side to move (the best move's value).
    pub value: Value,
    /// Every legal move with its exact value, when the book or the solver proved every
    /// move's value and final score (Bao Kingulu); empty otherwise.
    pub moves: Vec<(M, Value)>,
}

/// How much work one position may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueLimits {
    /// Milliseconds for the solver (all moves together) unless [`ValueLimits::solver_nodes`]
    /// is given, and, without [`ValueLimits::depth`], as much again for the search when the
    /// solver does not prove everything. A time limit makes values depend on the machine's
    /// speed and load.
    pub time_ms: u64,
    /// A fixed search depth instead of the time (the same values on every run).
    pub depth: Option<u32>,
    /// The memory of the search's table and of each of the solver's tables, MiB (a
    /// server's share of its budget); `None`: the engine's 32 MiB and the solver's
    /// default tables.
    pub memory_mb: Option<usize>,
    /// The solver's budget in positions (all moves together) instead of `time_ms`: with
    /// [`ValueLimits::depth`], every value is the same on every run and machine
    /// ([`ValueLimits::fixed`]). `None`: the solver has `time_ms`.
    pub solver_nodes: Option<u64>,
}

/// The default search depth of a game report (`bao report`, the web's analysis): a
/// 40-move Bao la Kiswahili game (80 plies) takes about 10 s in a debug build
/// (docs/analysis.md).
pub const DEFAULT_DEPTH: u32 = 15;

/// The solver's budget in positions (all moves together) per position of a report with a
/// fixed depth: about 5 s in a debug build where it does not prove everything (most Bao
/// Kingulu positions after the opening book are proven with far fewer).
pub const DEFAULT_SOLVER_NODES: u64 = 8_000_000;

impl ValueLimits {
    /// Deterministic limits: the search to `depth` plies, the solver within
    /// [`DEFAULT_SOLVER_NODES`] positions, no clock (the same values on every run).
    pub fn fixed(depth: u32) -> ValueLimits {
        ValueLimits {
            time_ms: 0,
            depth: Some(depth),
            memory_mb: None,
            solver_nodes: Some(DEFAULT_SOLVER_NODES),
        }
    }

    /// Limits by the clock: `time_ms` for the solver and as much again for the search
    /// (values depend on the machine's speed).
    pub fn timed(time_ms: u64) -> ValueLimits {
        ValueLimits {
            time_ms,
            depth: None,
            memory_mb: None,
            solver_nodes: None,
        }
    }

    /// The solver's cap on the entries of each of its tables: [`ValueLimits::memory_mb`]
    /// at about 128 bytes per entry, or the solver's default.
    pub fn solver_entries(&self) -> usize {
        match self.memory_mb {
            Some(mb) => ((mb << 20) / 128).max(1),
            None => crate::solve::SolveLimits::default().max_entries,
        }
    }

    /// The solver's limits: [`ValueLimits::solver_nodes`] positions (no clock) or
    /// [`ValueLimits::time_ms`], tables of [`ValueLimits::solver_entries`].
    pub fn solver_limits(&self) -> SolveLimits {
        SolveLimits {
            time_ms: match self.solver_nodes {
                Some(_) => None,
                None => Some(self.time_ms.max(1)),
            },
            nodes: self.solver_nodes,
            max_entries: self.solver_entries().max(1),
            ..SolveLimits::default()
        }
    }
}

/// The engine configuration of analysis searches: level 9's alpha-beta (time only) with
/// the linear evaluation and the classic search in both games (the reports' and the
/// values' figures were calibrated with them), the time or depth given by
/// [`ValueLimits`].
pub fn analysis_config(limits: ValueLimits) -> EngineConfig {
    let mut c = EngineConfig {
        eval: crate::Evaluation::Linear,
        search: crate::SearchParams::CLASSIC,
        ..EngineConfig::level(9)
    };
    if let Some(mb) = limits.memory_mb {
        c.hash_mb = mb.max(1);
    }
    c.limits = Limits {
        depth: limits.depth,
        nodes: None,
        time_ms: if limits.depth.is_some() {
            None
        } else {
            Some(limits.time_ms.max(1))
        },
    };
    c
}

/// The values at the current position of `line`, the game as played: the book or the
/// solver where they prove every move (Bao Kingulu: value and final score, G-R14, within
/// [`ValueLimits::solver_limits`]; [`oracle_line_limited`]), otherwise the search (`engine`, seeing the line's
/// history). A finished game gives its result ([`Source::End`]).
pub fn position_values<G: Solvable>(
    line: &GameLine<G>,
    limits: ValueLimits,
    engine: &mut Engine<G>,
) -> PositionValues<G::Move> {
    let pos = line.current();
    let me = pos.side_to_move();
    if let Some(o) = line.outcome() {
        let v = match o.winner {
            Some(w) if w == me => ExactValue::Win(0),
            Some(_) => ExactValue::Loss(0),
            None => ExactValue::Draw,
        };
        let south = pos.final_score(Side::South);
        return PositionValues {
            best: None,
            value: Value::exact(v, south, me, G::SEEDS, Source::End),
            moves: Vec::new(),
        };
    }
    let solvable = pos.locked_seeds(Side::South).is_some()
        && bao_rules::RuleSet::max_plies(line.rules()).is_none();
    if solvable {
        let values = oracle_line_limited(line, limits.solver_limits());
        if let Some(best) = margin_optimal(pos, &values) {
            let book = crate::solve::LineEnds::of_line(line).is_empty();
            let moves: Vec<(G::Move, Value)> = values
                .iter()
                .map(|v| {
                    let source = match pos.play(v.mv) {
                        Ok(child) if book && child.known().is_some() => Source::Book,
                        _ => Source::Solver,
                    };
                    let x = v.value.expect("margin_optimal: every value proven");
                    (v.mv, Value::exact(x, v.south_score, me, G::SEEDS, source))
                })
                .collect();
            let value = moves
                .iter()
                .find(|(m, _)| *m == best.mv)
                .map(|(_, v)| *v)
                .expect("the best move is legal");
            return PositionValues {
                best: Some(best.mv),
                value,
                moves,
            };
        }
    }
    let result = engine.search_line(line, Limits::default(), &mut |_| {});
    PositionValues {
        best: result.best,
        value: Value::of_score(result.info.score),
        moves: Vec::new(),
    }
}

/// The value of playing `mv` in the current position of `line`, for the side to move:
/// from `known` (the position's [`PositionValues`]) when it lists the move, otherwise the
/// value of the position after it ([`position_values`] of the line with `mv` played),
/// seen by the mover. `None` if `mv` is not legal.
pub fn move_value<G: Solvable>(
    line: &GameLine<G>,
    known: &PositionValues<G::Move>,
    mv: G::Move,
    limits: ValueLimits,
    engine: &mut Engine<G>,
) -> Option<Value> {
    if let Some((_, v)) = known.moves.iter().find(|(m, _)| *m == mv) {
        return Some(*v);
    }
    let mut next = line.clone();
    next.play(mv).ok()?;
    let after = position_values(&next, limits, engine).value;
    Some(
        if next.current().side_to_move() == line.current().side_to_move() {
            after
        } else {
            after.before_move()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::kingulu::Kingulu;
    use bao_rules::Game;

    #[test]
    fn book_values_at_the_kingulu_start() {
        let line = GameLine::new(Kingulu::start(&Default::default()));
        let limits = ValueLimits::fixed(2);
        let mut engine = Engine::new(analysis_config(limits));
        let pv = position_values(&line, limits, &mut engine);
        let pos = line.current();
        assert_eq!(pos.move_text(pv.best.unwrap()), "A3");
        assert_eq!(pv.value.text(), "win in 29 plies, South 26–22");
        assert_eq!(pv.value.short_text(), "win 29 (S 26–22)");
        assert_eq!(pv.value.score, Some(4.0));
        assert_eq!(pv.value.source, Source::Book);
        let a4 = pos.parse_move("A4").unwrap();
        let v = move_value(&line, &pv, a4, limits, &mut engine).unwrap();
        assert_eq!(v.text(), "loss in 20 plies, South 19–29");
        assert_eq!(v.flipped().before_move().plies, Some(21));
    }
}
