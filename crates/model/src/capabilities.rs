use crate::{ConstraintKind, LimitKind};

/// What an engine declares it can do: the constraint kinds it handles
/// natively (others are refused, never approximated), whether it optimises,
/// and which limits its search honours. The conformance suite holds every
/// engine to its declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// Constraint kinds handled natively.
    pub constraints: &'static [ConstraintKind],
    /// Whether [`crate::Mode::Optimize`] is supported (first, count and all
    /// solutions always are).
    pub optimizes: bool,
    /// The limits checked inside the search; a limit not listed may be
    /// ignored, so callers cannot rely on it.
    pub limits: &'static [LimitKind],
}

impl Capabilities {
    /// Every constraint kind, optimisation and every limit: what a
    /// general solver declares. An engine that does less says how it
    /// differs, e.g. `Capabilities { optimizes: false, ..Capabilities::FULL }`.
    pub const FULL: Capabilities = Capabilities {
        constraints: ConstraintKind::ALL,
        optimizes: true,
        limits: Capabilities::ALL_LIMITS,
    };

    /// Every limit sudokit knows.
    pub const ALL_LIMITS: &'static [LimitKind] = &[
        LimitKind::Time,
        LimitKind::Nodes,
        LimitKind::Fails,
        LimitKind::Cancelled,
    ];

    /// Whether the search honours `limit`.
    pub fn honours(&self, limit: LimitKind) -> bool {
        self.limits.contains(&limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_capabilities_take_every_constraint_limit_and_objective() {
        let full = Capabilities::FULL;
        assert!(full.optimizes);
        assert_eq!(full.constraints, ConstraintKind::ALL);
        for limit in [
            LimitKind::Time,
            LimitKind::Nodes,
            LimitKind::Fails,
            LimitKind::Cancelled,
        ] {
            assert!(full.honours(limit), "{limit:?}");
        }
    }
}
