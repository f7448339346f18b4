//! A challenge: what its creator wants to play.

use serde::{Deserialize, Serialize};

use crate::clock::model::TimeControl;
use crate::error::{clip, ApiError};

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
    /// An engine account (`bao-1` … `bao-10`) to play at once instead of waiting in the
    /// lobby.
    #[serde(default)]
    pub opponent: Option<String>,
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
    /// `kiswahili` or `kingulu`.
    pub game: String,
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
}

/// Checks a challenge's game and profile; the profile's name.
///
/// # Errors
/// 422 for an unknown game or profile.
pub fn check_rules(game: &str, rules: Option<&str>) -> Result<String, ApiError> {
    use bao_rules::RuleSet;
    let (names, default): (Vec<&str>, &str) = match game {
        "kiswahili" => (
            <bao_rules::kiswahili::Rules as RuleSet>::profile_names().to_vec(),
            bao_rules::kiswahili::Rules::default().profile_name(),
        ),
        "kingulu" => (
            <bao_rules::kingulu::Rules as RuleSet>::profile_names().to_vec(),
            bao_rules::kingulu::Rules::default().profile_name(),
        ),
        other => {
            return Err(ApiError::invalid(format!(
                "unknown game {}: expected \"kiswahili\" or \"kingulu\"",
                clip(other)
            )))
        }
    };
    match rules {
        None => Ok(default.to_string()),
        Some(r) if names.contains(&r) => Ok(r.to_string()),
        Some(r) => Err(ApiError::invalid(format!(
            "unknown rules profile {} of {game}: the profiles are {}",
            clip(r),
            names.join(", ")
        ))),
    }
}

/// The side that moves first in a new game of `game` under profile `rules` (South when
/// either is unknown).
pub fn first_mover(game: &str, rules: &str) -> bao_rules::Side {
    use bao_rules::{Game, RuleSet};
    match game {
        "kiswahili" => <bao_rules::kiswahili::Rules as RuleSet>::profile(rules)
            .map(|r| bao_rules::kiswahili::Kiswahili::start(&r).side_to_move())
            .unwrap_or(bao_rules::Side::South),
        "kingulu" => <bao_rules::kingulu::Rules as RuleSet>::profile(rules)
            .map(|r| bao_rules::kingulu::Kingulu::start(&r).side_to_move())
            .unwrap_or(bao_rules::Side::South),
        _ => bao_rules::Side::South,
    }
}
