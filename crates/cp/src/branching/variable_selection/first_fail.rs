//! `first-fail`: the variable with the fewest values left, ties in model
//! order — "try first where you are most likely to fail".

use crate::branching::{VariableSelector, View};
use crate::word::Word;

/// Smallest domain.
pub(crate) struct FirstFail;

impl<W: Word> VariableSelector<W> for FirstFail {
    fn select(&mut self, view: &View<'_, W>) -> Option<usize> {
        let mut best = None;
        let mut best_size = u32::MAX;
        for (i, &m) in view.dom.iter().enumerate() {
            let size = m.count_ones();
            if size > 1 && size < best_size {
                best_size = size;
                best = Some(i);
                if size == 2 {
                    break;
                }
            }
        }
        best
    }
}
