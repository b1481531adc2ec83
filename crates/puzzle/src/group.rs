use std::fmt;

use crate::Cell;

/// What an all-different group is, for messages ("row 3", "box 5").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// Row `i` (0-based).
    Row(usize),
    /// Column `i`.
    Column(usize),
    /// Box `i`, numbered left to right, top to bottom.
    Box(usize),
    /// Jigsaw region `i`.
    Region(usize),
    /// The main diagonal, top-left to bottom-right.
    Diagonal,
    /// The other diagonal, top-right to bottom-left.
    AntiDiagonal,
    /// Extra group `i` of the puzzle.
    Extra(usize),
    /// Killer cage `i`.
    Cage(usize),
}

impl fmt::Display for GroupKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GroupKind::Row(i) => write!(f, "row {}", i + 1),
            GroupKind::Column(i) => write!(f, "column {}", i + 1),
            GroupKind::Box(i) => write!(f, "box {}", i + 1),
            GroupKind::Region(i) => write!(f, "region {}", i + 1),
            GroupKind::Diagonal => write!(f, "the main diagonal"),
            GroupKind::AntiDiagonal => write!(f, "the anti-diagonal"),
            GroupKind::Extra(i) => write!(f, "extra group {}", i + 1),
            GroupKind::Cage(i) => write!(f, "cage {}", i + 1),
        }
    }
}

/// A set of cells whose digits must all differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// What the group is.
    pub kind: GroupKind,
    /// Its cells, row-major indices.
    pub cells: Vec<Cell>,
}
