//! `min`: the smallest value left.

use crate::branching::ValueSelector;

/// Smallest value.
pub(crate) struct InDomainMin;

impl ValueSelector for InDomainMin {
    fn select(&mut self, word: u64) -> u32 {
        word.trailing_zeros()
    }
}
