//! `check_assignment` accepts exactly the assignments that keep every
//! domain and constraint, and names the first thing wrong: random models
//! of every constraint kind against a reference written pair by pair and
//! term by term, and lowered puzzles against the grid checker.

mod grids;

use grids::{sudoku, Rng};
use proptest::prelude::*;
use sudokit_model::{Cmp, Constraint, Domain, LinearTerm, Model, VarId};
use sudokit_verify::{check_assignment, check_grid, Violation};

/// What `check_assignment` should answer, found the slow way: the length,
/// then each variable's domain, then each constraint in order.
fn reference(model: &Model, values: &[i32]) -> Result<(), Violation> {
    if values.len() != model.vars().len() {
        return Err(Violation::WrongLength {
            expected: model.vars().len(),
            found: values.len(),
        });
    }
    for (var, &value) in model.vars().iter().zip(values) {
        if !var.domain.values().contains(&value) {
            return Err(Violation::OutsideDomain {
                var: var.name.clone(),
                value,
            });
        }
    }
    for (index, constraint) in model.constraints().iter().enumerate() {
        if !holds(constraint, values) {
            return Err(Violation::Constraint {
                index,
                kind: constraint.kind().name(),
            });
        }
    }
    Ok(())
}

fn holds(constraint: &Constraint, values: &[i32]) -> bool {
    let value = |v: &VarId| i64::from(values[v.0 as usize]);
    match constraint {
        Constraint::AllDifferent(vars) => vars
            .iter()
            .enumerate()
            .all(|(i, a)| vars[i + 1..].iter().all(|b| value(a) != value(b))),
        Constraint::Linear { terms, cmp, rhs } => {
            let lhs: i64 = terms.iter().map(|t| t.coef * value(&t.var)).sum();
            match cmp {
                Cmp::Eq => lhs == *rhs,
                Cmp::Ne => lhs != *rhs,
                Cmp::Le => lhs <= *rhs,
                Cmp::Ge => lhs >= *rhs,
            }
        }
        Constraint::NotEqualOffset { x, y, offset } => value(x) != value(y) + i64::from(*offset),
    }
}

/// A small random model and an assignment for it, mostly inside the
/// domains so that the constraints decide.
fn case(seed: u64) -> (Model, Vec<i32>) {
    let mut rng = Rng::new(seed);
    let mut model = Model::new();
    let vars: Vec<VarId> = (0..1 + rng.below(6))
        .map(|i| {
            let values = (-3..=6).filter(|_| !rng.one_in(3));
            model.new_var(format!("x{i}"), Domain::from_values(values))
        })
        .collect();
    let small = |rng: &mut Rng| rng.below(9) as i64 - 3;
    for _ in 0..rng.below(5) {
        let mut some: Vec<VarId> = vars.clone();
        rng.shuffle(&mut some);
        some.truncate(1 + rng.below(vars.len()));
        let constraint = match rng.below(3) {
            0 => Constraint::AllDifferent(some),
            1 => Constraint::Linear {
                terms: some
                    .iter()
                    .map(|&var| LinearTerm {
                        coef: small(&mut rng),
                        var,
                    })
                    .collect(),
                cmp: rng.pick(&[Cmp::Eq, Cmp::Ne, Cmp::Le, Cmp::Ge]),
                rhs: small(&mut rng) * 3,
            },
            _ => Constraint::NotEqualOffset {
                x: some[0],
                y: rng.pick(&vars),
                offset: small(&mut rng) as i32,
            },
        };
        model.add(constraint).unwrap();
    }
    let mut values: Vec<i32> = model
        .vars()
        .iter()
        .map(|var| match var.domain.values() {
            [] => 0,
            domain if !rng.one_in(8) => rng.pick(domain),
            _ => rng.below(12) as i32 - 4,
        })
        .collect();
    if rng.one_in(10) {
        values.truncate(rng.below(values.len()));
    } else if rng.one_in(10) {
        values.push(1);
    }
    (model, values)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_models_are_judged_as_the_reference_judges(seed in any::<u64>()) {
        let (model, values) = case(seed);
        prop_assert_eq!(check_assignment(&model, &values), reference(&model, &values));
    }
}

/// Every answer occurs in the random family, each kind of violated
/// constraint among them.
#[test]
fn the_random_family_holds_every_verdict() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..2000 {
        let (model, values) = case(seed);
        seen.insert(match reference(&model, &values) {
            Ok(()) => "ok",
            Err(Violation::WrongLength { .. }) => "length",
            Err(Violation::OutsideDomain { .. }) => "domain",
            Err(Violation::Constraint { kind, .. }) => kind,
        });
    }
    let all = [
        "all-different",
        "domain",
        "length",
        "linear",
        "not-equal-offset",
        "ok",
    ];
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), all);
}

/// A lowered puzzle's assignment is right exactly when the grid is: both
/// checkers agree on grids with two cells swapped or one digit changed.
#[test]
fn lowered_puzzles_agree_with_the_grid_checker() {
    let mut rng = Rng::new(7);
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..300 {
        let (rows, cols) = rng.pick(&[(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]);
        let n = rows * cols;
        let solution = sudoku(rows, cols, &mut rng);
        let mut givens = solution.clone();
        for given in givens.iter_mut() {
            if !rng.one_in(3) {
                *given = 0;
            }
        }
        let puzzle = sudokit_puzzle::Puzzle::boxed(rows, cols, givens).unwrap();
        let mut grid = solution;
        match rng.below(3) {
            0 => {}
            1 => grid.swap(rng.below(n * n), rng.below(n * n)),
            _ => grid[rng.below(n * n)] = 1 + rng.below(n) as u8,
        }
        let values: Vec<i32> = grid.iter().map(|&d| i32::from(d)).collect();
        let by_grid = check_grid(&puzzle, &grid).is_valid();
        let by_model = check_assignment(&puzzle.to_model(), &values).is_ok();
        assert_eq!(by_model, by_grid, "{grid:?}");
        if by_grid {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    assert!(valid > 0 && invalid > 0, "{valid} {invalid}");
}
