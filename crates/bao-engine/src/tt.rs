//! The transposition table: a fixed-size, always-indexed hash table of search results.

/// What kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact value (a PV node).
    Exact,
    /// A lower bound (the node failed high: value ≥ score).
    Lower,
    /// An upper bound (the node failed low: value ≤ score).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    /// The full 64-bit position key (verifies the slot).
    pub key: u64,
    /// The best (or refuting) move found, if any.
    pub mv: Option<M>,
    /// The score, mate scores relative to this node (see `score_to_tt`).
    pub score: i32,
    /// The remaining depth the score was searched to.
    pub depth: u8,
    /// The bound type.
    pub bound: Bound,
    /// The search generation that stored the entry.
    pub generation: u16,
}

/// A transposition table of `2^k` slots, each holding one entry (depth-preferred within
/// a generation, always replaced by a newer generation).
///
/// Unless a search asks to keep them, entries of an older generation are never returned
/// by [`Tt::probe`]: the search starts from an empty table in effect (O(1) clearing),
/// which keeps it a pure function of (configuration, position, limits), i.e.
/// deterministic.
pub(crate) struct Tt<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u16,
    keep: bool,
}

impl<M: Copy> Tt<M> {
    /// A table of at most `mb` MiB (at least 1024 slots). Memory is allocated lazily on
    /// the first [`Tt::new_search`].
    pub fn new(mb: usize) -> Self {
        let entry = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (mb.max(1) << 20) / entry;
        let mut slots = 1024usize;
        while slots * 2 <= wanted {
            slots *= 2;
        }
        Tt {
            slots: Vec::new(),
            mask: slots - 1,
            generation: 0,
            keep: false,
        }
    }

    /// Starts a new search. With `keep` false older entries become invisible; with `keep`
    /// true they stay usable (a position's value does not depend on when it was searched)
    /// and are replaced first.
    pub fn new_search(&mut self, keep: bool) {
        self.keep = keep;
        if self.slots.is_empty() {
            self.slots = vec![None; self.mask + 1];
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped around: really clear, so no stale generation can match.
            self.slots.iter_mut().for_each(|s| *s = None);
            self.generation = 1;
        }
    }

    /// The entry for `key` stored during the current search.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = self.slots.get(key as usize & self.mask)?;
        match slot {
            Some(e) if e.key == key && (self.keep || e.generation == self.generation) => Some(*e),
            _ => None,
        }
    }

    /// Stores a result, replacing an entry of an older generation, of the same position,
    /// or of a smaller or equal depth.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: u32, bound: Bound) {
        let generation = self.generation;
        let Some(slot) = self.slots.get_mut(key as usize & self.mask) else {
            return;
        };
        let depth = depth.min(255) as u8;
        let replace = match slot {
            None => true,
            Some(e) => e.generation != generation || e.key == key || e.depth <= depth,
        };
        if replace {
            let mv = match (mv, &slot) {
                (None, Some(e)) if e.key == key && (self.keep || e.generation == generation) => {
                    e.mv
                }
                _ => mv,
            };
            *slot = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
                generation,
            });
        }
    }

    /// The number of slots.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.mask + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_generations() {
        let mut tt: Tt<u8> = Tt::new(1);
        assert!(tt.len() >= 1024);
        tt.new_search(false);
        tt.store(12345, Some(3), 77, 4, Bound::Exact);
        let e = tt.probe(12345).expect("stored");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(3), 77, 4, Bound::Exact)
        );
        assert!(tt.probe(12346).is_none());
        // A shallower result for another key in the same slot does not replace.
        let other = 12345 + tt.len() as u64;
        tt.store(other, Some(1), 5, 2, Bound::Lower);
        assert!(tt.probe(other).is_none());
        assert_eq!(tt.probe(12345).map(|e| e.score), Some(77));
        // A new search that keeps the table still sees the entry; one that does not, not.
        tt.new_search(true);
        assert_eq!(tt.probe(12345).map(|e| e.score), Some(77));
        tt.new_search(false);
        assert!(tt.probe(12345).is_none());
    }
}
