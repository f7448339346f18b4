//! The table `challenges` (migration 0003).

use super::model::{Challenge, SideChoice};
use crate::clock::model::TimeControl;
use crate::games::repo::{save_in, GameRow};
use crate::params;
use crate::store::sql::{DbResult, Exec, Row};
use crate::store::{Change, Store, StoreError};

const SELECT: &str = "SELECT c.id, c.account, a.name, coalesce(r.rating, 1500.0) AS rating, c.game, c.rules, c.clock, c.rated, c.side, c.created, c.opponent, o.name AS opponent_name
    FROM challenges c JOIN accounts a ON a.id = c.account
    LEFT JOIN accounts o ON o.id = c.opponent
    LEFT JOIN ratings r ON r.account = c.account AND r.pool = c.game";

fn challenge_of(r: &Row) -> DbResult<Challenge> {
    let clock = r.text("clock")?;
    let clock: TimeControl = serde_json::from_str(&clock).map_err(|e| r.bad("clock", e))?;
    let side = r.text("side")?;
    let side: SideChoice =
        serde_json::from_value(serde_json::Value::String(side)).map_err(|e| r.bad("side", e))?;
    Ok(Challenge {
        id: r.text("id")?,
        account: r.int("account")?,
        name: r.text("name")?,
        rating: r.real("rating")?,
        game: crate::kinds::decode(r, "game")?,
        rules: r.text("rules")?,
        clock_text: clock.text(),
        clock,
        rated: r.int("rated")? != 0,
        side,
        created: r.text("created")?,
        opponent: r.opt_text("opponent_name")?,
        opponent_id: r.opt_int("opponent")?,
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
            tx.exec(
                "INSERT INTO challenges (id, account, game, rules, clock, rated, side, created, opponent) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    &c.id,
                    c.account,
                    c.game.name(),
                    &c.rules,
                    serde_json::to_string(&c.clock).expect("a clock is JSON"),
                    c.rated,
                    side_text(c.side),
                    &c.created,
                    c.opponent_id
                ],
            )?;
            tx.notify(&Change::Lobby)
        })
    }

    /// The open challenges, oldest first (a damaged row is left out).
    ///
    /// # Errors
    /// The database's error.
    pub fn challenges(&self) -> DbResult<Vec<Challenge>> {
        let rows = self.read(|c| c.query(&format!("{SELECT} ORDER BY c.created, c.id"), &[]))?;
        Ok(rows.iter().filter_map(|r| challenge_of(r).ok()).collect())
    }

    /// One open challenge.
    ///
    /// # Errors
    /// The database's error.
    pub fn challenge(&self, id: &str) -> DbResult<Option<Challenge>> {
        self.read(|c| {
            c.query_opt(&format!("{SELECT} WHERE c.id = ?1"), params![id])?
                .map(|r| challenge_of(&r))
                .transpose()
        })
    }

    /// Removes a challenge of `account`; whether it was there.
    ///
    /// # Errors
    /// The database's error.
    pub fn cancel_challenge(&self, id: &str, account: i64) -> Result<bool, StoreError> {
        self.write(|tx| {
            let gone = tx.exec(
                "DELETE FROM challenges WHERE id = ?1 AND account = ?2",
                params![id, account],
            )? > 0;
            tx.notify(&Change::Lobby)?;
            Ok(gone)
        })
    }

    /// Withdraws the challenges of `account` with a real-time clock (correspondence
    /// challenges stay) that were not marked seen after `before_ms`
    /// ([`Store::mark_challenges_seen`]); how many.
    ///
    /// # Errors
    /// The database's error.
    pub fn withdraw_realtime_challenges(
        &self,
        account: i64,
        before_ms: i64,
    ) -> Result<usize, StoreError> {
        let ids: Vec<String> = self
            .challenges()?
            .into_iter()
            .filter(|c| c.account == account && !c.clock.is_correspondence())
            .map(|c| c.id)
            .collect();
        if ids.is_empty() {
            return Ok(0);
        }
        self.write(|tx| {
            let mut n = 0;
            for id in &ids {
                n += tx.exec(
                    "DELETE FROM challenges WHERE id = ?1 AND account = ?2 AND (seen_ms IS NULL OR seen_ms < ?3)",
                    params![id, account, before_ms],
                )?;
            }
            if n > 0 {
                tx.notify(&Change::Lobby)?;
            }
            Ok(n as usize)
        })
    }

    /// Marks the challenges of `account` seen now (his page is open on this instance),
    /// so that a withdrawal planned before now leaves them.
    ///
    /// # Errors
    /// The database's error.
    pub fn mark_challenges_seen(&self, account: i64, now_ms: i64) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.exec(
                "UPDATE challenges SET seen_ms = ?2 WHERE account = ?1",
                params![account, now_ms],
            )?;
            Ok(())
        })
    }

    /// Asks every instance (PostgreSQL) whether `account` has a page open there
    /// ([`Change::Presence`]); nothing on SQLite.
    ///
    /// # Errors
    /// The database's error.
    pub fn ask_presence(&self, account: i64) -> Result<(), StoreError> {
        self.write(|tx| tx.notify(&Change::Presence(account)))
    }

    /// Sends a notice to every instance (PostgreSQL; nothing on SQLite).
    ///
    /// # Errors
    /// The database's error.
    pub fn send_notice(&self, n: &crate::notices::Notice) -> Result<(), StoreError> {
        self.write(|tx| tx.notify(&Change::Notice(n.clone())))
    }

    /// Accepts a challenge: removes it and stores its game in one transaction. `false`
    /// (and nothing written) when it was already gone (accepted by someone else, or
    /// cancelled).
    ///
    /// # Errors
    /// The database's error.
    pub fn accept_challenge(&self, id: &str, game: &GameRow) -> Result<bool, StoreError> {
        self.write(|tx| {
            if tx.exec("DELETE FROM challenges WHERE id = ?1", params![id])? == 0 {
                return Ok(false);
            }
            save_in(tx, game)?;
            tx.notify(&Change::Lobby)?;
            Ok(true)
        })
    }
}
