//! `grade`: how hard a puzzle is for a person.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_explain::{Grade, Rating};
use sudokit_formats::Entry;

use super::{Source, RECORD_VERSION};

/// The grade of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GradeRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// The grade.
    #[serde(flatten)]
    pub grade: GradeFields,
}

impl GradeRecord {
    /// The record of `grade`, the grade of `entry`.
    pub fn new(entry: &Entry, grade: &Grade) -> GradeRecord {
        GradeRecord {
            version: RECORD_VERSION,
            source: Source::of(entry),
            grade: GradeFields::new(grade),
        }
    }
}

/// A grade, as `grade`, `explain` and `generate` write it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GradeFields {
    /// The named level: easy, medium, hard, fiendish, diabolical, extreme,
    /// beyond.
    pub level: String,
    /// The rating of the hardest step on the Sudoku Explainer scale (ER);
    /// `null` when logic alone does not reach the solution.
    pub rating: Option<f64>,
    /// EP: the hardest step up to and including the first placement;
    /// `null` when logic places nothing.
    #[serde(default)]
    pub ep: Option<f64>,
    /// ED: the rating of the first step; `null` when logic finds none.
    #[serde(default)]
    pub ed: Option<f64>,
    /// The hardest technique used; `null` when none was.
    pub hardest: Option<String>,
    /// Steps taken by logic.
    pub steps: usize,
    /// Open cells where logic ran out (0 when it solved the puzzle).
    pub open_when_stuck: usize,
    /// One number that orders puzzles: the rating plus the steps in
    /// thousandths; from 10 on when logic runs out.
    pub score: f64,
}

impl GradeFields {
    /// The fields of `grade`.
    pub fn new(grade: &Grade) -> GradeFields {
        GradeFields {
            level: grade.level.name().to_string(),
            rating: grade.rating.map(tenths),
            ep: grade.first_placement.map(tenths),
            ed: grade.first_step.map(tenths),
            hardest: grade.hardest.map(|t| t.name().to_string()),
            steps: grade.steps,
            open_when_stuck: grade.open_when_stuck,
            score: grade.score(),
        }
    }
}

/// A rating as the number it reads: `Rating(42)` is 4.2.
fn tenths(rating: Rating) -> f64 {
    f64::from(rating.0) / 10.0
}
