use sudokit_model::{Constraint, Domain, GridInfo, Model, VarId};

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

fn add(model: &mut Model, constraint: Constraint) {
    model
        .add(constraint)
        .expect("cells of a validated puzzle are model variables");
}
