use crate::clauses::{write_clause, Clauses, Lit};

/// A formula in conjunctive normal form over variables `1..=vars`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    vars: u32,
    clauses: Clauses,
}

impl Cnf {
    /// No clause over `vars` variables.
    pub fn new(vars: u32) -> Cnf {
        Cnf {
            vars,
            clauses: Clauses::new(),
        }
    }

    /// A fresh variable, numbered after every other.
    pub fn new_var(&mut self) -> u32 {
        self.vars += 1;
        self.vars
    }

    /// Appends a clause; its variables must be at most [`Cnf::vars`].
    pub fn add(&mut self, clause: &[Lit]) {
        debug_assert!(clause.iter().all(|l| l.unsigned_abs() <= self.vars));
        self.clauses.push(clause);
    }

    /// The number of variables.
    pub fn vars(&self) -> u32 {
        self.vars
    }

    /// The clauses.
    pub fn clauses(&self) -> &Clauses {
        &self.clauses
    }

    /// The formula in DIMACS, the text every SAT solver and proof checker
    /// reads (`p cnf VARS CLAUSES`, then one clause per line ending in 0).
    pub fn to_dimacs(&self) -> String {
        let mut out = format!("p cnf {} {}\n", self.vars, self.clauses.len());
        for clause in self.clauses.iter() {
            write_clause(&mut out, clause);
        }
        out
    }
}
