//! `explain`, `hint` and `grade`: a puzzle solved the way a person does.

use pyo3::prelude::*;
use sudokit_core::records::{ExplainRecord, GradeRecord, Source};
use sudokit_core::{
    grade_text, techniques_named, Entry, ExplainRequest, Explained, ExplanationOutcome, Hint,
    Technique,
};

use crate::errors::{raise, Kind};
use crate::puzzle::Puzzle;
use crate::record::Record;
use crate::replies::answered;
use crate::search::{finish, kit, search, Searched};

/// Adds the functions to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(explain, module)?)?;
    module.add_function(wrap_pyfunction!(hint, module)?)?;
    module.add_function(wrap_pyfunction!(grade, module)?)?;
    Ok(())
}

/// The puzzle solved step by step with human techniques (all of them, or
/// the `techniques` named: `["hidden single", "x-wing"]`), up to `until`
/// steps; where logic runs out it goes on with a digit of the verified
/// solution, marked as a guess, unless `guess=False`.
///
/// Returns an `ExplainRecord`: `steps` (each with `technique`, `rating`,
/// `reason`, `cells`, `place`, `eliminate`), `outcome` (`status`:
/// `"solved"`, `"stuck"`, `"no-solution"`, `"paused"`, `"limit"`), the
/// `grid` where it ended, `solutions` (up to 2) and the `grade`; or a
/// `LimitRecord` when a limit stopped the count before the steps. `str()`
/// prints the numbered steps. Engine, limits and errors as `solve`.
#[pyfunction]
#[pyo3(signature = (puzzle, engine = "auto", *, techniques = None, until = None, guess = true, timeout = None, nodes = None))]
#[allow(clippy::too_many_arguments)]
fn explain(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: &str,
    techniques: Option<Vec<String>>,
    until: Option<usize>,
    guess: bool,
    timeout: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<Record> {
    let mut request = ExplainRequest::default().techniques(chosen(py, techniques)?);
    request.until = until;
    request.guess = guess;
    explained(
        py,
        puzzle,
        engine,
        timeout,
        nodes,
        &request,
        |entry, explained| {
            Record::of(
                py,
                &ExplainRecord::new(entry, explained),
                Some(steps_text(explained)),
            )
        },
    )
}

/// Which technique comes next and where to look, without giving the step
/// away: `str()` of the answer is the sentence (`"look for a hidden single
/// (SE 1.2) in box 1"`, `"already solved"`, `"no technique applies; a
/// guess is needed ..."`).
///
/// Returns the `ExplainRecord` of that one step, as `sudokit explain
/// --hint --format json` writes it (`steps[0]` is the step, `outcome`
/// says whether the puzzle is solved or has no solution); arguments and
/// errors as `explain`.
#[pyfunction]
#[pyo3(signature = (puzzle, engine = "auto", *, techniques = None, timeout = None, nodes = None))]
fn hint(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: &str,
    techniques: Option<Vec<String>>,
    timeout: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<Record> {
    let request = ExplainRequest::default()
        .techniques(chosen(py, techniques)?)
        .until(1)
        .no_guess();
    explained(
        py,
        puzzle,
        engine,
        timeout,
        nodes,
        &request,
        |entry, explained| {
            Record::of(
                py,
                &ExplainRecord::new(entry, explained),
                Some(hint_text(explained)),
            )
        },
    )
}

/// How hard the puzzle is for a person: the hardest technique its
/// explanation needs, on the Sudoku Explainer scale.
///
/// Returns a `GradeRecord`: `level` (`"easy"`, `"medium"`, `"hard"`,
/// `"fiendish"`, `"diabolical"`, `"extreme"`, `"beyond"`), `rating` (ER),
/// `ep`, `ed`, `hardest`, `steps`, `open_when_stuck`, `score`; `str()` says
/// it as `sudokit grade` does (`"medium (SE 2.6, EP 1.2, ED 1.2): needs
/// Locked candidates, 71 steps"`). A `LimitRecord` when a limit stopped it. Raises `NoAnswer`
/// when the puzzle has no solution or more than one (a grade belongs to a
/// puzzle with one); otherwise as `solve`.
#[pyfunction]
#[pyo3(signature = (puzzle, engine = "auto", *, timeout = None, nodes = None))]
fn grade(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: &str,
    timeout: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<Record> {
    let entry = Puzzle::of(puzzle)?;
    let kit = kit(py, engine, timeout, nodes)?;
    let Searched { value, interrupted } = search(py, &kit, |kit| kit.grade(&entry.puzzle))?;
    let record = answered(py, Source::of(&entry), value, |grade| {
        Record::of(
            py,
            &GradeRecord::new(&entry, &grade),
            Some(grade_text(&grade)),
        )
    });
    finish(py, interrupted, record)
}

/// The techniques `names` name, or all of them.
fn chosen(py: Python<'_>, names: Option<Vec<String>>) -> PyResult<Vec<Technique>> {
    let Some(names) = names else {
        return Ok(Technique::ALL.to_vec());
    };
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    techniques_named(&names).map_err(|e| {
        let message = e.to_string();
        let message = message.strip_prefix("--").unwrap_or(&message);
        raise(py, Kind::Input, message)
    })
}

/// The puzzle explained as `request` says, answered by `record`.
fn explained(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: &str,
    timeout: Option<f64>,
    nodes: Option<u64>,
    request: &ExplainRequest,
    record: impl FnOnce(&Entry, &Explained) -> PyResult<Record>,
) -> PyResult<Record> {
    let entry = Puzzle::of(puzzle)?;
    let kit = kit(py, engine, timeout, nodes)?;
    let Searched { value, interrupted } =
        search(py, &kit, |kit| kit.explain(&entry.puzzle, request))?;
    let answer = answered(py, Source::of(&entry), value, |explained| {
        record(&entry, &explained)
    });
    finish(py, interrupted, answer)
}

/// The steps numbered, one a line, and how the explanation ended.
fn steps_text(explained: &Explained) -> String {
    let explanation = &explained.explanation;
    let mut text: String = (explanation.steps.iter().enumerate())
        .map(|(i, step)| format!("{}. {step}\n", i + 1))
        .collect();
    text.push_str(&match &explanation.outcome {
        ExplanationOutcome::Solved => "solved".to_string(),
        ExplanationOutcome::Stuck => "logic runs out here".to_string(),
        ExplanationOutcome::NoSolution(why) => format!("no solution: {why}"),
        ExplanationOutcome::Paused => format!("stopped after {} steps", explanation.steps.len()),
        ExplanationOutcome::Stopped(kind) => format!("limit reached ({})", kind.name()),
    });
    text
}

/// The hint of a one-step explanation, as `sudokit explain --hint` says it.
fn hint_text(explained: &Explained) -> String {
    let explanation = &explained.explanation;
    match (explanation.steps.first(), &explanation.outcome) {
        (Some(step), _) => Hint::Look(step.clone()).to_string(),
        (None, ExplanationOutcome::Solved) => Hint::Solved.to_string(),
        (None, ExplanationOutcome::NoSolution(why)) => format!("no solution: {why}"),
        (None, ExplanationOutcome::Stopped(kind)) => {
            format!("limit reached ({}) before a step was found", kind.name())
        }
        (None, _) => Hint::Guess.to_string(),
    }
}
