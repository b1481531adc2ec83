use serde::{Deserialize, Serialize};

use crate::{Constraint, Model, VarId};

/// Boxes of `rows x cols` cells; `rows * cols` is the grid size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoxShape {
    /// Rows per box.
    pub rows: usize,
    /// Columns per box.
    pub cols: usize,
}

impl BoxShape {
    /// The grid side: as many cells in a box as in a row.
    pub fn size(self) -> usize {
        self.rows * self.cols
    }

    /// The box of `cell` (row-major in the grid), boxes numbered row-major.
    pub fn box_of(self, cell: usize) -> usize {
        let n = self.size();
        let (r, c) = (cell / n, cell % n);
        r / self.rows * self.rows + c / self.cols
    }

    /// The cells of box `b`, row-major.
    pub fn cells(self, b: usize) -> impl Iterator<Item = usize> {
        let n = self.size();
        let (top, left) = (b / self.rows * self.rows, b % self.rows * self.cols);
        (0..n).map(move |k| (top + k / self.cols) * n + left + k % self.cols)
    }
}

/// The grid annotation of a model lowered from a puzzle: its first
/// `size * size` variables are the cells, row-major, with values `1..=size`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridInfo {
    /// n, the side of the grid.
    pub size: usize,
    /// The box shape, when the grid has rectangular boxes.
    pub boxes: Option<BoxShape>,
}

/// A model recognised as a plain boxed Sudoku: rows, columns and boxes
/// all-different, nothing else. Specialised engines (the bitset `fast` engine)
/// accept exactly these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicGrid {
    /// n.
    pub size: usize,
    /// Box shape.
    pub boxes: BoxShape,
    /// Allowed digits of each cell, row-major, bit `d - 1` for digit `d`.
    pub candidates: Vec<u64>,
}

impl ClassicGrid {
    /// Recognises a classic grid: a grid annotation with boxes, exactly `n * n`
    /// variables with values in `1..=n`, and exactly the `3n` unit
    /// all-different constraints (any order) — so a hand-made model that claims
    /// to be a grid but carries more constraints is never mistaken for one.
    pub fn recognise(model: &Model) -> Option<ClassicGrid> {
        let grid = model.grid()?;
        let boxes = grid.boxes?;
        let n = grid.size;
        if n == 0 || n > 64 || boxes.rows * boxes.cols != n || model.vars().len() != n * n {
            return None;
        }
        if model.objective().is_some() || model.constraints().len() != 3 * n {
            return None;
        }
        let mut unit_seen = vec![false; 3 * n];
        for constraint in model.constraints() {
            let Constraint::AllDifferent(vars) = constraint else {
                return None;
            };
            let unit = unit_of(vars, n, boxes)?;
            if std::mem::replace(&mut unit_seen[unit], true) {
                return None;
            }
        }
        let mut candidates = Vec::with_capacity(n * n);
        for var in model.vars() {
            let mut mask = 0u64;
            for &v in var.domain.values() {
                if v < 1 || v as usize > n {
                    return None;
                }
                mask |= 1 << (v - 1);
            }
            candidates.push(mask);
        }
        Some(ClassicGrid {
            size: n,
            boxes,
            candidates,
        })
    }
}

/// Which unit (0..n rows, n..2n columns, 2n..3n boxes) a set of cells is.
fn unit_of(vars: &[VarId], n: usize, boxes: BoxShape) -> Option<usize> {
    if vars.len() != n {
        return None;
    }
    let mut cells: Vec<usize> = vars.iter().map(|v| v.index()).collect();
    cells.sort_unstable();
    let first = cells[0];
    let (r, c) = (first / n, first % n);
    let row: Vec<usize> = (0..n).map(|k| r * n + k).collect();
    if cells == row {
        return Some(r);
    }
    let col: Vec<usize> = (0..n).map(|k| k * n + c).collect();
    if cells == col {
        return Some(n + c);
    }
    let b = boxes.box_of(first);
    boxes.cells(b).eq(cells).then_some(2 * n + b)
}
