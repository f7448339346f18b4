//! Static evaluation of positions, and the per-game hooks the searchers use.

mod kingulu;
mod kiswahili;

pub use kingulu::KinguluFeatures;
pub use kiswahili::KiswahiliFeatures;

use crate::hash::hash_of;
use bao_rules::Game;

/// A game the engine can play: [`Game`] plus a static evaluation.
///
/// Only [`Evaluate::evaluate`] must be written; the other methods have generic defaults
/// that a game may replace with faster ones.
pub trait Evaluate: Game {
    /// The static value of the position in centi-seeds (100 = one seed), from the side to
    /// move's point of view: positive = good for the side to move. The searchers score
    /// finished games exactly and do not call this on them. Values are clamped to
    /// ±500 000 by the searchers.
    fn evaluate(&self) -> i32;

    /// The learned evaluation ([`crate::Evaluation::Net`]), same units and view as
    /// [`Evaluate::evaluate`]. Default: [`Evaluate::evaluate`] (a game without a network).
    fn evaluate_net(&self) -> i32 {
        self.evaluate()
    }

    /// Clears `out` and fills it with every legal move and the position after it, in the
    /// order of [`Game::legal_moves`]. Default: `legal_moves` then `play_unchecked`.
    fn children(&self, out: &mut Vec<(Self::Move, Self)>) {
        out.clear();
        let moves = self.moves();
        out.extend(moves.into_iter().map(|m| (m, self.play_unchecked(m))));
    }

    /// A 64-bit key of the position for the transposition table: equal positions give
    /// equal keys. Default: a fast hash of the derived `Hash` (which covers holes, stores,
    /// nyumba flags, takasia, reservations and the side to move).
    fn hash_key(&self) -> u64 {
        hash_of(self)
    }

    /// Perfect play where the solver proves it (docs/solved.md): a margin-optimal move
    /// with its exact score (`win n` / `loss n`; `cp 0` for a draw), if every move's
    /// value is proven within `time_ms`, for the game as played: `line` is the game's
    /// positions from its start to this one (this one last; G-R15 repetitions count,
    /// [`crate::solve::LineEnds`]). Default: `None` (Bao Kingulu overrides it).
    fn perfect_move(&self, line: &[Self], time_ms: u64) -> Option<(Self::Move, crate::Score)> {
        let _ = (line, time_ms);
        None
    }

    /// The position after a *pass* (the opponent to move, the board unchanged), for the
    /// search's null-move pruning ([`crate::SearchParams::nmp_depth`]), or `None` where a
    /// game has no such position. Default: `None` (Bao la Kiswahili overrides it with
    /// `Kiswahili::passed`).
    fn null_child(&self) -> Option<Self> {
        None
    }

    /// Whether the move from `self` to `child` captures: takes seeds that were the
    /// opponent's (the weak levels may not see such a move, [`crate::EngineConfig`]'s
    /// `missed_captures`). Default: the opponent's material ([`Game::material`]) falls
    /// (Bao la Kiswahili: seeds leave the opponent's holes only by capture).
    fn is_capture(&self, child: &Self) -> bool {
        let them = self.side_to_move().opponent();
        child.material(them) < self.material(them)
    }
}
