//! Colour allocation (C.04.3 section E) and the published order of the boards.
//!
//! For each pair, in order: E.1 both preferences granted when compatible; E.2 the
//! stronger preference (absolute over strong over mild; between two absolute ones the
//! larger colour difference); E.3 alternate to the most recent round in which one had
//! white and the other black; E.4 the higher ranked player's preference; E.5 with no
//! preferences, the higher ranked player gets the initial colour if his pairing number
//! is odd (1 = the first), the other colour if even.

use super::{Board, Context, Round};
use crate::history::PlayerState;
use crate::tournament::Colour;

/// The colour `player` gets against `opponent`.
pub(crate) fn colour_of(ctx: &Context, player: &PlayerState, opponent: &PlayerState) -> Colour {
    if let Some(c) = preferred_colour(player, opponent) {
        return c;
    }
    let initial = ctx.state.initial_colour;
    let opponent_higher = ranks_above(opponent, player);
    match player.preference {
        None => {
            if opponent_higher {
                if opponent.rank % 2 == 1 {
                    initial
                } else {
                    initial.invert()
                }
            } else if player.rank % 2 == 1 {
                initial.invert()
            } else {
                initial
            }
        }
        Some(own) => {
            if opponent_higher {
                opponent.preference.map_or(own, Colour::invert)
            } else {
                own
            }
        }
    }
}

/// `a` is above `b` in the pairing order (score, then rank).
fn ranks_above(a: &PlayerState, b: &PlayerState) -> bool {
    (a.score, std::cmp::Reverse(a.rank)) > (b.score, std::cmp::Reverse(b.rank))
}

/// E.1–E.3: the colour of `player` when preferences or history decide it.
fn preferred_colour(player: &PlayerState, opponent: &PlayerState) -> Option<Colour> {
    let (pp, op) = (player.preference, opponent.preference);
    if pp != op || pp.is_none() {
        return pp.or(op.map(Colour::invert));
    }
    if player.absolute() && (player.imbalance > opponent.imbalance || !opponent.absolute()) {
        return pp;
    }
    if opponent.absolute() && (opponent.imbalance > player.imbalance || !player.absolute()) {
        return op.map(Colour::invert);
    }
    if player.strong && !opponent.strong {
        return pp;
    }
    if opponent.strong && !player.strong {
        return op.map(Colour::invert);
    }
    // E.3: the latest round where their colours differed.
    let played = |p: &PlayerState| -> Vec<Colour> {
        p.rounds
            .iter()
            .filter(|r| r.played)
            .filter_map(|r| r.colour)
            .collect()
    };
    let (a, b) = (played(player), played(opponent));
    a.iter()
        .rev()
        .zip(b.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(_, theirs)| *theirs)
}

/// The boards of a matching, coloured and in the published order.
pub(crate) fn boards(ctx: &Context, mates: &[Option<usize>]) -> Round {
    let players = &ctx.state.players;
    let mut boards: Vec<(Board, (bool, u32, u32, usize))> = Vec::new();
    for p in players.iter().filter(|p| p.valid && p.to_pair) {
        match mates[p.id] {
            Some(o) if p.id < o => {
                let q = &players[o];
                let (south, north) = if colour_of(ctx, p, q) == Colour::White {
                    (p, q)
                } else {
                    (q, p)
                };
                let (high, low) = if ranks_above(south, north) {
                    (south, north)
                } else {
                    (north, south)
                };
                boards.push((
                    Board {
                        south: south.id as u32 + 1,
                        north: Some(north.id as u32 + 1),
                    },
                    (
                        false,
                        u32::MAX - high.score,
                        u32::MAX - low.score,
                        high.rank,
                    ),
                ));
            }
            Some(_) => {}
            None => boards.push((
                Board {
                    south: p.id as u32 + 1,
                    north: None,
                },
                (true, 0, 0, 0),
            )),
        }
    }
    boards.sort_by_key(|b| b.1);
    Round {
        boards: boards.into_iter().map(|b| b.0).collect(),
    }
}
