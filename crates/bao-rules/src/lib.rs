//! Exact rules of the Bao games: Bao la Kiswahili (4×8, namua and mtaji stages) and
//! Bao Kingulu (2×6 relay sowing with kuweka mtoto).
//!
//! The crate has no I/O, no search and no threads. Every game implements the [`Game`]
//! trait, so that searchers, the match runner, the command line and the web app work for
//! every game:
//!
//! ```
//! use bao_rules::{Game, kiswahili::Kiswahili};
//!
//! let start = Kiswahili::start(&Default::default());
//! let mut moves = Vec::new();
//! start.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 4); // T1 of the Bao la Kiswahili spec
//! let texts: Vec<String> = moves.iter().map(|m| start.move_text(*m)).collect();
//! assert_eq!(texts, ["A6<", "A6>", "A7<", "A7>"]);
//! ```
//!
//! Text formats (positions, moves, records) follow `notation.md` of the project's rules
//! folder; rule numbers in docs refer to the two specifications (K-Rn for Bao la
//! Kiswahili, G-Rn for Bao Kingulu).
#![deny(missing_docs)]

use std::fmt::{self, Debug, Display};
use std::hash::Hash;

mod kind;
pub mod kingulu;
pub mod kiswahili;
pub mod line;
pub mod perft;
pub mod record;

mod error;
mod phrase;
mod view;

pub use error::{MoveParseError, OptionError, PlayError, PositionError};
pub use kind::{GameKind, UnknownGame};
pub use line::{GameLine, LineError, Player};
pub use phrase::{Phrase, PitEnd};
pub use view::{BoardView, CellMark, CellView, EventKind, TraceEvent};

/// One of the two players. South moves first by default (K-§1.7, G-G5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player seated at the bottom of the diagrams (rows A/B, pits A1..A6).
    South,
    /// The player seated at the top of the diagrams (rows a/b, pits a1..a6).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North (for indexing per-side arrays).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Parses `South`/`North` (case-insensitive, also `S`/`N`).
    pub fn parse(text: &str) -> Option<Side> {
        match text.trim().to_ascii_lowercase().as_str() {
            "south" | "s" => Some(Side::South),
            "north" | "n" => Some(Side::North),
            _ => None,
        }
    }
}

impl Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// Why a game ended (notation.md §2, the `result` line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The loser's front row was emptied by a capture (K-R12.1).
    BaoHamna,
    /// The loser, to move, had no legal move (K-R12.3, G-R12).
    NoLegalMove,
    /// The mover emptied his own front row (K-R12.2).
    FrontRowEmpty,
    /// Bao Kingulu: the game ended and the scores were counted (G-R14).
    Score,
    /// A maximum number of plies was reached (K-R12.4, OPT-MAX-PLIES).
    Adjudicated,
    /// The loser resigned (a result decided off the board; never produced by the rules,
    /// only by players: records, the web app).
    Resignation,
    /// Bao Kingulu: a position occurred for the third time and the game was scored by
    /// G-R14 on it (G-R15, option O7).
    Repetition,
    /// The loser's clock ran out (a result decided off the board, by a server's clock:
    /// the web app's Fischer and correspondence clocks; `Termination "time"`).
    Time,
    /// A decided result whose reason was not recorded (a game record with a `Result` on a
    /// board where the game is not over and no `Termination` tag, or `Termination
    /// "agreement"`): the result was decided off the board.
    OffBoard,
}

impl EndReason {
    /// Every reason, in declaration order: the one list front ends parse reason words
    /// against (records, the Python `Outcome`).
    pub const ALL: [EndReason; 9] = [
        EndReason::BaoHamna,
        EndReason::NoLegalMove,
        EndReason::FrontRowEmpty,
        EndReason::Score,
        EndReason::Adjudicated,
        EndReason::Resignation,
        EndReason::Repetition,
        EndReason::OffBoard,
        EndReason::Time,
    ];

    /// The reason whose word ([`EndReason::as_str`]) is `word`, if any.
    pub fn parse(word: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.as_str() == word)
    }

    /// The reason word of notation.md §2 (`bao-hamna`, `no-legal-move`, ...; `resignation`
    /// and `off-board` for results decided off the board).
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::BaoHamna => "bao-hamna",
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::FrontRowEmpty => "front-row-empty",
            EndReason::Score => "score",
            EndReason::Adjudicated => "adjudicated",
            EndReason::Resignation => "resignation",
            EndReason::Repetition => "repetition",
            EndReason::OffBoard => "off-board",
            EndReason::Time => "time",
        }
    }

    /// A sentence for players ("the front row was emptied (bao hamna)").
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::BaoHamna => "the loser's front row was emptied (bao hamna)",
            EndReason::NoLegalMove => "the loser had no legal move",
            EndReason::FrontRowEmpty => "the loser emptied his own front row",
            EndReason::Score => "the seeds were counted",
            EndReason::Adjudicated => "adjudicated after the maximum number of plies",
            EndReason::Resignation => "the loser resigned",
            EndReason::Repetition => {
                "the position occurred for the third time and the seeds were counted"
            }
            EndReason::OffBoard => "the result was decided off the board",
            EndReason::Time => "the loser's time ran out",
        }
    }
}

impl Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw (only Bao Kingulu's 24–24, G-R14, or adjudication).
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Display for Outcome {
    /// `South bao-hamna`, `draw score`: the payload of notation.md's `result` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} {}", self.reason),
            None => write!(f, "draw {}", self.reason),
        }
    }
}

/// A set of rule options with named profiles (K-§3.3/§3.5, G-§4.7).
///
/// `Default` is the default profile of the game.
pub trait RuleSet: Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// The names of the profiles, default first.
    fn profile_names() -> &'static [&'static str];

    /// The options of a named profile.
    ///
    /// # Errors
    /// [`OptionError`] naming the unknown profile and listing the known ones.
    fn profile(name: &str) -> Result<Self, OptionError>;

    /// The name of the profile these options started from.
    fn profile_name(&self) -> &'static str;

    /// Every option as `(name, value)` in a fixed order, values in the same words that
    /// [`RuleSet::set_option`] accepts.
    fn options(&self) -> Vec<(&'static str, String)>;

    /// Sets one option by name.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown name or a value the option does not take; the
    /// options are unchanged then.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError>;

    /// OPT-MAX-PLIES (K-R12.4): the number of plies after which a game in progress is
    /// adjudicated by material ([`GameLine::outcome`]). Default: `None` (no limit).
    fn max_plies(&self) -> Option<u32> {
        None
    }

    /// The most laps one move may take when an option lets moves run that long (Bao
    /// Kingulu's `non-terminating lap-cap:N`, G-R13 / O4, where endless relays run to the
    /// cap), or `None` when the rules end every move soon themselves (exact detection of
    /// endless moves: Bao Kingulu's default, Bao la Kiswahili's Brent detection, K-R13.3). Front ends that take options from untrusted input compare this with their
    /// own limit ([`line::check_work`]).
    fn lap_bound(&self) -> Option<u64> {
        None
    }

    /// The options that differ from the named profile's, as `(name, value)`
    /// (for game records, notation.md §4).
    fn differences(&self) -> Vec<(&'static str, String)> {
        let base = Self::profile(self.profile_name())
            .unwrap_or_default()
            .options();
        self.options()
            .into_iter()
            .zip(base)
            .filter(|(a, b)| a.1 != b.1)
            .map(|(a, _)| a)
            .collect()
    }
}

/// A position of one game, with the rules it is played under.
///
/// Positions are cheap to copy (copy-make, not undo). A move is one decision
/// (notation.md §3): every lap, capture and relay happens inside [`Game::play`].
pub trait Game: Clone + Debug + PartialEq + Eq + Hash + Display + Send + Sync + 'static {
    /// One move (a complete decision).
    type Move: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + 'static;
    /// The rule options of the game.
    type Rules: RuleSet;

    /// The game's name in records and the engine protocol: `kiswahili` or `kingulu`.
    const NAME: &'static str;
    /// The number of seeds in the game (64 or 48): board plus stores, always.
    const SEEDS: u32;

    /// The start position under these rules (K-§1.7 / the `kujifunza` start; G-G4).
    fn start(rules: &Self::Rules) -> Self;

    /// Parses and validates a position text (notation.md §2).
    ///
    /// # Errors
    /// [`PositionError::Syntax`] naming the field and text that could not be read, or
    /// [`PositionError::Invalid`] with every reason the setup is not a valid position.
    fn from_text(text: &str, rules: &Self::Rules) -> Result<Self, PositionError>;

    /// The canonical position text (notation.md §2). Same as `Display`.
    fn to_text(&self) -> String {
        self.to_string()
    }

    /// The rules this position is played under.
    fn rules(&self) -> &Self::Rules;

    /// The side to move (after a game-ending move: the player who would move next).
    fn side_to_move(&self) -> Side;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Clears `out` and fills it with the legal moves in canonical order (the order of
    /// their move texts as `validmoves` prints them). Empty when the game is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`PlayError`] when the game is over or the move is not legal here.
    fn play(&self, mv: Self::Move) -> Result<Self, PlayError>;

    /// Plays a move taken from [`Game::legal_moves`] of this position, without checking
    /// legality (the fast path for search). The result is unspecified for other moves,
    /// but never undefined behaviour.
    fn play_unchecked(&self, mv: Self::Move) -> Self;

    /// Plays a legal move and returns the events of the move (lifts, laps, captures,
    /// kichwa, safari, takasia, kuweka mtoto, game end) for boards and explanations.
    /// The resulting position equals [`Game::play`]'s.
    ///
    /// # Errors
    /// As [`Game::play`].
    fn play_traced(&self, mv: Self::Move) -> Result<(Self, Vec<TraceEvent>), PlayError>;

    /// Parses a move text (notation.md §3), checking annotations when present.
    ///
    /// # Errors
    /// [`MoveParseError`] naming the text and what is wrong with it. A well-formed move
    /// that is not legal here is an error too, saying why.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError>;

    /// The canonical move text (notation.md §3), without annotations.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The board as players see it, for drawing (North on top).
    fn view(&self) -> BoardView;

    /// The seeds that count for `side` when a game is adjudicated (K-R12.4, OPT-MAX-PLIES;
    /// the match runner's ply limit): the provisional score when the game has one
    /// (G-R14), otherwise the seeds in the side's holes plus its store. Default: from
    /// [`Game::view`].
    fn material(&self, side: Side) -> i32 {
        let view = self.view();
        if let Some(scores) = view.scores {
            return scores[side.index()] as i32;
        }
        let on_board: u32 = view
            .rows
            .iter()
            .flatten()
            .filter(|c| c.owner == side)
            .map(|c| c.seeds)
            .sum();
        (on_board + view.stores[side.index()]) as i32
    }

    /// The outcome when this position has just occurred for the third time in a game
    /// (Bao Kingulu G-R15 under option O7 `third-occurrence-scores`: scored by G-R14 as if
    /// the player to move had no legal move, reason [`EndReason::Repetition`]), or `None`
    /// when the rules have no repetition rule (Bao la Kiswahili; O7 `none`). The position
    /// itself has no memory: [`GameLine`] counts the occurrences.
    fn repetition_outcome(&self) -> Option<Outcome> {
        None
    }

    /// The legal moves as a fresh vector (convenience over [`Game::legal_moves`]).
    fn moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves(&mut out);
        out
    }
}
