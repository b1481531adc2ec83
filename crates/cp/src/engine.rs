//! [`CpEngine`]: the `cp` engine behind the [`Engine`] contract.

use sudokit_model::{
    Capabilities, Conformance, Descriptor, Engine, EngineError, Model, Outcome, Request,
};

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

/// The `cp` engine's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "cp",
    family: "CP",
    summary: "propagation + search over any model: strategies, restarts, optimisation",
    options: "var=…, val=…, restarts=…, propagation=fc|singles|ac, seed=N",
    bench_spec: "cp",
    probe: Descriptor::always_available,
    build: |options| Ok(Box::new(CpEngine::from_options(options)?)),
    conformance: Conformance {
        // The default, and one spec for every selector, value order,
        // propagation level and restart policy.
        specs: &[
            "cp",
            "cp:input-order:singles",
            "cp:first-fail:fc",
            "cp:dom-wdeg:singles",
            "cp:chs:singles",
            "cp:first-fail:singles:val=max",
            "cp:chs:luby:restart-base=4",
            "cp:var=random:val=random:geometric:restart-base=2:seed=3",
        ],
        refuses: &[],
        slow: &[],
    },
    export: None,
};

impl Engine for CpEngine {
    fn name(&self) -> String {
        format!("cp:{}", self.config.spec())
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::FULL
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
        assert!(e.capabilities().optimizes);
        assert_eq!(e.capabilities().constraints.len(), 3);
    }

    #[test]
    fn bad_options_are_typed_errors() {
        let err = CpEngine::from_options(&["var=fastest"]).unwrap_err();
        assert!(matches!(err, EngineError::BadOption { .. }));
    }
}
