//! Sowing and the lap-end loop (K-R3, R4, R5, R6.3, R7.3, R7.5, R9.1, R12.1–R12.2, R13.3):
//! one move simulated from its opening action to its end, with exact never-ending
//! detection (Brent's algorithm on the lap-boundary state).

use super::geometry::{hole_name, is_front, opposite, step, LEFT_KICHWA, NYUMBA, RIGHT_KICHWA};
use super::notation::{Move, MoveKind};
use super::rules::{FunctionalCheck, MtajiNyumba, NamuSafari, NyumbaLossFirstCapture};
use super::Kiswahili;
use crate::{EventKind, Phrase, Side};

/// The mutable part of a position during a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub rings: [[u8; 16]; 2],
    pub stores: [u8; 2],
    pub owned: [bool; 2],
}

/// How a simulated move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// The move ended normally (empty hole, nyumba stop, takasia stop).
    Done,
    /// The mover emptied the opponent's front row by a capture (K-R12.1).
    MoverWins,
    /// The mover's own front row became empty after a lap (K-R12.2).
    MoverLoses,
    /// The lap-boundary state repeated or the guard was reached (K-R13.3).
    NeverEnding,
}

/// The result of simulating one move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SimOut {
    pub board: Board,
    pub end: End,
    /// Whether the stop/safari decision arose (K-R6.4).
    pub decision: bool,
    /// Opponent front ring indices captured during the move (bit mask).
    pub captured: u8,
    /// Laps sown (opening lap, capture laps and relays).
    pub laps: u32,
}

/// Receives the events of a traced move; the fast path uses [`NoSink`].
pub(crate) trait Sink {
    /// Whether events are recorded at all (compile-time switch).
    const ON: bool;
    /// One event, with the board after it.
    fn event(
        &mut self,
        board: &Board,
        kind: EventKind,
        holes: Vec<String>,
        seeds: u32,
        phrase: Phrase,
    );
}

/// The sink of the fast path: records nothing.
pub(crate) struct NoSink;

impl Sink for NoSink {
    const ON: bool = false;
    #[inline(always)]
    fn event(&mut self, _: &Board, _: EventKind, _: Vec<String>, _: u32, _: Phrase) {}
}

/// Brent's algorithm starts comparing lap-boundary states at this lap (≥ 2, K-R13.3:
/// compare from the second boundary on). Starting later keeps detection exact (a cycle
/// is still found) and keeps short moves free of the comparisons.
const BRENT_START: u32 = 16;

#[inline(always)]
fn front_empty(v: u128) -> bool {
    v as u64 == 0
}

/// One seed in every hole (as a little-endian `u128` of the ring).
const ONES: u128 = u128::from_le_bytes([1; 16]);

/// `SOW_MASK[first][k]`: one seed in each of the `k` holes `first`, `first+1`, … (mod 16),
/// as a little-endian `u128` of the ring.
const SOW_MASK: [[u128; 16]; 16] = {
    let mut t = [[0u128; 16]; 16];
    let mut first = 0;
    while first < 16 {
        let mut k = 1;
        while k < 16 {
            t[first][k] = t[first][k - 1] | 1u128 << (8 * ((first + k - 1) & 15));
            k += 1;
        }
        first += 1;
    }
    t
};

/// Sows `n` seeds one per hole into ring `v` (a little-endian `u128` of the 16 counts)
/// starting at the hole after `from` in direction `cw` (K-R3.1); returns the new ring and
/// the end hole. `n` ≥ 16 goes round the ring (the source hole is not skipped). Counts stay
/// ≤ 64, so the bytes never carry into each other.
#[inline(always)]
fn sow(v: u128, from: usize, cw: bool, n: u8) -> (u128, usize) {
    let full = (n >> 4) as u128;
    let rem = (n & 15) as usize;
    let (first, end) = if rem == 0 {
        (0, from)
    } else if cw {
        ((from + 1) & 15, (from + rem) & 15)
    } else {
        ((from + 16 - rem) & 15, (from + 16 - rem) & 15)
    };
    (
        v.wrapping_add(ONES.wrapping_mul(full))
            .wrapping_add(SOW_MASK[first][rem]),
        end,
    )
}

/// The count of hole `r` of ring `v`.
#[inline(always)]
fn get(v: u128, r: usize) -> u8 {
    (v >> (8 * r)) as u8
}

/// Ring `v` with hole `r` emptied.
#[inline(always)]
fn clear(v: u128, r: usize) -> u128 {
    v & !(0xffu128 << (8 * r))
}

/// The holes a lap of `n` seeds from after `from` visits, in order (for traces).
fn lap_holes(side: Side, from: usize, cw: bool, n: u8) -> Vec<String> {
    let mut p = from;
    (0..n)
        .map(|_| {
            p = step(p, cw);
            hole_name(side, p)
        })
        .collect()
}

/// The compact lap-boundary state compared by Brent's algorithm (K-R13.3): both rings,
/// the end hole, the direction and the ownership flags.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct LapState(u128, u128, u32);

#[inline(always)]
fn lap_state(mine: u128, theirs: u128, owned: [bool; 2], e: usize, cw: bool) -> LapState {
    LapState(
        mine,
        theirs,
        e as u32 | (cw as u32) << 4 | (owned[0] as u32) << 5 | (owned[1] as u32) << 6,
    )
}

impl Kiswahili {
    /// Simulates `mv` from this position to the end of the move. The move kind decides
    /// whether laps capture; nothing about legality is checked. Never panics: a move that
    /// cannot be started (empty hole) ends at once.
    pub(crate) fn simulate<S: Sink>(&self, mv: Move, sink: &mut S) -> SimOut {
        let me = self.to_move;
        let them = me.opponent();
        let m = me.index();
        let o = them.index();
        let rules = &self.rules;
        let thr = rules.functional_threshold;
        // The rings live in registers as 128-bit numbers during the move.
        let mut mine = u128::from_le_bytes(self.rings[m]);
        let mut theirs = u128::from_le_bytes(self.rings[o]);
        let mut stores = self.stores;
        let mut owned = self.owned;
        let namu = stores[m] > 0;
        let capture = mv.kind == MoveKind::Capture;
        let nyumba_active = namu || rules.mtaji_nyumba == MtajiNyumba::Persistent;
        let snapshot_functional = owned[m] && get(mine, NYUMBA) >= thr;
        let use_snapshot = rules.functional_check == FunctionalCheck::MoveStartSnapshot;
        let takasia = self.takasia as usize;
        let h = mv.hole as usize & 15;
        let firstlap_exempt = rules.takasia_firstlap_nyumba && h == NYUMBA && owned[m];
        let compulsory_safari = namu && rules.namu_safari == NamuSafari::Compulsory;
        let mut cw = mv.cw;
        let mut laps: u32 = 0;
        let mut captured: u8 = 0;
        let mut decision = false;

        macro_rules! board {
            () => {{
                // Selected, not indexed: no store-to-load round trip through memory.
                let (south, north) = if m == 0 {
                    (mine, theirs)
                } else {
                    (theirs, mine)
                };
                let rings = [south.to_le_bytes(), north.to_le_bytes()];
                Board {
                    rings,
                    stores,
                    owned,
                }
            }};
        }
        macro_rules! ev {
            ($kind:expr, $holes:expr, $seeds:expr, $text:expr) => {
                if S::ON {
                    sink.event(&board!(), $kind, $holes, $seeds as u32, $text);
                }
            };
        }
        macro_rules! finish {
            ($end:expr) => {{
                return SimOut {
                    board: board!(),
                    end: $end,
                    decision,
                    captured,
                    laps,
                };
            }};
        }
        // Lifts all seeds of own hole `r` (K-R8.2 a: an owned nyumba emptied is lost).
        macro_rules! lift {
            ($r:expr, $why:ident) => {{
                let r = $r;
                let n = get(mine, r);
                mine = clear(mine, r);
                ev!(
                    EventKind::Lift,
                    vec![hole_name(me, r)],
                    n,
                    Phrase::$why {
                        seeds: n as u32,
                        hole: hole_name(me, r)
                    }
                );
                if r == NYUMBA && owned[m] {
                    owned[m] = false;
                    ev!(
                        EventKind::NyumbaLost,
                        vec![hole_name(me, r)],
                        0,
                        Phrase::NyumbaLifted {
                            side: me,
                            hole: hole_name(me, r)
                        }
                    );
                }
                n
            }};
        }
        macro_rules! sow_lap {
            ($from:expr, $n:expr) => {{
                let from = $from;
                let n: u8 = $n;
                let (v, e) = sow(mine, from, cw, n);
                mine = v;
                laps += 1;
                ev!(
                    EventKind::Sow,
                    if S::ON {
                        lap_holes(me, from, cw, n)
                    } else {
                        Vec::new()
                    },
                    n,
                    Phrase::Sow {
                        seeds: n as u32,
                        clockwise: cw,
                        end: hole_name(me, e)
                    }
                );
                e
            }};
        }
        // Captures the opponent's hole facing own front hole `e` (K-R4.3); returns the seeds.
        macro_rules! capture_at {
            ($e:expr) => {{
                let t = opposite($e);
                let n = get(theirs, t);
                theirs = clear(theirs, t);
                captured |= 1 << t;
                ev!(
                    EventKind::Capture,
                    vec![hole_name(them, t)],
                    n,
                    Phrase::Capture {
                        seeds: n as u32,
                        hole: hole_name(them, t)
                    }
                );
                if t == NYUMBA && owned[o] {
                    owned[o] = false;
                    ev!(
                        EventKind::NyumbaLost,
                        vec![hole_name(them, t)],
                        0,
                        Phrase::NyumbaCaptured { side: them }
                    );
                }
                if !namu {
                    match rules.nyumba_loss_first_mtaji_capture {
                        NyumbaLossFirstCapture::No => {}
                        NyumbaLossFirstCapture::Owner => owned[m] = false,
                        NyumbaLossFirstCapture::Any => owned = [false, false],
                    }
                }
                if front_empty(theirs) {
                    // K-R12.1, R12.5: the last captured seeds go to the winner's store.
                    stores[m] += n;
                    ev!(
                        EventKind::GameEnd,
                        Vec::new(),
                        n,
                        Phrase::BaoHamna {
                            loser: them,
                            winner: me
                        }
                    );
                    finish!(End::MoverWins);
                }
                n
            }};
        }
        macro_rules! kichwa_lap {
            ($k:expr, $n:expr) => {{
                let k: usize = $k;
                cw = k == LEFT_KICHWA;
                ev!(
                    EventKind::Kichwa,
                    vec![hole_name(me, k)],
                    $n,
                    Phrase::Kichwa {
                        hole: hole_name(me, k)
                    }
                );
                sow_lap!(step(k, !cw), $n)
            }};
        }

        // Opening action.
        let mut e;
        if namu {
            stores[m] -= 1;
            mine += 1u128 << (8 * h);
            ev!(
                EventKind::Enter,
                vec![hole_name(me, h)],
                1,
                Phrase::Enter {
                    hole: hole_name(me, h)
                }
            );
            match mv.kind {
                MoveKind::Capture if is_front(h) && get(theirs, opposite(h)) > 0 => {
                    // K-R6.3, R5.1: the kichwa is the move's choice (forced in a kimbi).
                    let n = capture_at!(h);
                    e = kichwa_lap!(if mv.cw { LEFT_KICHWA } else { RIGHT_KICHWA }, n);
                }
                MoveKind::Tax => {
                    // K-R7.3: exactly 2 seeds; ownership is kept.
                    let n = get(mine, NYUMBA).min(2);
                    mine -= (n as u128) << (8 * NYUMBA);
                    ev!(
                        EventKind::Tax,
                        vec![hole_name(me, NYUMBA)],
                        n,
                        Phrase::Tax { seeds: n as u32 }
                    );
                    e = sow_lap!(NYUMBA, n);
                }
                _ => {
                    let n = lift!(h, Lift);
                    e = sow_lap!(h, n);
                }
            }
        } else {
            let n = lift!(h, Lift);
            e = sow_lap!(h, n);
        }
        if get(mine, e) == 0 {
            // A lap of zero seeds (only for moves that are not legal): nothing happens.
            finish!(End::Done);
        }

        // The lap-end loop (K-R4), with Brent's cycle detection (K-R13.3).
        let guard = rules.never_ending_guard;
        let mut saved = LapState::default();
        let mut brent_on = false;
        let mut power: u32 = 1;
        let mut lam: u32 = 0;
        loop {
            // Step 1 (K-R12.2).
            if front_empty(mine) {
                ev!(
                    EventKind::GameEnd,
                    Vec::new(),
                    0,
                    Phrase::OwnFrontEmpty {
                        loser: me,
                        winner: them
                    }
                );
                finish!(End::MoverLoses);
            }
            let count_e = get(mine, e);
            // Step 2: the last seed fell into an empty hole.
            if count_e == 1 {
                ev!(
                    EventKind::End,
                    vec![hole_name(me, e)],
                    0,
                    Phrase::EmptyHole {
                        hole: hole_name(me, e)
                    }
                );
                finish!(End::Done);
            }
            if laps >= BRENT_START {
                let st = lap_state(mine, theirs, owned, e, cw);
                if !brent_on {
                    saved = st;
                    brent_on = true;
                } else {
                    if st == saved {
                        finish!(End::NeverEnding);
                    }
                    lam += 1;
                    if lam == power {
                        saved = st;
                        power <<= 1;
                        lam = 0;
                    }
                }
            }
            if laps >= guard {
                finish!(End::NeverEnding);
            }
            // Step 3: capture (capture moves only).
            if capture && is_front(e) && get(theirs, opposite(e)) > 0 {
                let n = capture_at!(e);
                // K-R5.2: kimbi ⇒ that end's kichwa; central ⇒ keep the direction.
                let k = if e <= 1 {
                    LEFT_KICHWA
                } else if e >= 6 {
                    RIGHT_KICHWA
                } else if cw {
                    LEFT_KICHWA
                } else {
                    RIGHT_KICHWA
                };
                e = kichwa_lap!(k, n);
                continue;
            }
            // Step 4: nyumba stop / safari decision.
            if e == NYUMBA
                && owned[m]
                && nyumba_active
                && (if use_snapshot {
                    snapshot_functional
                } else {
                    count_e >= thr
                })
            {
                if !capture {
                    ev!(
                        EventKind::NyumbaStop,
                        vec![hole_name(me, e)],
                        0,
                        Phrase::NyumbaEnd
                    );
                    finish!(End::Done);
                }
                if !compulsory_safari {
                    decision = true;
                    if !mv.safari {
                        ev!(
                            EventKind::NyumbaStop,
                            vec![hole_name(me, e)],
                            0,
                            Phrase::NyumbaStop
                        );
                        finish!(End::Done);
                    }
                }
                ev!(
                    EventKind::Safari,
                    vec![hole_name(me, e)],
                    count_e,
                    Phrase::Safari
                );
            }
            // Step 5: takasia stop (K-R11.5).
            if e == takasia && !(laps == 1 && firstlap_exempt) {
                ev!(
                    EventKind::TakasiaStop,
                    vec![hole_name(me, e)],
                    0,
                    Phrase::TakasiaStop {
                        hole: hole_name(me, e)
                    }
                );
                finish!(End::Done);
            }
            // Step 6: relay.
            let n = lift!(e, Relay);
            e = sow_lap!(e, n);
        }
    }
}
