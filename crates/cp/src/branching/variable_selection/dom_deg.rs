//! `dom-deg`: the smallest domain size divided by the variable's (static)
//! degree, the number of constraints it appears in. On a plain Sudoku every
//! cell has degree 3, so this is first-fail; it differs on variants (a cell on
//! a diagonal or in a cage is more constrained).

use crate::branching::{VariableSelector, View};
use crate::word::Word;

/// Smallest `|dom| / deg`.
pub(crate) struct DomDeg;

impl<W: Word> VariableSelector<W> for DomDeg {
    fn select(&mut self, view: &View<'_, W>) -> Option<usize> {
        let mut best = None;
        let (mut best_dom, mut best_deg) = (u64::from(W::BITS) + 1, 1u64);
        for (i, &m) in view.dom.iter().enumerate() {
            let dom = u64::from(m.count_ones());
            if dom > 1 {
                let deg = view.var_props[i].len().max(1) as u64;
                // dom / deg < best_dom / best_deg, without division.
                if dom * best_deg < best_dom * deg {
                    best = Some(i);
                    best_dom = dom;
                    best_deg = deg;
                }
            }
        }
        best
    }
}
