//! A challenge: what its creator wants to play.

use bao_rules::GameKind;
use serde::{Deserialize, Serialize};

use crate::clock::model::TimeControl;
use crate::http::error::clip;
use crate::refusal::Refusal;

/// The most open challenges one account may have.
pub const MAX_OWN: usize = 5;
/// The most open challenges in the lobby (more are refused with 503).
pub const MAX_OPEN: usize = 500;

/// Which side the challenger plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    /// South (moves first).
    South,
    /// North.
    North,
    /// Drawn at random when the challenge is accepted.
    Random,
}

/// The body of `POST /api/challenges`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeBody {
    /// `kiswahili` or `kingulu`.
    pub game: String,
    /// A rules profile of that game (its default when absent).
    #[serde(default)]
    pub rules: Option<String>,
    /// The clock.
    pub clock: TimeControl,
    /// Whether the result is rated.
    #[serde(default)]
    pub rated: bool,
    /// The challenger's side (default random).
    #[serde(default)]
    pub side: Option<SideChoice>,
    /// The player to challenge by name: an engine account (`bao-1` … `bao-10`) plays at
    /// once; anyone else is the only one who sees the challenge and may accept it.
    #[serde(default)]
    pub opponent: Option<String>,
}

impl crate::http::extract::Body for ChallengeBody {
    const FIELDS: Option<&'static str> =
        Some("\"game\", \"clock\" and optionally \"rules\", \"rated\", \"side\", \"opponent\"");

    fn expects(field: &str) -> Option<&'static str> {
        match field {
            "side" => Some("\"south\", \"north\" or \"random\""),
            other => crate::http::error::field_expects_any(other),
        }
    }
}

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// The challenger's account id.
    #[serde(skip)]
    pub account: i64,
    /// The challenger's name.
    pub name: String,
    /// The challenger's rating in the game's pool.
    pub rating: f64,
    /// The game (written as its name).
    #[serde(serialize_with = "crate::kinds::serialize")]
    pub game: GameKind,
    /// The rules profile.
    pub rules: String,
    /// The clock.
    pub clock: TimeControl,
    /// The clock in words.
    pub clock_text: String,
    /// Rated or casual.
    pub rated: bool,
    /// The challenger's side.
    pub side: SideChoice,
    /// When it was made (RFC 3339).
    pub created: String,
    /// The one player it is for (a challenge by name), `null` for anyone.
    pub opponent: Option<String>,
    /// That player's account id.
    #[serde(skip)]
    pub opponent_id: Option<i64>,
}

impl Challenge {
    /// Whether `account` (`None`: signed out) sees it in the lobby: a challenge for
    /// anyone, or one made by or to him.
    pub fn visible_to(&self, account: Option<i64>) -> bool {
        self.opponent_id.is_none()
            || account.is_some_and(|a| a == self.account || Some(a) == self.opponent_id)
    }
}

/// Checks a challenge's game and profile; the profile's name.
///
/// # Errors
/// 422 for an unknown game or profile.
pub fn check_rules(game: &str, rules: Option<&str>) -> Result<(GameKind, String), Refusal> {
    use bao_rules::{Game, RuleSet};
    let Some(kind) = crate::kinds::named(game) else {
        return Err(Refusal::invalid(format!(
            "unknown game {}: expected {}",
            clip(game),
            crate::kinds::quoted("or")
        )));
    };
    let (names, default): (Vec<&str>, &str) = bao_rules::with_game!(kind, G => (
        <<G as Game>::Rules as RuleSet>::profile_names().to_vec(),
        <G as Game>::Rules::default().profile_name(),
    ));
    match rules {
        None => Ok((kind, default.to_string())),
        Some(r) if names.contains(&r) => Ok((kind, r.to_string())),
        Some(r) => Err(Refusal::invalid(format!(
            "unknown rules profile {} of {game}: the profiles are {}",
            clip(r),
            names.join(", ")
        ))),
    }
}

/// The side that moves first in a new game of `game` under profile `rules` (South when
/// either is unknown).
pub fn first_mover(game: GameKind, rules: &str) -> bao_rules::Side {
    use bao_rules::{Game, RuleSet};
    bao_rules::with_game!(game, G => <<G as Game>::Rules as RuleSet>::profile(rules)
        .map(|r| G::start(&r).side_to_move())
        .unwrap_or(bao_rules::Side::South))
}
