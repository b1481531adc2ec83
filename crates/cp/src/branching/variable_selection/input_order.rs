//! `input-order`: the first unfixed variable in model order (row-major for a
//! grid). No look at the domains at all: the baseline every heuristic beats.

use crate::branching::{VariableSelector, View};
use crate::domains::is_fixed;

/// First unfixed variable.
pub(crate) struct InputOrder;

impl VariableSelector for InputOrder {
    fn select(&mut self, view: &View<'_>) -> Option<usize> {
        view.dom.iter().position(|&m| !is_fixed(m))
    }
}
