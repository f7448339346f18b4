//! One game in the server: a [`GameLine`] (the one place its positions, moves and result
//! live), the computer's level, the seats that may move its sides, and its dates.
//!
//! [`WebGame`] is generic over the game; the server keeps games as `Box<dyn LiveGame>` so
//! that one cache holds games of both kinds. A game is rebuilt from its stored record
//! ([`crate::games::repo::GameRow`]) after a restart, so everything here is either in the
//! record or in the row's metadata.

use bao_rules::{GameKind, Side};

use super::repo::GameRow;
use super::view::{AtJson, MoveJson, PlayedJson, StateJson};
use crate::clock::model::{Clock, Due};
use crate::refusal::Refusal;

pub use super::bodies::{Kind, LoadGame, NewGame};
pub use super::engine::{oracle_of, Found, OracleRun, SearchJob, SearchRun, StopSlot};
pub use super::game::{check_level, new_lobby_game, WebGame};

/// The longest the computer may think for one move or hint, in milliseconds, whatever
/// the level says.
pub const THINK_CAP_MS: u64 = 10_000;

/// The solver's time budget of `GET .../oracle`, in milliseconds (all moves together).
pub const ORACLE_MS: u64 = 2_000;

/// The computer's level when a request gives none (the same as `bao play`'s default).
pub const DEFAULT_LEVEL: u8 = 5;

/// The most laps one move may take under rules from a client (a lap cap of the
/// `non-terminating` option, see [`bao_rules::line::check_work`]): the limit of every
/// front end, [`bao_rules::record::load::MAX_LAPS`].
pub const MAX_LAPS: u64 = bao_rules::record::load::MAX_LAPS;

/// The highest OPT-MAX-PLIES a client may ask for (K-R12.4).
pub const MAX_PLIES: u32 = 10_000;

/// The most moves a loaded record may hold.
pub const MAX_RECORD_MOVES: usize = 10_000;

/// The longest move text read (longer texts are refused before parsing).
pub const MAX_MOVE_TEXT: usize = 32;

/// What the server keeps about a game besides its line: id, level, seats, dates.
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    /// The game id (random, see [`crate::ids`]).
    pub id: String,
    /// The computer's level 1..=10.
    pub level: u8,
    /// The creator's seat token: moves every human side not given to an invite.
    pub seat: String,
    /// The invited seat of South and North, if any (`POST .../invite`); in a lobby game
    /// each account's side has one, which its signed-in player uses without knowing it.
    pub invites: [Option<String>; 2],
    /// The accounts playing South and North (lobby games), if any.
    pub accounts: [Option<i64>; 2],
    /// The players' names `[South, North]` in a lobby game (accounts, `bao-N`).
    pub names: [Option<String>; 2],
    /// The account that started the game from the first page (against the computer, with
    /// a friend, or two on one screen), with its name: the game is his and his profile
    /// lists it (issue 35 item 6). Not a lobby game: it is unrated and has no clock.
    pub owner: Option<(i64, String)>,
    /// The result changes the players' ratings.
    pub rated: bool,
    /// The game's clock, if it has one.
    pub clock: Option<Clock>,
    /// Aborted before both sides made their first move (no result, unrated).
    pub aborted: bool,
    /// The side that offers a draw, until the other accepts it (`POST .../draw`) or
    /// moves (which declines it).
    pub draw_offer: Option<Side>,
    /// What a rated result did to the ratings, once it is stored
    /// ([`crate::rating::repo::apply_in`]).
    pub ratings: Option<crate::rating::RatingChanges>,
    /// RFC 3339 (UTC) time the game was started.
    pub created: String,
    /// RFC 3339 (UTC) time of the last change.
    pub updated: String,
    /// The version in the database (0 before the game is first stored): the next change
    /// is written only over it ([`crate::games::repo::save_in`]).
    pub stored: i64,
    /// The tournament this lobby game is a round game of ([`crate::tournaments`]): it
    /// cannot be aborted, and a side that does not make its first move loses on time.
    pub tournament: Option<String>,
}

/// How a finished game ended, as the server stores it: a side won, or a draw. Written
/// as the record's result token (`1-0`, `0-1`, `1/2-1/2`) in the `result` column and
/// the API's JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// This side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

impl GameResult {
    /// The result of a game won by `winner` (`None`: a draw).
    pub fn of(winner: Option<Side>) -> GameResult {
        winner.map_or(GameResult::Draw, GameResult::Win)
    }

    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::Win(side) => Some(side),
            GameResult::Draw => None,
        }
    }

    /// `1-0` (South won), `0-1` (North won) or `1/2-1/2`: the record's token
    /// ([`bao_rules::record::load::winner_token`]).
    pub fn token(self) -> &'static str {
        bao_rules::record::load::winner_token(self.winner())
    }

    /// The result a token names ([`GameResult::token`]'s three), else `None`.
    pub fn from_token(token: &str) -> Option<GameResult> {
        [
            GameResult::Win(Side::South),
            GameResult::Win(Side::North),
            GameResult::Draw,
        ]
        .into_iter()
        .find(|r| r.token() == token)
    }
}

/// How long a computer's move in a lobby game may take before another instance takes
/// it up (the instance that was to make it may have died), ms.
pub const ENGINE_LATE_MS: u64 = THINK_CAP_MS + 20_000;

impl Meta {
    /// A game between accounts, from the lobby.
    pub fn is_lobby(&self) -> bool {
        self.accounts.iter().any(Option::is_some)
    }

    /// The sides `token` may move: a human side whose invite it holds, or, for the
    /// creator's seat, every human side not given to an invite. `human` says which sides
    /// are human.
    pub fn sides_of(&self, token: &str, human: [bool; 2]) -> Vec<Side> {
        [Side::South, Side::North]
            .into_iter()
            .filter(|s| {
                let i = s.index();
                human[i]
                    && match &self.invites[i] {
                        Some(t) => t == token,
                        None => self.seat == token,
                    }
            })
            .collect()
    }

    /// Whether `token` is a seat of this game (the creator's or an invite).
    pub fn knows(&self, token: &str) -> bool {
        self.seat == token || self.invites.iter().flatten().any(|t| t == token)
    }
}

/// The 404 for a ply past the last move of game `id`, which has `plies` moves: `ply` is
/// the ply as asked (digits, possibly too many for any number the server keeps).
pub fn no_position(ply: &str, id: &str, plies: usize) -> Refusal {
    Refusal::missing(format!(
        "no position at ply {ply}: game {id} has {plies} move(s)"
    ))
}

/// A game in the server, whatever the game type (object-safe).
pub trait LiveGame: Send {
    /// Which game this is.
    fn kind(&self) -> GameKind;
    /// The id, level, seats and dates.
    fn meta(&self) -> &Meta;
    /// The same, to change (invites, the update time).
    fn meta_mut(&mut self) -> &mut Meta;
    /// The full state (cached per [`LiveGame::revision`]; `you` and `seat` left out).
    fn state(&mut self) -> StateJson;
    /// The in-memory revision: it increases at every change of the game in this
    /// process (play, undo, resign, invite, the thinking mark's end), so that a search
    /// made at one revision is not applied at another. Not the stored version
    /// ([`Meta::stored`], which the database checks).
    fn revision(&self) -> u64;
    /// Marks a change made outside the line (an invite).
    fn bump(&mut self);
    /// Whether the computer is searching for its move.
    fn thinking(&self) -> bool;
    /// Marks the start or end of the computer's search.
    fn set_thinking(&mut self, on: bool);
    /// Which sides are human `[South, North]`.
    fn human(&self) -> [bool; 2];
    /// The side to move.
    fn to_move(&self) -> Side;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// Makes `side` a human player (for an invite).
    fn set_human(&mut self, side: Side);
    /// Plays a move given as text; `info` is returned with it when the computer chose it.
    ///
    /// # Errors
    /// 409 when the game is over, 422 when the text is not a legal move (the message
    /// says why and lists the legal moves).
    fn play_text(&mut self, text: &str, info: Option<String>) -> Result<PlayedJson, Refusal>;
    /// Takes back `plies` moves (and a resignation).
    ///
    /// # Errors
    /// 409 when fewer moves were played, 422 for 0.
    fn undo(&mut self, plies: usize) -> Result<(), Refusal>;
    /// `side` resigns.
    ///
    /// # Errors
    /// 409 when the game is already over.
    fn resign(&mut self, side: Side) -> Result<(), Refusal>;
    /// `side` offers a draw, or accepts the opponent's offer (then the game ends in a
    /// draw by agreement, a rated one rated as a draw). Whether the game ended.
    ///
    /// # Errors
    /// 409 when the game is over, before each side has made a move, or when `side`
    /// already offers one.
    fn offer_draw(&mut self, side: Side) -> Result<bool, Refusal>;
    /// The game record text (notation.md §4, [`GameLine::record_text`]).
    fn record_text(&self) -> String;
    /// The row the store keeps for this game.
    fn row(&self) -> GameRow;
    /// How many moves (plies) have been played.
    fn plies(&self) -> usize;
    /// The board after `ply` moves.
    ///
    /// # Errors
    /// 404 when `ply` is past the last move ([`no_position`]).
    fn at(&self, ply: usize) -> Result<AtJson, Refusal>;
    /// Describes a legal move given as text (for hints).
    ///
    /// # Errors
    /// 422 when the text is not a legal move.
    fn describe(&self, text: &str) -> Result<MoveJson, Refusal>;
    /// Prepares a search for the side to move, time capped at [`THINK_CAP_MS`]: the
    /// computer's move at the game's level, or a hint (`hint` true): in a game with a
    /// final score (Bao Kingulu) the solver's proved hint when it proves every move within
    /// [`hint::PROVED_HINT_MS`] ([`hint::proved_hint_line`], the game's history seen),
    /// otherwise a search at [`hint::HINT_LEVEL`] whatever the game's level. The job's
    /// time is the search's plus the solver's budget.
    ///
    /// # Errors
    /// 409 when the game is over.
    fn search_job(&self, hint: bool) -> Result<SearchJob, Refusal>;
    /// As [`LiveGame::search_job`] for the computer's move, within `cap_ms` (its clock).
    ///
    /// # Errors
    /// 409 when the game is over.
    fn search_job_within(&self, cap_ms: u64) -> Result<SearchJob, Refusal>;
    /// How long the computer may think for its move at `now_ms`, in milliseconds: a
    /// twentieth of its remaining time plus most of its increment (a clock), else
    /// [`THINK_CAP_MS`].
    fn engine_cap_ms(&self, now_ms: u64) -> u64;
    /// Counts a spectator in (`true`) or out of the game's event stream.
    fn spectate(&mut self, joined: bool);
    /// How many watch the game's event stream without playing.
    fn spectators(&self) -> usize;
    /// Sets the spectator count (a shared database counts them over all instances:
    /// [`crate::spectators`]).
    fn set_spectators(&mut self, n: usize);
    /// An engine account (`bao-N`) is to move in a lobby game that goes on: the server
    /// makes that move itself.
    fn engine_account_to_move(&self) -> bool {
        self.meta().is_lobby() && !self.is_over() && !self.human()[self.to_move().index()]
    }
    /// Takes over what only this instance knows of `old`, the game it replaces after
    /// another instance changed it: its spectators, and a newer in-memory version (so
    /// that a search job made on `old` is not applied to this one).
    fn carry_over(&mut self, old: &dyn LiveGame);
    /// What the clock has due at `now_ms` (a flag or an abort), if the game is not over.
    fn clock_due(&self, now_ms: u64) -> Option<Due>;
    /// The clock's next deadline (Unix ms), if a clock runs or a first-move window is
    /// open.
    fn clock_deadline(&self) -> Option<u64>;
    /// Applies what fell due: the side loses on time, or the game is aborted.
    fn apply_due(&mut self, due: Due, now_ms: u64);
    /// Aborts the game (before both sides moved).
    ///
    /// # Errors
    /// 409 when the game is over or both sides have moved.
    fn abort(&mut self) -> Result<(), Refusal>;
    /// After a restart: the clock goes on from `now_ms` with the time it had at
    /// `alive_ms`, the server's last sign of life; what fell due meanwhile is applied.
    /// Whether anything changed.
    fn resume_clock(&mut self, alive_ms: u64, now_ms: u64) -> bool;
    /// Prepares the solver's values of every legal move within [`ORACLE_MS`], to run on
    /// the blocking pool.
    ///
    /// # Errors
    /// 409 when the game is over.
    fn oracle_job(&self) -> Result<OracleRun, Refusal>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose creator holds seat `c`, with South's invite `i` (North's none).
    pub(crate) fn meta(invites: [Option<&str>; 2]) -> Meta {
        Meta {
            id: "g1".to_string(),
            level: DEFAULT_LEVEL,
            seat: "c".to_string(),
            invites: invites.map(|t| t.map(str::to_string)),
            accounts: [None, None],
            names: [None, None],
            rated: false,
            clock: None,
            aborted: false,
            draw_offer: None,
            ratings: None,
            created: "2026-12-02T00:00:00Z".to_string(),
            updated: "2026-12-02T00:00:00Z".to_string(),
            owner: None,
            stored: 0,
            tournament: None,
        }
    }

    #[test]
    fn the_creators_seat_moves_every_human_side_not_invited() {
        let m = meta([None, None]);
        assert_eq!(
            m.sides_of("c", [true, true]),
            vec![Side::South, Side::North]
        );
        assert_eq!(m.sides_of("c", [true, false]), vec![Side::South]);
        assert_eq!(m.sides_of("c", [false, false]), Vec::<Side>::new());
        assert_eq!(m.sides_of("x", [true, true]), Vec::<Side>::new());
        assert!(m.knows("c"));
        assert!(!m.knows("x"));
        assert!(!m.is_lobby());
    }

    #[test]
    fn an_invite_moves_its_side_alone() {
        let m = meta([Some("i"), None]);
        assert_eq!(m.sides_of("i", [true, true]), vec![Side::South]);
        assert_eq!(m.sides_of("c", [true, true]), vec![Side::North]);
        // An invited side played by the computer is no one's.
        assert_eq!(m.sides_of("i", [false, true]), Vec::<Side>::new());
        assert!(m.knows("i"));
    }

    #[test]
    fn a_lobby_game_has_accounts() {
        let mut m = meta([Some("s"), Some("n")]);
        m.accounts = [Some(7), None];
        assert!(m.is_lobby());
        assert_eq!(m.sides_of("n", [true, true]), vec![Side::North]);
        assert_eq!(m.sides_of("c", [true, true]), Vec::<Side>::new());
    }

    #[test]
    fn results_are_the_record_tokens_and_back() {
        assert_eq!(GameResult::of(Some(Side::South)).token(), "1-0");
        assert_eq!(GameResult::of(Some(Side::North)).token(), "0-1");
        assert_eq!(GameResult::of(None).token(), "1/2-1/2");
        for r in [
            GameResult::Win(Side::South),
            GameResult::Win(Side::North),
            GameResult::Draw,
        ] {
            assert_eq!(GameResult::from_token(r.token()), Some(r));
        }
        assert_eq!(GameResult::from_token("*"), None);
        assert_eq!(GameResult::Win(Side::North).winner(), Some(Side::North));
        assert_eq!(GameResult::Draw.winner(), None);
    }

    #[test]
    fn no_position_names_the_ply_and_the_moves() {
        let e = no_position("12", "g1", 3);
        assert_eq!(e.kind(), "missing");
        assert_eq!(e.message(), "no position at ply 12: game g1 has 3 move(s)");
    }
}
