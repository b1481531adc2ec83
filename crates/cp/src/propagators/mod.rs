//! Propagators over bitset domains, one per file. Each one runs to its own
//! fixpoint, so the queue never re-runs the propagator that caused a change.

mod all_different;
mod linear;
mod nogood;
mod not_equal;
mod objective;

pub(crate) use all_different::AllDifferent;
pub(crate) use linear::Linear;
pub(crate) use nogood::Nogood;
pub(crate) use not_equal::NotEqual;
pub(crate) use objective::ObjectiveBound;

use crate::domains::Domains;
use crate::word::Word;

/// Every propagator kind (static dispatch keeps the hot loop inlinable).
#[derive(Clone, Debug)]
pub(crate) enum Propagator<W: Word> {
    AllDifferent(AllDifferent<W>),
    Linear(Linear),
    NotEqual(NotEqual),
    Objective(ObjectiveBound<W>),
    Nogood(Nogood),
}

impl<W: Word> Propagator<W> {
    /// Prunes; `false` on a contradiction.
    #[inline]
    pub(crate) fn propagate(&mut self, d: &mut Domains<W>) -> bool {
        match self {
            Propagator::AllDifferent(p) => p.propagate(d),
            Propagator::Linear(p) => p.propagate(d),
            Propagator::NotEqual(p) => p.propagate(d),
            Propagator::Objective(p) => p.propagate(d),
            Propagator::Nogood(p) => p.propagate(d),
        }
    }

    /// The variables it watches.
    pub(crate) fn vars(&self) -> &[u32] {
        match self {
            Propagator::AllDifferent(p) => p.vars(),
            Propagator::Linear(p) => p.vars(),
            Propagator::NotEqual(p) => p.vars(),
            Propagator::Objective(p) => p.vars(),
            Propagator::Nogood(p) => p.vars(),
        }
    }

    /// Whether it only needs waking when one of its variables becomes fixed.
    pub(crate) fn fix_only(&self) -> bool {
        match self {
            Propagator::AllDifferent(p) => p.fix_only(),
            Propagator::Linear(p) => p.fix_only(),
            Propagator::NotEqual(_) | Propagator::Nogood(_) => true,
            Propagator::Objective(_) => false,
        }
    }
}
