//! Wide unsigned integers of a fixed number of 64-bit limbs, for matching weights that
//! encode the Dutch system's criteria one above the other (hundreds of bits).
//!
//! Arithmetic is modulo 2^(64·N): the edge weights are built with additions and
//! subtractions that borrow across fields, the total always staying in range.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, BitOr, BitOrAssign, Shl, ShlAssign, Shr, Sub, SubAssign};

/// The operations the matching needs of a weight type.
pub(crate) trait Weight:
    Copy + Ord + Add<Output = Self> + Sub<Output = Self> + fmt::Debug
{
    /// Zero.
    fn zero() -> Self;
    /// Half (rounded down).
    fn half(self) -> Self;
    /// Twice.
    fn double(self) -> Self;
    /// Is zero.
    fn is_zero(&self) -> bool;
    /// One.
    fn one() -> Self;
    /// Is odd.
    fn is_odd(&self) -> bool;
}

impl Weight for u64 {
    fn zero() -> Self {
        0
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn double(self) -> Self {
        self << 1
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn one() -> Self {
        1
    }
    fn is_odd(&self) -> bool {
        *self & 1 == 1
    }
}

/// An unsigned integer of `N` limbs, least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// A small value.
    pub fn from_u64(x: u64) -> Self {
        let mut limbs = [0; N];
        limbs[0] = x;
        Wide(limbs)
    }
}

impl<const N: usize> Weight for Wide<N> {
    fn zero() -> Self {
        Wide([0; N])
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn double(self) -> Self {
        self << 1
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }
    fn one() -> Self {
        Wide::from_u64(1)
    }
    fn is_odd(&self) -> bool {
        self.0[0] & 1 == 1
    }
}

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    fn add(mut self, rhs: Self) -> Self {
        self += rhs;
        self
    }
}

impl<const N: usize> AddAssign for Wide<N> {
    fn add_assign(&mut self, rhs: Self) {
        let mut carry = false;
        for i in 0..N {
            let (s, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            self.0[i] = s;
            carry = c1 || c2;
        }
    }
}

impl<const N: usize> AddAssign<u64> for Wide<N> {
    fn add_assign(&mut self, rhs: u64) {
        *self += Self::from_u64(rhs);
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    fn sub(mut self, rhs: Self) -> Self {
        self -= rhs;
        self
    }
}

impl<const N: usize> SubAssign for Wide<N> {
    fn sub_assign(&mut self, rhs: Self) {
        let mut borrow = false;
        for i in 0..N {
            let (d, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (d, b2) = d.overflowing_sub(borrow as u64);
            self.0[i] = d;
            borrow = b1 || b2;
        }
    }
}

impl<const N: usize> SubAssign<u64> for Wide<N> {
    fn sub_assign(&mut self, rhs: u64) {
        *self -= Self::from_u64(rhs);
    }
}

impl<const N: usize> Shl<u32> for Wide<N> {
    type Output = Self;
    fn shl(mut self, bits: u32) -> Self {
        self <<= bits;
        self
    }
}

impl<const N: usize> ShlAssign<u32> for Wide<N> {
    fn shl_assign(&mut self, bits: u32) {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; N];
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rest;
            if rest > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        self.0 = out;
    }
}

impl<const N: usize> Shr<u32> for Wide<N> {
    type Output = Self;
    fn shr(self, bits: u32) -> Self {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; N];
        for (i, slot) in out.iter_mut().enumerate().take(N.saturating_sub(limbs)) {
            let src = i + limbs;
            let mut v = self.0[src] >> rest;
            if rest > 0 && src + 1 < N {
                v |= self.0[src + 1] << (64 - rest);
            }
            *slot = v;
        }
        Wide(out)
    }
}

impl<const N: usize> BitOr for Wide<N> {
    type Output = Self;
    fn bitor(mut self, rhs: Self) -> Self {
        for i in 0..N {
            self.0[i] |= rhs.0[i];
        }
        self
    }
}

impl<const N: usize> BitOrAssign<u64> for Wide<N> {
    fn bitor_assign(&mut self, rhs: u64) {
        self.0[0] |= rhs;
    }
}

impl<const N: usize> fmt::Debug for Wide<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        let top = (0..N).rev().find(|&i| self.0[i] != 0).unwrap_or(0);
        write!(f, "{:x}", self.0[top])?;
        for i in (0..top).rev() {
            write!(f, "_{:016x}", self.0[i])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carry_across_limbs() {
        let x = Wide::<3>::from_u64(0b1011) << 62;
        assert_eq!(x.0, [0xC000_0000_0000_0000, 0b10, 0]);
        assert_eq!(x >> 62, Wide::<3>::from_u64(0b1011));
        assert_eq!((Wide::<3>::from_u64(1) << 130).0, [0, 0, 4]);
        assert_eq!((Wide::<3>::from_u64(1) << 192).0, [0, 0, 0]);
    }

    #[test]
    fn add_and_sub_borrow() {
        let a = Wide::<2>([u64::MAX, 0]);
        let b = a + Wide::from_u64(1);
        assert_eq!(b.0, [0, 1]);
        assert_eq!((b - Wide::from_u64(1)).0, [u64::MAX, 0]);
        assert!(b > a);
        assert_eq!(Wide::<2>([5, 1]).cmp(&Wide([7, 0])), Ordering::Greater);
    }
}
