//! The course's weighted latin square, and its mirror problem.

use sudokit_model::{
    Constraint, Domain, Expr, GridInfo, LinearTerm, Model, Objective, Sense, ValueWeights, VarId,
};

/// The reward of cell `(i, j)` (0-based) holding `v`: `((i+1)(j+1) + v²) mod 11`.
pub fn latin_reward(i: usize, j: usize, v: i32) -> i64 {
    (((i + 1) * (j + 1)) as i64 + i64::from(v) * i64::from(v)) % 11
}

fn latin(n: usize) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let cells: Vec<VarId> = (0..n * n)
        .map(|c| {
            model.new_var(
                format!("r{}c{}", c / n + 1, c % n + 1),
                Domain::range(1, n as i32),
            )
        })
        .collect();
    for k in 0..n {
        let row = (0..n).map(|j| cells[k * n + j]).collect();
        let col = (0..n).map(|i| cells[i * n + k]).collect();
        model
            .add(Constraint::AllDifferent(row))
            .expect("cells exist");
        model
            .add(Constraint::AllDifferent(col))
            .expect("cells exist");
    }
    model
        .set_grid(GridInfo {
            size: n,
            boxes: None,
        })
        .expect("one variable per cell");
    (model, cells)
}

/// An `n x n` latin square (values `1..=n`) maximising the sum of
/// [`latin_reward`] over its cells.
pub fn weighted_latin_square(n: usize) -> Model {
    let (mut model, cells) = latin(n);
    let tables = cells
        .iter()
        .enumerate()
        .map(|(c, &var)| ValueWeights {
            var,
            weights: (1..=n as i32)
                .map(|v| (v, latin_reward(c / n, c % n, v)))
                .collect(),
        })
        .collect();
    model
        .set_objective(Objective {
            sense: Sense::Maximize,
            expr: Expr {
                tables,
                ..Expr::default()
            },
        })
        .expect("cells exist");
    model
}

/// An `n x n` latin square minimising the sum of its main diagonal.
pub fn latin_diagonal_sum(n: usize) -> Model {
    let (mut model, cells) = latin(n);
    let linear = (0..n)
        .map(|i| LinearTerm {
            coef: 1,
            var: cells[i * n + i],
        })
        .collect();
    model
        .set_objective(Objective {
            sense: Sense::Minimize,
            expr: Expr {
                linear,
                ..Expr::default()
            },
        })
        .expect("cells exist");
    model
}
