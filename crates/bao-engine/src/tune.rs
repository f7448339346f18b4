//! Texel-style tuning of a linear evaluation (Bao la Kiswahili's and Bao Kingulu's):
//! self-play positions labelled with the game's result, and a logistic fit of the
//! evaluation's weights to them.
//!
//! Both evaluations are linear in their terms ([`Tunable::terms`]:
//! `KiswahiliFeatures::terms`, `KinguluFeatures::terms`), so the fit is a
//! logistic regression: the probability that the side to move wins is modelled as
//! `σ(Σ β_i t_i)`, the result counting 1 for a win, ½ for a draw, 0 for a loss, and β
//! minimizes the cross-entropy (convex: Newton's method with a small ridge converges in
//! a few steps). The weights are β rescaled so that material stays 100 per seed (the
//! search's unit), i.e. `w_i = 100 β_i / β_0`; the scale `400 / (β_0 · 100)` ... is
//! reported as the centi-seeds per unit of log-odds.

// Index loops read best in the matrix code.
#![allow(clippy::needless_range_loop)]

use crate::hash::mix64;
use crate::weights::{KG_TERMS, KG_TERM_NAMES, KG_WEIGHTS, KS_TERMS, KS_TERM_NAMES, KS_WEIGHTS};
use crate::{Engine, EngineConfig, Evaluate, Limits, Searcher};
use crate::{KinguluFeatures, KiswahiliFeatures};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::GameLine;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A game whose evaluation is linear in `N` terms: `evaluate = Σ WEIGHTS[i] · terms[i]`.
pub trait Tunable<const N: usize>: Evaluate {
    /// The weights the evaluation uses, one per term (material first, fixed at 100).
    const WEIGHTS: [i32; N];
    /// The names of the terms, in the order of [`Tunable::WEIGHTS`].
    const TERM_NAMES: [&'static str; N];
    /// The evaluation's terms of the position, from the side to move's point of view.
    fn terms(&self) -> [i32; N];
}

impl Tunable<KS_TERMS> for Kiswahili {
    const WEIGHTS: [i32; KS_TERMS] = KS_WEIGHTS;
    const TERM_NAMES: [&'static str; KS_TERMS] = KS_TERM_NAMES;
    fn terms(&self) -> [i32; KS_TERMS] {
        KiswahiliFeatures::of(self).terms()
    }
}

impl Tunable<KG_TERMS> for Kingulu {
    const WEIGHTS: [i32; KG_TERMS] = KG_WEIGHTS;
    const TERM_NAMES: [&'static str; KG_TERMS] = KG_TERM_NAMES;
    fn terms(&self) -> [i32; KG_TERMS] {
        KinguluFeatures::of(self).terms()
    }
}

/// One labelled position: the evaluation's terms and the result for the side to move
/// (0, ½, 1). `N` is the number of terms (Bao la Kiswahili's by default).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample<const N: usize = KS_TERMS> {
    /// [`Tunable::terms`] of the position.
    pub terms: [i32; N],
    /// The game's result for the side to move.
    pub result: f64,
}

/// How self-play games are made.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Random plies at the start of every game (then the engine plays).
    pub random_plies: u32,
    /// The search's node limit per move.
    pub nodes: u64,
    /// The most plies of a game (a game still running is adjudicated by material).
    pub max_plies: u32,
    /// The run's seed (game `g` uses `mix(seed, g)`).
    pub seed: u64,
}

/// Plays self-play game `game` of `G` (default rules) and returns its positions after the
/// random plies (those where the game is not over), each with the game's result for its
/// side to move.
pub fn self_play_game<G: Tunable<N>, const N: usize>(cfg: &SelfPlay, game: u64) -> Vec<Sample<N>> {
    let seed = mix64(cfg.seed ^ mix64(game.wrapping_add(1)));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut line = GameLine::new(G::start(&Default::default()));
    let mut moves = Vec::new();
    for _ in 0..cfg.random_plies {
        if line.is_over() {
            break;
        }
        line.current().legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        if line.play(mv).is_err() {
            break;
        }
    }
    let mut engine: Engine<G> = Engine::new(EngineConfig {
        searcher: Searcher::AlphaBeta,
        limits: Limits {
            depth: None,
            nodes: Some(cfg.nodes.max(1)),
            time_ms: None,
        },
        seed,
        hash_mb: 8,
        missed_captures: 0,
        eval: crate::Evaluation::Linear,
        search: crate::SearchParams::default(),
    });
    let mut positions: Vec<G> = Vec::new();
    let outcome = loop {
        if let Some(o) = line.outcome() {
            break o;
        }
        if line.plies() >= cfg.max_plies as usize {
            break crate::arena::adjudicate(line.current());
        }
        positions.push(line.current().clone());
        let r = engine.search_line(&line, Limits::default(), &mut |_| {});
        match r.best.map(|mv| line.play(mv)) {
            Some(Ok(_)) => {}
            _ => {
                break bao_rules::Outcome {
                    winner: Some(line.current().side_to_move().opponent()),
                    reason: bao_rules::EndReason::NoLegalMove,
                }
            }
        }
    };
    positions
        .iter()
        .map(|p| Sample {
            terms: p.terms(),
            result: match outcome.winner {
                Some(w) if w == p.side_to_move() => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
        })
        .collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of the model `σ(Σ β_i t_i)` on `samples`.
pub fn loss<const N: usize>(samples: &[Sample<N>], beta: &[f64; N]) -> f64 {
    let mut total = 0.0;
    for s in samples {
        let z: f64 = s
            .terms
            .iter()
            .zip(beta)
            .map(|(&t, b)| f64::from(t) * b)
            .sum();
        let p = sigmoid(z).clamp(1e-12, 1.0 - 1e-12);
        total -= s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln();
    }
    total / samples.len().max(1) as f64
}

/// The result of a fit (`N` terms).
#[derive(Clone, Debug)]
pub struct Fit<const N: usize = KS_TERMS> {
    /// The logistic coefficients per term unit.
    pub beta: [f64; N],
    /// The weights in centi-seeds, material fixed at 100.
    pub weights: [i32; N],
    /// The mean cross-entropy at the start (the weights in use, best scale) and at the end.
    pub loss_before: f64,
    /// The mean cross-entropy of the fit.
    pub loss_after: f64,
    /// Newton steps taken.
    pub steps: u32,
}

/// Fits β by Newton's method from `start` (the current weights scaled to log-odds by the
/// best single scale, found first), with ridge `lambda` on every coefficient but
/// material. Terms that never vary in the data keep their current weight.
pub fn fit<const N: usize>(samples: &[Sample<N>], current: &[i32; N], lambda: f64) -> Fit<N> {
    let n = N;
    // The best single scale for the current weights: log-odds per centi-seed on a grid
    // of 10^x, x from -6 to 0 in steps of 0.02.
    let scaled = |k: f64| {
        let mut b = [0.0; N];
        for i in 0..n {
            b[i] = k * f64::from(current[i]);
        }
        b
    };
    let k = (0..=300)
        .map(|i| 10f64.powf(-6.0 + 0.02 * f64::from(i)))
        .min_by(|&a, &b| loss(samples, &scaled(a)).total_cmp(&loss(samples, &scaled(b))))
        .unwrap_or(1.0 / 400.0);
    let mut beta = scaled(k);
    let loss_before = loss(samples, &beta);
    let varies: Vec<bool> = (0..n)
        .map(|i| samples.iter().any(|s| s.terms[i] != samples[0].terms[i]))
        .collect();
    let mut steps = 0;
    for _ in 0..30 {
        steps += 1;
        let mut g = vec![0.0; n];
        let mut h = vec![vec![0.0; n]; n];
        for s in samples {
            let z: f64 = s
                .terms
                .iter()
                .zip(&beta)
                .map(|(&t, b)| f64::from(t) * b)
                .sum();
            let p = sigmoid(z);
            let wgt = p * (1.0 - p);
            for i in 0..n {
                let ti = f64::from(s.terms[i]);
                g[i] += (p - s.result) * ti;
                for j in 0..n {
                    h[i][j] += wgt * ti * f64::from(s.terms[j]);
                }
            }
        }
        let m = samples.len().max(1) as f64;
        for i in 0..n {
            g[i] /= m;
            for j in 0..n {
                h[i][j] /= m;
            }
            if i > 0 {
                g[i] += lambda * beta[i];
                h[i][i] += lambda;
            }
            if !varies[i] {
                // Fixed: no step for this coefficient.
                g[i] = 0.0;
                for j in 0..n {
                    h[i][j] = 0.0;
                    h[j][i] = 0.0;
                }
                h[i][i] = 1.0;
            }
        }
        let Some(step) = solve(h, g) else { break };
        // A damped step: halved until the (ridge-free) loss does not grow.
        let before = loss(samples, &beta);
        let mut scale = 1.0;
        let mut next = beta;
        for _ in 0..30 {
            for i in 0..n {
                next[i] = beta[i] - scale * step[i];
            }
            if loss(samples, &next) <= before + 1e-12 {
                break;
            }
            scale *= 0.5;
        }
        let mut biggest: f64 = 0.0;
        for i in 0..n {
            biggest = biggest.max((next[i] - beta[i]).abs() / next[i].abs().max(1e-9));
        }
        beta = next;
        if biggest < 1e-7 {
            break;
        }
    }
    let loss_after = loss(samples, &beta);
    let mut weights = [0; N];
    for i in 0..n {
        weights[i] = if beta[0] > 0.0 && varies[i] {
            (100.0 * beta[i] / beta[0]).round() as i32
        } else {
            current[i]
        };
    }
    Fit {
        beta,
        weights,
        loss_before,
        loss_after,
        steps,
    }
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` when singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[piv][col].abs() < 1e-18 {
            return None;
        }
        a.swap(col, piv);
        b.swap(col, piv);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            for k in col..n {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|k| a[i][k] * x[k]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    Some(x)
}

/// One sample as a line of the data file: the result, then the terms (tab-separated).
pub fn sample_line<const N: usize>(s: &Sample<N>) -> String {
    let mut line = format!("{}", s.result);
    for t in s.terms {
        line.push('\t');
        line.push_str(&t.to_string());
    }
    line
}

/// A sample of `N` terms from a data file line, `None` if the line is not one.
pub fn parse_sample<const N: usize>(line: &str) -> Option<Sample<N>> {
    let mut f = line.split('\t');
    let result: f64 = f.next()?.parse().ok()?;
    if ![0.0, 0.5, 1.0].contains(&result) {
        return None;
    }
    let mut terms = [0; N];
    for t in terms.iter_mut() {
        *t = f.next()?.parse().ok()?;
    }
    if f.next().is_some() {
        return None;
    }
    Some(Sample { terms, result })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_known_weights() {
        // Samples drawn from a known model: material (term 0) β = 0.01, front seed
        // (term 1) β = 0.03, the rest 0; results are the model's probabilities rounded
        // by a fixed pseudo-random stream.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut samples = Vec::new();
        for _ in 0..40_000 {
            let mut terms = [0; KS_TERMS];
            terms[0] = rng.gen_range(-300..=300);
            terms[1] = rng.gen_range(-40..=40);
            terms[2] = rng.gen_range(-30..=30);
            let p = sigmoid(0.01 * f64::from(terms[0]) + 0.03 * f64::from(terms[1]));
            let result = if rng.gen::<f64>() < p { 1.0 } else { 0.0 };
            samples.push(Sample { terms, result });
        }
        let current = crate::weights::KS_WEIGHTS;
        let f = fit(&samples, &current, 0.0);
        assert!(f.loss_after < f.loss_before, "{f:?}");
        // 100 · 0.03 / 0.01 = 300 per front seed; term 2 near 0 (its standard error is
        // about 6 here); terms that never vary keep their weights.
        assert_eq!(f.weights[0], 100);
        assert!((f.weights[1] - 300).abs() <= 25, "{f:?}");
        assert!(f.weights[2].abs() <= 15, "{f:?}");
        assert_eq!(f.weights[3..], current[3..]);
        let line = sample_line(&samples[0]);
        assert_eq!(parse_sample(&line), Some(samples[0]));
        assert_eq!(parse_sample::<KS_TERMS>("2\t1"), None);
    }

    #[test]
    fn self_play_is_reproducible_and_labelled_from_the_mover() {
        let cfg = SelfPlay {
            random_plies: 4,
            nodes: 300,
            max_plies: 300,
            seed: 3,
        };
        let a = self_play_game::<Kiswahili, KS_TERMS>(&cfg, 5);
        assert_eq!(a, self_play_game::<Kiswahili, KS_TERMS>(&cfg, 5));
        assert!(!a.is_empty());
        // Consecutive positions have opposite movers: decided results alternate.
        for w in a.windows(2) {
            if w[0].result != 0.5 {
                assert_eq!(w[0].result + w[1].result, 1.0);
            }
        }
    }

    #[test]
    fn the_kingulu_fit_recovers_known_weights() {
        // Six Bao Kingulu terms drawn at random, results from a known model: score β =
        // 0.02, reserved pit 0.1 (500 per pit), blocked −0.04 (−200), the rest 0.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut samples: Vec<Sample<KG_TERMS>> = Vec::new();
        for _ in 0..30_000 {
            let terms = [
                rng.gen_range(-30..=30),
                rng.gen_range(-3..=3),
                rng.gen_range(0..=3),
                rng.gen_range(0..=3),
                rng.gen_range(-4..=4),
                rng.gen_range(-4..=4),
            ];
            let z =
                0.02 * f64::from(terms[0]) + 0.1 * f64::from(terms[1]) - 0.04 * f64::from(terms[5]);
            let result = if rng.gen::<f64>() < sigmoid(z) {
                1.0
            } else {
                0.0
            };
            samples.push(Sample { terms, result });
        }
        let f = fit(&samples, &KG_WEIGHTS, 0.0);
        assert!(f.loss_after < f.loss_before, "{f:?}");
        // Exact for this stream (true values 100, 500, 0, 0, 0, −200: the estimates' noise
        // is tens of centi-seeds at 30 000 samples).
        assert_eq!(f.weights, [100, 501, -27, 34, 0, -161], "{f:?}");
        let line = sample_line(&samples[0]);
        assert_eq!(line.split('\t').count(), 7);
        assert_eq!(parse_sample::<KG_TERMS>(&line), Some(samples[0]));
        // A Kiswahili line (ten terms) is not a Kingulu sample.
        assert_eq!(
            parse_sample::<KG_TERMS>("1\t1\t2\t3\t4\t5\t6\t7\t8\t9\t10"),
            None
        );
    }

    #[test]
    fn kingulu_self_play_is_reproducible_with_exact_values() {
        let cfg = SelfPlay {
            random_plies: 6,
            nodes: 300,
            max_plies: 300,
            seed: 3,
        };
        let a = self_play_game::<Kingulu, KG_TERMS>(&cfg, 5);
        assert_eq!(a, self_play_game::<Kingulu, KG_TERMS>(&cfg, 5));
        let b = self_play_game::<Kingulu, KG_TERMS>(&cfg, 6);
        assert_ne!(a, b, "another game number, another game");
        assert_eq!((a.len(), b.len()), (26, 9));
        // The first position after the random plies: the mover is 4 seeds behind, with
        // two more playable and two fewer blocked candidates than the opponent; it lost.
        assert_eq!(
            a[0],
            Sample {
                terms: [-4, 0, 0, 0, 2, -2],
                result: 0.0
            }
        );
        // The last: 8 seeds and one reserved pit ahead, the winner to move.
        assert_eq!(
            a[25],
            Sample {
                terms: [8, 1, 0, 0, 0, 0],
                result: 1.0
            }
        );
        // A decided game: the results alternate with the mover, the first one lost.
        let results: Vec<f64> = a.iter().map(|s| s.result).collect();
        let expected: Vec<f64> = (0..26).map(|i| f64::from(i % 2)).collect();
        assert_eq!(results, expected);
    }
}
