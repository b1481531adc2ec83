//! `input-order`: the first unfixed variable in model order (row-major for a
//! grid). No look at the domains at all: the baseline every heuristic beats.

use crate::branching::{VariableSelector, View};
use crate::domains::is_fixed;
use crate::word::Word;

/// First unfixed variable.
pub(crate) struct InputOrder;

impl<W: Word> VariableSelector<W> for InputOrder {
    fn select(&mut self, view: &View<'_, W>) -> Option<usize> {
        view.dom.iter().position(|&m| !is_fixed(m))
    }
}
