//! The tables `accounts` and `sessions` (migration 0002).

use super::model::{name_key, Account};
use crate::params;
use crate::store::sql::{DbResult, Exec, Row};
use crate::store::{Store, StoreError, Tx};

/// How long a session lasts without signing in again: 30 days.
pub const SESSION_SECS: i64 = 30 * 24 * 3600;

fn account_of(r: &Row) -> DbResult<Account> {
    Ok(Account {
        id: r.int("id")?,
        name: r.text("name")?,
        engine_level: r
            .opt_int("engine_level")?
            .map(|l| u8::try_from(l).unwrap_or(u8::MAX)),
    })
}

/// Unix seconds now.
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Why an account was not created.
#[derive(Debug)]
pub enum CreateError {
    /// The name is taken (ignoring case).
    Taken,
    /// The database failed.
    Store(StoreError),
}

impl Store {
    /// Creates an account with a session; `None` when the name is taken ignoring case.
    ///
    /// # Errors
    /// [`CreateError::Taken`], or the database's error.
    pub fn create_account(
        &self,
        name: &str,
        hash: &str,
        token_hash: &str,
    ) -> Result<Account, CreateError> {
        let now = crate::ids::now_rfc3339();
        let out = self.write(|tx| {
            let taken = tx.query_opt(
                "SELECT id FROM accounts WHERE name_key = ?1",
                params![name_key(name)],
            )?;
            if taken.is_some() {
                return Ok(None);
            }
            let id = tx
                .query_one(
                    "INSERT INTO accounts (name, name_key, password, engine_level, created) VALUES (?1, ?2, ?3, NULL, ?4) RETURNING id",
                    params![name, name_key(name), hash, now],
                )?
                .int("id")?;
            insert_session(tx, id, token_hash)?;
            Ok(Some(Account {
                id,
                name: name.to_string(),
                engine_level: None,
            }))
        });
        match out {
            Ok(Some(a)) => Ok(a),
            Ok(None) => Err(CreateError::Taken),
            // Another instance created the same name at the same moment.
            Err(StoreError::Db(e)) if e.is_unique_violation() => Err(CreateError::Taken),
            Err(e) => Err(CreateError::Store(e)),
        }
    }

    /// The account named `name` (ignoring case) with its password hash (`None` for an
    /// engine account).
    ///
    /// # Errors
    /// The database's error.
    pub fn account_by_name(&self, name: &str) -> DbResult<Option<(Account, Option<String>)>> {
        self.read(|c| {
            c.query_opt(
                "SELECT id, name, engine_level, password FROM accounts WHERE name_key = ?1",
                params![name_key(name)],
            )?
            .map(|r| Ok((account_of(&r)?, r.opt_text("password")?)))
            .transpose()
        })
    }

    /// The account with this id.
    ///
    /// # Errors
    /// The database's error.
    pub fn account(&self, id: i64) -> DbResult<Option<Account>> {
        self.read(|c| {
            c.query_opt(
                "SELECT id, name, engine_level FROM accounts WHERE id = ?1",
                params![id],
            )?
            .map(|r| account_of(&r))
            .transpose()
        })
    }

    /// Starts a session of `account` under the hash of its token.
    ///
    /// # Errors
    /// The database's error.
    pub fn create_session(&self, account: i64, token_hash: &str) -> Result<(), StoreError> {
        self.write(|tx| insert_session(tx, account, token_hash))
    }

    /// The account of an unexpired session. On a store no other process writes
    /// (SQLite) the answer is remembered for [`Store::cached_session`].
    ///
    /// # Errors
    /// The database's error.
    pub fn session_account(&self, token_hash: &str) -> DbResult<Option<Account>> {
        let generation = self.sessions.generation();
        let found = self.read(|c| {
            c.query_opt(
                "SELECT a.id, a.name, a.engine_level, s.expires FROM sessions s JOIN accounts a ON a.id = s.account
                 WHERE s.token_hash = ?1 AND s.expires > ?2 AND a.closed IS NULL",
                params![token_hash, unix_now()],
            )?
            .map(|r| Ok((account_of(&r)?, r.int("expires")?)))
            .transpose()
        })?;
        Ok(found.map(|(account, expires)| {
            if !self.shared() {
                self.sessions
                    .put(generation, token_hash, account.clone(), expires);
            }
            account
        }))
    }

    /// The account of session `token_hash` without reading the database: known when
    /// this process looked it up before and no session has ended since (SQLite only;
    /// `None` on PostgreSQL, where other instances end sessions). Issue 36: an event
    /// stream opens without a blocking thread.
    pub fn cached_session(&self, token_hash: &str) -> Option<Account> {
        if self.shared() {
            return None;
        }
        self.sessions.get(token_hash, unix_now())
    }

    /// The language saved in the account of a live session (issue 29), if he chose one.
    ///
    /// # Errors
    /// The database's error.
    pub fn session_lang(&self, token_hash: &str) -> DbResult<Option<String>> {
        self.read(|c| {
            Ok(c.query_opt(
                "SELECT a.lang FROM sessions s JOIN accounts a ON a.id = s.account
                 WHERE s.token_hash = ?1 AND s.expires > ?2 AND a.closed IS NULL",
                params![token_hash, unix_now()],
            )?
            .map(|r| r.opt_text("lang"))
            .transpose()?
            .flatten())
        })
    }

    /// The language saved in account `id` (issue 29), if he chose one: the language of
    /// the mails that are not an answer to a page (the turn mails).
    ///
    /// # Errors
    /// The database's error.
    pub fn account_lang(&self, id: i64) -> DbResult<Option<String>> {
        self.read(|c| {
            Ok(
                c.query_opt("SELECT lang FROM accounts WHERE id = ?1", params![id])?
                    .map(|r| r.opt_text("lang"))
                    .transpose()?
                    .flatten(),
            )
        })
    }

    /// Saves the language `tag` (`en`, `sw`) in account `id` (issue 29).
    ///
    /// # Errors
    /// The database's error.
    pub fn set_account_lang(&self, id: i64, tag: &str) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.exec(
                "UPDATE accounts SET lang = ?1 WHERE id = ?2",
                params![tag, id],
            )?;
            Ok(())
        })
    }

    /// Ends a session (signing out); whether it existed.
    ///
    /// # Errors
    /// The database's error.
    pub fn delete_session(&self, token_hash: &str) -> Result<bool, StoreError> {
        let out = self.write(|tx| {
            Ok(tx.exec(
                "DELETE FROM sessions WHERE token_hash = ?1",
                params![token_hash],
            )? > 0)
        });
        self.sessions.revoke();
        out
    }
}

fn insert_session(tx: &mut Tx<'_>, account: i64, token_hash: &str) -> DbResult<()> {
    let now = unix_now();
    // Expired sessions leave as new ones come.
    tx.exec("DELETE FROM sessions WHERE expires <= ?1", params![now])?;
    tx.exec(
        "INSERT INTO sessions (token_hash, account, created, expires) VALUES (?1, ?2, ?3, ?4)",
        params![
            token_hash,
            account,
            crate::ids::now_rfc3339(),
            now + SESSION_SECS
        ],
    )?;
    Ok(())
}
