//! The accounts each reader has muted, in memory (issue 36: a chat line reaches each
//! signed-in reader's event stream without a database read per line). Only a store that
//! no other process writes (SQLite) uses it, so every mute and unmute goes through this
//! process, which forgets the reader's entry then ([`MuteCache::forget`]). A lookup that
//! raced with a change is not kept (a generation count, as [`crate::accounts::cache`]).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use crate::http::lock;

/// At most this many readers are remembered; past it the cache starts again empty.
pub const MAX_READERS: usize = 65_536;

/// Reader's account id → the account ids he muted.
#[derive(Default)]
pub struct MuteCache {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    readers: HashMap<i64, Arc<HashSet<i64>>>,
    generation: u64,
}

impl MuteCache {
    /// The accounts `reader` muted, if remembered.
    pub fn get(&self, reader: i64) -> Option<Arc<HashSet<i64>>> {
        lock(&self.inner).readers.get(&reader).cloned()
    }

    /// The count of changes so far: take it before a database lookup, give it to
    /// [`MuteCache::put`].
    pub fn generation(&self) -> u64 {
        lock(&self.inner).generation
    }

    /// Remembers `reader`'s mutes looked up in the database, unless a mute changed since
    /// `generation` was taken.
    pub fn put(&self, generation: u64, reader: i64, muted: Arc<HashSet<i64>>) {
        let mut inner = lock(&self.inner);
        if inner.generation != generation {
            return;
        }
        if inner.readers.len() >= MAX_READERS {
            inner.readers.clear();
        }
        inner.readers.insert(reader, muted);
    }

    /// Forgets `reader`'s mutes: call it after a mute or unmute of his has committed.
    pub fn forget(&self, reader: i64) {
        let mut inner = lock(&self.inner);
        inner.generation += 1;
        inner.readers.remove(&reader);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lookup_that_raced_with_a_change_is_not_kept() {
        let cache = MuteCache::default();
        let set = |ids: &[i64]| Arc::new(ids.iter().copied().collect::<HashSet<i64>>());
        let g = cache.generation();
        cache.put(g, 1, set(&[2]));
        assert_eq!(cache.get(1), Some(set(&[2])));
        let g = cache.generation();
        cache.forget(1);
        assert_eq!(cache.get(1), None);
        cache.put(g, 1, set(&[]));
        assert_eq!(cache.get(1), None, "read before the change: not kept");
        cache.put(cache.generation(), 1, set(&[]));
        assert_eq!(cache.get(1), Some(set(&[])));
    }
}
