use sudokit_cp::CpEngine;
use sudokit_fast::FastEngine;
use sudokit_model::{ClassicGrid, ConstraintKind, Engine, EngineError, Model, Outcome, Request};

/// `--engine auto`: `fast` for plain boxed grids up to 9×9 (not
/// optimisation), the `cp` engine for everything else.
///
/// Bigger grids go to `cp` although `fast` handles them: `fast`'s generic
/// path propagates singles only, and on big grids `cp`'s matching-based
/// all-different pays. Counting to 2 on 20 random 25×25 puzzles with 55%
/// blanks (5 s limit each): `cp` 3.9 s in all, `fast` 13 s with one puzzle
/// stopped by the limit (before its dom/wdeg-style weights, `fast` found
/// no solution within 5 s on 4 of the first 5).
#[derive(Clone, Debug, Default)]
pub struct AutoEngine {
    fast: FastEngine,
    cp: CpEngine,
}

/// The biggest grid `auto` gives to `fast` (see [`AutoEngine`]).
const FAST_MAX_SIZE: usize = 9;

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
            && ClassicGrid::recognise(model).is_some_and(|grid| grid.size <= FAST_MAX_SIZE)
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
        if grid.size > FAST_MAX_SIZE {
            return None;
        }
        let mut outcome = self.fast.solve_classic(grid, request)?;
        if let Ok(outcome) = &mut outcome {
            outcome.delegate = Some(FAST);
        }
        Some(outcome)
    }
}
