//! Ratings: Glicko-2 ([`skillratings::glicko2`]) per game — every Bao la Kiswahili
//! profile in one pool `kiswahili`, Bao Kingulu in `kingulu` — updated once per rated
//! result, in the transaction that stores the result ([`repo::apply_in`]); a history
//! row per change; profiles (`GET /api/players/{name}`) and leaderboards
//! (`GET /api/leaderboard/{game}`).
//!
//! New players (and the engine accounts) start at 1500 with deviation 350 and
//! volatility 0.06, the Glicko-2 defaults.

pub mod repo;

mod routes;

pub use routes::routes;

/// One player's rating in one pool.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Rating {
    /// The Glicko-2 rating (1500 at first).
    pub rating: f64,
    /// Its deviation (350 at first).
    pub rd: f64,
    /// Its volatility (0.06 at first).
    #[serde(skip)]
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            rating: 1500.0,
            rd: 350.0,
            volatility: 0.06,
            games: 0,
        }
    }
}

/// One player's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Delta {
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

/// What a rated result did to both players' ratings: `{"South": {"before", "after"},
/// "North": {…}}`, stored with the result (the `ratings` column of `games`, migration
/// 0005) and shown in the game's state and the game lists.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RatingChanges {
    /// South's.
    #[serde(rename = "South")]
    pub south: Delta,
    /// North's.
    #[serde(rename = "North")]
    pub north: Delta,
}

impl RatingChanges {
    /// The changes of `south` and `north`, before and after.
    pub fn of(before: (Rating, Rating), after: (Rating, Rating)) -> RatingChanges {
        RatingChanges {
            south: Delta {
                before: before.0.rating,
                after: after.0.rating,
            },
            north: Delta {
                before: before.1.rating,
                after: after.1.rating,
            },
        }
    }

    /// As stored: JSON.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("rating changes are JSON")
    }

    /// From the stored JSON (`None` when it cannot be read).
    pub fn from_text(text: &str) -> Option<RatingChanges> {
        serde_json::from_str(text).ok()
    }
}

/// The pools: one per game, named by [`bao_rules::GameKind::name`].
pub const POOLS: [bao_rules::GameKind; 2] = bao_rules::GameKind::ALL;

/// The ratings after a game: `south` and `north` before, the winner (`None`: a draw).
pub fn update(south: Rating, north: Rating, winner: Option<bao_rules::Side>) -> (Rating, Rating) {
    use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;
    let g = |r: Rating| Glicko2Rating {
        rating: r.rating,
        deviation: r.rd,
        volatility: r.volatility,
    };
    let outcome = match winner {
        Some(bao_rules::Side::South) => Outcomes::WIN,
        Some(bao_rules::Side::North) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (s, n) = glicko2(&g(south), &g(north), &outcome, &Glicko2Config::new());
    let back = |x: Glicko2Rating, before: Rating| Rating {
        rating: x.rating,
        rd: x.deviation,
        volatility: x.volatility,
        games: before.games + 1,
    };
    (back(s, south), back(n, north))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_between_new_players() {
        let (s, n) = update(
            Rating::default(),
            Rating::default(),
            Some(bao_rules::Side::South),
        );
        assert!((s.rating - 1662.3).abs() < 0.1, "{s:?}");
        assert!((n.rating - 1337.7).abs() < 0.1, "{n:?}");
        assert_eq!((s.games, n.games), (1, 1));
        assert!(s.rd < 350.0);
    }
}
