//! `middle`: the value closest to `(min + max) / 2`, the lower one on ties
//! (Choco's `IntDomainMiddle`).

use crate::branching::ValueSelector;

/// Value nearest the middle of the bounds.
pub(crate) struct InDomainMiddle;

impl ValueSelector for InDomainMiddle {
    fn select(&mut self, word: u64) -> u32 {
        let lo = word.trailing_zeros();
        let hi = 63 - word.leading_zeros();
        let mid = (lo + hi) / 2;
        let low_mask = if mid >= 63 {
            u64::MAX
        } else {
            (2u64 << mid) - 1
        };
        let below = word & low_mask;
        let above = word & !((1u64 << mid) - 1);
        let down = 63 - below.leading_zeros(); // below holds lo, never empty
        if above == 0 {
            return down;
        }
        let up = above.trailing_zeros();
        if mid - down <= up - mid {
            down
        } else {
            up
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_middle_lower_on_ties() {
        let mut s = InDomainMiddle;
        assert_eq!(s.select(0b1_1111_1111), 4);
        assert_eq!(s.select(0b1000_0001), 0);
        assert_eq!(s.select(0b1100_0001), 0);
        assert_eq!(s.select(0b1010_0001), 5);
        assert_eq!(s.select(1 << 63 | 1), 0);
        assert_eq!(s.select(1 << 5), 5);
    }
}
