//! The SQLite backend: one file (rusqlite, bundled SQLite), WAL journal,
//! `synchronous = FULL`, opened in exclusive locking mode (a second `bao serve` on the
//! same file gets a clear "in use" message at start). A write is acknowledged only when
//! the file is still the one opened at start: a database deleted under the running
//! server is noticed.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::Connection;

use super::sql::{DbResult, Exec, SqliteTx};
use super::{StoreError, Tx, MIGRATIONS};

/// An open SQLite database.
pub(super) struct Sqlite {
    conn: Mutex<Connection>,
    /// The file and its identity (device, inode) at open; `None` in memory.
    file: Option<(PathBuf, FileId)>,
}

/// A file's identity: (device, inode) on Unix, its length-free existence elsewhere.
type FileId = (u64, u64);

fn file_id(path: &Path) -> Option<FileId> {
    let m = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        Some((0, 0))
    }
}

/// Explains an SQLite failure at start in words, with what to do.
fn open_error(path: &str, e: &rusqlite::Error) -> anyhow::Error {
    use rusqlite::ErrorCode as C;
    let code = e.sqlite_error_code();
    // A journal file this user cannot write makes SQLite say only "disk I/O error",
    // "unable to open" or "read-only": name the file.
    if matches!(
        code,
        Some(C::SystemIoFailure | C::CannotOpen | C::PermissionDenied | C::ReadOnly)
    ) {
        if let Some(problem) = sidecar_problem(path) {
            return anyhow::anyhow!(
                "cannot use the game database {path}: {problem} ({e}); choose another file with --db PATH"
            );
        }
    }
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
        Some(C::SystemIoFailure) => "the disk failed reading or writing it".to_string(),
        _ => {
            // SQLite's own words, once.
            return anyhow::anyhow!(
                "cannot use the game database {path}: {e}; choose another file with --db PATH"
            );
        }
    };
    anyhow::anyhow!(
        "cannot use the game database {path}: {why} ({e}); choose another file with --db PATH"
    )
}

/// A journal file beside the database (`-wal`, `-shm`) that this process cannot write
/// (another user's, e.g. root's, or not a file), in words.
fn sidecar_problem(path: &str) -> Option<String> {
    for suffix in ["-wal", "-shm"] {
        let side = format!("{path}{suffix}");
        let Ok(meta) = std::fs::symlink_metadata(&side) else {
            continue;
        };
        let writable =
            meta.is_file() && std::fs::OpenOptions::new().append(true).open(&side).is_ok();
        if !writable {
            return Some(format!(
                "its journal file {side} cannot be written by this user (it belongs to another user, e.g. root, or is not a file): fix its owner or remove it while no server runs"
            ));
        }
    }
    None
}

/// The columns bao's `games` table has after migration 1.
const GAME_COLUMNS: [&str; 14] = [
    "id",
    "game",
    "rules",
    "level",
    "south",
    "north",
    "seat",
    "invite_south",
    "invite_north",
    "record",
    "plies",
    "result",
    "created",
    "updated",
];

/// Checks that a database's `games` table is bao's; else a sentence naming what it has.
fn check_games_table(conn: &Connection, path: &str) -> anyhow::Result<()> {
    let mut stmt = conn.prepare("SELECT name FROM pragma_table_info('games')")?;
    let have: Vec<String> = stmt
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let missing: Vec<&str> = GAME_COLUMNS
        .iter()
        .copied()
        .filter(|c| !have.iter().any(|h| h == c))
        .collect();
    if !missing.is_empty() {
        anyhow::bail!(
            "cannot use the game database {path}: it has a table \"games\" that is not bao's (its columns: {}; missing: {}); choose another file with --db PATH",
            have.join(", "),
            missing.join(", ")
        );
    }
    Ok(())
}

/// `PRAGMA quick_check`: a damaged page is found at start, not at the first write.
fn quick_check(conn: &Connection, path: &str) -> anyhow::Result<()> {
    let mut stmt = conn.prepare("PRAGMA quick_check(5)")?;
    let found: Vec<String> = stmt
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()
        .map_err(|e| open_error(path, &e))?;
    if found.len() == 1 && found[0] == "ok" {
        return Ok(());
    }
    anyhow::bail!(
        "cannot use the game database {path}: it is damaged (SQLite's check found: {}); restore a backup or choose another file with --db PATH",
        found.join("; ")
    )
}

impl Sqlite {
    /// Opens (creating it and its directory if needed) the database at `path`, brings
    /// its schema up to date, and checks at once that it can be read and written.
    pub(super) fn open(path: &Path) -> anyhow::Result<Sqlite> {
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
        let mut db = Self::prepare(conn, &shown)?;
        db.file = file_id(path).map(|id| (path.to_path_buf(), id));
        Ok(db)
    }

    /// A database in memory.
    pub(super) fn in_memory() -> anyhow::Result<Sqlite> {
        let conn = Connection::open_in_memory()?;
        Self::prepare(conn, ":memory:")
    }

    fn prepare(mut conn: Connection, path: &str) -> anyhow::Result<Sqlite> {
        let setup = |conn: &mut Connection| -> rusqlite::Result<()> {
            conn.busy_timeout(Duration::from_millis(500))?;
            conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
            // WAL needs a writable database: the first statement that fails says why.
            let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.pragma_update(None, "foreign_keys", "ON")?;
            Ok(())
        };
        setup(&mut conn).map_err(|e| open_error(path, &e))?;
        quick_check(&conn, path)?;
        // A foreign `games` table: said plainly before any migration touches it.
        let has_games: bool = conn
            .query_row(
                "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'games'",
                [],
                |r| r.get(0),
            )
            .map_err(|e| open_error(path, &e))?;
        if has_games {
            check_games_table(&conn, path)?;
        }
        migrate(&mut conn).map_err(|e| open_error(path, &e))?;
        let _n: i64 = conn
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
            .map_err(|e| open_error(path, &e))?;
        Ok(Sqlite {
            conn: Mutex::new(conn),
            file: None,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on the connection (reads).
    pub(super) fn read<T>(&self, f: impl FnOnce(&mut dyn Exec) -> DbResult<T>) -> DbResult<T> {
        f(&mut *self.lock())
    }

    /// Runs `f` in one transaction and commits it; succeeds only when the commit is
    /// durable in the file the server opened (it is still at its path).
    pub(super) fn write<T>(
        &self,
        f: impl FnOnce(&mut Tx<'_>) -> DbResult<T>,
    ) -> Result<T, StoreError> {
        let mut conn = self.lock();
        self.check_file()?;
        let mut tx = SqliteTx(conn.transaction().map_err(super::sql::DbError::from)?);
        let out = f(&mut Tx::new(&mut tx, false))?;
        tx.0.commit().map_err(super::sql::DbError::from)?;
        self.check_file()?;
        Ok(out)
    }

    /// [`StoreError::Vanished`] when the database file is not the one opened at start.
    fn check_file(&self) -> Result<(), StoreError> {
        match &self.file {
            Some((path, id)) if file_id(path) != Some(*id) => {
                Err(StoreError::Vanished(path.display().to_string()))
            }
            _ => Ok(()),
        }
    }
}

fn version(conn: &Connection) -> rusqlite::Result<u32> {
    conn.query_row(
        "SELECT coalesce(max(version), 0) FROM schema_version",
        [],
        |r| r.get(0),
    )
}

/// Applies every migration above the database's version, each in its own transaction.
fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_version (
            version INTEGER PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            applied TEXT NOT NULL
        );",
    )?;
    let have = version(conn)?;
    for m in MIGRATIONS.iter().filter(|m| m.number > have) {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute_batch(m.sqlite)?;
        tx.execute(
            "INSERT INTO schema_version (version, name, applied) VALUES (?1, ?2, ?3)",
            rusqlite::params![m.number, m.name, crate::ids::now_rfc3339()],
        )?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_of_before_the_migrations_is_upgraded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite3");
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch(include_str!("migrations/0001_games.sql"))
                .unwrap();
            c.execute(
                "INSERT INTO games VALUES ('g', 'kingulu', 'default', 5, 'human', 'human', 's', NULL, NULL, '', 0, NULL, 'c', 'u')",
                [],
            )
            .unwrap();
        }
        let db = Sqlite::open(&path).unwrap();
        assert_eq!(version(&db.lock()).unwrap() as usize, MIGRATIONS.len());
        let n: i64 = db
            .lock()
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1);
    }
}
