//! A fast non-cryptographic hasher for position keys (transposition table, history).
//!
//! Positions implement `std::hash::Hash` (the rules crate derives it over every field
//! that decides the game: holes, stores, nyumba flags, takasia hole, reservations, side
//! to move), so one hasher serves every game. The mixing is FxHash's; the final value is
//! passed through the SplitMix64 finaliser so that the low bits (the table index) and the
//! high bits (the stored key) are both well spread.

use std::hash::{Hash, Hasher};

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// FxHash-style streaming hasher with a SplitMix64 finish.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher {
    hash: u64,
}

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        mix64(self.hash)
    }
}

/// The SplitMix64 finaliser: a bijective scramble of 64 bits.
#[inline]
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The 64-bit hash of any hashable value with [`FastHasher`].
#[inline]
pub(crate) fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = FastHasher::default();
    value.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_hash_equal_and_small_changes_differ() {
        let a = ([4u8; 12], 0u8, true);
        let mut b = a;
        assert_eq!(hash_of(&a), hash_of(&b));
        b.0[11] = 5;
        assert_ne!(hash_of(&a), hash_of(&b));
        b = a;
        b.2 = false;
        assert_ne!(hash_of(&a), hash_of(&b));
    }
}
