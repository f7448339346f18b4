//! The lines of FIDE's TRF-2026 that pairing reads, as bbpPairings v6 reads them:
//! `142` (rounds, as `XXR`), `152` (initial colour, `W` or `B`), `162` (the point
//! system), `192` (the tournament type: which edition of the Dutch rules) and `240`
//! (half-, full- and zero-point byes announced for the round to pair). `250`
//! (accelerations), `260` (pairings prohibited for some rounds) and `299` (abnormal
//! points) are refused with an error rather than silently ignored.

use super::{err, points_field, start_number, TrfError};
use crate::edition::Edition;
use crate::tournament::{Colour, Entry, ResultCode, Tournament};

/// `152 W` or `152 B`.
pub(super) fn initial_colour(rest: &str, line: usize) -> Result<Colour, TrfError> {
    match rest.trim() {
        "W" | "w" => Ok(Colour::White),
        "B" | "b" => Ok(Colour::Black),
        other => err(
            line,
            format!("152 needs W or B (the initial colour), not {other:?}"),
        ),
    }
}

/// `162`: result codes and their points from column 6, every 9 columns: `W` win, `D`
/// draw, `L` played loss, `A` (or bbpPairings' `Z`) absence — a zero-point bye or a
/// forfeit loss, `P` the pairing-allocated bye (default: as a win).
pub(super) fn point_system(
    line: &[char],
    number: usize,
    t: &mut Tournament,
) -> Result<(), TrfError> {
    let mut at = 5;
    let mut any = false;
    while at < line.len() {
        let code = line[at];
        let value_text: String = line[at + 1..(at + 5).min(line.len())].iter().collect();
        let gap: String = line[(at + 5).min(line.len())..(at + 9).min(line.len())]
            .iter()
            .collect();
        if code == ' ' && value_text.trim().is_empty() && gap.trim().is_empty() {
            at += 9;
            continue;
        }
        if !gap.trim().is_empty() {
            return err(
                number,
                format!(
                    "162: column {} should be blank (a code every 9 columns from 6)",
                    at + 6
                ),
            );
        }
        let value = points_field(value_text.trim(), number).map_err(|e| TrfError {
            line: number,
            what: format!("162: {} (columns {}-{})", e.what, at + 2, at + 5),
        })?;
        let ps = &mut t.points;
        match code {
            'W' => {
                ps.win = value;
                if !t.point_lines[5] {
                    ps.pairing_bye = value;
                }
                t.point_lines[0] = true;
            }
            'D' => {
                ps.draw = value;
                t.point_lines[1] = true;
            }
            'L' => {
                ps.loss = value;
                t.point_lines[2] = true;
            }
            'A' | 'Z' => {
                ps.zero_bye = value;
                ps.forfeit_loss = value;
                t.point_lines[3] = true;
                t.point_lines[4] = true;
            }
            'P' => {
                ps.pairing_bye = value;
                t.point_lines[5] = true;
            }
            'X' => return err(number, "162: X (unknown results) is not supported"),
            c => {
                return err(
                    number,
                    format!(
                        "162: unknown result code {c:?} in column {} (W D L A P)",
                        at + 1
                    ),
                )
            }
        }
        any = true;
        at += 9;
    }
    if !any {
        return err(number, "162 names no result code (W D L A P from column 6)");
    }
    Ok(())
}

/// `192 CODE`: the edition of the Dutch rules; `None` for another system's code (the
/// line is then kept, not interpreted).
pub(super) fn edition(rest: &str, line: usize) -> Result<Option<Edition>, TrfError> {
    let code = rest.trim();
    if code.starts_with("FIDE_DUTCH") && code.ends_with("_BAKU") {
        return err(
            line,
            format!("192 {code}: accelerated pairings (Baku) are not supported by this engine"),
        );
    }
    Ok(Edition::from_trf_code(code))
}

/// A `240` line: a bye of type `F`, `H` or `Z` for some players in one round.
pub(super) struct Byes {
    number: usize,
    raw: String,
    result: ResultCode,
    round: usize,
    players: Vec<u32>,
}

/// Reads a `240` line: type in column 5, round in 7–9, players from column 11 every 5
/// columns.
pub(super) fn byes(line: &[char], raw: &str, number: usize) -> Result<Byes, TrfError> {
    let text = |from: usize, to: usize| -> String {
        line[from.min(line.len())..to.min(line.len())]
            .iter()
            .collect()
    };
    let result = match line.get(4) {
        Some('F' | 'f') => ResultCode::FullBye,
        Some('H' | 'h') => ResultCode::HalfBye,
        Some('Z' | 'z') => ResultCode::ZeroBye,
        other => {
            return err(
                number,
                format!("240: the bye type (column 5) must be F, H or Z, not {other:?}"),
            )
        }
    };
    let round_text = text(6, 9);
    let round = match round_text.trim().parse::<usize>() {
        Ok(r) if (1..=super::MAX_ROUNDS).contains(&r) => r,
        _ => {
            return err(
                number,
                format!(
                    "240: the round (columns 7-9) must be 1..{}, not {round_text:?}",
                    super::MAX_ROUNDS
                ),
            )
        }
    };
    let mut players = Vec::new();
    let mut at = 10;
    while at < line.len() {
        let id = text(at, at + 4);
        if !id.trim().is_empty() {
            players.push(start_number(&id, number)?);
        }
        if !text(at + 4, at + 5).trim().is_empty() {
            return err(number, format!("240: column {} should be blank", at + 5));
        }
        at += 5;
    }
    Ok(Byes {
        number,
        raw: raw.to_string(),
        result,
        round,
        players,
    })
}

/// Applies the `240` byes of the round to pair (the one after the last round anyone
/// was paired in, as bbpPairings reads them) as absences in it; the lines of other
/// rounds are kept as they are (the player lines hold those rounds).
pub(super) fn apply_byes(t: &mut Tournament, all: Vec<Byes>) -> Result<(), TrfError> {
    let played = t
        .players
        .iter()
        .filter_map(|p| p.rounds.iter().rposition(Entry::participated))
        .map(|i| i + 1)
        .max()
        .unwrap_or(0);
    for b in all {
        if b.round != played + 1 {
            t.other_lines.push(b.raw);
            continue;
        }
        for s in b.players {
            let Some(p) = t.players.iter_mut().find(|p| p.start == s) else {
                return err(
                    b.number,
                    format!("240 names player {s}, who is not in the file"),
                );
            };
            if p.rounds.len() < b.round {
                p.rounds.resize(b.round - 1, Entry::NOT_PAIRED);
                p.rounds.push(Entry {
                    opponent: None,
                    colour: None,
                    result: b.result,
                });
            }
        }
    }
    Ok(())
}
