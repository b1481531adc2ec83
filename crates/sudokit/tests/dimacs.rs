//! `sudokit export --to dimacs` writes the CNF the `sat` engine solves:
//! read back through its `c` lines, the engine's verified grid satisfies
//! every clause and a broken grid does not; Debian's `cadical`, a solver
//! that shares no code with sudokit, finds the same count up to 2 and
//! grids the verifier accepts.

mod common;

use std::path::Path;
use std::process::Command;

use common::run;
use sudokit_bench::{random_puzzle, RandomSpec};
use sudokit_formats::{parse_line, to_line, ReadOptions};
use sudokit_puzzle::Puzzle;
use sudokit_testkit::{found, Tool};
use sudokit_verify::check_grid;

/// A CNF read back: each cell's values and their variables, and the clauses.
struct Cnf {
    /// Per cell in row order: (value, variable) pairs.
    cells: Vec<Vec<(u8, i64)>>,
    vars: i64,
    clauses: Vec<Vec<i64>>,
}

/// Reads the export: `c rRcC = [v, …]: variables a..b` lines, the
/// `p cnf` header and the clauses (each checked against the header).
fn read_back(text: &str) -> Cnf {
    let mut cells = Vec::new();
    let mut header = None;
    let mut clauses = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("c r") {
            let (_, rest) = rest.split_once(" = [").expect("a cell line");
            let (values, vars) = rest.split_once("]: variables ").expect("a cell line");
            let (first, last) = vars.split_once("..").expect("a range");
            let first: i64 = first.parse().unwrap();
            let values: Vec<u8> = values.split(", ").map(|v| v.parse().unwrap()).collect();
            assert_eq!(
                last.parse::<i64>().unwrap(),
                first + values.len() as i64 - 1
            );
            cells.push(values.into_iter().zip(first..).collect());
        } else if let Some(rest) = line.strip_prefix("p cnf ") {
            let numbers: Vec<i64> = rest.split(' ').map(|n| n.parse().unwrap()).collect();
            header = Some((numbers[0], numbers[1]));
        } else if header.is_some() {
            let clause: Vec<i64> = line.split(' ').map(|n| n.parse().unwrap()).collect();
            assert_eq!(clause.last(), Some(&0), "{line}");
            clauses.push(clause[..clause.len() - 1].to_vec());
        }
    }
    let (vars, count) = header.expect("a p cnf line");
    assert_eq!(clauses.len() as i64, count);
    assert!(clauses.iter().flatten().all(|l| l.abs() <= vars));
    Cnf {
        cells,
        vars,
        clauses,
    }
}

impl Cnf {
    /// The literals that put `grid` in the cells (a plain grid has no
    /// auxiliary variables: every variable is a cell's value).
    fn literals(&self, grid: &[u8]) -> Vec<i64> {
        self.cells
            .iter()
            .zip(grid)
            .flat_map(|(values, &digit)| {
                values
                    .iter()
                    .map(move |&(value, var)| if value == digit { var } else { -var })
            })
            .collect()
    }

    fn satisfied_by(&self, grid: &[u8]) -> bool {
        let mut truth = vec![false; self.vars as usize + 1];
        for literal in self.literals(grid) {
            truth[literal.unsigned_abs() as usize] = literal > 0;
        }
        self.clauses.iter().all(|c| {
            c.iter()
                .any(|&l| truth[l.unsigned_abs() as usize] == (l > 0))
        })
    }

    /// The grid a model (the true variables) puts in the cells.
    fn grid(&self, model: &[i64]) -> Vec<u8> {
        let mut truth = vec![false; self.vars as usize + 1];
        for &literal in model.iter().filter(|&&l| l > 0) {
            truth[literal as usize] = true;
        }
        self.cells
            .iter()
            .map(|values| {
                let set: Vec<u8> = values
                    .iter()
                    .filter(|(_, var)| truth[*var as usize])
                    .map(|(value, _)| *value)
                    .collect();
                assert_eq!(set.len(), 1, "one value per cell");
                set[0]
            })
            .collect()
    }

    /// The CNF in DIMACS with extra clauses (grids blocked).
    fn with(&self, extra: &[Vec<i64>]) -> String {
        let mut text = format!("p cnf {} {}\n", self.vars, self.clauses.len() + extra.len());
        for clause in self.clauses.iter().chain(extra) {
            for literal in clause {
                text.push_str(&format!("{literal} "));
            }
            text.push_str("0\n");
        }
        text
    }
}

/// The puzzles: a 17-clue 9×9 (one solution) and a random 25×25 45% blank
/// (several).
fn puzzles() -> Vec<Puzzle> {
    let seventeen = parse_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        &ReadOptions::default(),
    )
    .unwrap();
    let spec = RandomSpec {
        size: 25,
        blank: 45,
        count: 1,
        seed: 1,
    };
    vec![seventeen, random_puzzle(&spec, 0)]
}

/// The sat engine's verified grids, counting to 2.
fn sat_grids(puzzle: &Puzzle) -> Vec<Vec<u8>> {
    let line = to_line(puzzle);
    let out = run(
        &[
            "count", &line, "-e", "sat", "--max", "2", "--list", "--format", "line",
        ],
        0,
    );
    let raw = ReadOptions::default().check_givens(false);
    // Each grid on a line, then the count ("1" or "2+").
    let (count, grids) = out
        .lines()
        .collect::<Vec<_>>()
        .split_last()
        .map(|(c, g)| (c.to_string(), g.to_vec()))
        .expect("output");
    let grids: Vec<Vec<u8>> = grids
        .iter()
        .map(|l| parse_line(l, &raw).expect("a grid").givens().to_vec())
        .collect();
    let expected = match grids.len() {
        1 => "1",
        _ => "2+",
    };
    assert_eq!(count, expected);
    for grid in &grids {
        assert!(check_grid(puzzle, grid).is_valid());
    }
    grids
}

fn export(puzzle: &Puzzle) -> Cnf {
    read_back(&run(&["export", &to_line(puzzle), "--to", "dimacs"], 0))
}

#[test]
fn the_export_is_the_cnf_the_sat_engine_solves() {
    for puzzle in puzzles() {
        let cnf = export(&puzzle);
        let n = puzzle.size();
        assert_eq!(cnf.cells.len(), n * n);
        let grids = sat_grids(&puzzle);
        assert!(!grids.is_empty());
        for grid in &grids {
            assert!(cnf.satisfied_by(grid), "{n}x{n}: the engine's grid");
            // Two digits of a row swapped where both cells are blank: a
            // column then holds a digit twice, which a clause forbids.
            let blank: Vec<usize> = (0..n).filter(|&c| puzzle.givens()[c] == 0).collect();
            let mut broken = grid.clone();
            broken.swap(blank[0], blank[1]);
            assert!(!cnf.satisfied_by(&broken), "{n}x{n}: a broken grid");
        }
    }
}

/// What `cadical` says of a CNF: a model, or `None` for unsatisfiable.
fn cadical(program: &Path, cnf: &str) -> Option<Vec<i64>> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("puzzle.cnf");
    std::fs::write(&path, cnf).expect("written");
    let output = Command::new(program)
        .arg("-q")
        .arg(&path)
        .output()
        .expect("cadical runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    match output.status.code() {
        Some(10) => Some(
            stdout
                .lines()
                .filter_map(|l| l.strip_prefix("v "))
                .flat_map(|l| l.split_whitespace().map(|n| n.parse::<i64>().unwrap()))
                .filter(|&l| l != 0)
                .collect(),
        ),
        Some(20) => None,
        code => panic!("cadical exit {code:?}:\n{stdout}"),
    }
}

/// The cadical on PATH, if it runs.
fn program() -> Result<std::path::PathBuf, String> {
    let program = std::path::PathBuf::from("cadical");
    match Command::new(&program).arg("--version").output() {
        Ok(out) if out.status.success() => Ok(program),
        Ok(out) => Err(format!("cadical --version exits {}", out.status)),
        Err(e) => Err(format!("no cadical on PATH: {e}")),
    }
}

#[test]
fn cadical_counts_the_export_as_the_sat_engine_does() {
    let Some(program) = found(Tool::Cadical, program()) else {
        return;
    };
    for puzzle in puzzles() {
        let cnf = export(&puzzle);
        let engine = sat_grids(&puzzle);
        // Count to 2 as the engine does: solve, block the grid, solve again.
        let mut blocked: Vec<Vec<i64>> = Vec::new();
        let mut grids: Vec<Vec<u8>> = Vec::new();
        while grids.len() < 2 {
            let Some(model) = cadical(&program, &cnf.with(&blocked)) else {
                break;
            };
            let grid = cnf.grid(&model);
            let report = check_grid(&puzzle, &grid);
            assert!(report.is_valid(), "cadical's grid: {report}");
            let chosen = cnf.literals(&grid).into_iter().filter(|&l| l > 0);
            blocked.push(chosen.map(|l| -l).collect());
            grids.push(grid);
        }
        assert_eq!(
            grids.len(),
            engine.len(),
            "{}x{}",
            puzzle.size(),
            puzzle.size()
        );
        if engine.len() == 1 {
            assert_eq!(grids, engine, "the one solution");
        }
    }
}
