//! The game's history inside the solver (docs/solved.md, "Values that know the game's
//! history"): the positions that already occurred twice in the game. Under G-R15 (option
//! O7 `third-occurrence-scores`) reaching one of them again is its third occurrence and
//! ends the game at once, scored by R14 ([`bao_rules::Game::repetition_outcome`]), so the
//! solver treats them as finished positions.
//!
//! Why that is all the history the solver needs: a proven strategy ends the game within
//! its depth and never repeats a position along one of its own lines (the plies left fall
//! strictly, `prover.rs`), so a line of it meets a position that occurred once in the game
//! at most once more (its second occurrence: the game goes on), and only a position that
//! occurred twice can end it early. Every value the solver proves with these positions
//! finished is a value of the game as played.

use super::{FastMap, Solvable};
use bao_rules::{GameLine, Outcome, Side};

/// The positions a game line makes finished for the solver: those that occurred at
/// least twice in it, under a rule that ends a game on the third occurrence (G-R15), and
/// that the game can still reach. The seeds each side has locked (store and reserved
/// pits, [`Solvable::locked_seeds`], G-R6/R9) never shrink, so only positions with the
/// current position's locked seeds can come back; the others are left out.
#[derive(Clone, Debug)]
pub struct LineEnds<G> {
    by_key: FastMap<Vec<G>>,
    len: usize,
}

impl<G: Solvable> Default for LineEnds<G> {
    fn default() -> Self {
        LineEnds::none()
    }
}

impl<G: Solvable> LineEnds<G> {
    /// No history (a position solved on its own).
    pub fn none() -> Self {
        LineEnds {
            by_key: FastMap::default(),
            len: 0,
        }
    }

    /// The ends of `line` (the game's positions from its start to the current one, the
    /// current one included: if it occurred twice, coming back to it ends the game).
    /// Empty for a game without G-R15 (Bao la Kiswahili, Bao Kingulu with O7 `none`).
    pub fn of_line(line: &GameLine<G>) -> Self {
        LineEnds::of_positions(line.positions())
    }

    /// [`LineEnds::of_line`] of a game given as its positions from the start, the current
    /// one last (empty: no history).
    pub fn of_positions(positions: &[G]) -> Self {
        let mut ends = LineEnds::none();
        let Some(now) = positions.last() else {
            return ends;
        };
        if now.repetition_outcome().is_none() {
            return ends;
        }
        let locked = |p: &G| (p.locked_seeds(Side::South), p.locked_seeds(Side::North));
        let mut counts: FastMap<Vec<(G, u32)>> = FastMap::default();
        for p in positions {
            let slot = counts.entry(p.hash_key()).or_default();
            match slot.iter_mut().find(|(q, _)| q == p) {
                Some((_, n)) => *n += 1,
                None => slot.push((p.clone(), 1)),
            }
        }
        for (key, slot) in counts {
            for (p, n) in slot {
                if n >= 2 && locked(&p) == locked(now) && p.outcome().is_none() {
                    ends.by_key.entry(key).or_default().push(p);
                    ends.len += 1;
                }
            }
        }
        ends
    }

    /// Whether no position is finished by the history.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many positions the history finishes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The outcome of reaching `pos` again (its third occurrence, G-R15, scored by R14),
    /// or `None` when the history does not end the game there.
    #[inline]
    pub fn outcome(&self, pos: &G) -> Option<Outcome> {
        if self.len == 0 {
            return None;
        }
        let slot = self.by_key.get(&pos.hash_key())?;
        if slot.iter().any(|p| p == pos) {
            pos.repetition_outcome()
        } else {
            None
        }
    }

    /// Whether reaching `pos` again ends the game.
    #[inline]
    pub fn contains(&self, pos: &G) -> bool {
        self.outcome(pos).is_some()
    }
}
