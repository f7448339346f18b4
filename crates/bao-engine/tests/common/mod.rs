//! A toy game for testing the searchers before (and besides) the real rules: subtraction
//! Nim on three heaps. A move takes 1..=3 seeds from one heap; the player who takes the
//! last seed wins (the side to move with all heaps empty has lost). Theory: the position
//! is lost for the side to move iff (h1 mod 4) ^ (h2 mod 4) ^ (h3 mod 4) == 0.
#![allow(dead_code)]

use bao_engine::Evaluate;
use bao_rules::{
    BoardView, CellMark, CellView, EndReason, Game, MoveParseError, OptionError, Outcome,
    PlayError, PositionError, RuleSet, Side, TraceEvent,
};
use std::fmt;

pub mod harness;

/// The (only) rules of the toy game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct NimRules;

impl RuleSet for NimRules {
    fn profile_names() -> &'static [&'static str] {
        &["default"]
    }
    fn profile(name: &str) -> Result<Self, OptionError> {
        if name == "default" {
            Ok(NimRules)
        } else {
            Err(OptionError {
                message: format!("unknown profile {name:?}"),
            })
        }
    }
    fn profile_name(&self) -> &'static str {
        "default"
    }
    fn options(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    fn set_option(&mut self, name: &str, _value: &str) -> Result<(), OptionError> {
        Err(OptionError {
            message: format!("unknown option {name:?}"),
        })
    }
}

/// A move: (heap 0..3, seeds taken 1..=3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    pub heap: u8,
    pub take: u8,
}

/// A toy position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    pub heaps: [u8; 3],
    pub to_move: Side,
    pub rules: NimRules,
}

impl Nim {
    pub fn new(heaps: [u8; 3]) -> Nim {
        Nim {
            heaps,
            to_move: Side::South,
            rules: NimRules,
        }
    }
    /// Whether the side to move wins with best play.
    pub fn winning(&self) -> bool {
        self.heaps.iter().fold(0, |x, h| x ^ (h % 4)) != 0
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} ; {}",
            self.heaps[0], self.heaps[1], self.heaps[2], self.to_move
        )
    }
}

impl Game for Nim {
    type Move = NimMove;
    type Rules = NimRules;
    const NAME: &'static str = "nim";
    const SEEDS: u32 = 0;

    fn start(_rules: &NimRules) -> Self {
        Nim::new([3, 4, 5])
    }
    fn from_text(text: &str, _rules: &NimRules) -> Result<Self, PositionError> {
        let syntax = |field: &str, t: &str| PositionError::Syntax {
            field: field.into(),
            text: t.into(),
            message: "bad".into(),
        };
        let (heaps, side) = text.split_once(';').ok_or_else(|| syntax("side", text))?;
        let mut h = [0u8; 3];
        let parts: Vec<&str> = heaps.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(syntax("heaps", heaps));
        }
        for (i, p) in parts.iter().enumerate() {
            h[i] = p.parse().map_err(|_| syntax("heap", p))?;
        }
        let to_move = Side::parse(side).ok_or_else(|| syntax("side", side))?;
        Ok(Nim {
            heaps: h,
            to_move,
            rules: NimRules,
        })
    }
    fn rules(&self) -> &NimRules {
        &self.rules
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.heaps == [0, 0, 0] {
            Some(Outcome {
                winner: Some(self.to_move.opponent()),
                reason: EndReason::NoLegalMove,
            })
        } else {
            None
        }
    }
    fn legal_moves(&self, out: &mut Vec<NimMove>) {
        out.clear();
        for heap in 0..3u8 {
            for take in 1..=3u8 {
                if take <= self.heaps[heap as usize] {
                    out.push(NimMove { heap, take });
                }
            }
        }
    }
    fn play(&self, mv: NimMove) -> Result<Self, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.moves().contains(&mv) {
            return Err(PlayError::Illegal {
                mv: self.move_text(mv),
                reason: "not enough seeds".into(),
            });
        }
        Ok(self.play_unchecked(mv))
    }
    fn play_unchecked(&self, mv: NimMove) -> Self {
        let mut next = self.clone();
        let h = &mut next.heaps[mv.heap as usize % 3];
        *h = h.saturating_sub(mv.take);
        next.to_move = self.to_move.opponent();
        next
    }
    fn play_traced(&self, mv: NimMove) -> Result<(Self, Vec<TraceEvent>), PlayError> {
        Ok((self.play(mv)?, Vec::new()))
    }
    fn parse_move(&self, text: &str) -> Result<NimMove, MoveParseError> {
        let err = |m: &str| MoveParseError {
            text: text.into(),
            message: m.into(),
        };
        let (h, t) = text.split_once('-').ok_or_else(|| err("expected h-t"))?;
        let heap: u8 = h.parse().map_err(|_| err("bad heap"))?;
        let take: u8 = t.parse().map_err(|_| err("bad take"))?;
        if !(1..=3).contains(&heap) {
            return Err(err("no such heap"));
        }
        let mv = NimMove {
            heap: heap - 1,
            take,
        };
        if self.moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(err("illegal"))
        }
    }
    fn move_text(&self, mv: NimMove) -> String {
        format!("{}-{}", mv.heap + 1, mv.take)
    }
    fn material(&self, _side: Side) -> i32 {
        0
    }

    fn view(&self) -> BoardView {
        BoardView {
            rows: vec![self
                .heaps
                .iter()
                .enumerate()
                .map(|(i, &h)| CellView {
                    name: format!("{}", i + 1),
                    seeds: u32::from(h),
                    owner: Side::South,
                    mark: CellMark::Plain,
                    takasia: false,
                })
                .collect()],
            stores: [0, 0],
            to_move: self.to_move,
            stage: "play".into(),
            scores: None,
        }
    }
}

impl Evaluate for Nim {
    /// A weak heuristic (more seeds is better for the side to move), so that the search,
    /// not the evaluation, has to find the wins.
    fn evaluate(&self) -> i32 {
        self.heaps.iter().map(|&h| i32::from(h)).sum::<i32>()
    }
}

/// Every position with heaps up to `max` each.
pub fn all_positions(max: u8) -> Vec<Nim> {
    let mut v = Vec::new();
    for a in 0..=max {
        for b in 0..=max {
            for c in 0..=max {
                v.push(Nim::new([a, b, c]));
            }
        }
    }
    v
}
