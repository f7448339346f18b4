//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the
//! primal-dual method, O(n³) from scratch, after Joris van Rantwijk's reference
//! implementation (`mwmatching.py`, after Galil 1986, "Efficient algorithms for finding
//! maximum matching in graphs"). Weights are integers of any width ([`Weight`]); an edge
//! of weight zero is no edge, and the matching never uses it. The matching maximises the
//! total weight, not the number of pairs: the pairing encodes the number of pairs in the
//! weights.
//!
//! The pairing solves the same graph again and again with the edges of one or a few
//! vertices changed (as bbpPairings' matcher does): the solution is kept, and a solve
//! after changes starts from it, taking only the changed vertices out of the matching
//! (`blossom.rs`), so that it costs about O(k·n²) for k changed vertices.

mod blossom;

use crate::wide::Weight;
use blossom::{Blossom, NONE};

/// A complete graph on `n` vertices with a weight per pair (zero: no edge), and the
/// last maximum-weight matching found.
pub(crate) struct Matcher<W: Weight> {
    state: Blossom<W>,
    /// A matching was computed and the state holds it.
    solved: bool,
    /// Vertices whose edges changed since.
    changed: Vec<usize>,
    is_changed: Vec<bool>,
    /// Warm starts that fell back to a solve from scratch (tests look).
    #[cfg(test)]
    fallbacks: usize,
}

impl<W: Weight> Matcher<W> {
    /// `n` vertices, no edges.
    pub fn new(n: usize) -> Self {
        Matcher {
            state: Blossom::new(n),
            solved: false,
            changed: Vec::new(),
            is_changed: vec![false; n],
            #[cfg(test)]
            fallbacks: 0,
        }
    }

    /// Sets the weight of the edge between `i` and `j` (`i` is the vertex taken out
    /// of the matching for the next solve).
    pub fn set(&mut self, i: usize, j: usize, w: W) {
        let k = self.state.edge(i, j);
        if self.state.weight(k) == w {
            return;
        }
        self.state.set_weight(k, w);
        if self.solved && !self.is_changed[i] {
            self.is_changed[i] = true;
            self.changed.push(i);
        }
    }

    /// Pairs `a` with `b` for good: their edge gets `w` (not zero), their other edges
    /// none, so every maximum-weight matching pairs them.
    pub fn fix(&mut self, a: usize, b: usize, w: W) {
        let n = self.is_changed.len();
        for v in 0..n {
            if v != a && v != b {
                self.set(a, v, W::zero());
                self.set(b, v, W::zero());
            }
        }
        self.set(a, b, w);
    }

    /// A maximum-weight matching: for each vertex its mate, or itself when unmatched.
    pub fn compute(&mut self) -> Vec<usize> {
        let changed = std::mem::take(&mut self.changed);
        for &v in &changed {
            self.is_changed[v] = false;
        }
        if !self.solved || !self.state.warm(&changed) {
            #[cfg(test)]
            {
                self.fallbacks += self.solved as usize;
            }
            self.state.solve();
            self.solved = true;
        }
        self.state
            .mates()
            .into_iter()
            .enumerate()
            .map(|(v, m)| if m == NONE { v } else { m })
            .collect()
    }
}

#[cfg(test)]
mod tests;
