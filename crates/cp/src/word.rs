//! The domain word: a bitset of values, `u64` or `u128`.
//!
//! Every part of the engine is generic over [`Word`] and monomorphised, so
//! a model whose values span at most 64 runs on `u64` exactly as before,
//! and one spanning up to 128 (colourings needing more than 64 colours,
//! grids past 64x64) runs on `u128`. The per-bit work arrays (the matching's
//! tables, the objective's weights) are sized by the word through
//! [`Word::Table`].

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Index, IndexMut, Not, Shl, Shr, Sub};

/// A bitset of at most [`Word::BITS`] values.
pub(crate) trait Word:
    Copy
    + Eq
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Sub<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// Values a word holds.
    const BITS: u32;
    /// The empty set.
    const ZERO: Self;
    /// Every value.
    const ALL: Self;

    /// An array with one entry per bit.
    type Table<T: Copy + Debug>: Copy
        + Debug
        + Index<usize, Output = T>
        + IndexMut<usize>
        + AsRef<[T]>
        + AsMut<[T]>;

    /// A table with every entry `fill`.
    fn table<T: Copy + Debug>(fill: T) -> Self::Table<T>;

    /// The set holding bit `b` alone (`b < BITS`).
    fn bit(b: u32) -> Self;

    /// Number of values.
    fn count_ones(self) -> u32;

    /// The lowest value (`BITS` when empty).
    fn trailing_zeros(self) -> u32;

    /// `BITS - 1 -` the highest value.
    fn leading_zeros(self) -> u32;

    /// Whether bit `b` is set.
    #[inline]
    fn has(self, b: u32) -> bool {
        self >> b & Self::bit(0) != Self::ZERO
    }

    /// The highest value (the word is not empty).
    #[inline]
    fn highest(self) -> u32 {
        Self::BITS - 1 - self.leading_zeros()
    }

    /// Bits `0..n` (`n <= BITS`).
    #[inline]
    fn low(n: u32) -> Self {
        if n >= Self::BITS {
            Self::ALL
        } else {
            Self::bit(n) - Self::bit(0)
        }
    }
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ALL: Self = <$t>::MAX;
            type Table<T: Copy + Debug> = [T; <$t>::BITS as usize];

            #[inline]
            fn table<T: Copy + Debug>(fill: T) -> Self::Table<T> {
                [fill; <$t>::BITS as usize]
            }

            #[inline]
            fn bit(b: u32) -> Self {
                1 << b
            }

            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }

            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }

            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
        }
    };
}

word!(u64);
word!(u128);

/// The domain of `values` as a word, bit `k` standing for `base + k`
/// (values outside the word's window are left out; the caller checks the
/// model's span first).
pub(crate) fn mask_of<W: Word>(values: &[i32], base: i32) -> W {
    values
        .iter()
        .filter_map(|&v| u32::try_from(i64::from(v) - i64::from(base)).ok())
        .filter(|&shift| shift < W::BITS)
        .fold(W::ZERO, |mask, shift| mask | W::bit(shift))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_words_agree_below_64_and_u128_reaches_127() {
        assert_eq!(<u64 as Word>::low(64), u64::MAX);
        assert_eq!(<u128 as Word>::low(64), u128::from(u64::MAX));
        assert_eq!(<u128 as Word>::low(128), u128::MAX);
        assert_eq!(mask_of::<u128>(&[1, 65, 128], 1), 1 | 1 << 64 | 1 << 127);
        assert_eq!(mask_of::<u64>(&[1, 65], 1), 1);
        assert_eq!((1u128 << 100).highest(), 100);
        assert!((1u128 << 100).has(100));
        assert!(!(1u128 << 100).has(99));
    }
}
