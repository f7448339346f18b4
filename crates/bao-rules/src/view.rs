//! Game-independent views of a position and of a move's events, for drawing boards
//! (terminal, browser) and for explaining moves.

use crate::Side;

/// Special marks of a hole in [`CellView`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellMark {
    /// An ordinary hole.
    Plain,
    /// A nyumba (K-R8) that its owner still owns; `functional` = owned ∧ ≥ threshold seeds.
    Nyumba {
        /// Whether it is functional now (K-R8.3).
        functional: bool,
    },
    /// A nyumba whose ownership is lost (an ordinary hole now, drawn square).
    LostNyumba,
    /// A Kingulu pit reserved (kuweka mtoto, G-R9) by this side.
    Reserved(Side),
}

/// One hole as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CellView {
    /// The hole's name in notation (`A5`, `b8`, `a3`).
    pub name: String,
    /// Seeds in the hole.
    pub seeds: u32,
    /// The side whose row this hole is in.
    pub owner: Side,
    /// Special status.
    pub mark: CellMark,
    /// Whether this hole is takasia'd against the side to move (K-R11).
    pub takasia: bool,
}

/// A board drawn as players see it: rows top to bottom from South's seat, each row
/// left to right from South's seat (the order of the position text, notation.md §2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardView {
    /// Bao la Kiswahili: 4 rows of 8 (b, a, A, B); Bao Kingulu: 2 rows of 6 (a, A).
    pub rows: Vec<Vec<CellView>>,
    /// Stores (seeds off the board) indexed by [`Side::index`].
    pub stores: [u32; 2],
    /// The side to move.
    pub to_move: Side,
    /// The stage for display: `namua`, `mtaji` (Kiswahili) or `play` (Kingulu).
    pub stage: String,
    /// Provisional scores for games that count them (G-R14), indexed by side.
    pub scores: Option<[u32; 2]>,
}

/// What happened in one step of a traced move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// Namua: a seed entered from the store into a hole (K-R6.3, R7.5).
    Enter,
    /// Seeds lifted from a hole (start of a move, a relay, a safari).
    Lift,
    /// A lap sown seed by seed; `holes` lists the holes in order.
    Sow,
    /// A capture of the opponent's hole (K-R4.3, G-R8).
    Capture,
    /// The kichwa the captured seeds are sown from (K-R5).
    Kichwa,
    /// The mover chose safari at the functional nyumba (K-R4.4).
    Safari,
    /// The mover chose to stop at the functional nyumba (K-R4.4).
    NyumbaStop,
    /// The tax: 2 seeds sown from the nyumba (K-R7.3).
    Tax,
    /// A lap ended in the takasia'd hole (K-R11.5).
    TakasiaStop,
    /// The move takasias a hole of the opponent (K-R11).
    Takasia,
    /// Ownership of a nyumba was lost (K-R8.2).
    NyumbaLost,
    /// Kuweka mtoto: a pit became reserved (G-R9).
    Reserve,
    /// The last-but-one seed moved into the new reserved pit (G-R9).
    Transfer,
    /// A seed fell into a reserved pit and went to its owner's store (G-R6).
    Bank,
    /// The move ended (the last seed fell in an empty hole, etc.).
    End,
    /// The game is over.
    GameEnd,
}

impl EventKind {
    /// Every kind, in declaration order.
    pub const ALL: [EventKind; 16] = [
        EventKind::Enter,
        EventKind::Lift,
        EventKind::Sow,
        EventKind::Capture,
        EventKind::Kichwa,
        EventKind::Safari,
        EventKind::NyumbaStop,
        EventKind::Tax,
        EventKind::TakasiaStop,
        EventKind::Takasia,
        EventKind::NyumbaLost,
        EventKind::Reserve,
        EventKind::Transfer,
        EventKind::Bank,
        EventKind::End,
        EventKind::GameEnd,
    ];

    /// The kind's name, the one spelling every front end uses (the web's JSON, the Python
    /// `TraceEvent.kind`): lower case, words joined by `-` like the reason words of
    /// notation.md §2 (`enter`, `lift`, `sow`, `capture`, `kichwa`, `safari`, `nyumba-stop`,
    /// `tax`, `takasia-stop`, `takasia`, `nyumba-lost`, `reserve`, `transfer`, `bank`, `end`,
    /// `game-end`).
    pub fn as_str(self) -> &'static str {
        match self {
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
}

/// One step of a traced move, with the board after it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TraceEvent {
    /// What happened.
    pub kind: EventKind,
    /// The holes involved, by name, in order (for `Sow`: every hole that received a seed).
    pub holes: Vec<String>,
    /// The number of seeds involved (lifted, sown, captured, ...).
    pub seeds: u32,
    /// What the step says, as data, for a front end to put into the player's words.
    pub phrase: crate::Phrase,
    /// The same in English (`phrase`'s `Display`), e.g. `captures 7 from a5`.
    pub text: String,
    /// The hole counts after this step, in the order of the position text (32 or 12).
    pub counts: Vec<u32>,
    /// The stores after this step, indexed by side.
    pub stores: [u32; 2],
}
