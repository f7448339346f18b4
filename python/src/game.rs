//! The two games behind one type: [`AnyRules`] and [`AnyPos`] hold a Bao la Kiswahili or
//! a Bao Kingulu value, and the `with_*!` macros run generic code on either.

use crate::errors::{option_err, unknown_game};
use bao_rules::kingulu::{self, Kingulu};
use bao_rules::kiswahili::{self, Kiswahili};
use bao_rules::{Game, RuleSet, Side};
use pyo3::prelude::*;

pub use bao_rules::GameKind;

/// The game named `name` (`kiswahili`, `kingulu`, case-insensitive: [`GameKind`]'s parse).
///
/// # Errors
/// `RulesError` naming the text for an unknown game.
pub fn kind(name: &str) -> PyResult<GameKind> {
    name.parse().map_err(|_| unknown_game(name))
}

/// The rule options of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyRules {
    /// Bao la Kiswahili options (K-§3.3).
    Ki(kiswahili::Rules),
    /// Bao Kingulu options (G-§4.7).
    Ku(kingulu::Rules),
}

/// A position of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyPos {
    /// A Bao la Kiswahili position.
    Ki(Kiswahili),
    /// A Bao Kingulu position.
    Ku(Kingulu),
}

/// Runs `$body` with `$x` bound to the inner position (of either game type).
macro_rules! with_pos {
    ($p:expr, $x:ident => $body:expr) => {
        match $p {
            $crate::game::AnyPos::Ki($x) => $body,
            $crate::game::AnyPos::Ku($x) => $body,
        }
    };
}
pub(crate) use with_pos;

/// Runs `$body` with `$x` bound to the inner rules (of either game type).
macro_rules! with_rules {
    ($r:expr, $x:ident => $body:expr) => {
        match $r {
            $crate::game::AnyRules::Ki($x) => $body,
            $crate::game::AnyRules::Ku($x) => $body,
        }
    };
}
#[allow(unused_imports)]
pub(crate) use with_rules;

impl AnyRules {
    /// The default rules of a game.
    pub fn default_of(kind: GameKind) -> AnyRules {
        match kind {
            GameKind::Kiswahili => AnyRules::Ki(Default::default()),
            GameKind::Kingulu => AnyRules::Ku(Default::default()),
        }
    }

    /// The named profile of a game.
    pub fn profile(kind: GameKind, name: &str) -> PyResult<AnyRules> {
        Ok(match kind {
            GameKind::Kiswahili => {
                AnyRules::Ki(kiswahili::Rules::profile(name).map_err(option_err)?)
            }
            GameKind::Kingulu => AnyRules::Ku(kingulu::Rules::profile(name).map_err(option_err)?),
        })
    }

    /// The profile names of a game, default first.
    pub fn profile_names(kind: GameKind) -> &'static [&'static str] {
        match kind {
            GameKind::Kiswahili => kiswahili::Rules::profile_names(),
            GameKind::Kingulu => kingulu::Rules::profile_names(),
        }
    }

    /// Which game these rules are for.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyRules::Ki(_) => GameKind::Kiswahili,
            AnyRules::Ku(_) => GameKind::Kingulu,
        }
    }

    /// Sets one option by name (the rules' error when the name or value is unknown).
    pub fn set_option(&mut self, name: &str, value: &str) -> PyResult<()> {
        with_rules!(self, r => r.set_option(name, value)).map_err(option_err)
    }

    /// Every option as `(name, value)` in the rules' fixed order.
    pub fn options(&self) -> Vec<(&'static str, String)> {
        with_rules!(self, r => r.options())
    }

    /// The options that differ from the profile's.
    pub fn differences(&self) -> Vec<(&'static str, String)> {
        with_rules!(self, r => r.differences())
    }

    /// The profile name.
    pub fn profile_name(&self) -> &'static str {
        with_rules!(self, r => r.profile_name())
    }
}

impl AnyPos {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyPos::Ki(_) => GameKind::Kiswahili,
            AnyPos::Ku(_) => GameKind::Kingulu,
        }
    }

    /// The start position under `rules`.
    pub fn start(rules: &AnyRules) -> AnyPos {
        match rules {
            AnyRules::Ki(r) => AnyPos::Ki(Kiswahili::start(r)),
            AnyRules::Ku(r) => AnyPos::Ku(Kingulu::start(r)),
        }
    }

    /// Parses a position text under `rules`.
    pub fn from_text(text: &str, rules: &AnyRules) -> PyResult<AnyPos> {
        Ok(match rules {
            AnyRules::Ki(r) => {
                AnyPos::Ki(Kiswahili::from_text(text, r).map_err(crate::errors::position_err)?)
            }
            AnyRules::Ku(r) => {
                AnyPos::Ku(Kingulu::from_text(text, r).map_err(crate::errors::position_err)?)
            }
        })
    }

    /// The rules of the position.
    pub fn rules(&self) -> AnyRules {
        match self {
            AnyPos::Ki(p) => AnyRules::Ki(*p.rules()),
            AnyPos::Ku(p) => AnyRules::Ku(*p.rules()),
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        with_pos!(self, p => p.side_to_move())
    }
}

/// `South`/`North` as Python sees them.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

/// Parses a side name for Python (`South`, `north`, `S`, ...).
pub fn parse_side(text: &str) -> PyResult<Side> {
    Side::parse(text).ok_or_else(|| {
        crate::errors::BaoError::new_err(format!(
            "unknown side {text:?}; expected \"South\" or \"North\""
        ))
    })
}

impl From<Kiswahili> for AnyPos {
    fn from(p: Kiswahili) -> AnyPos {
        AnyPos::Ki(p)
    }
}

impl From<Kingulu> for AnyPos {
    fn from(p: Kingulu) -> AnyPos {
        AnyPos::Ku(p)
    }
}
