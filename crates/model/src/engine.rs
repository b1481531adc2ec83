use std::sync::Arc;

use crate::{Capabilities, Limits, Model, ModelCopy, Outcome, Prepared, SolutionSink};

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
    /// Hand every solution to this sink as it is found, keeping none. An
    /// optimisation does not stream: it keeps its best solutions, up to
    /// [`Request::keep`].
    pub sink: Option<SolutionSink>,
    /// Values to try first, by variable (a known solution of a puzzle
    /// close to this one): a hint that may change which solutions are
    /// found first and how soon, never what the answer says. Engines may
    /// ignore it, or carry what one search learned to the next request
    /// preferring the same values (a prepared `fast` does at 16x16), so
    /// that many checks against one solution share it.
    pub prefer: Option<Arc<[i32]>>,
}

impl Request {
    /// A request with no limits that keeps every solution it counts.
    pub fn new(mode: Mode) -> Self {
        Request {
            mode,
            limits: Limits::none(),
            keep: usize::MAX,
            sink: None,
            prefer: None,
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

    /// Tries the values of `prefer` first ([`Request::prefer`]).
    pub fn preferring(mut self, prefer: Arc<[i32]>) -> Self {
        self.prefer = Some(prefer);
        self
    }

    /// Hands every solution to `sink` as it is found, and keeps none.
    pub fn streaming(mut self, sink: SolutionSink) -> Self {
        self.sink = Some(sink);
        self.keep = 0;
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

    /// What the engine handles natively and which limits it honours.
    fn capabilities(&self) -> Capabilities;

    /// `Ok` when the engine can solve this model as asked, else the typed
    /// refusal. The default checks constraint kinds and the objective
    /// against [`Engine::capabilities`].
    fn check_support(&self, model: &Model, mode: Mode) -> Result<(), EngineError> {
        let capabilities = self.capabilities();
        if let Some(c) = model
            .constraints()
            .iter()
            .find(|c| !capabilities.constraints.contains(&c.kind()))
        {
            return Err(EngineError::Unsupported {
                engine: self.name(),
                what: format!("{} constraints", c.kind().name()),
            });
        }
        if mode == Mode::Optimize && !capabilities.optimizes {
            return Err(EngineError::Unsupported {
                engine: self.name(),
                what: "optimisation".into(),
            });
        }
        Ok(())
    }

    /// `Ok` when the engine's search honours every limit in `limits`, else
    /// the refusal naming the first it would ignore.
    fn check_limits(&self, limits: &Limits) -> Result<(), EngineError> {
        self.capabilities().check_limits(&self.name(), limits)
    }

    /// Solves `model` as `request` asks. Must honour `request.limits` inside
    /// the search ([`Engine::check_limits`] refuses the ones it cannot) and
    /// return [`EngineError::Unsupported`] rather than guess.
    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError>;

    /// Prepares a grid model once, to solve many puzzles that differ from it
    /// only in their cells' candidates ([`Prepared::load`], then [`Prepared::solve`]): a batch of
    /// puzzles of one shape. Engines that gain from keeping state between
    /// such puzzles (a recognised grid, a CNF with clues as assumptions, an
    /// SMT context) override this; the default keeps a copy of the model and
    /// calls [`Engine::solve`] on it with the new candidates.
    fn prepare(&self, model: &Model) -> Result<Box<dyn Prepared + '_>, EngineError> {
        self.check_support(model, Mode::First)?;
        ModelCopy::prepared(self, model)
    }
}
