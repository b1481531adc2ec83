use std::fmt::Write;

/// A literal in DIMACS form: `v` for variable `v` true, `-v` for false.
pub type Lit = i32;

/// A formula in conjunctive normal form, with a comment per variable range
/// so that a reader of the DIMACS text knows what each number stands for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    vars: u32,
    clauses: Vec<Vec<Lit>>,
    comments: Vec<String>,
    /// Clauses per kind, in the order the kinds first appeared.
    kinds: Vec<(&'static str, usize)>,
    /// The kind of the next clause added (an index into `kinds`).
    current: usize,
}

impl Cnf {
    /// A fresh variable.
    pub fn new_var(&mut self) -> Lit {
        self.vars += 1;
        self.vars as Lit
    }

    /// Counts variables up to `vars` as used (an encoder that numbered its
    /// own from [`Cnf::vars`] + 1 on).
    pub(crate) fn grow_to(&mut self, vars: u32) {
        self.vars = self.vars.max(vars);
    }

    /// Adds a clause (counted under the current [`Cnf::kind`]).
    pub fn add(&mut self, clause: Vec<Lit>) {
        if self.kinds.is_empty() {
            self.kind("other");
        }
        self.kinds[self.current].1 += 1;
        self.clauses.push(clause);
    }

    /// Names what the clauses added from now on state ("cell at-least-one").
    pub fn kind(&mut self, kind: &'static str) {
        self.current = match self.kinds.iter().position(|(k, _)| *k == kind) {
            Some(i) => i,
            None => {
                self.kinds.push((kind, 0));
                self.kinds.len() - 1
            }
        };
    }

    /// How many clauses of each kind, in the order the kinds first appeared.
    pub fn kinds(&self) -> impl Iterator<Item = (&'static str, usize)> + '_ {
        self.kinds.iter().copied().filter(|&(_, n)| n > 0)
    }

    /// A `c` line for the DIMACS header.
    pub fn comment(&mut self, text: impl Into<String>) {
        self.comments.push(text.into());
    }

    /// How many variables.
    pub fn vars(&self) -> u32 {
        self.vars
    }

    /// The clauses, in the order added.
    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }

    /// Whether the assignment satisfies every clause; `value(v)` is
    /// variable `v`'s truth value.
    pub fn satisfied_by(&self, value: impl Fn(u32) -> bool) -> bool {
        self.clauses.iter().all(|clause| {
            clause
                .iter()
                .any(|&lit| value(lit.unsigned_abs()) == (lit > 0))
        })
    }

    /// The DIMACS CNF text: comments, the `p cnf` line, one clause a line.
    pub fn to_dimacs(&self) -> String {
        let mut out = String::new();
        for comment in &self.comments {
            let _ = writeln!(out, "c {comment}");
        }
        for (kind, count) in self.kinds() {
            let _ = writeln!(out, "c clauses: {count} {kind}");
        }
        let _ = writeln!(out, "p cnf {} {}", self.vars, self.clauses.len());
        for clause in &self.clauses {
            for lit in clause {
                let _ = write!(out, "{lit} ");
            }
            out.push_str("0\n");
        }
        out
    }
}
