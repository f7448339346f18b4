//! Moves and their text (notation.md §3): `<hole><dir>[+]`, annotations `*`, `**`, `#`.

use super::geometry::{dir_symbol, hole_name, parse_hole, symbol_cw};
use crate::Side;

/// What kind of move a [`Move`] is; fixed by the position (K-R6, R7, R9, R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A capture move: its first lap (or the namua store seed) captures (K-R6, R9.2).
    Capture,
    /// A takata move: nothing is captured in the whole move (K-R7, R10).
    Takata,
    /// A namua tax: 2 seeds sown from the functional nyumba (K-R7.3).
    Tax,
}

/// One move of Bao la Kiswahili: a complete decision (notation.md §3).
///
/// `hole` is the mover's start hole as a ring index (K-§1.2: 0..7 = A1..A8, 8..15 = B8..B1);
/// `cw` is the direction of the move's first sowing (for a namua capture: the captured
/// seeds' sowing, so `cw` = from the left kichwa); `safari` is the `+` of a capture move
/// that takes safari at the functional nyumba (K-R4.4, R6.4). The kind is set by move
/// generation; [`crate::Game::play`] matches moves on hole, direction and safari only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub(crate) hole: u8,
    pub(crate) cw: bool,
    pub(crate) safari: bool,
    pub(crate) kind: MoveKind,
}

impl Move {
    /// A move from ring index `hole` (taken mod 16) sowing first `cw`, with safari and kind.
    pub fn new(hole: usize, cw: bool, safari: bool, kind: MoveKind) -> Move {
        Move {
            hole: (hole & 15) as u8,
            cw,
            safari,
            kind,
        }
    }

    /// The start hole as a ring index 0..15 (K-§1.2).
    pub fn hole(self) -> usize {
        self.hole as usize
    }

    /// Whether the first sowing goes clockwise (K-§1.3).
    pub fn cw(self) -> bool {
        self.cw
    }

    /// Whether the move takes safari when the decision arises (`+`).
    pub fn safari(self) -> bool {
        self.safari
    }

    /// The kind of move.
    pub fn kind(self) -> MoveKind {
        self.kind
    }

    /// The canonical text of this move for `side` (`A6>`, `B3<`, `a2>+`; notation.md §3).
    pub fn text(self, side: Side) -> String {
        let mut s = hole_name(side, self.hole());
        s.push(dir_symbol(self.hole(), self.cw));
        if self.safari {
            s.push('+');
        }
        s
    }

    /// The key of the canonical move order (hole A1..A8, B1..B8; `<` before `>`; no `+`
    /// before `+`).
    pub fn order_key(self) -> (usize, bool, bool) {
        let h = self.hole();
        let pos = if h < 8 { h } else { 23 - h };
        (pos, dir_symbol(h, self.cw) == '>', self.safari)
    }
}

/// Annotations written after a move (notation.md §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Annotations {
    /// `*`: the move is a takata.
    pub takata: bool,
    /// `**`: the move takasias a hole.
    pub takasia: bool,
    /// `#`: the move wins.
    pub wins: bool,
}

/// A move text split into side, ring index, direction, safari and annotations.
pub(crate) struct ParsedMove {
    pub side: Side,
    pub hole: usize,
    pub cw: bool,
    pub safari: bool,
    pub notes: Annotations,
}

/// Reads `<hole><dir>[+][*|**][#]`.
pub(crate) fn parse_move_text(text: &str) -> Result<ParsedMove, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("empty move text".into());
    }
    let hole_text = t
        .get(..2)
        .ok_or_else(|| "expected a hole such as A6 or b3 followed by < or >".to_string())?;
    let (side, hole) = parse_hole(hole_text).ok_or_else(|| {
        format!("no such hole {hole_text:?} (holes are A1..A8, B1..B8, a1..a8, b1..b8)")
    })?;
    let mut rest = &t[2..];
    let right = match rest.chars().next() {
        Some('>') => true,
        Some('<') => false,
        Some(c) => {
            return Err(format!(
                "expected direction < or > after {hole_text}, found {c:?}"
            ))
        }
        None => return Err(format!("missing direction < or > after {hole_text}")),
    };
    rest = &rest[1..];
    let safari = if let Some(r) = rest.strip_prefix('+') {
        rest = r;
        true
    } else {
        false
    };
    let mut notes = Annotations::default();
    if let Some(r) = rest.strip_prefix("**") {
        notes.takasia = true;
        notes.takata = true;
        rest = r;
    } else if let Some(r) = rest.strip_prefix('*') {
        notes.takata = true;
        rest = r;
    }
    if let Some(r) = rest.strip_prefix('#') {
        notes.wins = true;
        rest = r;
    }
    if !rest.is_empty() {
        return Err(format!(
            "unexpected {rest:?} after the move (annotations are *, ** and #)"
        ));
    }
    Ok(ParsedMove {
        side,
        hole,
        cw: symbol_cw(hole, right),
        safari,
        notes,
    })
}
