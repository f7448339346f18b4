//! Sign-in and sign-up attempts per client address: at most [`ATTEMPTS`] in
//! [`WINDOW`] for each (address, kind); more get 429 until the oldest leaves the window.
//! The table is bounded ([`MAX_CLIENTS`] addresses; the stalest leave first). On a
//! database that several instances share, the attempts are counted in the database
//! (table `attempts`, [`Store::attempt`]) so that every instance sees them.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use crate::http::error::ApiError;
use crate::http::lock;
use crate::params;
use crate::store::sql::{DbResult, Exec};
use crate::store::{Store, StoreError};

impl Attempt {
    fn name(self) -> &'static str {
        match self {
            Attempt::SignIn => "sign-in",
            Attempt::SignUp => "sign-up",
        }
    }
}

/// The 429 for `what` from an address that may try again in `wait` seconds.
fn too_many(what: Attempt, wait: u64) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        format!(
            "too many {} attempts from your address: try again in {wait} s",
            what.name()
        ),
    )
}

impl Store {
    /// Counts an attempt of `kind` from `address` at `now_ms` in the table `attempts`
    /// (the attempts older than [`WINDOW`] leave it first): `Some(seconds to wait)`, and
    /// nothing counted, when [`ATTEMPTS`] were made within the window.
    ///
    /// # Errors
    /// The database's error.
    pub fn attempt(
        &self,
        address: &str,
        kind: &str,
        now_ms: i64,
    ) -> Result<Option<u64>, StoreError> {
        let window = WINDOW.as_millis() as i64;
        self.write(|tx| -> DbResult<Option<u64>> {
            tx.exec("DELETE FROM attempts WHERE at_ms <= ?1", params![now_ms - window])?;
            let row = tx.query_one(
                "SELECT count(*) AS n, coalesce(min(at_ms), 0) AS oldest FROM attempts WHERE address = ?1 AND kind = ?2",
                params![address, kind],
            )?;
            let (n, oldest) = (row.int("n")?, row.int("oldest")?);
            if n >= ATTEMPTS as i64 {
                let wait_ms = (oldest + window - now_ms).max(0) as u64;
                return Ok(Some(wait_ms / 1000 + 1));
            }
            tx.exec(
                "INSERT INTO attempts (address, kind, at_ms) VALUES (?1, ?2, ?3)",
                params![address, kind, now_ms],
            )?;
            Ok(None)
        })
    }
}

/// [`RateLimiter::check`] on a shared database: the attempts every instance counted.
///
/// # Errors
/// 429 as [`RateLimiter::check`]; 503 when the database fails.
pub fn check_shared(store: &Store, ip: IpAddr, what: Attempt) -> Result<(), ApiError> {
    let now = crate::clock::model::now_ms() as i64;
    match store.attempt(&ip.to_string(), what.name(), now) {
        Ok(None) => Ok(()),
        Ok(Some(wait)) => Err(too_many(what, wait)),
        Err(e) => Err(crate::http::error::ApiError::from(e)),
    }
}

/// Attempts allowed in a window, per address and kind.
pub const ATTEMPTS: usize = 10;
/// The window.
pub const WINDOW: Duration = Duration::from_secs(60);
/// The most addresses remembered.
pub const MAX_CLIENTS: usize = 10_000;

/// What is being attempted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attempt {
    /// `POST /api/session`.
    SignIn,
    /// `POST /api/accounts`.
    SignUp,
}

/// The attempts of the recent past.
#[derive(Default)]
pub struct RateLimiter {
    seen: Mutex<HashMap<(IpAddr, Attempt), VecDeque<Instant>>>,
}

impl RateLimiter {
    /// Counts an attempt from `ip`.
    ///
    /// # Errors
    /// 429 with the seconds to wait when `ip` made [`ATTEMPTS`] of this kind within the
    /// last [`WINDOW`].
    pub fn check(&self, ip: IpAddr, what: Attempt) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut seen = lock(&self.seen);
        if seen.len() >= MAX_CLIENTS && !seen.contains_key(&(ip, what)) {
            seen.retain(|_, q| q.back().is_some_and(|t| now.duration_since(*t) < WINDOW));
            if seen.len() >= MAX_CLIENTS {
                let stalest = seen
                    .iter()
                    .min_by_key(|(_, q)| q.back().copied())
                    .map(|(k, _)| *k);
                if let Some(k) = stalest {
                    seen.remove(&k);
                }
            }
        }
        let q = seen.entry((ip, what)).or_default();
        while q.front().is_some_and(|t| now.duration_since(*t) >= WINDOW) {
            q.pop_front();
        }
        if q.len() >= ATTEMPTS {
            let wait = WINDOW.saturating_sub(now.duration_since(q[0])).as_secs() + 1;
            return Err(too_many(what, wait));
        }
        q.push_back(now);
        Ok(())
    }
}
