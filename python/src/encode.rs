//! Fixed-size action indices and observation tensors for learning (python/README.md,
//! "Action encoding" and "Observation").
//!
//! Actions are relative to the side to move:
//! * Bao la Kiswahili: `action = 4·h + 2·d + s` (64 actions), `h` = 0..15 the mover's hole
//!   in the order A1..A8, B1..B8 (a1..a8, b1..b8 for North), `d` = 1 for `>` and 0 for
//!   `<` (for a namua capture: `>` = the captured seeds are sown from the left kichwa A1,
//!   K-R5), `s` = 1 for safari `+` (K-R4.4). The order of actions is the canonical order
//!   of legal moves (notation.md §5).
//! * Bao Kingulu: `action` = 0..5, the mover's pit A1..A6 (a1..a6 for North).
//!
//! Observations are `float32` tensors `(planes, rows, columns)` drawn from the observer's
//! seat (the observer's own rows at the bottom, as South sees the position text).

use bao_engine::Evaluate;
use bao_rules::kingulu::{self, Kingulu};
use bao_rules::kiswahili::{self, Kiswahili, MoveKind, NYUMBA};
use bao_rules::{Game, Side};

/// A game with a fixed action space and an observation tensor.
pub trait Encode: Evaluate + Copy {
    /// The number of actions.
    const ACTIONS: usize;
    /// The observation shape `(planes, rows, columns)`.
    const OBS_SHAPE: [usize; 3];
    /// The action index of a legal move of this position.
    fn action_of(&self, mv: Self::Move) -> usize;
    /// The move of an action index (`None` when `action >= ACTIONS`). The move may be
    /// illegal; [`Game::play`] says why.
    fn move_of(&self, action: usize) -> Option<Self::Move>;
    /// Writes the observation of `observer` into `out` (length = product of
    /// [`Encode::OBS_SHAPE`]); every element is written.
    fn write_obs(&self, observer: Side, out: &mut [f32]);
    /// Sets `mask[a] = 1` for every legal action `a` (other entries are left alone).
    fn write_mask(&self, moves: &mut Vec<Self::Move>, mask: &mut [u8]) {
        self.legal_moves(moves);
        for &mv in moves.iter() {
            mask[self.action_of(mv)] = 1;
        }
    }
}

/// The number of elements of an observation.
pub fn obs_len<G: Encode>() -> usize {
    G::OBS_SHAPE.iter().product()
}

impl Encode for Kiswahili {
    const ACTIONS: usize = 64;
    const OBS_SHAPE: [usize; 3] = [7, 4, 8];

    fn action_of(&self, mv: kiswahili::Move) -> usize {
        let (h, right, safari) = mv.order_key();
        4 * h + 2 * usize::from(right) + usize::from(safari)
    }

    fn move_of(&self, action: usize) -> Option<kiswahili::Move> {
        if action >= Self::ACTIONS {
            return None;
        }
        let h = action / 4;
        let right = (action / 2) % 2 == 1;
        let safari = action % 2 == 1;
        let ring = if h < 8 { h } else { 23 - h };
        // Front row: `>` sows clockwise; back row: `>` sows anticlockwise (notation.md §3).
        let cw = (ring < 8) == right;
        Some(kiswahili::Move::new(ring, cw, safari, MoveKind::Takata))
    }

    /// Planes: 0 seeds; 1 owned nyumba (K-R8.2); 2 functional nyumba (K-R8.3); 3 the
    /// takasia'd hole (K-R11.5); 4 the observer's store; 5 the opponent's store; 6 all
    /// ones when the observer is to move. Rows: opponent back, opponent front, own front,
    /// own back.
    fn write_obs(&self, o: Side, out: &mut [f32]) {
        out.fill(0.0);
        let p = o.opponent();
        const PLANE: usize = 32;
        // (side, ring index) -> cell index row * 8 + column.
        let cell = |side: Side, r: usize| -> usize {
            if side == o {
                if r < 8 {
                    2 * 8 + r
                } else {
                    3 * 8 + (15 - r)
                }
            } else if r < 8 {
                8 + (7 - r)
            } else {
                r - 8
            }
        };
        for side in [o, p] {
            let ring = self.ring(side);
            for (r, &n) in ring.iter().enumerate() {
                out[cell(side, r)] = f32::from(n);
            }
            if self.nyumba_owned(side) {
                out[PLANE + cell(side, NYUMBA)] = 1.0;
            }
            if self.nyumba_functional(side) {
                out[2 * PLANE + cell(side, NYUMBA)] = 1.0;
            }
        }
        if let Some(t) = self.takasia() {
            out[3 * PLANE + cell(self.side_to_move(), t)] = 1.0;
        }
        out[4 * PLANE..5 * PLANE].fill(f32::from(self.store(o)));
        out[5 * PLANE..6 * PLANE].fill(f32::from(self.store(p)));
        if self.side_to_move() == o {
            out[6 * PLANE..7 * PLANE].fill(1.0);
        }
    }
}

impl Encode for Kingulu {
    const ACTIONS: usize = 6;
    const OBS_SHAPE: [usize; 3] = [6, 2, 6];

    fn action_of(&self, mv: kingulu::Move) -> usize {
        mv.pit() % 6
    }

    fn move_of(&self, action: usize) -> Option<kingulu::Move> {
        if action >= Self::ACTIONS {
            return None;
        }
        kingulu::Move::new(action + 6 * self.side_to_move().index())
    }

    /// Planes: 0 seeds; 1 pits reserved by the observer (kuweka mtoto, G-R9; they lie in
    /// the opponent's row); 2 pits reserved by the opponent; 3 the observer's store; 4 the
    /// opponent's store; 5 all ones when the observer is to move. Rows: the opponent's
    /// pits (a6..a1 from South's seat), then the observer's (A1..A6).
    fn write_obs(&self, o: Side, out: &mut [f32]) {
        out.fill(0.0);
        const PLANE: usize = 12;
        let pits = self.pits();
        for (g, &n) in pits.iter().enumerate() {
            let owner = if g < 6 { Side::South } else { Side::North };
            let local = g % 6;
            let cell = if owner == o { 6 + local } else { 5 - local };
            out[cell] = f32::from(n);
            match self.reserved_by(g) {
                Some(s) if s == o => out[PLANE + cell] = 1.0,
                Some(_) => out[2 * PLANE + cell] = 1.0,
                None => {}
            }
        }
        out[3 * PLANE..4 * PLANE].fill(f32::from(self.store(o)));
        out[4 * PLANE..5 * PLANE].fill(f32::from(self.store(o.opponent())));
        if self.side_to_move() == o {
            out[5 * PLANE..6 * PLANE].fill(1.0);
        }
    }
}
