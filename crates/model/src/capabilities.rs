use crate::{ConstraintKind, EngineError, LimitKind, Limits};

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

    /// `Ok` when the search honours every limit in `limits`, else the
    /// refusal of `engine` naming the first it would ignore: a limit the
    /// caller set is never dropped silently.
    pub fn check_limits(&self, engine: &str, limits: &Limits) -> Result<(), EngineError> {
        match limits.kinds().find(|&kind| !self.honours(kind)) {
            None => Ok(()),
            Some(kind) => Err(EngineError::Unsupported {
                engine: engine.to_string(),
                what: format!(
                    "a {} limit: its search does not count {}; a time limit stops it",
                    kind.noun(),
                    kind.name()
                ),
            }),
        }
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

    #[test]
    fn a_limit_the_search_cannot_count_is_refused_by_name() {
        let timed = Capabilities {
            limits: &[LimitKind::Time, LimitKind::Cancelled],
            ..Capabilities::FULL
        };
        let clock = Limits::none().with_timeout(std::time::Duration::from_secs(1));
        assert_eq!(timed.check_limits("z3", &clock), Ok(()));
        assert_eq!(
            timed
                .check_limits("z3", &clock.with_fails(3).with_nodes(10))
                .unwrap_err()
                .to_string(),
            "z3 does not support a node limit: its search does not count nodes; \
             a time limit stops it"
        );
        assert_eq!(
            Capabilities::FULL.check_limits("cp", &Limits::none().with_nodes(1)),
            Ok(())
        );
    }
}
