//! `max`: the largest value left.

use crate::branching::ValueSelector;
use crate::word::Word;

/// Largest value.
pub(crate) struct InDomainMax;

impl<W: Word> ValueSelector<W> for InDomainMax {
    fn select(&mut self, word: W) -> u32 {
        word.highest()
    }
}
