//! Ratings: Glicko-2 ([`skillratings::glicko2`]) per game — every Bao la Kiswahili
//! profile in one pool `kiswahili`, Bao Kingulu in `kingulu` — updated once per rated
//! result of a game in which both sides moved ([`counts`]), in the transaction that stores the result ([`repo::apply_in`]); a history
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
/// The fewest plies a rated game must have for its result to change ratings: both sides
/// have moved. A game resigned, flagged or aborted before that is not rated (as on
/// lichess), so that a resignation at ply 0 farms no points.
pub const RATED_MIN_PLIES: usize = 2;

/// The words the outcome of such a game adds: "(not rated: a side had not moved)".
pub const NOT_RATED: &str = "not rated: a side had not moved";

/// Whether the result of a rated game that ended after `plies` plies changes ratings
/// (at least [`RATED_MIN_PLIES`]).
pub fn counts(plies: usize) -> bool {
    plies >= RATED_MIN_PLIES
}

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
    use bao_rules::Side;
    use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;

    fn g(rating: f64, deviation: f64, volatility: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf): a
    /// player rated 1500, RD 200, volatility 0.06 beats 1400/30 and loses to 1550/100 and
    /// 1700/300 in one rating period (tau 0.5): 1464.06, 151.52, 0.05999. The crate's
    /// default configuration is the paper's.
    #[test]
    fn the_papers_worked_example() {
        let after = glicko2_rating_period(
            &g(1500.0, 200.0, 0.06),
            &[
                (g(1400.0, 30.0, 0.06), Outcomes::WIN),
                (g(1550.0, 100.0, 0.06), Outcomes::LOSS),
                (g(1700.0, 300.0, 0.06), Outcomes::LOSS),
            ],
            &Glicko2Config::new(),
        );
        // The paper rounds its intermediate steps (μ' = −0.2069, φ' = 0.8722): its
        // 1464.06 / 151.52 / 0.05999 are these to that precision...
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.005, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
        // ... and in full precision (tests/ratings.rs's own Glicko-2 gives the same).
        assert!((after.rating - 1_464.050_671).abs() < 1e-6, "{after:?}");
        assert!((after.deviation - 151.516_524).abs() < 1e-6, "{after:?}");
        assert!((after.volatility - 0.059_995_984).abs() < 1e-9, "{after:?}");
    }

    /// One game is a rating period of one result for each player, from his side.
    fn period(me: Rating, them: Rating, outcome: Outcomes) -> Rating {
        let x = glicko2_rating_period(
            &g(me.rating, me.rd, me.volatility),
            &[(g(them.rating, them.rd, them.volatility), outcome)],
            &Glicko2Config::new(),
        );
        Rating {
            rating: x.rating,
            rd: x.deviation,
            volatility: x.volatility,
            games: me.games + 1,
        }
    }

    fn close(a: Rating, b: Rating) {
        assert!((a.rating - b.rating).abs() < 1e-9, "{a:?} {b:?}");
        assert!((a.rd - b.rd).abs() < 1e-9, "{a:?} {b:?}");
        assert!((a.volatility - b.volatility).abs() < 1e-12, "{a:?} {b:?}");
        assert_eq!(a.games, b.games);
    }

    #[test]
    fn a_win_between_new_players() {
        let (s, n) = update(Rating::default(), Rating::default(), Some(Side::South));
        assert!((s.rating - 1662.3).abs() < 0.1, "{s:?}");
        assert!((n.rating - 1337.7).abs() < 0.1, "{n:?}");
        assert_eq!((s.games, n.games), (1, 1));
        assert!(s.rd < 350.0);
    }

    /// Each side's new rating is his own rating period of one game: a North win is
    /// North's win, a draw is a draw for both, and each starts from the rating given
    /// (deviation and volatility included), not from the defaults.
    #[test]
    fn each_result_is_a_rating_period_from_each_side() {
        let south = Rating {
            rating: 1700.0,
            rd: 80.0,
            volatility: 0.059,
            games: 7,
        };
        let north = Rating {
            rating: 1450.0,
            rd: 200.0,
            volatility: 0.061,
            games: 2,
        };
        for (winner, s_out, n_out) in [
            (Some(Side::South), Outcomes::WIN, Outcomes::LOSS),
            (Some(Side::North), Outcomes::LOSS, Outcomes::WIN),
            (None, Outcomes::DRAW, Outcomes::DRAW),
        ] {
            let (s, n) = update(south, north, winner);
            close(s, period(south, north, s_out));
            close(n, period(north, south, n_out));
        }
        // The underdog gains by a draw, the favourite loses.
        let (s, n) = update(south, north, None);
        assert!(s.rating < 1700.0 && n.rating > 1450.0, "{s:?} {n:?}");
    }

    #[test]
    fn only_games_in_which_both_sides_moved_count() {
        assert!(!counts(0));
        assert!(!counts(1));
        assert!(counts(2));
        assert!(counts(57));
    }
}
