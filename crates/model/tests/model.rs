use sudokit_model::{
    BoxShape, CancelToken, ClassicGrid, Cmp, Constraint, Domain, GridInfo, LimitKind, Limits,
    LinearTerm, Model, ModelError, VarId,
};
use sudokit_model::{Expr, ValueWeights};

/// A blank 4x4 Sudoku with its 12 units.
fn sudoku4() -> Model {
    let mut model = Model::new();
    let v: Vec<VarId> = (0..16)
        .map(|i| model.new_var(format!("c{i}"), Domain::range(1, 4)))
        .collect();
    for i in 0..4 {
        let (br, bc) = (i / 2 * 2, i % 2 * 2);
        let units = [
            (0..4).map(|k| v[i * 4 + k]).collect(),
            (0..4).map(|k| v[k * 4 + i]).collect(),
            (0..4).map(|k| v[(br + k / 2) * 4 + bc + k % 2]).collect(),
        ];
        for unit in units {
            model.add(Constraint::AllDifferent(unit)).unwrap();
        }
    }
    let boxes = Some(BoxShape { rows: 2, cols: 2 });
    model.set_grid(GridInfo { size: 4, boxes }).unwrap();
    model
}

#[test]
fn domains_become_bitsets_over_the_value_window() {
    let d = Domain::from_values([5, 3, 3, 9]);
    assert_eq!(d.values(), &[3, 5, 9]);
    assert_eq!(d.mask(3), 0b100_0101);
    assert_eq!(d.mask(5), 0b1_0001, "values below the base are left out");
    let mut model = Model::new();
    model.new_var("a", Domain::range(-2, 4));
    model.new_var("b", Domain::single(7));
    assert_eq!(model.value_range(), (-2, 7));
    assert_eq!(Model::new().value_range(), (0, 0));
}

#[test]
fn constraints_name_existing_variables_and_judge_assignments() {
    let mut model = Model::new();
    let x = model.new_var("x", Domain::range(1, 3));
    let y = model.new_var("y", Domain::range(1, 3));
    assert_eq!(
        model.add(Constraint::AllDifferent(vec![x, VarId(5)])),
        Err(ModelError::UnknownVar(5, 2))
    );
    let sum = Constraint::Linear {
        terms: vec![
            LinearTerm { coef: 2, var: x },
            LinearTerm { coef: -1, var: y },
        ],
        cmp: Cmp::Le,
        rhs: 1,
    };
    assert!(sum.is_satisfied_by(&[1, 1]));
    assert!(!sum.is_satisfied_by(&[3, 1]));
    let diagonal = Constraint::NotEqualOffset { x, y, offset: 1 };
    assert!(!diagonal.is_satisfied_by(&[3, 2]));
    assert!(diagonal.is_satisfied_by(&[2, 2]));
}

#[test]
fn a_classic_grid_is_recognised_only_without_extra_constraints() {
    let model = sudoku4();
    let grid = ClassicGrid::recognise(&model).expect("a plain 4x4 Sudoku");
    assert_eq!(grid.candidates, vec![0b1111; 16]);

    let mut with_diagonal = model.clone();
    let diagonal = (0..4).map(|i| VarId(i * 5)).collect();
    with_diagonal
        .add(Constraint::AllDifferent(diagonal))
        .unwrap();
    assert_eq!(ClassicGrid::recognise(&with_diagonal), None);

    let mut wrong_unit = Model::new();
    for i in 0..16 {
        wrong_unit.new_var(format!("c{i}"), Domain::range(1, 4));
    }
    for constraint in model.constraints().iter().skip(1) {
        wrong_unit.add(constraint.clone()).unwrap();
    }
    // Twelve constraints again, but one unit twice and the first row never.
    wrong_unit.add(model.constraints()[1].clone()).unwrap();
    let boxes = Some(BoxShape { rows: 2, cols: 2 });
    wrong_unit.set_grid(GridInfo { size: 4, boxes }).unwrap();
    assert_eq!(ClassicGrid::recognise(&wrong_unit), None);
}

/// `sudoku4` rebuilt with `edit` applied to its variables' domains, its
/// constraints and its grid annotation.
fn sudoku4_with(
    domains: impl Fn(usize) -> Domain,
    constraints: impl Fn(Vec<Constraint>) -> Vec<Constraint>,
    grid: GridInfo,
    extra_vars: usize,
) -> Model {
    let plain = sudoku4();
    let mut model = Model::new();
    for i in 0..16 + extra_vars {
        model.new_var(format!("c{i}"), domains(i));
    }
    for constraint in constraints(plain.constraints().to_vec()) {
        model.add(constraint).unwrap();
    }
    model.set_grid(grid).unwrap();
    model
}

/// Each condition of the recogniser on its own: a model that breaks one
/// of them, and only that one, is not a classic grid (a recogniser that
/// let one through would hand `fast` a model it solves wrongly).
#[test]
fn a_classic_grid_needs_every_condition_at_once() {
    let square = GridInfo {
        size: 4,
        boxes: Some(BoxShape { rows: 2, cols: 2 }),
    };
    let all = |_| Domain::range(1, 4);
    let same = |c: Vec<Constraint>| c;
    assert!(ClassicGrid::recognise(&sudoku4_with(all, same, square.clone(), 0)).is_some());

    // Boxes that do not tile the size (2x3 for 4).
    let skewed = GridInfo {
        size: 4,
        boxes: Some(BoxShape { rows: 2, cols: 3 }),
    };
    assert_eq!(
        ClassicGrid::recognise(&sudoku4_with(all, same, skewed, 0)),
        None
    );
    // One variable more than the grid's cells.
    assert_eq!(
        ClassicGrid::recognise(&sudoku4_with(all, same, square.clone(), 1)),
        None
    );
    // A value outside 1..=4, below or above.
    for outside in [0, 5] {
        let domains = |i| {
            if i == 6 {
                Domain::from_values([1, outside])
            } else {
                Domain::range(1, 4)
            }
        };
        assert_eq!(
            ClassicGrid::recognise(&sudoku4_with(domains, same, square.clone(), 0)),
            None,
            "{outside}"
        );
    }
    // An objective.
    let mut with_objective = sudoku4();
    with_objective
        .set_objective(sudoku_model_objective())
        .unwrap();
    assert_eq!(ClassicGrid::recognise(&with_objective), None);
    // Twelve groups, one of them the diagonal from r1c1 in place of the
    // first box (which starts at the same cell).
    let diagonal = |mut c: Vec<Constraint>| {
        let first_box = c
            .iter()
            .position(|c| matches!(c, Constraint::AllDifferent(v) if v.contains(&VarId(5)) && v.contains(&VarId(0))))
            .expect("the first box");
        c[first_box] = Constraint::AllDifferent((0..4).map(|i| VarId(i * 5)).collect());
        c
    };
    assert_eq!(
        ClassicGrid::recognise(&sudoku4_with(all, diagonal, square.clone(), 0)),
        None
    );
    // The largest size a 64-bit candidate mask holds, and one past it.
    assert!(ClassicGrid::recognise(&blank_grid(64, 8, 8)).is_some());
    assert_eq!(ClassicGrid::recognise(&blank_grid(65, 5, 13)), None);
}

/// A blank `n x n` grid of `rows x cols` boxes with its `3n` units.
fn blank_grid(n: usize, rows: usize, cols: usize) -> Model {
    let mut model = Model::new();
    let v: Vec<VarId> = (0..n * n)
        .map(|i| model.new_var(format!("c{i}"), Domain::range(1, n as i32)))
        .collect();
    for i in 0..n {
        let (br, bc) = (i / (n / cols) * rows, i % (n / cols) * cols);
        let units = [
            (0..n).map(|k| v[i * n + k]).collect(),
            (0..n).map(|k| v[k * n + i]).collect(),
            (0..n)
                .map(|k| v[(br + k / cols) * n + bc + k % cols])
                .collect(),
        ];
        for unit in units {
            model.add(Constraint::AllDifferent(unit)).unwrap();
        }
    }
    let boxes = Some(BoxShape { rows, cols });
    model.set_grid(GridInfo { size: n, boxes }).unwrap();
    model
}

fn sudoku_model_objective() -> sudokit_model::Objective {
    sudokit_model::Objective {
        sense: sudokit_model::Sense::Maximize,
        expr: Expr {
            linear: vec![LinearTerm {
                coef: 1,
                var: VarId(0),
            }],
            ..Expr::default()
        },
    }
}

#[test]
fn limits_stop_on_budgets_cancellation_and_deadlines() {
    let limits = Limits::none().with_nodes(10).with_fails(3);
    let mut check = limits.checker();
    assert_eq!(check.check(9, 2), None);
    assert_eq!(check.check(10, 0), Some(LimitKind::Nodes));
    assert_eq!(check.check(0, 3), Some(LimitKind::Fails));

    let cancel = CancelToken::new();
    let limits = Limits::none().with_cancel(cancel.clone());
    assert_eq!(limits.checker().check_now(), None);
    cancel.cancel();
    assert_eq!(limits.checker().check_now(), Some(LimitKind::Cancelled));

    let past = Limits::none().with_timeout(std::time::Duration::ZERO);
    assert_eq!(past.checker().check(0, 0), Some(LimitKind::Time));
}

#[test]
fn a_grid_opens_every_cell_and_keeps_the_rest() {
    let mut puzzle = sudoku4();
    puzzle.restrict(VarId(0), Domain::single(3)).unwrap();
    puzzle
        .restrict(VarId(5), Domain::from_values([1, 2]))
        .unwrap();
    let open = puzzle.with_open_cells().unwrap();
    assert!(open
        .vars()
        .iter()
        .all(|v| v.domain.values() == [1, 2, 3, 4]));
    assert_eq!(open.constraints(), puzzle.constraints());
    assert_eq!(open.grid(), puzzle.grid());
    assert_eq!(Model::new().with_open_cells(), None);
}

#[test]
fn an_expression_weighs_each_value_of_each_variable_it_names() {
    let mut model = Model::new();
    let x = model.new_var("x", Domain::from_values([1, 3]));
    let y = model.new_var("y", Domain::range(0, 2));
    model.new_var("z", Domain::single(5));
    let expr = Expr {
        linear: vec![
            LinearTerm { coef: 2, var: x },
            LinearTerm { coef: -1, var: x },
        ],
        tables: vec![ValueWeights {
            var: y,
            weights: vec![(1, 10), (7, 99)],
        }],
        constant: 4,
    };
    let weights = expr.value_weights(&model).unwrap();
    assert_eq!(weights.len(), 2);
    assert_eq!(weights[&x], [1, 3]);
    assert_eq!(weights[&y], [0, 10, 0]);
    // constant + the weights of the values taken is the expression.
    assert_eq!(
        4 + weights[&x][1] + weights[&y][1],
        expr.evaluate(&[3, 1, 5])
    );
    let huge = Expr {
        linear: vec![LinearTerm {
            coef: i64::MAX,
            var: x,
        }],
        ..Expr::default()
    };
    assert_eq!(huge.value_weights(&model), None);
    assert_eq!(model.open_vars(), [0, 1]);
    assert_eq!(
        model.values_of(&[x, y]).into_iter().collect::<Vec<_>>(),
        [0, 1, 2, 3]
    );
}

#[test]
fn each_cell_is_in_the_box_whose_cells_name_it() {
    // 2x3 boxes of a 6x6 grid: box 1 is the top right one, box 2 below box 0.
    let shape = BoxShape { rows: 2, cols: 3 };
    assert_eq!(shape.cells(1).collect::<Vec<_>>(), [3, 4, 5, 9, 10, 11]);
    assert_eq!(shape.cells(2).collect::<Vec<_>>(), [12, 13, 14, 18, 19, 20]);
    for (rows, cols) in [(2, 3), (3, 2), (3, 3), (1, 4), (4, 1), (5, 5)] {
        let shape = BoxShape { rows, cols };
        let n = shape.size();
        let mut seen = vec![0; n * n];
        for b in 0..n {
            for cell in shape.cells(b) {
                assert_eq!(shape.box_of(cell), b, "{rows}x{cols}: cell {cell}");
                seen[cell] += 1;
            }
        }
        assert!(
            seen.iter().all(|&k| k == 1),
            "{rows}x{cols}: boxes cover the grid once"
        );
    }
}
