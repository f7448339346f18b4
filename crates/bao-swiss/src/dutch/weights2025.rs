//! The edge weight of a possible pair under the 2025 rules (C.04.3 effective from
//! 1 February 2026, criteria [C1]–[C21]): the criteria as fields of one wide integer,
//! the most important highest, so that a maximum-weight matching of all the players
//! still to pair meets them in order. The layout is bbpPairings v6's, field for field;
//! unlike the 2017 layout it is the same for every bracket (one field per score group
//! where the 2017 rules weigh score differences):
//!
//! | field (high to low)                                   | article   |
//! |-------------------------------------------------------|-----------|
//! | the pair exists, and the bye left to a candidate      | [C4], [C2], [C5] |
//! | pairs in the bracket                                  | [C6]      |
//! | the scores paired in the bracket, by score group      | [C7]      |
//! | pairs and scores paired in the next bracket           | [C8]      |
//! | played games of the bye's assignee                    | [C9]      |
//! | topscorers' colour differences > 2, three in a row    | [C10], [C11] |
//! | colour preferences met, strong ones                   | [C12], [C13] |
//! | repeated downfloats / upfloats (1, 2 rounds ago)      | [C14]–[C17] |
//! | their scores, by score group                          | [C18]–[C21] |
//! | room for the exchange and transposition order         | 4.2–4.4   |
//!
//! A bye candidate is a player who may receive the pairing-allocated bye ([C2]: no
//! earlier one, and never a win's points in a round without playing) and whose score
//! is at most the lowest score the bye can go to ([C5]).

use super::weights::{bits, colour_fields, Float};
use super::Context;
use crate::history::PlayerState;
use crate::wide::Wide;
use std::collections::HashMap;

/// [C2] (C.04.1 art. 4 of 2025): may receive the pairing-allocated bye: had none, and
/// never scored a win's points in a round without playing (a forfeit win, a full-point
/// bye).
pub(crate) fn bye_eligible(ctx: &Context, p: &PlayerState) -> bool {
    let win = ctx.state.points.win;
    !p.rounds
        .iter()
        .any(|r| !r.played && (r.points >= win || (r.participated && r.opponent.is_none())))
}

/// The float of `p` `back` rounds ago (1.4): down when he met a lower score, or scored
/// more than a loss without playing (the bye, a forfeit win, a half- or full-point
/// bye); up when he met a higher score; none otherwise (a forfeit loss or an absence
/// is no float since 2025).
pub(crate) fn float(ctx: &Context, p: &PlayerState, back: usize) -> Float {
    let played = ctx.state.played_rounds;
    let round = &p.rounds[played - back];
    let Some(o) = round.opponent.filter(|_| round.played) else {
        return if round.points > ctx.state.points.loss {
            Float::Down
        } else {
            Float::None
        };
    };
    let own = p.score_before(played, back);
    let theirs = ctx.state.players[o].score_before(played, back);
    match own.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// The layout shared by every bracket of a round.
pub(crate) struct Layout {
    /// Bits for a count of one score group's players (the largest group).
    pub size_bits: u32,
    /// Where each score's counter starts in a by-score-group field (lowest score at 0).
    pub group_shift: HashMap<u32, u32>,
    /// The width of a by-score-group field.
    pub groups_bits: u32,
    /// Bits of the largest weight.
    pub total_bits: u32,
}

impl Layout {
    /// The layout for the players to pair, sorted by score (highest first).
    pub fn new(ctx: &Context, sorted: &[usize]) -> Layout {
        let score = |id: usize| ctx.state.players[id].score;
        let mut group_shift = HashMap::new();
        let mut groups_bits = 0;
        let mut largest = 0usize;
        let mut run = 0usize;
        for (k, &id) in sorted.iter().enumerate().rev() {
            run += 1;
            if k == 0 || score(sorted[k - 1]) > score(id) {
                group_shift.insert(score(id), groups_bits);
                groups_bits += bits(run);
                largest = largest.max(run);
                run = 0;
            }
        }
        let size_bits = bits(largest);
        let (s, g) = (size_bits, groups_bits);
        let played = ctx.state.played_rounds;
        let mut total = 2 + s + g + s + g + 2 * s + 4 * s;
        if played >= 1 {
            total += 2 * s + 2 * g;
        }
        if played > 1 {
            total += 2 * s + 2 * g;
        }
        total += 3 * s + 1;
        Layout {
            size_bits,
            group_shift,
            groups_bits,
            total_bits: total,
        }
    }

    fn unit<const N: usize>(&self, score: u32) -> Wide<N> {
        Wide::from_u64(1) << self.group_shift[&score]
    }
}

/// What the weights need to know of the bye (an odd number of players to pair).
#[derive(Clone, Debug, Default)]
pub(crate) struct Bye {
    /// The lowest score the bye can go to ([C5]); 0 with an even number of players.
    pub score: u32,
    /// [C9] applies: the bracket downfloats only the player who will get the bye.
    pub single_downfloater: bool,
    /// [C9]: the rank of each number of played games among the players of the bye's
    /// score (most played games first: rank 0).
    pub played_rank: HashMap<usize, u64>,
}

/// Where the lower player of a pair is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// In the bracket being paired (with the higher one).
    Bracket,
    /// In the next score group.
    Next,
    /// Further down (only the pair's existence and the bye count).
    Beyond,
}

/// The number of games `p` played over the board.
pub(crate) fn played_games(p: &PlayerState) -> usize {
    p.rounds.iter().filter(|r| r.played).count()
}

impl Layout {
    /// The weight of pairing `high` (above in the pairing order) with `low`; zero
    /// when they may not meet.
    pub fn weight<const N: usize>(
        &self,
        ctx: &Context,
        high: &PlayerState,
        low: &PlayerState,
        place: Place,
        bye: &Bye,
    ) -> Wide<N> {
        let mut r = Wide::<N>::default();
        if !ctx.compatible(high, low) {
            return r;
        }
        let (s, g) = (self.size_bits, self.groups_bits);
        let (hs, ls) = (high.score, low.score);
        let in_bracket = place == Place::Bracket;
        let in_next = place == Place::Next;
        let candidate = |p: &PlayerState| bye_eligible(ctx, p) && p.score <= bye.score;
        // [C4], [C2], [C5]: completion, and the bye to a candidate.
        r |= 1 + !candidate(high) as u64 + !candidate(low) as u64;
        // [C6]: pairs in the bracket.
        r <<= s;
        r |= in_bracket as u64;
        // [C7]: the scores paired in the bracket.
        r <<= g;
        if in_bracket {
            r += self.unit(hs);
        }
        // [C8]: pairs and scores paired in the next bracket.
        r <<= s;
        r |= in_next as u64;
        r <<= g;
        if in_next {
            r += self.unit(hs);
        }
        // [C9]: the bye's assignee has played as many games as possible.
        r <<= s;
        r <<= s;
        if bye.single_downfloater {
            if hs == bye.score {
                r += bye.played_rank[&played_games(high)];
            }
            if ls == bye.score {
                r += bye.played_rank[&played_games(low)];
            }
        }
        // [C10]–[C13]: colours.
        colour_fields(&mut r, low, high, in_bracket, s);
        let played = ctx.state.played_rounds;
        let floats = |p: &PlayerState, back: usize| float(ctx, p, back);
        for back in [1, 2] {
            if played < back {
                continue;
            }
            // [C14]/[C16]: repeated downfloats; [C15]/[C17]: repeated upfloats.
            r <<= s;
            if in_bracket {
                r |= (floats(low, back) == Float::Down) as u64;
                r += (hs <= ls && floats(high, back) == Float::Down) as u64;
            }
            r <<= s;
            if in_bracket {
                r |= (!(hs > ls && floats(low, back) == Float::Up)) as u64;
            }
        }
        for back in [1, 2] {
            if played < back {
                continue;
            }
            // [C18]/[C20]: the scores of repeated downfloaters.
            r <<= g;
            if in_bracket {
                if floats(low, back) == Float::Down {
                    r += self.unit(ls);
                }
                if floats(high, back) == Float::Down {
                    r += self.unit(hs);
                }
            }
            // [C19]/[C21]: the scores of the opponents of repeated upfloaters.
            r <<= g;
            if in_bracket && !(floats(low, back) == Float::Up && hs > ls) {
                r += self.unit(hs);
            }
        }
        // Room for the exchange and transposition order (articles 4.2–4.4).
        r <<= s;
        r <<= s;
        r <<= s;
        r <<= 1;
        r
    }
}
