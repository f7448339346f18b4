//! The edge weight of a possible pair in a score bracket: the Dutch system's criteria
//! (C.04.3 C.1–C.19) as fields of one wide integer, the most important highest, so that
//! a maximum-weight matching meets them in order. The layout is bbpPairings' (v5, the
//! 2017 rules), field for field:
//!
//! | field (high to low)                               | article  |
//! |---------------------------------------------------|----------|
//! | completion and bye eligibility (last brackets)    | C.4, C.2 |
//! | pairs in the bracket                              | C.5      |
//! | pairing score differences in the bracket          | C.6      |
//! | pairs and score differences of the next bracket   | C.7      |
//! | topscorers' colour differences > 2                | C.8      |
//! | topscorers' three colours in a row                | C.9      |
//! | colour preferences met                            | C.10     |
//! | strong colour preferences met                     | C.11     |
//! | repeated downfloats / upfloats (1, 2 rounds ago)  | C.12–15  |
//! | their score differences                           | C.16–19  |
//! | room for the exchange and transposition order     | D        |

use super::Context;
use crate::history::PlayerState;
use crate::wide::Wide;
use std::collections::HashMap;

/// Bits needed to write `x` (0 for 0).
pub(crate) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// How a player floated in a past round (A.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Float {
    Down,
    Up,
    None,
}

/// The float of `p` `back` rounds ago: down when he did not play (bye, forfeit,
/// absence) or met a lower score, up when he met a higher score.
pub(crate) fn float(ctx: &Context, p: &PlayerState, back: usize) -> Float {
    let played = ctx.state.played_rounds;
    let round = &p.rounds[played - back];
    let Some(o) = round.opponent.filter(|_| round.played) else {
        return Float::Down;
    };
    let own = p.score_before(played, back);
    let theirs = ctx.state.players[o].score_before(played, back);
    match own.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// The bracket being paired, as the weights need it.
pub(crate) struct Bracket<'a> {
    /// Players of the bracket (moved-down players first) and of the next score group.
    pub players: &'a [usize],
    /// Moved-down players.
    pub moved_down: usize,
    /// Players of the bracket (moved-down and resident).
    pub size: usize,
    /// The last brackets: the pairing must be completed here (PPB and CLB together).
    pub special: bool,
    /// No score group after the next one.
    pub last: bool,
}

/// The bit layout of one bracket's weights.
pub(crate) struct Layout {
    /// Bits for a count of the bracket's players.
    pub player_bits: u32,
    /// Bits for a count of the next score group's players.
    pub next_bits: u32,
    /// The width of a score-difference field.
    pub difference_bits: u32,
    /// Where each score difference's counter starts in a score-difference field.
    pub difference_shift: HashMap<u32, u32>,
    /// The lowest score in the bracket and the next score group.
    pub min_score: u32,
    /// Bits of the largest weight.
    pub total_bits: u32,
}

impl Layout {
    /// The layout for a bracket.
    pub fn new(ctx: &Context, b: &Bracket) -> Layout {
        let score = |i: usize| ctx.state.players[b.players[i]].score;
        let min_score = score(b.players.len() - 1);
        let mut differences = Vec::new();
        for i in 0..b.size {
            differences.push(score(i) - min_score + 10);
            let first = b.moved_down.max(i + 1);
            for j in first..b.size {
                if j <= first || score(j) < score(j - 1) {
                    differences.push(score(i) - score(j));
                }
            }
        }
        differences.sort_unstable();
        let mut difference_shift = HashMap::new();
        let mut difference_bits = 0;
        let mut k = 0;
        while k < differences.len() {
            let mut count = 0;
            let value = differences[k];
            while k < differences.len() && differences[k] == value {
                count += 1;
                k += 1;
            }
            difference_shift.insert(value, difference_bits);
            difference_bits += bits(count);
        }
        let player_bits = bits(b.size - b.moved_down);
        let next_bits = bits(b.players.len() - b.size);
        let (p, d) = (player_bits, difference_bits);
        let mut total = 2 + p + d;
        if !b.special {
            total += if b.last {
                p.max(next_bits) + 3
            } else {
                next_bits
            } + d;
        }
        total += 4 * p;
        let played = ctx.state.played_rounds;
        if played >= 1 {
            total += 2 * p + 2 * d;
        }
        if played > 1 {
            total += 2 * p + 2 * d;
        }
        total += 3 * p + 1;
        Layout {
            player_bits,
            next_bits,
            difference_bits,
            difference_shift,
            min_score,
            total_bits: total,
        }
    }

    fn unit<const N: usize>(&self, difference: u32) -> Wide<N> {
        Wide::from_u64(1) << self.difference_shift[&difference]
    }

    /// The weight of pairing the bracket's `high`-th and `low`-th players (`high` <
    /// `low`); zero when they may not meet.
    pub fn weight<const N: usize>(
        &self,
        ctx: &Context,
        b: &Bracket,
        high_index: usize,
        low_index: usize,
    ) -> Wide<N> {
        let high = &ctx.state.players[b.players[high_index]];
        let low = &ctx.state.players[b.players[low_index]];
        let high_in = high_index < b.size;
        let low_in = low_index < b.size;
        let mut r = Wide::<N>::default();
        if !ctx.compatible(high, low) {
            return r;
        }
        let (p, d) = (self.player_bits, self.difference_bits);
        let (hs, ls) = (high.score, low.score);
        let above_min = |s: u32| s - self.min_score + 10;
        if b.special {
            r |= 1 + !ctx.bye_eligible(high) as u64 + !ctx.bye_eligible(low) as u64;
        }
        // C.5: pairs in the bracket.
        r <<= p;
        r |= low_in as u64;
        // C.6: the pairing score difference.
        r <<= d;
        if low_in {
            r += self.unit(above_min(hs));
            r += self.unit(above_min(ls));
            r -= self.unit(hs - ls);
        }
        if !b.special {
            // C.7: pairs and score differences of the next bracket.
            if b.last {
                r <<= p.max(self.next_bits);
                r <<= 3;
            } else {
                r <<= self.next_bits;
            }
            r |= if b.last {
                1 + !ctx.bye_eligible(high) as u64 + !ctx.bye_eligible(low) as u64
            } else {
                !low_in as u64
            };
            r <<= d;
            if high_in {
                r += self.unit(above_min(hs));
            }
            if low_in {
                r += self.unit(above_min(ls));
            }
        }
        colour_fields(&mut r, low, high, low_in, p);
        let played = ctx.state.played_rounds;
        for back in [1, 2] {
            if played < back {
                continue;
            }
            // C.12–C.15: repeated downfloats and upfloats.
            r <<= p;
            if low_in {
                r |= (float(ctx, low, back) == Float::Down) as u64;
                r += (hs <= ls && float(ctx, high, back) == Float::Down) as u64;
            }
            r <<= p;
            r -= (low_in && hs > ls && float(ctx, low, back) == Float::Up) as u64;
        }
        for back in [1, 2] {
            if played < back {
                continue;
            }
            // C.16–C.19: their score differences.
            r <<= d;
            if low_in {
                if float(ctx, low, back) == Float::Down {
                    r += self.unit(above_min(ls));
                }
                if float(ctx, high, back) == Float::Down {
                    r += self.unit(above_min(hs));
                    if hs > ls {
                        r -= self.unit(hs - ls);
                    }
                }
            }
            r <<= d;
            if low_in && float(ctx, low, back) == Float::Up && hs > ls {
                r -= self.unit(hs - ls);
            }
        }
        // Room for the exchange and transposition order (section D).
        r <<= p;
        r <<= p;
        r <<= p;
        r <<= 1;
        r
    }
}

/// C.8–C.11 as four one-bit fields (of `p` bits, summed over the pairs).
pub(crate) fn colour_fields<const N: usize>(
    r: &mut Wide<N>,
    player: &PlayerState,
    opponent: &PlayerState,
    in_bracket: bool,
    p: u32,
) {
    let same = player.preference == opponent.preference;
    *r <<= p;
    *r |= (in_bracket && (!player.absolute_imbalance() || !opponent.absolute_imbalance() || !same))
        as u64;
    *r <<= p;
    let repeat_ok = if player.imbalance == opponent.imbalance {
        player.repeated.is_none() || player.repeated != opponent.repeated
    } else {
        let lesser = if player.imbalance > opponent.imbalance {
            opponent
        } else {
            player
        };
        lesser.repeated != player.preference.map(|c| c.invert())
    };
    *r |= (in_bracket && (!player.absolute() || !opponent.absolute() || !same || repeat_ok)) as u64;
    *r <<= p;
    *r |= (in_bracket && compatible_preferences(player, opponent)) as u64;
    *r <<= p;
    *r |= (in_bracket
        && ((!player.strong && !player.absolute())
            || (!opponent.strong && !opponent.absolute())
            || (player.absolute() && opponent.absolute())
            || !same)) as u64;
}

/// Both can have their preferred colour: the preferences differ or one has none.
pub(crate) fn compatible_preferences(a: &PlayerState, b: &PlayerState) -> bool {
    a.preference != b.preference || a.preference.is_none() || b.preference.is_none()
}
