use std::fmt::Write;

/// A literal in DIMACS form: `v` for variable `v` true, `-v` for false.
pub type Lit = i32;

/// A formula in conjunctive normal form, with a comment per variable range
/// so that a reader of the DIMACS text knows what each number stands for.
///
/// The clauses lie end to end in one vector (a 25x25 grid has 752 500 of
/// them, mostly binary: one allocation each cost more than the rest of the
/// encoding, and as much again to free).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    vars: u32,
    /// Every clause's literals, one clause after the other.
    lits: Vec<Lit>,
    /// Where each clause ends in `lits`.
    ends: Vec<usize>,
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
    pub fn add(&mut self, clause: &[Lit]) {
        if self.kinds.is_empty() {
            self.kind("other");
        }
        self.kinds[self.current].1 += 1;
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
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

    /// How many clauses.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no clause.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The clauses, in the order added.
    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        self.clauses_from(0)
    }

    /// The clauses from the `first`-th (counted from 0) on.
    pub fn clauses_from(&self, first: usize) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (first..self.ends.len()).map(|i| {
            let start = i.checked_sub(1).map_or(0, |before| self.ends[before]);
            &self.lits[start..self.ends[i]]
        })
    }

    /// Whether the assignment satisfies every clause; `value(v)` is
    /// variable `v`'s truth value.
    pub fn satisfied_by(&self, value: impl Fn(u32) -> bool) -> bool {
        self.clauses().all(|clause| {
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
        let _ = writeln!(out, "p cnf {} {}", self.vars, self.len());
        for clause in self.clauses() {
            for lit in clause {
                let _ = write!(out, "{lit} ");
            }
            out.push_str("0\n");
        }
        out
    }
}
