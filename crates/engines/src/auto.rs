use sudokit_cp::CpEngine;
use sudokit_fast::FastEngine;
use sudokit_model::{ClassicGrid, ConstraintKind, Engine, EngineError, Model, Outcome, Request};

/// `--engine auto`: `fast` wherever it applies (plain boxed grids, not
/// optimisation), the `cp` engine for everything else.
#[derive(Clone, Debug, Default)]
pub struct AutoEngine {
    fast: FastEngine,
    cp: CpEngine,
}

/// The names `auto` reports in [`Outcome::delegate`].
const FAST: &str = "fast";
const CP: &str = "cp";

impl AutoEngine {
    /// The engine `auto` would pick for this model and request.
    pub fn pick(&self, model: &Model, request: &Request) -> &dyn Engine {
        if self.fast_applies(model, request) {
            &self.fast
        } else {
            &self.cp
        }
    }

    fn fast_applies(&self, model: &Model, request: &Request) -> bool {
        self.fast.check_support(model, request.mode).is_ok()
            && ClassicGrid::recognise(model).is_some()
    }
}

impl Engine for AutoEngine {
    fn name(&self) -> String {
        "auto".into()
    }

    fn native_constraints(&self) -> &'static [ConstraintKind] {
        self.cp.native_constraints()
    }

    fn optimizes(&self) -> bool {
        true
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        let (engine, name): (&dyn Engine, _) = if self.fast_applies(model, request) {
            (&self.fast, FAST)
        } else {
            (&self.cp, CP)
        };
        let mut outcome = engine.solve(model, request)?;
        outcome.delegate = Some(name);
        Ok(outcome)
    }

    fn solve_classic(
        &self,
        grid: &ClassicGrid,
        request: &Request,
    ) -> Option<Result<Outcome, EngineError>> {
        let mut outcome = self.fast.solve_classic(grid, request)?;
        if let Ok(outcome) = &mut outcome {
            outcome.delegate = Some(FAST);
        }
        Some(outcome)
    }
}
