//! Bao Kingulu (`bao-kingulu.md`): a 2×6 ring of 48 seeds with relay sowing, the
//! first-lap restriction, opposite captures and kuweka mtoto (reserved pits).
//!
//! ```
//! use bao_rules::{Game, kingulu::{Kingulu, Rules}};
//!
//! let start = Kingulu::start(&Rules::default());
//! let texts: Vec<String> = start.moves().iter().map(|&m| start.move_text(m)).collect();
//! assert_eq!(texts, ["A3", "A4", "A5", "A6"]); // G-T1
//! let after = start.play(start.parse_move("A3").unwrap()).unwrap();
//! assert_eq!(after.to_text(), "1 0 6 6 0 1 / 6 6 2 7 0 6 ; S=7 N=0 ; North"); // G-T2
//! ```
//!
//! Modules: [`rules`] (options O1–O6), `position` (state, invariants I1–I4, text,
//! scores), `sow` (one move: G-R4–R13), `movegen` (legal moves, children), `notation`
//! (move texts), `trace` (events for boards).

pub mod rules;

mod movegen;
mod notation;
mod position;
mod sow;
mod trace;

pub use position::{pit_name, Kingulu};
pub use rules::{
    AllMovesForbidden, NonTerminating, OppositeReserved, Repetition, Rules, SingletonKuweka,
};

use crate::EndReason;
use crate::{
    BoardView, EventKind, Game, MoveParseError, Outcome, PlayError, PositionError, Side, TraceEvent,
};
use sow::{simulate, NoTrace};
use trace::EventTracer;

/// A Bao Kingulu move: the global pit 0..11 (G-§2) the mover sows from (G-R1).
/// Text: `A1`..`A6` for South's pits 0..5, `a1`..`a6` for North's pits 6..11
/// (notation.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub(crate) u8);

impl Move {
    /// The move sowing from global pit `pit`, or `None` unless `pit` is 0..11.
    #[inline]
    pub fn new(pit: usize) -> Option<Move> {
        (pit < 12).then_some(Move(pit as u8))
    }

    /// The global pit 0..11 sown from.
    #[inline]
    pub fn pit(self) -> usize {
        usize::from(self.0)
    }
}

impl std::fmt::Display for Move {
    /// The move text without annotations (`A3`, `a6`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&pit_name(self.pit()))
    }
}

impl Game for Kingulu {
    type Move = Move;
    type Rules = Rules;
    const NAME: &'static str = "kingulu";
    const SEEDS: u32 = 48;

    fn start(rules: &Rules) -> Self {
        Kingulu::initial(rules)
    }

    fn from_text(text: &str, rules: &Rules) -> Result<Self, PositionError> {
        Kingulu::parse_text(text, rules)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// `Some` when the side to move has no legal move (G-R12); the winner by the G-R14
    /// scores, `None` on 24–24; the reason is always [`EndReason::Score`].
    fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            None
        } else {
            Some(Outcome {
                winner: self.score_winner(),
                reason: EndReason::Score,
            })
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.gen_moves(out);
    }

    fn play(&self, mv: Move) -> Result<Self, PlayError> {
        if !self.has_legal_move() {
            return Err(PlayError::GameOver);
        }
        self.try_play(mv)
            .map(|(after, _)| after)
            .map_err(|reason| PlayError::Illegal {
                mv: mv.to_string(),
                reason,
            })
    }

    fn play_unchecked(&self, mv: Move) -> Self {
        let p = mv.pit();
        if self.pits[p] == 0 || self.reserved & (1 << p) != 0 {
            return *self;
        }
        match simulate(self, p, false, &mut NoTrace) {
            Ok((after, _)) => after,
            Err(_) => match simulate(self, p, true, &mut NoTrace) {
                Ok((after, _)) => after,
                Err(_) => *self,
            },
        }
    }

    fn play_traced(&self, mv: Move) -> Result<(Self, Vec<TraceEvent>), PlayError> {
        let after = self.play(mv)?;
        let lift = self.r7_lifted();
        let mut tracer = EventTracer::new(self.to_move);
        let (traced, _) =
            simulate(self, mv.pit(), lift, &mut tracer).map_err(|_| PlayError::Illegal {
                mv: mv.to_string(),
                reason: "internal: traced play disagrees with play".to_string(),
            })?;
        debug_assert_eq!(traced, after);
        if !after.has_legal_move() {
            let text = crate::Phrase::ScoreEnd {
                side: after.to_move,
                winner: after.score_winner(),
                south: u32::from(after.score(Side::South)),
                north: u32::from(after.score(Side::North)),
            };
            tracer.push(EventKind::GameEnd, &[], 0, text, &after.pits, &after.stores);
        }
        Ok((after, tracer.events))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        self.parse_move_text(text)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn view(&self) -> BoardView {
        self.board_view()
    }

    /// The provisional score of G-R14.
    fn material(&self, side: Side) -> i32 {
        i32::from(self.score(side))
    }

    /// G-R15 under O7 `third-occurrence-scores`: scored by G-R14 on this position.
    fn repetition_outcome(&self) -> Option<Outcome> {
        match self.rules.repetition {
            Repetition::ThirdOccurrenceScores => Some(Outcome {
                winner: self.score_winner(),
                reason: EndReason::Repetition,
            }),
            Repetition::None => None,
        }
    }
}
