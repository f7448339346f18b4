//! Position text (notation.md §2), validation (K-R1, R11) and the board view.

use super::geometry::{hole_name, is_front, parse_hole, NYUMBA, TEXT_ORDER};
use super::takasia::capture_targets;
use super::{Kiswahili, Rules, NONE};
use crate::{BoardView, CellMark, CellView, EndReason, Outcome, PositionError, Side};
use std::fmt;

fn syntax(field: &str, text: &str, message: impl Into<String>) -> PositionError {
    PositionError::Syntax {
        field: field.to_string(),
        text: text.to_string(),
        message: message.into(),
    }
}

impl fmt::Display for Kiswahili {
    /// The canonical position text:
    /// `b8..b1 / a8..a1 / A1..A8 / B1..B8 ; S=n N=n ; house S± N± ; <side> ; takasia <hole|->`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(side, r)) in TEXT_ORDER.iter().enumerate() {
            if i > 0 {
                f.write_str(if i % 8 == 0 { " / " } else { " " })?;
            }
            write!(f, "{}", self.rings[side.index()][r])?;
        }
        let flag = |b: bool| if b { '+' } else { '-' };
        write!(
            f,
            " ; S={} N={} ; house S{} N{} ; {} ; takasia ",
            self.stores[0],
            self.stores[1],
            flag(self.owned[0]),
            flag(self.owned[1]),
            self.to_move
        )?;
        if (self.takasia as usize) < 16 {
            f.write_str(&hole_name(self.to_move, self.takasia as usize))
        } else {
            f.write_str("-")
        }
    }
}

const ROW_NAMES: [&str; 4] = ["row b", "row a", "row A", "row B"];

/// Parses `S=<n> N=<n>`.
fn parse_stores(text: &str) -> Result<[u32; 2], PositionError> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() != 2 {
        return Err(syntax("stores", text, "expected `S=<seeds> N=<seeds>`"));
    }
    let mut out = [0u32; 2];
    for (i, (part, key)) in parts.iter().zip(["S=", "N="]).enumerate() {
        let value = part.strip_prefix(key).ok_or_else(|| {
            syntax(
                "stores",
                text,
                format!("expected {key}<seeds>, found {part:?}"),
            )
        })?;
        out[i] = value.parse::<u32>().map_err(|_| {
            syntax(
                "stores",
                text,
                format!("{value:?} is not a number of seeds"),
            )
        })?;
    }
    Ok(out)
}

/// Parses `house S<+|-> N<+|->`.
fn parse_house(text: &str) -> Result<[bool; 2], PositionError> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() != 3 || parts[0] != "house" {
        return Err(syntax("house", text, "expected `house S<+|-> N<+|->`"));
    }
    let mut out = [false; 2];
    for (i, (part, key)) in parts[1..].iter().zip(["S", "N"]).enumerate() {
        out[i] = match part.strip_prefix(key) {
            Some("+") => true,
            Some("-") => false,
            _ => {
                return Err(syntax(
                    "house",
                    text,
                    format!("expected {key}+ (owned) or {key}- (lost), found {part:?}"),
                ))
            }
        };
    }
    Ok(out)
}

impl Kiswahili {
    /// Parses and validates a position text (notation.md §2) under `rules`.
    pub(crate) fn parse_text(text: &str, rules: &Rules) -> Result<Kiswahili, PositionError> {
        let fields: Vec<&str> = text.split(';').map(str::trim).collect();
        if fields.len() != 5 {
            return Err(syntax(
                "position",
                text,
                format!("expected 5 fields separated by `;` (rows; stores; house; side; takasia), found {}", fields.len()),
            ));
        }
        let rows: Vec<&str> = fields[0].split('/').map(str::trim).collect();
        if rows.len() != 4 {
            return Err(syntax(
                "rows",
                fields[0],
                format!(
                    "expected 4 rows separated by `/` (b / a / A / B), found {}",
                    rows.len()
                ),
            ));
        }
        let mut counts = [0u32; 32];
        for (i, row) in rows.iter().enumerate() {
            let cells: Vec<&str> = row.split_whitespace().collect();
            if cells.len() != 8 {
                return Err(syntax(
                    ROW_NAMES[i],
                    row,
                    format!("expected 8 hole counts, found {}", cells.len()),
                ));
            }
            for (j, cell) in cells.iter().enumerate() {
                let (side, r) = TEXT_ORDER[i * 8 + j];
                counts[i * 8 + j] = cell.parse::<u32>().map_err(|_| {
                    syntax(
                        &format!("pit {}", hole_name(side, r)),
                        cell,
                        "not a number of seeds",
                    )
                })?;
            }
        }
        let stores = parse_stores(fields[1])?;
        let owned = parse_house(fields[2])?;
        let to_move = Side::parse(fields[3]).ok_or_else(|| {
            syntax(
                "side",
                fields[3],
                "expected South or North (the side to move)",
            )
        })?;
        let takasia_text = fields[4]
            .strip_prefix("takasia")
            .map(str::trim)
            .ok_or_else(|| {
                syntax(
                    "takasia",
                    fields[4],
                    "expected `takasia <hole>` or `takasia -`",
                )
            })?;
        let takasia = if takasia_text == "-" {
            None
        } else {
            Some(parse_hole(takasia_text).ok_or_else(|| {
                syntax(
                    "takasia",
                    fields[4],
                    format!("{takasia_text:?} is not a hole name (A1..B8, a1..b8) or -"),
                )
            })?)
        };

        // Validation: every reason.
        let mut reasons = Vec::new();
        for (i, &c) in counts.iter().enumerate() {
            if c > 64 {
                let (side, r) = TEXT_ORDER[i];
                reasons.push(format!(
                    "pit {} holds {c} seeds, more than the 64 of the game",
                    hole_name(side, r)
                ));
            }
        }
        for (i, &s) in stores.iter().enumerate() {
            if s > 64 {
                reasons.push(format!(
                    "store {} holds {s} seeds, more than the 64 of the game",
                    ["S", "N"][i]
                ));
            }
        }
        let board: u32 = counts.iter().sum();
        let total = board + stores[0] + stores[1];
        if total != 64 {
            reasons.push(format!(
                "the seeds total {total} (board {board} + stores {} + {}), not 64 (K-R1)",
                stores[0], stores[1]
            ));
        }
        let mut rings = [[0u8; 16]; 2];
        for (i, &(side, r)) in TEXT_ORDER.iter().enumerate() {
            rings[side.index()][r] = counts[i].min(64) as u8;
        }
        let front_empty = |s: Side| rings[s.index()][..8].iter().all(|&c| c == 0);
        if front_empty(Side::South) && front_empty(Side::North) {
            reasons.push("both front rows are empty".to_string());
        }
        let mut takasia_r = NONE;
        if let Some((side, r)) = takasia {
            let name = hole_name(side, r);
            if !rules.takasia {
                reasons.push(format!("takasia {name}: takasia is off in these rules"));
            }
            if side != to_move || !is_front(r) {
                reasons.push(format!(
                    "takasia {name}: only a front-row hole of the side to move ({to_move}) can be takasia'd (K-R11.5)"
                ));
            }
            if stores != [0, 0] {
                reasons.push(format!(
                    "takasia {name}: takasia needs both stores empty (K-R11.1), stores are S={} N={}",
                    stores[0], stores[1]
                ));
            }
            if capture_targets(&rings, to_move.index(), 16) != 0 {
                reasons.push(format!(
                    "takasia {name}: the side to move ({to_move}) has a capture move, so nothing is takasia'd (K-R11.2)"
                ));
            }
            takasia_r = r as u8;
        }
        if !reasons.is_empty() {
            return Err(PositionError::Invalid(reasons));
        }
        let outcome = if front_empty(to_move) {
            Some(Outcome {
                winner: Some(to_move.opponent()),
                reason: EndReason::BaoHamna,
            })
        } else if front_empty(to_move.opponent()) {
            Some(Outcome {
                winner: Some(to_move),
                reason: EndReason::FrontRowEmpty,
            })
        } else {
            None
        };
        Ok(Kiswahili {
            rings,
            stores: [stores[0] as u8, stores[1] as u8],
            owned,
            to_move,
            takasia: takasia_r,
            blocker: NONE,
            outcome,
            rules: *rules,
        })
    }

    /// The board as players see it (rows b, a, A, B; notation.md §2 order).
    pub(crate) fn board_view(&self) -> BoardView {
        let rows = (0..4)
            .map(|row| {
                TEXT_ORDER[row * 8..row * 8 + 8]
                    .iter()
                    .map(|&(side, r)| {
                        let seeds = self.rings[side.index()][r] as u32;
                        let mark = if r == NYUMBA {
                            if self.owned[side.index()] {
                                CellMark::Nyumba {
                                    functional: seeds >= self.rules.functional_threshold as u32,
                                }
                            } else {
                                CellMark::LostNyumba
                            }
                        } else {
                            CellMark::Plain
                        };
                        CellView {
                            name: hole_name(side, r),
                            seeds,
                            owner: side,
                            mark,
                            takasia: side == self.to_move && r == self.takasia as usize,
                        }
                    })
                    .collect()
            })
            .collect();
        BoardView {
            rows,
            stores: [self.stores[0] as u32, self.stores[1] as u32],
            to_move: self.to_move,
            stage: if self.is_namua() { "namua" } else { "mtaji" }.to_string(),
            scores: None,
        }
    }
}
