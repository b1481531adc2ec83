//! `middle`: the value closest to `(min + max) / 2`, the lower one on ties
//! (Choco's `IntDomainMiddle`).

use crate::branching::ValueSelector;
use crate::word::Word;

/// Value nearest the middle of the bounds.
pub(crate) struct InDomainMiddle;

impl<W: Word> ValueSelector<W> for InDomainMiddle {
    fn select(&mut self, word: W) -> u32 {
        let lo = word.trailing_zeros();
        let hi = word.highest();
        let mid = (lo + hi) / 2;
        let below = word & W::low(mid + 1);
        let above = word & !W::low(mid);
        let down = below.highest(); // below holds lo, never empty
        if above == W::ZERO {
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
        let s = &mut InDomainMiddle as &mut dyn ValueSelector<u64>;
        assert_eq!(s.select(0b1_1111_1111), 4);
        assert_eq!(s.select(0b1000_0001), 0);
        assert_eq!(s.select(0b1100_0001), 0);
        assert_eq!(s.select(0b1010_0001), 5);
        assert_eq!(s.select(1 << 63 | 1), 0);
        assert_eq!(s.select(1 << 5), 5);
    }
}
