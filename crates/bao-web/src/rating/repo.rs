//! The tables `ratings` and `rating_history` (migration 0003).

use rusqlite::{params, OptionalExtension, Transaction};

use super::Rating;
use crate::games::repo::GameRow;
use crate::store::Store;

fn get(tx: &Transaction<'_>, account: i64, pool: &str) -> rusqlite::Result<Rating> {
    Ok(tx
        .query_row(
            "SELECT rating, rd, volatility, games FROM ratings WHERE account = ?1 AND pool = ?2",
            params![account, pool],
            |r| {
                Ok(Rating {
                    rating: r.get(0)?,
                    rd: r.get(1)?,
                    volatility: r.get(2)?,
                    games: r.get(3)?,
                })
            },
        )
        .optional()?
        .unwrap_or_default())
}

fn put(
    tx: &Transaction<'_>,
    account: i64,
    pool: &str,
    r: Rating,
    game: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO ratings (account, pool, rating, rd, volatility, games) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT(account, pool) DO UPDATE SET rating = ?3, rd = ?4, volatility = ?5, games = ?6",
        params![account, pool, r.rating, r.rd, r.volatility, r.games],
    )?;
    tx.execute(
        "INSERT INTO rating_history (account, pool, game, rating, rd, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![account, pool, game, r.rating, r.rd, crate::ids::now_rfc3339()],
    )?;
    Ok(())
}

/// Applies a rated game's result to both players' ratings, inside the transaction that
/// stores it, exactly once: the game's `rating_applied` mark is set in the same
/// transaction, and a game already marked changes nothing.
///
/// # Errors
/// SQLite's error (then the whole transaction, result included, is not written).
pub fn apply_in(tx: &Transaction<'_>, row: &GameRow) -> rusqlite::Result<()> {
    let (Some(south), Some(north)) = (row.accounts[0], row.accounts[1]) else {
        return Ok(());
    };
    let winner = match row.result.as_deref() {
        Some("1-0") => Some(bao_rules::Side::South),
        Some("0-1") => Some(bao_rules::Side::North),
        Some("1/2-1/2") => None,
        _ => return Ok(()),
    };
    let marked = tx.execute(
        "UPDATE games SET rating_applied = 1 WHERE id = ?1 AND rating_applied = 0",
        [&row.id],
    )?;
    if marked == 0 {
        return Ok(());
    }
    let pool = row.game.as_str();
    let (s, n) = super::update(get(tx, south, pool)?, get(tx, north, pool)?, winner);
    put(tx, south, pool, s, &row.id)?;
    put(tx, north, pool, n, &row.id)
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
}

impl Store {
    /// An account's rating in `pool` (the defaults before its first rated game).
    ///
    /// # Errors
    /// SQLite's error.
    pub fn rating(&self, account: i64, pool: &str) -> rusqlite::Result<Rating> {
        Ok(self
            .lock()
            .query_row(
                "SELECT rating, rd, volatility, games FROM ratings WHERE account = ?1 AND pool = ?2",
                params![account, pool],
                |r| {
                    Ok(Rating {
                        rating: r.get(0)?,
                        rd: r.get(1)?,
                        volatility: r.get(2)?,
                        games: r.get(3)?,
                    })
                },
            )
            .optional()?
            .unwrap_or_default())
    }

    /// An account's last `limit` rating changes in `pool`, oldest first.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn rating_history(
        &self,
        account: i64,
        pool: &str,
        limit: usize,
    ) -> rusqlite::Result<Vec<HistoryPoint>> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT rating, rd, game, at FROM rating_history WHERE account = ?1 AND pool = ?2
             ORDER BY id DESC LIMIT ?3",
        )?;
        let mut out: Vec<HistoryPoint> = stmt
            .query_map(params![account, pool, limit as i64], |r| {
                Ok(HistoryPoint {
                    rating: r.get(0)?,
                    rd: r.get(1)?,
                    game: r.get(2)?,
                    at: r.get(3)?,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        out.reverse();
        Ok(out)
    }

    /// The best `limit` rated players of `pool` (at least one rated game), best first.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn leaderboard(&self, pool: &str, limit: usize) -> rusqlite::Result<Vec<Leader>> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT a.name, r.rating, r.rd, r.games FROM ratings r JOIN accounts a ON a.id = r.account
             WHERE r.pool = ?1 AND r.games > 0 ORDER BY r.rating DESC, a.name_key LIMIT ?2",
        )?;
        let rows = stmt.query_map(params![pool, limit as i64], |r| {
            Ok(Leader {
                name: r.get(0)?,
                rating: r.get(1)?,
                rd: r.get(2)?,
                games: r.get(3)?,
            })
        })?;
        rows.collect()
    }
}
