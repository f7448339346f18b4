//! One game in the server: a [`GameLine`] (the one place its positions, moves and result
//! live), the computer's level, the seats that may move its sides, and its dates.
//!
//! [`WebGame`] is generic over the game; the server keeps games as `Box<dyn Session>` so
//! that one cache holds games of both kinds. A game is rebuilt from its stored record
//! ([`crate::games::repo::GameRow`]) after a restart, so everything here is either in the
//! record or in the row's metadata.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bao_engine::solve::{ExactValue, Solvable};
use bao_engine::{format_info, hint, EngineConfig, Limits};
use bao_rules::record::GameRecord;
use bao_rules::{Game, GameLine, LineError, Player, RuleSet, Side};
use serde::Deserialize;

use super::repo::GameRow;
use super::view::{
    describe_move, hole_places, played_json, shares_start, start_hole, AtJson, BoardJson,
    HistoryJson, MoveJson, NamesJson, OracleJson, OracleMoveJson, OutcomeJson, PlayedJson,
    PlayersJson, StateJson,
};
use crate::clock::model::{now_ms, Clock, Due};
use crate::engines::EnginePool;
use crate::error::{clip, clip_message, ApiError};

/// The longest the computer may think for one move or hint, in milliseconds, whatever
/// the level says.
pub const THINK_CAP_MS: u64 = 10_000;

/// The solver's time budget of `GET .../oracle`, in milliseconds (all moves together).
pub const ORACLE_MS: u64 = 2_000;

/// The computer's level when a request gives none (the same as `bao play`'s default).
pub const DEFAULT_LEVEL: u8 = 5;

/// The most laps one move may take under rules from a client (a lap cap of the
/// `non-terminating` option, see [`bao_rules::line::check_work`]).
pub const MAX_LAPS: u64 = 10_000;

/// The highest OPT-MAX-PLIES a client may ask for (K-R12.4).
pub const MAX_PLIES: u32 = 10_000;

/// The most moves a loaded record may hold.
pub const MAX_RECORD_MOVES: usize = 10_000;

/// The longest move text read (longer texts are refused before parsing).
pub const MAX_MOVE_TEXT: usize = 32;

/// Who plays a side, as a request names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A person clicking on the board.
    Human,
    /// The engine, at the game's level.
    Computer,
}

/// The settings of a new game (the body of `POST /api/games`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `kiswahili` or `kingulu`.
    pub game: String,
    /// A rules profile name of that game; its default profile when absent.
    #[serde(default)]
    pub rules: Option<String>,
    /// The computer's level, 1..=10 (default [`DEFAULT_LEVEL`], as in the terminal).
    #[serde(default)]
    pub level: Option<u8>,
    /// Who plays South (default human).
    #[serde(default)]
    pub south: Option<Kind>,
    /// Who plays North (default computer).
    #[serde(default)]
    pub north: Option<Kind>,
}

/// The settings of a game loaded from a record (the body of `POST /api/games/load`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadGame {
    /// The record text (notation.md §4).
    pub record: String,
    /// The computer's level, 1..=10 (default [`DEFAULT_LEVEL`], as in the terminal).
    #[serde(default)]
    pub level: Option<u8>,
    /// Who plays South from here on (default human).
    #[serde(default)]
    pub south: Option<Kind>,
    /// Who plays North from here on (default computer).
    #[serde(default)]
    pub north: Option<Kind>,
}

/// What the server keeps about a game besides its line: id, level, seats, dates.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The result changes the players' ratings.
    pub rated: bool,
    /// The game's clock, if it has one.
    pub clock: Option<Clock>,
    /// Aborted before both sides made their first move (no result, unrated).
    pub aborted: bool,
    /// RFC 3339 (UTC) time the game was started.
    pub created: String,
    /// RFC 3339 (UTC) time of the last change.
    pub updated: String,
    /// The version in the database (0 before the game is first stored): the next change
    /// is written only over it ([`crate::games::repo::save_in`]).
    pub stored: i64,
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

/// What a finished search found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The best move text; `None` only when the game is over.
    pub best: Option<String>,
    /// The last `info` line (`info depth 7 score cp 35 ... pv ...`), or for a proved
    /// hint the solver's line (`solver: all 5 moves proven, A6 margin-optimal: ...`).
    pub info: String,
    /// The score in words ([`hint::score_text`], for a proved hint
    /// [`hint::proved_text`]).
    pub score: String,
}

/// The body of a [`SearchJob`]: searches with an engine of the pool, publishing its stop
/// flag in the slot.
pub type SearchRun = Box<dyn FnOnce(&EnginePool, &StopSlot) -> Found + Send>;

/// A search to run off the async workers, made by [`Session::search_job`]. `run` takes
/// an engine from the pool and puts the engine's stop flag into `stop` while it searches.
pub struct SearchJob {
    /// Runs the search.
    pub run: SearchRun,
    /// The time limit the search was given, in milliseconds.
    pub time_ms: u64,
    /// The game's version when the job was made (see [`Session::version`]).
    pub version: u64,
}

/// Where a running search's stop flag is published, so that the request can stop it.
#[derive(Default)]
pub struct StopSlot(Mutex<Option<Arc<AtomicBool>>>);

impl StopSlot {
    /// Publishes the flag of the engine that is about to search.
    pub fn set(&self, flag: Arc<AtomicBool>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(flag);
    }

    /// Forgets the flag (the search is over; its engine goes back to the pool).
    pub fn clear(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// Asks the running search (if any) to stop.
    pub fn stop(&self) {
        if let Some(f) = &*self.0.lock().unwrap_or_else(|e| e.into_inner()) {
            f.store(true, Ordering::SeqCst);
        }
    }
}

/// The 404 for a ply past the last move of game `id`, which has `plies` moves: `ply` is
/// the ply as asked (digits, possibly too many for any number the server keeps).
pub fn no_position(ply: &str, id: &str, plies: usize) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::NOT_FOUND,
        format!("no position at ply {ply}: game {id} has {plies} move(s)"),
    )
}

/// A game in the server, whatever the game type (object-safe).
pub trait Session: Send {
    /// `kiswahili` or `kingulu`.
    fn game_name(&self) -> &'static str;
    /// The id, level, seats and dates.
    fn meta(&self) -> &Meta;
    /// The same, to change (invites, the update time).
    fn meta_mut(&mut self) -> &mut Meta;
    /// The full state (cached per [`Session::version`]; `you` and `seat` left out).
    fn state(&mut self) -> StateJson;
    /// Increases at every change of the game (play, undo, resign, invite).
    fn version(&self) -> u64;
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
    fn play_text(&mut self, text: &str, info: Option<String>) -> Result<PlayedJson, ApiError>;
    /// Takes back `plies` moves (and a resignation).
    ///
    /// # Errors
    /// 409 when fewer moves were played, 422 for 0.
    fn undo(&mut self, plies: usize) -> Result<(), ApiError>;
    /// `side` resigns.
    ///
    /// # Errors
    /// 409 when the game is already over.
    fn resign(&mut self, side: Side) -> Result<(), ApiError>;
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
    fn at(&self, ply: usize) -> Result<AtJson, ApiError>;
    /// Describes a legal move given as text (for hints).
    ///
    /// # Errors
    /// 422 when the text is not a legal move.
    fn describe(&self, text: &str) -> Result<MoveJson, ApiError>;
    /// Prepares a search for the side to move, time capped at [`THINK_CAP_MS`]: the
    /// computer's move at the game's level, or a hint (`hint` true): in a game with a
    /// final score (Bao Kingulu) the solver's proved hint when it proves every move within
    /// [`hint::PROVED_HINT_MS`] ([`hint::proved_hint_line`], the game's history seen),
    /// otherwise a search at [`hint::HINT_LEVEL`] whatever the game's level. The job's
    /// time is the search's plus the solver's budget.
    ///
    /// # Errors
    /// 409 when the game is over.
    fn search_job(&self, hint: bool) -> Result<SearchJob, ApiError>;
    /// As [`Session::search_job`] for the computer's move, within `cap_ms` (its clock).
    ///
    /// # Errors
    /// 409 when the game is over.
    fn search_job_within(&self, cap_ms: u64) -> Result<SearchJob, ApiError>;
    /// How long the computer may think for its move at `now_ms`, in milliseconds: a
    /// twentieth of its remaining time plus most of its increment (a clock), else
    /// [`THINK_CAP_MS`].
    fn engine_cap_ms(&self, now_ms: u64) -> u64;
    /// Counts a spectator in (`true`) or out of the game's event stream.
    fn spectate(&mut self, joined: bool);
    /// How many watch the game's event stream without playing.
    fn spectators(&self) -> usize;
    /// An engine account (`bao-N`) is to move in a lobby game that goes on: the server
    /// makes that move itself.
    fn engine_account_to_move(&self) -> bool {
        self.meta().is_lobby() && !self.is_over() && !self.human()[self.to_move().index()]
    }
    /// Takes over what only this instance knows of `old`, the game it replaces after
    /// another instance changed it: its spectators, and a newer in-memory version (so
    /// that a search job made on `old` is not applied to this one).
    fn carry_over(&mut self, old: &dyn Session);
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
    fn abort(&mut self) -> Result<(), ApiError>;
    /// After a restart: the clock goes on from `now_ms` with the time it had at
    /// `alive_ms`, the server's last sign of life; what fell due meanwhile is applied.
    /// Whether anything changed.
    fn resume_clock(&mut self, alive_ms: u64, now_ms: u64) -> bool;
    /// Prepares the solver's values of every legal move within [`ORACLE_MS`], to run on
    /// the blocking pool.
    ///
    /// # Errors
    /// 409 when the game is over.
    fn oracle_job(&self) -> Result<OracleRun, ApiError>;
}

/// The body of [`Session::oracle_job`]: solves every legal move, at most [`ORACLE_MS`].
pub type OracleRun = Box<dyn FnOnce(&EnginePool) -> OracleJson + Send>;

/// The oracle's answer for the current position of the game `line`, as played (its
/// history counts: a move completing a third occurrence is a loss or win in 1 there and
/// then, G-R15): every legal move with its exact value (and margin) when proven within
/// `budget_ms`, the solver's tables capped at `max_entries` each.
pub fn oracle_of<G: Solvable>(
    line: &GameLine<G>,
    budget_ms: u64,
    max_entries: usize,
) -> OracleJson {
    let pos = line.current();
    let places = hole_places(&pos.view());
    let moves = bao_engine::solve::oracle::oracle_line_within(line, budget_ms, max_entries)
        .into_iter()
        .map(|v| {
            let text = pos.move_text(v.mv);
            let (value, plies) = match v.value {
                Some(ExactValue::Win(n)) => (Some("win"), Some(n)),
                Some(ExactValue::Loss(n)) => (Some("loss"), Some(n)),
                Some(ExactValue::Draw) => (Some("draw"), None),
                None => (None, None),
            };
            OracleMoveJson {
                from: start_hole(&text, &places),
                mv: text,
                value,
                plies,
                margin: v
                    .value
                    .and(v.south_score)
                    .map(|s| format!("{s}–{}", G::SEEDS.saturating_sub(s))),
                text: v
                    .value
                    .map_or_else(|| "not proven".to_string(), |x| x.to_string()),
            }
        })
        .collect();
    OracleJson { moves, budget_ms }
}

/// The answer of a proved hint ([`hint::proved_hint_line`]): the move, `info` saying the
/// solver proved it (`solver: all 5 moves proven, A6 margin-optimal: win in 17 plies,
/// South 25–23`) and its words as `score` (`win in 17 plies, South 25–23 (proved)`).
fn proved_found<G: Solvable>(pos: &G, p: &hint::ProvedHint<G::Move>) -> Found {
    let mv = pos.move_text(p.mv);
    let moves = if p.moves == 1 {
        "the only move proven".to_string()
    } else {
        format!("all {} moves proven", p.moves)
    };
    Found {
        info: format!(
            "solver: {moves}, {mv} margin-optimal: {}, South {}–{}",
            hint::value_text(p.value),
            p.south_score,
            G::SEEDS.saturating_sub(p.south_score)
        ),
        best: Some(mv),
        score: p.text.clone(),
    }
}

/// A new lobby game of `game` (`kiswahili`, `kingulu`) under profile `rules` between
/// `players` `[South, North]`: an engine account plays as the computer at its level,
/// any other account as a person of that name.
///
/// # Errors
/// 422 for an unknown game or profile.
pub fn new_lobby_game(
    meta: Meta,
    game: &str,
    rules: &str,
    players: &[crate::accounts::Account; 2],
) -> Result<Box<dyn Session>, ApiError> {
    use bao_rules::kingulu::Kingulu;
    use bao_rules::kiswahili::Kiswahili;
    Ok(match game {
        "kiswahili" => Box::new(WebGame::<Kiswahili>::lobby(meta, rules, players)?),
        "kingulu" => Box::new(WebGame::<Kingulu>::lobby(meta, rules, players)?),
        other => {
            return Err(ApiError::invalid(format!(
                "unknown game {}: expected \"kiswahili\" or \"kingulu\"",
                clip(other)
            )))
        }
    })
}

/// A game of type `G` in the server.
pub struct WebGame<G: Solvable> {
    line: GameLine<G>,
    meta: Meta,
    thinking: bool,
    version: u64,
    /// The state at `version` (computing it traces every legal move).
    cached: Option<(u64, StateJson)>,
    /// People watching the event stream who play no side.
    spectators: usize,
}

/// Checks a level (1..=10, default [`DEFAULT_LEVEL`]).
///
/// # Errors
/// 422 naming the level when it is out of range.
pub fn check_level(level: Option<u8>) -> Result<u8, ApiError> {
    match level {
        None => Ok(DEFAULT_LEVEL),
        Some(n @ 1..=10) => Ok(n),
        Some(n) => Err(ApiError::invalid(format!(
            "level {n} is out of range: levels are 1 to 10"
        ))),
    }
}

/// The record's player for a side of this kind.
fn player(kind: Kind, level: u8) -> Player {
    match kind {
        Kind::Human => Player::Human("human".to_string()),
        Kind::Computer => Player::Computer { level },
    }
}

/// The checks of [`bao_rules::line::check_work`] for rules from a client, as a 422.
fn check_rules<R: RuleSet>(rules: &R) -> Result<(), ApiError> {
    bao_rules::line::check_work(rules, MAX_LAPS, MAX_PLIES).map_err(ApiError::invalid)
}

/// `1-0`, `0-1` or `1/2-1/2` for a winner.
pub fn result_text(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::South) => "1-0",
        Some(Side::North) => "0-1",
        None => "1/2-1/2",
    }
}

/// Reads a record's rules without replaying its moves: the tag lines alone, less the
/// result tags (which the empty move list would contradict).
fn record_rules<G: Game>(text: &str) -> Result<G::Rules, ApiError> {
    // A byte-order mark (as Notepad writes it) is not part of the first tag.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let tags: String = text
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            t.starts_with('[') && !t.starts_with("[Result") && !t.starts_with("[Termination")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    GameRecord::<G>::from_text(&tags)
        .map(|r| r.start.rules().clone())
        .map_err(|e| {
            ApiError::invalid(format!(
                "cannot load the record: {}",
                clip_message(&e.to_string(), 200)
            ))
        })
}

/// Counts a record's move tokens roughly (words after the tags that are not numbers or
/// results), to refuse a record of too many moves before replaying it.
fn rough_move_count(text: &str) -> usize {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|w| {
            !w.chars().all(|c| c.is_ascii_digit() || c == '.')
                && !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*")
        })
        .count()
}

impl<G: Solvable + 'static> WebGame<G> {
    /// When the server must act on the game with no request arriving: its clock's next
    /// deadline, or, when an engine account is to move in a lobby game,
    /// [`ENGINE_LATE_MS`] from now (a move that late is taken up by any instance).
    fn due_ms(&self) -> Option<i64> {
        let engine = self
            .engine_account_to_move()
            .then(|| now_ms() + ENGINE_LATE_MS);
        let due = match (self.clock_deadline(), engine) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        due.map(|d| i64::try_from(d).unwrap_or(i64::MAX))
    }

    /// A new game from the start position of a rules profile.
    ///
    /// # Errors
    /// 422 for an unknown profile (listing the known ones) or level.
    pub fn create(meta: Meta, req: &NewGame) -> Result<Self, ApiError> {
        let rules = match &req.rules {
            None => G::Rules::default(),
            Some(name) => <G::Rules as RuleSet>::profile(name).map_err(|e| {
                ApiError::invalid(format!(
                    "rules profile {} of {}: {}",
                    clip(name),
                    G::NAME,
                    clip_message(&e.to_string(), 300)
                ))
            })?,
        };
        check_rules(&rules)?;
        let level = check_level(req.level)?;
        let mut line = GameLine::new(G::start(&rules));
        line.set_player(Side::South, player(req.south.unwrap_or(Kind::Human), level));
        line.set_player(
            Side::North,
            player(req.north.unwrap_or(Kind::Computer), level),
        );
        line.set_date(crate::http::today());
        Ok(Self::from_line(line, Meta { level, ..meta }))
    }

    /// A lobby game (see [`new_lobby_game`]).
    ///
    /// # Errors
    /// 422 for an unknown profile.
    pub fn lobby(
        meta: Meta,
        rules: &str,
        players: &[crate::accounts::Account; 2],
    ) -> Result<Self, ApiError> {
        let rules = <G::Rules as RuleSet>::profile(rules).map_err(|e| {
            ApiError::invalid(format!(
                "unknown rules profile {} of {}: {}",
                clip(rules),
                G::NAME,
                clip_message(&e.to_string(), 300)
            ))
        })?;
        let mut line = GameLine::new(G::start(&rules));
        for (side, p) in [Side::South, Side::North].into_iter().zip(players) {
            line.set_player(
                side,
                match p.engine_level {
                    Some(level) => Player::Computer { level },
                    None => Player::Human(p.name.clone()),
                },
            );
        }
        line.set_date(crate::http::today());
        Ok(Self::from_line(line, meta))
    }

    /// A game replayed from a client's record. Its rules are checked against the work
    /// limits ([`MAX_LAPS`], [`MAX_PLIES`]) before any move is replayed, and it may hold
    /// at most [`MAX_RECORD_MOVES`] moves. The players are the request's (the record's
    /// names are not kept: the server plays one side).
    ///
    /// # Errors
    /// 422 when the record cannot be read (naming the line or move number), or asks for
    /// more work than the limits allow.
    pub fn load(meta: Meta, req: &LoadGame) -> Result<Self, ApiError> {
        let level = check_level(req.level)?;
        let rules = record_rules::<G>(&req.record)?;
        check_rules(&rules)
            .map_err(|e| ApiError::invalid(format!("cannot load the record: {}", e.message)))?;
        let n = rough_move_count(&req.record);
        if n > MAX_RECORD_MOVES {
            return Err(ApiError::invalid(format!(
                "cannot load the record: it has about {n} moves; the limit is {MAX_RECORD_MOVES}"
            )));
        }
        let mut line = GameLine::<G>::from_record_text(&req.record).map_err(|e| {
            ApiError::invalid(format!(
                "cannot load the record: {}",
                clip_message(&e.to_string(), 200)
            ))
        })?;
        line.set_player(Side::South, player(req.south.unwrap_or(Kind::Human), level));
        line.set_player(
            Side::North,
            player(req.north.unwrap_or(Kind::Computer), level),
        );
        if line.date().is_empty() {
            line.set_date(crate::http::today());
        }
        Ok(Self::from_line(line, Meta { level, ..meta }))
    }

    /// A stored game, rebuilt from its row (after a restart or when it left the cache).
    ///
    /// # Errors
    /// 500 when the stored record cannot be read back (a damaged database).
    pub fn restore(row: &GameRow) -> Result<Self, ApiError> {
        let line = GameLine::<G>::from_record_text(&row.record).map_err(|e| {
            ApiError::internal(format!(
                "game {} in the database cannot be read: {}",
                row.id,
                clip_message(&e.to_string(), 200)
            ))
        })?;
        Ok(Self::from_line(
            line,
            Meta {
                id: row.id.clone(),
                level: row.level,
                seat: row.seat.clone(),
                invites: row.invites.clone(),
                accounts: row.accounts,
                names: row.names.clone(),
                rated: row.rated,
                clock: match &row.clock {
                    None => None,
                    Some(text) => Some(serde_json::from_str(text).map_err(|e| {
                        ApiError::internal(format!(
                            "game {} in the database has a clock that cannot be read: {e}",
                            row.id
                        ))
                    })?),
                },
                aborted: row.aborted,
                created: row.created.clone(),
                updated: row.updated.clone(),
                stored: row.version,
            },
        ))
    }

    fn from_line(line: GameLine<G>, meta: Meta) -> Self {
        WebGame {
            line,
            meta,
            thinking: false,
            version: 0,
            cached: None,
            spectators: 0,
        }
    }

    fn outcome_json(&self) -> Option<OutcomeJson> {
        if self.meta.aborted {
            return Some(OutcomeJson {
                winner: None,
                reason: "aborted".to_string(),
                text: "the game was aborted before both sides made their first move".to_string(),
                result: "*",
            });
        }
        let o = self.line.outcome()?;
        Some(OutcomeJson {
            winner: o.winner.map(|w| w.to_string()),
            reason: o.reason.as_str().to_string(),
            text: self.line.end_sentence().unwrap_or_default(),
            result: result_text(o.winner),
        })
    }

    fn kind_name(&self, side: Side) -> &'static str {
        if self.line.player(side).is_computer() {
            "computer"
        } else {
            "human"
        }
    }

    fn compute_state(&self) -> StateJson {
        let pos = self.line.current();
        let view = pos.view();
        let places = hole_places(&view);
        let legal = self.line.legal_moves();
        let starts: Vec<String> = legal
            .iter()
            .map(|&mv| start_hole(&pos.move_text(mv), &places))
            .collect();
        let moves = legal
            .iter()
            .zip(&starts)
            .map(|(&mv, from)| {
                let shared = starts.iter().filter(|s| *s == from).count() > 1;
                describe_move(pos, mv, &places, shared)
            })
            .collect();
        let positions = self.line.positions();
        let history = self
            .line
            .move_texts()
            .iter()
            .enumerate()
            .map(|(i, text)| HistoryJson {
                ply: i + 1,
                side: positions[i].side_to_move().to_string(),
                text: text.clone(),
                from: start_hole(text, &places),
            })
            .collect();
        let rules = pos.rules();
        StateJson {
            id: self.meta.id.clone(),
            game: G::NAME.to_string(),
            rules: rules.profile_name().to_string(),
            options: rules
                .options()
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect(),
            level: self.meta.level,
            players: PlayersJson {
                south: self.kind_name(Side::South),
                north: self.kind_name(Side::North),
            },
            names: NamesJson {
                south: self.meta.names[0].clone(),
                north: self.meta.names[1].clone(),
            },
            rated: self.meta.rated,
            clock: None,
            spectators: 0,
            position: pos.to_text(),
            board: BoardJson::from(&view),
            to_move: pos.side_to_move().to_string(),
            ply: self.line.plies(),
            outcome: self.outcome_json(),
            moves,
            history,
            thinking: false,
            version: 0,
            invited: [Side::South, Side::North]
                .into_iter()
                .filter(|s| self.meta.invites[s.index()].is_some())
                .map(|s| s.to_string())
                .collect(),
            created: self.meta.created.clone(),
            updated: self.meta.updated.clone(),
            you: None,
            seat: None,
        }
    }

    fn line_error(&self, e: LineError) -> ApiError {
        match e {
            LineError::GameOver(_) => ApiError::conflict(format!(
                "the game is over ({}); start a new game or undo",
                self.line.end_sentence().unwrap_or_default()
            )),
            LineError::Undo { asked, played } => {
                ApiError::conflict(format!("cannot undo {asked} move(s): only {played} played"))
            }
            LineError::Move(m) => ApiError::invalid(m),
        }
    }
}

impl<G: Solvable + 'static> Session for WebGame<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn meta(&self) -> &Meta {
        &self.meta
    }

    fn meta_mut(&mut self) -> &mut Meta {
        &mut self.meta
    }

    fn state(&mut self) -> StateJson {
        let mut state = match &self.cached {
            Some((v, s)) if *v == self.version => s.clone(),
            _ => {
                let s = self.compute_state();
                self.cached = Some((self.version, s.clone()));
                s
            }
        };
        state.thinking = self.thinking;
        state.spectators = self.spectators;
        state.version = u64::try_from(self.meta.stored).unwrap_or(0);
        state.clock = self
            .meta
            .clock
            .map(|c| c.json(self.line.plies(), self.is_over(), now_ms()));
        state
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn bump(&mut self) {
        self.version += 1;
    }

    fn thinking(&self) -> bool {
        self.thinking
    }

    fn set_thinking(&mut self, on: bool) {
        self.thinking = on;
    }

    fn human(&self) -> [bool; 2] {
        [
            !self.line.player(Side::South).is_computer(),
            !self.line.player(Side::North).is_computer(),
        ]
    }

    fn to_move(&self) -> Side {
        self.line.current().side_to_move()
    }

    fn is_over(&self) -> bool {
        self.meta.aborted || self.line.is_over()
    }

    fn set_human(&mut self, side: Side) {
        if self.line.player(side).is_computer() {
            self.line
                .set_player(side, player(Kind::Human, self.meta.level));
        }
    }

    fn play_text(&mut self, text: &str, info: Option<String>) -> Result<PlayedJson, ApiError> {
        self.refuse_aborted()?;
        if self.line.is_over() {
            return Err(self.line_error(LineError::GameOver(self.line.outcome().expect("over"))));
        }
        let text = text.trim();
        if text.chars().count() > MAX_MOVE_TEXT {
            return Err(ApiError::invalid(format!(
                "move {} is not a move: move texts are at most {MAX_MOVE_TEXT} characters",
                clip(text)
            )));
        }
        let pos = self.line.current().clone();
        let mv = pos.parse_move(text).map_err(|e| {
            let message = clip_message(&e.to_string(), 200);
            if message.contains("legal moves") {
                return ApiError::invalid(message);
            }
            let legal: Vec<String> = pos.moves().into_iter().map(|m| pos.move_text(m)).collect();
            ApiError::invalid(format!(
                "{message}; legal moves for {}: {}",
                pos.side_to_move(),
                legal.join(" ")
            ))
        })?;
        let events = self.line.play_traced(mv).map_err(|e| self.line_error(e))?;
        self.version += 1;
        let plies = self.line.plies();
        let over = self.line.is_over();
        if let Some(c) = &mut self.meta.clock {
            let now = now_ms();
            c.after_move(pos.side_to_move(), plies, now);
            if over {
                c.stop(now);
            }
        }
        Ok(played_json(&pos, mv, &events, info))
    }

    fn undo(&mut self, plies: usize) -> Result<(), ApiError> {
        if self.meta.is_lobby() || self.meta.clock.is_some() {
            return Err(ApiError::conflict(
                "moves cannot be taken back in a lobby game",
            ));
        }
        if plies == 0 {
            return Err(ApiError::invalid("undo needs plies ≥ 1"));
        }
        self.line.undo(plies).map_err(|e| self.line_error(e))?;
        self.version += 1;
        Ok(())
    }

    fn resign(&mut self, side: Side) -> Result<(), ApiError> {
        if let Some(o) = self.line.end_sentence() {
            return Err(ApiError::conflict(format!(
                "the game is already over ({o})"
            )));
        }
        self.refuse_aborted()?;
        self.line.resign(side).map_err(|e| self.line_error(e))?;
        self.version += 1;
        if let Some(c) = &mut self.meta.clock {
            c.stop(now_ms());
        }
        Ok(())
    }

    fn record_text(&self) -> String {
        self.line.record_text()
    }

    fn row(&self) -> GameRow {
        GameRow {
            id: self.meta.id.clone(),
            game: G::NAME.to_string(),
            rules: self.line.rules().profile_name().to_string(),
            level: self.meta.level,
            south: self.line.player(Side::South).record_name(),
            north: self.line.player(Side::North).record_name(),
            seat: self.meta.seat.clone(),
            invites: self.meta.invites.clone(),
            accounts: self.meta.accounts,
            names: self.meta.names.clone(),
            rated: self.meta.rated,
            clock: self
                .meta
                .clock
                .map(|c| serde_json::to_string(&c).expect("a clock is JSON")),
            aborted: self.meta.aborted,
            record: self.line.record_text(),
            plies: self.line.plies(),
            result: self
                .line
                .outcome()
                .map(|o| result_text(o.winner).to_string()),
            created: self.meta.created.clone(),
            updated: self.meta.updated.clone(),
            version: self.meta.stored,
            due_ms: self.due_ms(),
        }
    }

    fn plies(&self) -> usize {
        self.line.plies()
    }

    fn at(&self, ply: usize) -> Result<AtJson, ApiError> {
        let positions = self.line.positions();
        let pos = positions
            .get(ply)
            .ok_or_else(|| no_position(&ply.to_string(), &self.meta.id, self.line.plies()))?;
        let view = pos.view();
        let texts = self.line.move_texts();
        let last = ply.checked_sub(1).map(|i| HistoryJson {
            ply,
            side: positions[i].side_to_move().to_string(),
            text: texts[i].clone(),
            from: start_hole(&texts[i], &hole_places(&view)),
        });
        // The move that led here, traced from the line (the position before it and the
        // move as played), summarised as the live move was.
        let played = ply.checked_sub(1).and_then(|i| {
            let events = self.line.trace(i)?;
            Some(played_json(
                &positions[i],
                self.line.moves()[i],
                &events,
                None,
            ))
        });
        Ok(AtJson {
            ply,
            last,
            position: pos.to_text(),
            board: BoardJson::from(&view),
            played,
        })
    }

    fn describe(&self, text: &str) -> Result<MoveJson, ApiError> {
        let pos = self.line.current();
        let mv = pos
            .parse_move(text)
            .map_err(|e| ApiError::invalid(format!("illegal move: {e}")))?;
        let places = hole_places(&pos.view());
        let from = start_hole(&pos.move_text(mv), &places);
        Ok(describe_move(
            pos,
            mv,
            &places,
            shares_start(pos, &from, &places),
        ))
    }

    fn search_job(&self, hint: bool) -> Result<SearchJob, ApiError> {
        self.search(hint, THINK_CAP_MS)
    }

    fn search_job_within(&self, cap_ms: u64) -> Result<SearchJob, ApiError> {
        self.search(false, cap_ms.clamp(1, THINK_CAP_MS))
    }

    fn engine_cap_ms(&self, now_ms: u64) -> u64 {
        use crate::clock::model::TimeControl;
        let Some(c) = self.meta.clock else {
            return THINK_CAP_MS;
        };
        let side = self.line.current().side_to_move();
        match c.control {
            TimeControl::Correspondence { .. } => THINK_CAP_MS,
            TimeControl::Fischer { increment_s, .. } => {
                let left = c.remaining_at(now_ms)[side.index()];
                (left / 20 + increment_s * 800).clamp(50, THINK_CAP_MS)
            }
        }
    }

    fn spectators(&self) -> usize {
        self.spectators
    }

    fn carry_over(&mut self, old: &dyn Session) {
        self.spectators = old.spectators();
        self.version = old.version() + 1;
    }

    fn spectate(&mut self, joined: bool) {
        if joined {
            self.spectators += 1;
        } else {
            self.spectators = self.spectators.saturating_sub(1);
        }
    }

    fn clock_due(&self, now_ms: u64) -> Option<Due> {
        if self.is_over() {
            return None;
        }
        self.meta.clock?.due(self.line.plies(), now_ms)
    }

    fn clock_deadline(&self) -> Option<u64> {
        if self.is_over() {
            return None;
        }
        Some(self.meta.clock?.deadline(self.line.plies()).0)
    }

    fn apply_due(&mut self, due: Due, now_ms: u64) {
        match due {
            Due::Flag(side) => {
                if let Some(c) = &mut self.meta.clock {
                    c.stop(now_ms);
                    c.remaining_ms[side.index()] = 0;
                }
                let _ = self.line.lose_on_time(side);
            }
            Due::Abort => {
                if let Some(c) = &mut self.meta.clock {
                    c.stop(now_ms);
                }
                self.meta.aborted = true;
            }
        }
        self.version += 1;
    }

    fn abort(&mut self) -> Result<(), ApiError> {
        self.refuse_aborted()?;
        if let Some(o) = self.line.end_sentence() {
            return Err(ApiError::conflict(format!(
                "the game is already over ({o})"
            )));
        }
        if self.line.plies() >= 2 {
            return Err(ApiError::conflict(
                "both sides have moved: the game can no longer be aborted; resign instead",
            ));
        }
        self.apply_due(Due::Abort, now_ms());
        Ok(())
    }

    fn resume_clock(&mut self, alive_ms: u64, now_ms: u64) -> bool {
        if self.is_over() {
            return false;
        }
        let plies = self.line.plies();
        let Some(c) = &mut self.meta.clock else {
            return false;
        };
        if let Some(due) = c.due(plies, alive_ms) {
            // It fell before the server stopped: applied now, at the time it fell.
            let at = c.deadline(plies).0;
            self.apply_due(due, at);
            return true;
        }
        c.resume(alive_ms, now_ms);
        true
    }

    fn oracle_job(&self) -> Result<OracleRun, ApiError> {
        if let Some(o) = self.line.end_sentence() {
            return Err(ApiError::conflict(format!("the game is over ({o})")));
        }
        let line = self.line.clone();
        Ok(Box::new(move |pool: &EnginePool| {
            let room = pool.solver_room();
            oracle_of(&line, ORACLE_MS, room.entries)
        }))
    }
}

impl<G: Solvable + 'static> WebGame<G> {
    /// 409 for an aborted game.
    fn refuse_aborted(&self) -> Result<(), ApiError> {
        if self.meta.aborted {
            return Err(ApiError::conflict(
                "the game was aborted before both sides made their first move",
            ));
        }
        Ok(())
    }

    fn search(&self, hint: bool, cap_ms: u64) -> Result<SearchJob, ApiError> {
        self.refuse_aborted()?;
        if let Some(o) = self.line.end_sentence() {
            return Err(ApiError::conflict(format!("the game is over ({o})")));
        }
        let config = if hint {
            hint::hint_config()
        } else {
            EngineConfig::level(self.meta.level)
        };
        let time_ms = config.limits.time_ms.unwrap_or(cap_ms).min(cap_ms);
        // A hint in a game with a final score (Bao Kingulu) asks the solver first, for
        // at most hint::PROVED_HINT_MS (its own clock): the job's time covers both.
        let proved_ms = if hint && self.line.current().locked_seeds(Side::South).is_some() {
            hint::PROVED_HINT_MS
        } else {
            0
        };
        // The search sees the game's history (G-R15 repetitions, OPT-MAX-PLIES).
        let hint_job = hint;
        let line = self.line.clone();
        let pos = line.current().clone();
        let run = Box::new(move |pool: &EnginePool, slot: &StopSlot| {
            let solved = if proved_ms > 0 {
                let room = pool.solver_room();
                hint::solve_hint_line_within(&line, proved_ms, room.entries)
            } else {
                hint::SolvedHint {
                    proved: None,
                    values: Vec::new(),
                }
            };
            if let Some(p) = &solved.proved {
                return proved_found(&pos, p);
            }
            let mut engine = pool.take::<G>(config);
            slot.set(engine.stop_flag());
            let limits = Limits {
                time_ms: Some(time_ms),
                ..Limits::default()
            };
            let mut last_info = String::new();
            let result = engine.search_line(&line, limits, &mut |info| {
                last_info = format_info(&pos, info);
            });
            slot.clear();
            if last_info.is_empty() {
                last_info = format_info(&pos, &result.info);
            }
            let mut score = hint::score_text(result.info.score, result.info.depth);
            // The oracle and the hint never disagree: a better result the solver proved
            // names its move (a hint only; the computer's move keeps its level).
            if let Some(best) = result.best.filter(|_| hint_job) {
                match hint::check_search_hint(&pos, best, &solved.values) {
                    hint::HintCheck::Agrees => {}
                    hint::HintCheck::Replaced { mv, value, note } => {
                        return Found {
                            best: Some(pos.move_text(mv)),
                            info: format!("solver: {note}"),
                            score: format!("{} (proved)", hint::value_text(value)),
                        };
                    }
                    hint::HintCheck::Caveat(words) => score = format!("{score}; {words}"),
                }
            }
            Found {
                best: result.best.map(|mv| pos.move_text(mv)),
                info: last_info,
                score,
            }
        });
        Ok(SearchJob {
            run,
            time_ms: time_ms + proved_ms,
            version: self.version,
        })
    }
}
