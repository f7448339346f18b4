//! Move classes, winning chances and accuracy (docs/analysis.md, "Classes and accuracy").

use crate::values::{Proved, Value};
use serde::Serialize;

/// How good a move was, from the values before and after it (the mover's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// The only legal move.
    Forced,
    /// The best move, or one as good (the same value).
    Best,
    /// A little worse than the best (docs: under the inaccuracy threshold).
    Good,
    /// Worse (`?!`).
    Inaccuracy,
    /// Much worse (`?`).
    Mistake,
    /// A proven win turned into a draw or loss, a draw into a loss, or far worse (`??`).
    Blunder,
}

impl Class {
    /// The annotation of a move of this class: `?!`, `?`, `??`, or nothing.
    pub fn mark(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
            _ => "",
        }
    }

    /// The class's name (`best`, `blunder`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Class::Forced => "forced",
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// Seed thresholds of the classes: a move whose value is at least this many seeds below
/// the best move's is an inaccuracy / mistake / blunder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// Seeds lost for an inaccuracy.
    pub inaccuracy: f64,
    /// Seeds lost for a mistake.
    pub mistake: f64,
    /// Seeds lost for a blunder.
    pub blunder: f64,
}

/// Bao la Kiswahili (search estimates in seeds): 1, 3 and 6 seeds (docs/analysis.md).
pub const KISWAHILI: Thresholds = Thresholds {
    inaccuracy: 1.0,
    mistake: 3.0,
    blunder: 6.0,
};

/// Bao Kingulu (exact final scores: the difference mine − theirs, which one seed moves by
/// 2): 2, 4 and 8 (one, two and four seeds of the final score).
pub const KINGULU: Thresholds = Thresholds {
    inaccuracy: 2.0,
    mistake: 4.0,
    blunder: 8.0,
};

/// The mover's winning chances (0–100) of a value: 100 for a proven win, 0 for a proven
/// loss, 50 for a proven draw; from seeds `s`, `50 + 50 · tanh(s / 8)` (lichess's
/// logistic curve with a Bao scale: 4 seeds ahead ≈ 73).
pub fn win_percent(v: &Value) -> f64 {
    match v.proved {
        Some(Proved::Win) => 100.0,
        Some(Proved::Loss) => 0.0,
        Some(Proved::Draw) => 50.0,
        None => 50.0 + 50.0 * (v.score.unwrap_or(0.0) / 8.0).tanh(),
    }
}

/// The accuracy (0–100) of one move from the mover's winning chances before and after it
/// (lichess's formula: `103.1668 · e^(−0.04354 · drop) − 3.1669`, clamped).
pub fn move_accuracy(before: &Value, after: &Value) -> f64 {
    let drop = (win_percent(before) - win_percent(after)).max(0.0);
    (103.1668 * (-0.04354 * drop).exp() - 3.1669).clamp(0.0, 100.0)
}

/// The class of a move: `forced` with one legal move, `best` when it is the best move;
/// otherwise `blunder` when it turns a proven win into a draw or loss or a proven draw
/// into a loss (or walks into a proven loss from an unproven value), `mistake` when it
/// misses a proven win; else by the seeds lost against `t`, except that a move keeping a
/// proven win (or loss) is at most a `mistake`: it gives up seeds of the final score, not
/// the result.
pub fn classify(
    before: &Value,
    after: &Value,
    is_best: bool,
    only_move: bool,
    t: Thresholds,
) -> Class {
    if only_move {
        return Class::Forced;
    }
    if is_best {
        return Class::Best;
    }
    match (before.proved, after.proved) {
        (Some(b), Some(a)) if a < b => return Class::Blunder,
        (Some(Proved::Win), None) => return Class::Mistake,
        (None, Some(Proved::Loss)) => return Class::Blunder,
        _ => {}
    }
    let lost = match (before.score, after.score) {
        (Some(b), Some(a)) => b - a,
        // Same proven result, no seeds: a longer win or a shorter defence.
        _ => 0.0,
    };
    // A move that keeps a proven result (a win stays a win, a loss a loss) changes only
    // the final score, not who wins (G-R14): at most a mistake, never a blunder.
    let kept = before.proved.is_some() && before.proved == after.proved;
    if lost >= t.blunder && !kept {
        Class::Blunder
    } else if lost >= t.mistake {
        Class::Mistake
    } else if lost >= t.inaccuracy {
        Class::Inaccuracy
    } else if lost > 0.0 || before.plies != after.plies {
        Class::Good
    } else {
        Class::Best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::Source;

    fn seeds(s: f64) -> Value {
        Value {
            score: Some(s),
            proved: None,
            plies: None,
            margin: None,
            source: Source::Search,
        }
    }

    fn proved(p: Proved, plies: u32) -> Value {
        Value {
            score: None,
            proved: Some(p),
            plies: Some(plies),
            margin: None,
            source: Source::Solver,
        }
    }

    #[test]
    fn classes_by_proof_and_by_seeds() {
        let t = KISWAHILI;
        let win = proved(Proved::Win, 9);
        assert_eq!(
            classify(&win, &proved(Proved::Loss, 8), false, false, t),
            Class::Blunder
        );
        assert_eq!(
            classify(&win, &proved(Proved::Draw, 0), false, false, t),
            Class::Blunder
        );
        assert_eq!(classify(&win, &seeds(3.0), false, false, t), Class::Mistake);
        assert_eq!(
            classify(&win, &proved(Proved::Win, 11), false, false, t),
            Class::Good
        );
        assert_eq!(
            classify(&seeds(2.0), &seeds(1.5), false, false, t),
            Class::Good
        );
        assert_eq!(
            classify(&seeds(2.0), &seeds(1.0), false, false, t),
            Class::Inaccuracy
        );
        assert_eq!(
            classify(&seeds(2.0), &seeds(-1.0), false, false, t),
            Class::Mistake
        );
        assert_eq!(
            classify(&seeds(2.0), &seeds(-4.0), false, false, t),
            Class::Blunder
        );
        assert_eq!(
            classify(&seeds(2.0), &seeds(2.0), false, false, t),
            Class::Best
        );
        assert_eq!(
            classify(&seeds(2.0), &seeds(-9.0), true, false, t),
            Class::Best
        );
        assert_eq!(
            classify(&seeds(2.0), &seeds(-9.0), false, true, t),
            Class::Forced
        );
        assert_eq!(
            classify(&seeds(0.0), &proved(Proved::Loss, 5), false, false, t),
            Class::Blunder
        );
    }

    /// A Bao Kingulu value with South's final seeds `south` for the South mover.
    fn scored(p: Proved, plies: u32, south: u32) -> Value {
        Value {
            score: Some(f64::from(south) - f64::from(48 - south)),
            margin: Some([south, 48 - south]),
            ..proved(p, plies)
        }
    }

    /// Bao Kingulu's thresholds are on the final score difference (2/4/8 = 1/2/4 seeds);
    /// a move that keeps the proven win (or loss) is at most a mistake however many seeds
    /// it gives up (the newcomer trial: `2. A6` after `1. A3 a6`, 26–22 instead of 35–13).
    #[test]
    fn kingulu_classes_by_the_final_score_and_a_kept_result_is_no_blunder() {
        let t = KINGULU;
        let best = scored(Proved::Win, 27, 35);
        let class = |after: Value| classify(&best, &after, false, false, t);
        assert_eq!(class(scored(Proved::Win, 25, 35)), Class::Good);
        assert_eq!(class(scored(Proved::Win, 27, 34)), Class::Inaccuracy);
        assert_eq!(class(scored(Proved::Win, 27, 33)), Class::Mistake);
        assert_eq!(class(scored(Proved::Win, 27, 31)), Class::Mistake);
        assert_eq!(class(scored(Proved::Win, 37, 26)), Class::Mistake);
        assert_eq!(class(scored(Proved::Draw, 0, 24)), Class::Blunder);
        assert_eq!(class(scored(Proved::Loss, 20, 23)), Class::Blunder);
        // A proven loss kept, by 22 seeds instead of 4 (South 22–26, 13–35): a mistake,
        // not a blunder.
        assert_eq!(
            classify(
                &scored(Proved::Loss, 25, 22),
                &scored(Proved::Loss, 28, 13),
                false,
                false,
                t
            ),
            Class::Mistake
        );
        // An unproven Kiswahili estimate still has its blunder at 6 seeds.
        assert_eq!(
            classify(&seeds(2.0), &seeds(-4.0), false, false, KISWAHILI),
            Class::Blunder
        );
    }

    #[test]
    fn winning_chances_and_accuracy() {
        assert_eq!(win_percent(&seeds(0.0)), 50.0);
        // 50 + 50·tanh(0.5) = 73.1059...
        assert!((win_percent(&seeds(4.0)) - 73.105_857_863).abs() < 1e-6);
        assert_eq!(win_percent(&proved(Proved::Win, 3)), 100.0);
        // No drop: 103.1668 − 3.1669 = 99.9999.
        assert!((move_accuracy(&seeds(1.0), &seeds(1.0)) - 99.9999).abs() < 1e-9);
        // A win thrown away (100 → 0): 103.1668·e^(−4.354) − 3.1669 < 0 → 0.
        assert_eq!(
            move_accuracy(&proved(Proved::Win, 3), &proved(Proved::Loss, 4)),
            0.0
        );
        // 50 → 25 (drop 25): 103.1668·e^(−1.0885) − 3.1669 = 31.571548 (Python: math.exp).
        let a = move_accuracy(&seeds(0.0), &seeds(-8.0 * (0.5f64).atanh()));
        assert!((a - 31.571_548).abs() < 1e-5, "{a}");
    }
}
