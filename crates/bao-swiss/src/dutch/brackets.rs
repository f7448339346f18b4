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

use super::weights::{bits, Bracket, Layout};
use super::{Context, PairError};
use crate::cardinality::Cardinality;
use crate::matching::Matcher;
use crate::wide::{Weight, Wide};

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
fn sorted_players(ctx: &Context) -> Vec<usize> {
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
struct Base<const N: usize>(Vec<Vec<Wide<N>>>);

impl<const N: usize> Base<N> {
    fn get(&self, i: usize, j: usize) -> Wide<N> {
        let (small, large) = if i < j { (i, j) } else { (j, i) };
        self.0[large].get(small).copied().unwrap_or_default()
    }
    fn clear(&mut self, i: usize, j: usize) {
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
        let mut base = Base::<N>(vec![Vec::new(); total]);
        for j in moved_down..total {
            base.0[j] = (0..j).map(|i| layout.weight(ctx, &bracket, i, j)).collect();
        }
        let mut m = Matcher::<Wide<N>>::new(total);
        for j in moved_down..total {
            for i in 0..j {
                m.set(i, j, base.0[j][i]);
            }
        }
        let player_bits = bits(size - moved_down);
        // The weight with the exchange order: fewer exchanges, then smaller differences
        // of the exchanged players' numbers (D.2).
        let exchange_weight =
            |base: &Base<N>, small: usize, large: usize, index: usize, pairs: usize| {
                let mut r = base.get(small, large);
                if !r.is_zero() {
                    let mut addend = Wide::<N>::from_u64((index < pairs) as u64);
                    addend <<= player_bits;
                    addend <<= player_bits;
                    addend -= index as u64;
                    addend <<= 1;
                    r += addend;
                }
                r
            };
        let in_bracket = |mate: usize| mate >= moved_down && mate < size;

        let mut stable = m.compute();
        let mut matched = vec![false; total];

        // Which moved-down players are paired: the highest of each score first.
        let mut md_score = 0;
        let mut left = 0usize;
        let mut left_matched = 0usize;
        for pi in 0..moved_down {
            if pi == 0 || score(group[pi]) < md_score {
                md_score = score(group[pi]);
                left = 0;
                left_matched = 0;
                let mut k = pi;
                while k < total && score(group[k]) >= md_score {
                    left += 1;
                    if in_bracket(stable[k]) {
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
            if !in_bracket(stable[pi]) {
                for oi in moved_down..size {
                    let mut w = base.get(pi, oi);
                    if !w.is_zero() {
                        w |= 1;
                        m.set(pi, oi, w);
                    }
                }
                stable = m.compute();
            }
            if in_bracket(stable[pi]) {
                matched[pi] = true;
                left_matched -= 1;
                for oi in moved_down..size {
                    let mut w = base.get(pi, oi);
                    if !w.is_zero() {
                        w |= (size - moved_down) as u64;
                        w += 1;
                        m.set(pi, oi, w);
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
                let w = base.get(pi, oi);
                if !w.is_zero() {
                    m.set(pi, oi, w + Wide::from_u64(addend));
                    addend += 1;
                }
            }
            stable = m.compute();
            let mi = stable[pi];
            matched[mi] = true;
            m.fix(pi, mi, max_weight);
            validity.fix_pair(vertex[pi], vertex[mi]);
        }

        // The remainder: S1 (the first `pairs` players) and S2.
        let mut remainder = Vec::new();
        let mut pairs = 0;
        for (pi, &mate) in stable.iter().enumerate().take(size).skip(moved_down) {
            if mate < moved_down {
                continue;
            }
            remainder.push(pi);
            if mate < pi {
                pairs += 1;
            }
        }
        for (oi_index, &oi) in remainder.iter().enumerate() {
            for (index, &pi) in remainder[..oi_index].iter().enumerate() {
                m.set(pi, oi, exchange_weight(&base, pi, oi, index, pairs));
            }
        }
        stable = m.compute();
        let s1_like = |stable: &[usize], p: usize| stable[p] > p && stable[p] < size;
        let exchanges = remainder[..pairs]
            .iter()
            .filter(|&&p| !s1_like(&stable, p))
            .count();

        // Exchanged out of S1: the lowest possible.
        let mut remaining = exchanges;
        let mut at = pairs;
        while at != 0 && remaining > 0 {
            at -= 1;
            let p = remainder[at];
            if s1_like(&stable, p) {
                for &o in &remainder[at + 1..] {
                    let mut w = exchange_weight(&base, p, o, at, pairs);
                    if !w.is_zero() {
                        w -= 1;
                        m.set(p, o, w);
                    }
                }
                stable = m.compute();
            }
            let exchange = !s1_like(&stable, p);
            remaining -= exchange as usize;
            for &o in &remainder[at + 1..] {
                if exchange {
                    base.clear(p, o);
                }
                m.set(p, o, exchange_weight(&base, p, o, at, pairs));
            }
        }

        // Exchanged into S1: the highest possible.
        let mut remaining = exchanges;
        let mut at = pairs;
        while at < remainder.len() && remaining > 1 {
            let p = remainder[at];
            let already = s1_like(&stable, p);
            if !already {
                for &o in &remainder[at + 1..] {
                    let mut w = exchange_weight(&base, p, o, at, pairs);
                    if !w.is_zero() {
                        w += 1;
                        m.set(p, o, w);
                    }
                }
                stable = m.compute();
            }
            if s1_like(&stable, p) {
                remaining -= 1;
                for &o in &remainder[..at] {
                    base.clear(p, o);
                    m.set(p, o, Wide::default());
                }
                for o in size..total {
                    base.clear(p, o);
                    m.set(p, o, Wide::default());
                }
            }
            if !already {
                for &o in &remainder[at + 1..] {
                    m.set(p, o, exchange_weight(&base, p, o, at, pairs));
                }
            }
            at += 1;
        }

        // S1 and S2 are fixed: keep only S1–S2 edges.
        for (a_index, &a) in remainder.iter().enumerate() {
            for &b in &remainder[a_index + 1..] {
                if !s1_like(&stable, a) || s1_like(&stable, b) {
                    base.clear(a, b);
                }
                m.set(a, b, base.get(a, b));
            }
        }

        // Each S1 player's opponent: the highest possible in S2 (D.1).
        for &p in &remainder {
            if !s1_like(&stable, p) {
                continue;
            }
            let mut addend = 0u64;
            for &o in remainder.iter().rev() {
                if o <= p || matched[o] {
                    continue;
                }
                let w = base.get(p, o);
                if !w.is_zero() {
                    m.set(p, o, w + Wide::from_u64(addend));
                }
                addend += 1;
            }
            stable = m.compute();
            let mi = stable[p];
            matched[p] = true;
            matched[mi] = true;
            m.fix(p, mi, max_weight);
            validity.fix_pair(vertex[p], vertex[mi]);
        }

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
