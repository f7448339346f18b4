//! Legal move generation (K-R6, R7, R9, R10, R13.4, R14): every candidate is simulated to
//! the end so that never-ending moves are removed exactly, before the priority classes.
#![allow(clippy::needless_range_loop)] // ring indices are the rule vocabulary (K-§1.2)

use super::geometry::{is_front, opposite, symbol_cw, MOVE_ORDER, NYUMBA, RIGHT_KICHWA};
use super::notation::{Move, MoveKind};
use super::play::{End, NoSink, SimOut};
use super::rules::{MtajiNyumba, NamuSingleton, NeverEndingPolicy};
use super::Kiswahili;

/// The two directions of a move from ring index `r` in canonical order (`<` then `>`).
#[inline]
fn dirs(r: usize) -> [bool; 2] {
    [symbol_cw(r, false), symbol_cw(r, true)]
}

/// The directions allowed from front hole `h` by the lone-kichwa rule (K-R7.4, R10.3):
/// if the only occupied front hole is a kichwa, only towards the centre.
#[inline]
fn lone_kichwa_ok(front_mask: u8, h: usize, cw: bool) -> bool {
    if front_mask != 1 << h {
        return true;
    }
    match h {
        0 => cw,
        RIGHT_KICHWA => !cw,
        _ => true,
    }
}

/// Collects the moves of one priority class.
struct Gen<'a, F: FnMut(Move, &SimOut) -> bool> {
    pos: &'a Kiswahili,
    emit: F,
    illegal_never_ending: bool,
    /// K-R11.6: only captures of this opponent hole are accepted (mask; 0 = no filter).
    must_capture: u8,
    count: usize,
    stopped: bool,
}

impl<F: FnMut(Move, &SimOut) -> bool> Gen<'_, F> {
    /// Simulates `mv`; emits it unless it is never-ending under the default policy.
    /// Returns the simulation result.
    #[inline]
    fn try_move(&mut self, mv: Move) -> SimOut {
        let out = self.pos.simulate(mv, &mut NoSink);
        if self.stopped {
            return out;
        }
        let never = out.end == End::NeverEnding;
        let filtered = self.must_capture != 0 && out.captured & self.must_capture == 0;
        if !(filtered || never && self.illegal_never_ending) {
            self.count += 1;
            if !(self.emit)(mv, &out) {
                self.stopped = true;
            }
        }
        out
    }

    /// A capture candidate and, when the stop/safari decision arises, its safari twin.
    #[inline]
    fn try_capture(&mut self, hole: usize, cw: bool) {
        let out = self.try_move(Move::new(hole, cw, false, MoveKind::Capture));
        if out.decision && !self.stopped {
            self.try_move(Move::new(hole, cw, true, MoveKind::Capture));
        }
    }
}

impl Kiswahili {
    /// Generates the legal moves in canonical order, calling `emit(move, simulation)` for
    /// each; `emit` returns `false` to stop early.
    pub(crate) fn generate<F: FnMut(Move, &SimOut) -> bool>(&self, emit: F) {
        if self.outcome.is_some() {
            return;
        }
        let m = self.to_move.index();
        let o = 1 - m;
        let own = &self.rings[m];
        let opp = &self.rings[o];
        let front_mask: u8 = (0..8).fold(0, |acc, r| acc | (((own[r] > 0) as u8) << r));
        if front_mask == 0 {
            return; // K-R12.3: M has lost.
        }
        let rules = &self.rules;
        let mut g = Gen {
            pos: self,
            emit,
            illegal_never_ending: rules.never_ending_policy
                == NeverEndingPolicy::IllegalBeforePriority,
            must_capture: 0,
            count: 0,
            stopped: false,
        };
        let functional = self.owned[m] && own[NYUMBA] >= rules.functional_threshold;
        let takasia = self.takasia as usize;

        if self.stores[m] > 0 {
            // Namua captures (K-R6.1, R5.1).
            let mut caps = Caps::default();
            for h in 0..8 {
                if own[h] >= 1 && opp[opposite(h)] >= 1 {
                    match h {
                        0 | 1 => caps.push(h, true),
                        6 | 7 => caps.push(h, false),
                        _ => {
                            caps.push(h, false);
                            caps.push(h, true);
                        }
                    }
                }
            }
            self.capture_class(&mut g, &caps);
            if g.count > 0 || g.stopped {
                return;
            }
            // Namua takata (K-R7).
            let tax = |g: &mut Gen<'_, F>| {
                for cw in dirs(NYUMBA) {
                    g.try_move(Move::new(NYUMBA, cw, false, MoveKind::Tax));
                }
            };
            let takata_from = |g: &mut Gen<'_, F>, h: usize| {
                for cw in dirs(h) {
                    if lone_kichwa_ok(front_mask, h, cw) {
                        g.try_move(Move::new(h, cw, false, MoveKind::Takata));
                    }
                }
            };
            if functional {
                // K-R7.1: the functional nyumba only as a tax, when sole (or always,
                // OPT-TAX-ONLY-WHEN-SOLE off); singletons are eligible.
                if front_mask == 1 << NYUMBA {
                    tax(&mut g);
                } else {
                    for h in 0..8 {
                        if h == NYUMBA {
                            if !rules.tax_only_when_sole {
                                tax(&mut g);
                            }
                        } else if own[h] > 0 {
                            takata_from(&mut g, h);
                        }
                    }
                }
                return;
            }
            if rules.tax_dormant && self.owned[m] && front_mask == 1 << NYUMBA {
                tax(&mut g); // OPT-TAX-DORMANT
                return;
            }
            // K-R7.2: holes with ≥ 2 seeds; singletons only when none (or all of those
            // never end, K-R13.4), or always under WhenOwned with an owned nyumba.
            let singletons_ok = rules.namu_singleton == NamuSingleton::WhenOwned && self.owned[m];
            for h in 0..8 {
                if own[h] >= 2 || (singletons_ok && own[h] == 1) {
                    takata_from(&mut g, h);
                }
            }
            if g.count == 0 && !g.stopped {
                for h in 0..8 {
                    if own[h] == 1 {
                        takata_from(&mut g, h);
                    }
                }
            }
            return;
        }

        // Mtaji captures (K-R9.2, R9.4).
        let mut caps = Caps::default();
        for h in MOVE_ORDER {
            let n = own[h];
            if !(2..=15).contains(&n) || h == takasia {
                continue;
            }
            for cw in dirs(h) {
                let e = if cw {
                    (h + n as usize) & 15
                } else {
                    (h + 16 - n as usize) & 15
                };
                if is_front(e) && own[e] >= 1 && opp[opposite(e)] >= 1 {
                    caps.push(h, cw);
                }
            }
        }
        self.capture_class(&mut g, &caps);
        if g.count > 0 || g.stopped {
            return;
        }
        // Mtaji takata (K-R10): front row first, then back row.
        let persistent_nyumba = rules.mtaji_nyumba == MtajiNyumba::Persistent && functional;
        for h in 0..8 {
            if own[h] >= 2 && h != takasia && !(persistent_nyumba && h == NYUMBA) {
                for cw in dirs(h) {
                    if lone_kichwa_ok(front_mask, h, cw) {
                        g.try_move(Move::new(h, cw, false, MoveKind::Takata));
                    }
                }
            }
        }
        if g.count > 0 || g.stopped {
            return;
        }
        for h in MOVE_ORDER[8..].iter().copied() {
            if own[h] >= 2 {
                for cw in dirs(h) {
                    g.try_move(Move::new(h, cw, false, MoveKind::Takata));
                }
            }
        }
        if g.count > 0 || g.stopped || !persistent_nyumba {
            return;
        }
        // OPT-MTAJI-NYUMBA=Persistent: the functional nyumba only when nothing else exists.
        for cw in dirs(NYUMBA) {
            g.try_move(Move::new(NYUMBA, cw, false, MoveKind::Takata));
        }
    }

    /// Runs a capture class; under K-R11.6 (OPT-TAKASIA-BLOCKER-MUST-CAPTURE) only the
    /// captures of the blocked hole when at least one legal capture takes it.
    fn capture_class<F: FnMut(Move, &SimOut) -> bool>(&self, g: &mut Gen<'_, F>, caps: &Caps) {
        if caps.len == 0 {
            return;
        }
        if self.blocker < 8 && self.rules.takasia_blocker_must_capture {
            let target = 1u8 << self.blocker;
            let mut probe = Gen {
                pos: self,
                emit: |_: Move, out: &SimOut| out.captured & target == 0,
                illegal_never_ending: g.illegal_never_ending,
                must_capture: 0,
                count: 0,
                stopped: false,
            };
            for &(h, cw) in &caps.list[..caps.len] {
                probe.try_capture(h as usize, cw);
            }
            if probe.stopped {
                g.must_capture = target;
            }
        }
        for &(h, cw) in &caps.list[..caps.len] {
            g.try_capture(h as usize, cw);
        }
        g.must_capture = 0;
    }
}

/// Capture candidates (hole, cw) of one position, in canonical order.
#[derive(Default)]
struct Caps {
    list: [(u8, bool); 32],
    len: usize,
}

impl Caps {
    #[inline]
    fn push(&mut self, h: usize, cw: bool) {
        if self.len < 32 {
            self.list[self.len] = (h as u8, cw);
            self.len += 1;
        }
    }
}
