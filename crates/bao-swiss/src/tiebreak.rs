//! Standings with tie-breaks: Buchholz, Buchholz Cut 1, Sonneborn-Berger, direct
//! encounter, number of wins.
//!
//! Unplayed rounds count as the FIDE tie-break rules of 2009 (Handbook C.02, the
//! "virtual opponent"):
//! - a round a player did not play (pairing-allocated or requested bye, forfeit won or
//!   lost, absence) counts for his Buchholz and Sonneborn-Berger as a game against a
//!   virtual opponent who had the player's score before the round, got the opposite
//!   result, and drew every later round: `S_before + (win − S_round) + draw·(n − R)` in
//!   round R of n;
//! - an opponent's own unplayed rounds count as draws in the score his opponents'
//!   Buchholz uses (his "adjusted score").
//!
//! Sonneborn-Berger adds, per round, the opponent's value times the fraction of a win
//! scored. Direct encounter is the points scored in played games among the players
//! still tied, when every two of them have met, and otherwise ties. Wins are games won
//! over the board (forfeit wins and byes do not count).
//!
//! Values are in hundredths of a point ([`Value`]).

use crate::history::{PlayerState, State, StateError};
use crate::tournament::{Outcome, Tournament};
use std::fmt;

/// A tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Buchholz without the lowest contribution.
    BuchholzCut1,
    /// Sum of the opponents' adjusted scores (virtual opponents for unplayed rounds).
    Buchholz,
    /// Sum of the opponents' values weighted by the result against them.
    SonnebornBerger,
    /// Points among the tied players, when they all met.
    DirectEncounter,
    /// Games won over the board.
    Wins,
}

impl TieBreak {
    /// The usual order for a Swiss tournament.
    pub const SWISS: [TieBreak; 5] = [
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
    ];
    /// The usual order for a round robin.
    pub const ROUND_ROBIN: [TieBreak; 3] = [
        TieBreak::DirectEncounter,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
    ];

    /// The name shown in standings.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::BuchholzCut1 => "Buchholz Cut 1",
            TieBreak::Buchholz => "Buchholz",
            TieBreak::SonnebornBerger => "Sonneborn-Berger",
            TieBreak::DirectEncounter => "Direct encounter",
            TieBreak::Wins => "Wins",
        }
    }

    /// A short key (for JSON and tables): `bh-c1`, `bh`, `sb`, `de`, `wins`.
    pub fn key(self) -> &'static str {
        match self {
            TieBreak::BuchholzCut1 => "bh-c1",
            TieBreak::Buchholz => "bh",
            TieBreak::SonnebornBerger => "sb",
            TieBreak::DirectEncounter => "de",
            TieBreak::Wins => "wins",
        }
    }
}

/// A tie-break value or score in hundredths of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Value(pub i64);

impl fmt::Display for Value {
    /// `12`, `12.5`, `12.25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (whole, frac) = (self.0.abs() / 100, self.0.abs() % 100);
        let text = match frac {
            0 => format!("{sign}{whole}"),
            f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
            f => format!("{sign}{whole}.{f:02}"),
        };
        f.pad(&text)
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The rank; players tied on points and every tie-break share it.
    pub rank: u32,
    /// The start number.
    pub start: u32,
    /// The name.
    pub name: String,
    /// Points in hundredths.
    pub points: Value,
    /// The tie-breaks in the order asked.
    pub tiebreaks: Vec<(TieBreak, Value)>,
}

/// The standings after the rounds in the file, ordered by points, then the tie-breaks
/// in `order`, then start number.
pub fn standings(t: &Tournament, order: &[TieBreak]) -> Result<Vec<Standing>, StateError> {
    let state = State::new(t, false)?;
    let n = state.players.len();
    let values: Vec<Vec<Value>> = (0..n)
        .map(|i| {
            order
                .iter()
                .map(|tb| individual(&state, &state.players[i], *tb))
                .collect()
        })
        .collect();
    let mut tiebreaks: Vec<Vec<Value>> = values.clone();
    let points = |i: usize| Value(state.players[i].score as i64 * 10);
    // Groups of players still tied, refined tie-break by tie-break.
    let mut order_ids: Vec<usize> = (0..n).collect();
    order_ids.sort_by_key(|&i| (std::cmp::Reverse(points(i)), i));
    let mut groups: Vec<Vec<usize>> = split(&order_ids, points);
    for (k, tb) in order.iter().enumerate() {
        let mut refined = Vec::new();
        for group in groups {
            if *tb == TieBreak::DirectEncounter {
                let de = direct_encounter(&state, &group);
                for (i, v) in group.iter().zip(&de) {
                    tiebreaks[*i][k] = *v;
                }
            }
            let mut g = group.clone();
            g.sort_by_key(|&i| (std::cmp::Reverse(tiebreaks[i][k]), i));
            refined.extend(split(&g, |i| tiebreaks[i][k]));
        }
        groups = refined;
    }
    let mut out = Vec::with_capacity(n);
    for group in groups {
        let rank = out.len() as u32 + 1;
        for i in group {
            let p = t
                .player(i as u32 + 1)
                .map_or(String::new(), |p| p.name.clone());
            out.push(Standing {
                rank,
                start: i as u32 + 1,
                name: p,
                points: points(i),
                tiebreaks: order.iter().copied().zip(tiebreaks[i].clone()).collect(),
            });
        }
    }
    Ok(out)
}

fn split<K: PartialEq>(ids: &[usize], key: impl Fn(usize) -> K) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in ids {
        match out.last_mut() {
            Some(g) if key(g[0]) == key(i) => g.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// The score a player's opponents see: his unplayed rounds as draws (tenths).
fn adjusted_score(state: &State, p: &PlayerState) -> i64 {
    p.rounds[..state.played_rounds]
        .iter()
        .map(|r| {
            if r.played {
                r.points
            } else {
                state.points.draw
            }
        })
        .sum::<u32>() as i64
}

/// Per round: the opponent's value (tenths) and the points scored (tenths).
fn contributions(state: &State, p: &PlayerState) -> Vec<(i64, i64)> {
    let n = state.played_rounds;
    let (win, draw) = (state.points.win as i64, state.points.draw as i64);
    let mut before = 0i64;
    let mut out = Vec::with_capacity(n);
    for (r, round) in p.rounds[..n].iter().enumerate() {
        let got = round.points as i64;
        let value = match (round.played, round.opponent) {
            (true, Some(o)) => adjusted_score(state, &state.players[o]),
            _ => before + (win - got) + draw * (n - r - 1) as i64,
        };
        out.push((value, got));
        before += got;
    }
    out
}

fn individual(state: &State, p: &PlayerState, tb: TieBreak) -> Value {
    let c = contributions(state, p);
    let win = state.points.win.max(1) as i64;
    match tb {
        TieBreak::Buchholz => Value(c.iter().map(|x| x.0).sum::<i64>() * 10),
        TieBreak::BuchholzCut1 => {
            let total: i64 = c.iter().map(|x| x.0).sum();
            let lowest = c.iter().map(|x| x.0).min().unwrap_or(0);
            Value((total - lowest) * 10)
        }
        TieBreak::SonnebornBerger => Value(c.iter().map(|(v, got)| v * got * 10 / win).sum()),
        TieBreak::Wins => Value(
            p.rounds[..state.played_rounds]
                .iter()
                .filter(|r| r.played && r.outcome == Outcome::Win)
                .count() as i64
                * 100,
        ),
        TieBreak::DirectEncounter => Value(0),
    }
}

/// Points among `group` in played games, if every two of them met; zeros otherwise.
fn direct_encounter(state: &State, group: &[usize]) -> Vec<Value> {
    if group.len() < 2 {
        return vec![Value(0); group.len()];
    }
    let n = state.played_rounds;
    let all_met = group.iter().all(|&a| {
        group.iter().all(|&b| {
            a == b
                || state.players[a].rounds[..n]
                    .iter()
                    .any(|r| r.played && r.opponent == Some(b))
        })
    });
    if !all_met {
        return vec![Value(0); group.len()];
    }
    group
        .iter()
        .map(|&a| {
            Value(
                state.players[a].rounds[..n]
                    .iter()
                    .filter(|r| r.played && r.opponent.is_some_and(|o| group.contains(&o)))
                    .map(|r| r.points as i64 * 10)
                    .sum(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Builder;
    use crate::tournament::ResultCode;

    fn line(s: &[Standing], start: u32) -> &Standing {
        s.iter().find(|x| x.start == start).unwrap()
    }

    fn values(s: &Standing) -> Vec<i64> {
        s.tiebreaks.iter().map(|t| t.1 .0).collect()
    }

    /// P3 has the pairing-allocated bye in round 1, P4 is absent in round 1 and loses
    /// round 3 by forfeit to P1.
    #[test]
    fn virtual_opponents_and_adjusted_scores() {
        let t = Builder::new(4, 3)
            .game(1, 1, 2, '1')
            .alone(1, 3, ResultCode::PairingBye)
            .alone(1, 4, ResultCode::ZeroBye)
            .game(2, 3, 1, '1')
            .game(2, 2, 4, '1')
            .game(3, 1, 4, '+')
            .game(3, 3, 2, '0')
            .build();
        let s = standings(&t, &TieBreak::SWISS).unwrap();
        // Adjusted scores: P1 1.5 (the forfeit as a draw), P2 2, P3 1.5 (the bye as a
        // draw), P4 1. Virtual opponents: P1 round 3: 1 + (1 − 1) + 0 = 1; P3 round 1:
        // 0 + 0 + ½·2 = 1; P4 round 1: 0 + 1 + 1 = 2, round 3: 0 + 1 + 0 = 1.
        // Order: BH-C1, BH, SB, DE, wins.
        assert_eq!(values(line(&s, 1)), [350, 450, 300, 0, 100]);
        assert_eq!(values(line(&s, 2)), [300, 400, 250, 0, 200]);
        assert_eq!(values(line(&s, 3)), [350, 450, 250, 0, 100]);
        assert_eq!(values(line(&s, 4)), [400, 500, 0, 0, 0]);
        let order: Vec<(u32, u32)> = s.iter().map(|x| (x.start, x.rank)).collect();
        assert_eq!(order, [(1, 1), (3, 2), (2, 3), (4, 4)]);
        assert_eq!(s[0].points, Value(200));
    }

    /// A round robin of five: P2 and P3 tie on 2 points and P2 beat P3.
    #[test]
    fn direct_encounter_decides_and_full_ties_share_a_rank() {
        let t = Builder::new(5, 5)
            .game(1, 1, 2, '1')
            .game(1, 3, 4, '1')
            .game(2, 1, 3, '1')
            .game(2, 2, 5, '1')
            .game(3, 1, 4, '1')
            .game(3, 2, 3, '1')
            .game(4, 1, 5, '1')
            .game(4, 4, 2, '1')
            .game(5, 3, 5, '1')
            .game(5, 4, 5, '=')
            .build();
        let s = standings(&t, &TieBreak::ROUND_ROBIN).unwrap();
        let order: Vec<(u32, u32)> = s.iter().map(|x| (x.start, x.rank)).collect();
        assert_eq!(order, [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
        assert_eq!(
            line(&s, 2).tiebreaks[0],
            (TieBreak::DirectEncounter, Value(100))
        );
        assert_eq!(
            line(&s, 3).tiebreaks[0],
            (TieBreak::DirectEncounter, Value(0))
        );

        // Three players in a cycle, each with a bye: equal on points, direct encounter
        // and wins; the byes' virtual opponents differ by round (P1's in round 2 is worth
        // 1.5, P2's in round 3 and P3's in round 1 are worth 1), so P1 leads on
        // Sonneborn-Berger and P2 and P3 share rank 2.
        let t = Builder::new(3, 3)
            .game(1, 1, 2, '1')
            .game(2, 2, 3, '1')
            .game(3, 3, 1, '1')
            .alone(1, 3, ResultCode::PairingBye)
            .alone(2, 1, ResultCode::PairingBye)
            .alone(3, 2, ResultCode::PairingBye)
            .build();
        let s = standings(&t, &TieBreak::ROUND_ROBIN).unwrap();
        let order: Vec<(u32, u32)> = s.iter().map(|x| (x.start, x.rank)).collect();
        assert_eq!(order, [(1, 1), (2, 2), (3, 2)]);
        assert_eq!(
            line(&s, 1).tiebreaks[1],
            (TieBreak::SonnebornBerger, Value(300))
        );
        assert_eq!(
            line(&s, 2).tiebreaks[1],
            (TieBreak::SonnebornBerger, Value(250))
        );
    }

    #[test]
    fn value_display() {
        assert_eq!(Value(1250).to_string(), "12.5");
        assert_eq!(Value(1225).to_string(), "12.25");
        assert_eq!(Value(300).to_string(), "3");
    }
}
