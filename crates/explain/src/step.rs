use std::fmt;

use serde::ser::{Serialize, SerializeStruct, Serializer};
use sudokit_puzzle::{cell_name, Cell, GroupKind};

use crate::{Board, Rating, Technique};

/// One deduction: the technique, the pattern it saw in words, and what it
/// places or rules out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// How hard this instance is (a longer chain rates higher).
    pub rating: Rating,
    /// The pattern, in words: "7 can only go in r3c5 within box 2".
    pub reason: String,
    /// The cells of the pattern, for highlighting.
    pub cells: Vec<Cell>,
    /// The groups the pattern lies in, where that says where to look.
    pub groups: Vec<GroupKind>,
    /// Digits placed: (cell, digit).
    pub placements: Vec<(Cell, u8)>,
    /// Candidates ruled out: (cell, digit).
    pub eliminations: Vec<(Cell, u8)>,
    /// n, to name cells.
    pub size: usize,
}

impl Step {
    /// A step of `technique` at its base rating, with no effect yet.
    pub fn new(technique: Technique, board: &Board, reason: String) -> Step {
        Step {
            technique,
            rating: technique.rating(),
            reason,
            cells: Vec::new(),
            groups: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            size: board.size(),
        }
    }

    /// The same step with the pattern's cells.
    pub fn with_cells(mut self, cells: impl IntoIterator<Item = Cell>) -> Step {
        self.cells = cells.into_iter().collect();
        self
    }

    /// The same step, seen in these groups.
    pub fn in_groups(mut self, groups: impl IntoIterator<Item = GroupKind>) -> Step {
        self.groups = groups.into_iter().collect();
        self
    }

    /// The same step rated `rating` rather than the technique's base.
    pub fn rated(mut self, rating: Rating) -> Step {
        self.rating = rating;
        self
    }

    /// Whether the step changes the board.
    pub fn has_effect(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Applies the step to `board`.
    pub fn apply(&self, board: &mut Board) {
        for &(cell, digit) in &self.eliminations {
            board.eliminate(cell, digit);
        }
        for &(cell, digit) in &self.placements {
            board.place(cell, digit);
        }
    }

    /// What the step does, in the usual notation: `r3c5=7`, `r1c2<>4`.
    pub fn effect(&self) -> String {
        let n = self.size;
        let placed = self
            .placements
            .iter()
            .map(|&(c, d)| format!("{}={d}", cell_name(c, n)));
        let removed = self
            .eliminations
            .iter()
            .map(|&(c, d)| format!("{}<>{d}", cell_name(c, n)));
        placed.chain(removed).collect::<Vec<_>>().join(", ")
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} => {}",
            self.technique,
            self.reason,
            self.effect()
        )
    }
}

/// `{"technique", "rating", "reason", "cells", "groups", "place",
/// "eliminate"}`, cells named `r3c5`, groups as in the reason ("box 2").
impl Serialize for Step {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Candidate {
            cell: String,
            digit: u8,
        }
        let n = self.size;
        let named = |list: &[(Cell, u8)]| -> Vec<Candidate> {
            list.iter()
                .map(|&(c, digit)| Candidate {
                    cell: cell_name(c, n),
                    digit,
                })
                .collect()
        };
        let cells: Vec<String> = self.cells.iter().map(|&c| cell_name(c, n)).collect();
        let groups: Vec<String> = self.groups.iter().map(|g| g.to_string()).collect();
        let mut s = serializer.serialize_struct("Step", 7)?;
        s.serialize_field("technique", self.technique.name())?;
        s.serialize_field("rating", &self.rating)?;
        s.serialize_field("reason", &self.reason)?;
        s.serialize_field("cells", &cells)?;
        s.serialize_field("groups", &groups)?;
        s.serialize_field("place", &named(&self.placements))?;
        s.serialize_field("eliminate", &named(&self.eliminations))?;
        s.end()
    }
}

/// A list of candidates in words: "r1c2, r1c3".
pub fn cell_list(cells: &[Cell], n: usize) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c, n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A set of digits in words: "{2,7}".
pub fn digit_set(mask: u64) -> String {
    let list: Vec<String> = crate::digits(mask).map(|d| d.to_string()).collect();
    format!("{{{}}}", list.join(","))
}
