//! The accounts' moderation columns (migration 0007: `role`, `chat_muted`, `closed`)
//! and the table `chat_reports`.

use crate::params;
use crate::store::sql::{DbResult, Exec};
use crate::store::{Store, StoreError};

/// One open report, as a moderator sees it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The report's number.
    pub id: i64,
    /// The line reported (`{"id", "room", "author", "text", "at"}`).
    pub line: serde_json::Value,
    /// The game of the line.
    pub game: String,
    /// Who reported it.
    pub reporter: String,
    /// When, RFC 3339.
    pub created: String,
}

impl Store {
    /// Gives `name` the role `role` (`None`: none); whether such an account exists.
    ///
    /// # Errors
    /// The database's error.
    pub fn set_role(&self, name: &str, role: Option<&str>) -> Result<bool, StoreError> {
        let key = crate::accounts::model::name_key(name);
        self.write(|tx| {
            Ok(tx.exec(
                "UPDATE accounts SET role = ?2 WHERE name_key = ?1 AND engine_level IS NULL",
                params![key, role],
            )? > 0)
        })
    }

    /// The role of an account (`None`: a player like any other).
    ///
    /// # Errors
    /// The database's error.
    pub fn role(&self, account: i64) -> DbResult<Option<String>> {
        self.read(|c| {
            Ok(
                c.query_opt("SELECT role FROM accounts WHERE id = ?1", params![account])?
                    .map(|r| r.opt_text("role"))
                    .transpose()?
                    .flatten(),
            )
        })
    }

    /// Whether a moderator muted `account` in every chat.
    ///
    /// # Errors
    /// The database's error.
    pub fn chat_muted(&self, account: i64) -> DbResult<bool> {
        self.read(|c| {
            Ok(c.query_opt(
                "SELECT chat_muted FROM accounts WHERE id = ?1",
                params![account],
            )?
            .map(|r| r.int("chat_muted"))
            .transpose()?
                == Some(1))
        })
    }

    /// Mutes (`on`) or unmutes an account in every chat.
    ///
    /// # Errors
    /// The database's error.
    pub fn set_chat_muted(&self, account: i64, on: bool) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.exec(
                "UPDATE accounts SET chat_muted = ?2 WHERE id = ?1",
                params![account, on],
            )?;
            Ok(())
        })
    }

    /// Whether an account was closed.
    ///
    /// # Errors
    /// The database's error.
    pub fn is_closed(&self, account: i64) -> DbResult<bool> {
        self.read(|c| {
            Ok(c.query_opt(
                "SELECT 1 AS x FROM accounts WHERE id = ?1 AND closed IS NOT NULL",
                params![account],
            )?
            .is_some())
        })
    }

    /// Closes an account: it cannot sign in again, every session of it ends and its open
    /// challenges leave the lobby (in the same transaction). How many sessions ended.
    ///
    /// # Errors
    /// The database's error.
    pub fn close_account(&self, account: i64) -> Result<u64, StoreError> {
        let out = self.write(|tx| {
            tx.exec(
                "UPDATE accounts SET closed = ?2 WHERE id = ?1 AND closed IS NULL",
                params![account, crate::ids::now_rfc3339()],
            )?;
            if tx.exec(
                "DELETE FROM challenges WHERE account = ?1",
                params![account],
            )? > 0
            {
                tx.notify(&crate::store::Change::Lobby)?;
            }
            tx.exec("DELETE FROM sessions WHERE account = ?1", params![account])
        });
        // Its sessions ended: none may be found in memory (accounts::cache).
        self.sessions.revoke();
        out
    }

    /// The reports not yet resolved, oldest first (at most `limit`).
    ///
    /// # Errors
    /// The database's error.
    pub fn open_reports(&self, limit: usize) -> DbResult<Vec<Report>> {
        self.read(|c| {
            c.query(
                "SELECT r.id, r.created, p.name AS reporter, c.id AS line, c.game, c.room, c.text, c.at_ms, a.name AS author
                 FROM chat_reports r JOIN chat c ON c.id = r.line
                 JOIN accounts a ON a.id = c.account JOIN accounts p ON p.id = r.reporter
                 WHERE r.resolved = 0 ORDER BY r.id LIMIT ?1",
                params![limit],
            )?
            .iter()
            .map(|r| {
                let at = r.int("at_ms")?.max(0) as u64;
                Ok(Report {
                    id: r.int("id")?,
                    line: serde_json::json!({
                        "id": r.int("line")?,
                        "room": r.text("room")?,
                        "author": r.text("author")?,
                        "text": r.text("text")?,
                        "at": crate::ids::rfc3339(at / 1000, (at % 1000) as u32),
                    }),
                    game: r.text("game")?,
                    reporter: r.text("reporter")?,
                    created: r.text("created")?,
                })
            })
            .collect()
        })
    }

    /// Marks a report resolved; whether it was open.
    ///
    /// # Errors
    /// The database's error.
    pub fn resolve_report(&self, id: i64) -> Result<bool, StoreError> {
        self.write(|tx| {
            Ok(tx.exec(
                "UPDATE chat_reports SET resolved = 1 WHERE id = ?1 AND resolved = 0",
                params![id],
            )? > 0)
        })
    }
}
