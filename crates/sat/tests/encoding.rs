//! The encodings say exactly the puzzle's rules: the sizes the crate docs
//! give, and on small puzzles every filling of the blanks satisfies the
//! formula exactly when the verifier accepts it.

use sudokit_model::BoxShape;
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};
use sudokit_sat::{encode, AtMostOne, Cages, Encoded, Encoding, Options};
use sudokit_verify::check_grid;

const ALL: [Options; 4] = [
    Options {
        encoding: Encoding::Minimal,
        amo: AtMostOne::Pairwise,
        cages: Cages::Sum,
    },
    Options {
        encoding: Encoding::Extended,
        amo: AtMostOne::Pairwise,
        cages: Cages::Sum,
    },
    Options {
        encoding: Encoding::Minimal,
        amo: AtMostOne::Sequential,
        cages: Cages::Sum,
    },
    Options {
        encoding: Encoding::Extended,
        amo: AtMostOne::Sequential,
        cages: Cages::Sum,
    },
];

fn blank(rows: usize, cols: usize) -> Puzzle {
    let n = rows * cols;
    Puzzle::new(PuzzleSpec::blank(n, Layout::Boxes(BoxShape { rows, cols }))).unwrap()
}

/// (variables, clauses) of an empty `n x n` grid, from the crate docs'
/// formulas: `n²` cells and `3n` groups, each an at-most-one over `n`
/// literals per value.
fn expected(n: usize, options: Options) -> (usize, usize) {
    let cells = n * n;
    let group_values = 3 * n * n;
    let direct = n * n * n;
    let (amo_vars, amo_clauses) = match options.amo {
        AtMostOne::Pairwise => (0, n * (n - 1) / 2),
        AtMostOne::Sequential => (n - 1, 3 * n - 4),
    };
    match options.encoding {
        Encoding::Minimal => (
            direct + group_values * amo_vars,
            cells + group_values * amo_clauses,
        ),
        Encoding::Extended => (
            direct + (group_values + cells) * amo_vars,
            cells + (cells + group_values) * amo_clauses + group_values,
        ),
    }
}

#[test]
fn empty_grids_have_the_documented_sizes() {
    for (rows, cols) in [(2, 2), (3, 3)] {
        let model = blank(rows, cols).to_model();
        for options in ALL {
            let cnf = encode(&model, options).unwrap().cnf;
            let n = rows * cols;
            assert_eq!(
                (cnf.vars() as usize, cnf.len()),
                expected(n, options),
                "{n}x{n} {options:?}"
            );
        }
    }
    let nine = encode(&blank(3, 3).to_model(), ALL[0]).unwrap().cnf;
    assert_eq!((nine.vars(), nine.len()), (729, 8829));
    let nine = encode(&blank(3, 3).to_model(), ALL[1]).unwrap().cnf;
    assert_eq!((nine.vars(), nine.len()), (729, 11988));
    assert_eq!(
        nine.kinds().collect::<Vec<_>>(),
        [
            ("each value somewhere in a full group", 243),
            ("each value at most once in a group", 243 * 36),
            ("each variable some value", 81),
            ("each variable at most one value", 81 * 36),
        ]
    );
}

/// Whether the one-hot truth assignment of `grid` satisfies the formula,
/// after checking that this agrees with the verifier (and that a model
/// decodes back to the grid).
fn agrees(encoded: &Encoded, puzzle: &Puzzle, grid: &[u8]) -> bool {
    let values: Vec<i32> = grid.iter().map(|&d| i32::from(d)).collect();
    let truth = encoded.direct_values(&values);
    let satisfied = encoded.cnf.satisfied_by(|v| truth[v as usize]);
    assert_eq!(satisfied, check_grid(puzzle, grid).is_valid(), "{grid:?}");
    if satisfied {
        assert_eq!(encoded.decode(|v| truth[v as usize]), Some(values));
    }
    satisfied
}

/// Where a puzzle has few blanks, every filling of them: the formula holds
/// for exactly the case's solutions.
#[test]
fn every_filling_of_a_small_puzzle_satisfies_the_formula_iff_it_is_a_solution() {
    let mut checked = 0;
    for case in sudokit_conformance::cases() {
        let puzzle = &case.puzzle;
        let n = puzzle.size();
        let blanks: Vec<usize> = (0..n * n).filter(|&c| puzzle.givens()[c] == 0).collect();
        if !puzzle.cages().is_empty() || (n as f64).powi(blanks.len() as i32) > 300_000.0 {
            continue;
        }
        let model = puzzle.to_model();
        for options in &ALL[..2] {
            let encoded = encode(&model, *options).unwrap();
            let mut grid = puzzle.givens().to_vec();
            let mut solutions = 0;
            for mut k in 0..n.pow(blanks.len() as u32) {
                for &cell in &blanks {
                    grid[cell] = (k % n) as u8 + 1;
                    k /= n;
                }
                solutions += u64::from(agrees(&encoded, puzzle, &grid));
            }
            assert_eq!(solutions, case.count, "{}", case.name);
            checked += 1;
        }
    }
    assert!(checked >= 2, "only {checked} case encodings checked");
}

/// On every unique case without cages: the solution satisfies the formula,
/// and so does none of its near misses (a cell changed, two cells of a row
/// or a column swapped, which keeps that line valid and breaks the rest).
#[test]
fn a_solution_satisfies_the_formula_and_its_near_misses_do_not() {
    let mut checked = 0;
    for case in sudokit_conformance::cases() {
        let (Some(solution), true) = (&case.solution, case.puzzle.cages().is_empty()) else {
            continue;
        };
        let puzzle = &case.puzzle;
        let n = puzzle.size();
        for options in &ALL[..2] {
            let encoded = encode(&puzzle.to_model(), *options).unwrap();
            assert!(agrees(&encoded, puzzle, solution), "{}", case.name);
            let mut grid = solution.clone();
            for cell in 0..n * n {
                for digit in 1..=n as u8 {
                    grid[cell] = digit;
                    agrees(&encoded, puzzle, &grid);
                }
                grid[cell] = solution[cell];
            }
            for a in 0..n * n {
                for b in (a + 1..n * n).filter(|&b| b / n == a / n || b % n == a % n) {
                    grid.swap(a, b);
                    agrees(&encoded, puzzle, &grid);
                    grid.swap(a, b);
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} case encodings checked");
}

/// A killer cage is a sum over the direct literals plus auxiliaries (a
/// totalizer); an objective is no part of a CNF and is refused.
#[test]
fn cages_are_encoded_and_objectives_refused() {
    let killer = sudokit_conformance::cases()
        .into_iter()
        .find(|c| c.kind == "killer")
        .unwrap();
    let mut model = killer.puzzle.to_model();
    let encoded = encode(&model, Options::default()).unwrap();
    let direct: u32 = model.vars().iter().map(|v| v.domain.len() as u32).sum();
    assert!(encoded.cnf.vars() > direct, "the sums add auxiliaries");
    model
        .set_objective(sudokit_model::Objective {
            sense: sudokit_model::Sense::Minimize,
            expr: sudokit_model::Expr::default(),
        })
        .unwrap();
    let err = encode(&model, Options::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "objectives have no CNF form here (the SAT encoding is for satisfaction)"
    );
}

#[test]
fn dimacs_names_every_variable_and_counts_right() {
    let mut givens = vec![0; 16];
    givens[0] = 1;
    let puzzle = Puzzle::boxed(2, 2, givens).unwrap();
    let text = encode(&puzzle.to_model(), ALL[0]).unwrap().cnf.to_dimacs();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("c sudokit direct encoding: variable k true = one model variable takes one value")
    );
    assert_eq!(lines.next(), Some("c r1c1 = [1]: variables 1..1"));
    assert_eq!(lines.next(), Some("c r1c2 = [1, 2, 3, 4]: variables 2..5"));
    let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
    let clauses = text.lines().filter(|l| l.ends_with(" 0")).count();
    // 1 + 15 * 4 literals; 15 cells' at-least-one, 1 given, 12 groups x 4
    // values: the given's value has 4 literals (6 pairs), the others 3 or 4.
    assert_eq!(header, format!("p cnf 61 {clauses}"));
    assert!(text.contains("\n1 0\n"), "the given is a unit clause");
}

/// Outside a full group the minimal encoding adds the at-most-one itself:
/// two values for one variable are never a model of it.
#[test]
fn minimal_never_admits_two_values_where_no_group_implies_one() {
    use sudokit_model::{Constraint, Domain, Model};
    let mut model = Model::new();
    let x = model.new_var("x", Domain::range(1, 3));
    let y = model.new_var("y", Domain::range(1, 3));
    model
        .add(Constraint::NotEqualOffset { x, y, offset: 0 })
        .unwrap();
    let encoded = encode(&model, ALL[0]).unwrap();
    let lit = |var, value| encoded.lit(var, value).unwrap() as u32;
    let (x1, x2, y3) = (lit(x, 1), lit(x, 2), lit(y, 3));
    assert!(encoded.cnf.satisfied_by(|v| v == x1 || v == y3));
    assert!(!encoded.cnf.satisfied_by(|v| v == x1 || v == x2 || v == y3));
}
