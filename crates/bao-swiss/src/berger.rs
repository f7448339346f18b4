//! Round-robin schedules by the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! With an odd number of players the highest number (n + 1) is the bye. Round r of n
//! players (n even): player n meets the player on the circle's first place, with black
//! in odd rounds and white in even ones; the other boards pair the circle's places k
//! and n − 1 − k, the first with white. The circle starts in round r at player
//! ((r − 1)·n/2 mod (n − 1)) + 1 and runs on by number. This gives the published
//! tables, e.g. for 4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
//!
//! A double round robin plays the table twice, the second cycle with colours reversed;
//! as the Annex recommends, the last two rounds of the first cycle are swapped so that
//! nobody plays the same colour three times running across the two cycles.

/// A game of a round-robin round: South (white) and North start numbers; North `None`
/// is the bye of an odd field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// South's start number.
    pub south: u32,
    /// North's start number, `None` for the bye.
    pub north: Option<u32>,
}

/// The most players a table is made for.
pub const MAX_PLAYERS: u32 = 1000;

/// Why no table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BergerError {
    /// Fewer than two players.
    #[error("a round robin needs at least 2 players, not {0}")]
    TooFew(u32),
    /// Too many players.
    #[error("a round robin of {0} players: at most {MAX_PLAYERS}")]
    TooMany(u32),
}

/// The rounds of a single (`cycles` = 1) or double (`cycles` = 2) round robin of
/// `players` players, board 1 first.
pub fn schedule(players: u32, cycles: u32) -> Result<Vec<Vec<Game>>, BergerError> {
    if players < 2 {
        return Err(BergerError::TooFew(players));
    }
    if players > MAX_PLAYERS {
        return Err(BergerError::TooMany(players));
    }
    let n = players + players % 2;
    let mut first: Vec<Vec<Game>> = (1..n).map(|r| round(n, r, players)).collect();
    if cycles < 2 {
        return Ok(first);
    }
    let second: Vec<Vec<Game>> = first
        .iter()
        .map(|games| {
            games
                .iter()
                .map(|g| match g.north {
                    Some(north) => Game {
                        south: north,
                        north: Some(g.south),
                    },
                    None => *g,
                })
                .collect()
        })
        .collect();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 1, len - 2);
    }
    first.extend(second);
    Ok(first)
}

/// Round `r` (1-based) of the table for `n` (even) places; place `n` is the bye when
/// only `players` = n − 1 play.
fn round(n: u32, r: u32, players: u32) -> Vec<Game> {
    let m = n - 1;
    let start = ((r - 1) * (n / 2)) % m;
    let circle: Vec<u32> = (0..m).map(|k| (start + k) % m + 1).collect();
    let mut games = Vec::with_capacity(n as usize / 2);
    let (south, north) = if r % 2 == 1 {
        (circle[0], n)
    } else {
        (n, circle[0])
    };
    games.push((south, north));
    for k in 1..(n / 2) as usize {
        games.push((circle[k], circle[m as usize - k]));
    }
    games
        .into_iter()
        .map(|(s, t)| {
            if s > players {
                Game {
                    south: t,
                    north: None,
                }
            } else if t > players {
                Game {
                    south: s,
                    north: None,
                }
            } else {
                Game {
                    south: s,
                    north: Some(t),
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn text(rounds: &[Vec<Game>]) -> Vec<String> {
        rounds
            .iter()
            .map(|games| {
                games
                    .iter()
                    .map(|g| format!("{}-{}", g.south, g.north.unwrap_or(0)))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn fide_tables_for_four_and_six() {
        assert_eq!(
            text(&schedule(4, 1).unwrap()),
            ["1-4 2-3", "4-3 1-2", "2-4 3-1"]
        );
        assert_eq!(
            text(&schedule(6, 1).unwrap()),
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
        // The FIDE table for 8 players, rounds 1, 2 and 7.
        let eight = text(&schedule(8, 1).unwrap());
        assert_eq!(eight[0], "1-8 2-7 3-6 4-5");
        assert_eq!(eight[1], "8-5 6-4 7-3 1-2");
        assert_eq!(eight[6], "4-8 5-3 6-2 7-1");
    }

    #[test]
    fn odd_field_has_one_bye_per_round() {
        let rounds = schedule(5, 1).unwrap();
        assert_eq!(text(&rounds)[0], "1-0 2-5 3-4");
        for games in &rounds {
            assert_eq!(games.iter().filter(|g| g.north.is_none()).count(), 1);
        }
    }

    fn meetings(rounds: &[Vec<Game>]) -> HashMap<(u32, u32), u32> {
        let mut met = HashMap::new();
        for g in rounds.iter().flatten() {
            if let Some(n) = g.north {
                *met.entry((g.south.min(n), g.south.max(n))).or_insert(0) += 1;
            }
        }
        met
    }

    #[test]
    fn every_pair_meets_once_or_twice_with_balanced_colours() {
        for players in 2..=13 {
            let single = schedule(players, 1).unwrap();
            let met = meetings(&single);
            assert_eq!(met.len() as u32, players * (players - 1) / 2);
            assert!(met.values().all(|&c| c == 1));
            let double = schedule(players, 2).unwrap();
            let met = meetings(&double);
            assert!(met.values().all(|&c| c == 2));
            for p in 1..=players {
                let mut colours = Vec::new();
                for games in &double {
                    for g in games {
                        if g.north.is_some() && g.south == p {
                            colours.push('S');
                        } else if g.north == Some(p) {
                            colours.push('N');
                        }
                    }
                }
                let joined: String = colours.iter().collect();
                assert!(
                    !joined.contains("SSS") && !joined.contains("NNN"),
                    "{players} players, player {p}: {joined}"
                );
                let south = colours.iter().filter(|&&c| c == 'S').count();
                assert_eq!(south * 2, colours.len(), "player {p} of {players}");
            }
        }
        // The second cycle is the table with the sides swapped.
        let double = text(&schedule(4, 2).unwrap());
        assert_eq!(
            double,
            ["1-4 2-3", "2-4 3-1", "4-3 1-2", "4-1 3-2", "3-4 2-1", "4-2 1-3"]
        );
    }
}
