//! A game in progress: [`GameLine`], the one type every front end (the terminal, the
//! engine protocol, replay, analysis and the web server) keeps a game in.
//!
//! A line holds the start position and its rules, the moves played and the position after
//! each, the players, the date, and a result decided off the board (a resignation, or a
//! record's result). From the history it knows what a memoryless position cannot:
//!
//! - **OPT-MAX-PLIES** (K-R12.4): once [`RuleSet::max_plies`] plies have been played from
//!   the line's start, the game is adjudicated by material ([`Game::material`]);
//! - **repetition** (G-R15, option O7): when a position occurs for the third time (same
//!   side to move), the game ends scored by [`Game::repetition_outcome`].
//!
//! So every front end agrees on when a game is over, that no move is legal then, and what
//! the record says.
//!
//! ```
//! use bao_rules::{Game, GameLine, Side, kingulu::Kingulu};
//!
//! // T32 of the Bao Kingulu spec: A6 a6 restores the position; its third occurrence ends
//! // the game, scored by G-R14: South 27, North 21 (G-R15).
//! let rules = Default::default();
//! let start = Kingulu::from_text("0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South", &rules).unwrap();
//! let mut line = GameLine::new(start);
//! for mv in ["A6", "a6", "A6", "a6"] {
//!     line.play_text(mv).unwrap();
//! }
//! let outcome = line.outcome().unwrap();
//! assert_eq!(outcome.winner, Some(Side::South));
//! assert_eq!(outcome.reason, bao_rules::EndReason::Repetition);
//! assert!(line.legal_moves().is_empty());
//! ```

use crate::record::{GameRecord, RecordError};
use crate::{EndReason, Game, Outcome, PlayError, RuleSet, Side, TraceEvent};
use std::collections::HashMap;
use thiserror::Error;

/// Who plays a side: a person (with the name a record gives) or the engine at a level.
///
/// In records the engine is named `bao level N`; reading also accepts the older
/// `computer (level N)` and `computer`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// A person, by name (`?` when unknown).
    Human(String),
    /// The bao engine at a level 1..=10.
    Computer {
        /// The level (1..=10).
        level: u8,
    },
}

impl Player {
    /// The name written in a record's `South`/`North` tag: the person's name, or
    /// `bao level N`.
    pub fn record_name(&self) -> String {
        match self {
            Player::Human(name) => name.clone(),
            Player::Computer { level } => format!("bao level {level}"),
        }
    }

    /// Reads a record's `South`/`North` tag: `bao level N` and `computer (level N)`
    /// (N in 1..=10) are the engine, and so is a bare `computer` (level 5); anything else
    /// is a person of that name.
    pub fn from_record_name(name: &str) -> Player {
        let n = name.trim();
        let lower = n.to_ascii_lowercase();
        let level = lower
            .strip_prefix("bao level ")
            .or_else(|| {
                lower
                    .strip_prefix("computer (level ")
                    .and_then(|r| r.strip_suffix(')'))
            })
            .and_then(|d| d.trim().parse::<u8>().ok())
            .filter(|l| (1..=10).contains(l));
        match level {
            Some(level) => Player::Computer { level },
            None if lower == "computer" => Player::Computer { level: 5 },
            None => Player::Human(n.to_string()),
        }
    }

    /// Whether this is the engine.
    pub fn is_computer(&self) -> bool {
        matches!(self, Player::Computer { .. })
    }
}

/// Why a line refused a move, an undo or a resignation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// The game is over: nothing can be played (the outcome says why).
    #[error("the game is over: {}", sentence(.0))]
    GameOver(Outcome),
    /// The move text could not be read or the move is not legal here (the rules' reason).
    #[error("{0}")]
    Move(String),
    /// There are not that many moves to take back.
    #[error("cannot undo {asked} plies: only {played} played")]
    Undo {
        /// Plies asked for.
        asked: usize,
        /// Plies in the line.
        played: usize,
    },
}

/// A sentence for players: "South wins: the loser's front row was emptied (bao hamna)",
/// "North wins: South resigned", "the position occurred for the third time: the game ends,
/// South 27–21" (scores for G-R15 are given by [`GameLine::end_sentence`]).
fn sentence(o: &Outcome) -> String {
    match (o.winner, o.reason) {
        (Some(w), EndReason::Resignation) => format!("{w} wins: {} resigned", w.opponent()),
        (Some(w), EndReason::Time) => format!("{w} wins on time"),
        (Some(w), r) => format!("{w} wins: {}", r.describe()),
        (None, r) => format!("draw: {}", r.describe()),
    }
}

/// A game in progress (see the module docs). Always holds at least the start position.
#[derive(Clone, Debug)]
pub struct GameLine<G: Game> {
    /// `positions[0]` is the start; `positions[i]` the position after `i` moves.
    positions: Vec<G>,
    /// `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
    moves: Vec<G::Move>,
    /// The canonical text of each move, as written in the position before it.
    texts: Vec<String>,
    /// South's and North's players.
    players: [Player; 2],
    /// `YYYY.MM.DD`, or empty when unknown.
    date: String,
    /// A result decided off the board: a resignation, or a record's result on a board
    /// where the game is not over.
    decided: Option<Outcome>,
    /// How often each position of the line has occurred (G-R15).
    counts: HashMap<G, u32>,
}

impl<G: Game> GameLine<G> {
    /// A new line from `start` (its rules), players `?` and `?`, no date.
    pub fn new(start: G) -> Self {
        let mut counts = HashMap::new();
        counts.insert(start.clone(), 1);
        GameLine {
            positions: vec![start],
            moves: Vec::new(),
            texts: Vec::new(),
            players: [Player::Human("?".into()), Player::Human("?".into())],
            date: String::new(),
            decided: None,
            counts,
        }
    }

    /// A line that replays a record's moves, with its players, date and result.
    ///
    /// # Errors
    /// [`LineError::Move`] if a move of the record cannot be played (only possible for a
    /// record built by hand; [`GameRecord::from_text`] checks every move).
    pub fn from_record(record: &GameRecord<G>) -> Result<Self, LineError> {
        let mut line = GameLine::new(record.start.clone());
        for &mv in &record.moves {
            line.play(mv)?;
        }
        line.players = [
            Player::from_record_name(&record.south),
            Player::from_record_name(&record.north),
        ];
        line.date = record.date.clone();
        if line.outcome().is_none() {
            line.decided = record.result;
        }
        Ok(line)
    }

    /// Reads a record text (notation.md §4) into a line.
    ///
    /// # Errors
    /// Every [`RecordError`] of [`GameRecord::from_text`].
    pub fn from_record_text(text: &str) -> Result<Self, RecordError> {
        let record = GameRecord::<G>::from_text(text)?;
        GameLine::from_record(&record).map_err(|e| RecordError::Syntax {
            line: 1,
            message: e.to_string(),
        })
    }

    /// The record of the line (moves, players, date, result).
    pub fn to_record(&self) -> GameRecord<G> {
        let mut record = GameRecord::new(self.start().clone());
        record.moves = self.moves.clone();
        record.south = self.players[0].record_name();
        record.north = self.players[1].record_name();
        record.date = self.date.clone();
        record.result = self.outcome();
        record
    }

    /// The canonical record text (notation.md §4).
    pub fn record_text(&self) -> String {
        self.to_record().to_text()
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The rules of the game.
    pub fn rules(&self) -> &G::Rules {
        self.start().rules()
    }

    /// The current position (after the last move).
    pub fn current(&self) -> &G {
        &self.positions[self.positions.len() - 1]
    }

    /// The start, then the position after each move (`plies() + 1` entries).
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The canonical text of each move played.
    pub fn move_texts(&self) -> &[String] {
        &self.texts
    }

    /// The number of moves (plies) played from the start of the line.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// South's and North's players.
    pub fn players(&self) -> &[Player; 2] {
        &self.players
    }

    /// The player of `side`.
    pub fn player(&self, side: Side) -> &Player {
        &self.players[side.index()]
    }

    /// Sets the player of `side`.
    pub fn set_player(&mut self, side: Side, player: Player) {
        self.players[side.index()] = player;
    }

    /// The date (`YYYY.MM.DD`), empty when unknown.
    pub fn date(&self) -> &str {
        &self.date
    }

    /// Sets the date (`YYYY.MM.DD`, see [`crate::record::date_tag`]).
    pub fn set_date(&mut self, date: impl Into<String>) {
        self.date = date.into();
    }

    /// How often the current position has occurred in the line (1 the first time).
    pub fn occurrences(&self) -> u32 {
        self.counts.get(self.current()).copied().unwrap_or(1)
    }

    /// The outcome, `None` while the game goes on. In order: a result decided off the
    /// board (resignation, a record's result); the rules' own end of the current position
    /// (K-R12, G-R12/R14); its third occurrence (G-R15); the adjudication by material
    /// once OPT-MAX-PLIES plies are played (K-R12.4).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.decided {
            return Some(o);
        }
        self.natural_outcome()
    }

    /// The outcome on the board alone (without a result decided off it).
    fn natural_outcome(&self) -> Option<Outcome> {
        let pos = self.current();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        if self.occurrences() >= 3 {
            if let Some(o) = pos.repetition_outcome() {
                return Some(o);
            }
        }
        let max = self.rules().max_plies()?;
        (self.plies() >= max as usize).then(|| adjudicate(pos))
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves in canonical order; empty once the game is over.
    pub fn legal_moves(&self) -> Vec<G::Move> {
        if self.is_over() {
            Vec::new()
        } else {
            self.current().moves()
        }
    }

    /// Plays a move.
    ///
    /// # Errors
    /// [`LineError::GameOver`] once the game is over; [`LineError::Move`] with the rules'
    /// reason for an illegal move. The line is unchanged then.
    pub fn play(&mut self, mv: G::Move) -> Result<&G, LineError> {
        self.check_open()?;
        let next = self
            .current()
            .play(mv)
            .map_err(|e| LineError::Move(e.to_string()))?;
        self.push(mv, next);
        Ok(self.current())
    }

    /// Plays a move and returns its events (laps, captures, ...) for boards and
    /// explanations.
    ///
    /// # Errors
    /// As [`GameLine::play`].
    pub fn play_traced(&mut self, mv: G::Move) -> Result<Vec<TraceEvent>, LineError> {
        self.check_open()?;
        let (next, events) = self
            .current()
            .play_traced(mv)
            .map_err(|e| LineError::Move(e.to_string()))?;
        self.push(mv, next);
        Ok(events)
    }

    /// Reads a move text (notation.md §3) and plays it; returns the move.
    ///
    /// # Errors
    /// As [`GameLine::play`]; [`LineError::Move`] names the text and what is wrong.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, LineError> {
        self.check_open()?;
        let mv = self
            .current()
            .parse_move(text)
            .map_err(|e| LineError::Move(e.message))?;
        self.play(mv)?;
        Ok(mv)
    }

    /// The events of move `index` (0-based) replayed from the position before it, or
    /// `None` past the end of the line.
    pub fn trace(&self, index: usize) -> Option<Vec<TraceEvent>> {
        let mv = *self.moves.get(index)?;
        self.positions[index].play_traced(mv).ok().map(|(_, e)| e)
    }

    /// Takes back the last `plies` moves (and withdraws a result decided off the board:
    /// a resignation is taken back with them). `undo(0)` only withdraws that result.
    ///
    /// # Errors
    /// [`LineError::Undo`] when fewer moves were played; the line is unchanged then.
    pub fn undo(&mut self, plies: usize) -> Result<(), LineError> {
        if plies > self.moves.len() {
            return Err(LineError::Undo {
                asked: plies,
                played: self.moves.len(),
            });
        }
        for _ in 0..plies {
            let pos = self.positions.pop().expect("more positions than moves");
            if let Some(n) = self.counts.get_mut(&pos) {
                *n -= 1;
                if *n == 0 {
                    self.counts.remove(&pos);
                }
            }
            self.moves.pop();
            self.texts.pop();
        }
        self.decided = None;
        Ok(())
    }

    /// `side` resigns: the opponent wins ([`EndReason::Resignation`]).
    ///
    /// # Errors
    /// [`LineError::GameOver`] when the game is already over.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, LineError> {
        self.check_open()?;
        let outcome = Outcome {
            winner: Some(side.opponent()),
            reason: EndReason::Resignation,
        };
        self.decided = Some(outcome);
        Ok(outcome)
    }

    /// Both players agreed to a draw: a result decided off the board, with no winner
    /// ([`EndReason::OffBoard`]; the record carries `Result "1/2-1/2"` and no
    /// `Termination`, and reads back as the same outcome).
    ///
    /// # Errors
    /// [`LineError::GameOver`] when the game is already over.
    pub fn agree_draw(&mut self) -> Result<Outcome, LineError> {
        self.check_open()?;
        let outcome = Outcome {
            winner: None,
            reason: EndReason::OffBoard,
        };
        self.decided = Some(outcome);
        Ok(outcome)
    }

    /// `side`'s clock ran out: the opponent wins ([`EndReason::Time`], `Termination
    /// "time"`). The server keeping the clock decides when; the line only records it.
    ///
    /// # Errors
    /// [`LineError::GameOver`] when the game is already over.
    pub fn lose_on_time(&mut self, side: Side) -> Result<Outcome, LineError> {
        self.check_open()?;
        let outcome = Outcome {
            winner: Some(side.opponent()),
            reason: EndReason::Time,
        };
        self.decided = Some(outcome);
        Ok(outcome)
    }

    /// A sentence for players once the game is over, with the seeds where they decide it:
    /// "South wins: the loser had no legal move", "North wins: South resigned",
    /// "the position occurred for the third time: the game ends, South 27–21" (G-R15),
    /// "max-plies 40 reached: adjudicated by material, South 33–31" (K-R12.4).
    pub fn end_sentence(&self) -> Option<String> {
        let o = self.outcome()?;
        let pos = self.current();
        let (s, n) = (pos.material(Side::South), pos.material(Side::North));
        let score = match o.winner {
            Some(Side::North) => format!("North {n}–{s}"),
            Some(Side::South) => format!("South {s}–{n}"),
            None => format!("drawn {s}–{n}"),
        };
        Some(match o.reason {
            EndReason::Repetition => {
                format!("the position occurred for the third time: the game ends, {score}")
            }
            EndReason::Adjudicated if self.decided.is_none() => format!(
                "max-plies {} reached: adjudicated by material, {score}",
                self.rules().max_plies().unwrap_or(0)
            ),
            EndReason::Score => format!("{}, {score}", sentence(&o)),
            _ => sentence(&o),
        })
    }

    fn check_open(&self) -> Result<(), LineError> {
        match self.outcome() {
            Some(o) => Err(LineError::GameOver(o)),
            None => Ok(()),
        }
    }

    fn push(&mut self, mv: G::Move, next: G) {
        self.texts.push(self.current().move_text(mv));
        *self.counts.entry(next.clone()).or_insert(0) += 1;
        self.positions.push(next);
        self.moves.push(mv);
    }
}

/// The result of a game stopped at a ply limit (K-R12.4, OPT-MAX-PLIES; the match
/// runner's limit): the side with more material ([`Game::material`]) wins, equal material
/// is a draw. The reason is always [`EndReason::Adjudicated`].
pub fn adjudicate<G: Game>(pos: &G) -> Outcome {
    let s = pos.material(Side::South);
    let n = pos.material(Side::North);
    let winner = match s.cmp(&n) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    };
    Outcome {
        winner,
        reason: EndReason::Adjudicated,
    }
}

/// Checks that rules taken from untrusted input (a web request, a record file) bound the
/// work of one move to at most `max_laps` laps ([`RuleSet::lap_bound`]) and of a game to
/// at most `max_plies` plies when they set OPT-MAX-PLIES.
///
/// # Errors
/// A sentence naming the option, its value and the limit, e.g. `option non-terminating
/// lap-cap:100000000 allows moves of 100000000 laps; the limit here is 100000`.
pub fn check_work<R: RuleSet>(rules: &R, max_laps: u64, max_plies: u32) -> Result<(), String> {
    if let Some(laps) = rules.lap_bound() {
        if laps > max_laps {
            let (name, value) = rules
                .options()
                .into_iter()
                .find(|(n, _)| *n == "non-terminating")
                .unwrap_or(("lap bound", laps.to_string()));
            return Err(format!(
                "option {name} {value} allows moves of {laps} laps; the limit here is {max_laps}"
            ));
        }
    }
    if let Some(p) = rules.max_plies() {
        if p > max_plies {
            return Err(format!(
                "option max-plies {p} is above the limit here of {max_plies}"
            ));
        }
    }
    Ok(())
}

/// The play error of a line (for front ends that report [`PlayError`]s).
impl From<PlayError> for LineError {
    fn from(e: PlayError) -> Self {
        LineError::Move(e.to_string())
    }
}
