//! FIDE TRF-16 (Tournament Report File) reading and writing, with the extensions the
//! pairing engines read: `XXR` (total rounds), `XXC white1`/`black1` (first colour),
//! `XXP` (forbidden pairs) and bbpPairings' point lines `BBW BBD BBL BBZ BBF BBU`.
//!
//! A player line (`001`) has fixed columns (1-based): start number 5–8, sex 10, title
//! 11–13, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79,
//! points 81–84, rank 86–89, then one 10-column block per round from column 92:
//! opponent (4), space, colour (`w`, `b`, `-`), space, result, two spaces.
//!
//! Errors name the line (1-based) and what is wrong with it. [`write`] gives a text that
//! [`read`] reads back into an equal [`Tournament`].

use crate::tournament::{Colour, Entry, Player, PointSystem, Points, ResultCode, Tournament};
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
            "XXR" => {
                let n = rest.trim();
                match n.parse::<u32>() {
                    Ok(r) if r >= 1 && r as usize <= MAX_ROUNDS => {
                        t.total_rounds = Some(r);
                        special_lines.xxr = number;
                    }
                    _ => {
                        return err(
                            number,
                            format!("XXR needs a number of rounds 1..{MAX_ROUNDS}, not {n:?}"),
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
            "XXA" => {
                return err(
                    number,
                    "XXA (accelerated pairings) is not supported by this engine",
                )
            }
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

fn field(line: &[char], from: usize, to: usize) -> String {
    let to = to.min(line.len());
    if from >= to {
        return String::new();
    }
    line[from..to].iter().collect::<String>().trim().to_string()
}

fn read_player(line: &[char], number: usize) -> Result<Player, TrfError> {
    if line.len() < 84 {
        return err(
            number,
            format!(
                "player line too short ({} characters; the points end in column 84)",
                line.len()
            ),
        );
    }
    let start = start_number(&field(line, 4, 8), number)?;
    let rating_text = field(line, 48, 52);
    let rating = if rating_text.is_empty() {
        0
    } else {
        rating_text
            .parse::<u32>()
            .ok()
            .filter(|_| rating_text.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| TrfError {
                line: number,
                what: format!("rating (columns 49-52) must be a number, not {rating_text:?}"),
            })?
    };
    let points_text = field(line, 80, 84);
    let points = points_field(&points_text, number).map_err(|e| TrfError {
        line: number,
        what: format!("{} (columns 81-84)", e.what),
    })?;
    let rank_text = field(line, 85, 89);
    let rank = if rank_text.is_empty() {
        None
    } else {
        Some(
            rank_text
                .parse::<u32>()
                .ok()
                .filter(|_| rank_text.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| TrfError {
                    line: number,
                    what: format!("rank (columns 86-89) must be a number, not {rank_text:?}"),
                })?,
        )
    };
    for column in [85, 90, 91] {
        if line.get(column - 1).is_some_and(|c| *c != ' ') {
            return err(number, format!("column {column} should be blank"));
        }
    }
    if points > 999 {
        return err(number, "points above 99.9 do not fit columns 81-84");
    }
    let mut rounds = Vec::new();
    let mut round = 0usize;
    loop {
        let s = 91 + 10 * round;
        if s >= line.len() {
            break;
        }
        let at = |i: usize| line.get(s + i).copied().unwrap_or(' ');
        let column = s + 1;
        let r = round + 1;
        for gap in [4, 6, 8, 9] {
            if at(gap) != ' ' {
                return err(
                    number,
                    format!(
                        "round {r}: column {} should be blank (misaligned round block?)",
                        column + gap
                    ),
                );
            }
        }
        let opp_text: String = (0..4).map(at).collect();
        let opponent = match opp_text.trim() {
            "" | "0000" | "0" => None,
            t => {
                let n = start_number(t, number).map_err(|_| TrfError {
                    line: number,
                    what: format!(
                        "round {r}: opponent (columns {}-{}) must be a start number or 0000, not {opp_text:?}",
                        column,
                        column + 3
                    ),
                })?;
                if n == start {
                    return err(
                        number,
                        format!("round {r}: player {start} paired with himself"),
                    );
                }
                Some(n)
            }
        };
        let colour = match at(5) {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            c => {
                return err(
                    number,
                    format!(
                        "round {r}: colour (column {}) must be w, b or -, not {c:?}",
                        column + 5
                    ),
                )
            }
        };
        let result = ResultCode::from_char(at(7)).ok_or_else(|| TrfError {
            line: number,
            what: format!(
                "round {r}: unknown result {:?} (column {}; 1 = 0 + - W D L H F U Z)",
                at(7),
                column + 7
            ),
        })?;
        let entry = Entry {
            opponent,
            colour,
            result,
        };
        check_entry(&entry, number, r)?;
        rounds.push(entry);
        round += 1;
    }
    while rounds.last() == Some(&Entry::NOT_PAIRED) {
        rounds.pop();
    }
    if rounds.len() > MAX_ROUNDS {
        return err(number, format!("more than {MAX_ROUNDS} rounds"));
    }
    Ok(Player {
        start,
        sex: field(line, 9, 10),
        title: field(line, 10, 13),
        name: field(line, 14, 47),
        rating,
        federation: field(line, 53, 56),
        fide_id: field(line, 57, 68),
        birth: field(line, 69, 79),
        points,
        rank,
        rounds,
    })
}

/// The consistency of one entry on its own.
fn check_entry(e: &Entry, line: usize, round: usize) -> Result<(), TrfError> {
    let code = e.result.to_char();
    match e.result {
        ResultCode::HalfBye
        | ResultCode::FullBye
        | ResultCode::PairingBye
        | ResultCode::ZeroBye
        | ResultCode::NotPaired => {
            if e.opponent.is_some() {
                return err(
                    line,
                    format!("round {round}: result {code:?} is a bye or absence but an opponent is named"),
                );
            }
            if e.colour.is_some() {
                return err(
                    line,
                    format!("round {round}: result {code:?} is a bye or absence but has a colour"),
                );
            }
        }
        ResultCode::ForfeitWin | ResultCode::ForfeitLoss => {
            if e.opponent.is_none() && e.colour.is_some() {
                return err(line, format!("round {round}: a colour without an opponent"));
            }
        }
        _ => {
            if e.opponent.is_none() {
                if !(e.result == ResultCode::Draw && e.colour.is_none()) {
                    return err(
                        line,
                        format!(
                            "round {round}: result {code:?} of a played game without an opponent"
                        ),
                    );
                }
            } else if e.colour.is_none() {
                return err(
                    line,
                    format!("round {round}: played game (result {code:?}) without a colour w or b"),
                );
            }
        }
    }
    Ok(())
}

/// The results two opponents may have in the same round.
fn complementary(a: ResultCode, b: ResultCode) -> bool {
    use ResultCode::*;
    matches!(
        (a, b),
        (Win, Loss)
            | (Loss, Win)
            | (Draw, Draw)
            | (UnratedWin, UnratedLoss)
            | (UnratedLoss, UnratedWin)
            | (UnratedDraw, UnratedDraw)
            | (ForfeitWin, ForfeitLoss)
            | (ForfeitLoss, ForfeitWin)
            | (ForfeitLoss, ForfeitLoss)
    )
}

fn validate(
    t: &Tournament,
    line_of: &HashMap<u32, usize>,
    special: &SpecialLines,
) -> Result<(), TrfError> {
    let n = t.players.len() as u32;
    for p in &t.players {
        if p.start > n {
            return err(
                line_of[&p.start],
                format!(
                    "start number {} but only {n} players: start numbers must run 1..{n}",
                    p.start
                ),
            );
        }
    }
    let by_start: HashMap<u32, &Player> = t.players.iter().map(|p| (p.start, p)).collect();
    for p in &t.players {
        let line = line_of[&p.start];
        for (i, e) in p.rounds.iter().enumerate() {
            let round = i + 1;
            let Some(o) = e.opponent else { continue };
            let Some(q) = by_start.get(&o) else {
                return err(line, format!("round {round}: opponent {o} is not a player"));
            };
            let back = q.entry(round);
            if back.opponent != Some(p.start) {
                return err(
                    line,
                    format!(
                        "round {round}: player {} has opponent {o}, but player {o}'s entry (line {}) names {}",
                        p.start,
                        line_of[&o],
                        back.opponent.map_or("no opponent".to_string(), |x| format!("player {x}"))
                    ),
                );
            }
            if !complementary(e.result, back.result) {
                return err(
                    line,
                    format!(
                        "round {round}: results {:?} (player {}) and {:?} (player {o}) do not fit together",
                        e.result.to_char(),
                        p.start,
                        back.result.to_char()
                    ),
                );
            }
            if e.played() && (e.colour == back.colour) {
                return err(
                    line,
                    format!(
                        "round {round}: players {} and {o} have the same colour",
                        p.start
                    ),
                );
            }
        }
    }
    for (group, line) in t.forbidden.iter().zip(&special.xxp) {
        for s in group {
            if !by_start.contains_key(s) {
                return err(
                    *line,
                    format!("XXP names player {s}, who is not in the file"),
                );
            }
        }
    }
    if let Some(total) = t.total_rounds {
        let longest = t.players.iter().max_by_key(|p| p.rounds.len());
        if let Some(p) = longest.filter(|p| p.rounds.len() > total as usize) {
            return err(
                special.xxr,
                format!(
                    "XXR says {total} rounds but player {} (line {}) has {}",
                    p.start,
                    line_of[&p.start],
                    p.rounds.len()
                ),
            );
        }
    }
    for p in &t.players {
        let total: u32 = p.rounds.iter().map(|e| t.points.points(e)).sum();
        let before_last: u32 = total
            - p.rounds
                .last()
                .filter(|e| !e.participated())
                .map_or(0, |e| t.points.points(e));
        if p.points != total && p.points != before_last {
            return err(
                line_of[&p.start],
                format!(
                    "player {}: points column says {} but the results add up to {}",
                    p.start,
                    Points(p.points),
                    Points(total)
                ),
            );
        }
    }
    Ok(())
}

/// Writes the tournament as TRF-16 text (`\n` line ends): the kept lines, `XXR`, `XXC`,
/// `XXP`, the `BB?` point lines, then the players in start-number order.
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    for l in &t.other_lines {
        out.push_str(l);
        out.push('\n');
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

fn clip(s: &str, width: usize) -> String {
    s.chars().take(width).collect()
}

/// The `001` line of a player.
pub fn player_line(p: &Player) -> String {
    let mut line = format!(
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.start,
        clip(&p.sex, 1),
        clip(&p.title, 3),
        clip(&p.name, 33),
        if p.rating == 0 {
            String::new()
        } else {
            p.rating.to_string()
        },
        clip(&p.federation, 3),
        clip(&p.fide_id, 11),
        clip(&p.birth, 10),
        Points(p.points),
        p.rank.map_or(String::new(), |r| r.to_string()),
    );
    for e in &p.rounds {
        let opp = e.opponent.map_or("0000".to_string(), |o| format!("{o:>4}"));
        let opp = if *e == Entry::NOT_PAIRED {
            "    ".to_string()
        } else {
            opp
        };
        let colour = match e.colour {
            Some(Colour::White) => 'w',
            Some(Colour::Black) => 'b',
            None if *e == Entry::NOT_PAIRED => ' ',
            None => '-',
        };
        let _ = write!(line, "  {opp} {colour} {}", e.result.to_char());
    }
    line.trim_end().to_string()
}
