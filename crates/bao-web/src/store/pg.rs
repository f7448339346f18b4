//! The PostgreSQL backend (`bao serve --db postgres://USER@HOST:PORT/DB`): a pool of
//! connections (r2d2, the sync `postgres` client), the same numbered migrations as
//! SQLite in PostgreSQL's types (`store/migrations/pg/`), applied at start under an
//! advisory lock so that instances starting together migrate once, and a listener
//! thread that hears what the other instances wrote (`LISTEN bao_games, bao_lobby, bao_notices, bao_presence, bao_spectators, bao_chat, bao_tournaments`,
//! [`Change`]).
//!
//! A write is acknowledged when its transaction has committed (PostgreSQL's default
//! `synchronous_commit = on`: on disk). Notifications sent in a transaction are
//! delivered once it commits, in commit order, to every listening instance.

use std::str::FromStr;
use std::time::Duration;

use r2d2_postgres::postgres::{Config, NoTls};
use r2d2_postgres::PostgresConnectionManager;

use super::sql::{DbError, DbResult, Exec};
use super::{Change, StoreError, Tx, MIGRATIONS};

/// The most connections one instance opens.
pub const POOL_SIZE: u32 = 16;

/// How long a request waits for a free connection.
pub const POOL_WAIT: Duration = Duration::from_secs(10);

/// How long one connection attempt may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A connection failure in words: the server's own message (a role or a database that does
/// not exist, a wrong password), or the cause under the client's (connection refused).
fn connect_error(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return format!("the server says: {}", db.message());
    }
    match std::error::Error::source(e) {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

/// The advisory lock key under which migrations run ("bao" in ASCII).
const MIGRATION_LOCK: i64 = 0x62_61_6f;

/// An open PostgreSQL database.
pub(super) struct Pg {
    /// Always `Some` until dropped.
    pool: Option<r2d2::Pool<PostgresConnectionManager<NoTls>>>,
    config: Config,
}

impl Drop for Pg {
    /// Closes the connections on a thread of its own: the sync client's connections
    /// close through a runtime of their own, which cannot run on a tokio worker (the
    /// server's shutdown drops the store there).
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            let _ = std::thread::spawn(move || drop(pool)).join();
        }
    }
}

/// The URL as shown (the password, if any, left out).
pub(super) fn shown(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let user = &url[s + 3..at];
            let user = user.split(':').next().unwrap_or("");
            format!("{}{user}@{}", &url[..s + 3], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

/// Runs blocking database work from wherever it is called: on a multi-threaded tokio
/// runtime's worker it first tells the runtime (the sync client runs its own small
/// runtime inside).
fn in_place<T>(f: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current() {
        Ok(h) if h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(f)
        }
        _ => f(),
    }
}

impl Pg {
    /// Connects to `url`, brings the schema up to date, and checks that it can write.
    pub(super) fn connect(url: &str) -> anyhow::Result<Pg> {
        let who = shown(url);
        let mut config = Config::from_str(url).map_err(|e| {
            anyhow::anyhow!(
                "cannot use the database {who}: the URL does not read ({e}); give --db postgres://USER@HOST:PORT/DATABASE"
            )
        })?;
        // As libpq: a password not in the URL (which `ps` shows) may come from PGPASSWORD.
        if config.get_password().is_none() {
            if let Ok(p) = std::env::var("PGPASSWORD") {
                config.password(p);
            }
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        // One connection first, to say at once why it fails (the pool would retry for
        // its whole wait and then say only that it timed out); it is closed (dropped)
        // inside `in_place` too, as closing blocks on the client's own runtime.
        in_place(|| config.connect(NoTls).map(drop)).map_err(|e| {
            anyhow::anyhow!(
                "cannot use the database {who}: {}; is PostgreSQL running there, and may this user connect to that database?",
                connect_error(&e)
            )
        })?;
        let manager = PostgresConnectionManager::new(config.clone(), NoTls);
        let pool = in_place(|| {
            r2d2::Pool::builder()
                .max_size(POOL_SIZE)
                .min_idle(Some(1))
                .connection_timeout(POOL_WAIT)
                .error_handler(Box::new(r2d2::NopErrorHandler))
                .build(manager)
        })
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot use the database {who}: cannot connect ({e}); is PostgreSQL running there, and may this user connect to that database?"
            )
        })?;
        let db = Pg {
            pool: Some(pool),
            config,
        };
        in_place(|| db.migrate()).map_err(|e| {
            anyhow::anyhow!(
                "cannot use the database {who}: bringing its schema up to date failed: {e}"
            )
        })?;
        Ok(db)
    }

    fn pool(&self) -> &r2d2::Pool<PostgresConnectionManager<NoTls>> {
        self.pool
            .as_ref()
            .expect("the pool lives until the store is dropped")
    }

    fn migrate(&self) -> DbResult<()> {
        let mut c = self.pool().get()?;
        let mut tx = c.transaction()?;
        tx.exec(
            "SELECT pg_advisory_xact_lock(?1)",
            crate::params![MIGRATION_LOCK],
        )?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_version (
                version BIGINT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                applied TEXT NOT NULL
            );",
        )?;
        let have = Exec::query_one(
            &mut tx,
            "SELECT coalesce(max(version), 0) AS version FROM schema_version",
            &[],
        )?
        .int("version")?;
        for m in MIGRATIONS.iter().filter(|m| i64::from(m.number) > have) {
            tx.batch_execute(m.postgres)?;
            tx.exec(
                "INSERT INTO schema_version (version, name, applied) VALUES (?1, ?2, ?3)",
                crate::params![m.number, m.name, crate::ids::now_rfc3339()],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Runs `f` on a pooled connection (reads).
    pub(super) fn read<T>(&self, f: impl FnOnce(&mut dyn Exec) -> DbResult<T>) -> DbResult<T> {
        in_place(|| {
            let mut c = self.pool().get()?;
            f(&mut *c)
        })
    }

    /// Runs `f` in one transaction and commits it.
    pub(super) fn write<T>(
        &self,
        f: impl FnOnce(&mut Tx<'_>) -> DbResult<T>,
    ) -> Result<T, StoreError> {
        in_place(|| {
            let mut c = self.pool().get().map_err(DbError::from)?;
            let mut tx = c.transaction().map_err(DbError::from)?;
            let out = f(&mut Tx::new(&mut tx, true))?;
            tx.commit().map_err(DbError::from)?;
            Ok(out)
        })
    }

    /// Starts the thread that hears the other instances' changes and hands each to
    /// `on_change`; after a lost connection it reconnects (every second until it can)
    /// and hands [`Change::Resync`], since what was sent meanwhile was not heard.
    pub(super) fn listen(&self, on_change: Box<dyn Fn(Change) + Send>) {
        let config = self.config.clone();
        std::thread::Builder::new()
            .name("bao-pg-listen".into())
            .spawn(move || listen_loop(&config, &*on_change))
            .expect("a thread for the listener");
    }
}

fn listen_loop(config: &Config, on_change: &dyn Fn(Change)) {
    let mut first = true;
    loop {
        let client = config.connect(NoTls).and_then(|mut c| {
            c.batch_execute(
                "LISTEN bao_games; LISTEN bao_lobby; LISTEN bao_notices; LISTEN bao_presence; LISTEN bao_spectators; LISTEN bao_chat; LISTEN bao_tournaments;",
            )?;
            Ok(c)
        });
        let mut client = match client {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!("cannot listen to PostgreSQL: {e}; retrying");
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
        };
        if !first {
            on_change(Change::Resync);
        }
        first = false;
        loop {
            let next = {
                let mut n = client.notifications();
                let mut it = n.timeout_iter(Duration::from_secs(5));
                fallible_next(&mut it)
            };
            match next {
                Ok(Some(n)) => on_change(Change::parse(n.channel(), n.payload())),
                Ok(None) => {
                    if client.is_closed() || client.simple_query("SELECT 1").is_err() {
                        break;
                    }
                }
                Err(e) => {
                    tracing::warn!("lost PostgreSQL's notifications: {e}; reconnecting");
                    break;
                }
            }
        }
    }
}

fn fallible_next<I>(it: &mut I) -> Result<Option<I::Item>, I::Error>
where
    I: postgres::fallible_iterator::FallibleIterator,
{
    it.next()
}

/// Creates a new, empty database `bao_test_<random>` on the server of `url` (whose user
/// may create databases) and returns its URL: for tests and load runs, each on a
/// database of its own. Drop it with [`drop_database`].
///
/// # Errors
/// When the server cannot be reached or refuses.
pub fn create_database(url: &str) -> anyhow::Result<String> {
    let name = format!("bao_test_{}", crate::ids::token().to_ascii_lowercase());
    let name: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    in_place(|| -> anyhow::Result<()> {
        let mut c = Config::from_str(url)?.connect(NoTls)?;
        c.batch_execute(&format!("CREATE DATABASE {name}"))?;
        Ok(())
    })?;
    let (main, query) = url.split_once('?').unwrap_or((url, ""));
    let host = main.find("://").map_or(0, |i| i + 3);
    let base = match main[host..].find('/') {
        Some(i) => &main[..host + i],
        None => main,
    };
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    Ok(format!("{base}/{name}{query}"))
}

/// Drops a database made by [`create_database`] (its connections are ended first).
///
/// # Errors
/// When the server cannot be reached or refuses.
pub fn drop_database(url: &str) -> anyhow::Result<()> {
    let config = Config::from_str(url)?;
    let name = config
        .get_dbname()
        .ok_or_else(|| anyhow::anyhow!("no database in {}", shown(url)))?
        .to_string();
    anyhow::ensure!(name.starts_with("bao_test_"), "not a test database: {name}");
    let mut admin = config.clone();
    admin.dbname("postgres");
    in_place(|| -> anyhow::Result<()> {
        let mut c = admin.connect(NoTls)?;
        c.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_not_shown() {
        assert_eq!(
            shown("postgres://bao:secret@db.example:5432/bao"),
            "postgres://bao@db.example:5432/bao"
        );
        assert_eq!(
            shown("postgres://bao@127.0.0.1/bao"),
            "postgres://bao@127.0.0.1/bao"
        );
    }
}
