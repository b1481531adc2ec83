//! Domains as bitsets with a trail.
//!
//! ```text
//!   dom:   [ u64 | u64 | u64 | ... ]   one word per variable, bit b = value base + b
//!   trail: [(var, old word), ...]      every change, undone on backtrack
//!   changed: vars touched since the propagation loop last looked
//! ```
//!
//! Every model value is stored relative to one global `base` (the smallest
//! value of any domain), so all-different and `x != y + c` compare bits
//! directly and a model may span at most 64 consecutive values.

/// The current domains, their undo trail and the change log.
#[derive(Clone, Debug, Default)]
pub(crate) struct Domains {
    dom: Vec<u64>,
    trail: Vec<(u32, u64)>,
    pub(crate) changed: Vec<u32>,
}

impl Domains {
    pub(crate) fn new(dom: Vec<u64>) -> Self {
        Domains {
            dom,
            trail: Vec::new(),
            changed: Vec::new(),
        }
    }

    /// The domain word of `var`.
    #[inline]
    pub(crate) fn get(&self, var: usize) -> u64 {
        self.dom[var]
    }

    /// All domain words.
    pub(crate) fn words(&self) -> &[u64] {
        &self.dom
    }

    /// Replaces the domain of `var`; `false` when it became empty.
    #[inline]
    pub(crate) fn set(&mut self, var: usize, new: u64) -> bool {
        let old = self.dom[var];
        if new != old {
            self.trail.push((var as u32, old));
            self.dom[var] = new;
            self.changed.push(var as u32);
        }
        new != 0
    }

    /// Keeps only the values in `mask`; `false` when none is left.
    #[inline]
    pub(crate) fn restrict(&mut self, var: usize, mask: u64) -> bool {
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
pub(crate) fn is_fixed(word: u64) -> bool {
    word != 0 && word & (word - 1) == 0
}

/// Bits `lo..=hi` (clipped to 0..64), empty when `lo > hi`.
pub(crate) fn range_mask(lo: i64, hi: i64) -> u64 {
    let lo = lo.max(0);
    let hi = hi.min(63);
    if lo > hi {
        return 0;
    }
    let width = hi - lo + 1;
    let ones = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    ones << lo
}
