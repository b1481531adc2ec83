//! A tiny seeded generator (SplitMix64) for the random heuristics: the same
//! seed gives the same search, with no dependency.

/// SplitMix64 state.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// The `k`-th set bit of `mask` (k < popcount).
pub(crate) fn nth_bit<W: crate::word::Word>(mut mask: W, k: usize) -> u32 {
    for _ in 0..k {
        mask &= mask - W::bit(0);
    }
    mask.trailing_zeros()
}
