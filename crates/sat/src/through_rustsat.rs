//! BatSat through rustsat's solver traits: literals in, a verdict under
//! assumptions out, a variable's value. (CaDiCaL has its own calls,
//! `cadical.rs`.)

use rustsat::solvers::{Solve, SolveIncremental, SolverResult};
use rustsat::types::{Lit as RsLit, TernaryVal};

use crate::backend::Verdict;
use crate::Lit;

fn rs_lit(lit: Lit) -> RsLit {
    RsLit::from_ipasir(lit).expect("literals are non-zero")
}

/// Adds a clause of DIMACS literals, translated in `buffer` (one
/// allocation for all the clauses of a formula, not one each).
pub(crate) fn add_clause(
    solver: &mut impl Solve,
    buffer: &mut Vec<RsLit>,
    lits: &[Lit],
) -> Result<(), String> {
    buffer.clear();
    buffer.extend(lits.iter().map(|&l| rs_lit(l)));
    solver
        .add_clause_ref(&buffer[..])
        .map_err(|e| e.to_string())
}

/// One call under `assumptions`.
pub(crate) fn solve(
    solver: &mut impl SolveIncremental,
    assumptions: &[Lit],
) -> Result<Verdict, String> {
    let assumptions: Vec<RsLit> = assumptions.iter().map(|&l| rs_lit(l)).collect();
    match solver.solve_assumps(&assumptions) {
        Ok(SolverResult::Sat) => Ok(Verdict::Sat),
        Ok(SolverResult::Unsat) => Ok(Verdict::Unsat),
        Ok(SolverResult::Interrupted) => Ok(Verdict::Stopped),
        Err(e) => Err(e.to_string()),
    }
}

/// Whether variable `var` (DIMACS numbering) is true in the last model.
pub(crate) fn is_true(solver: &impl Solve, var: u32) -> bool {
    matches!(
        solver.lit_val(RsLit::positive(var - 1)),
        Ok(TernaryVal::True)
    )
}
