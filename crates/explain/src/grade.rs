use std::fmt;

use serde::Serialize;

use crate::{Explanation, Outcome, Rating, Technique};

/// How hard a puzzle is for a person: the hardest technique its
/// explanation needs, on the Sudoku Explainer scale, and how many steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The named level.
    pub level: Level,
    /// The rating of the hardest step (SE scale), what Sudoku Explainer
    /// calls ER; `None` when logic alone does not reach the solution.
    pub rating: Option<Rating>,
    /// EP: the hardest step up to and including the first that places a
    /// digit (a single places one, so it is at most ER); `None` when logic
    /// places nothing.
    pub first_placement: Option<Rating>,
    /// ED: the rating of the first step, whatever it does; `None` when
    /// logic finds no step.
    pub first_step: Option<Rating>,
    /// The hardest technique used.
    pub hardest: Option<Technique>,
    /// Steps taken by logic.
    pub steps: usize,
    /// Open cells where logic ran out (0 when it solved the puzzle).
    pub open_when_stuck: usize,
}

/// Named levels, as puzzle books print them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Singles alone (SE up to 2.3).
    Easy,
    /// Locked candidates and cage reasoning (up to 2.8).
    Medium,
    /// Pairs, triples, X-Wing, Swordfish (up to 4.0).
    Hard,
    /// Wings, unique rectangles, quads, Jellyfish (up to 5.4).
    Fiendish,
    /// Colouring and chains (up to 7.4).
    Diabolical,
    /// Forcing chains (7.5 and up).
    Extreme,
    /// Beyond the techniques sudokit knows: it needs a guess.
    Beyond,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 7] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Fiendish,
        Level::Diabolical,
        Level::Extreme,
        Level::Beyond,
    ];

    /// The level of a puzzle whose hardest step rates `rating`.
    pub fn of(rating: Rating) -> Level {
        match rating.0 {
            0..=23 => Level::Easy,
            24..=28 => Level::Medium,
            29..=40 => Level::Hard,
            41..=54 => Level::Fiendish,
            55..=74 => Level::Diabolical,
            _ => Level::Extreme,
        }
    }

    /// Its name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
            Level::Diabolical => "diabolical",
            Level::Extreme => "extreme",
            Level::Beyond => "beyond",
        }
    }

    /// The level called `name` (case-insensitive).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Grade {
    /// The grade of an explanation made without guesses (a
    /// [`Technique::Guess`] step, or stopping short, makes it `Beyond`).
    pub fn of(explanation: &Explanation) -> Grade {
        let logical: Vec<_> = explanation
            .steps
            .iter()
            .take_while(|s| s.technique != Technique::Guess)
            .collect();
        let hardest = logical.iter().max_by_key(|s| s.rating);
        let solved =
            explanation.outcome == Outcome::Solved && logical.len() == explanation.steps.len();
        let open_when_stuck = if solved {
            0
        } else {
            replayed_open(explanation, logical.len())
        };
        let steps = logical.len();
        let rating = solved.then(|| hardest.map_or(Rating(0), |s| s.rating));
        let first_placement = logical
            .iter()
            .position(|s| !s.placements.is_empty())
            .and_then(|at| logical[..=at].iter().map(|s| s.rating).max());
        Grade {
            level: rating.map_or(Level::Beyond, Level::of),
            rating,
            first_placement,
            first_step: logical.first().map(|s| s.rating),
            hardest: hardest.map(|s| s.technique),
            steps,
            open_when_stuck,
        }
    }

    /// One number that orders puzzles: the rating, the steps as a
    /// tie-break (rating + steps / 1000); from 10 on when logic runs out,
    /// more open cells scoring higher.
    pub fn score(&self) -> f64 {
        // In thousandths, so that the JSON reads 3.067, not 3.0669999.
        let thousandths = match self.rating {
            Some(r) => u32::from(r.0) * 100 + self.steps.min(999) as u32,
            None => 10_000 + self.open_when_stuck.min(999) as u32,
        };
        f64::from(thousandths) / 1000.0
    }
}

/// Open cells after the first `logical` steps: the final board's open
/// cells plus what the later (guessed and following) steps placed.
fn replayed_open(explanation: &Explanation, logical: usize) -> usize {
    let later: usize = explanation.steps[logical..]
        .iter()
        .map(|s| s.placements.len())
        .sum();
    explanation.board.open_cells().count() + later
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::board;
    use crate::{Board, Step};

    /// An explanation of these steps (technique, rating, whether it places
    /// a digit) ending on `board`.
    fn explained(board: &Board, steps: &[(Technique, u16, bool)], outcome: Outcome) -> Explanation {
        let steps = steps
            .iter()
            .map(|&(technique, rating, places)| {
                let mut step = Step::new(technique, board, String::new()).rated(Rating(rating));
                if places {
                    step.placements.push((0, 1));
                } else {
                    step.eliminations.push((0, 2));
                }
                step
            })
            .collect();
        Explanation {
            steps,
            outcome,
            board: board.clone(),
        }
    }

    #[test]
    fn er_is_the_hardest_step_ep_the_hardest_to_the_first_placement_ed_the_first() {
        let solved = board("1234 3412 2143 4321");
        let grade = Grade::of(&explained(
            &solved,
            &[
                (Technique::LockedCandidates, 26, false),
                (Technique::XWing, 32, false),
                (Technique::HiddenSingle, 12, true),
                (Technique::XyChain, 67, false),
                (Technique::NakedSingle, 23, true),
            ],
            Outcome::Solved,
        ));
        let shown = |r: Option<Rating>| r.map(|r| r.to_string());
        assert_eq!(shown(grade.rating).as_deref(), Some("6.7"));
        assert_eq!(shown(grade.first_placement).as_deref(), Some("3.2"));
        assert_eq!(shown(grade.first_step).as_deref(), Some("2.6"));
        assert_eq!(grade.hardest, Some(Technique::XyChain));
    }

    #[test]
    fn without_a_logical_placement_there_is_no_ep_and_past_a_guess_no_er() {
        let solved = board("1234 3412 2143 4321");
        let grade = Grade::of(&explained(
            &solved,
            &[
                (Technique::LockedCandidates, 26, false),
                (Technique::Guess, 100, true),
                (Technique::HiddenSingle, 12, true),
            ],
            Outcome::Solved,
        ));
        assert_eq!(grade.level, Level::Beyond);
        assert_eq!(grade.rating, None);
        assert_eq!(grade.first_placement, None);
        assert_eq!(grade.first_step, Some(Rating(26)));
    }
}
