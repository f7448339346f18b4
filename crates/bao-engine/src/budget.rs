//! The limits of one search or solve: [`Meter`], the clock, node count and limits that
//! both track, and [`Budget`], a search's meter with the engine's stop flag and an
//! optional stop check of the caller's (`Engine::search_line_until`). The solver's
//! `SolveBudget` (`solve/mod.rs`) is a meter with a progress report.

use crate::{Limits, SearchInfo, StopFlag};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The clock from the start, the deadline and node limit, the node count, and whether a
/// limit (or a stop) was reached: the limit tracking the searchers and the solver share.
pub(crate) struct Meter {
    pub start: Instant,
    pub deadline: Option<Instant>,
    pub max_nodes: Option<u64>,
    pub nodes: u64,
    pub stopped: bool,
}

impl Meter {
    /// A meter started now, with a time limit in milliseconds and a node limit.
    pub fn new(time_ms: Option<u64>, max_nodes: Option<u64>) -> Meter {
        let start = Instant::now();
        Meter {
            start,
            deadline: time_ms.map(|ms| start + Duration::from_millis(ms)),
            max_nodes,
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts one node; stops when the node limit is passed. Returns whether stopped.
    #[inline]
    pub fn count(&mut self) -> bool {
        self.nodes += 1;
        if self.max_nodes.is_some_and(|max| self.nodes > max) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Stops when the deadline has come by `now`.
    #[inline]
    pub fn check_clock(&mut self, now: Instant) {
        if self.deadline.is_some_and(|d| now >= d) {
            self.stopped = true;
        }
    }

    /// Milliseconds since the start.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

/// The clock and the stop checks are looked at every `CHECK_EVERY` nodes.
const CHECK_EVERY: u64 = 16;

/// Clock, node budget and stop checks of one search: a [`Meter`] (its fields read through
/// `Deref`) with the stop flag and the caller's stop check.
pub(crate) struct Budget<'a> {
    meter: Meter,
    pub stop: StopFlag,
    /// The caller's stop check (true = stop), polled with the flag.
    pub until: Option<&'a dyn Fn() -> bool>,
}

impl<'a> Budget<'a> {
    pub fn new(limits: &Limits, stop: StopFlag, until: Option<&'a dyn Fn() -> bool>) -> Self {
        Budget {
            meter: Meter::new(limits.time_ms, limits.nodes),
            stop,
            until,
        }
    }

    /// Counts one node; returns true when the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.meter.count();
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.poll();
        }
        self.stopped
    }

    /// Looks at the clock, the stop flag and the caller's stop check.
    pub fn poll(&mut self) -> bool {
        if self.stop.load(Ordering::Relaxed) || self.until.is_some_and(|f| f()) {
            self.stopped = true;
        }
        self.meter.check_clock(Instant::now());
        self.stopped
    }

    pub fn info<M>(&self, depth: u32, score: crate::Score, pv: Vec<M>) -> SearchInfo<M> {
        let ms = self.elapsed_ms();
        SearchInfo {
            depth,
            score,
            nodes: self.nodes,
            nps: self.nodes * 1000 / ms.max(1),
            time_ms: ms,
            pv,
        }
    }
}

impl Deref for Budget<'_> {
    type Target = Meter;
    fn deref(&self) -> &Meter {
        &self.meter
    }
}

impl DerefMut for Budget<'_> {
    fn deref_mut(&mut self) -> &mut Meter {
        &mut self.meter
    }
}
