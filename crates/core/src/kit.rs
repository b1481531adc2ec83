use std::sync::Arc;

use sudokit_model::{Engine, Mode, Request, SolutionSink};
use sudokit_pipeline::Answer;
use sudokit_puzzle::Puzzle;

use crate::{Budget, Error};

/// An engine and a budget: the value every operation that searches is a
/// method of. Cheap to clone (the engine is shared) and `Send + Sync`, so
/// a server builds one per engine spec and lends clones to its workers,
/// each with its own [`Budget`] ([`Kit::with_budget`]).
///
/// Every answer goes through the pipeline: each grid an engine returns is
/// judged by the independent verifier before the caller sees it, and an
/// engine that breaks its contract gives [`Error::WrongAnswer`].
#[derive(Clone)]
pub struct Kit {
    engine: Arc<dyn Engine>,
    budget: Budget,
}

impl std::fmt::Debug for Kit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kit")
            .field("engine", &self.engine.name())
            .field("budget", &self.budget)
            .finish()
    }
}

impl Kit {
    /// A kit with the engine `spec` names (`fast`, `cp:dom-wdeg`,
    /// `sat:cadical`, `auto` ...; [`EngineSpec`](crate::EngineSpec) builds
    /// one from strategy settings) and no limits.
    ///
    /// ```
    /// use sudokit_core::{Error, Kit};
    ///
    /// assert_eq!(Kit::new("cp:dom-wdeg")?.engine_name(), "cp:dom-wdeg");
    /// let error = Kit::new("cp:sideways").unwrap_err();
    /// assert!(matches!(error, Error::Refused(_)));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(spec: &str) -> Result<Kit, Error> {
        let engine = sudokit_engines::build(spec)?;
        Ok(Kit {
            engine: Arc::from(engine),
            budget: Budget::none(),
        })
    }

    /// A kit with an engine of the caller's, built outside the catalogue
    /// (an engine under development, a test double): its answers are
    /// judged by the verifier like any other's.
    pub fn with_engine(engine: Box<dyn Engine>) -> Kit {
        Kit {
            engine: Arc::from(engine),
            budget: Budget::none(),
        }
    }

    /// The same engine under another budget.
    ///
    /// ```
    /// use sudokit_core::{read_options, read_puzzle, Budget, Kit, LimitKind, Status};
    ///
    /// let hardest = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    /// let puzzle = read_puzzle(hardest, &read_options())?.puzzle;
    /// let kit = Kit::new("backtrack")?;
    /// let answer = kit.with_budget(Budget::none().nodes(10)).solve(&puzzle)?;
    /// assert_eq!(answer.status, Status::LimitReached(LimitKind::Nodes));
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn with_budget(&self, budget: Budget) -> Kit {
        Kit {
            engine: Arc::clone(&self.engine),
            budget,
        }
    }

    /// The engine's name with its options (`cp:var=dom-wdeg`).
    pub fn engine_name(&self) -> String {
        self.engine.name()
    }

    /// The engine, for a caller that drives the pipeline itself (a batch
    /// runner preparing one `sudokit_pipeline::Solver` per worker).
    pub fn engine(&self) -> &dyn Engine {
        self.engine.as_ref()
    }

    /// The budget each call gets.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// One solution (`sudokit solve`): [`Answer::grids`] holds it,
    /// verified; "no solution" and a limit are statuses of the answer.
    ///
    /// ```
    /// use sudokit_core::{read_options, read_puzzle, Kit, Status};
    ///
    /// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let puzzle = read_puzzle(line, &read_options())?.puzzle;
    /// let answer = Kit::new("fast")?.solve(&puzzle)?;
    /// assert_eq!(answer.status, Status::Solved);
    /// assert!(answer.grids[0].starts_with(&[4, 1, 7, 3, 6, 9, 8, 2, 5]));
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn solve(&self, puzzle: &Puzzle) -> Result<Answer, Error> {
        let request = Request::new(Mode::First).with_limits(self.budget.limits());
        Ok(sudokit_pipeline::solve(self.engine(), puzzle, &request)?)
    }

    /// Counts solutions as `options` say (`sudokit count`, and `sudokit
    /// solve --count N`: the first of [`Answer::grids`] is a solution).
    /// [`Answer::complete`] says whether [`Answer::count`] is exact.
    ///
    /// ```
    /// use sudokit_core::{read_options, read_puzzle, CountOptions, Kit};
    /// use std::sync::{Arc, Mutex};
    ///
    /// let zones = std::fs::read_to_string("../../data/examples/zones3.toml")?;
    /// let puzzle = read_puzzle(&zones, &read_options())?.puzzle;
    /// let listed = Arc::new(Mutex::new(Vec::new()));
    /// let sink = Arc::clone(&listed);
    /// let options = CountOptions::all().each(move |grid| sink.lock().unwrap().push(grid.to_vec()));
    /// let answer = Kit::new("cp")?.count(&puzzle, &options)?;
    /// assert_eq!((answer.count, answer.complete), (2, true));
    /// assert_eq!(listed.lock().unwrap().len(), 2); // each grid verified on its way
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, puzzle: &Puzzle, options: &CountOptions) -> Result<Answer, Error> {
        let mode = match options.max {
            Some(0) => {
                return Err(Error::invalid(
                    "--max must be at least 1 (use --all for no cap)",
                ))
            }
            Some(max) => Mode::CountUpTo(max),
            None => Mode::All,
        };
        let request = Request::new(mode).with_limits(self.budget.limits());
        let request = match &options.each {
            Some(sink) => request.streaming(sink.clone()),
            None => request.keeping(options.keep),
        };
        Ok(sudokit_pipeline::solve(self.engine(), puzzle, &request)?)
    }
}

/// How [`Kit::count`] counts.
#[derive(Clone, Debug)]
pub struct CountOptions {
    /// Stop counting at this many solutions (`--max`; 2 is the uniqueness
    /// check), or count them all (`None`, `--all`). Default 1000.
    pub max: Option<u64>,
    /// Solutions kept in [`Answer::grids`] (default 1).
    pub keep: usize,
    /// Where every solution goes the moment it is found and verified
    /// (`--list`), instead of being kept.
    pub each: Option<SolutionSink>,
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            max: Some(1000),
            keep: 1,
            each: None,
        }
    }
}

impl CountOptions {
    /// Counting up to `max` solutions.
    pub fn up_to(max: u64) -> Self {
        CountOptions {
            max: Some(max),
            ..CountOptions::default()
        }
    }

    /// Counting every solution, however many (mind the budget).
    pub fn all() -> Self {
        CountOptions {
            max: None,
            ..CountOptions::default()
        }
    }

    /// Keeping up to `keep` solutions in the answer.
    pub fn keeping(mut self, keep: usize) -> Self {
        self.keep = keep;
        self
    }

    /// Handing every solution, as a grid of digits, to `each` the moment
    /// the verifier has accepted it: a listing of millions in flat memory.
    pub fn each(mut self, each: impl Fn(&[u8]) + Send + Sync + 'static) -> Self {
        self.each = Some(SolutionSink::new(move |solution: &[i32]| {
            // The verifier has seen the grid: its values are digits.
            let grid: Vec<u8> = solution.iter().map(|&v| v as u8).collect();
            each(&grid);
        }));
        self
    }
}
