//! Domains as bitsets with a trail.
//!
//! ```text
//!   dom:   [ W | W | W | ... ]         one word per variable, bit b = value base + b
//!   trail: [(var, old word), ...]      every change, undone on backtrack
//!   changed: vars touched since the propagation loop last looked
//! ```
//!
//! Every model value is stored relative to one global `base` (the smallest
//! value of any domain), so all-different and `x != y + c` compare bits
//! directly and a model may span at most `W::BITS` consecutive values (64
//! or 128, see [`Word`]).

use crate::word::Word;

/// The current domains, their undo trail and the change log.
#[derive(Clone, Debug, Default)]
pub(crate) struct Domains<W: Word> {
    dom: Vec<W>,
    trail: Vec<(u32, W)>,
    pub(crate) changed: Vec<u32>,
}

impl<W: Word> Domains<W> {
    pub(crate) fn new(dom: Vec<W>) -> Self {
        Domains {
            dom,
            trail: Vec::new(),
            changed: Vec::new(),
        }
    }

    /// The domain word of `var`.
    #[inline]
    pub(crate) fn get(&self, var: usize) -> W {
        self.dom[var]
    }

    /// All domain words.
    pub(crate) fn words(&self) -> &[W] {
        &self.dom
    }

    /// Replaces the domain of `var`; `false` when it became empty.
    #[inline]
    pub(crate) fn set(&mut self, var: usize, new: W) -> bool {
        let old = self.dom[var];
        if new != old {
            self.trail.push((var as u32, old));
            self.dom[var] = new;
            self.changed.push(var as u32);
        }
        new != W::ZERO
    }

    /// Keeps only the values in `mask`; `false` when none is left.
    #[inline]
    pub(crate) fn restrict(&mut self, var: usize, mask: W) -> bool {
        self.set(var, self.dom[var] & mask)
    }

    /// Current trail length, to come back to.
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`.
    pub(crate) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (var, old) = self.trail.pop().expect("trail longer than mark");
            self.dom[var as usize] = old;
        }
        self.changed.clear();
    }
}

/// True when the word holds exactly one value.
#[inline]
pub(crate) fn is_fixed<W: Word>(word: W) -> bool {
    word != W::ZERO && word & (word - W::bit(0)) == W::ZERO
}

/// Bits `lo..=hi` (clipped to the word), empty when `lo > hi`.
pub(crate) fn range_mask<W: Word>(lo: i64, hi: i64) -> W {
    let lo = lo.max(0);
    let hi = hi.min(i64::from(W::BITS) - 1);
    if lo > hi {
        return W::ZERO;
    }
    W::low((hi + 1) as u32) & !W::low(lo as u32)
}
