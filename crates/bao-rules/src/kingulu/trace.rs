//! The tracer that turns a simulated move into [`TraceEvent`]s (Lift, Sow, Bank, Capture,
//! Reserve, Transfer, End; GameEnd is added by `play_traced`).

use super::position::{pit_name, row_of, TEXT_ORDER};
use super::sow::{EndKind, Tracer};
use crate::{EventKind, Phrase, PitEnd, Side, TraceEvent};

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
        phrase: Phrase,
        pits: &[u8; 12],
        stores: &[u8; 2],
    ) {
        self.events.push(TraceEvent {
            kind,
            holes: holes.iter().map(|&i| pit_name(i)).collect(),
            seeds,
            text: phrase.to_string(),
            phrase,
            counts: TEXT_ORDER.iter().map(|&i| u32::from(pits[i])).collect(),
            stores: [u32::from(stores[0]), u32::from(stores[1])],
        });
    }
}

impl Tracer for EventTracer {
    fn lift(&mut self, pit: usize, seeds: u8, pits: &[u8; 12], stores: &[u8; 2]) {
        let text = Phrase::PitLift {
            side: self.mover,
            seeds: u32::from(seeds),
            hole: pit_name(pit),
        };
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
        let text = Phrase::SowInto { holes: names };
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
                let text = Phrase::Bank {
                    seeds: n,
                    hole: pit_name(i),
                    owner,
                };
                self.push(EventKind::Bank, &[i], n, text, pits, stores);
            }
        }
        self.banked = [0; 12];
    }

    fn capture(&mut self, o: usize, t: usize, seeds: u8, pits: &[u8; 12], stores: &[u8; 2]) {
        let text = Phrase::PitCapture {
            side: self.mover,
            seeds: u32::from(seeds),
            from: pit_name(o),
            with: pit_name(t),
        };
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
        let text = Phrase::SeedOnly {
            opposite: pit_name(11 - t),
            side: self.mover,
            hole: pit_name(t),
        };
        self.push(EventKind::Capture, &[t], 1, text, pits, stores);
    }

    fn reserve(&mut self, t: usize, pits: &[u8; 12], stores: &[u8; 2]) {
        let text = Phrase::Reserve {
            hole: pit_name(t),
            side: self.mover,
        };
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
        let text = Phrase::Transfer {
            from: pit_name(q),
            to: pit_name(t),
        };
        self.push(EventKind::Transfer, &[q, t], 1, text, pits, stores);
    }

    fn end(&mut self, kind: EndKind, t: usize, laps: u64, pits: &[u8; 12], stores: &[u8; 2]) {
        let why = match kind {
            EndKind::Reserved => PitEnd::Reserved(row_of(t).opponent()),
            EndKind::EmptyOwn => PitEnd::EmptyOwn,
            EndKind::EmptyOpponent => PitEnd::EmptyOpponent(row_of(t)),
            EndKind::Kuweka => PitEnd::Kuweka,
            EndKind::LapCap => PitEnd::LapCap,
        };
        let text = Phrase::PitEnd {
            why,
            hole: pit_name(t),
            laps,
        };
        self.push(EventKind::End, &[t], 0, text, pits, stores);
    }
}
