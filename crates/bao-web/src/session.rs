//! One game in the server: the positions so far, the players, the computer's engine.
//!
//! [`GameSession`] is generic over the game; the server keeps sessions as
//! `Box<dyn Session>` so that one map holds games of both kinds.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bao_engine::{format_info, Engine, EngineConfig, Evaluate, Limits};
use bao_rules::record::GameRecord;
use bao_rules::{
    BoardView, CellMark, EndReason, EventKind, Game, Outcome, RuleSet, Side, TraceEvent,
};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// The longest the computer may think for one move or hint, in milliseconds, whatever
/// the level says.
pub const THINK_CAP_MS: u64 = 10_000;

/// The computer's level when a request gives none (the same as `bao play`'s default).
pub const DEFAULT_LEVEL: u8 = 5;

/// The weakest level that gives hints (level 5: alpha-beta to depth 4).
pub const HINT_MIN_LEVEL: u8 = 5;

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
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
    pub south: Option<Player>,
    /// Who plays North (default computer).
    #[serde(default)]
    pub north: Option<Player>,
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
    pub south: Option<Player>,
    /// Who plays North from here on (default computer).
    #[serde(default)]
    pub north: Option<Player>,
}

/// One hole as sent to the browser.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CellJson {
    /// Hole name in notation (`A5`, `b8`, `a3`).
    pub name: String,
    /// Seeds in the hole.
    pub seeds: u32,
    /// `South` or `North`: whose row the hole is in.
    pub owner: String,
    /// `plain`, `nyumba`, `lost-nyumba` (K-R8) or `reserved` (G-R9).
    pub mark: &'static str,
    /// For `nyumba`: owned and holding at least the threshold (K-R8.3).
    pub functional: bool,
    /// For `reserved`: the side that reserved the pit (kuweka mtoto, G-R9).
    pub reserved_by: Option<String>,
    /// The hole is takasia'd against the side to move (K-R11).
    pub takasia: bool,
}

/// A board as sent to the browser: [`BoardView`] in JSON.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct BoardJson {
    /// Rows top to bottom as South sees the board (North on top), each left to right.
    pub rows: Vec<Vec<CellJson>>,
    /// Stores `[South, North]`.
    pub stores: [u32; 2],
    /// `South` or `North`.
    pub to_move: String,
    /// `namua`, `mtaji` (Kiswahili) or `play` (Kingulu).
    pub stage: String,
    /// Provisional scores `[South, North]` for Bao Kingulu (G-R14).
    pub scores: Option<[u32; 2]>,
}

impl From<&BoardView> for BoardJson {
    fn from(view: &BoardView) -> Self {
        let rows = view
            .rows
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| {
                        let (mark, functional, reserved_by) = match cell.mark {
                            CellMark::Plain => ("plain", false, None),
                            CellMark::Nyumba { functional } => ("nyumba", functional, None),
                            CellMark::LostNyumba => ("lost-nyumba", false, None),
                            CellMark::Reserved(side) => ("reserved", false, Some(side.to_string())),
                        };
                        CellJson {
                            name: cell.name.clone(),
                            seeds: cell.seeds,
                            owner: cell.owner.to_string(),
                            mark,
                            functional,
                            reserved_by,
                            takasia: cell.takasia,
                        }
                    })
                    .collect()
            })
            .collect();
        BoardJson {
            rows,
            stores: view.stores,
            to_move: view.to_move.to_string(),
            stage: view.stage.clone(),
            scores: view.scores,
        }
    }
}

/// One legal move as offered to the player.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MoveJson {
    /// The move text (notation.md §3), what `POST .../play` takes.
    pub text: String,
    /// The start hole the player clicks (`A6`); the namua entry hole in Bao la Kiswahili.
    pub from: String,
    /// Direction in which the move's first sowing leaves its first hole on the screen
    /// (North on top): `left`, `right` (along a row), `up`, `down` (into the next row),
    /// or `null` when the move sows nothing.
    pub dir: Option<&'static str>,
    /// The move captures (K-R4.3 / G-R8).
    pub capture: bool,
    /// The move takes safari at the nyumba (K-R4.4).
    pub safari: bool,
    /// A short description for the choice button: arrow, text, what happens.
    pub label: String,
}

/// One move played so far.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HistoryJson {
    /// Ply index, 1 for the first move; the position after it is `GET .../at/{ply}`.
    pub ply: usize,
    /// The side that played it.
    pub side: String,
    /// The move text.
    pub text: String,
    /// Its start hole (marked on the board as the last move).
    pub from: String,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OutcomeJson {
    /// `South`, `North`, or `null` for a draw.
    pub winner: Option<String>,
    /// The reason word (notation.md §2): `bao-hamna`, ..., `resignation`, or `adjudicated`
    /// / `off-board` for a loaded record decided off the board ([`EndReason::as_str`]).
    pub reason: String,
    /// A sentence for players.
    pub text: String,
}

/// Who plays which side.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct PlayersJson {
    /// South's player.
    pub south: Player,
    /// North's player.
    pub north: Player,
}

/// The whole state of a game (`GET /api/games/{id}`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct StateJson {
    /// The game id.
    pub id: String,
    /// `kiswahili` or `kingulu`.
    pub game: String,
    /// The rules profile name.
    pub rules: String,
    /// Every rule option as `[name, value]`.
    pub options: Vec<(String, String)>,
    /// The computer's level 1..=10.
    pub level: u8,
    /// Who plays which side.
    pub players: PlayersJson,
    /// The current position text (notation.md §2).
    pub position: String,
    /// The current board.
    pub board: BoardJson,
    /// `South` or `North`.
    pub to_move: String,
    /// The number of moves played.
    pub ply: usize,
    /// `null` while the game goes on.
    pub outcome: Option<OutcomeJson>,
    /// The legal moves of the side to move, canonical order; empty when over.
    pub moves: Vec<MoveJson>,
    /// The moves played.
    pub history: Vec<HistoryJson>,
    /// The computer is searching in this game now.
    pub thinking: bool,
}

/// One step of a move's animation: [`TraceEvent`] in JSON.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct EventJson {
    /// `enter`, `lift`, `sow`, `capture`, `kichwa`, `safari`, `nyumba-stop`, `tax`,
    /// `takasia-stop`, `takasia`, `nyumba-lost`, `reserve`, `transfer`, `bank`, `end`,
    /// `game-end`.
    pub kind: &'static str,
    /// The holes involved, in order (for `sow`: every hole that received a seed).
    pub holes: Vec<String>,
    /// Seeds involved.
    pub seeds: u32,
    /// A sentence for players.
    pub text: String,
    /// Hole counts after the step, in the order of [`BoardJson::rows`] flattened.
    pub counts: Vec<u32>,
    /// Stores after the step, `[South, North]`.
    pub stores: [u32; 2],
}

impl From<&TraceEvent> for EventJson {
    fn from(e: &TraceEvent) -> Self {
        EventJson {
            kind: kind_name(e.kind),
            holes: e.holes.clone(),
            seeds: e.seeds,
            text: e.text.clone(),
            counts: e.counts.clone(),
            stores: e.stores,
        }
    }
}

/// The JSON name of an event kind.
pub fn kind_name(kind: EventKind) -> &'static str {
    match kind {
        EventKind::Enter => "enter",
        EventKind::Lift => "lift",
        EventKind::Sow => "sow",
        EventKind::Capture => "capture",
        EventKind::Kichwa => "kichwa",
        EventKind::Safari => "safari",
        EventKind::NyumbaStop => "nyumba-stop",
        EventKind::Tax => "tax",
        EventKind::TakasiaStop => "takasia-stop",
        EventKind::Takasia => "takasia",
        EventKind::NyumbaLost => "nyumba-lost",
        EventKind::Reserve => "reserve",
        EventKind::Transfer => "transfer",
        EventKind::Bank => "bank",
        EventKind::End => "end",
        EventKind::GameEnd => "game-end",
    }
}

/// A move just played, for the browser to animate.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PlayedJson {
    /// The move text.
    pub text: String,
    /// The side that played it.
    pub side: String,
    /// What the move does, as in [`MoveJson::label`].
    pub label: String,
    /// The board before the move.
    pub before: BoardJson,
    /// The move's steps in order.
    pub events: Vec<EventJson>,
    /// The engine's last search line (`info depth ...`) when the computer chose the move.
    pub info: Option<String>,
}

/// What the computer found (`POST .../hint`, and inside `POST .../engine`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HintJson {
    /// The best move, as offered in [`StateJson::moves`].
    pub best: MoveJson,
    /// The engine's last search line: `info depth 7 score cp 35 ... pv ...`.
    pub info: String,
}

/// A position of the game's history (`GET .../at/{ply}`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct AtJson {
    /// The ply: 0 = start position.
    pub ply: usize,
    /// The move that led here (`null` at ply 0).
    pub last: Option<HistoryJson>,
    /// The position text.
    pub position: String,
    /// The board.
    pub board: BoardJson,
}

/// A search to run off the async workers, made by [`Session::prepare_search`].
pub struct SearchJob {
    /// Runs the search; returns the best move text (`None` only if the game is over)
    /// and the last info line.
    pub run: Box<dyn FnOnce() -> (Option<String>, String) + Send>,
    /// Set to true to make the search return early.
    pub stop: Arc<AtomicBool>,
    /// The time limit the search was given, in milliseconds.
    pub time_ms: u64,
    /// The session's version when the job was made (see [`Session::version`]).
    pub version: u64,
}

/// A game in the server, whatever the game type (object-safe).
pub trait Session: Send {
    /// `kiswahili` or `kingulu`.
    fn game_name(&self) -> &'static str;
    /// The full state.
    fn state(&self) -> StateJson;
    /// Increases by one at every change of the position (play, undo, resign).
    fn version(&self) -> u64;
    /// Whether a search is running.
    fn thinking(&self) -> bool;
    /// Marks the end of a search (or its abandonment).
    fn set_thinking(&mut self, on: bool);
    /// Plays a move given as text; `info` is stored with it when the computer chose it.
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
    /// The game record text (notation.md §4).
    fn record_text(&self) -> String;
    /// The board after `ply` moves.
    ///
    /// # Errors
    /// 404 when `ply` is past the last move.
    fn at(&self, ply: usize) -> Result<AtJson, ApiError>;
    /// Describes a move given as text (for hints).
    ///
    /// # Errors
    /// 422 when the text is not a legal move.
    fn describe(&self, text: &str) -> Result<MoveJson, ApiError>;
    /// Prepares a search for the side to move, time capped at [`THINK_CAP_MS`], and
    /// marks the session as thinking. The computer's moves use the game's level; hints
    /// (`hint` true) use at least [`HINT_MIN_LEVEL`], so that a hint is worth asking for
    /// against a weak computer too.
    ///
    /// # Errors
    /// 409 when the game is over or a search is already running.
    fn prepare_search(&mut self, hint: bool) -> Result<SearchJob, ApiError>;
}

/// A game of type `G` in the server.
pub struct GameSession<G: Evaluate> {
    id: String,
    /// positions[0] is the start; positions[i] the position after i moves.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    texts: Vec<String>,
    infos: Vec<Option<String>>,
    level: u8,
    players: [Player; 2],
    names: [String; 2],
    /// A result decided off the board on an unfinished board: a resignation
    /// ([`EndReason::Resignation`]) or a loaded record's result
    /// ([`EndReason::Adjudicated`], [`EndReason::OffBoard`]).
    decided: Option<Outcome>,
    engine: Arc<Mutex<Engine<G>>>,
    /// The engine for hints when the game's level is below [`HINT_MIN_LEVEL`].
    hint_engine: Option<Arc<Mutex<Engine<G>>>>,
    thinking: bool,
    version: u64,
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

fn player_name(p: Player, level: u8) -> String {
    match p {
        Player::Human => "human".to_string(),
        Player::Computer => format!("bao level {level}"),
    }
}

impl<G: Evaluate> GameSession<G> {
    /// A new game from the start position of a rules profile.
    ///
    /// # Errors
    /// 422 for an unknown profile (listing the known ones) or level.
    pub fn create(id: String, req: &NewGame) -> Result<Self, ApiError> {
        let rules = match &req.rules {
            None => G::Rules::default(),
            Some(name) => <G::Rules as RuleSet>::profile(name).map_err(|e| {
                ApiError::invalid(format!("rules profile {name:?} of {}: {e}", G::NAME))
            })?,
        };
        let level = check_level(req.level)?;
        let players = [
            req.south.unwrap_or(Player::Human),
            req.north.unwrap_or(Player::Computer),
        ];
        Ok(Self::from_parts(
            id,
            G::start(&rules),
            Vec::new(),
            level,
            players,
            None,
        ))
    }

    /// A game replayed from a record.
    ///
    /// # Errors
    /// 422 when the record cannot be read, naming the line or move number.
    pub fn load(id: String, req: &LoadGame) -> Result<Self, ApiError> {
        let level = check_level(req.level)?;
        let record = GameRecord::<G>::from_text(&req.record)
            .map_err(|e| ApiError::invalid(format!("cannot load the record: {e}")))?;
        let players = [
            req.south.unwrap_or(Player::Human),
            req.north.unwrap_or(Player::Computer),
        ];
        let mut session = Self::from_parts(
            id,
            record.start.clone(),
            record.moves.clone(),
            level,
            players,
            Some([record.south.clone(), record.north.clone()]),
        );
        // A result decided off the board (resignation, adjudication, or no reason given)
        // ends the game with the record's reason.
        if session.current().outcome().is_none() {
            session.decided = record.result;
        }
        Ok(session)
    }

    fn from_parts(
        id: String,
        start: G,
        moves: Vec<G::Move>,
        level: u8,
        players: [Player; 2],
        names: Option<[String; 2]>,
    ) -> Self {
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut texts = Vec::new();
        let mut pos = start;
        for &mv in &moves {
            // Moves come from a checked record: play cannot fail; stop replaying if it does.
            match pos.play(mv) {
                Ok(next) => {
                    texts.push(pos.move_text(mv));
                    positions.push(std::mem::replace(&mut pos, next));
                }
                Err(_) => break,
            }
        }
        positions.push(pos);
        let moves = moves[..positions.len() - 1].to_vec();
        texts.truncate(moves.len());
        let infos = vec![None; moves.len()];
        let names = names.unwrap_or_else(|| {
            [
                player_name(players[0], level),
                player_name(players[1], level),
            ]
        });
        GameSession {
            id,
            positions,
            moves,
            texts,
            infos,
            level,
            players,
            names,
            decided: None,
            engine: Arc::new(Mutex::new(Engine::new(EngineConfig::level(level)))),
            hint_engine: None,
            thinking: false,
            version: 0,
        }
    }

    fn current(&self) -> &G {
        // positions always holds at least the start position.
        &self.positions[self.positions.len() - 1]
    }

    fn outcome_json(&self) -> Option<OutcomeJson> {
        self.decided.or_else(|| self.current().outcome()).map(|o| {
            let text = match o.winner {
                Some(w) if o.reason == EndReason::Resignation => {
                    format!("{w} wins: {} resigned", w.opponent())
                }
                Some(w) => format!("{w} wins: {}", o.reason.describe()),
                None => format!("Draw: {}", o.reason.describe()),
            };
            OutcomeJson {
                winner: o.winner.map(|w| w.to_string()),
                reason: o.reason.as_str().to_string(),
                text,
            }
        })
    }

    fn is_over(&self) -> bool {
        self.decided.is_some() || self.current().outcome().is_some()
    }
}

/// The screen position (row, column) of every hole of a view.
fn hole_places(view: &BoardView) -> HashMap<String, (usize, usize)> {
    let mut places = HashMap::new();
    for (r, row) in view.rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            places.insert(cell.name.clone(), (r, c));
        }
    }
    places
}

/// The start hole of a move text: the longest hole name it begins with.
fn start_hole(text: &str, places: &HashMap<String, (usize, usize)>) -> String {
    places
        .keys()
        .filter(|name| text.starts_with(name.as_str()))
        .max_by_key(|name| name.len())
        .cloned()
        .unwrap_or_default()
}

/// The screen direction (North on top) in which the first sowing of a trace leaves its
/// first hole: `left`/`right` along a row, `up`/`down` into the next row (e.g. from a
/// back-row end into the front row). `None` when the trace has no sowing.
fn first_direction(
    events: &[TraceEvent],
    places: &HashMap<String, (usize, usize)>,
) -> Option<&'static str> {
    let mut prev: Option<&str> = None;
    for e in events {
        match e.kind {
            EventKind::Sow => {
                for hole in &e.holes {
                    let from = prev.and_then(|p| places.get(p));
                    if let (Some(&(r0, c0)), Some(&(r1, c1))) = (from, places.get(hole)) {
                        if (r0, c0) != (r1, c1) {
                            return Some(match (r1.cmp(&r0), c1.cmp(&c0)) {
                                (std::cmp::Ordering::Equal, std::cmp::Ordering::Greater) => "right",
                                (std::cmp::Ordering::Equal, _) => "left",
                                (std::cmp::Ordering::Greater, _) => "down",
                                _ => "up",
                            });
                        }
                    }
                    prev = Some(hole);
                }
                return None;
            }
            EventKind::Lift | EventKind::Kichwa | EventKind::Enter | EventKind::Tax => {
                if let Some(h) = e.holes.last() {
                    prev = Some(h);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether more than one legal move of `pos` starts in `hole` (then the label shows the
/// direction arrow).
fn shares_start<G: Game>(pos: &G, hole: &str, places: &HashMap<String, (usize, usize)>) -> bool {
    pos.moves()
        .into_iter()
        .filter(|&m| start_hole(&pos.move_text(m), places) == hole)
        .count()
        > 1
}

/// A legal move as offered to the player; `with_arrow` puts the direction arrow in the
/// label (when several moves start in the same hole).
fn describe_move<G: Game>(
    pos: &G,
    mv: G::Move,
    places: &HashMap<String, (usize, usize)>,
    with_arrow: bool,
) -> MoveJson {
    let text = pos.move_text(mv);
    let from = start_hole(&text, places);
    let events = pos.play_traced(mv).map(|(_, ev)| ev).unwrap_or_default();
    let dir = first_direction(&events, places);
    let capture = events.iter().any(|e| e.kind == EventKind::Capture);
    let safari = events.iter().any(|e| e.kind == EventKind::Safari);
    let laps = events.iter().filter(|e| e.kind == EventKind::Sow).count();
    let mut parts: Vec<String> = Vec::new();
    let first = |kind: EventKind| events.iter().find(|e| e.kind == kind);
    let captures = events
        .iter()
        .filter(|e| e.kind == EventKind::Capture)
        .count();
    if let Some(e) = first(EventKind::Capture) {
        parts.push(e.text.clone());
        if captures > 1 {
            parts.push(format!("{captures} captures in all"));
        }
    } else if G::NAME == "kiswahili" {
        parts.push("takata".to_string());
    } else {
        parts.push("no capture".to_string());
    }
    if let Some(hole) = first(EventKind::Kichwa).and_then(|e| e.holes.first()) {
        parts.push(format!("sown from kichwa {hole}"));
    }
    // The first nyumba decision (K-R4.4): safari or stop.
    let decision = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Safari | EventKind::NyumbaStop));
    match decision.map(|e| e.kind) {
        Some(EventKind::Safari) => parts.push("safari".to_string()),
        Some(_) if capture => parts.push("stops at the nyumba".to_string()),
        _ => {}
    }
    for kind in [EventKind::Tax, EventKind::Takasia, EventKind::Reserve] {
        if let Some(e) = first(kind) {
            parts.push(e.text.clone());
        }
    }
    if laps > 1 {
        parts.push(format!("{laps} laps"));
    }
    if events.iter().any(|e| e.kind == EventKind::GameEnd) {
        parts.push("ends the game".to_string());
    }
    let arrow = match dir {
        Some("left") if with_arrow => "← ",
        Some("right") if with_arrow => "→ ",
        Some("up") if with_arrow => "↑ ",
        Some("down") if with_arrow => "↓ ",
        _ => "",
    };
    let label = format!("{arrow}{text}: {}", parts.join(", "));
    MoveJson {
        text,
        from,
        dir,
        capture,
        safari,
        label,
    }
}

impl<G: Evaluate> Session for GameSession<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn state(&self) -> StateJson {
        let pos = self.current();
        let view = pos.view();
        let places = hole_places(&view);
        let moves = if self.is_over() {
            Vec::new()
        } else {
            let legal = pos.moves();
            let starts: Vec<String> = legal
                .iter()
                .map(|&mv| start_hole(&pos.move_text(mv), &places))
                .collect();
            legal
                .iter()
                .zip(&starts)
                .map(|(&mv, from)| {
                    let shared = starts.iter().filter(|s| *s == from).count() > 1;
                    describe_move(pos, mv, &places, shared)
                })
                .collect()
        };
        let history = self
            .texts
            .iter()
            .enumerate()
            .map(|(i, text)| HistoryJson {
                ply: i + 1,
                side: self.positions[i].side_to_move().to_string(),
                text: text.clone(),
                from: start_hole(text, &places),
            })
            .collect();
        let rules = pos.rules();
        StateJson {
            id: self.id.clone(),
            game: G::NAME.to_string(),
            rules: rules.profile_name().to_string(),
            options: rules
                .options()
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect(),
            level: self.level,
            players: PlayersJson {
                south: self.players[0],
                north: self.players[1],
            },
            position: pos.to_text(),
            board: BoardJson::from(&view),
            to_move: pos.side_to_move().to_string(),
            ply: self.moves.len(),
            outcome: self.outcome_json(),
            moves,
            history,
            thinking: self.thinking,
        }
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn thinking(&self) -> bool {
        self.thinking
    }

    fn set_thinking(&mut self, on: bool) {
        self.thinking = on;
    }

    fn play_text(&mut self, text: &str, info: Option<String>) -> Result<PlayedJson, ApiError> {
        if let Some(o) = self.outcome_json() {
            return Err(ApiError::conflict(format!(
                "the game is over ({}); start a new game or undo",
                o.text
            )));
        }
        let pos = self.current().clone();
        let mv = pos.parse_move(text.trim()).map_err(|e| {
            let message = e.to_string();
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
        let (next, events) = pos
            .play_traced(mv)
            .map_err(|e| ApiError::invalid(format!("illegal move {:?}: {e}", text.trim())))?;
        let before = pos.view();
        let played = PlayedJson {
            text: pos.move_text(mv),
            side: pos.side_to_move().to_string(),
            label: {
                let places = hole_places(&before);
                let from = start_hole(&pos.move_text(mv), &places);
                describe_move(&pos, mv, &places, shares_start(&pos, &from, &places)).label
            },
            before: BoardJson::from(&before),
            events: events.iter().map(EventJson::from).collect(),
            info: info.clone(),
        };
        self.texts.push(played.text.clone());
        self.moves.push(mv);
        self.infos.push(info);
        self.positions.push(next);
        self.version += 1;
        Ok(played)
    }

    fn undo(&mut self, plies: usize) -> Result<(), ApiError> {
        if plies == 0 {
            return Err(ApiError::invalid("undo needs plies ≥ 1"));
        }
        if plies > self.moves.len() {
            return Err(ApiError::conflict(format!(
                "cannot undo {plies} move(s): only {} played",
                self.moves.len()
            )));
        }
        let keep = self.moves.len() - plies;
        self.moves.truncate(keep);
        self.texts.truncate(keep);
        self.infos.truncate(keep);
        self.positions.truncate(keep + 1);
        self.decided = None;
        self.version += 1;
        Ok(())
    }

    fn resign(&mut self, side: Side) -> Result<(), ApiError> {
        if let Some(o) = self.outcome_json() {
            return Err(ApiError::conflict(format!(
                "the game is already over ({})",
                o.text
            )));
        }
        self.decided = Some(Outcome {
            winner: Some(side.opponent()),
            reason: EndReason::Resignation,
        });
        self.version += 1;
        Ok(())
    }

    fn record_text(&self) -> String {
        // A resignation is written `[Termination "resignation"]` (notation.md §4).
        let result = self.decided.or_else(|| self.current().outcome());
        let record = GameRecord {
            rules: self.positions[0].rules().clone(),
            start: self.positions[0].clone(),
            moves: self.moves.clone(),
            south: self.names[0].clone(),
            north: self.names[1].clone(),
            date: crate::today(),
            result,
        };
        record.to_text()
    }

    fn at(&self, ply: usize) -> Result<AtJson, ApiError> {
        let pos = self.positions.get(ply).ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::NOT_FOUND,
                format!(
                    "no position at ply {ply}: game {} has {} move(s)",
                    self.id,
                    self.moves.len()
                ),
            )
        })?;
        let view = pos.view();
        let last = ply.checked_sub(1).map(|i| HistoryJson {
            ply,
            side: self.positions[i].side_to_move().to_string(),
            text: self.texts[i].clone(),
            from: start_hole(&self.texts[i], &hole_places(&view)),
        });
        Ok(AtJson {
            ply,
            last,
            position: pos.to_text(),
            board: BoardJson::from(&view),
        })
    }

    fn describe(&self, text: &str) -> Result<MoveJson, ApiError> {
        let pos = self.current();
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

    fn prepare_search(&mut self, hint: bool) -> Result<SearchJob, ApiError> {
        if let Some(o) = self.outcome_json() {
            return Err(ApiError::conflict(format!("the game is over ({})", o.text)));
        }
        if self.thinking {
            return Err(ApiError::conflict(format!(
                "the computer is already thinking in game {}",
                self.id
            )));
        }
        let engine = if hint && self.level < HINT_MIN_LEVEL {
            Arc::clone(self.hint_engine.get_or_insert_with(|| {
                Arc::new(Mutex::new(Engine::new(EngineConfig::level(HINT_MIN_LEVEL))))
            }))
        } else {
            Arc::clone(&self.engine)
        };
        let (stop, level_ms) = {
            let guard = engine.lock().unwrap_or_else(|e| e.into_inner());
            (guard.stop_flag(), guard.config().limits.time_ms)
        };
        let time_ms = level_ms.unwrap_or(THINK_CAP_MS).min(THINK_CAP_MS);
        let pos = self.current().clone();
        let stop_in_job = Arc::clone(&stop);
        let run = Box::new(move || {
            let mut eng = engine.lock().unwrap_or_else(|e| e.into_inner());
            stop_in_job.store(false, Ordering::SeqCst);
            let limits = Limits {
                time_ms: Some(time_ms),
                ..Limits::default()
            };
            let mut last_info = String::new();
            let result = eng.search(&pos, limits, &mut |info| {
                last_info = format_info(&pos, info);
            });
            if last_info.is_empty() {
                last_info = format_info(&pos, &result.info);
            }
            (result.best.map(|mv| pos.move_text(mv)), last_info)
        });
        self.thinking = true;
        Ok(SearchJob {
            run,
            stop,
            time_ms,
            version: self.version,
        })
    }
}
