//! A puzzle's theme word and difficulty (docs/puzzles.md).
//!
//! The theme comes from the traced events of the solution move
//! ([`bao_rules::Game::play_traced`]), the first that applies of: `bao hamna` (the move
//! empties the opponent's front row, K-R12.1), `blockade` (the move leaves the opponent
//! without a legal move, K-R12.3 / G-R12), `safari` (K-R4.4), `takasia` (K-R11),
//! `kuweka mtoto` (G-R9), `multiple capture` (two captures or more), `relay` (a Bao
//! Kingulu relay sowing that captures nothing: more than one lift, G-R7), `capture`, and
//! `quiet move` (none of these).

use super::format::Claim;
use bao_rules::{EventKind, TraceEvent};

/// The theme word of a move from its traced events.
pub fn theme(events: &[TraceEvent]) -> &'static str {
    let has = |k: EventKind| events.iter().any(|e| e.kind == k);
    let count = |k: EventKind| events.iter().filter(|e| e.kind == k).count();
    if let Some(end) = events.iter().find(|e| e.kind == EventKind::GameEnd) {
        let t = end.text.to_ascii_lowercase();
        if t.contains("bao hamna") || t.contains("front row is empty") {
            return "bao hamna";
        }
        if t.contains("no legal move") || t.contains("cannot move") {
            return "blockade";
        }
    }
    if has(EventKind::Safari) {
        return "safari";
    }
    if has(EventKind::Takasia) {
        return "takasia";
    }
    if has(EventKind::Reserve) {
        return "kuweka mtoto";
    }
    match count(EventKind::Capture) {
        0 if count(EventKind::Lift) > 1 => "relay",
        0 => "quiet move",
        1 => "capture",
        _ => "multiple capture",
    }
}

/// The difficulty 1–5 of a puzzle from its claim, the number of legal moves and the
/// length of the solution line (plies):
/// - a win in N plies: the solver's own moves in it (⌈N/2⌉), plus 1 with 8 legal moves
///   or more;
/// - a best score: 1, plus 1 with 4 legal moves or more, plus 1 when the line is 10 plies
///   or longer, plus 1 at 20 or longer, plus 1 when the next best move is only 2 seeds
///   worse;
///
/// clamped to 1..=5.
pub fn difficulty(claim: Claim, legal_moves: usize, line_plies: usize, gap: u32) -> u8 {
    let d = match claim {
        Claim::OnlyWin(n) | Claim::WinWithin(n) => n.div_ceil(2) + u32::from(legal_moves >= 8),
        Claim::BestScore { .. } => {
            1 + u32::from(legal_moves >= 4)
                + u32::from(line_plies >= 10)
                + u32::from(line_plies >= 20)
                + u32::from(gap <= 2)
        }
    };
    d.clamp(1, 5) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::kingulu::Kingulu;
    use bao_rules::kiswahili::Kiswahili;
    use bao_rules::Game;

    fn events<G: Game>(pos: &str, mv: &str) -> Vec<TraceEvent> {
        let p = G::from_text(pos, &Default::default()).unwrap();
        p.play_traced(p.parse_move(mv).unwrap()).unwrap().1
    }

    #[test]
    fn themes_from_traces() {
        // A namua move ending in an empty hole: nothing else happens.
        let quiet = events::<Kiswahili>(
            "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -",
            "A6>",
        );
        assert_eq!(theme(&quiet), "quiet move");
        assert_eq!(
            difficulty(Claim::WinWithin(5), 9, 5, 0),
            4,
            "3 own moves + many legal moves"
        );
        assert_eq!(difficulty(Claim::OnlyWin(1), 2, 1, 0), 1);
        assert_eq!(
            difficulty(
                Claim::BestScore {
                    south: 30,
                    north: 18
                },
                5,
                12,
                2
            ),
            4
        );
        // The Bao Kingulu start: A1 ... every first move sows; its theme is one word.
        let start = Kingulu::start(&Default::default());
        for mv in start.moves() {
            let (_, ev) = start.play_traced(mv).unwrap();
            assert!(!theme(&ev).is_empty());
        }
    }
}
