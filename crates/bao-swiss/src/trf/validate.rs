//! The checks that need the whole file: opponents name each other with fitting results
//! and colours, `XXP` names players, no more rounds than `XXR`, points add up.

use super::{err, SpecialLines, TrfError};
use crate::tournament::{Player, Points, ResultCode, Tournament};
use std::collections::HashMap;

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

pub(super) fn validate(
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
    // The round to pair, as the pairing counts (history.rs): after the last round
    // anyone was paired in, or after a round every player has an entry for. Its
    // announced absences may be left out of the points column.
    let mut played = 0;
    for p in &t.players {
        for (i, e) in p.rounds.iter().enumerate() {
            played = played.max(if e.participated() { i + 1 } else { i });
        }
    }
    if !t.players.is_empty() && t.players.iter().all(|p| p.rounds.len() > played) {
        played += 1;
    }
    for p in &t.players {
        let total: u32 = p.rounds.iter().map(|e| t.points.points(e)).sum();
        let before_last: u32 = total
            - p.rounds
                .get(played)
                .filter(|e| !e.participated() && p.rounds.len() == played + 1)
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
