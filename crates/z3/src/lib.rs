//! Sudoku as SMT: the course's Z3 notebook as an engine that speaks
//! SMT-LIB 2 to a `z3` process over a pipe.
//!
//! Nothing is linked: the `z3` program is found at run time
//! ([`locate`]: `SUDOKIT_Z3`, else `PATH`), so sudokit builds and runs
//! without it, and works with the Z3 a user already has
//! (`pip install z3-solver` or `apt-get install z3`).
//!
//! **Encodings** ([`Encoding`], `--engine z3:encoding=…`), the course's four
//! solvers:
//! - `int`: one `Int` per cell, bounded by its candidates, `distinct` per
//!   group, the givens as equalities;
//! - `bv`: the same with one bit-vector per cell (4 bits for 1–9), sums
//!   computed wide enough not to overflow ([`encode`]);
//! - `bv-subst` (the default): the substitution solver. A grid's rules are
//!   asserted once per process; each puzzle only adds its givens, assumed by
//!   `check-sat-assuming` ([`Givens::Assume`]) or between `push` and `pop`;
//! - `bv-tactic`: as `bv-subst`, each check through a tactic pipeline
//!   (`check-sat-using`, by default `z3:tactic=blast-distinct+bit-blast+sat`;
//!   see [`Tactic`]) that bit-blasts to Z3's SAT solver.
//!
//! Each states the rules as `distinct`, plus by default (`rules=extended`)
//! "each digit somewhere in every row, column and box": redundant, and
//! what lets Z3 find hidden singles: counting to 2 on top95, `bv-subst`
//! takes 9.4 ms a puzzle instead of 77 (Z3 5.4.1, 2-vCPU Intel Xeon;
//! [`Encoded::add_each_value_somewhere`]). `rules=plain` is the course's
//! encodings as they were.
//!
//! Every constraint of the model IR has a form (`distinct`, linear sums of
//! killer cages, `x ≠ y + c`), so X, jigsaw, killer, N-Queens, colouring and
//! latin squares all run. Counting blocks each model found (the course's
//! `HasUniqueSolution`); optimisation is Z3's `maximize` / `minimize`.
//!
//! **Limits**: each check runs under Z3's `:timeout` (what is left of the
//! deadline); cancelling kills the process (a watchdog thread, joined
//! before the check returns), and the engine starts another for the next
//! solve. No process outlives its engine.
//!
//! **Seeing what Z3 sees**: `z3:log=FILE` writes the whole conversation,
//! answers as comments; [`to_smtlib`] writes one model as a script `z3 FILE`
//! runs (`sudokit export --to smt2`).
#![deny(missing_docs)]

pub mod encode;
mod engine;
mod export;
pub mod locate;
mod options;
mod process;
mod search;
mod statistics;
pub mod term;
mod transcript;

pub use encode::{Encoded, Sort, Unencodable};
pub use engine::{Z3Engine, DESCRIPTOR};
pub use locate::{z3_program, Z3Program};
pub use options::{Encoding, Givens, Optimizer, Tactic};

use sudokit_model::{Domain, Model};
use term::{app, atom, render, Term};

/// `model` as an SMT-LIB 2 script in `encoding` (with the extended rules
/// when `extended`): declarations, rules, domains, the objective as the
/// engine states it by default (MaxSMT for `int`, `maximize` /
/// `minimize` for bit-vectors) if it has one, a check
/// (through `tactic` for [`Encoding::BvTactic`]) and `get-value` of every
/// variable. `z3 FILE` prints `sat` and the solution. For
/// [`Encoding::BvSubst`] on a grid, the script shows the substitution
/// solver's split: the grid's rules first, the givens after a `push`.
pub fn to_smtlib(
    model: &Model,
    encoding: Encoding,
    tactic: &Tactic,
    extended: bool,
) -> Result<String, Unencodable> {
    let mut encoded = Encoded::new(model, encoding.sort())?;
    if extended {
        encoded.add_each_value_somewhere(model);
    }
    let mut commands: Vec<Term> = encoded.declarations.clone();
    commands.extend(encoded.rules.iter().cloned());
    let full_cells = match (encoding, model.grid()) {
        (Encoding::BvSubst, Some(grid)) => grid.size * grid.size,
        _ => 0,
    };
    let domains = encoded.domains(model);
    let (rules_domains, puzzle_domains) = if full_cells > 0 {
        let size = model.grid().map_or(0, |g| g.size) as i32;
        let open = Domain::range(1, size);
        commands.extend((0..full_cells).map(|cell| app("assert", [encoded.domain(cell, &open)])));
        commands.extend(domains[full_cells..].iter().cloned());
        commands.push(app("push", [atom("1")]));
        let givens = (0..full_cells).filter(|&cell| model.vars()[cell].domain != open);
        (
            Vec::new(),
            givens.map(|cell| domains[cell].clone()).collect(),
        )
    } else {
        (domains, Vec::new())
    };
    commands.extend(rules_domains);
    commands.extend(puzzle_domains);
    let check = match (model.objective(), encoding) {
        (Some(objective), _) => {
            let optimizer = Optimizer::faster_for(encoding.sort());
            commands.extend(optimizer.statement(&encoded, model, objective)?);
            app("check-sat", [])
        }
        (None, Encoding::BvTactic) => app("check-sat-using", [tactic.term()]),
        (None, _) => app("check-sat", []),
    };
    commands.push(check);
    commands.push(app("get-value", [Term::List(encoded.vars())]));
    if full_cells > 0 {
        commands.push(app("pop", [atom("1")]));
    }
    let mut text = format!(
        "; {} variables, {} constraints; encoding {}; run: z3 FILE\n",
        model.vars().len(),
        model.constraints().len(),
        encoding.name()
    );
    for command in &commands {
        text.push_str(&render(command));
        text.push('\n');
    }
    Ok(text)
}
