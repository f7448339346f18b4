//! A move in a few words, from its trace: what a hint's move does ("captures 9 seeds
//! (from a5, a3), takes safari and takasias a6"), and the one-line summary under an
//! animated move.

use crate::phrases::{laps as laps_text, phrase, seeds};
use crate::t;
use bao_rules::{EventKind, Phrase, TraceEvent};

/// What a move does, in one clause for players: its captures (seeds and holes), safari,
/// the takasia it sets, kuweka mtoto, a nyumba lost, then the end of the game as a
/// sentence of its own if it ends it ("captures 1 seed (from a6), in 1 lap. North's
/// front row is empty: South wins (bao hamna)"); a move without any of these "sows N
/// laps and captures nothing".
pub fn what_it_does(events: &[TraceEvent]) -> String {
    let laps = events.iter().filter(|e| e.kind == EventKind::Sow).count();
    let mut parts: Vec<String> = Vec::new();
    let captures: Vec<&TraceEvent> = events
        .iter()
        .filter(|e| e.kind == EventKind::Capture)
        .collect();
    if !captures.is_empty() {
        let total: u32 = captures.iter().map(|e| e.seeds).sum();
        let mut holes: Vec<&str> = captures
            .iter()
            .filter_map(|e| e.holes.first().map(String::as_str))
            .collect();
        let more = holes.len().saturating_sub(6);
        holes.truncate(6);
        let mut from = holes.join(", ");
        if more > 0 {
            from.push(' ');
            from.push_str(&t!("does-more-holes", n = more));
        }
        parts.push(t!(
            "does-captures",
            n = total,
            count = seeds(total),
            from = from
        ));
    }
    for e in events {
        let text = match &e.phrase {
            Phrase::Safari => t!("does-safari"),
            Phrase::NyumbaStop => t!("does-nyumba-stop"),
            Phrase::Takasia { hole, .. } => t!("does-takasia", hole = hole),
            p @ (Phrase::Reserve { .. }
            | Phrase::NyumbaLifted { .. }
            | Phrase::NyumbaCaptured { .. }) => phrase(p),
            _ => continue,
        };
        if !text.is_empty() && !parts.contains(&text) {
            parts.push(text);
        }
    }
    // The end of the game is a sentence of its own (it has its own parentheses).
    let end = events
        .iter()
        .find(|e| e.kind == EventKind::GameEnd)
        .map(|e| format!(". {}", capitalised(&phrase(&e.phrase))))
        .unwrap_or_default();
    let laps = laps_text(laps as u64);
    if parts.is_empty() {
        if !end.is_empty() {
            return t!("does-sows", laps = laps) + &end;
        }
        return t!("does-nothing", laps = laps);
    }
    let last = parts.pop().unwrap_or_default();
    let head = if parts.is_empty() {
        last
    } else {
        t!("does-and", first = parts.join(", "), last = last)
    };
    t!("does-in-laps", what = head, laps = laps) + &end
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(kind: EventKind, hole: &str, seeds: u32, phrase: Phrase) -> TraceEvent {
        TraceEvent {
            kind,
            holes: vec![hole.to_string()],
            seeds,
            text: phrase.to_string(),
            phrase,
            counts: Vec::new(),
            stores: [0, 0],
        }
    }

    fn sow(hole: &str, n: u32) -> TraceEvent {
        let p = Phrase::Sow {
            seeds: n,
            clockwise: true,
            end: hole.to_string(),
        };
        ev(EventKind::Sow, hole, n, p)
    }

    fn capture(hole: &str, n: u32) -> TraceEvent {
        let p = Phrase::Capture {
            seeds: n,
            hole: hole.to_string(),
        };
        ev(EventKind::Capture, hole, n, p)
    }

    #[test]
    fn words_for_captures_safari_and_takasia() {
        let lift = Phrase::Lift {
            seeds: 4,
            hole: "A3".to_string(),
        };
        let takasia = Phrase::Takasia {
            hole: "a4".to_string(),
            side: bao_rules::Side::North,
        };
        let events = [
            ev(EventKind::Lift, "A3", 4, lift),
            sow("A6", 4),
            capture("a6", 3),
            sow("A1", 3),
            capture("a2", 2),
            sow("A5", 2),
            ev(EventKind::Safari, "A5", 0, Phrase::Safari),
            sow("A8", 6),
            ev(EventKind::Takasia, "a4", 0, takasia),
        ];
        assert_eq!(
            what_it_does(&events),
            "captures 5 seeds (from a6, a2), takes safari and takasias a4, in 4 laps"
        );
        assert_eq!(
            what_it_does(&events[..2]),
            "sows 1 lap and captures nothing"
        );
        let hamna = Phrase::BaoHamna {
            loser: bao_rules::Side::North,
            winner: bao_rules::Side::South,
        };
        let won = [
            sow("A6", 1),
            capture("a6", 1),
            ev(EventKind::GameEnd, "", 0, hamna),
        ];
        assert_eq!(
            what_it_does(&won),
            "captures 1 seed (from a6), in 1 lap. North's front row is empty: South wins (bao hamna)"
        );
    }
}
