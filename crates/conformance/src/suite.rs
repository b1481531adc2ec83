use std::fmt;
use std::time::{Duration, Instant};

use sudokit_model::{Capabilities, Conformance, Engine, EngineError, Mode, Request, Status};
use sudokit_pipeline::{solve, Answer, SolveError, Solver};

use crate::{cases, contract, Case};

/// How one case went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right count, every grid valid.
    Passed,
    /// Wrong count, an invalid grid, or an engine error.
    Failed(String),
    /// The engine refused the model with `EngineError::Unsupported`.
    Unsupported(String),
    /// Marked slow and not run in this (unoptimised) build.
    Deferred,
}

/// One case's verdict and time.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// Case name.
    pub name: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall time of the solve.
    pub time: Duration,
}

/// The results of a whole run.
#[derive(Clone, Debug)]
pub struct Report {
    engine: String,
    declared_unsupported: Vec<String>,
    /// One result per case, in file order.
    pub results: Vec<CaseResult>,
}

/// A conformance run for one engine.
pub struct Suite<'a> {
    engine: &'a dyn Engine,
    slow: Vec<String>,
    unsupported: Vec<String>,
}

impl<'a> Suite<'a> {
    /// All 61 cases for `engine`.
    pub fn new(engine: &'a dyn Engine) -> Self {
        Suite {
            engine,
            slow: Vec::new(),
            unsupported: Vec::new(),
        }
    }

    /// All cases for `engine`, with the refusals and slow cases its
    /// descriptor declares.
    pub fn as_declared(engine: &'a dyn Engine, conformance: &Conformance) -> Self {
        Suite::new(engine)
            .unsupported(conformance.refuses)
            .slow(conformance.slow)
    }

    /// Cases too slow for an unoptimised build: run only when
    /// `debug_assertions` are off (`cargo test --release`), reported as
    /// deferred otherwise.
    pub fn slow(mut self, names: &[&str]) -> Self {
        self.slow.extend(names.iter().map(|s| s.to_string()));
        self
    }

    /// Case kinds (`killer`, `jigsaw` ...) or names the engine is expected
    /// to refuse; any other refusal fails the run.
    pub fn unsupported(mut self, kinds_or_names: &[&str]) -> Self {
        self.unsupported
            .extend(kinds_or_names.iter().map(|s| s.to_string()));
        self
    }

    /// Runs every case three ways (counting directly, counting through one
    /// prepared [`Solver`] for the whole suite, first solution), then the
    /// contract checks: all solutions, optimisation, and every limit the
    /// engine declares.
    pub fn run(self) -> Report {
        let optimised = !cfg!(debug_assertions);
        let cases = cases();
        let mut prepared = Solver::new(self.engine);
        let mut results: Vec<CaseResult> = cases
            .iter()
            .map(|case| {
                if self.slow.contains(&case.name) && !optimised {
                    return CaseResult {
                        name: case.name.clone(),
                        verdict: Verdict::Deferred,
                        time: Duration::ZERO,
                    };
                }
                let start = Instant::now();
                let verdict = judge_case(self.engine, &mut prepared, case);
                CaseResult {
                    name: case.name.clone(),
                    verdict,
                    time: start.elapsed(),
                }
            })
            .collect();
        let refused = |case: &Case| declared(&self.unsupported, case);
        let multi = cases
            .iter()
            .find(|c| c.count > 1 && c.count < c.count_cap && !refused(c))
            .expect("the suite has small multi-solution cases");
        let mut check = |name: String, run: &dyn Fn() -> Verdict| {
            let start = Instant::now();
            let verdict = run();
            results.push(CaseResult {
                name,
                verdict,
                time: start.elapsed(),
            });
        };
        check("all-solutions".into(), &|| {
            contract::all_solutions(self.engine, multi)
        });
        check("optimise".into(), &|| {
            contract::optimisation(self.engine, multi)
        });
        let capabilities = self.engine.capabilities();
        for &kind in Capabilities::ALL_LIMITS {
            match capabilities.honours(kind) {
                true => check(format!("limit-{}", kind.name()), &|| {
                    contract::limit(self.engine, kind)
                }),
                false => check(format!("limit-{}-refused", kind.name()), &|| {
                    contract::undeclared_limit(self.engine, kind)
                }),
            }
        }
        Report {
            engine: self.engine.name(),
            declared_unsupported: self.unsupported,
            results,
        }
    }
}

/// Whether `case`, by name or kind, is among the declared refusals.
fn declared(refusals: &[String], case: &Case) -> bool {
    refusals.iter().any(|d| *d == case.name || *d == case.kind)
}

/// Counts up to the cap directly and prepared, and finds a first solution;
/// every answer judged by the pipeline, then held to the case's count,
/// completeness, status and solution.
fn judge_case(engine: &dyn Engine, prepared: &mut Solver, case: &Case) -> Verdict {
    let count = Request::new(Mode::CountUpTo(case.count_cap));
    let first = Request::new(Mode::First);
    let ways: [(&str, Result<Answer, SolveError>, u64); 3] = [
        ("", solve(engine, &case.puzzle, &count), case.count),
        (
            " (prepared)",
            prepared.solve(&case.puzzle, &count),
            case.count,
        ),
        (
            " (first)",
            prepared.solve(&case.puzzle, &first),
            case.count.min(1),
        ),
    ];
    for (way, answer, expected) in ways {
        let answer = match answer {
            Ok(answer) => answer,
            Err(SolveError::Engine(EngineError::Unsupported { what, .. })) => {
                return Verdict::Unsupported(what)
            }
            Err(e) => return Verdict::Failed(format!("{e}{way}")),
        };
        if let Some(why) = disagreement(case, &answer, expected, way == " (first)") {
            return Verdict::Failed(format!("{why}{way}"));
        }
    }
    Verdict::Passed
}

/// How `answer` differs from what the case says, if it does.
fn disagreement(case: &Case, answer: &Answer, expected: u64, first: bool) -> Option<String> {
    let exhausted = if first {
        expected == 0
    } else {
        case.count < case.count_cap
    };
    let status = if expected == 0 {
        Status::Unsatisfiable
    } else {
        Status::Solved
    };
    if answer.count != expected || answer.grids.len() as u64 != expected {
        Some(format!(
            "counted {} ({} grids returned), expected {expected}",
            answer.count,
            answer.grids.len()
        ))
    } else if answer.complete != exhausted {
        Some(format!(
            "complete = {}, expected {exhausted}",
            answer.complete
        ))
    } else if answer.status != status {
        Some(format!(
            "status {}, expected {}",
            answer.status.name(),
            status.name()
        ))
    } else if case.solution.is_some() && answer.grids.first() != case.solution.as_ref() {
        Some("valid grid differs from the unique solution".into())
    } else {
        None
    }
}

impl Report {
    /// Panics with every failure (and every undeclared refusal) listed.
    pub fn assert_passed(&self) {
        println!("{self}");
        if let Err(problems) = self.problems() {
            panic!("{problems}");
        }
    }

    /// Every failure and every undeclared refusal, one per line after the
    /// engine's name; `Ok` when there is none.
    pub fn problems(&self) -> Result<(), String> {
        let problems: Vec<String> = self
            .results
            .iter()
            .filter_map(|r| match &r.verdict {
                Verdict::Failed(why) => Some(format!("{}: {why}", r.name)),
                Verdict::Unsupported(what) if !self.declared(&r.name) => Some(format!(
                    "{}: refused ({what}) but not declared unsupported",
                    r.name
                )),
                _ => None,
            })
            .collect();
        if problems.is_empty() {
            return Ok(());
        }
        Err(format!(
            "{} failed {} conformance check(s):\n{}",
            self.engine,
            problems.len(),
            problems.join("\n")
        ))
    }

    /// How many cases passed.
    pub fn passed(&self) -> usize {
        self.count(|v| matches!(v, Verdict::Passed))
    }

    fn count(&self, f: impl Fn(&Verdict) -> bool) -> usize {
        self.results.iter().filter(|r| f(&r.verdict)).count()
    }

    /// Whether the refusal of the case `name` was declared. The contract
    /// checks are no case: they run on what the engine takes, so a refusal
    /// there is never declared.
    fn declared(&self, name: &str) -> bool {
        cases()
            .iter()
            .find(|c| c.name == name)
            .is_some_and(|case| declared(&self.declared_unsupported, case))
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in &self.results {
            let verdict = match &r.verdict {
                Verdict::Passed => "ok".to_string(),
                Verdict::Failed(why) => format!("FAILED: {why}"),
                Verdict::Unsupported(what) => format!("unsupported: {what}"),
                Verdict::Deferred => "deferred: slow, runs in `cargo test --release`".into(),
            };
            writeln!(
                f,
                "{:<24} {:>10.3} ms  {verdict}",
                r.name,
                r.time.as_secs_f64() * 1e3
            )?;
        }
        write!(
            f,
            "{}: {} passed, {} failed, {} unsupported, {} deferred",
            self.engine,
            self.passed(),
            self.count(|v| matches!(v, Verdict::Failed(_))),
            self.count(|v| matches!(v, Verdict::Unsupported(_))),
            self.count(|v| matches!(v, Verdict::Deferred)),
        )
    }
}
