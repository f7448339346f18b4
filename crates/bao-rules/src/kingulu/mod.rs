//! Bao Kingulu (`bao-kingulu.md`). STUB: being implemented; every body is todo!().

use crate::{BoardView, Game, MoveParseError, OptionError, Outcome, PlayError, PositionError, RuleSet, Side, TraceEvent};
use std::fmt;

/// The rule options of the game (STUB).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules;

impl RuleSet for Rules {
    fn profile_names() -> &'static [&'static str] {
        todo!()
    }
    fn profile(_name: &str) -> Result<Self, OptionError> {
        todo!()
    }
    fn profile_name(&self) -> &'static str {
        todo!()
    }
    fn options(&self) -> Vec<(&'static str, String)> {
        todo!()
    }
    fn set_option(&mut self, _name: &str, _value: &str) -> Result<(), OptionError> {
        todo!()
    }
}

/// A move (STUB).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move;

/// A position (STUB).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kingulu;

impl fmt::Display for Kingulu {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        todo!()
    }
}

impl Game for Kingulu {
    type Move = Move;
    type Rules = Rules;
    const NAME: &'static str = "kingulu";
    const SEEDS: u32 = 48;
    fn start(_rules: &Rules) -> Self {
        todo!()
    }
    fn from_text(_text: &str, _rules: &Rules) -> Result<Self, PositionError> {
        todo!()
    }
    fn rules(&self) -> &Rules {
        todo!()
    }
    fn side_to_move(&self) -> Side {
        todo!()
    }
    fn outcome(&self) -> Option<Outcome> {
        todo!()
    }
    fn legal_moves(&self, _out: &mut Vec<Move>) {
        todo!()
    }
    fn play(&self, _mv: Move) -> Result<Self, PlayError> {
        todo!()
    }
    fn play_unchecked(&self, _mv: Move) -> Self {
        todo!()
    }
    fn play_traced(&self, _mv: Move) -> Result<(Self, Vec<TraceEvent>), PlayError> {
        todo!()
    }
    fn parse_move(&self, _text: &str) -> Result<Move, MoveParseError> {
        todo!()
    }
    fn move_text(&self, _mv: Move) -> String {
        todo!()
    }
    fn view(&self) -> BoardView {
        todo!()
    }
}
