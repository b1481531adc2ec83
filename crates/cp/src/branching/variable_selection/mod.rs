//! Variable selectors, one per file.

mod conflict_history;
mod dom_deg;
mod dom_wdeg;
mod first_fail;
mod input_order;
mod random;

pub(crate) use conflict_history::ConflictHistory;
pub(crate) use dom_deg::DomDeg;
pub(crate) use dom_wdeg::DomWDeg;
pub(crate) use first_fail::FirstFail;
pub(crate) use input_order::InputOrder;
pub(crate) use random::RandomVar;

use crate::branching::View;
use crate::domains::is_fixed;
use crate::word::Word;

/// Which constraints are still live (have at least two unfixed variables)
/// in the current node, each computed at most once per selection: the
/// weighted heuristics count only those, as published.
#[derive(Default)]
pub(crate) struct LiveConstraints {
    open: Vec<u32>,
    stamp: Vec<u32>,
    round: u32,
}

impl LiveConstraints {
    /// Starts a new selection.
    pub(crate) fn next_round<W: Word>(&mut self, view: &View<'_, W>) {
        if self.stamp.len() < view.props.len() {
            self.stamp.resize(view.props.len(), 0);
            self.open.resize(view.props.len(), 0);
        }
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.fill(0);
            self.round = 1;
        }
    }

    /// Whether constraint `p` has another unfixed variable besides an
    /// unfixed one asking.
    pub(crate) fn is_live<W: Word>(&mut self, p: usize, view: &View<'_, W>) -> bool {
        if self.stamp[p] != self.round {
            self.stamp[p] = self.round;
            self.open[p] = view.props[p]
                .vars()
                .iter()
                .filter(|&&y| !is_fixed(view.dom[y as usize]))
                .count() as u32;
        }
        self.open[p] >= 2
    }
}
