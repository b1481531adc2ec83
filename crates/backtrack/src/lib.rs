//! The baseline engine: the course's plain backtracking solver, generic over
//! any [`Model`].
//!
//! It exists to be simple and obviously right, so the faster engines have a
//! reference to be compared with. Each decision fixes one variable and removes
//! its value from every variable it shares an all-different or `x != y + c`
//! with (forward checking); linear constraints are checked on their bounds.
//! Variables are taken in model order, or smallest domain first with the
//! `mrv` option (`backtrack:mrv`), which is what makes hard puzzles tractable.
#![deny(missing_docs)]

mod search;

use std::time::Instant;

use sudokit_model::{
    Capabilities, Conformance, Descriptor, Engine, EngineError, Model, Outcome, Request,
};

/// Which variable to branch on next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// The first unfixed variable in model order (the course's baseline).
    #[default]
    Input,
    /// The unfixed variable with the fewest values left (minimum remaining values).
    Mrv,
}

/// The baseline engine. See the crate docs.
#[derive(Clone, Debug, Default)]
pub struct BacktrackEngine {
    order: Order,
}

impl BacktrackEngine {
    /// A baseline engine with the given variable order.
    pub fn new(order: Order) -> Self {
        BacktrackEngine { order }
    }

    /// Parses the options of a spec such as `backtrack:mrv`.
    pub fn from_options(options: &[&str]) -> Result<Self, EngineError> {
        let mut order = Order::Input;
        for option in options {
            order = match *option {
                "mrv" | "order=mrv" => Order::Mrv,
                "input" | "order=input" => Order::Input,
                other => {
                    return Err(EngineError::BadOption {
                        engine: "backtrack".into(),
                        message: format!("unknown option `{other}` (valid: input, mrv)"),
                    })
                }
            };
        }
        Ok(BacktrackEngine { order })
    }
}

/// The `backtrack` engine's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "backtrack",
    family: "backtracking",
    summary: "the course's baseline: backtracking with forward checking",
    options: "input (default), mrv",
    // Input order is the course's baseline but hopeless on top95.
    bench_spec: "backtrack:mrv",
    probe: Descriptor::always_available,
    build: |options| Ok(Box::new(BacktrackEngine::from_options(options)?)),
    conformance: Conformance {
        // Input order agrees with MRV on the small cases (tests/order.rs)
        // but takes minutes on the 16x16 ones.
        specs: &["backtrack:mrv"],
        refuses: &[],
        slow: &[],
    },
    export: None,
};

impl Engine for BacktrackEngine {
    fn name(&self) -> String {
        match self.order {
            Order::Input => "backtrack".into(),
            Order::Mrv => "backtrack:mrv".into(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            optimizes: false,
            ..Capabilities::FULL
        }
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        self.check_support(model, request.mode)?;
        let start = Instant::now();
        let search = search::Search::new(model, self.order, request).ok_or_else(|| {
            EngineError::Unsupported {
                engine: self.name(),
                what: "domains spanning more than 64 values".into(),
            }
        })?;
        let build_time = start.elapsed();
        let mut outcome = search.run();
        outcome.stats.build_time = build_time;
        outcome.stats.solve_time = start.elapsed() - build_time;
        Ok(outcome)
    }
}
