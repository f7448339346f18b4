//! The Bao Kingulu position (G-§3): pits, reservations, stores, side to move; validation
//! of invariants I1–I4, the position text of notation.md §2, scores (G-R14) and the board
//! view.

use super::Rules;
use crate::{BoardView, CellMark, CellView, PositionError, Side};
use std::fmt;

/// Seeds in the game, board plus stores (G-G4, I1).
pub(crate) const TOTAL: u32 = 48;

/// The row owner of global pit `i` (G-G2): pits 0–5 are South's, 6–11 North's.
#[inline]
pub(crate) fn row_of(i: usize) -> Side {
    if i < 6 {
        Side::South
    } else {
        Side::North
    }
}

/// The notation name of global pit `i` (notation.md §1): `A1`..`A6` for 0..5,
/// `a1`..`a6` for 6..11.
pub fn pit_name(i: usize) -> String {
    if i < 6 {
        format!("A{}", i + 1)
    } else {
        format!("a{}", i - 5)
    }
}

/// The global pit indices in the order of the position text: a6..a1, then A1..A6.
pub(crate) const TEXT_ORDER: [usize; 12] = [11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5];

/// A Bao Kingulu position with its rules (G-§3, representation H).
///
/// * `pits[i]`: seeds lying in global pit i (0..11 in sowing order, G-§2);
/// * reservations: a reserved pit always lies in the row of its reserver's opponent
///   (I2), so one bit per pit is stored and the owner is the other row's player;
/// * `stores`: seeds each side took off the board, indexed by [`Side::index`];
/// * the side to move.
///
/// Build one with [`crate::Game::start`], [`crate::Game::from_text`] or
/// [`Kingulu::from_parts`]; every constructor checks I1–I4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kingulu {
    pub(crate) pits: [u8; 12],
    /// Bit i set: pit i is reserved (by the opponent of pit i's row owner).
    pub(crate) reserved: u16,
    pub(crate) stores: [u8; 2],
    pub(crate) to_move: Side,
    pub(crate) rules: Rules,
}

impl Kingulu {
    /// The start position (G-G4): 4 seeds in every pit, empty stores, nothing reserved,
    /// `first_player` (O1) to move.
    pub fn initial(rules: &Rules) -> Kingulu {
        Kingulu {
            pits: [4; 12],
            reserved: 0,
            stores: [0, 0],
            to_move: rules.first_player,
            rules: *rules,
        }
    }

    /// Builds a position from its fields and checks invariants I1–I4 (G-§3).
    ///
    /// `pits` and `reserved_by` are indexed by global pit 0..11; `stores` by
    /// [`Side::index`].
    ///
    /// # Errors
    /// [`PositionError::Invalid`] with every reason found: the seed total (pits plus
    /// stores) is not 48 (I1), a pit or store holds more than 48 seeds, a pit is reserved
    /// by the owner of its own row (I2), a reserved pit does not hold 4 or 5 seeds (I3).
    pub fn from_parts(
        pits: [u8; 12],
        reserved_by: [Option<Side>; 12],
        stores: [u8; 2],
        to_move: Side,
        rules: &Rules,
    ) -> Result<Kingulu, PositionError> {
        let mut reasons = Vec::new();
        let mut reserved = 0u16;
        for i in 0..12 {
            if u32::from(pits[i]) > TOTAL {
                reasons.push(format!(
                    "pit {} holds {} seeds, more than the {TOTAL} of the game",
                    pit_name(i),
                    pits[i]
                ));
            }
            if let Some(owner) = reserved_by[i] {
                if owner == row_of(i) {
                    reasons.push(format!(
                        "pit {} is reserved by {owner} but lies in {owner}'s own row; a pit can only be reserved in the opponent's row (G-I2)",
                        pit_name(i)
                    ));
                }
                if pits[i] != 4 && pits[i] != 5 {
                    reasons.push(format!(
                        "reserved pit {} holds {} seeds; a reserved pit holds 4 or 5 (G-I3)",
                        pit_name(i),
                        pits[i]
                    ));
                }
                reserved |= 1 << i;
            }
        }
        for side in Side::BOTH {
            if u32::from(stores[side.index()]) > TOTAL {
                reasons.push(format!(
                    "{side}'s store holds {} seeds, more than the {TOTAL} of the game",
                    stores[side.index()]
                ));
            }
        }
        let total: u32 = pits.iter().map(|&c| u32::from(c)).sum::<u32>()
            + u32::from(stores[0])
            + u32::from(stores[1]);
        if total != TOTAL {
            reasons.push(format!(
                "the pits and stores hold {total} seeds in all; Bao Kingulu has {TOTAL} (G-I1)"
            ));
        }
        if reasons.is_empty() {
            Ok(Kingulu {
                pits,
                reserved,
                stores,
                to_move,
                rules: *rules,
            })
        } else {
            Err(PositionError::Invalid(reasons))
        }
    }

    /// Seeds lying in each global pit 0..11 (G-§2; reserved pits keep their 4 or 5).
    #[inline]
    pub fn pits(&self) -> [u8; 12] {
        self.pits
    }

    /// The side that reserved global pit `pit` (G-R9), or `None` for an ordinary pit or
    /// an index outside 0..11.
    #[inline]
    pub fn reserved_by(&self, pit: usize) -> Option<Side> {
        if pit < 12 && self.reserved & (1 << pit) != 0 {
            Some(row_of(pit).opponent())
        } else {
            None
        }
    }

    /// The reserved pits as a bit mask (bit i = global pit i), for hashing and
    /// evaluation.
    #[inline]
    pub fn reserved_mask(&self) -> u16 {
        self.reserved
    }

    /// Seeds `side` has taken off the board: captures (G-R8) and banked seeds (G-R6).
    #[inline]
    pub fn store(&self, side: Side) -> u8 {
        self.stores[side.index()]
    }

    /// The score of `side` by G-R14, provisional while the game goes on: its store, plus
    /// the seeds in the non-reserved pits of its row, plus the seeds in the pits it
    /// reserved. The two scores sum to 48.
    #[inline]
    pub fn score(&self, side: Side) -> u8 {
        let own: u16 = if side == Side::South { 0x03f } else { 0xfc0 };
        // Pits counted for `side`: own row minus reserved, plus reserved in the other row.
        let mask = (own & !self.reserved) | (!own & 0xfff & self.reserved);
        let mut sum = self.stores[side.index()];
        for i in 0..12 {
            if mask & (1 << i) != 0 {
                sum += self.pits[i];
            }
        }
        sum
    }

    /// The position with South and North exchanged (G-§8 symmetry): pit i moves to
    /// (i + 6) mod 12, stores and reservations swap owners, the other side moves.
    pub fn mirrored(&self) -> Kingulu {
        let mut pits = [0u8; 12];
        for (i, &c) in self.pits.iter().enumerate() {
            pits[(i + 6) % 12] = c;
        }
        let reserved = ((self.reserved << 6) | (self.reserved >> 6)) & 0xfff;
        Kingulu {
            pits,
            reserved,
            stores: [self.stores[1], self.stores[0]],
            to_move: self.to_move.opponent(),
            rules: self.rules,
        }
    }

    /// Checks I1–I4 against the position before the move (debug builds only).
    #[inline]
    pub(crate) fn debug_check_after(&self, before: &Kingulu) {
        if cfg!(debug_assertions) {
            let total: u32 = self.pits.iter().map(|&c| u32::from(c)).sum::<u32>()
                + u32::from(self.stores[0])
                + u32::from(self.stores[1]);
            debug_assert_eq!(total, TOTAL, "I1 broken after a move: {self}");
            debug_assert_eq!(self.reserved & !0xfff, 0, "I2: reservation mask");
            for i in 0..12 {
                if self.reserved & (1 << i) != 0 {
                    debug_assert!(
                        self.pits[i] == 4 || self.pits[i] == 5,
                        "I3 broken after a move: {self}"
                    );
                    if before.reserved & (1 << i) != 0 {
                        debug_assert_eq!(self.pits[i], before.pits[i], "I3: count changed");
                    }
                }
            }
            debug_assert_eq!(
                before.reserved & !self.reserved,
                0,
                "I4 broken: a reservation disappeared"
            );
        }
    }

    /// Parses and validates a position text (notation.md §2):
    /// `a6..a1 / A1..A6 ; S=<n> N=<n> ; <side>`, a reserved pit written `<n>*S`/`<n>*N`.
    pub(crate) fn parse_text(text: &str, rules: &Rules) -> Result<Kingulu, PositionError> {
        let syntax = |field: &str, text: &str, message: String| PositionError::Syntax {
            field: field.to_string(),
            text: text.to_string(),
            message,
        };
        let fields: Vec<&str> = text.split(';').collect();
        if fields.len() != 3 {
            return Err(syntax(
                "position",
                text,
                format!(
                    "expected 3 fields separated by ';' (board ; stores ; side), found {}",
                    fields.len()
                ),
            ));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 2 {
            return Err(syntax(
                "board",
                fields[0].trim(),
                format!(
                    "expected 2 rows separated by '/' (a6..a1 / A1..A6), found {}",
                    rows.len()
                ),
            ));
        }
        let mut pits = [0u8; 12];
        let mut reserved_by = [None; 12];
        for (r, row) in rows.iter().enumerate() {
            let (row_name, order): (&str, [usize; 6]) = if r == 0 {
                ("row a", [11, 10, 9, 8, 7, 6])
            } else {
                ("row A", [0, 1, 2, 3, 4, 5])
            };
            let tokens: Vec<&str> = row.split_whitespace().collect();
            if tokens.len() != 6 {
                return Err(syntax(
                    row_name,
                    row.trim(),
                    format!("expected 6 pits, found {}", tokens.len()),
                ));
            }
            for (tok, &i) in tokens.iter().zip(order.iter()) {
                let field = format!("pit {}", pit_name(i));
                let (count, mark) = match tok.split_once('*') {
                    Some((c, m)) => (c, Some(m)),
                    None => (*tok, None),
                };
                if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(syntax(
                        &field,
                        tok,
                        "expected a seed count (a whole number), optionally followed by *S or *N"
                            .to_string(),
                    ));
                }
                pits[i] = count
                    .parse::<u8>()
                    .map_err(|_| syntax(&field, tok, format!("seed count {count} is too large")))?;
                if let Some(m) = mark {
                    reserved_by[i] = Some(match m {
                        "S" => Side::South,
                        "N" => Side::North,
                        _ => {
                            return Err(syntax(
                                &field,
                                tok,
                                format!("reservation mark must be *S or *N, found *{m}"),
                            ))
                        }
                    });
                }
            }
        }
        let mut stores: [Option<u8>; 2] = [None, None];
        let store_tokens: Vec<&str> = fields[1].split_whitespace().collect();
        if store_tokens.len() != 2 {
            return Err(syntax(
                "stores",
                fields[1].trim(),
                format!("expected `S=<n> N=<n>`, found {} items", store_tokens.len()),
            ));
        }
        for tok in store_tokens {
            let (side, value) = match tok.split_once('=') {
                Some(("S", v)) => (Side::South, v),
                Some(("N", v)) => (Side::North, v),
                _ => return Err(syntax("stores", tok, "expected S=<n> or N=<n>".to_string())),
            };
            if stores[side.index()].is_some() {
                return Err(syntax(
                    "stores",
                    tok,
                    format!("{side}'s store is given twice"),
                ));
            }
            if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax(
                    "stores",
                    tok,
                    "the store must be a whole number of seeds".to_string(),
                ));
            }
            stores[side.index()] = Some(
                value
                    .parse::<u8>()
                    .map_err(|_| syntax("stores", tok, format!("store {value} is too large")))?,
            );
        }
        let stores = [stores[0].unwrap_or(0), stores[1].unwrap_or(0)];
        let side_text = fields[2].trim();
        let to_move = match side_text {
            "South" | "south" | "S" => Side::South,
            "North" | "north" | "N" => Side::North,
            _ => {
                return Err(syntax(
                    "side",
                    side_text,
                    "expected South or North (the side to move)".to_string(),
                ))
            }
        };
        Kingulu::from_parts(pits, reserved_by, stores, to_move, rules)
    }

    /// The board as players see it (North's row a6..a1 on top, then A1..A6), with
    /// reservation marks, stage `play` and the provisional G-R14 scores.
    pub(crate) fn board_view(&self) -> BoardView {
        let cell = |i: usize| CellView {
            name: pit_name(i),
            seeds: u32::from(self.pits[i]),
            owner: row_of(i),
            mark: match self.reserved_by(i) {
                Some(side) => CellMark::Reserved(side),
                None => CellMark::Plain,
            },
            takasia: false,
        };
        BoardView {
            rows: vec![
                TEXT_ORDER[..6].iter().map(|&i| cell(i)).collect(),
                TEXT_ORDER[6..].iter().map(|&i| cell(i)).collect(),
            ],
            stores: [u32::from(self.stores[0]), u32::from(self.stores[1])],
            to_move: self.to_move,
            stage: "play".to_string(),
            scores: Some([
                u32::from(self.score(Side::South)),
                u32::from(self.score(Side::North)),
            ]),
        }
    }
}

impl fmt::Display for Kingulu {
    /// The canonical position text, e.g.
    /// `0 1 0 5*S 2 3 / 1 2 0 3 0 2 ; S=14 N=15 ; North`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, &i) in TEXT_ORDER.iter().enumerate() {
            if k == 6 {
                f.write_str(" / ")?;
            } else if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", self.pits[i])?;
            match self.reserved_by(i) {
                Some(Side::South) => f.write_str("*S")?,
                Some(Side::North) => f.write_str("*N")?,
                None => {}
            }
        }
        write!(
            f,
            " ; S={} N={} ; {}",
            self.stores[0], self.stores[1], self.to_move
        )
    }
}
