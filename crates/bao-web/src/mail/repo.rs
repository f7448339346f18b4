//! The accounts' mail columns (migration 0007: `email`, `email_verified`,
//! `turn_mails`) and the tables `mail_tokens` and `mails_sent`.

use super::model::TokenKind;
use crate::params;
use crate::store::sql::{DbResult, Exec};
use crate::store::{Store, StoreError};

/// An account's mail settings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EmailSettings {
    /// Its address, if any (lower case).
    pub email: Option<String>,
    /// Whether the address's link was followed.
    pub verified: bool,
    /// Whether it wants "your turn" mails.
    pub turn_mails: bool,
}

/// Why an address was not verified.
#[derive(Debug)]
pub enum VerifyError {
    /// Another account verified this address already.
    Taken,
    /// The database failed.
    Store(StoreError),
}

impl Store {
    /// An account's mail settings (`None`: no such account).
    ///
    /// # Errors
    /// The database's error.
    pub fn email_settings(&self, account: i64) -> DbResult<Option<EmailSettings>> {
        self.read(|c| {
            c.query_opt(
                "SELECT email, email_verified, turn_mails FROM accounts WHERE id = ?1",
                params![account],
            )?
            .map(|r| {
                Ok(EmailSettings {
                    email: r.opt_text("email")?,
                    verified: r.int("email_verified")? != 0,
                    turn_mails: r.int("turn_mails")? != 0,
                })
            })
            .transpose()
        })
    }

    /// Sets (or removes) an account's address, not verified; its open verification
    /// links stop working.
    ///
    /// # Errors
    /// The database's error.
    pub fn set_email(&self, account: i64, email: Option<&str>) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.exec(
                "UPDATE accounts SET email = ?2, email_verified = 0 WHERE id = ?1",
                params![account, email],
            )?;
            tx.exec(
                "DELETE FROM mail_tokens WHERE account = ?1 AND kind = 'verify'",
                params![account],
            )?;
            Ok(())
        })
    }

    /// Turns an account's "your turn" mails on or off.
    ///
    /// # Errors
    /// The database's error.
    pub fn set_turn_mails(&self, account: i64, on: bool) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.exec(
                "UPDATE accounts SET turn_mails = ?2 WHERE id = ?1",
                params![account, on],
            )?;
            Ok(())
        })
    }

    /// Keeps a mail link's token (by its hash) for `account` until `expires` (Unix s);
    /// the account's older links of the same kind stop working, and expired links of
    /// anyone are removed.
    ///
    /// # Errors
    /// The database's error.
    pub fn add_mail_token(
        &self,
        token_hash: &str,
        account: i64,
        kind: TokenKind,
        email: &str,
        expires: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.exec("DELETE FROM mail_tokens WHERE expires <= ?1", params![now])?;
            tx.exec(
                "DELETE FROM mail_tokens WHERE account = ?1 AND kind = ?2",
                params![account, kind.name()],
            )?;
            tx.exec(
                "INSERT INTO mail_tokens (token_hash, account, kind, email, expires) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![token_hash, account, kind.name(), email, expires],
            )?;
            Ok(())
        })
    }

    /// Uses a link: removes its token (it works once) and answers its account and
    /// address when it was of `kind` and had not expired at `now` (Unix s).
    ///
    /// # Errors
    /// The database's error.
    pub fn take_mail_token(
        &self,
        token_hash: &str,
        kind: TokenKind,
        now: i64,
    ) -> Result<Option<(i64, String)>, StoreError> {
        self.write(|tx| {
            let row = tx.query_opt(
                "DELETE FROM mail_tokens WHERE token_hash = ?1 AND kind = ?2 RETURNING account, email, expires",
                params![token_hash, kind.name()],
            )?;
            match row {
                Some(r) if r.int("expires")? > now => Ok(Some((r.int("account")?, r.text("email")?))),
                _ => Ok(None),
            }
        })
    }

    /// Marks `account`'s address verified, if it is still `email`; whether it was.
    ///
    /// # Errors
    /// [`VerifyError::Taken`] when another account verified the same address first.
    pub fn verify_email(&self, account: i64, email: &str) -> Result<bool, VerifyError> {
        let out = self.write(|tx| {
            let taken = tx.query_opt(
                "SELECT id FROM accounts WHERE email = ?1 AND email_verified = 1 AND id <> ?2",
                params![email, account],
            )?;
            if taken.is_some() {
                return Ok(None);
            }
            Ok(Some(
                tx.exec(
                    "UPDATE accounts SET email_verified = 1 WHERE id = ?1 AND email = ?2",
                    params![account, email],
                )? > 0,
            ))
        });
        match out {
            Ok(Some(done)) => Ok(done),
            Ok(None) => Err(VerifyError::Taken),
            Err(StoreError::Db(e)) if e.is_unique_violation() => Err(VerifyError::Taken),
            Err(e) => Err(VerifyError::Store(e)),
        }
    }

    /// The open (not closed) person's account whose verified address is `email`: its
    /// id and name.
    ///
    /// # Errors
    /// The database's error.
    pub fn account_by_verified_email(&self, email: &str) -> DbResult<Option<(i64, String)>> {
        self.read(|c| {
            c.query_opt(
                "SELECT id, name FROM accounts WHERE email = ?1 AND email_verified = 1 AND closed IS NULL",
                params![email],
            )?
            .map(|r| Ok((r.int("id")?, r.text("name")?)))
            .transpose()
        })
    }

    /// Sets an account's password hash; every session of it ends, and its other reset
    /// links stop working. How many sessions ended.
    ///
    /// # Errors
    /// The database's error.
    pub fn reset_password(&self, account: i64, hash: &str) -> Result<u64, StoreError> {
        let out = self.write(|tx| {
            tx.exec(
                "UPDATE accounts SET password = ?2 WHERE id = ?1",
                params![account, hash],
            )?;
            tx.exec(
                "DELETE FROM mail_tokens WHERE account = ?1 AND kind = 'reset'",
                params![account],
            )?;
            tx.exec("DELETE FROM sessions WHERE account = ?1", params![account])
        });
        // Its sessions ended: none may be found in memory (accounts::cache).
        self.sessions.revoke();
        out
    }

    /// Takes the right to send `account` a mail `about` something (a game's id for a
    /// "your turn" mail, `password-reset`) at `now_ms`: `true` (and noted) unless one
    /// was sent after `now_ms - gap_ms`. One statement, so of two instances (or two
    /// requests) asking at once one gets it.
    ///
    /// # Errors
    /// The database's error.
    pub fn claim_mail(
        &self,
        about: &str,
        account: i64,
        now_ms: i64,
        gap_ms: i64,
    ) -> Result<bool, StoreError> {
        self.write(|tx| {
            Ok(tx.exec(
                "INSERT INTO mails_sent (about, account, sent_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT (about, account) DO UPDATE SET sent_ms = excluded.sent_ms
                 WHERE mails_sent.sent_ms <= ?4",
                params![about, account, now_ms, now_ms - gap_ms],
            )? > 0)
        })
    }
}
