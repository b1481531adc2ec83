//! What one engine cannot be caught at alone: a complete count ("no
//! solution", "exactly one") is a claim about every grid, and grids other
//! engines found for the same puzzle, each verified, can disprove it.

use sudokit_model::Status;

use crate::Answer;

/// An answer whose complete count the verified grids of other answers
/// for the same puzzle disprove: that answer is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disproved {
    /// The disproved answer's position among those checked.
    pub index: usize,
    /// What it claimed, how many distinct verified grids exist, and which
    /// engines found the ones it lacks.
    pub why: String,
}

/// Checks answers for one puzzle from several engines (each with its
/// engine's name) against each other: an answer that counted its
/// solutions completely (solved or unsatisfiable, not stopped, not an
/// optimum) but fewer than the distinct grids all the answers hold
/// together is disproved. Every grid was verified on its way into its
/// answer, so it is a solution whoever found it.
pub fn cross_check(answers: &[(&str, &Answer)]) -> Vec<Disproved> {
    // Each distinct grid, with the engine that found it first.
    let mut known: Vec<(&[u8], &str)> = Vec::new();
    for &(engine, answer) in answers {
        for grid in &answer.grids {
            if !known.iter().any(|(g, _)| *g == grid.as_slice()) {
                known.push((grid, engine));
            }
        }
    }
    let total = known.len();
    answers
        .iter()
        .enumerate()
        .filter(|(_, (_, a))| {
            a.complete
                && matches!(a.status, Status::Solved | Status::Unsatisfiable)
                && usize::try_from(a.count).is_ok_and(|count| count < total)
        })
        .map(|(index, (_, answer))| {
            let mut by: Vec<&str> = known
                .iter()
                .filter(|(g, _)| !answer.grids.iter().any(|own| own.as_slice() == *g))
                .map(|&(_, engine)| engine)
                .collect();
            by.dedup();
            let claim = match answer.count {
                0 => "no solution".to_string(),
                1 => "exactly one solution".to_string(),
                n => format!("exactly {n} solutions"),
            };
            Disproved {
                index,
                why: format!(
                    "claims {claim}, but {total} verified grid(s) exist (also found by {})",
                    by.join(", ")
                ),
            }
        })
        .collect()
}
