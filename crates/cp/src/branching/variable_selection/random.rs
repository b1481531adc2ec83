//! `random`: a uniformly random unfixed variable from a seeded generator, so
//! runs are reproducible (`seed=N`). Useful with restarts and as a control.

use crate::branching::{VariableSelector, View};
use crate::domains::is_fixed;
use crate::rng::Rng;
use crate::word::Word;

/// Random unfixed variable.
pub(crate) struct RandomVar {
    rng: Rng,
    open: Vec<usize>,
}

impl RandomVar {
    pub(crate) fn new(seed: u64) -> Self {
        RandomVar {
            rng: Rng::new(seed),
            open: Vec::new(),
        }
    }
}

impl<W: Word> VariableSelector<W> for RandomVar {
    fn select(&mut self, view: &View<'_, W>) -> Option<usize> {
        self.open.clear();
        self.open
            .extend((0..view.dom.len()).filter(|&i| !is_fixed(view.dom[i])));
        if self.open.is_empty() {
            return None;
        }
        Some(self.open[self.rng.below(self.open.len())])
    }
}
