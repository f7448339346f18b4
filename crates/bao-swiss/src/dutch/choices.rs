//! The choices the Dutch system leaves to the order of its candidates (2017: section D;
//! 2025: articles 4.2–4.4), made as bbpPairings makes them, the same way in both
//! editions: by repeated maximum-weight matchings, each favouring one more choice
//! without losing any criterion encoded above it in the weights.
//!
//! In order: which moved-down players are paired (the highest of each score first),
//! their opponents (the highest possible), how many players are exchanged between S1
//! and S2 (the fewest) and which (the lowest of S1, the highest of S2), and each S1
//! player's opponent (the first in transposition order).
//!
//! A bracket's players have local indices: the moved-down players, the residents, then
//! the next score group. The matching may hold more vertices (2025: every player still
//! to pair); `vertex` and `local` translate.

use super::brackets::Base;
use crate::matching::Matcher;
use crate::wide::{Weight, Wide};

/// A bracket being paired.
pub(crate) struct Bracket<'a, const N: usize> {
    /// The matching, with the bracket's base weights set.
    pub m: &'a mut Matcher<Wide<N>>,
    /// The base weights, by local index.
    pub base: Base<N>,
    /// The matching's vertex of each local index.
    pub vertex: &'a [usize],
    /// The local index of a matching vertex, if it is the bracket's or the next group's.
    pub local: &'a dyn Fn(usize) -> Option<usize>,
    /// The score of each local index.
    pub score: &'a dyn Fn(usize) -> u32,
    /// Moved-down players (local indices `0..moved_down`).
    pub moved_down: usize,
    /// Moved-down and resident players (the next group starts here).
    pub size: usize,
    /// The width of the weights' count fields (the exchange order uses two).
    pub count_bits: u32,
    /// The weight of a pair made for good.
    pub max_weight: Wide<N>,
}

/// The outcome: who of the bracket is paired, and the final matching (by vertex).
pub(crate) struct Choice {
    /// Paired in this bracket, by local index.
    pub matched: Vec<bool>,
    /// The mate of each vertex of the matching.
    pub stable: Vec<usize>,
}

impl<const N: usize> Bracket<'_, N> {
    /// The local index of `v`'s mate.
    fn mate(&self, stable: &[usize], p: usize) -> Option<usize> {
        (self.local)(stable[self.vertex[p]])
    }

    fn set(&mut self, a: usize, b: usize, w: Wide<N>) {
        self.m.set(self.vertex[a], self.vertex[b], w);
    }

    /// The weight with the exchange order: fewer exchanges, then smaller differences of
    /// the exchanged players' numbers.
    fn exchange_weight(&self, small: usize, large: usize, index: usize, pairs: usize) -> Wide<N> {
        let mut r = self.base.get(small, large);
        if !r.is_zero() {
            let mut addend = Wide::<N>::from_u64((index < pairs) as u64);
            addend <<= self.count_bits;
            addend <<= self.count_bits;
            addend -= index as u64;
            addend <<= 1;
            r += addend;
        }
        r
    }

    /// Makes the choices; `fixed(a, b)` is told of each pair made for good (local
    /// indices).
    // The local indices are used with `score` and `mate` as well as `matched`.
    #[allow(clippy::needless_range_loop)]
    pub fn choose(mut self, fixed: &mut dyn FnMut(usize, usize)) -> Choice {
        let (moved_down, size) = (self.moved_down, self.size);
        let total = self.vertex.len();
        let in_bracket = |mate: Option<usize>| mate.is_some_and(|q| q >= moved_down && q < size);

        let mut stable = self.m.compute();
        let mut matched = vec![false; total];

        // Which moved-down players are paired: the highest of each score first.
        let mut md_score = 0;
        let mut left = 0usize;
        let mut left_matched = 0usize;
        for pi in 0..moved_down {
            if pi == 0 || (self.score)(pi) < md_score {
                md_score = (self.score)(pi);
                left = 0;
                left_matched = 0;
                let mut k = pi;
                while k < total && (self.score)(k) >= md_score {
                    left += 1;
                    if in_bracket(self.mate(&stable, k)) {
                        left_matched += 1;
                    }
                    k += 1;
                }
            }
            if left_matched == 0 {
                continue;
            }
            if left <= left_matched {
                matched[pi] = true;
                continue;
            }
            left -= 1;
            if !in_bracket(self.mate(&stable, pi)) {
                for oi in moved_down..size {
                    let mut w = self.base.get(pi, oi);
                    if !w.is_zero() {
                        w |= 1;
                        self.set(pi, oi, w);
                    }
                }
                stable = self.m.compute();
            }
            if in_bracket(self.mate(&stable, pi)) {
                matched[pi] = true;
                left_matched -= 1;
                for oi in moved_down..size {
                    let mut w = self.base.get(pi, oi);
                    if !w.is_zero() {
                        w |= (size - moved_down) as u64;
                        w += 1;
                        self.set(pi, oi, w);
                    }
                }
            }
        }

        // Their opponents: the highest possible.
        for pi in 0..moved_down {
            if !matched[pi] {
                continue;
            }
            let mut addend = total as u64;
            for oi in (moved_down..size).rev() {
                if matched[oi] {
                    continue;
                }
                let w = self.base.get(pi, oi);
                if !w.is_zero() {
                    self.set(pi, oi, w + Wide::from_u64(addend));
                    addend += 1;
                }
            }
            stable = self.m.compute();
            // The mate is a resident by the weights; were it not, the player floats.
            let Some(mi) = self.mate(&stable, pi).filter(|&q| q >= moved_down) else {
                matched[pi] = false;
                continue;
            };
            matched[mi] = true;
            self.m
                .fix(self.vertex[pi], self.vertex[mi], self.max_weight);
            fixed(pi, mi);
        }

        // The remainder: S1 (the first `pairs` players) and S2.
        let mut remainder = Vec::new();
        let mut pairs = 0;
        for pi in moved_down..size {
            let mate = self.mate(&stable, pi);
            if mate.is_some_and(|q| q < moved_down) {
                continue;
            }
            remainder.push(pi);
            if mate.is_some_and(|q| q < pi) {
                pairs += 1;
            }
        }
        for (oi_index, &oi) in remainder.iter().enumerate() {
            for (index, &pi) in remainder[..oi_index].iter().enumerate() {
                let w = self.exchange_weight(pi, oi, index, pairs);
                self.set(pi, oi, w);
            }
        }
        stable = self.m.compute();
        let s1_like = |b: &Self, stable: &[usize], p: usize| {
            b.mate(stable, p).is_some_and(|q| q > p && q < size)
        };
        let exchanges = remainder[..pairs]
            .iter()
            .filter(|&&p| !s1_like(&self, &stable, p))
            .count();

        // Exchanged out of S1: the lowest possible.
        let mut remaining = exchanges;
        let mut at = pairs;
        while at != 0 && remaining > 0 {
            at -= 1;
            let p = remainder[at];
            if s1_like(&self, &stable, p) {
                for &o in &remainder[at + 1..] {
                    let mut w = self.exchange_weight(p, o, at, pairs);
                    if !w.is_zero() {
                        w -= 1;
                        self.set(p, o, w);
                    }
                }
                stable = self.m.compute();
            }
            let exchange = !s1_like(&self, &stable, p);
            remaining -= exchange as usize;
            for &o in &remainder[at + 1..] {
                if exchange {
                    self.base.clear(p, o);
                }
                let w = self.exchange_weight(p, o, at, pairs);
                self.set(p, o, w);
            }
        }

        // Exchanged into S1: the highest possible.
        let mut remaining = exchanges;
        let mut at = pairs;
        while at < remainder.len() && remaining > 1 {
            let p = remainder[at];
            let already = s1_like(&self, &stable, p);
            if !already {
                for &o in &remainder[at + 1..] {
                    let mut w = self.exchange_weight(p, o, at, pairs);
                    if !w.is_zero() {
                        w += 1;
                        self.set(p, o, w);
                    }
                }
                stable = self.m.compute();
            }
            if s1_like(&self, &stable, p) {
                remaining -= 1;
                for &o in &remainder[..at] {
                    self.base.clear(p, o);
                    self.set(p, o, Wide::default());
                }
                for o in size..total {
                    self.base.clear(p, o);
                    self.set(p, o, Wide::default());
                }
            }
            if !already {
                for &o in &remainder[at + 1..] {
                    let w = self.exchange_weight(p, o, at, pairs);
                    self.set(p, o, w);
                }
            }
            at += 1;
        }

        // S1 and S2 are fixed: keep only S1–S2 edges.
        for (a_index, &a) in remainder.iter().enumerate() {
            for &b in &remainder[a_index + 1..] {
                if !s1_like(&self, &stable, a) || s1_like(&self, &stable, b) {
                    self.base.clear(a, b);
                }
                let w = self.base.get(a, b);
                self.set(a, b, w);
            }
        }

        // Each S1 player's opponent: the highest possible in S2.
        for &p in &remainder {
            if !s1_like(&self, &stable, p) {
                continue;
            }
            let mut addend = 0u64;
            for &o in remainder.iter().rev() {
                if o <= p || matched[o] {
                    continue;
                }
                let w = self.base.get(p, o);
                if !w.is_zero() {
                    self.set(p, o, w + Wide::from_u64(addend));
                }
                addend += 1;
            }
            stable = self.m.compute();
            // The mate is in S2 by the weights; were it not, the player floats.
            let Some(mi) = self.mate(&stable, p).filter(|&q| q > p) else {
                continue;
            };
            matched[p] = true;
            matched[mi] = true;
            self.m.fix(self.vertex[p], self.vertex[mi], self.max_weight);
            fixed(p, mi);
        }
        Choice { matched, stable }
    }
}
