//! The network's inputs: a Bao la Kiswahili position seen from its side to move ("us"),
//! as a few active binary features out of [`SPARSE_INPUTS`] plus the linear evaluation's
//! [`DENSE_INPUTS`] terms.
//!
//! | index | feature (one active per group unless said) |
//! |---|---|
//! | 0..384 | seeds per hole: side (us, them) × ring index (A1..A8, B8..B1) × bucket ([`BUCKET_NAMES`]) |
//! | 384..430 | seeds in the store (hand): side (us, them) × 0..=22 |
//! | 430..432 | stage: us in namua, them in namua (store not empty; absent = mtaji) |
//! | 432..436 | nyumba: us owns, us functional, them owns, them functional (K-R8) |
//! | 436 | us under takasia (K-R11) |
//! | 437..453 | the takasia'd hole of us (ring index) |
//! | 453 | South is to move |
//!
//! The dense inputs are `KiswahiliFeatures::terms` (material, front seeds, front holes,
//! mobile holes, store seeds, functional nyumba, other owned nyumba, our largest capture,
//! their largest capture, takasia), each divided by [`DENSE_DIVISOR`] in the float model.

use crate::weights::KS_TERMS;
use crate::KiswahiliFeatures;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Side;

/// The number of binary inputs.
pub const SPARSE_INPUTS: usize = 454;
/// The number of dense (integer) inputs: the linear evaluation's terms.
pub const DENSE_INPUTS: usize = KS_TERMS;
/// The float model reads dense input `t` as `t / DENSE_DIVISOR`.
pub const DENSE_DIVISOR: f32 = 32.0;
/// Dense inputs are clamped to ±this (no term of a 64-seed position goes beyond it).
pub const MAX_DENSE: i32 = 64;
/// The most binary inputs active at once.
pub const MAX_ACTIVE: usize = 48;
/// Seed-count buckets of a hole.
pub const BUCKETS: usize = 12;
/// The seed counts of each bucket.
pub const BUCKET_NAMES: [&str; BUCKETS] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8-9", "10-12", "13-16", "17+",
];
/// The largest store count with its own input (larger ones share it).
pub const MAX_STORE: usize = 22;

const STORES: usize = 2 * 16 * BUCKETS;
const STAGE: usize = STORES + 2 * (MAX_STORE + 1);
const NYUMBA: usize = STAGE + 2;
const TAKASIA: usize = NYUMBA + 4;
const TAKASIA_HOLE: usize = TAKASIA + 1;
const SOUTH_TO_MOVE: usize = TAKASIA_HOLE + 16;
const _: () = assert!(SOUTH_TO_MOVE + 1 == SPARSE_INPUTS);

/// The bucket of a hole holding `seeds` ([`BUCKET_NAMES`]).
#[inline]
pub fn bucket(seeds: u8) -> usize {
    match seeds {
        0..=7 => usize::from(seeds),
        8..=9 => 8,
        10..=12 => 9,
        13..=16 => 10,
        _ => 11,
    }
}

/// The inputs of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    /// The active binary inputs, the first `len` of them (ascending).
    pub active: [u16; MAX_ACTIVE],
    /// How many binary inputs are active.
    pub len: usize,
    /// The dense inputs (`KiswahiliFeatures::terms`).
    pub dense: [i32; DENSE_INPUTS],
}

impl Inputs {
    /// The active binary inputs.
    pub fn active(&self) -> &[u16] {
        &self.active[..self.len]
    }

    /// The inputs of a position given as features.
    pub fn of_features(f: &KiswahiliFeatures) -> Inputs {
        let mut out = Inputs {
            active: [0; MAX_ACTIVE],
            len: 0,
            dense: f.terms().map(|t| t.clamp(-MAX_DENSE, MAX_DENSE)),
        };
        let mut push = |i: usize| {
            out.active[out.len] = i as u16;
            out.len += 1;
        };
        let us = f.to_move;
        let sides = [us, us.opponent()];
        for (k, s) in sides.iter().enumerate() {
            for (r, &seeds) in f.rings[s.index()].iter().enumerate() {
                push((k * 16 + r) * BUCKETS + bucket(seeds));
            }
        }
        for (k, s) in sides.iter().enumerate() {
            let store = usize::from(f.stores[s.index()]).min(MAX_STORE);
            push(STORES + k * (MAX_STORE + 1) + store);
        }
        for (k, s) in sides.iter().enumerate() {
            if f.stores[s.index()] > 0 {
                push(STAGE + k);
            }
        }
        for (k, s) in sides.iter().enumerate() {
            if f.nyumba_owned[s.index()] {
                push(NYUMBA + 2 * k);
                if f.nyumba_functional[s.index()] {
                    push(NYUMBA + 2 * k + 1);
                }
            }
        }
        if let Some(hole) = f.takasia {
            push(TAKASIA);
            push(TAKASIA_HOLE + hole.min(15));
        }
        if us == Side::South {
            push(SOUTH_TO_MOVE);
        }
        out
    }

    /// The inputs of a position.
    #[inline]
    pub fn of(pos: &Kiswahili) -> Inputs {
        Inputs::of_features(&KiswahiliFeatures::of(pos))
    }
}

/// One line per input group, for `bao train --help` and the docs.
pub const INPUT_DESCRIPTION: &str = "\
binary inputs (454), from the side to move's view ('us'):
  seeds per hole: us/them x 16 holes (A1..A8, B8..B1) x 12 buckets (0,1,..,7, 8-9, 10-12, 13-16, 17+)
  seeds in hand (store): us/them x 0..22
  stage: us in namua, them in namua (else mtaji)
  nyumba: us owns, us functional, them owns, them functional
  takasia: us under takasia, and which of our 16 holes
  side to move: South
dense inputs (10, the linear evaluation's terms, us minus them, /32):
  material, front-row seeds, occupied front holes, mobile holes (mtaji), store seeds
  (namua), functional nyumba, other owned nyumba, our largest capture, their largest
  capture, takasia";

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::Game;

    #[test]
    fn the_start_has_exactly_these_inputs() {
        let start = Kiswahili::start(&Default::default());
        let i = Inputs::of(&start);
        // 32 holes + 2 stores + 2 stages + 4 nyumba + South to move.
        assert_eq!(i.len, 41);
        let a = i.active();
        // A1 (ring 0) of us is empty: bucket 0; A5 (ring 4) holds 6.
        assert_eq!(a[0], 0);
        assert_eq!(a[4], (4 * BUCKETS + 6) as u16);
        assert_eq!(a[5], (5 * BUCKETS + 2) as u16);
        // Them: ring 4 at (16 + 4) * 12 + 6.
        assert_eq!(a[20], (20 * BUCKETS + 6) as u16);
        assert_eq!(&a[32..], &[406, 429, 430, 431, 432, 433, 434, 435, 453]);
        assert!(a.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(i.dense, [0; DENSE_INPUTS]);
        assert_eq!(
            [bucket(9), bucket(10), bucket(16), bucket(17), bucket(64)],
            [8, 9, 10, 11, 11]
        );
    }
}
