//! How a time-limited alpha-beta search decides to start another iteration.
//!
//! The time limit itself is always a hard deadline (looked at every 16 nodes); the rule
//! only decides, after each completed iteration, whether the next one is worth starting.

/// The rule for starting another iteration of a time-limited search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeRule {
    /// The levels' budget: start the next iteration unless it is predicted not to finish
    /// before the limit (the last iteration's time times the growth of the last two,
    /// clamped to 1.5..6, 3 when unknown). Levels 8-10 in `bao play` and the web.
    #[default]
    Predict,
    /// The rule of commit f1345eb and before: no new iteration after half the time.
    Half,
    /// Search until the limit (a move time): iterations go on to the deadline, and a
    /// stopped iteration's move is kept when it beat the previous best. The engine
    /// protocol's `bestmove time MS` and `go movetime MS`.
    Full,
}

impl TimeRule {
    /// The rule named `predict`, `half` or `full`.
    pub fn parse(text: &str) -> Option<TimeRule> {
        match text {
            "predict" => Some(TimeRule::Predict),
            "half" => Some(TimeRule::Half),
            "full" => Some(TimeRule::Full),
            _ => None,
        }
    }

    /// The rule's name (as [`TimeRule::parse`] takes it).
    pub fn name(self) -> &'static str {
        match self {
            TimeRule::Predict => "predict",
            TimeRule::Half => "half",
            TimeRule::Full => "full",
        }
    }

    /// Whether to start another iteration, `elapsed_ms` into a search limited to
    /// `limit_ms`, the last iteration having taken `last_ms` and the one before it
    /// `prev_ms` (`None` before the second iteration).
    pub fn another_iteration(
        self,
        elapsed_ms: u64,
        limit_ms: u64,
        last_ms: u64,
        prev_ms: Option<u64>,
    ) -> bool {
        match self {
            TimeRule::Half => elapsed_ms * 2 <= limit_ms,
            TimeRule::Full => elapsed_ms < limit_ms,
            TimeRule::Predict => {
                let growth = match prev_ms {
                    Some(p) if p >= 2 && last_ms >= 2 => {
                        (last_ms as f64 / p as f64).clamp(1.5, 6.0)
                    }
                    _ => 3.0,
                };
                (elapsed_ms as f64 + last_ms.max(1) as f64 * growth) <= limit_ms as f64
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TimeRule;

    #[test]
    fn the_rules_decide_as_documented() {
        // Half: 50 ms of 100 may start another, 51 may not.
        assert!(TimeRule::Half.another_iteration(50, 100, 30, None));
        assert!(!TimeRule::Half.another_iteration(51, 100, 1, None));
        // Full: until the deadline.
        assert!(TimeRule::Full.another_iteration(99, 100, 60, Some(20)));
        assert!(!TimeRule::Full.another_iteration(100, 100, 1, None));
        // Predict: 40 ms in, last iteration 20 ms after 10 ms: growth 2, next ≈ 40 ms,
        // finishes at 80 ≤ 100; the same at 61 ms would end at 101.
        assert!(TimeRule::Predict.another_iteration(40, 100, 20, Some(10)));
        assert!(!TimeRule::Predict.another_iteration(61, 100, 20, Some(10)));
        // Growth is clamped to 6 (a 1 -> 30 ms jump predicts 180 ms, not 900).
        assert!(TimeRule::Predict.another_iteration(31, 300, 30, Some(2)));
        assert!(!TimeRule::Predict.another_iteration(31, 200, 30, Some(2)));
        assert_eq!(TimeRule::parse("half"), Some(TimeRule::Half));
        assert_eq!(TimeRule::parse("x"), None);
        assert_eq!(TimeRule::Full.name(), "full");
    }
}
