//! N-Queens: `q[i]` is the column (1..=n) of the queen of row `i`.

use sudokit_model::{Constraint, Domain, Model, VarId};

/// The course model: one variable per row, all columns different, and for
/// rows `i < j` (distance `d = j - i`) `q[i] != q[j] + d` and
/// `q[i] != q[j] - d` (the two diagonals).
pub fn n_queens(n: usize) -> Model {
    let mut model = Model::new();
    let q: Vec<VarId> = (0..n)
        .map(|i| model.new_var(format!("q{}", i + 1), Domain::range(1, n as i32)))
        .collect();
    let add = |model: &mut Model, c| model.add(c).expect("queen variables exist");
    add(&mut model, Constraint::AllDifferent(q.clone()));
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i32;
            add(
                &mut model,
                Constraint::NotEqualOffset {
                    x: q[i],
                    y: q[j],
                    offset: d,
                },
            );
            add(
                &mut model,
                Constraint::NotEqualOffset {
                    x: q[i],
                    y: q[j],
                    offset: -d,
                },
            );
        }
    }
    model
}
