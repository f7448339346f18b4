//! Move generation (G-R1–R3, R7, R12, R13, O3): candidates, legal moves, children.

use super::position::{pit_name, row_of};
use super::rules::AllMovesForbidden;
use super::sow::{simulate, Illegal, NoTrace, Summary};
use super::{Kingulu, Move};
use crate::Side;

impl Kingulu {
    /// The candidates of G-R1 as a bit mask over global pits: the mover's own,
    /// non-reserved pits holding at least one seed.
    #[inline]
    pub(crate) fn candidate_mask(&self) -> u16 {
        let lo = 6 * self.to_move.index();
        let mut mask = 0u16;
        for i in lo..lo + 6 {
            if self.pits[i] > 0 && self.reserved & (1 << i) == 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Whether R7 is suspended this turn: O3 is `LiftFirstLapRule`, the mover has a
    /// candidate, and no candidate is legal under R7 (G-§4.7 O3).
    pub(crate) fn r7_lifted(&self) -> bool {
        if self.rules.all_moves_forbidden != AllMovesForbidden::LiftFirstLapRule {
            return false;
        }
        let mask = self.candidate_mask();
        mask != 0
            && (0..12)
                .filter(|i| mask & (1 << i) != 0)
                .all(|p| simulate(self, p, false, &mut NoTrace).is_err())
    }

    /// Every legal move with the position after it, in pit order A1..A6 (a1..a6 for
    /// North); `out` is cleared first. Empty exactly when the game is over (G-R12).
    /// One simulation per candidate serves both legality and the child.
    pub fn children(&self, out: &mut Vec<(Move, Kingulu)>) {
        out.clear();
        let mask = self.candidate_mask();
        for p in 0..12 {
            if mask & (1 << p) != 0 {
                if let Ok((child, _)) = simulate(self, p, false, &mut NoTrace) {
                    out.push((Move(p as u8), child));
                }
            }
        }
        if out.is_empty()
            && mask != 0
            && self.rules.all_moves_forbidden == AllMovesForbidden::LiftFirstLapRule
        {
            for p in 0..12 {
                if mask & (1 << p) != 0 {
                    if let Ok((child, _)) = simulate(self, p, true, &mut NoTrace) {
                        out.push((Move(p as u8), child));
                    }
                }
            }
        }
    }

    /// The legal moves in pit order (G-R3, O3), into `out` (cleared first).
    pub(crate) fn gen_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let mask = self.candidate_mask();
        for p in 0..12 {
            if mask & (1 << p) != 0 && simulate(self, p, false, &mut NoTrace).is_ok() {
                out.push(Move(p as u8));
            }
        }
        if out.is_empty()
            && mask != 0
            && self.rules.all_moves_forbidden == AllMovesForbidden::LiftFirstLapRule
        {
            for p in 0..12 {
                if mask & (1 << p) != 0 && simulate(self, p, true, &mut NoTrace).is_ok() {
                    out.push(Move(p as u8));
                }
            }
        }
    }

    /// Whether the side to move has a legal move (stops at the first one).
    pub(crate) fn has_legal_move(&self) -> bool {
        let mask = self.candidate_mask();
        if mask == 0 {
            return false;
        }
        let any = |lift: bool| {
            (0..12).any(|p| mask & (1 << p) != 0 && simulate(self, p, lift, &mut NoTrace).is_ok())
        };
        any(false)
            || (self.rules.all_moves_forbidden == AllMovesForbidden::LiftFirstLapRule && any(true))
    }

    /// Plays `mv` if it is legal here, with a summary of what it did; otherwise says why
    /// not, in a sentence naming the pit and the rule.
    pub(crate) fn try_play(&self, mv: Move) -> Result<(Kingulu, Summary), String> {
        let p = mv.pit();
        let name = pit_name(p);
        let mover = self.to_move;
        if row_of(p) != mover {
            return Err(format!(
                "{name} is {}'s pit but {mover} is to move (G-R1)",
                row_of(p)
            ));
        }
        if let Some(owner) = self.reserved_by(p) {
            return Err(format!(
                "{name} is reserved by {owner} and cannot be sown from (G-R10)"
            ));
        }
        if self.pits[p] == 0 {
            return Err(format!("{name} is empty (G-R1)"));
        }
        let explain = |e: Illegal| {
            match e {
            Illegal::FirstLap { end } => format!(
                "its first lap ends in {}, an occupied pit of {mover}'s own row (G-R7)",
                pit_name(end)
            ),
            Illegal::NonTerminating { laps } => format!(
                "its relay never ends: the relay state at the end of lap {laps} repeats an earlier one (G-R13)"
            ),
        }
        };
        match simulate(self, p, false, &mut NoTrace) {
            Ok(r) => Ok(r),
            Err(e) => {
                if self.r7_lifted() {
                    simulate(self, p, true, &mut NoTrace).map_err(explain)
                } else {
                    Err(explain(e))
                }
            }
        }
    }

    /// The winner by G-R14 scores of this position (`None` on 24–24).
    pub(crate) fn score_winner(&self) -> Option<Side> {
        let s = self.score(Side::South);
        let n = self.score(Side::North);
        match s.cmp(&n) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }
}
