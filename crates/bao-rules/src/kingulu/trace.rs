//! The tracer that turns a simulated move into [`TraceEvent`]s (Lift, Sow, Bank, Capture,
//! Reserve, Transfer, End; GameEnd is added by `play_traced`).

use super::position::{pit_name, row_of, TEXT_ORDER};
use super::sow::{EndKind, Tracer};
use crate::{EventKind, Side, TraceEvent};

/// Collects the events of one move for `mover`.
pub(crate) struct EventTracer {
    pub(crate) mover: Side,
    pub(crate) events: Vec<TraceEvent>,
    lap_holes: Vec<usize>,
    /// Banked seeds of the current lap per pit (G-R6), reported after the Sow event.
    banked: [u32; 12],
}

impl EventTracer {
    pub(crate) fn new(mover: Side) -> EventTracer {
        EventTracer {
            mover,
            events: Vec::new(),
            lap_holes: Vec::new(),
            banked: [0; 12],
        }
    }

    /// Appends an event with the board after it (counts in position-text order).
    pub(crate) fn push(
        &mut self,
        kind: EventKind,
        holes: &[usize],
        seeds: u32,
        text: String,
        pits: &[u8; 12],
        stores: &[u8; 2],
    ) {
        self.events.push(TraceEvent {
            kind,
            holes: holes.iter().map(|&i| pit_name(i)).collect(),
            seeds,
            text,
            counts: TEXT_ORDER.iter().map(|&i| u32::from(pits[i])).collect(),
            stores: [u32::from(stores[0]), u32::from(stores[1])],
        });
    }
}

impl Tracer for EventTracer {
    fn lift(&mut self, pit: usize, seeds: u8, pits: &[u8; 12], stores: &[u8; 2]) {
        let text = format!(
            "{} lifts {seeds} seed{} from {}",
            self.mover,
            if seeds == 1 { "" } else { "s" },
            pit_name(pit)
        );
        self.push(
            EventKind::Lift,
            &[pit],
            u32::from(seeds),
            text,
            pits,
            stores,
        );
    }

    fn seed(&mut self, pit: usize, banked: bool) {
        self.lap_holes.push(pit);
        if banked {
            self.banked[pit] += 1;
        }
    }

    fn lap_end(&mut self, pits: &[u8; 12], stores: &[u8; 2]) {
        let holes = std::mem::take(&mut self.lap_holes);
        let names: Vec<String> = holes.iter().map(|&i| pit_name(i)).collect();
        let text = format!(
            "sows {} seed{} into {}",
            holes.len(),
            if holes.len() == 1 { "" } else { "s" },
            names.join(" ")
        );
        self.push(
            EventKind::Sow,
            &holes,
            holes.len() as u32,
            text,
            pits,
            stores,
        );
        // Banked seeds in the order their pits were first reached in this lap.
        let mut done = 0u16;
        for &i in &holes {
            if self.banked[i] > 0 && done & (1 << i) == 0 {
                done |= 1 << i;
                let n = self.banked[i];
                let owner = row_of(i).opponent();
                let text = format!(
                    "{n} seed{} fell into {}, reserved by {owner}, and went to {owner}'s store",
                    if n == 1 { "" } else { "s" },
                    pit_name(i)
                );
                self.push(EventKind::Bank, &[i], n, text, pits, stores);
            }
        }
        self.banked = [0; 12];
    }

    fn capture(&mut self, o: usize, t: usize, seeds: u8, pits: &[u8; 12], stores: &[u8; 2]) {
        let text = format!(
            "{} captures {seeds} from {} with the seed in {} ({} in all)",
            self.mover,
            pit_name(o),
            pit_name(t),
            seeds + 1
        );
        self.push(
            EventKind::Capture,
            &[o, t],
            u32::from(seeds) + 1,
            text,
            pits,
            stores,
        );
    }

    fn capture_seed(&mut self, t: usize, pits: &[u8; 12], stores: &[u8; 2]) {
        let text = format!(
            "the opposite pit {} is reserved: {} takes only the seed in {}",
            pit_name(11 - t),
            self.mover,
            pit_name(t)
        );
        self.push(EventKind::Capture, &[t], 1, text, pits, stores);
    }

    fn reserve(&mut self, t: usize, pits: &[u8; 12], stores: &[u8; 2]) {
        let text = format!(
            "kuweka mtoto: {} now holds 4 and is reserved by {}",
            pit_name(t),
            self.mover
        );
        self.push(
            EventKind::Reserve,
            &[t],
            u32::from(pits[t]),
            text,
            pits,
            stores,
        );
    }

    fn transfer(&mut self, q: usize, t: usize, pits: &[u8; 12], stores: &[u8; 2]) {
        let text = format!(
            "the last-but-one seed moves from {} into {}",
            pit_name(q),
            pit_name(t)
        );
        self.push(EventKind::Transfer, &[q, t], 1, text, pits, stores);
    }

    fn end(&mut self, kind: EndKind, t: usize, laps: u64, pits: &[u8; 12], stores: &[u8; 2]) {
        let name = pit_name(t);
        let laps_text = format!("{laps} lap{}", if laps == 1 { "" } else { "s" });
        let text = match kind {
            EndKind::Reserved => format!(
                "the last seed fell into {name}, reserved by {}: the move ends after {laps_text}",
                row_of(t).opponent()
            ),
            EndKind::EmptyOwn => {
                format!("the last seed fell into empty {name}: the move ends after {laps_text}")
            }
            EndKind::EmptyOpponent => format!(
                "the last seed fell into empty {name} in {}'s row: the move ends after {laps_text}",
                row_of(t)
            ),
            EndKind::Kuweka => format!("{name} is reserved: the move ends after {laps_text}"),
            EndKind::LapCap => {
                format!("lap cap reached at {name}: the move ends after {laps_text}")
            }
        };
        self.push(EventKind::End, &[t], 0, text, pits, stores);
    }
}
