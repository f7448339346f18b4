//! What the pairing needs to know of each player: the rounds played so far, the score,
//! the colour history and preference (Dutch system A.6), who may not meet again.
//!
//! Which rounds count as played follows bbpPairings and JaVaFo: the last round any
//! player took part in the pairing of (had an opponent or the pairing-allocated bye).
//! An entry after that which is not a pairing (`H`, `F`, `Z`, `0000 - -`) is an
//! announced absence in the round to pair: the player is left out of its pairing.

use crate::tournament::{Colour, Entry, Outcome, PointSystem, Tournament};

/// Why a tournament cannot be paired or checked as it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// Pairing needs the total number of rounds.
    #[error("no XXR line: the total number of rounds is needed to pair the next round")]
    NoTotalRounds,
    /// Every round is played.
    #[error("all {0} rounds (XXR) are played: there is no next round to pair")]
    Finished(usize),
    /// Too many players for the pairing engine.
    #[error("{players} players: the pairing engine takes at most {max}")]
    TooManyPlayers {
        /// Players in the file.
        players: usize,
        /// The limit.
        max: usize,
    },
}

/// One round of one player, as the pairing sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Round {
    /// The opponent's index (start number − 1).
    pub opponent: Option<usize>,
    /// The colour listed (of a played game, or of a forfeit when the file gives one).
    pub colour: Option<Colour>,
    /// Win, draw or loss as scored.
    pub outcome: Outcome,
    /// A game was played over the board.
    pub played: bool,
    /// The player was paired or given the pairing-allocated bye.
    pub participated: bool,
    /// Points scored (tenths).
    pub points: u32,
}

/// A player as the pairing sees him.
#[derive(Clone, Debug)]
pub(crate) struct PlayerState {
    /// Index = start number − 1.
    pub id: usize,
    /// Order among the players taking part in the tournament (0 = the first).
    pub rank: usize,
    /// Takes part in the tournament (not a player who never came).
    pub valid: bool,
    /// To be paired in the next round (no announced absence).
    pub to_pair: bool,
    /// Score after the played rounds (tenths).
    pub score: u32,
    /// The played rounds (and, for an announced absence, the next one).
    pub rounds: Vec<Round>,
    /// Players he may not meet (played opponents and `XXP` groups), sorted.
    pub forbidden: Vec<usize>,
    /// |games as white − games as black|.
    pub imbalance: u32,
    /// The colour of the last two played games when they were the same.
    pub repeated: Option<Colour>,
    /// The colour preference (A.6).
    pub preference: Option<Colour>,
    /// A strong (not absolute) preference.
    pub strong: bool,
}

impl PlayerState {
    /// An absolute colour preference (A.6.a): imbalance of two or more, or the same
    /// colour in the last two played games.
    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }

    /// The colour imbalance alone makes the preference absolute.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// The score `back` rounds ago.
    pub fn score_before(&self, played_rounds: usize, back: usize) -> u32 {
        let from = played_rounds.saturating_sub(back);
        self.score
            - self.rounds[from..played_rounds]
                .iter()
                .map(|r| r.points)
                .sum::<u32>()
    }

    /// May meet `other` (not met over the board, not in an `XXP` group).
    pub fn may_meet(&self, other: usize) -> bool {
        self.forbidden.binary_search(&other).is_err()
    }
}

/// The tournament as the pairing and the checks see it.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// All players by index (start number − 1).
    pub players: Vec<PlayerState>,
    /// Rounds played.
    pub played_rounds: usize,
    /// Rounds of the tournament.
    pub total_rounds: usize,
    /// The point system.
    pub points: PointSystem,
    /// The colour rank 1 had (or would have had) in round 1.
    pub initial_colour: Colour,
}

fn round_of(e: &Entry, points: &PointSystem) -> Round {
    Round {
        opponent: e.opponent.map(|o| o as usize - 1),
        colour: e.colour,
        outcome: e.result.outcome(),
        played: e.played(),
        participated: e.participated(),
        points: points.points(e),
    }
}

impl State {
    /// The state before pairing the next round (`pairing`: the file's last column may
    /// hold announced absences for it) or for checking the played rounds.
    pub fn new(t: &Tournament, pairing: bool) -> Result<State, StateError> {
        let n = t.players.len();
        let mut entries: Vec<Vec<Entry>> = vec![Vec::new(); n];
        for p in &t.players {
            entries[p.start as usize - 1] = p.rounds.clone();
        }
        // The rounds played: as bbpPairings counts them.
        let mut played = 0usize;
        for list in &entries {
            for (i, e) in list.iter().enumerate() {
                played = played.max(i);
                if e.participated() {
                    played = played.max(i + 1);
                }
            }
        }
        let forward = if pairing {
            n > 0 && entries.iter().all(|l| l.len() > played)
        } else {
            entries.iter().any(|l| l.len() > played)
        };
        if forward {
            played += 1;
        }
        let total = match (t.total_rounds, pairing) {
            (Some(r), _) => r as usize,
            (None, true) => return Err(StateError::NoTotalRounds),
            (None, false) => played,
        };
        if pairing && played >= total {
            return Err(StateError::Finished(total));
        }
        let mut players: Vec<PlayerState> = entries
            .iter()
            .enumerate()
            .map(|(id, list)| {
                let mut rounds: Vec<Round> = list.iter().map(|e| round_of(e, &t.points)).collect();
                while rounds.len() < played {
                    rounds.push(round_of(&Entry::NOT_PAIRED, &t.points));
                }
                let valid = rounds.len() <= played || rounds.iter().any(|r| r.participated);
                let score = rounds[..played].iter().map(|r| r.points).sum();
                PlayerState {
                    id,
                    rank: 0,
                    valid,
                    to_pair: valid && rounds.len() <= played,
                    score,
                    rounds,
                    forbidden: Vec::new(),
                    imbalance: 0,
                    repeated: None,
                    preference: None,
                    strong: false,
                }
            })
            .collect();
        for (rank, p) in players.iter_mut().filter(|p| p.valid).enumerate() {
            p.rank = rank;
            colour_data(p);
        }
        for group in &t.forbidden {
            for &a in group {
                for &b in group {
                    if a != b {
                        players[a as usize - 1].forbidden.push(b as usize - 1);
                    }
                }
            }
        }
        for p in players.iter_mut() {
            let met: Vec<usize> = p.rounds[..played.min(p.rounds.len())]
                .iter()
                .filter(|r| r.played)
                .filter_map(|r| r.opponent)
                .collect();
            p.forbidden.extend(met);
            p.forbidden.sort_unstable();
            p.forbidden.dedup();
        }
        let initial_colour = t
            .initial_colour
            .or_else(|| infer_first_colour(&players))
            .unwrap_or(Colour::White);
        Ok(State {
            players,
            played_rounds: played,
            total_rounds: total,
            points: t.points,
            initial_colour,
        })
    }

    /// A player is a topscorer (A.7) when pairing the last round: more than half the
    /// points possible so far.
    pub fn topscorer(&self, p: &PlayerState) -> bool {
        let best = self.points.win.max(self.points.draw);
        self.played_rounds + 1 >= self.total_rounds
            && p.score as u64 * 2 > self.played_rounds as u64 * best as u64
    }
}

/// Colour counts, repeated colour and preference (A.6) from the played games.
fn colour_data(p: &mut PlayerState) {
    let (mut white, mut black, mut consecutive) = (0u32, 0u32, 0u32);
    let mut repeated = None;
    for r in &p.rounds {
        if let (true, Some(c)) = (r.played, r.colour) {
            match c {
                Colour::White => white += 1,
                Colour::Black => black += 1,
            }
            if consecutive == 0 || Some(c) != repeated {
                consecutive = 1;
            } else {
                consecutive += 1;
            }
            repeated = Some(c);
        }
    }
    let lower = if white > black {
        Colour::Black
    } else {
        Colour::White
    };
    p.imbalance = white.abs_diff(black);
    p.preference = if p.imbalance > 1 {
        Some(lower)
    } else if consecutive > 1 {
        repeated.map(Colour::invert)
    } else if p.imbalance > 0 {
        Some(lower)
    } else if consecutive > 0 {
        repeated.map(Colour::invert)
    } else {
        None
    };
    p.repeated = if consecutive > 1 { repeated } else { None };
    p.strong = !p.absolute() && p.imbalance > 0;
}

/// The first-round colour of rank 1, inferred from the first round where colours were
/// given (as bbpPairings does): the colour of the highest player paired by then, or the
/// reverse of the next one's when rank parity differs.
fn infer_first_colour(players: &[PlayerState]) -> Option<Colour> {
    let first = players
        .iter()
        .filter(|p| p.valid)
        .filter_map(|p| p.rounds.iter().position(|r| r.colour.is_some()))
        .min()?;
    let mut k = 0usize;
    for p in players {
        if p.rounds.iter().take(first + 1).any(|r| r.participated) {
            if let Some(c) = p.rounds.get(first).and_then(|r| r.colour) {
                return Some(if k % 2 == 1 { c.invert() } else { c });
            }
            k += 1;
        }
    }
    None
}
