//! FIDE TRF-16 (Tournament Report File) reading and writing, with the extensions the
//! pairing engines read: `XXR` (total rounds), `XXC white1`/`black1` (first colour),
//! `XXP` (forbidden pairs) and bbpPairings' point lines `BBW BBD BBL BBZ BBF BBU`; and
//! the TRF-2026 lines that pairing needs (`142`, `152`, `162`, `192`, `240`: see
//! `trf2026.rs`). Writing gives TRF-16 with the extensions (and `192` for the edition),
//! which bbpPairings v5 and v6 and JaVaFo read.
//!
//! A player line (`001`) has fixed columns (1-based): start number 5–8, sex 10, title
//! 11–13, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79,
//! points 81–84, rank 86–89, then one 10-column block per round from column 92:
//! opponent (4), space, colour (`w`, `b`, `-`), space, result, two spaces.
//!
//! Errors name the line (1-based) and what is wrong with it. [`write`] gives a text that
//! [`read`] reads back into an equal [`Tournament`].

mod player;
mod trf2026;
mod validate;

pub use player::player_line;
use player::read_player;
use validate::validate;

use crate::tournament::{Colour, Player, PointSystem, Points, Tournament};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The most players a file may hold (start numbers have four digits).
pub const MAX_START_NUMBER: u32 = 9999;
/// The most rounds a file may hold.
pub const MAX_ROUNDS: usize = 99;
/// The longest line read, in characters (99 rounds of 10 columns after column 91).
pub const MAX_LINE: usize = 91 + 10 * MAX_ROUNDS;

/// A file that is not a valid tournament report.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct TrfError {
    /// The line, 1 = the first (0 when the whole file is at fault).
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

fn err<T>(line: usize, what: impl Into<String>) -> Result<T, TrfError> {
    Err(TrfError {
        line,
        what: what.into(),
    })
}

/// Reads a TRF-16 text. Checks each line's fields, that start numbers run 1…n without
/// repeats, that both players of a game name each other with complementary results and
/// different colours, and that each points column is the sum of the results.
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut t = Tournament::default();
    let mut line_of: HashMap<u32, usize> = HashMap::new();
    let mut special_lines = SpecialLines::default();
    let mut byes = Vec::new();
    for (index, raw) in text.split(['\n', '\r']).enumerate() {
        let number = index + 1;
        // "\r\n" gives an empty piece between the two; empty lines are skipped anyway.
        let line: Vec<char> = raw.chars().collect();
        if line.len() > MAX_LINE {
            return err(
                number,
                format!("line longer than {MAX_LINE} characters ({MAX_ROUNDS} rounds)"),
            );
        }
        if line.iter().all(|c| c.is_whitespace()) {
            continue;
        }
        if line.len() < 3 {
            t.other_lines.push(raw.to_string());
            continue;
        }
        let code: String = line[..3].iter().collect();
        let rest: String = line[3..].iter().collect();
        match code.as_str() {
            "001" => {
                let p = read_player(&line, number)?;
                if let Some(first) = line_of.insert(p.start, number) {
                    return err(
                        number,
                        format!("start number {} repeated (line {first})", p.start),
                    );
                }
                t.players.push(p);
            }
            "XXR" | "142" => {
                let n = rest.trim();
                match n.parse::<u32>() {
                    Ok(r) if r >= 1 && r as usize <= MAX_ROUNDS => {
                        t.total_rounds = Some(r);
                        special_lines.xxr = number;
                    }
                    _ => {
                        return err(
                            number,
                            format!("{code} needs a number of rounds 1..{MAX_ROUNDS}, not {n:?}"),
                        )
                    }
                }
            }
            "XXC" => {
                for token in rest.split_whitespace() {
                    match token {
                        "white1" => t.initial_colour = Some(Colour::White),
                        "black1" => t.initial_colour = Some(Colour::Black),
                        "rank" => {
                            return err(
                                number,
                                "XXC rank (pairing by the rank column) is not supported",
                            )
                        }
                        other => {
                            return err(
                                number,
                                format!("unknown XXC option {other:?} (white1 or black1)"),
                            )
                        }
                    }
                }
            }
            "XXP" => {
                let mut group = Vec::new();
                for token in rest.split_whitespace() {
                    group.push(start_number(token, number)?);
                }
                t.forbidden.push(group);
                special_lines.xxp.push(number);
            }
            "152" => t.initial_colour = Some(trf2026::initial_colour(&rest, number)?),
            "162" => trf2026::point_system(&line, number, &mut t)?,
            "192" => match trf2026::edition(&rest, number)? {
                Some(e) => t.edition = Some(e),
                None => t.other_lines.push(raw.to_string()),
            },
            "240" => byes.push(trf2026::byes(&line, raw, number)?),
            "XXA" | "250" => {
                return err(
                    number,
                    format!("{code} (accelerated pairings) is not supported by this engine"),
                )
            }
            "260" => {
                return err(
                    number,
                    "260 (pairings prohibited in some rounds) is not supported: XXP forbids a pair in every round",
                )
            }
            "299" => return err(number, "299 (abnormal points) is not supported"),
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let value = points_field(rest.trim(), number)?;
                let i = "WDLZFU".find(code.as_bytes()[2] as char).unwrap_or(0);
                let ps = &mut t.points;
                match i {
                    0 => {
                        ps.win = value;
                        if !t.point_lines[5] {
                            ps.pairing_bye = value;
                        }
                    }
                    1 => ps.draw = value,
                    2 => ps.loss = value,
                    3 => ps.zero_bye = value,
                    4 => ps.forfeit_loss = value,
                    _ => ps.pairing_bye = value,
                }
                t.point_lines[i] = true;
            }
            _ => t.other_lines.push(raw.to_string()),
        }
    }
    trf2026::apply_byes(&mut t, byes)?;
    validate(&t, &line_of, &special_lines)?;
    Ok(t)
}

/// Where the lines that refer to players were, for errors found after reading them all.
#[derive(Default)]
struct SpecialLines {
    xxr: usize,
    xxp: Vec<usize>,
}

fn start_number(text: &str, line: usize) -> Result<u32, TrfError> {
    let s = text.trim();
    match s.parse::<u32>() {
        Ok(n) if (1..=MAX_START_NUMBER).contains(&n) && s.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(n)
        }
        _ => err(
            line,
            format!("start number must be 1..{MAX_START_NUMBER}, not {s:?}"),
        ),
    }
}

/// A point value with at most one decimal ("4.5", "10", " 0.0") in tenths.
fn points_field(s: &str, line: usize) -> Result<u32, TrfError> {
    let bad = || TrfError {
        line,
        what: format!("points must be like 4.5, not {s:?}"),
    };
    let (whole, tenth) = match s.split_once('.') {
        Some((w, f)) if f.len() == 1 => (w, f),
        Some((w, "")) => (w, "0"),
        Some(_) => return Err(bad()),
        None => (s, "0"),
    };
    if whole.is_empty()
        || whole.len() > 4
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !tenth.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(bad());
    }
    let w: u32 = whole.parse().map_err(|_| bad())?;
    let f: u32 = tenth.parse().map_err(|_| bad())?;
    Ok(w * 10 + f)
}

/// Writes the tournament as TRF-16 text (`\n` line ends): the kept lines, `XXR`, `XXC`,
/// `XXP`, the `BB?` point lines, then the players in start-number order.
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    for l in &t.other_lines {
        out.push_str(l);
        out.push('\n');
    }
    if let Some(e) = t.edition {
        let _ = writeln!(out, "192 {}", e.trf_code());
    }
    if let Some(r) = t.total_rounds {
        let _ = writeln!(out, "XXR {r}");
    }
    match t.initial_colour {
        Some(Colour::White) => out.push_str("XXC white1\n"),
        Some(Colour::Black) => out.push_str("XXC black1\n"),
        None => {}
    }
    for group in &t.forbidden {
        let names: Vec<String> = group.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(out, "XXP {}", names.join(" "));
    }
    let ps: &PointSystem = &t.points;
    let values = [
        ps.win,
        ps.draw,
        ps.loss,
        ps.zero_bye,
        ps.forfeit_loss,
        ps.pairing_bye,
    ];
    for (i, code) in "WDLZFU".chars().enumerate() {
        if t.point_lines[i] {
            let _ = writeln!(out, "BB{code} {:>4}", Points(values[i]));
        }
    }
    let mut players: Vec<&Player> = t.players.iter().collect();
    players.sort_by_key(|p| p.start);
    for p in players {
        out.push_str(&player_line(p));
        out.push('\n');
    }
    out
}
