//! Sign-in and sign-up limits per client address, so that a club behind one address can
//! live with them (issue 35):
//!
//! * **sign-ups**: every attempt counts, at most [`SIGN_UPS`] (60 an hour) per address,
//!   so a club of 30 signs up from one address in its first evening;
//! * **sign-ins**: only failures count (a wrong password, an unknown name); at most
//!   [`FAILED_PER_ACCOUNT`] (10 in 15 minutes) per (address, account name) and, more
//!   loosely, [`FAILED_PER_ADDRESS`] (50 in 15 minutes) per address. When either is spent
//!   the sign-in gets 429 before its password is checked, the right one too; a correct
//!   password from another address is never refused because of them, nor one for another
//!   account from the same address until the address's own budget is spent.
//!
//! A sign-in takes its failure first and gives it back when the password was right
//! ([`RateLimiter::give_back`], [`Store::give_back`]), so that guesses sent all at once are
//! counted before any is checked. The table is bounded ([`MAX_CLIENTS`] keys; the
//! stalest leave first). On a database that several instances share the attempts are
//! counted in the database (table `attempts`, [`Store::attempt`]) so that every instance
//! sees them.

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

/// At most `attempts` within any `window`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Attempts allowed in the window.
    pub attempts: usize,
    /// The window.
    pub window: Duration,
}

/// Sign-ups per address: 60 an hour (every attempt counts).
pub const SIGN_UPS: Budget = Budget {
    attempts: 60,
    window: Duration::from_secs(3600),
};

/// Failed sign-ins per (address, account name): 10 in 15 minutes.
pub const FAILED_PER_ACCOUNT: Budget = Budget {
    attempts: ATTEMPTS,
    window: Duration::from_secs(15 * 60),
};

/// Failed sign-ins per address, whatever the account: 50 in 15 minutes.
pub const FAILED_PER_ADDRESS: Budget = Budget {
    attempts: 50,
    window: Duration::from_secs(15 * 60),
};

/// Failed sign-ins allowed per (address, account) in [`FAILED_PER_ACCOUNT`]'s window.
pub const ATTEMPTS: usize = 10;

/// The longest window of all budgets: older attempts are forgotten.
pub const LONGEST_WINDOW: Duration = SIGN_UPS.window;

/// The most keys (address and what is counted) remembered.
pub const MAX_CLIENTS: usize = 10_000;

/// One thing counted per address, against its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// What is counted: `sign-up`, `sign-in` (an address's failures) or `sign-in:NAME`
    /// (the failures for the account NAME, lower case, at most 21 characters).
    pub kind: String,
    /// Its budget.
    pub budget: Budget,
    /// The 429's words once it is spent, after "try again in N s".
    pub why: String,
}

/// `n` minutes or seconds in words: "15 minutes", "an hour".
fn window_words(d: Duration) -> String {
    match d.as_secs() {
        3600 => "an hour".to_string(),
        s if s % 60 == 0 => format!("{} minutes", s / 60),
        s => format!("{s} s"),
    }
}

/// What a sign-up counts: [`SIGN_UPS`] per address.
pub fn sign_up() -> Vec<Count> {
    vec![Count {
        kind: "sign-up".to_string(),
        budget: SIGN_UPS,
        why: format!(
            "{} sign-ups from one address in {}",
            SIGN_UPS.attempts,
            window_words(SIGN_UPS.window)
        ),
    }]
}

/// What a failed sign-in to the account `name` counts: [`FAILED_PER_ACCOUNT`] for that
/// name (ignoring case) and [`FAILED_PER_ADDRESS`] for the address.
pub fn failed_sign_in(name: &str) -> Vec<Count> {
    let key: String = super::model::name_key(name.trim())
        .chars()
        .take(super::model::NAME_MAX + 1)
        .collect();
    vec![
        Count {
            kind: format!("sign-in:{key}"),
            budget: FAILED_PER_ACCOUNT,
            why: format!(
                "{} wrong passwords for this account in {}",
                FAILED_PER_ACCOUNT.attempts,
                window_words(FAILED_PER_ACCOUNT.window)
            ),
        },
        Count {
            kind: "sign-in".to_string(),
            budget: FAILED_PER_ADDRESS,
            why: format!(
                "{} failed sign-ins from one address in {}",
                FAILED_PER_ADDRESS.attempts,
                window_words(FAILED_PER_ADDRESS.window)
            ),
        },
    ]
}

/// The 429 of a spent `count`: try again in `wait` seconds.
fn too_many(count: &Count, wait: u64) -> ApiError {
    let what = if count.kind == "sign-up" {
        "sign-up"
    } else {
        "sign-in"
    };
    // In the catalogue's words: seconds for a short wait, minutes (rounded up) else.
    let after = if wait < 120 {
        crate::t!("wait-seconds", n = wait)
    } else {
        crate::t!("wait-minutes", n = wait.div_ceil(60))
    };
    let said = if what == "sign-up" {
        crate::t!("api-too-many-sign-ups", wait = after)
    } else {
        crate::t!("api-too-many-sign-ins", wait = after)
    };
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        format!(
            "too many {what} attempts from your address: try again in {wait} s ({})",
            count.why
        ),
    )
    .said(said)
}

impl Store {
    /// Takes one attempt of each of `counts` for `address` at `now_ms` in the table
    /// `attempts`, all or none (attempts older than [`LONGEST_WINDOW`] leave it first):
    /// `None` when taken; `Some((i, seconds to wait))`, and nothing taken, when
    /// `counts[i]`'s budget is spent.
    ///
    /// # Errors
    /// The database's error.
    pub fn attempt(
        &self,
        address: &str,
        counts: &[Count],
        now_ms: i64,
    ) -> Result<Option<(usize, u64)>, StoreError> {
        let longest = LONGEST_WINDOW.as_millis() as i64;
        self.write(|tx| -> DbResult<Option<(usize, u64)>> {
            tx.exec(
                "DELETE FROM attempts WHERE at_ms <= ?1",
                params![now_ms - longest],
            )?;
            for (i, c) in counts.iter().enumerate() {
                let window = c.budget.window.as_millis() as i64;
                let row = tx.query_one(
                    "SELECT count(*) AS n, coalesce(min(at_ms), 0) AS oldest FROM attempts
                     WHERE address = ?1 AND kind = ?2 AND at_ms > ?3",
                    params![address, &c.kind, now_ms - window],
                )?;
                let (n, oldest) = (row.int("n")?, row.int("oldest")?);
                if n >= c.budget.attempts as i64 {
                    let wait_ms = (oldest + window - now_ms).max(0) as u64;
                    return Ok(Some((i, wait_ms / 1000 + 1)));
                }
            }
            for c in counts {
                tx.exec(
                    "INSERT INTO attempts (address, kind, at_ms) VALUES (?1, ?2, ?3)",
                    params![address, &c.kind, now_ms],
                )?;
            }
            Ok(None)
        })
    }

    /// Gives back one attempt of each of `counts` that [`Store::attempt`] took for
    /// `address` at `at_ms` (a sign-in whose password was right).
    ///
    /// # Errors
    /// The database's error.
    pub fn give_back(&self, address: &str, counts: &[Count], at_ms: i64) -> Result<(), StoreError> {
        self.write(|tx| -> DbResult<()> {
            for c in counts {
                // Exactly one row: others of the same millisecond stay.
                let n = tx
                    .query_one(
                        "SELECT count(*) AS n FROM attempts WHERE address = ?1 AND kind = ?2 AND at_ms = ?3",
                        params![address, &c.kind, at_ms],
                    )?
                    .int("n")?;
                if n == 0 {
                    continue;
                }
                tx.exec(
                    "DELETE FROM attempts WHERE address = ?1 AND kind = ?2 AND at_ms = ?3",
                    params![address, &c.kind, at_ms],
                )?;
                for _ in 1..n {
                    tx.exec(
                        "INSERT INTO attempts (address, kind, at_ms) VALUES (?1, ?2, ?3)",
                        params![address, &c.kind, at_ms],
                    )?;
                }
            }
            Ok(())
        })
    }
}

/// A taken attempt, to give back ([`Limits::give_back`]).
#[derive(Clone, Debug)]
pub struct Taken {
    ip: IpAddr,
    counts: Vec<Count>,
    at: Instant,
    at_ms: i64,
}

/// The attempts of the recent past, in memory (one instance) or in the database (shared).
pub struct Limits<'a> {
    /// This instance's table.
    pub memory: &'a RateLimiter,
    /// The database, when it is shared.
    pub shared: Option<&'a Store>,
}

impl Limits<'_> {
    /// Takes one attempt of each of `counts` from `ip`, all or none.
    ///
    /// # Errors
    /// 429 naming the spent budget and the seconds to wait; 503 when the database fails.
    pub fn take(&self, ip: IpAddr, counts: Vec<Count>) -> Result<Taken, ApiError> {
        let now = Instant::now();
        let now_ms = crate::clock::model::now_ms() as i64;
        match self.shared {
            None => self.memory.take_at(ip, &counts, now)?,
            Some(store) => match store.attempt(&ip.to_string(), &counts, now_ms) {
                Ok(None) => {}
                Ok(Some((i, wait))) => return Err(too_many(&counts[i], wait)),
                Err(e) => return Err(ApiError::from(e)),
            },
        }
        Ok(Taken {
            ip,
            counts,
            at: now,
            at_ms: now_ms,
        })
    }

    /// Gives back what [`Limits::take`] took.
    ///
    /// # Errors
    /// 503 when the database fails.
    pub fn give_back(&self, taken: &Taken) -> Result<(), ApiError> {
        match self.shared {
            None => {
                self.memory.give_back(taken);
                Ok(())
            }
            Some(store) => store
                .give_back(&taken.ip.to_string(), &taken.counts, taken.at_ms)
                .map_err(ApiError::from),
        }
    }
}

type Key = (IpAddr, String);

/// The attempts of the recent past in this instance: per (address, kind), the window
/// and the instants of the attempts within it.
#[derive(Default)]
pub struct RateLimiter {
    seen: Mutex<HashMap<Key, (Duration, VecDeque<Instant>)>>,
}

impl RateLimiter {
    /// Takes one attempt of each of `counts` from `ip` at `now`, all or none.
    ///
    /// # Errors
    /// 429 with the seconds to wait when a count's budget is spent.
    pub fn take_at(&self, ip: IpAddr, counts: &[Count], now: Instant) -> Result<(), ApiError> {
        let mut seen = lock(&self.seen);
        for c in counts {
            let key = (ip, c.kind.clone());
            if seen.len() >= MAX_CLIENTS && !seen.contains_key(&key) {
                seen.retain(|_, (w, q)| q.back().is_some_and(|t| now.duration_since(*t) < *w));
                if seen.len() >= MAX_CLIENTS {
                    let stalest = seen
                        .iter()
                        .min_by_key(|(_, (_, q))| q.back().copied())
                        .map(|(k, _)| k.clone());
                    if let Some(k) = stalest {
                        seen.remove(&k);
                    }
                }
            }
            let (w, q) = seen
                .entry(key)
                .or_insert_with(|| (c.budget.window, VecDeque::new()));
            *w = c.budget.window;
            while q.front().is_some_and(|t| now.duration_since(*t) >= *w) {
                q.pop_front();
            }
            if q.len() >= c.budget.attempts {
                let wait = w.saturating_sub(now.duration_since(q[0])).as_secs() + 1;
                return Err(too_many(c, wait));
            }
        }
        for c in counts {
            if let Some((_, q)) = seen.get_mut(&(ip, c.kind.clone())) {
                q.push_back(now);
            }
        }
        Ok(())
    }

    /// Gives back one attempt of each count of `taken`.
    pub fn give_back(&self, taken: &Taken) {
        let mut seen = lock(&self.seen);
        for c in &taken.counts {
            if let Some((_, q)) = seen.get_mut(&(taken.ip, c.kind.clone())) {
                if let Some(i) = q.iter().rposition(|t| *t == taken.at) {
                    q.remove(i);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_spent_budget_is_said_in_seconds_or_minutes() {
        use bao_i18n::Lang;
        let said = |count: &Count, wait| too_many(count, wait).said.unwrap();
        let sign_in = &failed_sign_in("amani")[0];
        assert_eq!(
            said(sign_in, 899).format(Lang::SW),
            "Majaribio mengi mno ya kuingia yameshindikana: jaribu tena baada ya dakika 15."
        );
        assert_eq!(
            said(sign_in, 1).format(Lang::EN),
            "Too many failed sign-ins: try again in 1 second."
        );
        assert_eq!(
            said(&sign_up()[0], 119).format(Lang::SW),
            "Akaunti nyingi mno zimefunguliwa kutoka anwani yako: jaribu tena baada ya sekunde 119."
        );
        assert_eq!(too_many(sign_in, 5).code, "too_many_requests");
    }

    #[test]
    fn failures_per_account_and_per_address_in_memory() {
        let limits = RateLimiter::default();
        let t0 = Instant::now();
        let a = ip("10.0.0.1");
        for i in 0..10 {
            limits
                .take_at(a, &failed_sign_in("Alice"), t0 + Duration::from_secs(i))
                .unwrap();
        }
        let e = limits
            .take_at(a, &failed_sign_in("ALICE"), t0 + Duration::from_secs(10))
            .unwrap_err();
        assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            e.message,
            "too many sign-in attempts from your address: try again in 891 s (10 wrong passwords for this account in 15 minutes)"
        );
        // Another address, another account: free.
        limits
            .take_at(ip("10.0.0.2"), &failed_sign_in("alice"), t0)
            .unwrap();
        for i in 0..40 {
            limits
                .take_at(a, &failed_sign_in(&format!("user{i}")), t0)
                .unwrap();
        }
        let e = limits
            .take_at(a, &failed_sign_in("bob"), t0 + Duration::from_secs(20))
            .unwrap_err();
        assert_eq!(
            e.message,
            "too many sign-in attempts from your address: try again in 881 s (50 failed sign-ins from one address in 15 minutes)"
        );
        // The oldest leave the window.
        limits
            .take_at(
                a,
                &failed_sign_in("bob"),
                t0 + Duration::from_secs(15 * 60 + 1),
            )
            .unwrap();
    }

    #[test]
    fn a_given_back_attempt_does_not_count() {
        let limits = RateLimiter::default();
        let t0 = Instant::now();
        let a = ip("10.0.0.1");
        for i in 0..60 {
            let at = t0 + Duration::from_millis(i);
            limits.take_at(a, &failed_sign_in("carol"), at).unwrap();
            limits.give_back(&Taken {
                ip: a,
                counts: failed_sign_in("carol"),
                at,
                at_ms: 0,
            });
        }
        limits.take_at(a, &failed_sign_in("carol"), t0).unwrap();
    }

    #[test]
    fn sixty_sign_ups_an_hour() {
        let limits = RateLimiter::default();
        let t0 = Instant::now();
        let a = ip("10.0.0.1");
        for i in 0..60 {
            limits
                .take_at(a, &sign_up(), t0 + Duration::from_secs(i))
                .unwrap();
        }
        let e = limits
            .take_at(a, &sign_up(), t0 + Duration::from_secs(60))
            .unwrap_err();
        assert_eq!(
            e.message,
            "too many sign-up attempts from your address: try again in 3541 s (60 sign-ups from one address in an hour)"
        );
    }
}
