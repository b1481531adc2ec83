use sudokit_model::{ClassicGrid, Constraint, Domain, GridInfo, Model, VarId};

use crate::{cell_name, Puzzle};

impl Puzzle {
    /// Lowers the puzzle to a [`Model`]: one variable per cell (row-major,
    /// named `r1c1` ...), domains `1..=n` narrowed by givens and pencil marks,
    /// one all-different per group, one sum per cage, and the grid annotation.
    pub fn to_model(&self) -> Model {
        let n = self.size();
        let mut model = Model::new();
        for cell in 0..n * n {
            let given = self.givens()[cell];
            let domain = if given != 0 {
                Domain::single(i32::from(given))
            } else if let Some(marks) = self.candidates() {
                Domain::from_values((1..=n as i32).filter(|d| marks[cell] >> (d - 1) & 1 == 1))
            } else {
                Domain::range(1, n as i32)
            };
            model.new_var(cell_name(cell, n), domain);
        }
        let var = |cell: usize| VarId(cell as u32);
        for group in self.groups() {
            if group.cells.len() > 1 {
                let vars = group.cells.iter().map(|&c| var(c)).collect();
                add(&mut model, Constraint::AllDifferent(vars));
            }
        }
        for cage in self.cages() {
            let vars: Vec<VarId> = cage.cells.iter().map(|&c| var(c)).collect();
            add(&mut model, Constraint::sum_eq(&vars, i64::from(cage.sum)));
        }
        model
            .set_grid(GridInfo {
                size: n,
                boxes: self.box_shape(),
            })
            .expect("the model has one variable per cell");
        model
    }
}

impl Puzzle {
    /// The puzzle as a [`ClassicGrid`] when it is a plain boxed Sudoku: the
    /// same thing [`ClassicGrid::recognise`] finds in [`Puzzle::to_model`],
    /// built without the model (one allocation instead of hundreds).
    pub fn to_classic_grid(&self) -> Option<ClassicGrid> {
        if !self.is_classic() || !(2..=64).contains(&self.size()) {
            return None;
        }
        let all = u64::MAX >> (64 - self.size());
        let candidates = self
            .givens()
            .iter()
            .map(|&d| if d == 0 { all } else { 1 << (d - 1) })
            .collect();
        Some(ClassicGrid {
            size: self.size(),
            boxes: self.box_shape()?,
            candidates,
        })
    }
}

fn add(model: &mut Model, constraint: Constraint) {
    model
        .add(constraint)
        .expect("cells of a validated puzzle are model variables");
}

#[cfg(test)]
mod tests {
    use sudokit_model::ClassicGrid;

    use crate::Puzzle;

    #[test]
    fn the_classic_shortcut_matches_the_recognised_model() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
            let n = rows * cols;
            let mut givens = vec![0; n * n];
            givens[n + 1] = n as u8;
            let puzzle = Puzzle::boxed(rows, cols, givens).unwrap();
            let shortcut = puzzle.to_classic_grid();
            assert_eq!(
                shortcut,
                ClassicGrid::recognise(&puzzle.to_model()),
                "{rows}x{cols}"
            );
            assert!(shortcut.is_some());
        }
        let latin = Puzzle::new(crate::PuzzleSpec::blank(4, crate::Layout::Latin)).unwrap();
        assert_eq!(latin.to_classic_grid(), None);
    }
}
