//! A move in a few words, from its trace: what a hint's move does ("captures 9 seeds
//! (from a5, a3), takes safari and takasias a6"), and the one-line summary under an
//! animated move.

use super::text::plural;
use bao_rules::{EventKind, TraceEvent};

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
        let seeds: u32 = captures.iter().map(|e| e.seeds).sum();
        let mut holes: Vec<&str> = captures
            .iter()
            .filter_map(|e| e.holes.first().map(String::as_str))
            .collect();
        let more = holes.len().saturating_sub(6);
        holes.truncate(6);
        let mut from = holes.join(", ");
        if more > 0 {
            from.push_str(&format!(" and {more} more"));
        }
        parts.push(format!(
            "captures {} (from {from})",
            plural(u64::from(seeds), "seed")
        ));
    }
    for e in events {
        let text = match e.kind {
            EventKind::Safari => "takes safari".to_string(),
            EventKind::NyumbaStop => "stops in the nyumba".to_string(),
            EventKind::Takasia => e
                .text
                .split(':')
                .next()
                .unwrap_or(&e.text)
                .trim()
                .to_string(),
            EventKind::Reserve | EventKind::NyumbaLost => e.text.clone(),
            _ => continue,
        };
        if !text.is_empty() && !parts.contains(&text) {
            parts.push(text);
        }
    }
    // The end of the game is a sentence of its own (it has its own parentheses).
    let end = events
        .iter()
        .find(|e| e.kind == EventKind::GameEnd && !e.text.is_empty())
        .map(|e| format!(". {}", capitalised(&e.text)))
        .unwrap_or_default();
    if parts.is_empty() {
        if !end.is_empty() {
            return format!("sows {}{end}", plural(laps as u64, "lap"));
        }
        return format!("sows {} and captures nothing", plural(laps as u64, "lap"));
    }
    let last = parts.pop().unwrap_or_default();
    let head = if parts.is_empty() {
        last
    } else {
        format!("{} and {last}", parts.join(", "))
    };
    format!("{head}, in {}{end}", plural(laps as u64, "lap"))
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

    fn ev(kind: EventKind, hole: &str, seeds: u32, text: &str) -> TraceEvent {
        TraceEvent {
            kind,
            holes: vec![hole.to_string()],
            seeds,
            text: text.to_string(),
            counts: Vec::new(),
            stores: [0, 0],
        }
    }

    #[test]
    fn words_for_captures_safari_and_takasia() {
        let events = [
            ev(EventKind::Lift, "A3", 4, "lifts 4 seeds from A3"),
            ev(EventKind::Sow, "A6", 4, "sows 4 seeds"),
            ev(EventKind::Capture, "a6", 3, "captures 3 from a6"),
            ev(EventKind::Sow, "A1", 3, "sows 3 seeds"),
            ev(EventKind::Capture, "a2", 2, "captures 2 from a2"),
            ev(EventKind::Sow, "A5", 2, "sows 2 seeds"),
            ev(
                EventKind::Safari,
                "A5",
                0,
                "takes safari: sows on from the nyumba",
            ),
            ev(EventKind::Sow, "A8", 6, "sows 6 seeds"),
            ev(
                EventKind::Takasia,
                "a4",
                0,
                "takasias a4: North may not start there next move",
            ),
        ];
        assert_eq!(
            what_it_does(&events),
            "captures 5 seeds (from a6, a2), takes safari and takasias a4, in 4 laps"
        );
        assert_eq!(
            what_it_does(&events[..2]),
            "sows 1 lap and captures nothing"
        );
        let won = [
            ev(EventKind::Sow, "A6", 1, "sows 1 seed"),
            ev(EventKind::Capture, "a6", 1, "captures 1 from a6"),
            ev(
                EventKind::GameEnd,
                "",
                0,
                "North's front row is empty: South wins (bao hamna)",
            ),
        ];
        assert_eq!(
            what_it_does(&won),
            "captures 1 seed (from a6), in 1 lap. North's front row is empty: South wins (bao hamna)"
        );
    }
}
