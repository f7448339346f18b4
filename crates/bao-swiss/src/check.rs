//! Checking the played rounds of a tournament against the Dutch system's absolute
//! criteria (C.04.3 C.1–C.3; [C1]–[C3] in 2025) and the one-bye-per-round rule
//! (C.04.1 c), naming each violation with its round, players and criterion.
//!
//! The editions differ in C.2: under the 2017 rules a player who won by forfeit may not
//! receive the pairing-allocated bye; under the 2025 rules, one who scored a win's
//! points in a round without playing (a forfeit win, a full-point bye).
//!
//! Colours (C.3) are checked by their outcome, as the arbiter sees it: after a round, no
//! player may have a colour difference beyond ±2 nor the same colour in three played
//! games running, unless it is the last round and he or his opponent is a topscorer
//! (more than half the points possible before it). Only a round that makes the
//! difference worse, or completes the third game, is named.

use crate::edition::Edition;
use crate::history::{State, StateError};
use crate::tournament::{Colour, Outcome, Tournament};
use std::fmt;

/// Which rule a round broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Criterion {
    /// C.1: two players met again; the round they met first.
    Rematch {
        /// The earlier round.
        first: usize,
    },
    /// C.2: a second pairing-allocated bye; the round of the first.
    SecondBye {
        /// The round of the first bye.
        first: usize,
    },
    /// C.2: a pairing-allocated bye after a win by forfeit in that round.
    ByeAfterForfeitWin {
        /// The round of the forfeit win.
        forfeit: usize,
    },
    /// C2 (2025): a pairing-allocated bye after a win's points scored without playing
    /// (other than by forfeit: a full-point bye) in that round.
    ByeAfterPointsWithoutPlaying {
        /// The round of those points.
        round: usize,
    },
    /// C.04.1 c: more than one pairing-allocated bye in a round.
    ManyByes,
    /// C.3: a colour difference beyond ±2 (South − North games).
    ColourDifference {
        /// The difference after the round.
        difference: i32,
    },
    /// C.3: the same colour in three played games running.
    SameColourThrice {
        /// The colour.
        colour: Colour,
    },
}

/// A round that broke a rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    /// The round, 1 = the first.
    pub round: usize,
    /// The players concerned (start numbers).
    pub players: Vec<u32>,
    /// The rule.
    pub criterion: Criterion,
}

fn side(c: Colour) -> &'static str {
    match c {
        Colour::White => "South",
        Colour::Black => "North",
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.players.iter().map(|p| p.to_string()).collect();
        let who = if self.players.len() == 1 {
            format!("player {}", names[0])
        } else {
            format!("players {}", names.join(" and "))
        };
        write!(f, "round {}: {who} ", self.round)?;
        match self.criterion {
            Criterion::Rematch { first } => {
                write!(f, "met again (first in round {first}): C.1 no rematch")
            }
            Criterion::SecondBye { first } => write!(
                f,
                "received a second pairing-allocated bye (the first in round {first}): C.2"
            ),
            Criterion::ByeAfterForfeitWin { forfeit } => write!(
                f,
                "received the pairing-allocated bye after a win by forfeit in round {forfeit}: C.2"
            ),
            Criterion::ByeAfterPointsWithoutPlaying { round } => write!(
                f,
                "received the pairing-allocated bye after scoring a win's points without playing in round {round}: C.2 (2025)"
            ),
            Criterion::ManyByes => write!(
                f,
                "all received a pairing-allocated bye: one per round at most (C.04.1 c)"
            ),
            Criterion::ColourDifference { difference } => write!(
                f,
                "has a colour difference of {difference:+} (South − North): C.3"
            ),
            Criterion::SameColourThrice { colour } => {
                write!(f, "has {} three games running: C.3", side(colour))
            }
        }
    }
}

/// Every violation in the played rounds, by round, then players, by the edition the
/// file names ([`Tournament::edition`]), by default the rules in force (2025).
pub fn check(t: &Tournament) -> Result<Vec<Violation>, StateError> {
    check_with_edition(t, t.edition.unwrap_or_default())
}

/// Every violation in the played rounds by the rules of `edition`.
pub fn check_with_edition(t: &Tournament, edition: Edition) -> Result<Vec<Violation>, StateError> {
    let state = State::new(t, false)?;
    let players = &state.players;
    let mut out = Vec::new();
    let best = state.points.win.max(state.points.draw) as u64;
    let win = state.points.win;
    for r in 0..state.played_rounds {
        let round = r + 1;
        let mut byes = Vec::new();
        for p in players {
            let Some(this) = p.rounds.get(r) else {
                continue;
            };
            let start = p.id as u32 + 1;
            if this.played {
                let o = this.opponent.unwrap_or(p.id);
                if p.id < o {
                    let earlier = p.rounds[..r]
                        .iter()
                        .position(|x| x.played && x.opponent == Some(o));
                    if let Some(first) = earlier {
                        out.push(Violation {
                            round,
                            players: vec![start, o as u32 + 1],
                            criterion: Criterion::Rematch { first: first + 1 },
                        });
                    }
                }
            } else if this.participated && this.opponent.is_none() {
                byes.push(start);
                let earlier = &p.rounds[..r];
                if let Some(first) = earlier
                    .iter()
                    .position(|x| x.participated && x.opponent.is_none())
                {
                    out.push(Violation {
                        round,
                        players: vec![start],
                        criterion: Criterion::SecondBye { first: first + 1 },
                    });
                } else if let Some(before) = earlier.iter().position(|x| {
                    !x.played && x.opponent.is_some_and(|_| x.outcome == Outcome::Win)
                        || (edition == Edition::Dutch2025 && !x.played && x.points >= win)
                }) {
                    let criterion = if earlier[before].opponent.is_some() {
                        Criterion::ByeAfterForfeitWin {
                            forfeit: before + 1,
                        }
                    } else {
                        Criterion::ByeAfterPointsWithoutPlaying { round: before + 1 }
                    };
                    out.push(Violation {
                        round,
                        players: vec![start],
                        criterion,
                    });
                }
            }
        }
        if byes.len() > 1 {
            out.push(Violation {
                round,
                players: byes,
                criterion: Criterion::ManyByes,
            });
        }
        // Colours after the round.
        let topscorer = |id: usize| {
            let score_before: u32 = players[id].rounds[..r].iter().map(|x| x.points).sum();
            score_before as u64 * 2 > r as u64 * best
        };
        for p in players {
            let Some(this) = p.rounds.get(r).filter(|x| x.played) else {
                continue;
            };
            let Some(colour) = this.colour else { continue };
            let o = this.opponent.unwrap_or(p.id);
            if round == state.total_rounds && (topscorer(p.id) || topscorer(o)) {
                continue;
            }
            let colours: Vec<Colour> = p.rounds[..=r]
                .iter()
                .filter(|x| x.played)
                .filter_map(|x| x.colour)
                .collect();
            let diff = |cs: &[Colour]| -> i32 {
                cs.iter()
                    .map(|c| if *c == Colour::White { 1 } else { -1 })
                    .sum()
            };
            let after = diff(&colours);
            let before = diff(&colours[..colours.len() - 1]);
            let start = p.id as u32 + 1;
            if after.abs() > 2 && after.abs() > before.abs() {
                out.push(Violation {
                    round,
                    players: vec![start],
                    criterion: Criterion::ColourDifference { difference: after },
                });
            }
            if colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|c| *c == colour) {
                out.push(Violation {
                    round,
                    players: vec![start],
                    criterion: Criterion::SameColourThrice { colour },
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Builder;
    use crate::tournament::ResultCode;

    #[test]
    fn a_rematch_is_named() {
        let t = Builder::new(4, 3)
            .game(1, 1, 2, '1')
            .game(1, 3, 4, '=')
            .game(2, 2, 1, '0')
            .game(2, 4, 3, '1')
            .build();
        let v = check(&t).unwrap();
        assert_eq!(
            v.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
            [
                "round 2: players 1 and 2 met again (first in round 1): C.1 no rematch",
                "round 2: players 3 and 4 met again (first in round 1): C.1 no rematch",
            ]
        );
    }

    #[test]
    fn a_second_bye_and_a_bye_after_a_forfeit_win_are_named() {
        let t = Builder::new(3, 3)
            .alone(1, 1, ResultCode::PairingBye)
            .game(1, 2, 3, '+')
            .alone(2, 1, ResultCode::PairingBye)
            .game(2, 3, 2, '1')
            .alone(3, 2, ResultCode::PairingBye)
            .game(3, 1, 3, '1')
            .build();
        let v = check(&t).unwrap();
        assert_eq!(
            v,
            [
                Violation {
                    round: 2,
                    players: vec![1],
                    criterion: Criterion::SecondBye { first: 1 }
                },
                Violation {
                    round: 3,
                    players: vec![2],
                    criterion: Criterion::ByeAfterForfeitWin { forfeit: 1 }
                },
            ]
        );
        assert_eq!(
            v[0].to_string(),
            "round 2: player 1 received a second pairing-allocated bye (the first in round 1): C.2"
        );
    }

    #[test]
    fn a_bye_after_a_full_point_bye_breaks_only_the_2025_rules() {
        // P1 takes a full-point bye in round 1, then the pairing-allocated bye in round 2.
        let t = Builder::new(5, 3)
            .alone(1, 1, ResultCode::FullBye)
            .game(1, 2, 3, '1')
            .game(1, 4, 5, '1')
            .alone(2, 1, ResultCode::PairingBye)
            .game(2, 4, 2, '=')
            .game(2, 3, 5, '=')
            .build();
        assert_eq!(check_with_edition(&t, Edition::Dutch2017).unwrap(), []);
        let v = check_with_edition(&t, Edition::Dutch2025).unwrap();
        assert_eq!(
            v,
            [Violation {
                round: 2,
                players: vec![1],
                criterion: Criterion::ByeAfterPointsWithoutPlaying { round: 1 }
            }]
        );
        assert_eq!(check(&t).unwrap(), v, "2025 by default");
        assert_eq!(
            v[0].to_string(),
            "round 2: player 1 received the pairing-allocated bye after scoring a win's points without playing in round 1: C.2 (2025)"
        );
        // A half-point bye is not a win's points.
        let half = Builder::new(5, 3)
            .alone(1, 1, ResultCode::HalfBye)
            .game(1, 2, 3, '1')
            .game(1, 4, 5, '1')
            .alone(2, 1, ResultCode::PairingBye)
            .game(2, 4, 2, '=')
            .game(2, 3, 5, '=')
            .build();
        assert_eq!(check(&half).unwrap(), []);
    }

    #[test]
    fn colours_three_running_except_topscorers_in_the_last_round() {
        // P1 is South three times running in rounds 1–3 of 4: a violation.
        let base = Builder::new(4, 4)
            .game(1, 1, 2, '1')
            .game(1, 3, 4, '1')
            .game(2, 1, 3, '1')
            .game(2, 4, 2, '1')
            .game(3, 1, 4, '0');
        let v = check(&base.build()).unwrap();
        assert_eq!(
            v.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
            [
                "round 3: player 1 has a colour difference of +3 (South − North): C.3",
                "round 3: player 1 has South three games running: C.3"
            ]
        );
        // In the last round (3 of 3) P1 is a topscorer (2 of 2): allowed.
        let last = Builder::new(4, 3)
            .game(1, 1, 2, '1')
            .game(1, 3, 4, '1')
            .game(2, 1, 3, '1')
            .game(2, 4, 2, '1')
            .game(3, 1, 4, '0')
            .build();
        assert_eq!(check(&last).unwrap(), []);
        // A difference of +3 without three running: South, North, South, South, North,
        // South, South.
        let diff = Builder::new(8, 8)
            .game(1, 1, 2, '0')
            .game(2, 3, 1, '0')
            .game(3, 1, 4, '0')
            .game(4, 1, 5, '0')
            .game(5, 6, 1, '0')
            .game(6, 1, 7, '0')
            .game(7, 1, 8, '0')
            .build();
        let v = check(&diff).unwrap();
        assert_eq!(
            v,
            [Violation {
                round: 7,
                players: vec![1],
                criterion: Criterion::ColourDifference { difference: 3 }
            }]
        );
    }
}
