//! A tournament as the server keeps it: its settings (the body that creates one, checked),
//! its status, its players and its pairings with their games, and the result of a
//! pairing from its games. Pure code: no I/O.

use bao_rules::{GameKind, Side};
use serde::Deserialize;

use crate::clock::model::TimeControl;
use crate::games::model::GameResult;
use crate::http::error::clip;
use crate::i18n::Said;
use crate::refusal::Refusal;
use crate::t;

/// The longest tournament name, in characters.
pub const MAX_NAME: usize = 60;
/// The most players of a Swiss tournament.
pub const MAX_SWISS_PLAYERS: usize = 200;
/// The most rounds of any tournament (a round robin's number of players is bounded by it).
pub const MAX_ROUNDS: u32 = 30;
/// The most tournaments one account may have open or running (as their creator).
pub const MAX_OWN: usize = 5;
/// The most tournaments open or running on the server.
pub const MAX_ACTIVE: usize = 200;
/// How far ahead a start time may be: 60 days, in milliseconds.
pub const MAX_AHEAD_MS: i64 = 60 * 86_400_000;

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The FIDE Dutch system ([`bao_swiss::pair`]), round by round.
    Swiss,
    /// The Berger tables ([`bao_swiss::berger::schedule`]), single or double.
    RoundRobin,
}

impl Format {
    /// `swiss` or `round-robin`, as the API writes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round-robin",
        }
    }

    /// The format named `name`.
    pub fn parse(name: &str) -> Option<Format> {
        [Format::Swiss, Format::RoundRobin]
            .into_iter()
            .find(|f| f.name() == name)
    }

    /// The tie-breaks of the standings, in order.
    pub fn tiebreaks(self) -> &'static [bao_swiss::tiebreak::TieBreak] {
        match self {
            Format::Swiss => &bao_swiss::tiebreak::TieBreak::SWISS,
            Format::RoundRobin => &bao_swiss::tiebreak::TieBreak::ROUND_ROBIN,
        }
    }
}

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Players may join and leave; not started.
    Open,
    /// Started: rounds are paired and played.
    Running,
    /// Over (its last round played, no legal pairing, or cancelled at its start time).
    Finished,
}

impl Status {
    /// `open`, `running` or `finished`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }

    /// The status named `name`.
    pub fn parse(name: &str) -> Option<Status> {
        [Status::Open, Status::Running, Status::Finished]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// The body of `POST /api/tournaments`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentBody {
    /// The name shown (1 to [`MAX_NAME`] characters).
    pub name: String,
    /// `kiswahili` or `kingulu`.
    pub game: String,
    /// A rules profile of the game (its default when absent).
    #[serde(default)]
    pub rules: Option<String>,
    /// `swiss` or `round-robin`.
    pub format: String,
    /// Swiss: the number of rounds (1 to [`MAX_ROUNDS`]); a round robin has no such
    /// field (its rounds follow from the players).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Round robin: 1 (single, the default) or 2 (double: each pair meets twice).
    #[serde(default)]
    pub cycles: Option<u32>,
    /// Games per pairing: 1 (the default) or 2 (sides swapped).
    #[serde(default)]
    pub games_per_pairing: Option<u32>,
    /// Every game's clock.
    pub clock: TimeControl,
    /// Whether the games are rated.
    #[serde(default)]
    pub rated: bool,
    /// When the server starts it by itself (RFC 3339, e.g. `2026-05-01T18:00:00Z`);
    /// without it the creator starts it.
    #[serde(default)]
    pub starts_at: Option<String>,
}

impl crate::http::extract::Body for TournamentBody {
    const FIELDS: Option<&'static str> = Some(
        "\"name\", \"game\", \"format\", \"clock\" and optionally \"rules\", \"rounds\", \"cycles\", \"games_per_pairing\", \"rated\", \"starts_at\"",
    );

    fn expects(field: &str) -> Option<&'static str> {
        match field {
            "name" => Some("the tournament's name (a string)"),
            "format" => Some("\"swiss\" or \"round-robin\""),
            "rounds" => Some("a whole number of rounds, 1 to 30"),
            "cycles" => Some("1 (single round robin) or 2 (double)"),
            "games_per_pairing" => Some("1 or 2"),
            "rated" => Some("true or false"),
            "starts_at" => Some("a time such as \"2026-05-01T18:00:00Z\""),
            other => crate::http::error::field_expects_any(other),
        }
    }
}

/// The body of `join`, `leave` and `withdraw`: the player meant, when not the caller
/// (the creator enters engine accounts, withdraws players).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerBody {
    /// A player's name (`bao-3`).
    #[serde(default)]
    pub player: Option<String>,
}

impl crate::http::extract::Body for PlayerBody {
    const FIELDS: Option<&'static str> = Some("optionally \"player\"");

    fn expects(field: &str) -> Option<&'static str> {
        match field {
            "player" => Some("a player's name (a string), e.g. \"bao-3\""),
            other => crate::http::error::field_expects_any(other),
        }
    }
}

/// A tournament's settings, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Its name.
    pub name: String,
    /// The game.
    pub game: GameKind,
    /// The rules profile.
    pub rules: String,
    /// The format.
    pub format: Format,
    /// Round robin: 1 or 2 cycles; Swiss: 1.
    pub cycles: u32,
    /// Swiss: the rounds; round robin: `None` until the start.
    pub rounds: Option<u32>,
    /// 1 or 2.
    pub games_per_pairing: u32,
    /// The clock of every game.
    pub clock: TimeControl,
    /// Rated games.
    pub rated: bool,
    /// The start time as given and in Unix milliseconds.
    pub starts_at: Option<(String, i64)>,
}

/// Why the settings were refused: the model's refusal (in English, naming the field)
/// and, where a player filling the form can meet it, the sentence in the catalogue's
/// words for the other languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsRefusal {
    /// The refusal.
    pub refusal: Refusal,
    /// The catalogue's sentence, if it has one.
    pub said: Option<Said>,
}

impl SettingsRefusal {
    /// The English sentence.
    pub fn message(&self) -> &str {
        self.refusal.message()
    }
}

impl From<Refusal> for SettingsRefusal {
    fn from(refusal: Refusal) -> Self {
        SettingsRefusal {
            refusal,
            said: None,
        }
    }
}

impl From<SettingsRefusal> for crate::http::error::ApiError {
    fn from(r: SettingsRefusal) -> Self {
        let e = crate::http::error::ApiError::from(r.refusal);
        match r.said {
            Some(said) => e.said(said),
            None => e,
        }
    }
}

/// A 422 refusal with its sentence in the catalogue's words.
fn invalid(message: String, said: Said) -> SettingsRefusal {
    SettingsRefusal {
        refusal: Refusal::invalid(message),
        said: Some(said),
    }
}

impl TournamentBody {
    /// The settings this body asks for, checked (`now_ms`: the start time must be
    /// later, and at most [`MAX_AHEAD_MS`] ahead).
    ///
    /// # Errors
    /// 422 naming the field and what it takes.
    pub fn check(&self, now_ms: i64) -> Result<Settings, SettingsRefusal> {
        let name = self.name.trim();
        let chars = name.chars().count();
        if chars == 0 || chars > MAX_NAME {
            return Err(invalid(
                format!(
                    "name {}: a tournament's name has 1 to {MAX_NAME} characters",
                    clip(name)
                ),
                t!("api-t-name-length", max = MAX_NAME),
            ));
        }
        if name.chars().any(char::is_control) {
            return Err(Refusal::invalid(
                "name: a tournament's name has no control characters (tabs, line breaks)",
            )
            .into());
        }
        let (game, rules) =
            crate::lobby::model::check_rules(self.game.trim(), self.rules.as_deref())?;
        let format = Format::parse(self.format.trim()).ok_or_else(|| {
            Refusal::invalid(format!(
                "unknown format {}: expected \"swiss\" or \"round-robin\"",
                clip(&self.format)
            ))
        })?;
        let (rounds, cycles) = match format {
            Format::Swiss => {
                if self.cycles.is_some() {
                    return Err(Refusal::invalid(
                        "cycles: only a round robin has cycles; a Swiss tournament gives \"rounds\"",
                    )
                    .into());
                }
                let r = self.rounds.ok_or_else(|| {
                    invalid(
                        format!("rounds: a Swiss tournament needs its number of rounds (1 to {MAX_ROUNDS})"),
                        t!("api-t-rounds-range", max = MAX_ROUNDS),
                    )
                })?;
                if !(1..=MAX_ROUNDS).contains(&r) {
                    return Err(invalid(
                        format!("rounds {r} is out of range: 1 to {MAX_ROUNDS}"),
                        t!("api-t-rounds-range", max = MAX_ROUNDS),
                    ));
                }
                (Some(r), 1)
            }
            Format::RoundRobin => {
                if self.rounds.is_some() {
                    return Err(Refusal::invalid(
                        "rounds: a round robin's rounds follow from its players; give \"cycles\" (1 or 2) instead",
                    )
                    .into());
                }
                match self.cycles.unwrap_or(1) {
                    c @ 1..=2 => (None, c),
                    c => {
                        return Err(Refusal::invalid(format!(
                            "cycles {c}: a round robin has 1 cycle (single) or 2 (double)"
                        ))
                        .into())
                    }
                }
            }
        };
        let games_per_pairing = match self.games_per_pairing.unwrap_or(1) {
            g @ 1..=2 => g,
            g => {
                return Err(Refusal::invalid(format!(
                    "games_per_pairing {g}: a pairing plays 1 game, or 2 with the sides swapped"
                ))
                .into())
            }
        };
        let clock = self.clock.check()?;
        let starts_at = match self.starts_at.as_deref().map(str::trim) {
            None => None,
            Some(text) => {
                let ms = parse_time(text).ok_or_else(|| {
                    Refusal::invalid(format!(
                        "starts_at {}: expected a time such as \"2026-05-01T18:00:00Z\" (RFC 3339)",
                        clip(text)
                    ))
                })?;
                if ms <= now_ms {
                    return Err(invalid(
                        format!("starts_at {text} has passed: give a later time, or leave it out and start the tournament yourself"),
                        t!("api-t-starts-passed", when = text),
                    ));
                }
                if ms - now_ms > MAX_AHEAD_MS {
                    return Err(invalid(
                        format!("starts_at {text} is more than 60 days ahead"),
                        t!("api-t-starts-far", when = text),
                    ));
                }
                Some((text.to_string(), ms))
            }
        };
        Ok(Settings {
            name: name.to_string(),
            game,
            rules,
            format,
            cycles,
            rounds,
            games_per_pairing,
            clock,
            rated: self.rated,
            starts_at,
        })
    }
}

/// The rounds of a round robin of `players` players in `cycles` cycles (Berger: an odd
/// field plays as one more, the bye).
pub fn round_robin_rounds(players: usize, cycles: u32) -> u32 {
    let n = (players + players % 2) as u32;
    cycles * n.saturating_sub(1)
}

/// The most players a tournament of `format` (and `cycles`) takes.
pub fn max_players(format: Format, cycles: u32) -> usize {
    match format {
        Format::Swiss => MAX_SWISS_PLAYERS,
        Format::RoundRobin => (2..=MAX_SWISS_PLAYERS)
            .take_while(|&n| round_robin_rounds(n, cycles) <= MAX_ROUNDS)
            .last()
            .unwrap_or(2),
    }
}

/// The most rounds a Swiss of `players` players can have with no repeated opponent:
/// one fewer than the players, or as many with an odd field (each has a bye once).
pub fn swiss_rounds_possible(players: usize) -> u32 {
    if players % 2 == 1 {
        players as u32
    } else {
        players.saturating_sub(1) as u32
    }
}

/// A time in RFC 3339 (`2026-05-01T18:00:00Z`, with fractions of a second or an offset
/// such as `+03:00`) in Unix milliseconds.
pub fn parse_time(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    let num = |from: usize, to: usize| -> Option<i64> {
        let s = text.get(from..to)?;
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())?
    };
    let (year, month, day) = (num(0, 4)?, num(5, 7)?, num(8, 10)?);
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    let (hour, minute, second) = (num(11, 13)?, num(14, 16)?, num(17, 19)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 {
        return None;
    }
    if second > 60 {
        return None;
    }
    let mut rest = &text[19..];
    let mut millis = 0;
    if let Some(frac) = rest.strip_prefix('.') {
        let digits = frac.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 9 {
            return None;
        }
        let ms: String = frac[..digits]
            .chars()
            .chain("000".chars())
            .take(3)
            .collect();
        millis = ms.parse::<i64>().ok()?;
        rest = &frac[digits..];
    }
    let offset_min = match rest {
        "Z" | "z" => 0,
        o if o.len() == 6 && (o.starts_with('+') || o.starts_with('-')) && &o[3..4] == ":" => {
            let h: i64 = o[1..3].parse().ok()?;
            let m: i64 = o[4..6].parse().ok()?;
            if h > 23 || m > 59 {
                return None;
            }
            let v = h * 60 + m;
            if o.starts_with('-') {
                -v
            } else {
                v
            }
        }
        _ => return None,
    };
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days * 86_400 + hour * 3600 + minute * 60 + second - offset_min * 60;
    Some(secs * 1000 + millis)
}

/// A stored tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// Its id.
    pub id: String,
    /// Its settings.
    pub settings: Settings,
    /// The creator's account and name.
    pub creator: (i64, String),
    /// Where it is.
    pub status: Status,
    /// The round paired last (0 before the start).
    pub round: u32,
    /// Counts its changes: a change is written only over the version it was read at.
    pub version: i64,
    /// The lot drawn at the start: start number 1's side in round 1.
    pub first_colour: Option<bao_swiss::Colour>,
    /// Why it ended before its last round, if it did.
    pub note: Option<String>,
    /// When it was created (RFC 3339).
    pub created: String,
    /// When it finished (RFC 3339).
    pub finished: Option<String>,
}

impl Tournament {
    /// The total number of rounds, once known (Swiss: from the start; round robin: at
    /// the start).
    pub fn rounds(&self) -> Option<u32> {
        self.settings.rounds
    }
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// His account.
    pub account: i64,
    /// His name.
    pub name: String,
    /// An engine account's level.
    pub engine: Option<u8>,
    /// When he joined (RFC 3339).
    pub joined: String,
    /// His start number (from the start).
    pub start: Option<u32>,
    /// His rating: at the start once started, else his rating in the game's pool now.
    pub rating: f64,
    /// Withdrawn after this round (paired in no later round).
    pub withdrawn: Option<u32>,
}

/// One game of a pairing, as far as the tournament needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOf {
    /// The game's id.
    pub id: String,
    /// 1, or 2 (the sides swapped).
    pub seq: u32,
    /// Its result, once over.
    pub result: Option<GameResult>,
    /// Aborted (it cannot be in a tournament; counted as lost by both).
    pub aborted: bool,
    /// Moves played.
    pub plies: usize,
}

impl GameOf {
    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.result.is_some() || self.aborted
    }
}

/// A pairing of a round.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    /// The round (1 = the first).
    pub round: u32,
    /// The board (1 = the first).
    pub board: u32,
    /// South's start number (South of the first game).
    pub south: u32,
    /// North's start number; `None`: the bye.
    pub north: Option<u32>,
    /// The result stored for a pairing without games (`bye`, `+-`, `-+`, `--`).
    pub stored: Option<String>,
    /// Its games, by `seq`.
    pub games: Vec<GameOf>,
}

/// The TRF result code of each player of a finished pairing, and the games' points
/// (in half points) of each; `None` while a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairingResult {
    /// South's code.
    pub south: bao_swiss::ResultCode,
    /// North's code (`None` for the bye).
    pub north: Option<bao_swiss::ResultCode>,
    /// The games' points in half points `[south, north]`.
    pub halves: [u32; 2],
}

impl Pairing {
    /// Whether the player with start number `start` plays in it.
    pub fn has(&self, start: u32) -> bool {
        self.south == start || self.north == Some(start)
    }

    /// The result once every game is over. `format` says what the bye is worth (a
    /// Swiss pairing-allocated bye is a win, a round robin's bye nothing); `first` is
    /// the side that moves first in the game's rules: a game lost by a side that made
    /// no move is lost by forfeit (it does not count as played).
    pub fn result(&self, format: Format, first: Side) -> Option<PairingResult> {
        use bao_swiss::ResultCode as C;
        if self.north.is_none() {
            let code = match format {
                Format::Swiss => C::PairingBye,
                Format::RoundRobin => C::ZeroBye,
            };
            let halves = if format == Format::Swiss {
                [2, 0]
            } else {
                [0, 0]
            };
            return Some(PairingResult {
                south: code,
                north: None,
                halves,
            });
        }
        match self.stored.as_deref() {
            Some("+-") => return Some(forfeit(C::ForfeitWin, C::ForfeitLoss)),
            Some("-+") => return Some(forfeit(C::ForfeitLoss, C::ForfeitWin)),
            Some("--") => return Some(forfeit(C::ForfeitLoss, C::ForfeitLoss)),
            _ => {}
        }
        if self.games.is_empty() || !self.games.iter().all(GameOf::over) {
            return None;
        }
        // Per player [south, north] of the pairing: half points; and the games lost
        // by a side that made no move (or aborted).
        let mut halves = [0u32; 2];
        let mut unplayed = 0;
        for g in &self.games {
            // Seq 1: the pairing's South plays South; seq 2: the sides swapped.
            let player_of = |side: Side| (side.index() + g.seq as usize + 1) % 2;
            match (g.aborted, g.result) {
                (true, _) => unplayed += 1,
                (false, Some(GameResult::Draw)) => {
                    halves[0] += 1;
                    halves[1] += 1;
                }
                (false, Some(GameResult::Win(winner))) => {
                    halves[player_of(winner)] += 2;
                    let loser_moves_at = if winner.opponent() == first { 1 } else { 2 };
                    if g.plies < loser_moves_at {
                        unplayed += 1;
                    }
                }
                (false, None) => return None,
            }
        }
        let all_unplayed = unplayed == self.games.len();
        let (south, north) = if all_unplayed {
            match halves[0].cmp(&halves[1]) {
                std::cmp::Ordering::Greater => (C::ForfeitWin, C::ForfeitLoss),
                std::cmp::Ordering::Less => (C::ForfeitLoss, C::ForfeitWin),
                std::cmp::Ordering::Equal => (C::ForfeitLoss, C::ForfeitLoss),
            }
        } else {
            match halves[0].cmp(&halves[1]) {
                std::cmp::Ordering::Greater => (C::Win, C::Loss),
                std::cmp::Ordering::Less => (C::Loss, C::Win),
                std::cmp::Ordering::Equal => (C::Draw, C::Draw),
            }
        };
        Some(PairingResult {
            south,
            north: Some(north),
            halves,
        })
    }
}

fn forfeit(south: bao_swiss::ResultCode, north: bao_swiss::ResultCode) -> PairingResult {
    use bao_swiss::ResultCode as C;
    let h = |c| if c == C::ForfeitWin { 2 } else { 0 };
    PairingResult {
        south,
        north: Some(north),
        halves: [h(south), h(north)],
    }
}

impl PairingResult {
    /// The pairing's result in the API's words: `1-0`, `0-1`, `½-½`, a forfeit `+-`,
    /// `-+`, `--`, or `bye`.
    pub fn text(&self) -> &'static str {
        use bao_swiss::ResultCode as C;
        match (self.south, self.north) {
            (_, None) => "bye",
            (C::ForfeitWin, _) => "+-",
            (C::ForfeitLoss, Some(C::ForfeitWin)) => "-+",
            (C::ForfeitLoss, _) => "--",
            (C::Win, _) => "1-0",
            (C::Loss, _) => "0-1",
            _ => "½-½",
        }
    }

    /// The games' score, `1½-½`, `1-1`, `1-0` (for one game the same as the result).
    pub fn score(&self) -> String {
        let half = |h: u32| match (h / 2, h % 2) {
            (0, 1) => "½".to_string(),
            (w, 1) => format!("{w}½"),
            (w, _) => w.to_string(),
        };
        format!("{}-{}", half(self.halves[0]), half(self.halves[1]))
    }
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
