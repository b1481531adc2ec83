use sudokit_cp::CpEngine;
use sudokit_fast::FastEngine;
use sudokit_model::{
    Capabilities, Conformance, Descriptor, Engine, EngineError, Mode, Model, Outcome, Prepared,
    Request,
};
#[cfg(feature = "sat")]
use sudokit_sat::SatEngine;

/// `--engine auto`: `fast` for plain boxed grids up to 9×9 (not
/// optimisation), the `cp` engine for everything else, and `sat` for the
/// models `cp` refuses: values spanning more than 128, such as a colouring
/// of a dense graph that needs two hundred colours.
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
    #[cfg(feature = "sat")]
    sat: SatEngine,
}

/// The biggest grid `auto` gives to `fast` (see [`AutoEngine`]).
const FAST_MAX_SIZE: usize = 9;

/// The names `auto` reports in [`Outcome::delegate`].
const FAST: &str = "fast";
const CP: &str = "cp";
#[cfg(feature = "sat")]
const SAT: &str = "sat";

/// The `auto` choice's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "auto",
    family: "choice",
    summary: "fast for plain boxed grids up to 9x9, cp for everything else, sat where cp cannot (the default)",
    options: "",
    // Not timed by a default bench: it is `fast` or `cp` again.
    bench_spec: "",
    probe: Descriptor::always_available,
    build: |options| match options {
        [] => Ok(Box::new(AutoEngine::default())),
        _ => Err(EngineError::BadOption {
            engine: "auto".into(),
            message: "takes no options".into(),
        }),
    },
    conformance: Conformance {
        specs: &["auto"],
        refuses: &[],
        slow: &[],
    },
    export: None,
};

impl AutoEngine {
    /// Whether `fast` may take this model: a grid small enough, and no
    /// optimisation. `fast` itself then recognises the grid, once.
    fn fast_may_take(model: &Model, mode: Mode) -> bool {
        mode != Mode::Optimize && model.grid().is_some_and(|g| g.size <= FAST_MAX_SIZE)
    }
}

impl Engine for AutoEngine {
    fn name(&self) -> String {
        "auto".into()
    }

    fn capabilities(&self) -> Capabilities {
        self.cp.capabilities()
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        if Self::fast_may_take(model, request.mode) {
            match self.fast.solve(model, request) {
                Err(EngineError::Unsupported { .. }) => {}
                answer => return delegated(answer, FAST),
            }
        }
        match self.cp.solve(model, request) {
            #[cfg(feature = "sat")]
            Err(EngineError::Unsupported { .. }) => delegated(self.sat.solve(model, request), SAT),
            answer => delegated(answer, CP),
        }
    }

    /// Prepares `fast` where it takes the grid, and `cp` always (for
    /// optimisation, and for everything `fast` refuses; `cp` takes every
    /// grid, whose values span at most 100).
    fn prepare(&self, model: &Model) -> Result<Box<dyn Prepared + '_>, EngineError> {
        let fast = match Self::fast_may_take(model, Mode::First) {
            true => self.fast.prepare(model).ok(),
            false => None,
        };
        Ok(Box::new(AutoPrepared {
            fast,
            cp: self.cp.prepare(model)?,
            cells: Vec::new(),
        }))
    }
}

/// What [`AutoEngine::prepare`] keeps: the puzzle loaded last goes to
/// the engine that will solve it when the request says which one that is.
struct AutoPrepared<'e> {
    fast: Option<Box<dyn Prepared + 'e>>,
    cp: Box<dyn Prepared + 'e>,
    cells: Vec<u64>,
}

impl Prepared for AutoPrepared<'_> {
    fn load(&mut self, cells: &[u64]) -> Result<(), EngineError> {
        self.cells.clear();
        self.cells.extend_from_slice(cells);
        Ok(())
    }

    fn solve(&mut self, request: &Request) -> Result<Outcome, EngineError> {
        let (engine, name) = match &mut self.fast {
            Some(fast) if request.mode != Mode::Optimize => (fast, FAST),
            _ => (&mut self.cp, CP),
        };
        engine.load(&self.cells)?;
        delegated(engine.solve(request), name)
    }
}

fn delegated(
    answer: Result<Outcome, EngineError>,
    engine: &'static str,
) -> Result<Outcome, EngineError> {
    answer.map(|mut outcome| {
        outcome.delegate = Some(engine);
        outcome
    })
}
