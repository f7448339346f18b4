//! Takasia (kutakatia, K-R11): which hole of the opponent a mtaji takata blocks.

use super::geometry::{is_front, opposite, NYUMBA};
use super::rules::{Rules, TakasiaNyumba};

/// The capture moves of side `s` in the sense of K-R9.2 (2–15 seeds, first-lap end in the
/// front row, occupied before the move, facing an occupied hole), never-ending or not
/// (K-R13.4), as a bit mask of the opponent's front ring indices they would capture first.
/// `skip` is a ring index that may not start a move (a takasia'd hole), or ≥ 16.
#[inline]
pub(crate) fn capture_targets(rings: &[[u8; 16]; 2], s: usize, skip: usize) -> u8 {
    let own = &rings[s];
    let opp = &rings[1 - s];
    let mut mask = 0u8;
    for (h, &n) in own.iter().enumerate() {
        if !(2..=15).contains(&n) || h == skip {
            continue;
        }
        for e in [(h + n as usize) & 15, (h + 16 - n as usize) & 15] {
            if is_front(e) && own[e] >= 1 && opp[opposite(e)] >= 1 {
                mask |= 1 << opposite(e);
            }
        }
    }
    mask
}

/// K-R11.2–R11.4: after P's mtaji takata (both stores 0 at its start, game not over) in the
/// resulting rings, with O = `o` to move: the ring index of O's hole that is takasia'd, if any.
pub(crate) fn takasia_after(
    rings: &[[u8; 16]; 2],
    owned: [bool; 2],
    o: usize,
    rules: &Rules,
) -> Option<usize> {
    if !rules.takasia {
        return None;
    }
    // R11.3: the distinct O holes P's capture moves would capture first (checked first:
    // it is the cheaper test to fail).
    let targets = capture_targets(rings, 1 - o, 16);
    if targets.count_ones() != 1 {
        return None;
    }
    // R11.2: O has a capture move ⇒ no takasia.
    if capture_targets(rings, o, 16) != 0 {
        return None;
    }
    let t = targets.trailing_zeros() as usize;
    let ring = &rings[o];
    // R11.4 exemptions.
    if t == NYUMBA
        && owned[o]
        && match rules.takasia_nyumba {
            TakasiaNyumba::Functional => ring[NYUMBA] >= rules.functional_threshold,
            TakasiaNyumba::Owned => true,
        }
    {
        return None; // (a)
    }
    if (0..8).all(|r| r == t || ring[r] == 0) {
        return None; // (b) O's only occupied front hole
    }
    if ring[t] >= 2 && (0..8).all(|r| r == t || ring[r] < 2) {
        return None; // (c) O's only front hole with ≥ 2 seeds
    }
    if rules.takasia_singleton_exempt && ring[t] == 1 {
        return None; // (d)
    }
    Some(t)
}
