//! Pairing the score brackets from the top, as bbpPairings does (v5, 2017 rules).
//!
//! Each bracket (moved-down players, then residents) is matched together with the next
//! score group, so that C.7 (the next bracket's pairs) is weighed. Then, by repeated
//! matchings that each favour one more choice without losing the criteria above it:
//! which moved-down players are paired (the highest first, B.2/B.3), their opponents
//! (the highest possible), how many and which players are exchanged between S1 and S2
//! (the fewest, the lowest of S1 and highest of S2: D.2), and each S1 player's opponent
//! (the first transposition: D.1). A bracket after which the remaining players cannot
//! all be paired is the PPB: it is paired again together with all the rest.

use super::choices::Bracket as Bracket2;
use super::weights::{bits, Bracket, Layout};
use super::{Context, PairError};
use crate::cardinality::Cardinality;
use crate::matching::Matcher;
use crate::wide::Wide;

/// Why a width did not do.
enum Failure {
    Pair(PairError),
    /// A bracket needs this many bits.
    Wider(u32),
}

/// The mate of every player (by index) in the next round, `None` for the bye.
pub(crate) fn pair_all(ctx: &Context) -> Result<Vec<Option<usize>>, PairError> {
    let mut need = 0;
    macro_rules! try_width {
        ($($n:literal),*) => {
            $(
                if need + 8 <= 64 * $n {
                    match pair_with::<$n>(ctx) {
                        Ok(m) => return Ok(m),
                        Err(Failure::Pair(e)) => return Err(e),
                        Err(Failure::Wider(b)) => need = need.max(b),
                    }
                }
            )*
        };
    }
    try_width!(1, 2, 4, 8, 16, 32, 64);
    Err(PairError::TooLarge(need))
}

/// The players to pair, by score (highest first), then rank.
pub(crate) fn sorted_players(ctx: &Context) -> Vec<usize> {
    let mut sorted: Vec<usize> = ctx
        .state
        .players
        .iter()
        .filter(|p| p.valid && p.to_pair)
        .map(|p| p.id)
        .collect();
    let players = &ctx.state.players;
    sorted.sort_by(|&a, &b| {
        players[b]
            .score
            .cmp(&players[a].score)
            .then(players[a].rank.cmp(&players[b].rank))
    });
    sorted
}

/// Base weights of a bracket: `base[j][i]` for `i < j`, `j` at or after the moved-down
/// players.
pub(crate) struct Base<const N: usize>(pub(crate) Vec<Vec<Wide<N>>>);

impl<const N: usize> Base<N> {
    pub(crate) fn get(&self, i: usize, j: usize) -> Wide<N> {
        let (small, large) = if i < j { (i, j) } else { (j, i) };
        self.0[large].get(small).copied().unwrap_or_default()
    }
    pub(crate) fn clear(&mut self, i: usize, j: usize) {
        let (small, large) = if i < j { (i, j) } else { (j, i) };
        if let Some(w) = self.0[large].get_mut(small) {
            *w = Wide::default();
        }
    }
}

fn pair_with<const N: usize>(ctx: &Context) -> Result<Vec<Option<usize>>, Failure> {
    let players = &ctx.state.players;
    let score = |id: usize| players[id].score;
    let sorted = sorted_players(ctx);
    let count = sorted.len();
    let mut mates: Vec<Option<usize>> = vec![None; players.len()];

    // The absolute criteria allow a complete pairing (a dummy vertex for the bye)?
    let vertices = count + (count & 1);
    let mut validity = Cardinality::new(vertices);
    for (i, &a) in sorted.iter().enumerate() {
        for (j, &b) in sorted.iter().enumerate().skip(i + 1) {
            validity.set(i, j, ctx.compatible(&players[a], &players[b]));
        }
        if count & 1 == 1 {
            validity.set(i, count, ctx.bye_eligible(&players[a]));
        }
    }
    if !validity.complete() {
        return Err(Failure::Pair(PairError::NoLegalPairing));
    }

    // The bracket's players (moved-down first) and the next score group, by id, and
    // their vertex in `validity`.
    let mut group: Vec<usize> = Vec::new();
    let mut vertex: Vec<usize> = Vec::new();
    let mut next = 0;
    while next < count && score(sorted[next]) >= score(sorted[0]) {
        group.push(sorted[next]);
        vertex.push(next);
        next += 1;
    }
    let mut special = next == count;
    let mut moved_down = 0;

    while group.len() > 1 || next != count {
        let size = group.len();
        let group_start = next;
        while next < count && (special || score(sorted[next]) >= score(sorted[group_start])) {
            group.push(sorted[next]);
            vertex.push(next);
            next += 1;
        }
        if size == moved_down {
            // Only moved-down players left and nobody to pair them with.
            return Err(Failure::Pair(PairError::NoLegalPairing));
        }
        let bracket = Bracket {
            players: &group,
            moved_down,
            size,
            special,
            last: next == count,
        };
        let layout = Layout::new(ctx, &bracket);
        if layout.total_bits + 8 > 64 * N as u32 {
            return Err(Failure::Wider(layout.total_bits));
        }
        let max_weight = (Wide::<N>::from_u64(1) << (layout.total_bits + 1)) - Wide::from_u64(1);
        let total = group.len();
        let base = Base::<N>(
            (0..total)
                .map(|j| {
                    let from = if j < moved_down { j } else { 0 };
                    (from..j)
                        .map(|i| layout.weight(ctx, &bracket, i, j))
                        .collect()
                })
                .collect(),
        );
        let mut m = Matcher::<Wide<N>>::new(total);
        for j in moved_down..total {
            for i in 0..j {
                m.set(i, j, base.0[j][i]);
            }
        }
        let local = |v: usize| Some(v);
        let score_of = |i: usize| score(group[i]);
        let identity: Vec<usize> = (0..total).collect();
        let choice = Bracket2 {
            m: &mut m,
            base,
            vertex: &identity,
            local: &local,
            score: &score_of,
            moved_down,
            size,
            count_bits: bits(size - moved_down),
            max_weight,
        }
        .choose(&mut |a, b| validity.fix_pair(vertex[a], vertex[b]));
        let (matched, stable) = (choice.matched, choice.stable);

        if !special && !validity.complete() {
            // This is the penultimate pairing bracket: pair it with all the rest.
            group.truncate(size);
            vertex.truncate(size);
            next = group_start;
            special = true;
            continue;
        }

        special = next == count;
        let mut new_group = Vec::new();
        let mut new_vertex = Vec::new();
        moved_down = 0;
        for pi in 0..total {
            if pi < size && matched[pi] {
                mates[group[pi]] = Some(group[stable[pi]]);
                mates[group[stable[pi]]] = Some(group[pi]);
            } else {
                new_group.push(group[pi]);
                new_vertex.push(vertex[pi]);
                if pi < size {
                    moved_down += 1;
                }
            }
        }
        group = new_group;
        vertex = new_vertex;
    }
    Ok(mates)
}
