use crate::{ClassicGrid, ConstraintKind, Limits, Model, Outcome};

/// What a solve should do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Stop at the first solution.
    First,
    /// Count solutions, stopping once this many are found (2 = uniqueness).
    CountUpTo(u64),
    /// Enumerate every solution.
    All,
    /// Find a best solution for the model's objective and prove it optimal.
    Optimize,
}

impl Mode {
    /// How many solutions end the search (`None`: never stop early).
    pub fn cap(self) -> Option<u64> {
        match self {
            Mode::First => Some(1),
            Mode::CountUpTo(n) => Some(n),
            Mode::All | Mode::Optimize => None,
        }
    }
}

/// A solve request: the mode, the limits, and how many solutions to keep.
#[derive(Clone, Debug)]
pub struct Request {
    /// What to do.
    pub mode: Mode,
    /// When to give up.
    pub limits: Limits,
    /// Keep at most this many solutions in the outcome (counting goes on).
    pub keep: usize,
}

impl Request {
    /// A request with no limits that keeps every solution it counts.
    pub fn new(mode: Mode) -> Self {
        Request {
            mode,
            limits: Limits::none(),
            keep: usize::MAX,
        }
    }

    /// Replaces the limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Keeps at most `keep` solutions.
    pub fn keeping(mut self, keep: usize) -> Self {
        self.keep = keep;
        self
    }
}

/// Why an engine gave no answer. Unsatisfiable and limits are answers
/// ([`crate::Status`]), not errors.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The engine does not handle something the model contains.
    #[error("{engine} does not support {what}")]
    Unsupported {
        /// Engine name.
        engine: String,
        /// What it cannot handle, e.g. "linear constraints" or "16x16 grids".
        what: String,
    },
    /// The engine's native library is missing from this build or machine.
    #[error("{engine} is not available: {why}")]
    Unavailable {
        /// Engine name.
        engine: String,
        /// Why, with the install hint.
        why: String,
    },
    /// An engine option is not understood.
    #[error("{engine}: {message}")]
    BadOption {
        /// Engine name.
        engine: String,
        /// What was wrong.
        message: String,
    },
    /// Anything else that went wrong inside the engine.
    #[error("{engine} failed: {message}")]
    Internal {
        /// Engine name.
        engine: String,
        /// What happened.
        message: String,
    },
}

/// A solver over [`Model`]s. One small trait: engines differ in what they
/// support and how they search, not in how they are called.
pub trait Engine: Send + Sync {
    /// The engine's name with its options, e.g. `cp:dom-wdeg`.
    fn name(&self) -> String;

    /// The constraint kinds handled natively (others are refused).
    fn native_constraints(&self) -> &'static [ConstraintKind];

    /// `Ok` when the engine can solve this model as asked, else the typed
    /// refusal. The default checks constraint kinds and the objective.
    fn check_support(&self, model: &Model, mode: Mode) -> Result<(), EngineError> {
        let native = self.native_constraints();
        if let Some(c) = model
            .constraints()
            .iter()
            .find(|c| !native.contains(&c.kind()))
        {
            return Err(EngineError::Unsupported {
                engine: self.name(),
                what: format!("{} constraints", c.kind().name()),
            });
        }
        if mode == Mode::Optimize && !self.optimizes() {
            return Err(EngineError::Unsupported {
                engine: self.name(),
                what: "optimisation".into(),
            });
        }
        Ok(())
    }

    /// Whether [`Mode::Optimize`] is supported.
    fn optimizes(&self) -> bool {
        false
    }

    /// Solves `model` as `request` asks. Must honour `request.limits` inside
    /// the search and return [`EngineError::Unsupported`] rather than guess.
    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError>;

    /// An opt-in shortcut for plain boxed grids that skips building a
    /// [`Model`]: batch callers solving thousands of classic puzzles try it
    /// first. Engines with a specialised grid path (the bitset `fast` engine)
    /// answer exactly as [`Engine::solve`] would on the grid's model; `None`
    /// (the default) means "use `solve`".
    fn solve_classic(
        &self,
        _grid: &ClassicGrid,
        _request: &Request,
    ) -> Option<Result<Outcome, EngineError>> {
        None
    }
}
