//! The tournament as a TRF-16 file holds it: players with their round-by-round entries,
//! the total number of rounds, the first round's colour rule and the point system.
//!
//! Colours are the chess names of the TRF format: "white" is South (South moves first),
//! "black" is North.

use std::fmt;

/// A side in a pairing: `White` is South (moves first in Bao), `Black` is North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// South, the side that moves first ("w" in TRF).
    White,
    /// North ("b" in TRF).
    Black,
}

impl Colour {
    /// The other colour.
    pub fn invert(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// What a round's entry says happened, by its TRF-16 result code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1`: won a played game.
    Win,
    /// `=`: drew a played game.
    Draw,
    /// `0`: lost a played game.
    Loss,
    /// `+`: won by forfeit (with an opponent), or the old notation of a pairing-allocated
    /// bye (`0000 - +`).
    ForfeitWin,
    /// `-`: lost by forfeit (with an opponent), or absent without points (`0000 - -`).
    ForfeitLoss,
    /// `W`: won a game that counts for the tournament but not for rating.
    UnratedWin,
    /// `D`: drew an unrated game.
    UnratedDraw,
    /// `L`: lost an unrated game.
    UnratedLoss,
    /// `H`: half-point bye (requested, not paired).
    HalfBye,
    /// `F`: full-point bye (not paired).
    FullBye,
    /// `U`: pairing-allocated bye.
    PairingBye,
    /// `Z`: zero-point bye (not paired).
    ZeroBye,
    /// A blank result: not paired in this round.
    NotPaired,
}

impl ResultCode {
    /// The result from its TRF character (upper or lower case), or `None`.
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' => ResultCode::UnratedWin,
            'D' => ResultCode::UnratedDraw,
            'L' => ResultCode::UnratedLoss,
            'H' => ResultCode::HalfBye,
            'F' => ResultCode::FullBye,
            'U' => ResultCode::PairingBye,
            'Z' => ResultCode::ZeroBye,
            ' ' => ResultCode::NotPaired,
            _ => return None,
        })
    }

    /// The TRF character.
    pub fn to_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::HalfBye => 'H',
            ResultCode::FullBye => 'F',
            ResultCode::PairingBye => 'U',
            ResultCode::ZeroBye => 'Z',
            ResultCode::NotPaired => ' ',
        }
    }

    /// Whether the entry scores as a win, a draw or a loss.
    pub fn outcome(self) -> Outcome {
        match self {
            ResultCode::Win
            | ResultCode::ForfeitWin
            | ResultCode::UnratedWin
            | ResultCode::FullBye
            | ResultCode::PairingBye => Outcome::Win,
            ResultCode::Draw | ResultCode::UnratedDraw | ResultCode::HalfBye => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }

    /// Whether the code says a game was played over the board (`1 = 0 W D L`).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }
}

/// Win, draw or loss, as scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Scored as a win.
    Win,
    /// Scored as a draw.
    Draw,
    /// Scored as a loss (no points, or the loss points).
    Loss,
}

/// One round of one player: `opp col res` in the TRF line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The opponent's start number, if any (`0000` and blanks are none).
    pub opponent: Option<u32>,
    /// The colour, if any (`w`, `b`; `-` and blank are none).
    pub colour: Option<Colour>,
    /// The result code.
    pub result: ResultCode,
}

impl Entry {
    /// A blank entry: not paired.
    pub const NOT_PAIRED: Entry = Entry {
        opponent: None,
        colour: None,
        result: ResultCode::NotPaired,
    };

    /// A game was played over the board.
    pub fn played(&self) -> bool {
        self.opponent.is_some() && self.result.is_played()
    }

    /// The player took part in the pairing of the round: he had an opponent (played or
    /// forfeited) or received the pairing-allocated bye.
    pub fn participated(&self) -> bool {
        self.opponent.is_some()
            || matches!(self.result, ResultCode::PairingBye | ResultCode::ForfeitWin)
    }

    /// The entry is a pairing-allocated bye (`U`, or the older `0000 - +`).
    pub fn is_pairing_bye(&self) -> bool {
        self.opponent.is_none()
            && matches!(self.result, ResultCode::PairingBye | ResultCode::ForfeitWin)
    }
}

/// Points awarded, in tenths of a point (TRF scores have one decimal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointSystem {
    /// A win (`BBW`, default 1.0).
    pub win: u32,
    /// A draw (`BBD`, default 0.5).
    pub draw: u32,
    /// A played loss (`BBL`, default 0.0).
    pub loss: u32,
    /// A zero-point bye or an absence (`BBZ`, default 0.0).
    pub zero_bye: u32,
    /// A forfeit loss (`BBF`, default 0.0).
    pub forfeit_loss: u32,
    /// A pairing-allocated bye (`BBU`, default: as a win).
    pub pairing_bye: u32,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            zero_bye: 0,
            forfeit_loss: 0,
            pairing_bye: 10,
        }
    }
}

impl PointSystem {
    /// The points (tenths) an entry is worth.
    pub fn points(&self, entry: &Entry) -> u32 {
        match entry.result.outcome() {
            Outcome::Loss => {
                if !entry.participated() {
                    self.zero_bye
                } else if entry.played() {
                    self.loss
                } else {
                    self.forfeit_loss
                }
            }
            Outcome::Win => {
                if entry.is_pairing_bye() {
                    self.pairing_bye
                } else {
                    self.win
                }
            }
            Outcome::Draw => self.draw,
        }
    }
}

/// One `001` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The start (pairing) number, 1 and up.
    pub start: u32,
    /// The sex column (`m`, `w` or blank).
    pub sex: String,
    /// The title column (`GM`, …), trimmed.
    pub title: String,
    /// The name, trimmed.
    pub name: String,
    /// The rating, 0 if none.
    pub rating: u32,
    /// The federation, trimmed.
    pub federation: String,
    /// The FIDE identifier, trimmed.
    pub fide_id: String,
    /// The birth date, trimmed.
    pub birth: String,
    /// The points column, in tenths.
    pub points: u32,
    /// The rank column, if any.
    pub rank: Option<u32>,
    /// The rounds, first round first; trailing blank rounds are not kept.
    pub rounds: Vec<Entry>,
}

impl Player {
    /// A player with a start number and a name and nothing else.
    pub fn new(start: u32, name: &str) -> Player {
        Player {
            start,
            sex: String::new(),
            title: String::new(),
            name: name.to_string(),
            rating: 0,
            federation: String::new(),
            fide_id: String::new(),
            birth: String::new(),
            points: 0,
            rank: None,
            rounds: Vec::new(),
        }
    }

    /// The entry of round `round` (1 = the first), blank if none.
    pub fn entry(&self, round: usize) -> Entry {
        round
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
            .copied()
            .unwrap_or(Entry::NOT_PAIRED)
    }
}

/// A tournament report: the players and the lines the pairing needs.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Tournament {
    /// Lines this crate does not interpret (`012` name, `022` city, …), kept in order
    /// with their line text, and written back first.
    pub other_lines: Vec<String>,
    /// The players, in the file's order.
    pub players: Vec<Player>,
    /// `XXR`: the total number of rounds.
    pub total_rounds: Option<u32>,
    /// `XXC white1`/`black1`: the colour of the first player (start number 1, or the
    /// first one paired) in round 1.
    pub initial_colour: Option<Colour>,
    /// `XXP`: groups of players who must not be paired together.
    pub forbidden: Vec<Vec<u32>>,
    /// Points (`BBW`, `BBD`, … lines; standard 1, ½, 0 without them).
    pub points: PointSystem,
    /// Which `BB?` lines the file had (so that writing it back keeps them): W D L Z F U.
    pub point_lines: [bool; 6],
    /// The edition of the Dutch rules the file names (TRF-2026 line `192`:
    /// `FIDE_DUTCH_2025`, `FIDE_DUTCH_2017`); `None`: not named, the default (2025)
    /// pairs it.
    pub edition: Option<crate::edition::Edition>,
}

impl Tournament {
    /// The player with this start number.
    pub fn player(&self, start: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.start == start)
    }

    /// The number of rounds with at least one entry.
    pub fn rounds_in_file(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }
}

/// A point value in tenths as the TRF writes it: `4.5`, `10.0`.
pub struct Points(pub u32);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{}.{}", self.0 / 10, self.0 % 10);
        f.pad(&text)
    }
}
