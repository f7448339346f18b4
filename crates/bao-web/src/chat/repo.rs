//! The tables `chat`, `chat_mutes` and `chat_reports` (migration 0007).

use std::collections::HashSet;
use std::sync::Arc;

use super::model::{wait_ms, Line, Room, RATE_WINDOW_MS};
use crate::params;
use crate::store::sql::{DbResult, Exec, Row};
use crate::store::{Change, Store, StoreError};

const SELECT: &str =
    "SELECT c.id, c.game, c.room, c.account, a.name AS author, c.text, c.at_ms, c.after_end
    FROM chat c JOIN accounts a ON a.id = c.account";

fn line_of(r: &Row) -> DbResult<Line> {
    let room = r.text("room")?;
    let at = r.int("at_ms")?.max(0) as u64;
    Ok(Line {
        id: r.int("id")?,
        game: r.text("game")?,
        room: Room::named(&room).ok_or_else(|| r.bad("room", format!("unknown room {room:?}")))?,
        account: r.int("account")?,
        author: r.text("author")?,
        text: r.text("text")?,
        at: crate::ids::rfc3339(at / 1000, (at % 1000) as u32),
        after_end: r.int("after_end")? != 0,
    })
}

impl Store {
    /// Posts `line` (its `id` and `at` are set here) at `now_ms`, unless its author
    /// posted [`super::model::RATE_LINES`] lines within the window before: then
    /// `Err(ms to wait)` and nothing is written. Every instance is told
    /// ([`Change::Chat`]).
    ///
    /// # Errors
    /// The database's error.
    pub fn post_chat(&self, mut line: Line, now_ms: i64) -> Result<Result<Line, i64>, StoreError> {
        self.write(|tx| {
            let recent: Vec<i64> = tx
                .query(
                    "SELECT at_ms FROM chat WHERE account = ?1 AND at_ms > ?2 ORDER BY at_ms",
                    params![line.account, now_ms - RATE_WINDOW_MS],
                )?
                .iter()
                .map(|r| r.int("at_ms"))
                .collect::<DbResult<_>>()?;
            if let Some(wait) = wait_ms(&recent, now_ms) {
                return Ok(Err(wait));
            }
            line.id = tx
                .query_one(
                    "INSERT INTO chat (game, room, account, text, at_ms, after_end) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
                    params![&line.game, line.room.name(), line.account, &line.text, now_ms, line.after_end],
                )?
                .int("id")?;
            let at = now_ms.max(0) as u64;
            line.at = crate::ids::rfc3339(at / 1000, (at % 1000) as u32);
            tx.notify(&Change::Chat(line.clone()))?;
            Ok(Ok(line))
        })
    }

    /// The latest `limit` lines of a game's room, oldest first.
    ///
    /// # Errors
    /// The database's error.
    pub fn chat_lines(&self, game: &str, room: Room, limit: usize) -> DbResult<Vec<Line>> {
        let rows = self.read(|c| {
            c.query(
                &format!("{SELECT} WHERE c.game = ?1 AND c.room = ?2 ORDER BY c.id DESC LIMIT ?3"),
                params![game, room.name(), limit],
            )
        })?;
        let mut lines: Vec<Line> = rows.iter().filter_map(|r| line_of(r).ok()).collect();
        lines.reverse();
        Ok(lines)
    }

    /// One line.
    ///
    /// # Errors
    /// The database's error.
    pub fn chat_line(&self, id: i64) -> DbResult<Option<Line>> {
        self.read(|c| {
            c.query_opt(&format!("{SELECT} WHERE c.id = ?1"), params![id])?
                .map(|r| line_of(&r))
                .transpose()
        })
    }

    /// The accounts `account` muted.
    ///
    /// # Errors
    /// The database's error.
    pub fn mutes(&self, account: i64) -> DbResult<Vec<(i64, String)>> {
        self.read(|c| {
            c.query(
                "SELECT m.muted, a.name FROM chat_mutes m JOIN accounts a ON a.id = m.muted WHERE m.account = ?1 ORDER BY a.name_key",
                params![account],
            )?
            .iter()
            .map(|r| Ok((r.int("muted")?, r.text("name")?)))
            .collect()
        })
    }

    /// The accounts `reader` muted, when remembered ([`super::mutes::MuteCache`]; never on
    /// a store other processes write).
    pub fn cached_mutes(&self, reader: i64) -> Option<Arc<HashSet<i64>>> {
        if self.shared() {
            return None;
        }
        self.mutes.get(reader)
    }

    /// Whether `account` muted `author`: from the accounts he muted, read once and then
    /// remembered on SQLite ([`Store::cached_mutes`]); one query on PostgreSQL.
    ///
    /// # Errors
    /// The database's error.
    pub fn has_muted(&self, account: i64, author: i64) -> DbResult<bool> {
        if !self.shared() {
            let generation = self.mutes.generation();
            let muted: Arc<HashSet<i64>> = Arc::new(self.read(|c| {
                c.query(
                    "SELECT muted FROM chat_mutes WHERE account = ?1",
                    params![account],
                )?
                .iter()
                .map(|r| r.int("muted"))
                .collect()
            })?);
            self.mutes.put(generation, account, Arc::clone(&muted));
            return Ok(muted.contains(&author));
        }
        self.read(|c| {
            Ok(c.query_opt(
                "SELECT 1 AS x FROM chat_mutes WHERE account = ?1 AND muted = ?2",
                params![account, author],
            )?
            .is_some())
        })
    }

    /// `account` mutes (`on`) or unmutes `muted`.
    ///
    /// # Errors
    /// The database's error.
    pub fn set_mute(&self, account: i64, muted: i64, on: bool) -> Result<(), StoreError> {
        self.write(|tx| {
            if on {
                tx.exec(
                    "INSERT INTO chat_mutes (account, muted) VALUES (?1, ?2) ON CONFLICT (account, muted) DO NOTHING",
                    params![account, muted],
                )?;
            } else {
                tx.exec(
                    "DELETE FROM chat_mutes WHERE account = ?1 AND muted = ?2",
                    params![account, muted],
                )?;
            }
            Ok(())
        })?;
        self.mutes.forget(account);
        Ok(())
    }

    /// `reporter` reports line `line` (once: a second report of the same line by the
    /// same account changes nothing). Whether this was a new report.
    ///
    /// # Errors
    /// The database's error.
    pub fn report_line(&self, line: i64, reporter: i64) -> Result<bool, StoreError> {
        self.write(|tx| {
            Ok(tx.exec(
                "INSERT INTO chat_reports (line, reporter, created) VALUES (?1, ?2, ?3) ON CONFLICT (line, reporter) DO NOTHING",
                params![line, reporter, crate::ids::now_rfc3339()],
            )? > 0)
        })
    }
}
