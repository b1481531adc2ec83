//! `x != y + c` (N-Queens diagonals, colouring edges with `c = 0`): when one
//! side is fixed, the one value it forbids is removed from the other.

use crate::domains::{is_fixed, Domains};
use crate::word::Word;

/// `x != y + offset`, over bit indices (both share the global base).
#[derive(Clone, Debug)]
pub(crate) struct NotEqual {
    vars: [u32; 2],
    offset: i64,
}

impl NotEqual {
    pub(crate) fn new(x: u32, y: u32, offset: i32) -> Self {
        NotEqual {
            vars: [x, y],
            offset: i64::from(offset),
        }
    }

    pub(crate) fn vars(&self) -> &[u32] {
        &self.vars
    }

    pub(crate) fn propagate<W: Word>(&mut self, d: &mut Domains<W>) -> bool {
        let [x, y] = [self.vars[0] as usize, self.vars[1] as usize];
        let my = d.get(y);
        if is_fixed(my) {
            let bit = i64::from(my.trailing_zeros()) + self.offset;
            if (0..i64::from(W::BITS)).contains(&bit) && !d.restrict(x, !W::bit(bit as u32)) {
                return false;
            }
        }
        let mx = d.get(x);
        if is_fixed(mx) {
            let bit = i64::from(mx.trailing_zeros()) - self.offset;
            if (0..i64::from(W::BITS)).contains(&bit) && !d.restrict(y, !W::bit(bit as u32)) {
                return false;
            }
        }
        true
    }
}
