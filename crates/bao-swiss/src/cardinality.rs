//! Whether a graph has a perfect matching: Edmonds' blossom algorithm (augmenting paths
//! by breadth-first search with blossom contraction), kept between calls so that fixing
//! a few pairs costs a few searches, not a new matching.
//!
//! The pairing uses it to know if a choice of pairs in a score bracket still lets every
//! player (but one, who gets the bye) be paired under the absolute criteria.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// A graph with a matching that is kept between calls.
#[derive(Clone, Debug)]
pub(crate) struct Cardinality {
    n: usize,
    adj: Vec<bool>,
    mate: Vec<usize>,
}

impl Cardinality {
    /// `n` vertices, no edges.
    pub fn new(n: usize) -> Self {
        Cardinality {
            n,
            adj: vec![false; n * n],
            mate: vec![NONE; n],
        }
    }

    /// Adds or removes the edge between `i` and `j`.
    pub fn set(&mut self, i: usize, j: usize, edge: bool) {
        self.adj[i * self.n + j] = edge;
        self.adj[j * self.n + i] = edge;
        if !edge && self.mate[i] == j {
            self.mate[i] = NONE;
            self.mate[j] = NONE;
        }
    }

    /// Keeps only the edge between `a` and `b` of all edges at `a` and `b`.
    pub fn fix_pair(&mut self, a: usize, b: usize) {
        for v in 0..self.n {
            if v != a && v != b {
                self.set(a, v, false);
                self.set(b, v, false);
            }
        }
        self.set(a, b, true);
    }

    /// Whether every vertex can be matched.
    pub fn complete(&mut self) -> bool {
        for v in 0..self.n {
            if self.mate[v] == NONE && !self.augment_from(v) {
                return false;
            }
        }
        true
    }

    fn edge(&self, i: usize, j: usize) -> bool {
        self.adj[i * self.n + j]
    }

    /// Searches an augmenting path from the free vertex `root` and applies it.
    fn augment_from(&mut self, root: usize) -> bool {
        let n = self.n;
        let mut used = vec![false; n];
        let mut parent = vec![NONE; n];
        let mut base: Vec<usize> = (0..n).collect();
        let mut queue = VecDeque::from([root]);
        used[root] = true;
        while let Some(v) = queue.pop_front() {
            for to in 0..n {
                if !self.edge(v, to) || base[v] == base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && parent[self.mate[to]] != NONE) {
                    let current = self.lca(&base, &parent, v, to);
                    let mut blossom = vec![false; n];
                    self.mark_path(&base, &mut parent, &mut blossom, v, current, to);
                    self.mark_path(&base, &mut parent, &mut blossom, to, current, v);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = current;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if self.mate[to] == NONE {
                        let mut u = to;
                        while u != NONE {
                            let pv = parent[u];
                            let next = self.mate[pv];
                            self.mate[u] = pv;
                            self.mate[pv] = u;
                            u = next;
                        }
                        return true;
                    }
                    used[self.mate[to]] = true;
                    queue.push_back(self.mate[to]);
                }
            }
        }
        false
    }

    fn lca(&self, base: &[usize], parent: &[usize], mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.n];
        loop {
            a = base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = parent[self.mate[a]];
        }
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = parent[self.mate[b]];
        }
    }

    fn mark_path(
        &self,
        base: &[usize],
        parent: &mut [usize],
        blossom: &mut [bool],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while base[v] != b {
            blossom[base[v]] = true;
            blossom[base[self.mate[v]]] = true;
            parent[v] = child;
            child = self.mate[v];
            v = parent[self.mate[v]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_cycle_and_pendant() {
        // A triangle 0-1-2 with 3 hanging on 2: perfect (0-1, 2-3).
        let mut g = Cardinality::new(4);
        for (a, b) in [(0, 1), (1, 2), (0, 2), (2, 3)] {
            g.set(a, b, true);
        }
        assert!(g.complete());
        // Fixing 0-2 leaves 1 and 3 apart.
        g.fix_pair(0, 2);
        assert!(!g.complete());
    }

    #[test]
    fn agrees_with_weighted_matching_on_random_graphs() {
        use crate::matching::Matcher;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..300 {
            let n = 2 * rng.gen_range(1..=6);
            let mut g = Cardinality::new(n);
            let mut m = Matcher::<u64>::new(n);
            for i in 0..n {
                for j in i + 1..n {
                    if rng.gen_bool(0.35) {
                        g.set(i, j, true);
                        m.set(i, j, 1);
                    }
                }
            }
            let mate = m.compute();
            let perfect = (0..n).all(|v| mate[v] != v);
            assert_eq!(g.complete(), perfect);
        }
    }
}
