//! Static evaluation of positions.
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Game;

/// A game the engine can evaluate.
pub trait Evaluate: Game {
    /// The static value of the position in centi-seeds (100 = one seed), from the side to
    /// move's point of view: positive = good for the side to move. Never called on a
    /// finished game by the searchers (they score those exactly).
    fn evaluate(&self) -> i32;
}

impl Evaluate for Kiswahili {
    fn evaluate(&self) -> i32 {
        0
    }
}

impl Evaluate for Kingulu {
    fn evaluate(&self) -> i32 {
        0
    }
}
