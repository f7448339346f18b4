//! Tests of the maximum-weight matching: reference graphs and random graphs against
//! brute force.

use super::*;
use crate::wide::Wide;

fn matching(n: usize, edges: &[(usize, usize, u64)]) -> Vec<usize> {
    let mut m = Matcher::<u64>::new(n);
    for &(i, j, w) in edges {
        m.set(i, j, w);
    }
    m.compute()
}

/// mwmatching.py's test graphs (blossoms, nested blossoms, T-blossom expansion):
/// the matching reaches the brute-force optimum.
#[test]
fn blossom_graphs() {
    let graphs: &[&[(usize, usize, u64)]] = &[
        &[(1, 2, 10), (2, 3, 11)],
        &[(1, 2, 5), (2, 3, 11), (3, 4, 5)],
        &[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)],
        &[
            (1, 2, 8),
            (1, 3, 9),
            (2, 3, 10),
            (3, 4, 7),
            (1, 6, 5),
            (4, 5, 6),
        ],
        &[
            (1, 2, 9),
            (1, 3, 8),
            (2, 3, 10),
            (1, 4, 5),
            (4, 5, 4),
            (1, 6, 3),
        ],
        &[
            (1, 2, 9),
            (1, 3, 9),
            (2, 3, 10),
            (2, 4, 8),
            (3, 5, 8),
            (4, 5, 10),
            (5, 6, 6),
        ],
        &[
            (1, 2, 23),
            (1, 5, 22),
            (1, 6, 15),
            (2, 3, 25),
            (3, 4, 22),
            (4, 5, 25),
            (4, 8, 14),
            (5, 7, 13),
        ],
        &[
            (1, 2, 19),
            (1, 3, 20),
            (1, 8, 8),
            (2, 3, 25),
            (2, 4, 18),
            (3, 5, 18),
            (4, 5, 13),
            (4, 7, 7),
            (5, 6, 7),
        ],
        &[
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 35),
            (5, 7, 26),
            (9, 10, 5),
        ],
        &[
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 26),
            (5, 7, 40),
            (9, 10, 5),
        ],
        &[
            (1, 2, 45),
            (1, 7, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 95),
            (4, 6, 94),
            (5, 6, 94),
            (6, 7, 50),
            (1, 8, 30),
            (3, 11, 35),
            (5, 9, 36),
            (7, 10, 26),
            (11, 12, 5),
        ],
        &[
            (1, 2, 40),
            (1, 3, 40),
            (2, 3, 60),
            (2, 4, 55),
            (3, 5, 55),
            (4, 5, 50),
            (1, 8, 15),
            (5, 7, 30),
            (7, 6, 10),
            (8, 10, 10),
            (4, 9, 30),
        ],
    ];
    for edges in graphs {
        let n = edges.iter().map(|e| e.0.max(e.1) + 1).max().unwrap();
        let mut w = vec![vec![0u64; n]; n];
        for &(i, j, x) in edges.iter() {
            w[i][j] = x;
            w[j][i] = x;
        }
        let mate = matching(n, edges);
        let best = best_weight(n, &w, &mut vec![false; n], 0);
        assert_eq!(total(&mate, &w), best, "{edges:?}");
    }
    assert_eq!(matching(4, &[(1, 2, 10), (2, 3, 11)]), vec![0, 1, 3, 2]);
}

/// The best total weight by trying every matching.
fn best_weight(n: usize, w: &[Vec<u64>], used: &mut Vec<bool>, from: usize) -> u64 {
    let Some(i) = (from..n).find(|&i| !used[i]) else {
        return 0;
    };
    used[i] = true;
    let mut best = best_weight(n, w, used, i + 1);
    for j in i + 1..n {
        if !used[j] && w[i][j] > 0 {
            used[j] = true;
            best = best.max(w[i][j] + best_weight(n, w, used, i + 1));
            used[j] = false;
        }
    }
    used[i] = false;
    best
}

fn total(mate: &[usize], w: &[Vec<u64>]) -> u64 {
    (0..mate.len())
        .filter(|&i| mate[i] > i)
        .map(|i| w[i][mate[i]])
        .sum()
}

#[test]
#[allow(clippy::needless_range_loop)] // a weight matrix, filled by index
fn random_graphs_reach_the_brute_force_optimum() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    for round in 0..400 {
        let n = rng.gen_range(1..=10);
        let mut w = vec![vec![0u64; n]; n];
        let mut m = Matcher::<u64>::new(n);
        let mut wide = Matcher::<Wide<2>>::new(n);
        for i in 0..n {
            for j in i + 1..n {
                if rng.gen_bool(0.6) {
                    let x = rng.gen_range(1..=if round % 2 == 0 { 5 } else { 100 });
                    w[i][j] = x;
                    w[j][i] = x;
                    m.set(i, j, x);
                    wide.set(i, j, Wide::from_u64(x) << 70);
                }
            }
        }
        let mate = m.compute();
        for i in 0..n {
            assert_eq!(mate[mate[i]], i);
            if mate[i] != i {
                assert!(w[i][mate[i]] > 0);
            }
        }
        let best = best_weight(n, &w, &mut vec![false; n], 0);
        assert_eq!(total(&mate, &w), best, "round {round}: {w:?}");
        assert_eq!(total(&wide.compute(), &w), best, "wide, round {round}");
    }
}

/// Solving again after changes (warm starts) reaches the optimum every time: random
/// graphs, then rounds of changes to the edges of a few vertices, pairs fixed for good.
#[test]
#[allow(clippy::needless_range_loop)] // a weight matrix, filled by index
fn warm_starts_reach_the_brute_force_optimum() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(17);
    for round in 0..300 {
        let n = rng.gen_range(2..=11);
        let top = if round % 3 == 0 { 4 } else { 60 };
        let mut w = vec![vec![0u64; n]; n];
        let mut m = Matcher::<u64>::new(n);
        for i in 0..n {
            for j in i + 1..n {
                if rng.gen_bool(0.6) {
                    let x = rng.gen_range(1..=top);
                    w[i][j] = x;
                    w[j][i] = x;
                    m.set(i, j, x);
                }
            }
        }
        for step in 0..8 {
            let mate = m.compute();
            for i in 0..n {
                assert_eq!(mate[mate[i]], i);
                if mate[i] != i {
                    assert!(w[i][mate[i]] > 0, "round {round} step {step}");
                }
            }
            let best = best_weight(n, &w, &mut vec![false; n], 0);
            assert_eq!(total(&mate, &w), best, "round {round} step {step}: {w:?}");
            // Change the edges of one to three vertices, or fix a pair.
            if rng.gen_bool(0.2) {
                let a = rng.gen_range(0..n);
                let b = (a + rng.gen_range(1..n)) % n;
                let x = rng.gen_range(1..=top);
                m.fix(a, b, x);
                for v in 0..n {
                    w[a][v] = 0;
                    w[v][a] = 0;
                    w[b][v] = 0;
                    w[v][b] = 0;
                }
                w[a][b] = x;
                w[b][a] = x;
            } else {
                for _ in 0..rng.gen_range(1..=3) {
                    let i = rng.gen_range(0..n);
                    for j in 0..n {
                        if j != i && rng.gen_bool(0.5) {
                            let x = if rng.gen_bool(0.3) {
                                0
                            } else {
                                rng.gen_range(1..=top)
                            };
                            w[i][j] = x;
                            w[j][i] = x;
                            m.set(i, j, x);
                        }
                    }
                }
            }
        }
        assert_eq!(
            m.fallbacks, 0,
            "round {round}: warm starts end by themselves"
        );
    }
}
