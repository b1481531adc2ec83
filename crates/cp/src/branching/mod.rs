//! Search as composable parts (Pumpkin's `branching/` layout): a
//! [`VariableSelector`] picks the variable, a [`ValueSelector`] the value, and
//! the search branches `x = v` first, then `x != v`. One heuristic per file.

pub(crate) mod value_selection;
pub(crate) mod variable_selection;

use crate::propagators::Propagator;
use crate::word::Word;
use crate::{CpConfig, ValSelect, VarSelect};

/// What a selector may look at: the current domains, for each variable the
/// constraints (propagator ids) it appears in, and the propagators.
pub(crate) struct View<'a, W: Word> {
    pub(crate) dom: &'a [W],
    pub(crate) var_props: &'a [Vec<u32>],
    pub(crate) props: &'a [Propagator<W>],
}

/// Picks the next variable to branch on.
pub(crate) trait VariableSelector<W: Word>: Send {
    /// An unfixed variable, or `None` when all are fixed.
    fn select(&mut self, view: &View<'_, W>) -> Option<usize>;

    /// Propagator `prop` (over `vars`) failed; learning selectors take note.
    fn on_conflict(&mut self, _prop: usize, _vars: &[u32]) {}

    /// The search restarted from the root.
    fn on_restart(&mut self) {}
}

/// Picks the value to try first (a bit of the domain word).
pub(crate) trait ValueSelector<W: Word>: Send {
    /// A bit set in `word` (never called with an empty word).
    fn select(&mut self, word: W) -> u32;
}

/// The variable selector a config asks for.
pub(crate) fn variable_selector<W: Word>(config: &CpConfig) -> Box<dyn VariableSelector<W>> {
    use variable_selection::*;
    match config.var {
        VarSelect::InputOrder => Box::new(InputOrder),
        VarSelect::FirstFail => Box::new(FirstFail),
        VarSelect::DomDeg => Box::new(DomDeg),
        VarSelect::DomWDeg => Box::new(DomWDeg::default()),
        VarSelect::ConflictHistory => Box::new(ConflictHistory::default()),
        VarSelect::Random => Box::new(RandomVar::new(config.seed)),
    }
}

/// The value selector a config asks for.
pub(crate) fn value_selector<W: Word>(config: &CpConfig) -> Box<dyn ValueSelector<W>> {
    use value_selection::*;
    match config.val {
        ValSelect::Min => Box::new(InDomainMin),
        ValSelect::Max => Box::new(InDomainMax),
        ValSelect::Middle => Box::new(InDomainMiddle),
        ValSelect::Random => Box::new(InDomainRandom::new(config.seed.wrapping_add(1))),
    }
}
