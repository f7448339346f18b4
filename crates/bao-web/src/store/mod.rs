//! The server's database: one SQLite file (rusqlite, bundled SQLite; [`sqlite`]), by
//! default `$XDG_DATA_HOME/bao/games.sqlite3` (`~/.local/share/bao/games.sqlite3`), or a
//! PostgreSQL database that several `bao serve` instances share (`--db postgres://...`;
//! [`pg`], docs/deploy.md).
//!
//! The schema is a list of numbered migrations ([`MIGRATIONS`], the files
//! `store/migrations/NNNN_name.sql` and, in PostgreSQL's types, `migrations/pg/`),
//! applied in order at start, each with its number recorded in the table
//! `schema_version`. A SQLite database made before the migrations existed (one `games`
//! table, no `schema_version`) opens as version 0 and is upgraded in place: migration 1
//! is exactly its schema.
//!
//! Every change is written in one transaction before the server answers, so a `kill -9`
//! loses nothing a client was told. This module owns the connection, the schema and
//! [`Store`]'s generic methods ([`Store::read`], [`Store::write`], [`Store::listen`]);
//! each resource keeps its own queries as `impl Store` methods in its `repo.rs`, written
//! once for both databases ([`sql`]):
//!
//! * `games/repo.rs`: the `games` table (save, load, list, delete, due games);
//! * `accounts/repo.rs`: `accounts` and `sessions` (logins); `accounts/limit.rs`: the
//!   sign-in attempts;
//! * `lobby/repo.rs`: `challenges`;
//! * `rating/repo.rs`: `ratings` and their history;
//! * `clock/repo.rs`: `server_alive` (the heartbeat);
//! * `rematch/repo.rs`: `rematches`; `chat/repo.rs`: `chat`, `chat_mutes`,
//!   `chat_reports`; `moderation/repo.rs`: the accounts' role, mute and closing;
//!   `mail/repo.rs`: addresses, `mail_tokens`, `turn_mails`;
//! * `tournaments/repo.rs`: `tournaments`, their players, pairings and games.

pub mod pg;
pub mod sql;
pub mod sqlite;

use std::path::{Path, PathBuf};

use sql::{DbError, DbResult, Exec, Row, Val};

/// One migration: its number, its name, and its SQL for each database.
#[derive(Clone, Copy, Debug)]
pub struct Migration {
    /// 1, 2, 3, ...
    pub number: u32,
    /// What it adds.
    pub name: &'static str,
    /// Its SQL for SQLite.
    pub sqlite: &'static str,
    /// Its SQL for PostgreSQL.
    pub postgres: &'static str,
}

/// The schema, in order. Never edit a migration that has shipped; add the next number.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        number: 1,
        name: "games",
        sqlite: include_str!("migrations/0001_games.sql"),
        postgres: include_str!("migrations/pg/0001_games.sql"),
    },
    Migration {
        number: 2,
        name: "accounts",
        sqlite: include_str!("migrations/0002_accounts.sql"),
        postgres: include_str!("migrations/pg/0002_accounts.sql"),
    },
    Migration {
        number: 3,
        name: "game players, lobby, clocks, ratings",
        sqlite: include_str!("migrations/0003_game_players.sql"),
        postgres: include_str!("migrations/pg/0003_game_players.sql"),
    },
    Migration {
        number: 4,
        name: "several instances: game versions, due times, sign-in attempts",
        sqlite: include_str!("migrations/0004_instances.sql"),
        postgres: include_str!("migrations/pg/0004_instances.sql"),
    },
    Migration {
        number: 5,
        name: "draw offers, rating changes of a game, named challenges",
        sqlite: include_str!("migrations/0005_social.sql"),
        postgres: include_str!("migrations/pg/0005_social.sql"),
    },
    Migration {
        number: 6,
        name: "games owned by an account, spectators over all instances",
        sqlite: include_str!("migrations/0006_owners_viewers.sql"),
        postgres: include_str!("migrations/pg/0006_owners_viewers.sql"),
    },
    Migration {
        number: 7,
        name: "game history, rematches, chat and moderation, e-mail",
        sqlite: include_str!("migrations/0007_community.sql"),
        postgres: include_str!("migrations/pg/0007_community.sql"),
    },
    Migration {
        number: 8,
        name: "tournaments",
        sqlite: include_str!("migrations/0008_tournaments.sql"),
        postgres: include_str!("migrations/pg/0008_tournaments.sql"),
    },
    Migration {
        number: 9,
        name: "account_lang",
        sqlite: include_str!("migrations/0009_account_lang.sql"),
        postgres: include_str!("migrations/pg/0009_account_lang.sql"),
    },
];

/// Why a write was not made durable.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed (disk full, read-only, damaged, constraint,
    /// unreachable).
    #[error("{0}")]
    Db(#[from] DbError),
    /// The database file is no longer at its path (deleted or replaced while the server
    /// runs): what was written went to a file no one will open again.
    #[error("the database file {0} is gone (deleted or replaced while the server runs)")]
    Vanished(String),
    /// The game was changed meanwhile by another request or another instance (its
    /// version moved on): nothing was written.
    #[error("game {0} was changed meanwhile")]
    Stale(String),
}

/// What another instance wrote, heard through PostgreSQL's notifications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A game reached this version (or was deleted: version 0).
    Game {
        /// The game.
        id: String,
        /// Its version now.
        version: i64,
    },
    /// The lobby's challenges changed.
    Lobby,
    /// A notice to a player ([`crate::notices::Notice`]; channel `bao_notices`,
    /// payload `ACCOUNT JSON`).
    Notice(crate::notices::Notice),
    /// An instance is about to withdraw the real-time challenges of this account (its
    /// last page there closed): an instance where he has a page open marks them seen
    /// ([`Store::mark_challenges_seen`]), which keeps them (channel `bao_presence`).
    Presence(i64),
    /// The spectators of a game changed on some instance: each instance that holds it
    /// counts them again (channel `bao_spectators`, payload the game's id;
    /// [`crate::spectators`]).
    Spectators(String),
    /// A chat line of a game was posted on some instance (channel `bao_chat`, payload
    /// the line's JSON, [`crate::chat::Line`]): each instance tells its streams of the
    /// game.
    Chat(crate::chat::Line),
    /// A tournament changed (players, a round paired, a game of it ended): each
    /// instance sends it again to its watchers (channel `bao_tournaments`, payload the
    /// tournament's id; [`crate::tournaments`]).
    Tournament(String),
    /// Notifications may have been missed (the listener reconnected): refresh all.
    Resync,
}

impl Change {
    /// A notification on `channel` with `payload` (`bao_games`: `ID VERSION`).
    pub fn parse(channel: &str, payload: &str) -> Change {
        match channel {
            "bao_games" => {
                let mut it = payload.split(' ');
                match (it.next(), it.next().and_then(|v| v.parse().ok())) {
                    (Some(id), Some(version)) => Change::Game {
                        id: id.to_string(),
                        version,
                    },
                    _ => Change::Resync,
                }
            }
            "bao_lobby" => Change::Lobby,
            "bao_notices" => {
                crate::notices::Notice::from_payload(payload).map_or(Change::Resync, Change::Notice)
            }
            "bao_presence" => payload.parse().map_or(Change::Resync, Change::Presence),
            "bao_spectators" if crate::ids::is_id(payload) => {
                Change::Spectators(payload.to_string())
            }
            "bao_chat" => serde_json::from_str(payload).map_or(Change::Resync, Change::Chat),
            "bao_tournaments" if crate::ids::is_id(payload) => {
                Change::Tournament(payload.to_string())
            }
            _ => Change::Resync,
        }
    }
}

/// A transaction of either database, with the notifications it sends on commit.
pub struct Tx<'a> {
    exec: &'a mut dyn Exec,
    pg: bool,
}

impl<'a> Tx<'a> {
    fn new(exec: &'a mut dyn Exec, pg: bool) -> Tx<'a> {
        Tx { exec, pg }
    }

    /// Tells every instance, once this transaction commits, that `change` happened
    /// (PostgreSQL `pg_notify`; nothing on SQLite, where one instance holds the file).
    ///
    /// # Errors
    /// The database's error.
    pub fn notify(&mut self, change: &Change) -> DbResult<()> {
        if !self.pg {
            return Ok(());
        }
        let (channel, payload) = match change {
            Change::Game { id, version } => ("bao_games", format!("{id} {version}")),
            Change::Lobby => ("bao_lobby", String::new()),
            Change::Notice(n) => ("bao_notices", n.to_payload()),
            Change::Presence(account) => ("bao_presence", account.to_string()),
            Change::Spectators(id) => ("bao_spectators", id.clone()),
            Change::Chat(line) => (
                "bao_chat",
                serde_json::to_string(line).expect("a chat line is JSON"),
            ),
            Change::Tournament(id) => ("bao_tournaments", id.clone()),
            Change::Resync => return Ok(()),
        };
        self.exec
            .exec("SELECT pg_notify(?1, ?2)", crate::params![channel, payload])
            .map(|_| ())
    }
}

impl Exec for Tx<'_> {
    fn exec(&mut self, sql: &str, params: &[Val]) -> DbResult<u64> {
        self.exec.exec(sql, params)
    }

    fn query(&mut self, sql: &str, params: &[Val]) -> DbResult<Vec<Row>> {
        self.exec.query(sql, params)
    }
}

enum Backend {
    Sqlite(sqlite::Sqlite),
    Postgres(pg::Pg),
}

/// The database.
pub struct Store {
    backend: Backend,
    path: String,
    /// The sessions looked up, when no other process writes the database (SQLite):
    /// [`Store::cached_session`].
    pub(crate) sessions: crate::accounts::cache::SessionCache,
    /// The accounts each reader muted, likewise: [`Store::cached_mutes`].
    pub(crate) mutes: crate::chat::mutes::MuteCache,
}

/// The default database path: `$XDG_DATA_HOME/bao/games.sqlite3`, else
/// `~/.local/share/bao/games.sqlite3` (the platform's data directory elsewhere).
pub fn default_path() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("bao").join("games.sqlite3"))
}

/// Whether `--db` names a PostgreSQL database (`postgres://` or `postgresql://`).
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

impl Store {
    /// Opens (creating it and its directory if needed) the SQLite database at `path`,
    /// brings its schema up to date ([`MIGRATIONS`]), and checks at once that it can be
    /// read and written.
    ///
    /// # Errors
    /// A sentence naming the path and the reason: locked by another program, read-only,
    /// not a database or damaged, cannot be created; never a panic.
    pub fn open(path: &Path) -> anyhow::Result<Store> {
        Ok(Store {
            backend: Backend::Sqlite(sqlite::Sqlite::open(path)?),
            path: path.display().to_string(),
            sessions: Default::default(),
            mutes: Default::default(),
        })
    }

    /// Connects to the PostgreSQL database at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DB`)
    /// and brings its schema up to date; other instances may share it.
    ///
    /// # Errors
    /// A sentence naming the URL (without its password) and the reason.
    pub fn connect(url: &str) -> anyhow::Result<Store> {
        Ok(Store {
            backend: Backend::Postgres(pg::Pg::connect(url)?),
            path: pg::shown(url),
            sessions: Default::default(),
            mutes: Default::default(),
        })
    }

    /// [`Store::connect`] for a PostgreSQL URL, else [`Store::open`] of the file `db`.
    ///
    /// # Errors
    /// As theirs.
    pub fn open_db(db: &str) -> anyhow::Result<Store> {
        if is_postgres_url(db) {
            Self::connect(db)
        } else {
            Self::open(Path::new(db))
        }
    }

    /// A SQLite database in memory (for tests): nothing survives the process.
    ///
    /// # Errors
    /// Only if SQLite cannot start.
    pub fn in_memory() -> anyhow::Result<Store> {
        Ok(Store {
            backend: Backend::Sqlite(sqlite::Sqlite::in_memory()?),
            path: ":memory:".to_string(),
            sessions: Default::default(),
            mutes: Default::default(),
        })
    }

    /// The path (or the URL without its password) shown at start.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Whether other instances may share this database (PostgreSQL): games are then
    /// checked against the database before each change, and changes are announced.
    pub fn shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// The highest migration applied.
    ///
    /// # Errors
    /// The database's error.
    pub fn schema_version(&self) -> DbResult<u32> {
        self.read(|c| {
            let v = c
                .query_one(
                    "SELECT coalesce(max(version), 0) AS version FROM schema_version",
                    &[],
                )?
                .int("version")?;
            Ok(u32::try_from(v).unwrap_or(0))
        })
    }

    /// Runs `f` on a connection (reads).
    ///
    /// # Errors
    /// The database's error.
    pub fn read<T>(&self, f: impl FnOnce(&mut dyn Exec) -> DbResult<T>) -> DbResult<T> {
        match &self.backend {
            Backend::Sqlite(db) => db.read(f),
            Backend::Postgres(db) => db.read(f),
        }
    }

    /// Runs `f` in one transaction and commits it; succeeds only when the commit is
    /// durable (SQLite: in the file the server opened, still at its path).
    ///
    /// # Errors
    /// The database's error (nothing is written), [`StoreError::Vanished`], or the
    /// [`StoreError::Stale`] that `f` returned as [`DbError::Stale`].
    pub fn write<T>(&self, f: impl FnOnce(&mut Tx<'_>) -> DbResult<T>) -> Result<T, StoreError> {
        let out = match &self.backend {
            Backend::Sqlite(db) => db.write(f),
            Backend::Postgres(db) => db.write(f),
        };
        match out {
            Err(StoreError::Db(DbError::Stale(id))) => Err(StoreError::Stale(id)),
            other => other,
        }
    }

    /// Hears the other instances' changes (PostgreSQL; nothing on SQLite): `on_change`
    /// runs on a thread of its own for each.
    pub fn listen(&self, on_change: Box<dyn Fn(Change) + Send>) {
        if let Backend::Postgres(db) = &self.backend {
            db.listen(on_change);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_numbered_in_order_from_one() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.number as usize, i + 1, "migration {}", m.name);
        }
    }

    #[test]
    fn notifications_read_back() {
        assert_eq!(
            Change::parse("bao_games", "abc123 7"),
            Change::Game {
                id: "abc123".into(),
                version: 7
            }
        );
        assert_eq!(Change::parse("bao_lobby", ""), Change::Lobby);
        let n = crate::notices::Notice {
            account: 7,
            kind: "your-move".into(),
            game: Some("g1".into()),
            challenge: None,
            text: "your move against amani (Bao Kingulu)".into(),
            say: crate::notices::say(crate::t!(
                "notice-your-move",
                opponent = "amani",
                game = "Bao Kingulu"
            )),
        };
        assert_eq!(
            Change::parse("bao_notices", &n.to_payload()),
            Change::Notice(n)
        );
        assert_eq!(Change::parse("bao_notices", "x"), Change::Resync);
        assert_eq!(Change::parse("bao_presence", "12"), Change::Presence(12));
        let id = "AbCdEfGhIjKlMnOpQrSt_-";
        assert_eq!(
            Change::parse("bao_spectators", id),
            Change::Spectators(id.into())
        );
        assert_eq!(Change::parse("bao_spectators", "x'); --"), Change::Resync);
        assert_eq!(
            Change::parse("bao_tournaments", id),
            Change::Tournament(id.into())
        );
        assert_eq!(Change::parse("bao_tournaments", "1 OR 1"), Change::Resync);
        assert_eq!(Change::parse("bao_games", "junk"), Change::Resync);
    }
}
