//! Bao la Kiswahili (`bao-la-kiswahili.md`, rule numbers K-Rn): the 4×8 game with the
//! namua (store) and mtaji stages.
//!
//! * [`Kiswahili`] is a position (K-R1): per side a 16-hole ring (K-§1.2), the stores, the
//!   nyumba ownership flags, the side to move and the takasia'd hole. It is `Copy`-cheap;
//!   moves are copy-make.
//! * [`Move`] is one complete decision (notation.md §3): all laps, captures, relays and
//!   safari happen inside [`Game::play`].
//! * [`Rules`] holds every option of K-§3.3 with the profiles of K-§3.5.
//!
//! Legal move generation simulates every candidate to its end, so never-ending moves
//! (K-R13) are detected exactly (Brent's algorithm on the lap-boundary state) and removed
//! before the priority classes. [`Kiswahili::children`] returns the successors that this
//! work produces.
//!
//! Choices where the spec is silent are listed in `docs/kiswahili-choices.md`.

mod geometry;
mod movegen;
mod notation;
mod play;
mod position;
mod rules;
mod takasia;
mod trace;

pub use geometry::{hole_name, parse_hole, LEFT_KICHWA, NYUMBA, RIGHT_KICHWA, RING};
pub use notation::{Move, MoveKind};
pub use rules::{
    FunctionalCheck, MtajiNyumba, NamuSafari, NamuSingleton, NeverEndingPolicy,
    NyumbaLossFirstCapture, Profile, Rules, TakasiaNyumba,
};

use crate::{
    BoardView, EndReason, EventKind, Game, MoveParseError, Outcome, Phrase, PlayError,
    PositionError, Side, TraceEvent,
};
use play::{End, NoSink, SimOut};
use trace::{text_counts, TraceSink};

/// "No hole" in the `takasia`/`blocker` fields.
pub(crate) const NONE: u8 = 0xff;

/// A position of Bao la Kiswahili with its rules (K-R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kiswahili {
    /// Hole counts per side (indexed by [`Side::index`]) in ring order (K-§1.2).
    pub(crate) rings: [[u8; 16]; 2],
    /// Stores (seeds not yet entered), per side.
    pub(crate) stores: [u8; 2],
    /// Nyumba ownership per side (K-R8).
    pub(crate) owned: [bool; 2],
    /// The side to move.
    pub(crate) to_move: Side,
    /// Ring index of the side to move's takasia'd hole, or `NONE` (K-R11.5).
    pub(crate) takasia: u8,
    /// K-R11.6 (option): ring index of the opponent's hole the side to move must capture
    /// if it can, or `NONE`. Not part of the position text.
    pub(crate) blocker: u8,
    /// Set when the game ended during a move or by a never-ending move (MoverLoses);
    /// "no legal move" (K-R12.3) is found lazily by [`Game::outcome`].
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rules: Rules,
}

impl Kiswahili {
    /// The 16 hole counts of `side` in ring order (K-§1.2): r = 0..7 front A1..A8,
    /// r = 8..15 back B8..B1.
    #[inline]
    pub fn ring(&self, side: Side) -> [u8; 16] {
        self.rings[side.index()]
    }

    /// The seeds in ring index `r` (0..15, taken mod 16) of `side`.
    #[inline]
    pub fn hole(&self, side: Side, r: usize) -> u8 {
        self.rings[side.index()][r & 15]
    }

    /// The seeds in `side`'s store (K-R2).
    #[inline]
    pub fn store(&self, side: Side) -> u8 {
        self.stores[side.index()]
    }

    /// Whether `side` still owns its nyumba (K-R8.2).
    #[inline]
    pub fn nyumba_owned(&self, side: Side) -> bool {
        self.owned[side.index()]
    }

    /// Whether `side`'s nyumba is functional: owned ∧ ≥ threshold seeds (K-R8.3).
    #[inline]
    pub fn nyumba_functional(&self, side: Side) -> bool {
        self.owned[side.index()]
            && self.rings[side.index()][NYUMBA] >= self.rules.functional_threshold
    }

    /// The ring index of the side to move's takasia'd hole (K-R11.5), if any.
    #[inline]
    pub fn takasia(&self) -> Option<usize> {
        (self.takasia < 16).then_some(self.takasia as usize)
    }

    /// Whether the side to move plays a namua move: its store is > 0 (K-R2.1).
    #[inline]
    pub fn is_namua(&self) -> bool {
        self.stores[self.to_move.index()] > 0
    }

    /// Builds and validates a position from its parts (the same checks as
    /// [`Game::from_text`]): rings in ring order (K-§1.2) indexed by [`Side::index`],
    /// stores, nyumba ownership, side to move, and the ring index of the side to move's
    /// takasia'd hole.
    ///
    /// # Errors
    /// [`PositionError::Invalid`] with every reason the setup is not a valid position.
    pub fn from_parts(
        rings: [[u8; 16]; 2],
        stores: [u8; 2],
        owned: [bool; 2],
        to_move: Side,
        takasia: Option<usize>,
        rules: &Rules,
    ) -> Result<Kiswahili, PositionError> {
        let raw = Kiswahili {
            rings,
            stores,
            owned,
            to_move,
            takasia: takasia.map_or(NONE, |t| (t & 15) as u8),
            blocker: NONE,
            outcome: None,
            rules: *rules,
        };
        Kiswahili::parse_text(&raw.to_string(), rules)
    }

    /// The mirror image: South and North exchange rings, stores, nyumba flags and the
    /// move (the takasia'd hole keeps its ring index). Every rule is symmetric, so the
    /// mirror has the same moves and mirrored results.
    pub fn mirrored(&self) -> Kiswahili {
        Kiswahili {
            rings: [self.rings[1], self.rings[0]],
            stores: [self.stores[1], self.stores[0]],
            owned: [self.owned[1], self.owned[0]],
            to_move: self.to_move.opponent(),
            outcome: self.outcome.map(|o| Outcome {
                winner: o.winner.map(Side::opponent),
                reason: o.reason,
            }),
            ..*self
        }
    }

    /// The same board with the opponent to move, no takasia'd hole and no K-R11.6 blocker:
    /// a *pass*. Bao has no pass (a side that cannot move loses, K-R12.3), so this is not a move of the
    /// game and the result is not a position a game reaches; it is for a search's
    /// null-move pruning, which asks how good a position is if its side to move could
    /// stand still. A finished position stays as it is.
    pub fn passed(&self) -> Kiswahili {
        if self.outcome.is_some() {
            return *self;
        }
        Kiswahili {
            to_move: self.to_move.opponent(),
            takasia: NONE,
            blocker: NONE,
            ..*self
        }
    }

    /// Clears `out` and fills it with `(move, resulting position)` for every legal move in
    /// canonical order: the same moves as [`Game::legal_moves`] and the same positions as
    /// [`Game::play_unchecked`], reusing the simulations move generation needs anyway.
    pub fn children(&self, out: &mut Vec<(Move, Kiswahili)>) {
        out.clear();
        self.generate(|mv, sim| {
            out.push((mv, self.finish(mv, sim)));
            true
        });
    }

    /// Whether the side to move has at least one legal move (stops at the first one).
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        self.generate(|_, _| {
            any = true;
            false
        });
        any
    }

    /// The number of laps `mv` sows, and whether it never ends (K-R13), without legality
    /// checks: `(laps, never_ending)`.
    pub fn laps(&self, mv: Move) -> (u32, bool) {
        let out = self.simulate(mv, &mut NoSink);
        (out.laps, out.end == End::NeverEnding)
    }

    /// The position after a simulated move (K-R12.5, R11, R14 `play`).
    pub(crate) fn finish(&self, mv: Move, sim: &SimOut) -> Kiswahili {
        let me = self.to_move;
        let them = me.opponent();
        // Every field is computed first and the position is built once (no partial
        // byte writes into a struct that is then copied).
        let (rings, stores, owned, takasia, blocker, outcome) = match sim.end {
            End::Done => {
                let takasia = if mv.kind == MoveKind::Takata && self.stores == [0, 0] {
                    takasia::takasia_after(
                        &sim.board.rings,
                        sim.board.owned,
                        them.index(),
                        &self.rules,
                    )
                    .map_or(NONE, |t| t as u8)
                } else {
                    NONE
                };
                let blocker = if self.takasia < 16 && self.rules.takasia_blocker_must_capture {
                    self.takasia
                } else {
                    NONE
                };
                (
                    sim.board.rings,
                    sim.board.stores,
                    sim.board.owned,
                    takasia,
                    blocker,
                    None,
                )
            }
            End::MoverWins => (
                sim.board.rings,
                sim.board.stores,
                sim.board.owned,
                NONE,
                NONE,
                Some(Outcome {
                    winner: Some(me),
                    reason: EndReason::BaoHamna,
                }),
            ),
            End::MoverLoses => (
                sim.board.rings,
                sim.board.stores,
                sim.board.owned,
                NONE,
                NONE,
                Some(Outcome {
                    winner: Some(them),
                    reason: EndReason::FrontRowEmpty,
                }),
            ),
            // OPT-NEVER-ENDING-POLICY=MoverLoses: the move is void and the mover loses.
            End::NeverEnding => (
                self.rings,
                self.stores,
                self.owned,
                NONE,
                NONE,
                Some(Outcome {
                    winner: Some(them),
                    reason: EndReason::NoLegalMove,
                }),
            ),
        };
        let next = Kiswahili {
            rings,
            stores,
            owned,
            to_move: them,
            takasia,
            blocker,
            outcome,
            rules: self.rules,
        };
        debug_assert_eq!(
            next.rings.iter().flatten().map(|&c| c as u32).sum::<u32>()
                + next.stores[0] as u32
                + next.stores[1] as u32,
            64,
            "seed conservation after {} in {}",
            mv.text(me),
            self
        );
        next
    }

    /// The legal move matching `mv` on hole, direction and safari, with its simulation.
    fn find_legal(&self, mv: Move) -> Option<(Move, SimOut)> {
        let mut found = None;
        self.generate(|m, sim| {
            if m.hole == mv.hole && m.cw == mv.cw && m.safari == mv.safari {
                found = Some((m, *sim));
                false
            } else {
                true
            }
        });
        found
    }

    /// The kind `mv` would have by its geometry alone (K-R6.1, R9.2), for messages.
    fn natural_kind(&self, mv: Move) -> MoveKind {
        let m = self.to_move.index();
        let own = &self.rings[m];
        let opp = &self.rings[1 - m];
        let h = mv.hole();
        if self.is_namua() {
            if h < 8 && own[h] >= 1 && opp[7 - h] >= 1 {
                return MoveKind::Capture;
            }
            return MoveKind::Takata;
        }
        let n = own[h] as usize;
        let e = if mv.cw {
            (h + n) & 15
        } else {
            (h + 16 - (n & 15)) & 15
        };
        if (2..=15).contains(&n) && e < 8 && own[e] >= 1 && opp[7 - e] >= 1 {
            MoveKind::Capture
        } else {
            MoveKind::Takata
        }
    }

    /// Why `mv` is not legal here, in one sentence for players.
    fn why_illegal(&self, mv: Move) -> String {
        let me = self.to_move;
        let h = mv.hole();
        let name = hole_name(me, h);
        let n = self.rings[me.index()][h];
        let legal = self.moves();
        let list = legal
            .iter()
            .map(|m| m.text(me))
            .collect::<Vec<_>>()
            .join(" ");
        let same_hole: Vec<&Move> = legal.iter().filter(|m| m.hole == mv.hole).collect();
        if n == 0 && !(self.is_namua() && h >= 8) {
            return format!("{name} is empty; legal moves: {list}");
        }
        if self.is_namua() && h >= 8 {
            return format!(
                "in namua a move starts in the front row (K-R6, R7); legal moves: {list}"
            );
        }
        if !self.is_namua() && n == 1 {
            return format!("{name} holds a single seed; a mtaji move needs at least 2 (K-R9.1); legal moves: {list}");
        }
        if self.takasia == mv.hole {
            return format!("{name} is takasia'd for this move (K-R11.5); legal moves: {list}");
        }
        if self
            .simulate(
                Move {
                    kind: self.natural_kind(mv),
                    ..mv
                },
                &mut NoSink,
            )
            .end
            == End::NeverEnding
        {
            return format!("the move never ends (K-R13), so it is illegal; legal moves: {list}");
        }
        if legal.iter().any(|m| m.kind == MoveKind::Capture)
            && !same_hole.iter().any(|m| m.kind == MoveKind::Capture)
        {
            return format!("a capture is compulsory (K-R6.2, R9.4); legal moves: {list}");
        }
        if same_hole
            .iter()
            .any(|m| m.cw == mv.cw && m.safari != mv.safari)
        {
            return if mv.safari {
                format!("no safari decision arises in this move (K-R6.4); legal moves: {list}")
            } else {
                format!("this move reaches the stop/safari decision (K-R6.4): stopping is written without +, safari with +; legal moves: {list}")
            };
        }
        if mv.safari {
            return format!("no safari decision arises in this move (K-R6.4); legal moves: {list}");
        }
        if !same_hole.is_empty() {
            return format!("that direction is not allowed from {name} (K-R5.1 kimbi kichwa or K-R7.4/R10.3 lone kichwa); legal moves: {list}");
        }
        format!("not among the legal moves (K-R6/R7/R9/R10 priority classes); legal moves: {list}")
    }
}

impl Game for Kiswahili {
    type Move = Move;
    type Rules = Rules;
    const NAME: &'static str = "kiswahili";
    const SEEDS: u32 = 64;

    fn start(rules: &Rules) -> Self {
        let mut rings = [[0u8; 16]; 2];
        let (stores, owned) = if rules.profile == Profile::Kujifunza {
            rings = [[2; 16]; 2];
            ([0, 0], [false, false])
        } else {
            for ring in rings.iter_mut() {
                ring[4] = 6;
                ring[5] = 2;
                ring[6] = 2;
            }
            ([22, 22], [true, true])
        };
        Kiswahili {
            rings,
            stores,
            owned,
            to_move: rules.first_player,
            takasia: NONE,
            blocker: NONE,
            outcome: None,
            rules: *rules,
        }
    }

    fn from_text(text: &str, rules: &Rules) -> Result<Self, PositionError> {
        Kiswahili::parse_text(text, rules)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.outcome.is_some() {
            return self.outcome;
        }
        if self.has_legal_move() {
            None
        } else {
            Some(Outcome {
                winner: Some(self.to_move.opponent()),
                reason: EndReason::NoLegalMove,
            })
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(|mv, _| {
            out.push(mv);
            true
        });
    }

    fn play(&self, mv: Move) -> Result<Self, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        match self.find_legal(mv) {
            Some((m, sim)) => Ok(self.finish(m, &sim)),
            None => Err(PlayError::Illegal {
                mv: mv.text(self.to_move),
                reason: self.why_illegal(mv),
            }),
        }
    }

    fn play_unchecked(&self, mv: Move) -> Self {
        let sim = self.simulate(mv, &mut NoSink);
        self.finish(mv, &sim)
    }

    fn play_traced(&self, mv: Move) -> Result<(Self, Vec<TraceEvent>), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let Some((m, _)) = self.find_legal(mv) else {
            return Err(PlayError::Illegal {
                mv: mv.text(self.to_move),
                reason: self.why_illegal(mv),
            });
        };
        let mut sink = TraceSink::default();
        let sim = self.simulate(m, &mut sink);
        let next = self.finish(m, &sim);
        let counts = text_counts(&next.rings);
        let stores = [next.stores[0] as u32, next.stores[1] as u32];
        let mut push = |kind, holes, seeds, phrase: Phrase| {
            sink.events.push(TraceEvent {
                kind,
                holes,
                seeds,
                text: phrase.to_string(),
                phrase,
                counts: counts.clone(),
                stores,
            })
        };
        if sim.end == End::NeverEnding {
            push(
                EventKind::GameEnd,
                Vec::new(),
                0,
                Phrase::NeverEnds {
                    loser: self.to_move,
                },
            );
        }
        if let Some(t) = next.takasia() {
            let name = hole_name(next.to_move, t);
            push(
                EventKind::Takasia,
                vec![name.clone()],
                0,
                Phrase::Takasia {
                    hole: name.clone(),
                    side: next.to_move,
                },
            );
        }
        if next.outcome.is_none() {
            if let Some(o) = next.outcome() {
                push(
                    EventKind::GameEnd,
                    Vec::new(),
                    0,
                    Phrase::NoLegalMove {
                        side: next.to_move,
                        winner: o.winner,
                    },
                );
            }
        }
        Ok((next, sink.events))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        let err = |message: String| MoveParseError {
            text: text.to_string(),
            message,
        };
        let p = notation::parse_move_text(text).map_err(err)?;
        if p.side != self.to_move {
            return Err(err(format!(
                "{} is a hole of {}, but {} is to move",
                &text.trim()[..2],
                p.side,
                self.to_move
            )));
        }
        if let Some(o) = self.outcome() {
            let want = Move {
                hole: p.hole as u8,
                cw: p.cw,
                safari: p.safari,
                kind: MoveKind::Takata,
            };
            return Err(err(
                if o.reason == EndReason::NoLegalMove && self.outcome.is_none() {
                    format!("the game is over ({o}): {}", self.why_illegal(want))
                } else {
                    format!("the game is over ({o})")
                },
            ));
        }
        let want = Move {
            hole: p.hole as u8,
            cw: p.cw,
            safari: p.safari,
            kind: MoveKind::Takata,
        };
        let Some((mv, sim)) = self.find_legal(want) else {
            return Err(err(format!("illegal: {}", self.why_illegal(want))));
        };
        if p.notes.takata && mv.kind == MoveKind::Capture {
            return Err(err("annotated `*` (takata) but it is a capture move".into()));
        }
        if p.notes.takasia || p.notes.wins {
            let next = self.finish(mv, &sim);
            if p.notes.takasia && next.takasia().is_none() {
                return Err(err(
                    "annotated `**` (takasia) but the move takasias no hole".into(),
                ));
            }
            if p.notes.wins && next.outcome().and_then(|o| o.winner) != Some(self.to_move) {
                return Err(err("annotated `#` (wins) but the move does not win".into()));
            }
        }
        Ok(mv)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.text(self.to_move)
    }

    fn view(&self) -> BoardView {
        self.board_view()
    }

    /// The seeds in the side's 16 holes plus its store (K-R12.4 adjudication).
    fn material(&self, side: Side) -> i32 {
        self.ring(side).iter().map(|&c| i32::from(c)).sum::<i32>() + i32::from(self.store(side))
    }
}
