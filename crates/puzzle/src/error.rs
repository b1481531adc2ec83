use crate::{cell_name, digit_char, Cell, GroupKind, MAX_SIZE, WORD_MAX_SIZE};

/// Why a puzzle is not well-formed. Every message names the cell, group or
/// value at fault, 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The grid size is outside what sudokit handles.
    #[error("unsupported size {0}: sizes 1 to {MAX_SIZE} are supported")]
    UnsupportedSize(usize),
    /// Pencil marks on a grid too wide for them.
    #[error("pencil marks are supported on grids up to {WORD_MAX_SIZE}x{WORD_MAX_SIZE} (one bit a digit in 64 bits); this grid is {0}x{0}")]
    MarksPastWord(usize),
    /// The box shape does not tile the grid.
    #[error(
        "boxes of {rows}x{cols} do not tile a {size}x{size} grid ({rows} * {cols} must be {size})"
    )]
    BadBoxShape {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
        /// Grid size.
        size: usize,
    },
    /// The givens do not cover the grid exactly.
    #[error("expected {expected} cells ({size}x{size}), found {found}")]
    WrongLength {
        /// Grid size.
        size: usize,
        /// n * n.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A digit larger than the grid allows.
    #[error("digit {digit} at {cell} is out of range for a {size}x{size} grid (1 to {size})", cell = cell_name(*.cell, *.size))]
    DigitOutOfRange {
        /// Where.
        cell: Cell,
        /// The digit.
        digit: u32,
        /// Grid size.
        size: usize,
    },
    /// Two givens with the same digit in one group.
    #[error("{digit} appears twice in {group}: {a} and {b}", a = cell_name(*.first, *.size), b = cell_name(*.second, *.size))]
    DuplicateGiven {
        /// The digit.
        digit: u8,
        /// The group.
        group: GroupKind,
        /// First cell holding it.
        first: Cell,
        /// Second cell holding it.
        second: Cell,
        /// Grid size (for cell names).
        size: usize,
    },
    /// The region map does not have one entry per cell.
    #[error("region map has {found} cells, a {size}x{size} grid needs {expected}")]
    RegionMapLength {
        /// Grid size.
        size: usize,
        /// n * n.
        expected: usize,
        /// Entries found.
        found: usize,
    },
    /// The region map does not cut the grid into n regions of n cells.
    #[error("region map is not a partition into {size} regions of {size} cells: {detail}")]
    BadRegions {
        /// Grid size.
        size: usize,
        /// Which region is wrong and how.
        detail: String,
    },
    /// A cell of a cage or group lies outside the grid.
    #[error("{what}: cell r{row}c{col} is outside the {size}x{size} grid")]
    CellOutsideGrid {
        /// "cage 3", "extra group 1".
        what: String,
        /// 1-based row as written.
        row: i64,
        /// 1-based column as written.
        col: i64,
        /// Grid size.
        size: usize,
    },
    /// A cell appears twice where it may appear once.
    #[error("{what}: cell {cell} is listed twice", cell = cell_name(*.cell, *.size))]
    RepeatedCell {
        /// "cage 3", "extra group 1", "cages".
        what: String,
        /// The cell.
        cell: Cell,
        /// Grid size.
        size: usize,
    },
    /// A group has more cells than there are digits.
    #[error("{what} has {cells} cells, but only {size} different digits exist")]
    GroupTooLarge {
        /// "cage 3", "extra group 1".
        what: String,
        /// Cells in it.
        cells: usize,
        /// Grid size.
        size: usize,
    },
    /// A cage without cells.
    #[error("cage {cage} has no cells", cage = .index + 1)]
    EmptyCage {
        /// 0-based cage index.
        index: usize,
    },
    /// A cage sum no set of distinct digits can reach.
    #[error("cage {cage} has {cells} cells and sum {sum}, but {cells} distinct digits from 1 to {size} sum to between {min} and {max}", cage = .index + 1)]
    ImpossibleCageSum {
        /// 0-based cage index.
        index: usize,
        /// Cells in the cage.
        cells: usize,
        /// Its sum.
        sum: u32,
        /// Smallest reachable sum.
        min: u32,
        /// Largest reachable sum.
        max: u32,
        /// Grid size.
        size: usize,
    },
    /// A given its own pencil marks exclude.
    #[error("the given {digit} at {cell} is not one of its candidates ({marks})", cell = cell_name(*.cell, *.size), marks = digit_list(*.marks))]
    GivenNotACandidate {
        /// The cell.
        cell: Cell,
        /// The given digit.
        digit: u8,
        /// Its pencil marks, bit `d - 1` for digit `d`.
        marks: u64,
        /// Grid size (for the cell name).
        size: usize,
    },
    /// A blank cell whose pencil marks allow no digit of the grid.
    #[error("{cell} has no candidates", cell = cell_name(*.cell, *.size))]
    NoCandidates {
        /// The cell.
        cell: Cell,
        /// Grid size (for the cell name).
        size: usize,
    },
    /// A cage whose givens leave no way to reach its sum.
    #[error("{}", cage_out_of_reach(*.index, *.sum, *.given, *.open))]
    CageOutOfReach {
        /// 0-based cage index.
        index: usize,
        /// Its sum.
        sum: u32,
        /// What its givens add up to.
        given: u32,
        /// Its cells without a given.
        open: usize,
    },
    /// A candidates list with the wrong length.
    #[error("candidates given for {found} cells, the grid has {expected}")]
    CandidatesLength {
        /// n * n.
        expected: usize,
        /// Entries found.
        found: usize,
    },
}

/// "124", or "none", for pencil marks.
fn digit_list(marks: u64) -> String {
    if marks == 0 {
        return "none".into();
    }
    (1..=64u8)
        .filter(|d| marks >> (d - 1) & 1 == 1)
        .map(digit_char)
        .collect()
}

fn cage_out_of_reach(index: usize, sum: u32, given: u32, open: usize) -> String {
    let cage = format!("cage {} (sum {sum})", index + 1);
    let plural = if open == 1 { "" } else { "s" };
    if open == 0 {
        format!("{cage} holds only givens, and they add up to {given}")
    } else if given >= sum {
        format!("{cage}: its givens add up to {given} already, with {open} open cell{plural} left")
    } else {
        format!(
            "{cage}: its givens add up to {given}, and its {open} open cell{plural} \
             cannot make up the other {} with distinct digits not among them",
            sum - given
        )
    }
}
