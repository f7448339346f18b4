//! Board geometry of Bao la Kiswahili (K-§1): ring indices, hole names, opposite holes,
//! and the order of the position text.

use crate::Side;

/// Holes per player's ring (K-§1.2).
pub const RING: usize = 16;
/// Ring index of the nyumba A5/a5 (K-§1.4).
pub const NYUMBA: usize = 4;
/// Ring index of the left kichwa A1/a1 (K-§1.4).
pub const LEFT_KICHWA: usize = 0;
/// Ring index of the right kichwa A8/a8 (K-§1.4).
pub const RIGHT_KICHWA: usize = 7;

/// Whether ring index `r` is in the front row (r = 0..7, K-§1.2).
#[inline]
pub fn is_front(r: usize) -> bool {
    r < 8
}

/// The ring index of the opponent's front hole facing front ring index `r` (K-§1.5: 7 − r).
#[inline]
pub fn opposite(r: usize) -> usize {
    7 - r
}

/// The next ring index in direction `cw` (K-§1.3: cw = r+1, acw = r−1, mod 16).
#[inline]
pub fn step(r: usize, cw: bool) -> usize {
    if cw {
        (r + 1) & 15
    } else {
        (r + 15) & 15
    }
}

/// The notation name of ring index `r` of `side` (`A1`..`A8`, `B1`..`B8`, `a1`.., `b1`..;
/// notation.md §1). `r` must be < 16.
pub fn hole_name(side: Side, r: usize) -> String {
    let (row, num) = if r < 8 { (0, r + 1) } else { (1, 16 - r) };
    let letter = match (side, row) {
        (Side::South, 0) => 'A',
        (Side::South, _) => 'B',
        (Side::North, 0) => 'a',
        (Side::North, _) => 'b',
    };
    format!("{letter}{num}")
}

/// Parses a hole name (`A5`, `b3`) into its side and ring index.
pub fn parse_hole(text: &str) -> Option<(Side, usize)> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let num = match bytes[1] {
        b'1'..=b'8' => (bytes[1] - b'0') as usize,
        _ => return None,
    };
    let (side, front) = match bytes[0] {
        b'A' => (Side::South, true),
        b'B' => (Side::South, false),
        b'a' => (Side::North, true),
        b'b' => (Side::North, false),
        _ => return None,
    };
    Some((side, if front { num - 1 } else { 16 - num }))
}

/// The 32 holes in the order of the position text (notation.md §2):
/// b8..b1, a8..a1 (North), A1..A8, B1..B8 (South), as (side, ring index).
pub const TEXT_ORDER: [(Side, usize); 32] = {
    let mut out = [(Side::South, 0usize); 32];
    let mut i = 0;
    while i < 8 {
        out[i] = (Side::North, 8 + i); // b8 = r8 .. b1 = r15
        out[8 + i] = (Side::North, 7 - i); // a8 = r7 .. a1 = r0
        out[16 + i] = (Side::South, i); // A1 .. A8
        out[24 + i] = (Side::South, 15 - i); // B1 = r15 .. B8 = r8
        i += 1;
    }
    out
};

/// Display order of a player's holes for sorted move lists: A1..A8 then B1..B8
/// (notation.md §5 `validmoves`), as ring indices.
pub const MOVE_ORDER: [usize; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8];

/// The direction symbol of a move from ring index `r` whose first sowing goes `cw`
/// (notation.md §3): front row `>` = cw, back row `>` = acw.
#[inline]
pub fn dir_symbol(r: usize, cw: bool) -> char {
    if is_front(r) == cw {
        '>'
    } else {
        '<'
    }
}

/// The sowing direction (cw?) of symbol `>`/`<` (`right` = `>`) for a move from ring index `r`.
#[inline]
pub fn symbol_cw(r: usize, right: bool) -> bool {
    is_front(r) == right
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for side in Side::BOTH {
            for r in 0..16 {
                assert_eq!(parse_hole(&hole_name(side, r)), Some((side, r)));
            }
        }
        assert_eq!(hole_name(Side::South, 8), "B8");
        assert_eq!(hole_name(Side::North, 15), "b1");
        assert_eq!(opposite(4), 3);
    }
}
