//! `max`: the largest value left.

use crate::branching::ValueSelector;

/// Largest value.
pub(crate) struct InDomainMax;

impl ValueSelector for InDomainMax {
    fn select(&mut self, word: u64) -> u32 {
        63 - word.leading_zeros()
    }
}
