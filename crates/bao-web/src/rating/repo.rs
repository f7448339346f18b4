//! The tables `ratings` and `rating_history` (migration 0003).

use super::Rating;
use crate::games::repo::GameRow;
use crate::params;
use crate::store::sql::{DbResult, Exec, Row};
use crate::store::{Store, Tx};

fn rating_of(r: &Row) -> DbResult<Rating> {
    Ok(Rating {
        rating: r.real("rating")?,
        rd: r.real("rd")?,
        volatility: r.real("volatility")?,
        games: u32::try_from(r.int("games")?).unwrap_or(0),
    })
}

fn get(c: &mut dyn Exec, account: i64, pool: &str) -> DbResult<Rating> {
    Ok(c.query_opt(
        "SELECT rating, rd, volatility, games FROM ratings WHERE account = ?1 AND pool = ?2",
        params![account, pool],
    )?
    .map(|r| rating_of(&r))
    .transpose()?
    .unwrap_or_default())
}

fn put(tx: &mut Tx<'_>, account: i64, pool: &str, r: Rating, game: &str) -> DbResult<()> {
    tx.exec(
        "INSERT INTO ratings (account, pool, rating, rd, volatility, games) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT(account, pool) DO UPDATE SET rating = ?3, rd = ?4, volatility = ?5, games = ?6",
        params![account, pool, r.rating, r.rd, r.volatility, r.games],
    )?;
    tx.exec(
        "INSERT INTO rating_history (account, pool, game, rating, rd, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![account, pool, game, r.rating, r.rd, crate::ids::now_rfc3339()],
    )?;
    Ok(())
}

/// Applies a rated game's result to both players' ratings, inside the transaction that
/// stores it, exactly once: the game's `rating_applied` mark is set in the same
/// transaction, and a game already marked changes nothing. A game that ended before both
/// sides moved ([`super::counts`]) changes nothing either (not rated, as on lichess). The change (before and
/// after, [`super::RatingChanges`]) is kept in the game's `ratings` column.
///
/// # Errors
/// The database's error (then the whole transaction, result included, is not written).
pub fn apply_in(tx: &mut Tx<'_>, row: &GameRow) -> DbResult<()> {
    let (Some(south), Some(north)) = (row.accounts[0], row.accounts[1]) else {
        return Ok(());
    };
    if !super::counts(row.plies) {
        return Ok(());
    }
    let winner = match row.result {
        Some(r) => r.winner(),
        _ => return Ok(()),
    };
    let marked = tx.exec(
        "UPDATE games SET rating_applied = 1 WHERE id = ?1 AND rating_applied = 0",
        params![&row.id],
    )?;
    if marked == 0 {
        return Ok(());
    }
    let pool = row.game.name();
    let before = (get(tx, south, pool)?, get(tx, north, pool)?);
    let (s, n) = super::update(before.0, before.1, winner);
    put(tx, south, pool, s, &row.id)?;
    put(tx, north, pool, n, &row.id)?;
    let changes = super::RatingChanges::of(before, (s, n));
    tx.exec(
        "UPDATE games SET ratings = ?2 WHERE id = ?1",
        params![&row.id, changes.to_text()],
    )?;
    Ok(())
}

/// One point of a rating history.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct HistoryPoint {
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation.
    pub rd: f64,
    /// The game.
    pub game: String,
    /// When (RFC 3339).
    pub at: String,
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Leader {
    /// The account name.
    pub name: String,
    /// Its rating.
    pub rating: f64,
    /// Its deviation.
    pub rd: f64,
    /// Rated games played.
    pub games: u32,
    /// An engine account (`bao-N`), marked as lichess marks BOT.
    pub bot: bool,
}

impl Store {
    /// An account's rating in `pool` (the defaults before its first rated game).
    ///
    /// # Errors
    /// The database's error.
    pub fn rating(&self, account: i64, pool: &str) -> DbResult<Rating> {
        self.read(|c| get(c, account, pool))
    }

    /// An account's last `limit` rating changes in `pool`, oldest first.
    ///
    /// # Errors
    /// The database's error.
    pub fn rating_history(
        &self,
        account: i64,
        pool: &str,
        limit: usize,
    ) -> DbResult<Vec<HistoryPoint>> {
        let rows = self.read(|c| {
            c.query(
                "SELECT rating, rd, game, at FROM rating_history WHERE account = ?1 AND pool = ?2
                 ORDER BY id DESC LIMIT ?3",
                params![account, pool, limit],
            )
        })?;
        let mut out = rows
            .iter()
            .map(|r| {
                Ok(HistoryPoint {
                    rating: r.real("rating")?,
                    rd: r.real("rd")?,
                    game: r.text("game")?,
                    at: r.text("at")?,
                })
            })
            .collect::<DbResult<Vec<_>>>()?;
        out.reverse();
        Ok(out)
    }

    /// The best `limit` rated players of `pool` (at least one rated game), best first.
    ///
    /// # Errors
    /// The database's error.
    pub fn leaderboard(&self, pool: &str, limit: usize) -> DbResult<Vec<Leader>> {
        let rows = self.read(|c| {
            c.query(
                "SELECT a.name, r.rating, r.rd, r.games, a.engine_level FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.pool = ?1 AND r.games > 0 ORDER BY r.rating DESC, a.name_key LIMIT ?2",
                params![pool, limit],
            )
        })?;
        rows.iter()
            .map(|r| {
                Ok(Leader {
                    name: r.text("name")?,
                    rating: r.real("rating")?,
                    rd: r.real("rd")?,
                    games: u32::try_from(r.int("games")?).unwrap_or(0),
                    bot: r.opt_int("engine_level")?.is_some(),
                })
            })
            .collect()
    }
}
