//! The blossom algorithm's state and steps (after Joris van Rantwijk's `mwmatching.py`),
//! kept between solves so that a few changed vertices cost a few searches
//! ([`Blossom::solve`] from scratch, [`Blossom::warm`] after changes).
//!
//! Generalised from the textbook version so that unmatched vertices may have different
//! dual values (they do after a warm start): a stage grows alternating trees from the
//! unmatched vertices whose dual is positive (the roots); one whose dual is zero (a
//! sink) may stay unmatched, and a path may end at it; when a vertex of a tree reaches
//! dual zero, the path from its root is flipped so that it is the one left unmatched.
//! Duals of the vertices of a tree keep one parity (weights are compared doubled), so
//! halving a slack between two of them is exact.

use crate::wide::Weight;

mod stages;

pub(super) const NONE: usize = usize::MAX;

/// The state of the algorithm (names as in mwmatching.py), kept between solves.
pub(super) struct Blossom<W: Weight> {
    nvertex: usize,
    edges: Vec<(usize, usize, W)>,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Blossom<W> {
    /// The complete graph on `nvertex` vertices, every weight zero (no edge).
    pub(super) fn new(nvertex: usize) -> Self {
        let nedge = nvertex * nvertex.saturating_sub(1) / 2;
        let mut edges = Vec::with_capacity(nedge);
        let mut endpoint = Vec::with_capacity(2 * nedge);
        let mut neighbend = vec![Vec::with_capacity(nvertex.saturating_sub(1)); nvertex];
        for i in 0..nvertex {
            for j in i + 1..nvertex {
                let k = edges.len();
                edges.push((i, j, W::zero()));
                endpoint.push(i);
                endpoint.push(j);
                neighbend[i].push(2 * k + 1);
                neighbend[j].push(2 * k);
            }
        }
        let mut blossombase: Vec<usize> = (0..nvertex).collect();
        blossombase.extend(std::iter::repeat_n(NONE, nvertex));
        Blossom {
            nvertex,
            edges,
            endpoint,
            neighbend,
            mate: vec![NONE; nvertex],
            label: vec![0; 2 * nvertex],
            labelend: vec![NONE; 2 * nvertex],
            inblossom: (0..nvertex).collect(),
            blossomparent: vec![NONE; 2 * nvertex],
            blossomchilds: vec![Vec::new(); 2 * nvertex],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * nvertex],
            bestedge: vec![NONE; 2 * nvertex],
            blossombestedges: vec![None; 2 * nvertex],
            unusedblossoms: (nvertex..2 * nvertex).collect(),
            dualvar: vec![W::zero(); 2 * nvertex],
            allowedge: vec![false; nedge],
            queue: Vec::new(),
        }
    }

    /// The index of the edge between `i` and `j`.
    pub(super) fn edge(&self, i: usize, j: usize) -> usize {
        let (i, j) = if i < j { (i, j) } else { (j, i) };
        i * self.nvertex - i * (i + 1) / 2 + (j - i - 1)
    }

    /// The weight of edge `k`.
    pub(super) fn weight(&self, k: usize) -> W {
        self.edges[k].2
    }

    /// Sets the weight of edge `k`.
    pub(super) fn set_weight(&mut self, k: usize, w: W) {
        self.edges[k].2 = w;
    }

    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        (self.dualvar[i] + self.dualvar[j]) - w.double()
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.nvertex {
                out.push(x);
            } else {
                for &c in self.blossomchilds[x].iter().rev() {
                    stack.push(c);
                }
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        debug_assert!(self.label[w] == 0 && self.label[b] == 0);
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            debug_assert!(mb != NONE);
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        for leaf in self.leaves_of_path(&path) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.nvertex];
        for &sub in &path {
            let nblists: Vec<Vec<usize>> = match self.blossombestedges[sub].take() {
                None => self
                    .leaves(sub)
                    .into_iter()
                    .map(|leaf| self.neighbend[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
                Some(list) => vec![list],
            };
            for nblist in nblists {
                for k in nblist {
                    let (mut i, mut j, weight) = self.edges[k];
                    if weight.is_zero() {
                        continue;
                    }
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[sub] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &list {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(list);
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        path.iter().flat_map(|&s| self.leaves(s)).collect()
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.nvertex {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let len = childs.len() as isize;
            let mut j = childs
                .iter()
                .position(|&c| c == entrychild)
                .expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |x: isize| -> usize { x.rem_euclid(len) as usize };
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let e = self.blossomendps[b][at(j - endptrick as isize)];
                let r = self.endpoint[e ^ endptrick ^ 1];
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowedge[e / 2] = true;
                j += jstep;
                p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let labelled = self.leaves(bv).into_iter().find(|&v| self.label[v] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.nvertex {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let at = |x: isize| -> usize { x.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.nvertex {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.nvertex {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert_eq!(self.blossombase[b], v);
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s, p) in [(v, 2 * k + 1), (w, 2 * k)] {
            self.flip_path(s, p);
        }
    }

    /// Matches `s` to endpoint `p` (`NONE`: leaves it unmatched) and flips the alternating
    /// path from `s` to its tree's root, expanding the blossoms on the way so that each
    /// has its matched vertex as its base.
    fn flip_path(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.inblossom[s];
            if bs >= self.nvertex {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint[self.labelend[bs]];
            let bt = self.inblossom[t];
            s = self.endpoint[self.labelend[bt]];
            let j = self.endpoint[self.labelend[bt] ^ 1];
            if bt >= self.nvertex {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// The mate of each vertex, `NONE` for none.
    pub(super) fn mates(&self) -> Vec<usize> {
        self.mate
            .iter()
            .map(|&m| if m == NONE { NONE } else { self.endpoint[m] })
            .collect()
    }
}
