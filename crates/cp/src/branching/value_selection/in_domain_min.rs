//! `min`: the smallest value left.

use crate::branching::ValueSelector;
use crate::word::Word;

/// Smallest value.
pub(crate) struct InDomainMin;

impl<W: Word> ValueSelector<W> for InDomainMin {
    fn select(&mut self, word: W) -> u32 {
        word.trailing_zeros()
    }
}
