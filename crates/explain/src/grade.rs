use std::fmt;

use serde::Serialize;

use crate::{Explanation, Outcome, Rating, Technique};

/// How hard a puzzle is for a person: the hardest technique its
/// explanation needs, on the Sudoku Explainer scale, and how many steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The named level.
    pub level: Level,
    /// The rating of the hardest step (SE scale); `None` when logic alone
    /// does not reach the solution.
    pub rating: Option<Rating>,
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
        Grade {
            level: rating.map_or(Level::Beyond, Level::of),
            rating,
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
