//! Traced play: the events of a move with the board after each (view.rs `TraceEvent`).

use super::geometry::TEXT_ORDER;
use super::play::{Board, Sink};
use crate::{EventKind, Phrase, TraceEvent};

/// The 32 hole counts of `b` in position-text order (b8..b1, a8..a1, A1..A8, B1..B8).
pub(crate) fn text_counts(rings: &[[u8; 16]; 2]) -> Vec<u32> {
    TEXT_ORDER
        .iter()
        .map(|&(side, r)| rings[side.index()][r] as u32)
        .collect()
}

/// Records every event with the board after it.
#[derive(Default)]
pub(crate) struct TraceSink {
    pub events: Vec<TraceEvent>,
}

impl Sink for TraceSink {
    const ON: bool = true;
    fn event(
        &mut self,
        board: &Board,
        kind: EventKind,
        holes: Vec<String>,
        seeds: u32,
        phrase: Phrase,
    ) {
        self.events.push(TraceEvent {
            kind,
            holes,
            seeds,
            text: phrase.to_string(),
            phrase,
            counts: text_counts(&board.rings),
            stores: [board.stores[0] as u32, board.stores[1] as u32],
        });
    }
}
