//! Player lines (`001`): reading one with its fixed columns, checking each round's
//! entry on its own, writing one.

use super::{err, points_field, start_number, TrfError, MAX_ROUNDS};
use crate::tournament::{Colour, Entry, Player, Points, ResultCode};
use std::fmt::Write as _;

fn field(line: &[char], from: usize, to: usize) -> String {
    let to = to.min(line.len());
    if from >= to {
        return String::new();
    }
    line[from..to].iter().collect::<String>().trim().to_string()
}

pub(super) fn read_player(line: &[char], number: usize) -> Result<Player, TrfError> {
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
