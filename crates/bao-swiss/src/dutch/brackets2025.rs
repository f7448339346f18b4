//! Pairing the brackets under the 2025 rules, as bbpPairings v6 does.
//!
//! One maximum-weight matching holds every player still to pair, from the first
//! bracket to the last: its highest field asks for a complete pairing with the bye left
//! to a candidate ([C4], [C2], [C5]), so every choice made in a bracket keeps the rest
//! pairable — there is no penultimate pairing bracket to pair again (the 2025 rules
//! dropped it). Before the brackets, a first matching finds the lowest score the bye
//! can go to ([C5]) and whether [C9] applies in the first bracket. Each bracket then
//! weighs its own pairs ([C6], [C7]) and the next score group's ([C8]), and makes the
//! choices of articles 4.2–4.4 ([`super::choices`]).

use super::brackets::{sorted_players, Base};
use super::choices::Bracket;
use super::weights2025::{bye_eligible, played_games, Bye, Layout, Place};
use super::{Context, PairError};
use crate::matching::Matcher;
use crate::wide::Wide;

/// The mate of every player (by index) in the next round, `None` for the bye.
pub(crate) fn pair_all(ctx: &Context) -> Result<Vec<Option<usize>>, PairError> {
    let sorted = sorted_players(ctx);
    let layout = Layout::new(ctx, &sorted);
    macro_rules! try_width {
        ($($n:literal),*) => {
            $(
                if layout.total_bits + 8 <= 64 * $n {
                    return pair_with::<$n>(ctx, &sorted, &layout);
                }
            )*
        };
    }
    try_width!(1, 2, 4, 8, 16, 32, 64);
    Err(PairError::TooLarge(layout.total_bits))
}

/// The matching is a complete pairing: at most one player left, and he may have the
/// bye ([C2]).
fn complete(ctx: &Context, sorted: &[usize], stable: &[usize]) -> bool {
    let mut left = (0..sorted.len()).filter(|&v| stable[v] == v);
    match (left.next(), left.next()) {
        (None, _) => true,
        (Some(v), None) => bye_eligible(ctx, &ctx.state.players[sorted[v]]),
        _ => false,
    }
}

fn pair_with<const N: usize>(
    ctx: &Context,
    sorted: &[usize],
    layout: &Layout,
) -> Result<Vec<Option<usize>>, PairError> {
    let players = &ctx.state.players;
    let mut mates: Vec<Option<usize>> = vec![None; players.len()];
    let n = sorted.len();
    if n == 0 {
        return Ok(mates);
    }
    // By vertex: the players sorted by score, then rank.
    let player = |v: usize| &players[sorted[v]];
    let score = |v: usize| player(v).score;
    let max_weight = (Wide::<N>::from_u64(1) << layout.total_bits) - Wide::from_u64(1);
    let (s, g) = (layout.size_bits, layout.groups_bits);
    let odd = n % 2 == 1;
    let mut bye = Bye::default();
    let set_all = |m: &mut Matcher<Wide<N>>, bye: &Bye| {
        for i in 0..n {
            for j in 0..i {
                m.set(
                    i,
                    j,
                    layout.weight(ctx, player(j), player(i), Place::Beyond, bye),
                );
            }
        }
    };

    // The first matching: complete, the bye to an eligible player of the lowest score
    // possible, the most pairs within the top score group.
    let mut m = Matcher::<Wide<N>>::new(n);
    if odd {
        for i in 0..n {
            for j in 0..i {
                let mut w = Wide::<N>::default();
                if ctx.compatible(player(i), player(j)) {
                    let eligible = |v: usize| bye_eligible(ctx, player(v));
                    w |= 1 + !eligible(i) as u64 + !eligible(j) as u64;
                    w <<= g;
                    let shifts = layout.group_shift[&score(i)] + layout.group_shift[&score(j)];
                    w += Wide::from_u64(shifts as u64);
                    w <<= s;
                    w |= (score(i) >= score(0)) as u64;
                }
                m.set(i, j, w);
            }
        }
    } else {
        set_all(&mut m, &bye);
    }
    let stable = m.compute();
    if !complete(ctx, sorted, &stable) {
        return Err(PairError::NoLegalPairing);
    }
    if odd {
        let assignee = (0..n).find(|&v| stable[v] == v).unwrap_or(n - 1);
        bye.score = score(assignee);
        let top = score(0);
        bye.single_downfloater = bye.score >= top
            && (0..n)
                .take_while(|&v| score(v) >= top)
                .all(|v| score(stable[v]) >= top);
        let mut games: Vec<usize> = (0..n)
            .filter(|&v| score(v) == bye.score)
            .map(|v| played_games(player(v)))
            .collect();
        games.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, g) in games.into_iter().enumerate() {
            bye.played_rank.insert(g, rank as u64);
        }
        set_all(&mut m, &bye);
    }

    // The bracket (moved-down players first) and the next score group, by vertex.
    let mut group: Vec<usize> = Vec::new();
    let mut next = 0;
    while next < n && score(next) >= score(0) {
        group.push(next);
        next += 1;
    }
    let mut moved_down = 0usize;
    let mut begin_vertex = 0usize;
    let mut local_of = vec![usize::MAX; n];
    let mut stable = stable;

    while group.len() > 1 || next != n {
        let size = group.len();
        let next_vertex = begin_vertex + (size - moved_down);
        let group_start = next;
        while next < n && score(next) >= score(group_start) {
            group.push(next);
            next += 1;
        }
        let total = group.len();
        if size == moved_down && total == size {
            // Only moved-down players are left, with nobody to pair them with in a
            // bracket: they are paired as the matching pairs them (complete).
            for &v in &group {
                if stable[v] != v {
                    mates[sorted[v]] = Some(sorted[stable[v]]);
                }
            }
            return Ok(mates);
        }
        for (i, &v) in group.iter().enumerate() {
            local_of[v] = i;
        }
        let base = Base::<N>(
            (0..total)
                .map(|j| {
                    let from = if j < moved_down { j } else { 0 };
                    let place = if j < size {
                        Place::Bracket
                    } else {
                        Place::Next
                    };
                    (from..j)
                        .map(|i| {
                            layout.weight(ctx, player(group[i]), player(group[j]), place, &bye)
                        })
                        .collect()
                })
                .collect(),
        );
        for j in moved_down..total {
            for i in 0..j {
                m.set(group[j], group[i], base.0[j][i]);
            }
        }
        let local = |v: usize| Some(local_of[v]).filter(|&i| i < total && group[i] == v);
        let score_of = |i: usize| score(group[i]);
        let choice = Bracket {
            m: &mut m,
            base,
            vertex: &group,
            local: &local,
            score: &score_of,
            moved_down,
            size,
            count_bits: s,
            max_weight,
        }
        .choose(&mut |_, _| {});
        let matched = choice.matched;
        stable = choice.stable;

        // [C9] in the next bracket: the bye's score is there and its players are all
        // paired within it but one.
        let mut single = odd && group_start != n && bye.score >= score(group_start);
        let mut new_group = Vec::new();
        moved_down = 0;
        for (pi, &v) in group.iter().enumerate() {
            if pi < size && matched[pi] {
                mates[sorted[v]] = Some(sorted[stable[v]]);
                mates[sorted[stable[v]]] = Some(sorted[v]);
            } else {
                new_group.push(v);
                if pi < size {
                    moved_down += 1;
                }
                if single && score(stable[v]) < score(group_start) {
                    single = false;
                }
            }
        }
        bye.single_downfloater = single;
        group = new_group;
        begin_vertex = next_vertex;
    }
    Ok(mates)
}
