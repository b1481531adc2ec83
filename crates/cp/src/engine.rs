//! [`CpEngine`]: the `cp` engine behind the [`Engine`] contract.

use sudokit_model::{ConstraintKind, Engine, EngineError, Model, Outcome, Request};

use crate::CpConfig;

/// The constraint-programming engine. Handles every constraint kind of the
/// model IR and optimisation; the strategy is a [`CpConfig`].
#[derive(Clone, Debug, Default)]
pub struct CpEngine {
    config: CpConfig,
}

impl CpEngine {
    /// An engine with the default strategy.
    pub fn new() -> Self {
        Self::default()
    }

    /// An engine with the given strategy.
    pub fn with_config(config: CpConfig) -> Self {
        CpEngine { config }
    }

    /// Parses the options after `cp` in a spec such as `cp:dom-wdeg:luby:ac`
    /// or `cp:var=first-fail:val=min:restarts=none:propagation=ac:seed=7`.
    pub fn from_options(options: &[&str]) -> Result<CpEngine, EngineError> {
        CpConfig::from_options(options).map(Self::with_config)
    }

    /// The strategy.
    pub fn config(&self) -> &CpConfig {
        &self.config
    }
}

const NATIVE: &[ConstraintKind] = &[
    ConstraintKind::AllDifferent,
    ConstraintKind::Linear,
    ConstraintKind::NotEqualOffset,
];

impl Engine for CpEngine {
    fn name(&self) -> String {
        format!("cp:{}", self.config.spec())
    }

    fn native_constraints(&self) -> &'static [ConstraintKind] {
        NATIVE
    }

    fn optimizes(&self) -> bool {
        true
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        self.check_support(model, request.mode)?;
        crate::search::solve(model, &self.config, request).map_err(|e| match e {
            EngineError::Unsupported { what, .. } => EngineError::Unsupported {
                engine: self.name(),
                what,
            },
            other => other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_shows_the_selector_and_every_non_default_option() {
        assert_eq!(CpEngine::new().name(), "cp:dom-wdeg");
        let e = CpEngine::from_options(&["first-fail", "luby", "fc", "val=middle"]).unwrap();
        assert_eq!(e.name(), "cp:first-fail:val=middle:luby:fc");
        assert!(e.optimizes());
        assert_eq!(e.native_constraints().len(), 3);
    }

    #[test]
    fn bad_options_are_typed_errors() {
        let err = CpEngine::from_options(&["var=fastest"]).unwrap_err();
        assert!(matches!(err, EngineError::BadOption { .. }));
    }
}
