//! Helpers for the techniques' tests: boards from text, and a technique's
//! step on them.

use sudokit_model::BoxShape;
use sudokit_puzzle::{Cage, Layout, Puzzle, PuzzleSpec};

use crate::{Board, Step, Technique};

/// A boxed 4x4 or 9x9 board from its digits, `.` for blanks, spaces ignored.
pub fn board(text: &str) -> Board {
    Board::new(&puzzle(text))
}

/// The puzzle behind [`board`].
pub fn puzzle(text: &str) -> Puzzle {
    let givens: Vec<u8> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    let side = match givens.len() {
        16 => 2,
        81 => 3,
        len => panic!("{len} cells: 16 or 81 expected"),
    };
    Puzzle::boxed(side, side, givens).expect("a valid test grid")
}

/// A board of side n with no givens and these pencil marks per cell
/// (row-major; each entry lists the cell's digits, e.g. "127"; "." is
/// every digit), boxed when n is 4 or 9.
pub fn pencil_marks(n: usize, cells: &[&str]) -> Board {
    assert_eq!(cells.len(), n * n);
    let all = u64::MAX >> (64 - n);
    let marks = cells
        .iter()
        .map(|s| match *s {
            "." => all,
            s => s
                .chars()
                .fold(0, |m, c| m | 1 << (c.to_digit(36).unwrap() - 1)),
        })
        .collect();
    let layout = match n {
        4 => Layout::Boxes(BoxShape { rows: 2, cols: 2 }),
        9 => Layout::Boxes(BoxShape { rows: 3, cols: 3 }),
        _ => Layout::Latin,
    };
    let mut spec = PuzzleSpec::blank(n, layout);
    spec.candidates = Some(marks);
    Board::new(&Puzzle::new(spec).expect("a valid test grid"))
}

/// 9x9 marks: 9 everywhere but in these columns (1..=9), where it is left
/// only in the rows listed.
pub fn nines_in_columns(columns: &[(usize, [usize; 2])]) -> Board {
    let marks: Vec<&str> = (0..81)
        .map(|i| {
            let (row, column) = (i / 9 + 1, i % 9 + 1);
            match columns.iter().find(|(c, _)| *c == column) {
                Some((_, rows)) if !rows.contains(&row) => "12345678",
                _ => ".",
            }
        })
        .collect();
    pencil_marks(9, &marks)
}

/// The step `technique` finds on `board`; panics if there is none.
pub fn step_of(technique: Technique, board: &Board) -> Step {
    technique
        .find(board)
        .unwrap_or_else(|| panic!("{technique} finds nothing"))
}

/// A board of side n with these pencil marks at (row, column), 1-based,
/// and every digit elsewhere.
pub fn marks_at(n: usize, cells: &[(usize, usize, &str)]) -> Board {
    let mut all = vec!["."; n * n];
    for &(r, c, m) in cells {
        all[(r - 1) * n + c - 1] = m;
    }
    pencil_marks(n, &all)
}

/// Asserts that `step` agrees with `solution` (a line of digits): what it
/// places is there, what it rules out is not.
pub fn assert_agrees(step: &Step, solution: &str) {
    let digit = |cell: usize| solution.as_bytes()[cell] - b'0';
    for &(cell, d) in &step.placements {
        assert_eq!(digit(cell), d, "{step}");
    }
    for &(cell, d) in &step.eliminations {
        assert_ne!(digit(cell), d, "{step}");
    }
}

/// Boxes of `rows` x `cols`.
pub fn boxes(rows: usize, cols: usize) -> Layout {
    Layout::Boxes(BoxShape { rows, cols })
}

/// A killer board of side n: these cages (cells row-major, sum) and givens.
pub fn killer(
    n: usize,
    layout: Layout,
    cages: &[(&[usize], u32)],
    givens: &[(usize, u8)],
) -> Board {
    let mut spec = PuzzleSpec::blank(n, layout);
    spec.cages = cages
        .iter()
        .map(|&(cells, sum)| Cage {
            cells: cells.to_vec(),
            sum,
        })
        .collect();
    for &(cell, digit) in givens {
        spec.givens[cell] = digit;
    }
    Board::new(&Puzzle::new(spec).expect("a valid test killer"))
}

/// A 9x9 board from 729 characters of pencil marks as they are, every
/// cell open (a cell with one candidate too), taken as having a unique
/// solution: a position where naked singles are still pending.
pub fn sukaku_open(text: &str) -> Board {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(chars.len(), 729, "729 marks expected");
    let cells: Vec<String> = chars
        .chunks(9)
        .map(|cell| cell.iter().filter(|c| c.is_ascii_digit()).collect())
        .collect();
    let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
    let mut board = pencil_marks(9, &cells);
    board.assume_unique(true);
    board
}

/// A 9x9 board from 729 characters of pencil marks (Sukaku Explainer's
/// `%m`: nine a cell, the digit where it is a candidate, `.` elsewhere),
/// a cell with one candidate placed, taken as having a unique solution.
pub fn sukaku(text: &str) -> Board {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(chars.len(), 729, "729 marks expected");
    let marks: Vec<u64> = chars
        .chunks(9)
        .map(|cell| {
            cell.iter()
                .filter_map(|c| c.to_digit(10))
                .fold(0, |m, d| m | 1 << (d - 1))
        })
        .collect();
    let mut spec = PuzzleSpec::blank(9, boxes(3, 3));
    for (cell, &mask) in marks.iter().enumerate() {
        if mask.count_ones() == 1 {
            spec.givens[cell] = mask.trailing_zeros() as u8 + 1;
        }
    }
    spec.candidates = Some(marks);
    let mut board = Board::new(&Puzzle::new(spec).expect("a valid test grid"));
    board.assume_unique(true);
    board
}
