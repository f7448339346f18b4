//! Sowing one move (G-R4–R11, R13; options O2–O6): relay laps, the first-lap restriction,
//! opposite captures, kuweka mtoto and banking into reserved pits. One simulation serves
//! legality, fast play and traced play; the tracer is a type parameter whose no-op
//! version compiles away.

use super::position::row_of;
use super::rules::{NonTerminating, OppositeReserved, SingletonKuweka};
use super::Kingulu;

/// Why a candidate move (G-R1) is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Illegal {
    /// G-R7: the first lap ends in an occupied, non-reserved pit of the mover's row
    /// (`end` = that global pit).
    FirstLap { end: usize },
    /// G-R13: a relay state `(pits, t)` repeated after `laps` laps: the move never ends.
    NonTerminating { laps: u64 },
}

/// How a move ended (for the trace).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndKind {
    /// G-R6a: the last seed fell into a reserved pit.
    Reserved,
    /// G-R6b: the last seed fell into an empty pit of the mover's row.
    EmptyOwn,
    /// G-R6b: the last seed fell into an empty pit of the opponent's row.
    EmptyOpponent,
    /// G-R6c/R9: kuweka mtoto.
    Kuweka,
    /// O4 LapCap(n): lap n would have relayed.
    LapCap,
}

/// What a legal move did, for annotations (notation.md §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    /// An opposite capture (G-R8), including O5's seed-only capture.
    pub captured: bool,
    /// Kuweka mtoto (G-R9).
    pub reserved: bool,
    /// The number of laps sown.
    pub laps: u64,
}

/// Receives the steps of a simulated move. Every method has an empty default, so the
/// no-op tracer costs nothing.
#[allow(unused_variables)]
pub(crate) trait Tracer {
    /// Whether the tracer needs every seed (`seed` calls); when false, a lap is sown in
    /// bulk (same result, G-R4–R6).
    const PER_SEED: bool = true;
    /// Seeds lifted from `pit` (start of the move or of a relay lap).
    #[inline(always)]
    fn lift(&mut self, pit: usize, seeds: u8, pits: &[u8; 12], stores: &[u8; 2]) {}
    /// One seed dropped into `pit`; `banked` when the pit is reserved (G-R6).
    #[inline(always)]
    fn seed(&mut self, pit: usize, banked: bool) {}
    /// The lap's last seed has been dropped.
    #[inline(always)]
    fn lap_end(&mut self, pits: &[u8; 12], stores: &[u8; 2]) {}
    /// Opposite capture: `seeds` from `o` plus the seed in `t` went to the mover's store.
    #[inline(always)]
    fn capture(&mut self, o: usize, t: usize, seeds: u8, pits: &[u8; 12], stores: &[u8; 2]) {}
    /// O5 CaptureSeedOnly: the last seed in `t` alone went to the mover's store.
    #[inline(always)]
    fn capture_seed(&mut self, t: usize, pits: &[u8; 12], stores: &[u8; 2]) {}
    /// Kuweka mtoto: `t` became reserved.
    #[inline(always)]
    fn reserve(&mut self, t: usize, pits: &[u8; 12], stores: &[u8; 2]) {}
    /// The last-but-one seed moved from `q` into `t` (G-R9).
    #[inline(always)]
    fn transfer(&mut self, q: usize, t: usize, pits: &[u8; 12], stores: &[u8; 2]) {}
    /// The move ended in `t`.
    #[inline(always)]
    fn end(&mut self, kind: EndKind, t: usize, laps: u64, pits: &[u8; 12], stores: &[u8; 2]) {}
}

/// The tracer that records nothing.
pub(crate) struct NoTrace;

impl Tracer for NoTrace {
    const PER_SEED: bool = false;
}

/// `LAP_MASK[s][r][i]` is 1 when pit i is one of the r pits after s (cyclically): the
/// pits that receive the last `r` seeds of a lap from s beyond its full rounds.
const LAP_MASK: [[[u8; 12]; 12]; 12] = {
    let mut m = [[[0u8; 12]; 12]; 12];
    let mut s = 0;
    while s < 12 {
        let mut r = 0;
        while r < 12 {
            let mut k = 1;
            while k <= r {
                m[s][r][(s + k) % 12] = 1;
                k += 1;
            }
            r += 1;
        }
        s += 1;
    }
    m
};

#[inline(always)]
fn next(i: usize) -> usize {
    if i == 11 {
        0
    } else {
        i + 1
    }
}

/// Plays candidate `p` (own row, not reserved, at least one seed: G-R1, checked by the
/// caller) for the side to move of `pos`. `lift_r7` suspends the first-lap restriction
/// (O3 LiftFirstLapRule).
///
/// Returns the position after the move (turn passed, G-R11) and what it did, or why the
/// move is illegal (G-R7, G-R13).
///
/// G-R13 is exact and never a lap limit: every relay state `(pits, t)` is compared with
/// the state after lap 1 (where, with O2 off, a cycle always returns; bao-kingulu.md §8)
/// and with the saved state of Brent's cycle-finding algorithm (which finds every cycle).
/// Both comparisons only report a true repetition, so a move is declared non-terminating
/// exactly when a relay state repeats.
#[inline]
pub(crate) fn simulate<T: Tracer>(
    pos: &Kingulu,
    p: usize,
    lift_r7: bool,
    tr: &mut T,
) -> Result<(Kingulu, Summary), Illegal> {
    simulate_impl::<T, true>(pos, p, lift_r7, tr)
}

/// [`simulate`], with the comparison against the lap-1 state switched by `FIRST` (the
/// unit tests check that Brent's algorithm alone is exact too).
#[inline]
fn simulate_impl<T: Tracer, const FIRST: bool>(
    pos: &Kingulu,
    p: usize,
    lift_r7: bool,
    tr: &mut T,
) -> Result<(Kingulu, Summary), Illegal> {
    let mover = pos.to_move;
    let mi = mover.index();
    let rules = &pos.rules;
    let skip = rules.skip_start_pit;
    let reserved = pos.reserved;
    let mut new_reserved = reserved;
    let mut pits = pos.pits;
    let mut stores = pos.stores;
    let mut summary = Summary::default();

    let mut hand = pits[p];
    pits[p] = 0;
    tr.lift(p, hand, &pits, &stores);
    let mut cur = p;
    let mut lap: u64 = 1;

    // G-R13 state: the relay state after lap 1 and Brent's saved state.
    let mut first_pits = [0u8; 12];
    let mut first_t = usize::MAX;
    let mut saved_pits = [0u8; 12];
    let mut saved_t = usize::MAX;
    let mut power: u64 = 1;
    let mut lam: u64 = 0;

    loop {
        // G-R4/R5/R6: sow the lap.
        let start = cur;
        let lap_len = hand;
        let mut last = usize::MAX;
        let mut prev = usize::MAX;
        if !T::PER_SEED && (!skip || hand < 12) {
            // Bulk lap: q full rounds over all 12 pits (the start pit included, O2 off or
            // a lap under 12 seeds), then r more pits; seeds that fell into reserved
            // pits are moved to their owners' stores (G-R6).
            let h = usize::from(hand);
            let q = (h / 12) as u8;
            let r = h % 12;
            let mask = &LAP_MASK[start][r];
            for i in 0..12 {
                pits[i] += q + mask[i];
            }
            let mut res = reserved;
            while res != 0 {
                let i = res.trailing_zeros() as usize;
                res &= res - 1;
                let n = q + mask[i];
                pits[i] -= n;
                stores[row_of(i).opponent().index()] += n;
            }
            cur = (start + h) % 12;
            prev = if cur == 0 { 11 } else { cur - 1 };
            hand = 0;
        }
        while hand > 0 {
            cur = next(cur);
            if skip && cur == start {
                cur = next(cur); // O2
            }
            let banked = reserved & (1 << cur) != 0;
            if banked {
                // G-R6: the seed goes to the store of the pit's owner, the opponent of
                // the row's owner (I2).
                stores[row_of(cur).opponent().index()] += 1;
            } else {
                pits[cur] += 1;
            }
            tr.seed(cur, banked);
            prev = last;
            last = cur;
            hand -= 1;
        }
        tr.lap_end(&pits, &stores);
        let t = cur;

        // G-R6a: a reserved pit ends the move.
        if reserved & (1 << t) != 0 {
            tr.end(EndKind::Reserved, t, lap, &pits, &stores);
            break;
        }
        let own = row_of(t) == mover;
        // G-R6b: an empty pit ends the move.
        if pits[t] == 1 {
            if own {
                let o = 11 - t;
                if reserved & (1 << o) == 0 {
                    if pits[o] > 0 {
                        // G-R8: the opposite pit plus the capturing seed.
                        let seeds = pits[o];
                        stores[mi] += seeds + 1;
                        pits[o] = 0;
                        pits[t] = 0;
                        summary.captured = true;
                        tr.capture(o, t, seeds, &pits, &stores);
                    }
                } else if rules.opposite_reserved == OppositeReserved::CaptureSeedOnly {
                    // O5: the seed alone.
                    stores[mi] += 1;
                    pits[t] = 0;
                    summary.captured = true;
                    tr.capture_seed(t, &pits, &stores);
                }
                tr.end(EndKind::EmptyOwn, t, lap, &pits, &stores);
            } else {
                tr.end(EndKind::EmptyOpponent, t, lap, &pits, &stores);
            }
            break;
        }
        // G-R6c: kuweka mtoto in an opponent pit that held 3.
        if !own
            && pits[t] == 4
            && !(lap_len == 1 && rules.singleton_kuweka == SingletonKuweka::NotAllowed)
        {
            new_reserved |= 1 << t;
            summary.reserved = true;
            tr.reserve(t, &pits, &stores);
            // G-R9: the last-but-one seed, unless a singleton lap or banked.
            if lap_len >= 2 && reserved & (1 << prev) == 0 {
                pits[prev] -= 1;
                pits[t] += 1;
                tr.transfer(prev, t, &pits, &stores);
            }
            tr.end(EndKind::Kuweka, t, lap, &pits, &stores);
            break;
        }
        // G-R6d: relay, unless forbidden on lap 1 (G-R7).
        if lap == 1 && own && !lift_r7 {
            return Err(Illegal::FirstLap { end: t });
        }
        match rules.non_terminating {
            NonTerminating::LapCap(n) => {
                if lap >= u64::from(n) {
                    tr.end(EndKind::LapCap, t, lap, &pits, &stores);
                    break;
                }
            }
            NonTerminating::Illegal => {
                // G-R13, exact.
                if lap == 1 {
                    first_pits = pits;
                    first_t = t;
                    saved_pits = pits;
                    saved_t = t;
                } else {
                    if (FIRST && t == first_t && pits == first_pits)
                        || (t == saved_t && pits == saved_pits)
                    {
                        return Err(Illegal::NonTerminating { laps: lap });
                    }
                    lam += 1;
                    if lam == power {
                        saved_pits = pits;
                        saved_t = t;
                        power <<= 1;
                        lam = 0;
                    }
                }
            }
        }
        hand = pits[t];
        pits[t] = 0;
        lap += 1;
        tr.lift(t, hand, &pits, &stores);
    }
    summary.laps = lap;
    let after = Kingulu {
        pits,
        reserved: new_reserved,
        stores,
        to_move: mover.opponent(),
        rules: pos.rules,
    };
    after.debug_check_after(pos);
    Ok((after, summary))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kingulu::Rules;
    use crate::Game;

    fn pos(text: &str) -> Kingulu {
        Kingulu::from_text(text, &Rules::default()).unwrap()
    }

    /// Brent's algorithm alone (without the lap-1 shortcut) finds the same non-terminating
    /// moves (G-R13: T18's 84-lap cycle, T29's 3,997,200-lap cycle) and gives the same
    /// results for every other candidate.
    #[test]
    fn brent_alone_is_exact() {
        for (text, never) in [
            ("3 2 1 2 3 1 / 2 1 0 1 3 5 ; S=16 N=8 ; North", 10),
            ("1 4 8 1 2 0 / 0 1 8 4 11 5 ; S=1 N=2 ; South", 5),
            ("5 1 2 3 2 3 / 4 3 5 4 3 6 ; S=7 N=0 ; South", 4),
        ] {
            let k = pos(text);
            let own = 6 * k.to_move.index();
            for p in own..own + 6 {
                if k.pits[p] == 0 {
                    continue;
                }
                let a = simulate_impl::<NoTrace, true>(&k, p, false, &mut NoTrace);
                let b = simulate_impl::<NoTrace, false>(&k, p, false, &mut NoTrace);
                match (a, b) {
                    (Err(Illegal::NonTerminating { .. }), Err(Illegal::NonTerminating { .. })) => {
                        assert_eq!(p, never, "{text}: only pit {never} never ends");
                    }
                    (a, b) => {
                        assert_ne!(p, never, "{text}: pit {p} must never end");
                        assert_eq!(a, b, "{text}: pit {p}");
                    }
                }
            }
            assert!(k.moves().iter().all(|m| m.pit() != never));
        }
    }
}
