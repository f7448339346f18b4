//! The SPRT arithmetic on known pentanomial counts.
//!
//! The expected LLRs were computed independently of this code, in Python, from the
//! formula of fastchess's `SPRT::getLLR` (pentanomial, `model=logistic`):
//!
//! ```text
//! def score(elo): return 1/(1+10**(-elo/400))
//! def mle(a, p, s):      # theta: root of sum p_i (a_i-s)/(1+theta(a_i-s)), 300 bisections
//!     f = lambda th: sum(pi*(ai-s)/(1+th*(ai-s)) for ai,pi in zip(a,p))
//!     lo, hi = -1/(a[-1]-s), -1/(a[0]-s)   # (shrunk by 1e-15 relative)
//!     ... bisect ...
//!     return [pi/(1+th*(ai-s)) for ai,pi in zip(a,p)]
//! def llr(counts, elo0, elo1):
//!     c = [x if x else 1e-3 for x in counts]; n = sum(c); p = [x/n for x in c]
//!     a = [0, .25, .5, .75, 1]
//!     p0 = mle(a,p,score(elo0)); p1 = mle(a,p,score(elo1))
//!     return n*sum(pi*(log(q1)-log(q0)) for pi,q0,q1 in zip(p,p0,p1))
//! ```
//!
//! A check by hand of the first case with the GSPRT's normal approximation
//! `LLR ≈ N (s1 − s0)(2μ − s0 − s1) / (2σ²)`: counts [10, 20, 40, 20, 10], N = 100,
//! μ = 0.5, σ² = (10·¼ + 20·(1/16) + 0 + 20·(1/16) + 10·¼)/100 = 0.075, s0 = 0.5,
//! s1 = 1/(1 + 10^(−10/400)) = 0.514390; LLR ≈ 100 · 0.014390 · (−0.014390) / 0.15 =
//! −0.1380, against the exact −0.137899.

use super::*;

fn close(got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol,
        "got {got}, expected {want} (± {tol})"
    );
}

#[test]
fn llr_matches_the_published_formula() {
    let cases: [([u32; 5], f64, f64, f64); 6] = [
        ([10, 20, 40, 20, 10], 0.0, 10.0, -0.13789922175464955),
        ([5, 20, 40, 30, 15], 0.0, 10.0, 1.330326884763548),
        ([2, 10, 30, 40, 30], 0.0, 10.0, 2.8469723428355844),
        ([40, 30, 50, 20, 10], 0.0, 10.0, -2.5846152547792363),
        // An empty class is regularized to 0.001 pairs.
        ([0, 3, 10, 20, 60], 0.0, 10.0, 2.638186843005591),
        ([100, 200, 400, 250, 120], -5.0, 5.0, 4.153146378528635),
    ];
    for (counts, elo0, elo1, want) in cases {
        let sprt = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap();
        close(sprt.llr(&Pentanomial(counts)), want, 1e-9);
    }
}

#[test]
fn bounds_and_decisions() {
    let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    let (lo, hi) = sprt.bounds();
    // ln(0.05/0.95) and ln(0.95/0.05).
    close(lo, -2.9444389791664403, 1e-12);
    close(hi, 2.9444389791664403, 1e-12);
    assert_eq!(sprt.decision(2.95), Some(Hypothesis::H1));
    assert_eq!(sprt.decision(-2.95), Some(Hypothesis::H0));
    assert_eq!(sprt.decision(2.9), None);
    // alpha 0.01, beta 0.1: ln(0.1/0.99) = -2.2925, ln(0.9/0.01) = 4.4998.
    let (lo, hi) = Sprt::new(0.0, 5.0, 0.01, 0.1).unwrap().bounds();
    close(lo, -2.2925347571405443, 1e-12);
    close(hi, 4.499809670330265, 1e-12);
    // The counts of the third case cross neither bound; [0, 5, 20, 40, 40] (LLR
    // 2.978575748775639 by the formula above) accepts H1, [50, 40, 50, 20, 10]
    // (−3.387032036429975) H0. A clean sweep carries less than its size suggests (the
    // regularized counts have almost no variance): 60 won pairs are 1.7021455067399047,
    // 200 are 5.673687916750338.
    for (counts, llr, decision) in [
        ([2, 10, 30, 40, 30], 2.8469723428355844, None),
        ([0, 5, 20, 40, 40], 2.978575748775639, Some(Hypothesis::H1)),
        (
            [50, 40, 50, 20, 10],
            -3.387032036429975,
            Some(Hypothesis::H0),
        ),
        ([0, 0, 0, 0, 60], 1.7021455067399047, None),
        ([0, 0, 0, 0, 200], 5.673687916750338, Some(Hypothesis::H1)),
        ([200, 0, 0, 0, 0], -5.839352674978731, Some(Hypothesis::H0)),
    ] {
        let got = sprt.llr(&Pentanomial(counts));
        close(got, llr, 1e-9);
        assert_eq!(sprt.decision(got), decision, "{counts:?}");
    }
    assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
}

#[test]
fn bad_bounds_are_refused() {
    assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
    assert!(Sprt::new(0.0, 10.0, 0.0, 0.05).is_err());
    assert!(Sprt::new(0.0, 10.0, 0.6, 0.5).is_err());
    assert!(Sprt::new(f64::NAN, 10.0, 0.05, 0.05).is_err());
}

#[test]
fn pentanomial_counts_score_and_elo() {
    let mut p = Pentanomial::default();
    p.add_pair(2, 2); // WW
    p.add_pair(2, 0); // WL
    p.add_pair(1, 1); // DD
    p.add_pair(0, 1); // LD
    assert_eq!(p, Pentanomial([0, 1, 2, 0, 1]));
    assert_eq!(p.to_string(), "[0, 1, 2, 0, 1]");
    // (0.25 + 0.5 + 0.5 + 1) / 4 = 0.5625.
    assert_eq!(p.score(), 0.5625);
    // Elo of 0.5625: -400 log10(1/0.5625 - 1) = +43.66; σ² = (0.3125² + 2·0.0625² +
    // 0.4375²)/4 = 0.07421875, se = √(σ²/4) = 0.136216; interval 0.5625 ± 0.266983 =
    // 0.295517 .. 0.829483 → −150.91 .. +274.82.
    let (elo, lo, hi) = p.elo_ci95().unwrap();
    close(elo, 43.66, 0.01);
    close(lo, -150.91, 0.01);
    close(hi, 274.82, 0.01);
    // A clean sweep is clamped to a quarter game per pair: 10 pairs, 1 - 0.025.
    let (elo, lo, hi) = Pentanomial([0, 0, 0, 0, 10]).elo_ci95().unwrap();
    close(elo, elo_of(0.975), 1e-9);
    assert!(lo <= elo && hi == elo);
    assert_eq!(Pentanomial::default().elo_ci95(), None);
}
