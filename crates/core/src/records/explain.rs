//! `explain --format json`: every step of an explanation.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_analysis::Explained;
use sudokit_explain::{Outcome, Step};
use sudokit_formats::{grid_to_line_in, Entry};

use super::parts::cell_names;
use super::{CellDigit, GradeFields, Limit, Source, RECORD_VERSION};

/// The explanation of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ExplainRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// The grid side.
    pub size: usize,
    /// Solutions counted up to 2: 0, 1 or 2 (several).
    pub solutions: u64,
    /// Exactly one solution.
    pub unique: bool,
    /// How the explanation ended.
    pub outcome: OutcomeRecord,
    /// Every step, in order.
    pub steps: Vec<StepRecord>,
    /// The grid where it ended, in the digits the puzzle came in.
    pub grid: String,
    /// The grade of the logical part; `null` when the puzzle has no one
    /// solution or the explanation did not finish.
    pub grade: Option<GradeFields>,
}

impl ExplainRecord {
    /// The record of `explained`, the explanation of `entry`.
    pub fn new(entry: &Entry, explained: &Explained) -> ExplainRecord {
        let explanation = &explained.explanation;
        ExplainRecord {
            version: RECORD_VERSION,
            source: Source::of(entry),
            size: entry.puzzle.size(),
            solutions: explained.solutions,
            unique: explained.solutions == 1,
            outcome: OutcomeRecord::new(&explanation.outcome),
            steps: explanation.steps.iter().map(StepRecord::new).collect(),
            grid: grid_to_line_in(explanation.board.values(), entry.digits),
            grade: explained.finished_grade().ok().map(GradeFields::new),
        }
    }
}

/// How an explanation ended: `{"status": "solved"}`, or with a reason
/// (`{"status": "limit", "reason": "time"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "status", content = "reason", rename_all = "kebab-case")]
pub enum OutcomeRecord {
    /// Every cell is filled.
    Solved,
    /// No technique applies and there was no solution to guess from.
    Stuck,
    /// The position shows the puzzle has no solution, and why.
    NoSolution(String),
    /// `--until` or `--hint` was reached.
    Paused,
    /// A limit stopped it.
    Limit(Limit),
}

impl OutcomeRecord {
    /// The record of `outcome`.
    pub fn new(outcome: &Outcome) -> OutcomeRecord {
        match outcome {
            Outcome::Solved => OutcomeRecord::Solved,
            Outcome::Stuck => OutcomeRecord::Stuck,
            Outcome::NoSolution(why) => OutcomeRecord::NoSolution(why.clone()),
            Outcome::Paused => OutcomeRecord::Paused,
            Outcome::Stopped(kind) => OutcomeRecord::Limit((*kind).into()),
        }
    }
}

/// One step: the technique, where it looks, what it places and rules out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StepRecord {
    /// The technique ("Hidden single", "X-Wing", "Guess").
    pub technique: String,
    /// Its rating on the Sudoku Explainer scale.
    pub rating: f64,
    /// The pattern in words.
    pub reason: String,
    /// The cells of the pattern (`r3c5`).
    pub cells: Vec<String>,
    /// The groups of the pattern ("box 2", "row 7").
    pub groups: Vec<String>,
    /// The digits it places.
    pub place: Vec<CellDigit>,
    /// The candidates it rules out.
    pub eliminate: Vec<CellDigit>,
}

impl StepRecord {
    /// The record of `step`.
    pub fn new(step: &Step) -> StepRecord {
        let n = step.size;
        let named = |list: &[(usize, u8)]| -> Vec<CellDigit> {
            list.iter().map(|&(c, d)| CellDigit::new(c, d, n)).collect()
        };
        StepRecord {
            technique: step.technique.name().to_string(),
            rating: f64::from(step.rating.0) / 10.0,
            reason: step.reason.clone(),
            cells: cell_names(&step.cells, n),
            groups: step.groups.iter().map(|g| g.to_string()).collect(),
            place: named(&step.placements),
            eliminate: named(&step.eliminations),
        }
    }
}
