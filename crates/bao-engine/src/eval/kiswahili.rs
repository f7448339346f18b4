//! Evaluation of Bao la Kiswahili (`bao-la-kiswahili.md`), written from what decides the
//! game: material, front-row seeds and holes (bao hamna, K-R12.1), the captures each side
//! has (K-R6.1, R9.2), mobility in mtaji (only singletons loses, K-R12.3), the nyumba
//! (K-R8) and takasia (K-R11).

use crate::weights::*;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::{Game, Side};

/// The state of a Bao la Kiswahili position as plain arrays, per side in ring index order
/// (K-§1.2: r 0..7 = front row A1..A8, r 8..15 = back row B8..B1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KiswahiliFeatures {
    /// The 16 holes of each side, indexed by [`Side::index`] then ring index.
    pub rings: [[u8; 16]; 2],
    /// Stores (seeds still to be entered in namua).
    pub stores: [u8; 2],
    /// Whether each side still owns its nyumba (K-R8.2).
    pub nyumba_owned: [bool; 2],
    /// Whether each side's nyumba is functional: owned and at the threshold (K-R8.3).
    pub nyumba_functional: [bool; 2],
    /// The side to move.
    pub to_move: Side,
    /// The ring index of the hole takasia'd against the side to move (K-R11), if any.
    pub takasia: Option<usize>,
}

impl KiswahiliFeatures {
    /// The seeds of the largest first capture `side` could make if it were to move
    /// (namua: K-R6.1; mtaji: K-R9.2 with the 2..=15 rule), 0 if it has none.
    pub fn best_capture(&self, side: Side) -> i32 {
        let me = &self.rings[side.index()];
        let op = &self.rings[side.opponent().index()];
        let mut best = 0u8;
        if self.stores[side.index()] > 0 {
            for r in 0..8 {
                if me[r] >= 1 && op[7 - r] >= 1 {
                    best = best.max(op[7 - r]);
                }
            }
        } else {
            for r in 0..16 {
                let n = usize::from(me[r]);
                if !(2..=15).contains(&n) {
                    continue;
                }
                for end in [(r + n) % 16, (r + 16 - n) % 16] {
                    if end < 8 && me[end] >= 1 && op[7 - end] >= 1 {
                        best = best.max(op[7 - end]);
                    }
                }
            }
        }
        i32::from(best)
    }

    /// The evaluation terms of one side: material, front seeds, front holes, mobile holes
    /// (mtaji only), store seeds (namua only), functional nyumba in namua, other owned
    /// nyumba — indices 0..7 of [`KiswahiliFeatures::terms`].
    fn side_terms(&self, side: Side) -> [i32; 7] {
        let i = side.index();
        let ring = &self.rings[i];
        let material: i32 =
            ring.iter().map(|&c| i32::from(c)).sum::<i32>() + i32::from(self.stores[i]);
        let front: i32 = ring[..8].iter().map(|&c| i32::from(c)).sum();
        let front_holes = ring[..8].iter().filter(|&&c| c > 0).count() as i32;
        let namua = self.stores[i] > 0;
        let (mobile, store) = if namua {
            (0, i32::from(self.stores[i]))
        } else {
            (ring.iter().filter(|&&c| c >= 2).count() as i32, 0)
        };
        let functional = i32::from(self.nyumba_owned[i] && namua && self.nyumba_functional[i]);
        let owned = i32::from(self.nyumba_owned[i]) - functional;
        [
            material,
            front,
            front_holes,
            mobile,
            store,
            functional,
            owned,
        ]
    }

    /// The terms of the evaluation, which is `Σ KS_WEIGHTS[i] · terms[i]`
    /// ([`crate::weights::KS_WEIGHTS`]): 0..7 the side to move's minus the opponent's
    /// material, front seeds, front holes, mobile holes (mtaji), store seeds (namua),
    /// functional nyumba (namua), other owned nyumba; 7 the seeds of the mover's largest
    /// first capture; 8 those of the opponent's; 9 one when the mover is under takasia.
    pub fn terms(&self) -> [i32; KS_TERMS] {
        let me = self.to_move;
        let a = self.side_terms(me);
        let b = self.side_terms(me.opponent());
        let mut t = [0; KS_TERMS];
        for k in 0..7 {
            t[k] = a[k] - b[k];
        }
        t[7] = self.best_capture(me);
        t[8] = self.best_capture(me.opponent());
        t[9] = i32::from(self.takasia.is_some());
        t
    }

    /// The evaluation from the side to move's point of view, in centi-seeds.
    pub fn evaluate(&self) -> i32 {
        self.terms()
            .iter()
            .zip(KS_WEIGHTS.iter())
            .map(|(t, w)| t * w)
            .sum()
    }
}

impl KiswahiliFeatures {
    /// Reads the features of a position through the rules crate's accessors.
    #[inline]
    pub fn of(pos: &Kiswahili) -> KiswahiliFeatures {
        let (s, n) = (Side::South, Side::North);
        KiswahiliFeatures {
            rings: [pos.ring(s), pos.ring(n)],
            stores: [pos.store(s), pos.store(n)],
            nyumba_owned: [pos.nyumba_owned(s), pos.nyumba_owned(n)],
            nyumba_functional: [pos.nyumba_functional(s), pos.nyumba_functional(n)],
            to_move: pos.side_to_move(),
            takasia: pos.takasia(),
        }
    }
}

impl crate::Evaluate for Kiswahili {
    fn evaluate(&self) -> i32 {
        KiswahiliFeatures::of(self).evaluate()
    }

    /// The shipped network if it is the trained one, else the linear evaluation.
    #[inline]
    fn evaluate_net(&self) -> i32 {
        match crate::nnue::shipped() {
            Ok(net) => net.evaluate_position(self),
            Err(_) => self.evaluate(),
        }
    }

    fn children(&self, out: &mut Vec<(Self::Move, Self)>) {
        Kiswahili::children(self, out);
    }

    /// The same board with the opponent to move (`Kiswahili::passed`).
    fn null_child(&self) -> Option<Self> {
        Some(self.passed())
    }

    /// Both rings, stores, nyumba flags, side to move and takasia hole, mixed word by word
    /// (the rules are fixed within a search, so they are left out). Under non-default
    /// options every field is hashed instead.
    #[inline]
    fn hash_key(&self) -> u64 {
        use crate::hash::mix64;
        if *self.rules() != Default::default() {
            // Non-default options may use state the fast key leaves out (K-R11.6's
            // blocker hole): hash every field.
            return crate::hash::hash_of(self);
        }
        let mut h = 0x2545_f491_4f6c_dd1du64;
        for side in [Side::South, Side::North] {
            let ring = self.ring(side);
            for half in ring.chunks_exact(8) {
                let mut w = [0u8; 8];
                w.copy_from_slice(half);
                h = mix64(h ^ u64::from_le_bytes(w));
            }
        }
        let extra = u64::from(self.store(Side::South))
            | u64::from(self.store(Side::North)) << 8
            | u64::from(self.nyumba_owned(Side::South)) << 16
            | u64::from(self.nyumba_owned(Side::North)) << 17
            | (self.side_to_move().index() as u64) << 18
            | (self.takasia().map_or(31, |t| t as u64)) << 20;
        mix64(h ^ extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> KiswahiliFeatures {
        // K-§1.7: A5=6 A6=2 A7=2 for South, a5=6 a6=2 a7=2 for North, stores 22.
        let mut ring = [0u8; 16];
        ring[4] = 6;
        ring[5] = 2;
        ring[6] = 2;
        KiswahiliFeatures {
            rings: [ring, ring],
            stores: [22, 22],
            nyumba_owned: [true, true],
            nyumba_functional: [true, true],
            to_move: Side::South,
            takasia: None,
        }
    }

    #[test]
    fn start_position_is_symmetric_and_has_no_capture() {
        let f = start();
        // A5 faces a4 (empty), A6 faces a3, A7 faces a2: no namua capture (T1).
        assert_eq!(f.best_capture(Side::South), 0);
        assert_eq!(f.best_capture(Side::North), 0);
        assert_eq!(f.evaluate(), 0);
    }

    #[test]
    fn namua_and_mtaji_captures() {
        let mut f = start();
        // North puts 3 seeds in a4 (ring 3), opposite A5 (ring 4).
        f.rings[1][3] = 3;
        assert_eq!(f.best_capture(Side::South), 3);
        // Mtaji: South's store empty; A6 (ring 5, 2 seeds) ends in A4 or A8, both empty;
        // A5 (6 seeds) ends in the back row; A7 (ring 6, 2 seeds) acw ends in A5, which
        // faces a4 with 3.
        f.stores = [0, 0];
        assert_eq!(f.best_capture(Side::South), 3);
        // Put a seed in A4 (ring 3): A6 acw ends there, opposite a5 (ring 4) holds 6.
        f.rings[0][3] = 1;
        assert_eq!(f.best_capture(Side::South), 6);
        // A hole with 16 seeds never captures (R9.3).
        let mut g = start();
        g.stores = [0, 0];
        g.rings[0] = [0; 16];
        g.rings[0][0] = 16;
        g.rings[0][8] = 1;
        assert_eq!(g.best_capture(Side::South), 0);
    }
}
