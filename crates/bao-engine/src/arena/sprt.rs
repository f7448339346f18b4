//! Pentanomial pair results, their Elo with a 95% interval, and the generalized
//! sequential probability ratio test (GSPRT) of fastchess and fishtest on them.
//!
//! A *pair* is one opening played twice, colours swapped. Engine A's points in the pair
//! are 0, ½, 1, 1½ or 2, so a match is five counts (the pentanomial: LL, LD, DD+WL, WD,
//! WW). Pairs are the independent trials: two games of one opening are correlated, and
//! counting games as independent (the trinomial model) overstates the variance.
//!
//! The LLR is the one of fastchess's `SPRT::getLLR` with `model=logistic` (its pentanomial
//! branch): each empty count is regularized to 0.001, the empirical distribution `p̂` over
//! the pair scores `a = (0, ¼, ½, ¾, 1)` is taken from the counts, and for each hypothesis'
//! expected score `s = 1 / (1 + 10^(−elo/400))` the maximum-likelihood distribution with
//! that mean is `p_i = p̂_i / (1 + θ(a_i − s))`, where θ solves
//! `Σ p̂_i (a_i − s) / (1 + θ(a_i − s)) = 0` (M. Van den Bergh, *Comments on Normalized
//! Elo*, proposition 1.1). Then `LLR = N · Σ p̂_i ln(p1_i / p0_i)`, N the regularized
//! number of pairs. θ is found here by bisection to machine precision (fastchess stops
//! its root search at |Δθ| < 0.001; the two agree to about 1e-4 in LLR).

use std::fmt;

/// The pair scores of the five classes, in A's points per game.
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Counts of pair results, indexed by A's points in the pair times two: 0 = lost both
/// (LL), 1 = a loss and a draw (LD), 2 = a win and a loss or two draws (WL+DD), 3 = a win
/// and a draw (WD), 4 = won both (WW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

/// A's result in one game: 0 = loss, 1 = draw, 2 = win (half-points).
pub type HalfPoints = u32;

impl Pentanomial {
    /// Adds one pair from A's half-points in its two games (each 0, 1 or 2).
    pub fn add_pair(&mut self, first: HalfPoints, second: HalfPoints) {
        let i = (first.min(2) + second.min(2)) as usize;
        self.0[i] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// A's mean points per game over the pairs (½ with no pairs).
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        let total: f64 = self
            .0
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, a)| f64::from(c) * a)
            .sum();
        total / f64::from(n)
    }

    /// The Elo difference A − B and its 95% interval from the pair scores (normal
    /// approximation: mean ± 1.96 · σ_pair / √pairs; fastchess's pentanomial Elo). A mean
    /// of 0 or 1, or an interval end beyond it, is clamped to a quarter game per pair
    /// from the end, so that the numbers stay finite. `None` with no pairs.
    pub fn elo_ci95(&self) -> Option<(f64, f64, f64)> {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return None;
        }
        let mu = self.score();
        let var: f64 = self
            .0
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, a)| f64::from(c) * (a - mu).powi(2))
            .sum::<f64>()
            / n;
        let se = (var / n).sqrt();
        let edge = (0.25 / n).min(0.25);
        let clamp = |x: f64| x.clamp(edge, 1.0 - edge);
        Some((
            elo_of(clamp(mu)),
            elo_of(clamp(mu - 1.96 * se)),
            elo_of(clamp(mu + 1.96 * se)),
        ))
    }
}

impl fmt::Display for Pentanomial {
    /// `[LL, LD, DD+WL, WD, WW]`, e.g. `[3, 10, 40, 12, 5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        write!(f, "[{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4])
    }
}

/// The logistic Elo difference of a points share in (0, 1).
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected points share of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Which hypothesis the test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// The difference is at most `elo0` (the change does not gain what was asked).
    H0,
    /// The difference is at least `elo1`.
    H1,
}

impl fmt::Display for Hypothesis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Hypothesis::H0 => "H0",
            Hypothesis::H1 => "H1",
        })
    }
}

/// A GSPRT of H0: Elo = `elo0` against H1: Elo = `elo1` (logistic Elo, A − B), with
/// error rates `alpha` (accepting H1 when H0 holds) and `beta` (accepting H0 when H1
/// holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1 (greater than `elo0`).
    pub elo1: f64,
    /// The false-positive rate, 0 < alpha < 1.
    pub alpha: f64,
    /// The false-negative rate, 0 < beta < 1, alpha + beta < 1.
    pub beta: f64,
}

impl Sprt {
    /// A test of `elo0` against `elo1` with alpha = beta = 0.05, or an error naming what
    /// is wrong with the bounds or rates.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            return Err(format!(
                "the SPRT bounds {elo0},{elo1}: elo0 must be less than elo1"
            ));
        }
        if !(elo0 > -1000.0 && elo1 < 1000.0) {
            return Err(format!(
                "the SPRT bounds {elo0},{elo1}: give Elo differences within ±1000"
            ));
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 1.0) {
                return Err(format!("--{name} {v}: give a rate between 0 and 1"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(format!(
                "--alpha {alpha} --beta {beta}: their sum must be less than 1"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR bounds `(ln(β/(1−α)), ln((1−β)/α))`: below the first H0 is accepted,
    /// above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 on the pair counts (0 with no pairs).
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        if counts.pairs() == 0 {
            return 0.0;
        }
        let c: Vec<f64> = counts
            .0
            .iter()
            .map(|&x| if x == 0 { 1e-3 } else { f64::from(x) })
            .collect();
        let n: f64 = c.iter().sum();
        let p: Vec<f64> = c.iter().map(|x| x / n).collect();
        let p0 = mle(&p, score_of_elo(self.elo0));
        let p1 = mle(&p, score_of_elo(self.elo1));
        n * p
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(pi, (q0, q1))| pi * (q1.ln() - q0.ln()))
            .sum::<f64>()
    }

    /// The hypothesis accepted at `llr`, or `None` while the test goes on.
    pub fn decision(&self, llr: f64) -> Option<Hypothesis> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }
}

/// The distribution over [`PAIR_SCORES`] with mean `s` closest (maximum likelihood) to
/// the empirical `p`: `p_i / (1 + θ(a_i − s))` with θ the root of
/// `Σ p_i (a_i − s) / (1 + θ(a_i − s))` in `(−1/(1 − s), 1/s)`, by bisection.
fn mle(p: &[f64], s: f64) -> [f64; 5] {
    let a = PAIR_SCORES;
    let f = |theta: f64| -> f64 {
        a.iter()
            .zip(p)
            .map(|(ai, pi)| pi * (ai - s) / (1.0 + theta * (ai - s)))
            .sum()
    };
    // f falls from +∞ to −∞ over the open interval where every 1 + θ(a_i − s) > 0.
    let mut lo = -1.0 / (a[4] - s);
    let mut hi = -1.0 / (a[0] - s);
    lo += 1e-15 * lo.abs();
    hi -= 1e-15 * hi.abs();
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= f64::EPSILON * mid.abs().max(1.0) {
            break;
        }
    }
    let theta = 0.5 * (lo + hi);
    let mut q = [0.0; 5];
    for i in 0..5 {
        q[i] = p[i] / (1.0 + theta * (a[i] - s));
    }
    q
}

#[cfg(test)]
mod tests;
