//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, for any game.
//!
//! perft(p, 0) = 1 for every position, finished or not; at depth ≥ 1 a finished position
//! contributes 0 (notation.md §5). From the Bao la Kiswahili start: 4, 14, 38, 124, 405
//! (K-T18); from the Bao Kingulu start: 4, 15, 50 (issue 3).

use crate::Game;

/// Counts the leaves of the legal-move tree of `pos` to `depth` plies.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| perft(&pos.play_unchecked(mv), depth - 1))
        .sum()
}

/// Perft split by the first move: `(move text, leaf count)` in legal-move order.
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let count = perft(&pos.play_unchecked(mv), depth.saturating_sub(1));
            (pos.move_text(mv), count)
        })
        .collect()
}

/// [`perft`] that can be stopped: `stop()` is asked before every interior node's move
/// generation (so at most one position's children are generated after it turns true);
/// `None` when it stopped the count. A front end runs a long count with a stop check of
/// its own (`bao engine`'s `stop`).
///
/// ```
/// use bao_rules::{Game, kiswahili::Kiswahili, perft::perft_until};
/// let start = Kiswahili::start(&Default::default());
/// assert_eq!(perft_until(&start, 3, &|| false), Some(38)); // K-T18
/// assert_eq!(perft_until(&start, 3, &|| true), None);
/// assert_eq!(perft_until(&start, 0, &|| true), Some(1));
/// ```
pub fn perft_until<G: Game>(pos: &G, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    if stop() {
        return None;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return Some(moves.len() as u64);
    }
    let mut total = 0u64;
    for &mv in &moves {
        total += perft_until(&pos.play_unchecked(mv), depth - 1, stop)?;
    }
    Some(total)
}
