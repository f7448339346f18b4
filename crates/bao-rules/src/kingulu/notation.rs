//! Move texts (notation.md §3): `A3`, `a6`, with optional annotations `^` (kuweka mtoto,
//! G-R9), `x` (opposite capture, G-R8 / O5) and `#` (the move ends the game, G-R12),
//! checked when present.

use super::position::pit_name;
use super::{Kingulu, Move};
use crate::MoveParseError;

impl Kingulu {
    /// Parses a move text and checks that it is legal here, and that every annotation
    /// given is true of the move.
    pub(crate) fn parse_move_text(&self, text: &str) -> Result<Move, MoveParseError> {
        let err = |message: String| MoveParseError {
            text: text.to_string(),
            message,
        };
        let t = text.trim();
        let mut chars = t.chars();
        let row = chars
            .next()
            .ok_or_else(|| err("empty move text".to_string()))?;
        let base = match row {
            'A' => 0,
            'a' => 6,
            _ => {
                return Err(err(format!(
                    "a Bao Kingulu move names a pit A1..A6 or a1..a6; found {row:?} where the row letter should be"
                )))
            }
        };
        let digit = chars
            .next()
            .ok_or_else(|| err(format!("missing pit number after {row:?} (1..6)")))?;
        let k = match digit {
            '1'..='6' => digit as usize - '1' as usize,
            _ => return Err(err(format!("pit number must be 1..6, found {digit:?}"))),
        };
        let mut reserve = false;
        let mut capture = false;
        let mut ends = false;
        for c in chars {
            let flag = match c {
                '^' => &mut reserve,
                'x' => &mut capture,
                '#' => &mut ends,
                // Typed the Bao la Kiswahili way (`A3<`, `A3>+`).
                '<' | '>' | '+' => {
                    return Err(err(format!(
                        "Bao Kingulu moves have no direction: type just the pit, e.g. {row}{digit}"
                    )))
                }
                _ => {
                    return Err(err(format!(
                        "unexpected {c:?} after the pit; annotations are ^ (reserves), x (captures), # (ends the game)"
                    )))
                }
            };
            if *flag {
                return Err(err(format!("annotation {c:?} given twice")));
            }
            *flag = true;
        }
        let mv = Move((base + k) as u8);
        if !self.has_legal_move() {
            let why = match self.try_play(mv) {
                Err(why) => why,
                Ok(_) => String::new(),
            };
            return Err(err(format!(
                "the game is over: {} has no legal move (G-R12); {} is illegal: {why}",
                self.to_move,
                pit_name(mv.pit())
            )));
        }
        let (after, summary) = self
            .try_play(mv)
            .map_err(|why| err(format!("illegal: {why}")))?;
        if reserve && !summary.reserved {
            return Err(err(format!(
                "annotation ^ says the move reserves a pit, but {} does not (G-R9)",
                pit_name(mv.pit())
            )));
        }
        if capture && !summary.captured {
            return Err(err(format!(
                "annotation x says the move captures, but {} does not (G-R8)",
                pit_name(mv.pit())
            )));
        }
        if ends && after.has_legal_move() {
            return Err(err(format!(
                "annotation # says the move ends the game, but {} still has a legal move after {} (G-R12)",
                after.to_move,
                pit_name(mv.pit())
            )));
        }
        Ok(mv)
    }

    /// The move text with every annotation that applies (`A5^`, `a2x#`), for records;
    /// `None` when the move is not legal here.
    pub fn annotated_move_text(&self, mv: Move) -> Option<String> {
        let (after, summary) = self.try_play(mv).ok()?;
        let mut s = pit_name(mv.pit());
        if summary.reserved {
            s.push('^');
        }
        if summary.captured {
            s.push('x');
        }
        if !after.has_legal_move() {
            s.push('#');
        }
        Some(s)
    }
}
