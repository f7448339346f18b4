//! Evaluation of Bao Kingulu (`bao-kingulu.md`), written from what decides the game:
//! the seeds each side will count at the end (G-R14), reserved pits (G-R9), kuweka targets,
//! and moves blocked by the first-lap restriction (G-R7), whose absence ends the game (G-R12).

use crate::weights::*;
use bao_rules::kingulu::Kingulu;
use bao_rules::{Game, Side};

/// The state of a Bao Kingulu position as plain arrays (global pit numbering of G-§2:
/// 0..5 South's row A1..A6, 6..11 North's row a1..a6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KinguluFeatures {
    /// Seeds in each pit.
    pub pits: [u8; 12],
    /// The reserver of each pit (G-R9), `None` for an ordinary pit.
    pub reserved: [Option<Side>; 12],
    /// Stores, indexed by [`Side::index`].
    pub stores: [u8; 2],
    /// The side to move.
    pub to_move: Side,
}

#[inline]
fn row_of(pit: usize) -> Side {
    if pit < 6 {
        Side::South
    } else {
        Side::North
    }
}

impl KinguluFeatures {
    /// The provisional score of `side` (G-R14): store + unreserved pits of its row + the
    /// pits it reserved.
    pub fn score(&self, side: Side) -> i32 {
        let mut s = i32::from(self.stores[side.index()]);
        for pit in 0..12 {
            match self.reserved[pit] {
                Some(owner) if owner == side => s += i32::from(self.pits[pit]),
                None if row_of(pit) == side => s += i32::from(self.pits[pit]),
                _ => {}
            }
        }
        s
    }

    /// `(playable, blocked)` for `side`: candidate pits (G-R1) whose first lap does not /
    /// does end in an occupied unreserved pit of the side's own row (G-R7), assuming the
    /// default option O2 (no skipped start pit). Non-terminating relays (G-R13) are not
    /// detected here.
    pub fn first_lap(&self, side: Side) -> (i32, i32) {
        let (mut playable, mut blocked) = (0, 0);
        let base = 6 * side.index();
        for pit in base..base + 6 {
            let n = usize::from(self.pits[pit]);
            if n == 0 || self.reserved[pit].is_some() {
                continue;
            }
            let t = (pit + n) % 12;
            // Seeds already in t when the last seed arrives: its count (0 if it is the
            // emptied start pit) plus one per earlier full turn of the ring.
            let before = if t == pit {
                0
            } else {
                usize::from(self.pits[t])
            } + (n - 1) / 12;
            if self.reserved[t].is_none() && row_of(t) == side && before > 0 {
                blocked += 1;
            } else {
                playable += 1;
            }
        }
        (playable, blocked)
    }

    /// Unreserved pits of `side`'s row holding exactly 3 seeds (kuweka targets for the
    /// other side, G-R6c).
    pub fn threes(&self, side: Side) -> i32 {
        let base = 6 * side.index();
        (base..base + 6)
            .filter(|&p| self.reserved[p].is_none() && self.pits[p] == 3)
            .count() as i32
    }

    /// The terms of the evaluation, which is `Σ KG_WEIGHTS[i] · terms[i]`
    /// ([`crate::weights::KG_WEIGHTS`]), from the side to move's point of view: the score
    /// difference (G-R14), the reserved-pit difference (G-R9), the opponent's pits of 3
    /// (the mover's kuweka targets, G-R6c), the mover's own pits of 3 (vulnerable), the
    /// playable-candidate difference and the blocked-candidate difference (G-R7).
    pub fn terms(&self) -> [i32; KG_TERMS] {
        let me = self.to_move;
        let op = me.opponent();
        let reserved = |s: Side| self.reserved.iter().filter(|r| **r == Some(s)).count() as i32;
        let (my_play, my_block) = self.first_lap(me);
        let (op_play, op_block) = self.first_lap(op);
        [
            self.score(me) - self.score(op),
            reserved(me) - reserved(op),
            self.threes(op),
            self.threes(me),
            my_play - op_play,
            my_block - op_block,
        ]
    }

    /// The evaluation from the side to move's point of view, in centi-seeds:
    /// `Σ KG_WEIGHTS[i] · terms[i]`.
    pub fn evaluate(&self) -> i32 {
        self.terms()
            .iter()
            .zip(KG_WEIGHTS.iter())
            .map(|(t, w)| t * w)
            .sum()
    }
}

impl KinguluFeatures {
    /// Reads the features of a position through the rules crate's accessors.
    #[inline]
    pub fn of(pos: &Kingulu) -> KinguluFeatures {
        let mut reserved = [None; 12];
        if pos.reserved_mask() != 0 {
            for (pit, r) in reserved.iter_mut().enumerate() {
                *r = pos.reserved_by(pit);
            }
        }
        KinguluFeatures {
            pits: pos.pits(),
            reserved,
            stores: [pos.store(Side::South), pos.store(Side::North)],
            to_move: pos.side_to_move(),
        }
    }
}

impl crate::Evaluate for Kingulu {
    fn evaluate(&self) -> i32 {
        KinguluFeatures::of(self).evaluate()
    }

    fn children(&self, out: &mut Vec<(Self::Move, Self)>) {
        Kingulu::children(self, out);
    }

    fn perfect_move(&self, line: &[Self], time_ms: u64) -> Option<(Self::Move, crate::Score)> {
        let ends = crate::solve::LineEnds::of_positions(line);
        crate::solve::perfect_move_with(self, ends, time_ms)
            .map(|(mv, v)| (mv, crate::solve::score_of(v)))
    }

    /// A capture (G-R5: the opposite pit into the store), a kuweka mtoto (G-R6c: a pit
    /// reserved) or seeds banked from a reserved pit (G-R6): the mover's store or reserved
    /// pits grow. (A Kingulu move always sows seeds into the opponent's row, so the
    /// opponent's material says nothing.)
    fn is_capture(&self, child: &Self) -> bool {
        let me = self.side_to_move();
        let reserved = |p: &Kingulu| (0..12).filter(|&i| p.reserved_by(i) == Some(me)).count();
        child.store(me) > self.store(me) || reserved(child) > reserved(self)
    }

    /// The pits, reservations, stores and side to move packed into 129 bits and mixed
    /// (the rules are fixed within a search, so they are left out).
    #[inline]
    fn hash_key(&self) -> u64 {
        let p = self.pits();
        let mut lo = [0u8; 8];
        lo.copy_from_slice(&p[..8]);
        let hi = u64::from(u32::from_le_bytes([p[8], p[9], p[10], p[11]]))
            | u64::from(self.reserved_mask()) << 32
            | u64::from(self.store(Side::South)) << 48
            | u64::from(self.store(Side::North)) << 56;
        let side = self.side_to_move().index() as u64;
        crate::hash::mix64(u64::from_le_bytes(lo) ^ crate::hash::mix64(hi ^ (side << 63 | side)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> KinguluFeatures {
        KinguluFeatures {
            pits: [4; 12],
            reserved: [None; 12],
            stores: [0, 0],
            to_move: Side::South,
        }
    }

    #[test]
    fn start_is_balanced_with_two_blocked_pits_each() {
        let f = start();
        // T1: South's pits 0 and 1 are R7-illegal, 2..5 legal; the same for North.
        assert_eq!(f.first_lap(Side::South), (4, 2));
        assert_eq!(f.first_lap(Side::North), (4, 2));
        assert_eq!(f.score(Side::South), 24);
        assert_eq!(f.evaluate(), 0);
    }

    #[test]
    fn t6_position_scores_and_reservation() {
        // T6 after the move: S[1 2 0 3 0 2] N[3 2 5*S 0 1 0], St S=14 N=15, North to move.
        let mut f = KinguluFeatures {
            pits: [1, 2, 0, 3, 0, 2, 3, 2, 5, 0, 1, 0],
            reserved: [None; 12],
            stores: [14, 15],
            to_move: Side::North,
        };
        f.reserved[8] = Some(Side::South);
        assert_eq!(f.score(Side::South), 27);
        assert_eq!(f.score(Side::North), 21);
        // T8: North's legal moves are {6, 7, 10}: 3 playable, none blocked.
        assert_eq!(f.first_lap(Side::North), (3, 0));
        // South's first laps by hand (G-R7): A1 (1 seed) ends in A2 and A2 (2) in A4, both
        // occupied pits of its own row: blocked; A4 (3) ends in a1 and A6 (2) in a2, the
        // other row: playable.
        assert_eq!(f.first_lap(Side::South), (2, 2));
        // Kuweka targets (G-R6c): South's A4 and North's a1 hold 3 unreserved seeds.
        assert_eq!((f.threes(Side::South), f.threes(Side::North)), (1, 1));
        // North to move, with the hand weights of `weights.rs` (score 100, reserved pit
        // 90, target 35, vulnerable 20, mobility 25, blocked 10): score 21 − 27 = −6 seeds
        // → −600; South holds a reserved pit → −90; South's A4 is North's target → +35;
        // North's a1 is vulnerable → −20; mobility 3 − 2 → +25; blocked 0 − 2 → +20.
        assert_eq!(
            (
                KG_SCORE,
                KG_RESERVED_PIT,
                KG_TARGET,
                KG_VULNERABLE,
                KG_MOBILITY,
                KG_BLOCKED
            ),
            (100, 90, 35, 20, 25, 10)
        );
        assert_eq!(f.terms(), [-6, -1, 1, 1, 1, -2]);
        let hand: i32 = f
            .terms()
            .iter()
            .zip(KG_HAND_WEIGHTS)
            .map(|(t, w)| t * w)
            .sum();
        assert_eq!(hand, -600 - 90 + 35 - 20 + 25 + 20);
        assert_eq!(hand, -630);
        // The weights in use (tuned: score 100, reserved pit 456, target 158, vulnerable
        // −73, mobility −48, blocked −154): −600 − 456 + 158 − 73 − 48 + 308.
        assert_eq!(KG_WEIGHTS, [100, 456, 158, -73, -48, -154]);
        assert_eq!(f.evaluate(), -711);
    }
}
