//! The stages of the algorithm: from scratch, or warm after changes (the module
//! comment of `blossom.rs` says how they are generalised).

use super::{Blossom, NONE};
use crate::wide::Weight;

impl<W: Weight> Blossom<W> {
    /// A maximum-weight matching from scratch: no pairs, no blossoms, every vertex's
    /// dual the largest weight.
    pub(in crate::matching) fn solve(&mut self) {
        let n = self.nvertex;
        let maxweight = self.edges.iter().map(|e| e.2).max().unwrap_or(W::zero());
        self.mate.iter_mut().for_each(|m| *m = NONE);
        self.inblossom = (0..n).collect();
        for b in 0..2 * n {
            self.blossomparent[b] = NONE;
            self.blossomchilds[b] = Vec::new();
            self.blossomendps[b] = Vec::new();
            self.blossombase[b] = if b < n { b } else { NONE };
            self.dualvar[b] = if b < n { maxweight } else { W::zero() };
        }
        self.unusedblossoms = (n..2 * n).collect();
        let done = self.stages();
        debug_assert!(done, "the stages end from scratch");
    }

    /// A maximum-weight matching again after the edges at `changed` vertices changed
    /// weight: each is taken out of its blossoms and unmatched, with a dual that covers
    /// its edges, and the stages go on from there. Returns `false` if they did not end
    /// within their bound (the caller then solves from scratch).
    pub(in crate::matching) fn warm(&mut self, changed: &[usize]) -> bool {
        for &x in changed {
            self.detach(x);
        }
        for &x in changed {
            let mut u = W::zero();
            for &p in &self.neighbend[x] {
                let (_, _, w) = self.edges[p / 2];
                let y = self.endpoint[p];
                let need = w.double();
                if need > self.dualvar[y] && need - self.dualvar[y] > u {
                    u = need - self.dualvar[y];
                }
            }
            if u.is_odd() {
                u = u + W::one();
            }
            self.dualvar[x] = u;
        }
        // Every root's dual even, so that the duals of a tree keep one parity.
        for v in 0..self.nvertex {
            while self.mate[v] == NONE && self.dualvar[v].is_odd() {
                let b = self.inblossom[v];
                if b == v {
                    self.dualvar[v] = self.dualvar[v] + W::one();
                } else if self.dualvar[b].is_zero() {
                    self.expand_blossom(b, true);
                } else {
                    for leaf in self.leaves(b) {
                        self.dualvar[leaf] = self.dualvar[leaf] + W::one();
                    }
                    self.dualvar[b] = self.dualvar[b] - W::one();
                }
            }
        }
        self.stages()
    }

    /// Takes `x` out of every blossom (each blossom's dual moved onto its vertices, which
    /// keeps its inner edges tight; its base then unmatched outside) and unmatches it.
    fn detach(&mut self, x: usize) {
        while self.inblossom[x] != x {
            let b = self.inblossom[x];
            let z = self.dualvar[b];
            if !z.is_zero() {
                for leaf in self.leaves(b) {
                    self.dualvar[leaf] = self.dualvar[leaf] + z;
                }
                self.dualvar[b] = W::zero();
                self.unmatch(self.blossombase[b]);
            }
            self.expand_blossom(b, true);
        }
        self.unmatch(x);
    }

    fn unmatch(&mut self, v: usize) {
        let m = self.mate[v];
        if m != NONE {
            self.mate[self.endpoint[m]] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Leaves `v` unmatched, its dual zero: rotates its blossom so that it is the base
    /// and flips the alternating path from its tree's root.
    fn free_at_zero(&mut self, v: usize) {
        self.flip_path(v, NONE);
    }

    /// Runs stages until no root is left; `false` if that takes more than the bound.
    fn stages(&mut self) -> bool {
        let n = self.nvertex;
        for _ in 0..4 * n + 16 {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            let mut roots = false;
            for v in 0..n {
                if self.mate[v] == NONE
                    && self.label[self.inblossom[v]] == 0
                    && !self.dualvar[v].is_zero()
                {
                    self.assign_label(v, 1, NONE);
                    roots = true;
                }
            }
            if !roots {
                return true;
            }
            self.stage();
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        false
    }

    /// One stage: grows the trees until a path is augmented or a vertex of a tree
    /// reaches dual zero.
    fn stage(&mut self) {
        let n = self.nvertex;
        loop {
            while let Some(v) = self.queue.pop() {
                for idx in 0..self.neighbend[v].len() {
                    let p = self.neighbend[v][idx];
                    let k = p / 2;
                    let w = self.endpoint[p];
                    if self.edges[k].2.is_zero() || self.inblossom[v] == self.inblossom[w] {
                        continue;
                    }
                    let mut kslack = W::zero();
                    if !self.allowedge[k] {
                        kslack = self.slack(k);
                        if kslack.is_zero() {
                            self.allowedge[k] = true;
                        }
                    }
                    if self.allowedge[k] {
                        let bw = self.inblossom[w];
                        if self.label[bw] == 0 {
                            if self.mate[self.blossombase[bw]] == NONE {
                                // An unmatched blossom of dual zero: the path ends there.
                                self.assign_label(w, 1, NONE);
                                self.augment_matching(k);
                                return;
                            }
                            self.assign_label(w, 2, p ^ 1);
                        } else if self.label[bw] == 1 {
                            let base = self.scan_blossom(v, w);
                            if base != NONE {
                                self.add_blossom(base, k);
                            } else {
                                self.augment_matching(k);
                                return;
                            }
                        } else if self.label[w] == 0 {
                            self.label[w] = 2;
                            self.labelend[w] = p ^ 1;
                        }
                    } else if self.label[self.inblossom[w]] == 1 {
                        let b = self.inblossom[v];
                        if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                            self.bestedge[b] = k;
                        }
                    } else if self.label[w] == 0
                        && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                    {
                        self.bestedge[w] = k;
                    }
                }
            }
            // No augmenting path yet: change the duals. delta1: a tree vertex (an
            // unmatched one first) reaches zero.
            let mut deltatype = 1;
            let mut zero_at = NONE;
            let mut delta = W::zero();
            for v in 0..n {
                if self.label[self.inblossom[v]] != 1 {
                    continue;
                }
                let d = self.dualvar[v];
                let root = self.mate[v] == NONE;
                let better = zero_at == NONE
                    || d < delta
                    || (d == delta && root && self.mate[zero_at] != NONE);
                if better {
                    delta = d;
                    zero_at = v;
                }
            }
            let mut deltaedge = NONE;
            let mut deltablossom = NONE;
            for v in 0..n {
                if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                    let d = self.slack(self.bestedge[v]);
                    if d < delta {
                        delta = d;
                        deltatype = 2;
                        deltaedge = self.bestedge[v];
                    }
                }
            }
            for b in 0..2 * n {
                if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                    let d = self.slack(self.bestedge[b]).half();
                    if d < delta {
                        delta = d;
                        deltatype = 3;
                        deltaedge = self.bestedge[b];
                    }
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE
                    && self.blossomparent[b] == NONE
                    && self.label[b] == 2
                    && self.dualvar[b] < delta
                {
                    delta = self.dualvar[b];
                    deltatype = 4;
                    deltablossom = b;
                }
            }
            for v in 0..n {
                match self.label[self.inblossom[v]] {
                    1 => self.dualvar[v] = self.dualvar[v] - delta,
                    2 => self.dualvar[v] = self.dualvar[v] + delta,
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                    match self.label[b] {
                        1 => self.dualvar[b] = self.dualvar[b] + delta,
                        2 => self.dualvar[b] = self.dualvar[b] - delta,
                        _ => {}
                    }
                }
            }
            match deltatype {
                1 => {
                    if self.mate[zero_at] != NONE
                        || self.blossombase[self.inblossom[zero_at]] != zero_at
                    {
                        self.free_at_zero(zero_at);
                    }
                    return;
                }
                2 => {
                    self.allowedge[deltaedge] = true;
                    let (mut i, j, _) = self.edges[deltaedge];
                    if self.label[self.inblossom[i]] == 0 {
                        i = j;
                    }
                    self.queue.push(i);
                }
                3 => {
                    self.allowedge[deltaedge] = true;
                    let (i, _, _) = self.edges[deltaedge];
                    self.queue.push(i);
                }
                _ => self.expand_blossom(deltablossom, false),
            }
        }
    }
}
