//! The table `challenges` (migration 0003).

use rusqlite::{params, OptionalExtension};

use super::model::{Challenge, SideChoice};
use crate::clock::model::TimeControl;
use crate::games::repo::{save_in, GameRow};
use crate::store::{Store, StoreError};

const SELECT: &str = "SELECT c.id, c.account, a.name, coalesce(r.rating, 1500.0), c.game, c.rules, c.clock, c.rated, c.side, c.created
    FROM challenges c JOIN accounts a ON a.id = c.account
    LEFT JOIN ratings r ON r.account = c.account AND r.pool = c.game";

fn challenge_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Challenge> {
    let bad = |i: usize, e: String| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into())
    };
    let clock: String = r.get(6)?;
    let clock: TimeControl = serde_json::from_str(&clock).map_err(|e| bad(6, e.to_string()))?;
    let side: String = r.get(8)?;
    let side: SideChoice = serde_json::from_value(serde_json::Value::String(side))
        .map_err(|e| bad(8, e.to_string()))?;
    Ok(Challenge {
        id: r.get(0)?,
        account: r.get(1)?,
        name: r.get(2)?,
        rating: r.get(3)?,
        game: r.get(4)?,
        rules: r.get(5)?,
        clock_text: clock.text(),
        clock,
        rated: r.get::<_, i64>(7)? != 0,
        side,
        created: r.get(9)?,
    })
}

fn side_text(side: SideChoice) -> &'static str {
    match side {
        SideChoice::South => "south",
        SideChoice::North => "north",
        SideChoice::Random => "random",
    }
}

impl Store {
    /// Stores a new challenge.
    ///
    /// # Errors
    /// The database's error.
    pub fn add_challenge(&self, c: &Challenge) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO challenges (id, account, game, rules, clock, rated, side, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    c.id,
                    c.account,
                    c.game,
                    c.rules,
                    serde_json::to_string(&c.clock).expect("a clock is JSON"),
                    c.rated as i64,
                    side_text(c.side),
                    c.created
                ],
            )?;
            Ok(())
        })
    }

    /// The open challenges, oldest first (a damaged row is left out).
    ///
    /// # Errors
    /// SQLite's error.
    pub fn challenges(&self) -> rusqlite::Result<Vec<Challenge>> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!("{SELECT} ORDER BY c.created, c.id"))?;
        let rows = stmt.query_map([], challenge_of)?;
        Ok(rows.filter_map(Result::ok).collect())
    }

    /// One open challenge.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn challenge(&self, id: &str) -> rusqlite::Result<Option<Challenge>> {
        self.lock()
            .query_row(&format!("{SELECT} WHERE c.id = ?1"), [id], challenge_of)
            .optional()
    }

    /// Removes a challenge of `account`; whether it was there.
    ///
    /// # Errors
    /// The database's error.
    pub fn cancel_challenge(&self, id: &str, account: i64) -> Result<bool, StoreError> {
        self.write(|tx| {
            Ok(tx.execute(
                "DELETE FROM challenges WHERE id = ?1 AND account = ?2",
                params![id, account],
            )? > 0)
        })
    }

    /// Accepts a challenge: removes it and stores its game in one transaction. `false`
    /// (and nothing written) when it was already gone (accepted by someone else, or
    /// cancelled).
    ///
    /// # Errors
    /// The database's error.
    pub fn accept_challenge(&self, id: &str, game: &GameRow) -> Result<bool, StoreError> {
        self.write(|tx| {
            if tx.execute("DELETE FROM challenges WHERE id = ?1", [id])? == 0 {
                return Ok(false);
            }
            save_in(tx, game)?;
            Ok(true)
        })
    }
}
