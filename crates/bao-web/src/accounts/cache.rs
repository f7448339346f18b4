//! The sessions this process has looked up, in memory (issue 36: opening an event stream
//! takes no blocking thread when the session is known). Only a store that no other process
//! writes (SQLite) uses it, so every session that ends — sign-out, a password reset, a
//! closed account — ends through this process, which empties the cache then
//! ([`SessionCache::revoke`]). A lookup that raced with such an ending is not kept: each
//! entry is put only if no ending happened since the lookup began (a generation count).

use std::collections::HashMap;
use std::sync::Mutex;

use super::Account;
use crate::http::lock;

/// At most this many sessions are remembered; past it the cache starts again empty.
pub const MAX_SESSIONS: usize = 65_536;

/// Session token hashes → their account and expiry (Unix seconds).
#[derive(Default)]
pub struct SessionCache {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    sessions: HashMap<String, (Account, i64)>,
    generation: u64,
}

impl SessionCache {
    /// The account of session `token_hash` if it is remembered and unexpired at `now`
    /// (Unix seconds).
    pub fn get(&self, token_hash: &str, now: i64) -> Option<Account> {
        let inner = lock(&self.inner);
        match inner.sessions.get(token_hash) {
            Some((account, expires)) if *expires > now => Some(account.clone()),
            _ => None,
        }
    }

    /// The count of endings so far: take it before a database lookup, give it to
    /// [`SessionCache::put`].
    pub fn generation(&self) -> u64 {
        lock(&self.inner).generation
    }

    /// Remembers a session looked up in the database, unless a session ended since
    /// `generation` was taken (the lookup may have read it before it ended).
    pub fn put(&self, generation: u64, token_hash: &str, account: Account, expires: i64) {
        let mut inner = lock(&self.inner);
        if inner.generation != generation {
            return;
        }
        if inner.sessions.len() >= MAX_SESSIONS {
            inner.sessions.clear();
        }
        inner
            .sessions
            .insert(token_hash.to_string(), (account, expires));
    }

    /// Forgets every session: call it after any write that ends sessions or closes an
    /// account has committed.
    pub fn revoke(&self) {
        let mut inner = lock(&self.inner);
        inner.generation += 1;
        inner.sessions.clear();
    }

    /// How many sessions are remembered.
    pub fn len(&self) -> usize {
        lock(&self.inner).sessions.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ana() -> Account {
        Account {
            id: 7,
            name: "ana".to_string(),
            engine_level: None,
        }
    }

    #[test]
    fn remembers_until_expiry_or_revocation() {
        let c = SessionCache::default();
        let g = c.generation();
        c.put(g, "h", ana(), 100);
        assert_eq!(c.get("h", 99).map(|a| a.id), Some(7));
        assert_eq!(c.get("h", 100), None, "expired at 100");
        assert_eq!(c.get("other", 0), None);
        c.revoke();
        assert_eq!(c.get("h", 0), None);
        assert!(c.is_empty());
    }

    #[test]
    fn a_lookup_older_than_a_revocation_is_not_kept() {
        let c = SessionCache::default();
        let before = c.generation();
        c.revoke();
        c.put(before, "h", ana(), 100);
        assert_eq!(c.get("h", 0), None);
        c.put(c.generation(), "h", ana(), 100);
        assert_eq!(c.get("h", 0).map(|a| a.name), Some("ana".to_string()));
    }
}
