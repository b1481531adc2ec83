//! `random`: a uniformly random value from a seeded generator.

use crate::branching::ValueSelector;
use crate::rng::{nth_bit, Rng};
use crate::word::Word;

/// Random value.
pub(crate) struct InDomainRandom(Rng);

impl InDomainRandom {
    pub(crate) fn new(seed: u64) -> Self {
        InDomainRandom(Rng::new(seed))
    }
}

impl<W: Word> ValueSelector<W> for InDomainRandom {
    fn select(&mut self, word: W) -> u32 {
        nth_bit(word, self.0.below(word.count_ones() as usize))
    }
}
