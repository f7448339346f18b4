//! The budget of one search: its clock, node count and node limit, the engine's stop
//! flag and an optional stop check of the caller's (`Engine::search_line_until`).

use crate::{Limits, SearchInfo, StopFlag};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The clock and the stop checks are looked at every `CHECK_EVERY` nodes.
const CHECK_EVERY: u64 = 16;

/// Clock, node budget and stop checks of one search.
pub(crate) struct Budget<'a> {
    pub start: Instant,
    pub deadline: Option<Instant>,
    pub max_nodes: Option<u64>,
    pub nodes: u64,
    pub stopped: bool,
    pub stop: StopFlag,
    /// The caller's stop check (true = stop), polled with the flag.
    pub until: Option<&'a dyn Fn() -> bool>,
}

impl<'a> Budget<'a> {
    pub fn new(limits: &Limits, stop: StopFlag, until: Option<&'a dyn Fn() -> bool>) -> Self {
        let start = Instant::now();
        Budget {
            start,
            deadline: limits.time_ms.map(|ms| start + Duration::from_millis(ms)),
            max_nodes: limits.nodes,
            nodes: 0,
            stopped: false,
            stop,
            until,
        }
    }

    /// Counts one node; returns true when the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if let Some(max) = self.max_nodes {
            if self.nodes > max {
                self.stopped = true;
            }
        }
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
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                self.stopped = true;
            }
        }
        self.stopped
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
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
