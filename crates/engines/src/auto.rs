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

impl AutoEngine {
    /// The engine `auto` would pick for this model and request.
    pub fn pick(&self, model: &Model, request: &Request) -> &dyn Engine {
        if self.fast.check_support(model, request.mode).is_ok()
            && ClassicGrid::recognise(model).is_some()
        {
            &self.fast
        } else {
            &self.cp
        }
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
        self.pick(model, request).solve(model, request)
    }

    fn solve_classic(
        &self,
        grid: &ClassicGrid,
        request: &Request,
    ) -> Option<Result<Outcome, EngineError>> {
        self.fast.solve_classic(grid, request)
    }
}
