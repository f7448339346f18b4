//! Sign-in and sign-up attempts per client address: at most [`ATTEMPTS`] in
//! [`WINDOW`] for each (address, kind); more get 429 until the oldest leaves the window.
//! The table is bounded ([`MAX_CLIENTS`] addresses; the stalest leave first).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use crate::error::ApiError;
use crate::http::lock;

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
            let what = match what {
                Attempt::SignIn => "sign-in",
                Attempt::SignUp => "sign-up",
            };
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("too many {what} attempts from your address: try again in {wait} s"),
            ));
        }
        q.push_back(now);
        Ok(())
    }
}
