//! The saved games: one SQLite database (rusqlite, bundled SQLite), by default
//! `$XDG_DATA_HOME/bao/games.sqlite3` (`~/.local/share/bao/games.sqlite3`).
//!
//! Table `games`: one row per game with its record text ([`bao_rules::GameLine::record_text`])
//! and metadata (game, rules profile, level, players, seats, plies, result, created and
//! updated times). Every change is written in one transaction before the server answers
//! (WAL journal, `synchronous = FULL`), so a `kill -9` loses nothing a client was told.
//! The database is opened in exclusive locking mode: a second `bao serve` on the same
//! file gets a clear "in use" message at start instead of two servers overwriting each
//! other's games.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension};

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
    /// South's record name (`human`, `bao level 5`).
    pub south: String,
    /// North's record name.
    pub north: String,
    /// The creator's seat token.
    pub seat: String,
    /// South's and North's invited seat tokens.
    pub invites: [Option<String>; 2],
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

/// The database of saved games.
pub struct Store {
    conn: Mutex<Connection>,
    path: String,
}

/// The default database path: `$XDG_DATA_HOME/bao/games.sqlite3`, else
/// `~/.local/share/bao/games.sqlite3` (the platform's data directory elsewhere).
pub fn default_path() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("bao").join("games.sqlite3"))
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    level INTEGER NOT NULL,
    south TEXT NOT NULL,
    north TEXT NOT NULL,
    seat TEXT NOT NULL,
    invite_south TEXT,
    invite_north TEXT,
    record TEXT NOT NULL,
    plies INTEGER NOT NULL,
    result TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated DESC, id);";

/// Explains an SQLite failure at start in words, with what to do.
fn open_error(path: &str, e: &rusqlite::Error) -> anyhow::Error {
    use rusqlite::ErrorCode as C;
    let code = e.sqlite_error_code();
    let why = match code {
        Some(C::DatabaseBusy) | Some(C::DatabaseLocked) => {
            "it is locked by another program (another bao serve on the same database?)".to_string()
        }
        Some(C::ReadOnly) => "it is read-only".to_string(),
        Some(C::NotADatabase) | Some(C::DatabaseCorrupt) => {
            "it is not a bao games database or it is damaged".to_string()
        }
        Some(C::CannotOpen) | Some(C::PermissionDenied) => {
            "the file cannot be opened or created there".to_string()
        }
        _ => e.to_string(),
    };
    anyhow::anyhow!(
        "cannot use the game database {path}: {why} ({e}); choose another file with --db PATH"
    )
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
    })
}

const COLUMNS: &str = "id, game, rules, level, south, north, seat, invite_south, invite_north, record, plies, result, created, updated";

impl Store {
    /// Opens (creating it and its directory if needed) the database at `path`, and checks
    /// at once that it can be read and written.
    ///
    /// # Errors
    /// A sentence naming the path and the reason: locked by another program, read-only,
    /// not a database or damaged, cannot be created; never a panic.
    pub fn open(path: &Path) -> anyhow::Result<Store> {
        let shown = path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                anyhow::anyhow!(
                    "cannot use the game database {shown}: cannot create its directory {}: {e}; choose another file with --db PATH",
                    dir.display()
                )
            })?;
        }
        let conn = Connection::open(path).map_err(|e| open_error(&shown, &e))?;
        Self::prepare(conn, shown)
    }

    /// A database in memory (for tests): nothing survives the process.
    ///
    /// # Errors
    /// Only if SQLite cannot start.
    pub fn in_memory() -> anyhow::Result<Store> {
        let conn = Connection::open_in_memory()?;
        Self::prepare(conn, ":memory:".to_string())
    }

    fn prepare(conn: Connection, path: String) -> anyhow::Result<Store> {
        let setup = || -> rusqlite::Result<()> {
            conn.busy_timeout(Duration::from_millis(500))?;
            conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
            // WAL needs a writable database: the first statement that fails says why.
            let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.execute_batch(&format!("BEGIN IMMEDIATE; {SCHEMA} COMMIT;"))?;
            let _n: i64 = conn.query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
            Ok(())
        };
        setup().map_err(|e| open_error(&path, &e))?;
        Ok(Store {
            conn: Mutex::new(conn),
            path,
        })
    }

    /// The path shown at start (`:memory:` for [`Store::in_memory`]).
    pub fn path(&self) -> &str {
        &self.path
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes a game (new or changed) in one committed transaction.
    ///
    /// # Errors
    /// SQLite's error (disk full, database gone read-only, ...).
    pub fn save(&self, row: &GameRow) -> rusqlite::Result<()> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        tx.execute(
            &format!(
                "INSERT INTO games ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                 ON CONFLICT(id) DO UPDATE SET game = ?2, rules = ?3, level = ?4, south = ?5, north = ?6,
                 seat = ?7, invite_south = ?8, invite_north = ?9, record = ?10, plies = ?11, result = ?12,
                 created = ?13, updated = ?14"
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
                row.updated
            ],
        )?;
        tx.commit()
    }

    /// The game with this id, if stored.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn load(&self, id: &str) -> rusqlite::Result<Option<GameRow>> {
        self.lock()
            .query_row(
                &format!("SELECT {COLUMNS} FROM games WHERE id = ?1"),
                [id],
                row_of,
            )
            .optional()
    }

    /// Deletes a game; whether it was there.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn delete(&self, id: &str) -> rusqlite::Result<bool> {
        Ok(self
            .lock()
            .execute("DELETE FROM games WHERE id = ?1", [id])?
            > 0)
    }

    /// Saved games, most recently changed first, `limit` from `offset`.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn list(&self, limit: usize, offset: usize) -> rusqlite::Result<Vec<GameRow>> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games ORDER BY updated DESC, id LIMIT ?1 OFFSET ?2"
        ))?;
        // SQLite's integers are i64: a larger offset is past every row all the same.
        let big = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let rows = stmt.query_map(params![big(limit), big(offset)], row_of)?;
        rows.collect()
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
