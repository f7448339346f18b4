//! The games' storage: table `games` (migration 0001, and the columns later migrations
//! add), one row per game with its record text ([`bao_rules::GameLine::record_text`]) and
//! metadata (game, rules profile, level, players, seats, plies, result, dates).

use rusqlite::{params, OptionalExtension, Transaction};

use crate::store::{Store, StoreError};

/// One stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game id.
    pub id: String,
    /// `kiswahili` or `kingulu`.
    pub game: String,
    /// The rules profile name (the record has every option).
    pub rules: String,
    /// The computer's level 1..=10.
    pub level: u8,
    /// South's record name (`human`, `bao level 5`, an account's name).
    pub south: String,
    /// North's record name.
    pub north: String,
    /// The creator's seat token.
    pub seat: String,
    /// South's and North's invited seat tokens.
    pub invites: [Option<String>; 2],
    /// South's and North's accounts (lobby games).
    pub accounts: [Option<i64>; 2],
    /// South's and North's account names (lobby games; not stored: read with the
    /// accounts).
    pub names: [Option<String>; 2],
    /// Whether the result is rated.
    pub rated: bool,
    /// The clock as JSON ([`crate::clock::model::Clock`]).
    pub clock: Option<String>,
    /// Aborted before both sides moved.
    pub aborted: bool,
    /// The record text.
    pub record: String,
    /// Moves played.
    pub plies: usize,
    /// `1-0`, `0-1`, `1/2-1/2`, or `None` while the game goes on.
    pub result: Option<String>,
    /// RFC 3339 time the game was started.
    pub created: String,
    /// RFC 3339 time of the last change.
    pub updated: String,
}

fn row_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        game: r.get(1)?,
        rules: r.get(2)?,
        level: r.get(3)?,
        south: r.get(4)?,
        north: r.get(5)?,
        seat: r.get(6)?,
        invites: [r.get(7)?, r.get(8)?],
        record: r.get(9)?,
        plies: r.get::<_, i64>(10)?.max(0) as usize,
        result: r.get(11)?,
        created: r.get(12)?,
        updated: r.get(13)?,
        accounts: [r.get(14)?, r.get(15)?],
        rated: r.get::<_, i64>(16)? != 0,
        clock: r.get(17)?,
        aborted: r.get::<_, i64>(18)? != 0,
        names: [r.get(19)?, r.get(20)?],
    })
}

const COLUMNS: &str = "id, game, rules, level, south, north, seat, invite_south, invite_north, record, plies, result, created, updated, south_account, north_account, rated, clock, aborted";

/// The columns read, with the accounts' names.
const SELECT: &str = "SELECT g.id, g.game, g.rules, g.level, g.south, g.north, g.seat, g.invite_south, g.invite_north, g.record, g.plies, g.result, g.created, g.updated, g.south_account, g.north_account, g.rated, g.clock, g.aborted, sa.name, na.name
    FROM games g LEFT JOIN accounts sa ON sa.id = g.south_account LEFT JOIN accounts na ON na.id = g.north_account";

/// Writes a game row (new or changed) inside a transaction.
///
/// # Errors
/// SQLite's error.
pub fn save_in(tx: &Transaction<'_>, row: &GameRow) -> rusqlite::Result<()> {
    tx.execute(
        &format!(
            "INSERT INTO games ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)
             ON CONFLICT(id) DO UPDATE SET game = ?2, rules = ?3, level = ?4, south = ?5, north = ?6,
             seat = ?7, invite_south = ?8, invite_north = ?9, record = ?10, plies = ?11, result = ?12,
             created = ?13, updated = ?14, south_account = ?15, north_account = ?16, rated = ?17,
             clock = ?18, aborted = ?19"
        ),
        params![
            row.id,
            row.game,
            row.rules,
            row.level,
            row.south,
            row.north,
            row.seat,
            row.invites[0],
            row.invites[1],
            row.record,
            row.plies as i64,
            row.result,
            row.created,
            row.updated,
            row.accounts[0],
            row.accounts[1],
            row.rated as i64,
            row.clock,
            row.aborted as i64
        ],
    )?;
    // A rated result changes the ratings once, in this same transaction.
    if row.rated && row.result.is_some() && !row.aborted {
        crate::rating::repo::apply_in(tx, row)?;
    }
    Ok(())
}

impl Store {
    /// Writes a game (new or changed) in one committed transaction.
    ///
    /// # Errors
    /// SQLite's error (disk full, database gone read-only, ...), or a vanished file.
    pub fn save(&self, row: &GameRow) -> Result<(), StoreError> {
        self.write(|tx| save_in(tx, row))
    }

    /// The game with this id, if stored.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn load(&self, id: &str) -> rusqlite::Result<Option<GameRow>> {
        self.lock()
            .query_row(&format!("{SELECT} WHERE g.id = ?1"), [id], row_of)
            .optional()
    }

    /// Deletes a game; whether it was there.
    ///
    /// # Errors
    /// SQLite's error, or a vanished file.
    pub fn delete(&self, id: &str) -> Result<bool, StoreError> {
        self.write(|tx| Ok(tx.execute("DELETE FROM games WHERE id = ?1", [id])? > 0))
    }

    /// Saved games (guest games: a lobby game belongs to its accounts, see
    /// [`Store::games_of`]), most recently changed first, `limit` from `offset`. A row that
    /// cannot be read (a damaged value) is left out of the list, not the list's end.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn list(&self, limit: usize, offset: usize) -> rusqlite::Result<Vec<GameRow>> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{SELECT} WHERE g.south_account IS NULL AND g.north_account IS NULL
             ORDER BY g.updated DESC, g.id LIMIT ?1 OFFSET ?2"
        ))?;
        // SQLite's integers are i64: a larger offset is past every row all the same.
        let big = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let rows = stmt.query_map(params![big(limit), big(offset)], row_of)?;
        let mut out = Vec::new();
        for row in rows {
            match row {
                Ok(r) => out.push(r),
                // A value of the wrong type or out of range: that row alone is skipped.
                Err(
                    e @ (rusqlite::Error::FromSqlConversionFailure(..)
                    | rusqlite::Error::InvalidColumnType(..)
                    | rusqlite::Error::IntegralValueOutOfRange(..)),
                ) => eprintln!("bao: skipping a damaged row of the games table: {e}"),
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// How many games are stored.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn count(&self) -> rusqlite::Result<usize> {
        let n: i64 = self
            .lock()
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
        Ok(n.max(0) as usize)
    }
}

impl Store {
    /// The games of an account, most recently changed first (at most `limit`).
    ///
    /// # Errors
    /// SQLite's error.
    pub fn games_of(&self, account: i64, limit: usize) -> rusqlite::Result<Vec<GameRow>> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{SELECT} WHERE g.south_account = ?1 OR g.north_account = ?1 ORDER BY g.updated DESC, g.id LIMIT ?2"
        ))?;
        let rows = stmt.query_map(params![account, limit as i64], row_of)?;
        Ok(rows.filter_map(Result::ok).collect())
    }

    /// The ids of the games whose clock may still fall (not over, with a clock).
    ///
    /// # Errors
    /// SQLite's error.
    pub fn clocked_games(&self) -> rusqlite::Result<Vec<String>> {
        let conn = self.lock();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE clock IS NOT NULL AND result IS NULL AND aborted = 0",
        )?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        rows.collect()
    }
}
