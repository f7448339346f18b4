//! Building tournaments in tests without writing fixed-column lines by hand.

use crate::tournament::{Colour, Entry, Player, ResultCode, Tournament};

/// A tournament under construction.
pub(crate) struct Builder {
    t: Tournament,
}

impl Builder {
    /// `players` players named P1…, `total` rounds (XXR).
    pub fn new(players: u32, total: u32) -> Builder {
        let mut t = Tournament {
            total_rounds: Some(total),
            initial_colour: Some(Colour::White),
            ..Tournament::default()
        };
        for s in 1..=players {
            t.players.push(Player::new(s, &format!("P{s}")));
        }
        Builder { t }
    }

    fn put(&mut self, round: usize, start: u32, e: Entry) {
        let p = &mut self.t.players[start as usize - 1];
        while p.rounds.len() < round {
            p.rounds.push(Entry::NOT_PAIRED);
        }
        p.rounds[round - 1] = e;
    }

    /// A game of `round` (1-based): `south` – `north`, the result as South's code
    /// (`1 = 0 + -`).
    pub fn game(mut self, round: usize, south: u32, north: u32, result: char) -> Builder {
        let own = ResultCode::from_char(result).expect("a result code");
        let other = match own {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            r => r,
        };
        self.put(
            round,
            south,
            Entry {
                opponent: Some(north),
                colour: Some(Colour::White),
                result: own,
            },
        );
        self.put(
            round,
            north,
            Entry {
                opponent: Some(south),
                colour: Some(Colour::Black),
                result: other,
            },
        );
        self
    }

    /// A round without an opponent (`U`, `H`, `Z`, …).
    pub fn alone(mut self, round: usize, start: u32, result: ResultCode) -> Builder {
        self.put(
            round,
            start,
            Entry {
                opponent: None,
                colour: None,
                result,
            },
        );
        self
    }

    /// The tournament, with each points column the sum of the results.
    pub fn build(mut self) -> Tournament {
        let points = self.t.points;
        for p in &mut self.t.players {
            p.points = p.rounds.iter().map(|e| points.points(e)).sum();
        }
        self.t
    }
}
