/// A literal in DIMACS form: variable `v >= 1` as `v`, its negation as `-v`.
pub type Lit = i32;

/// A list of clauses in one flat buffer: clause `i` is
/// `lits[starts[i]..starts[i + 1]]`. Thousands of short clauses per
/// puzzle, so no allocation per clause.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clauses {
    lits: Vec<Lit>,
    starts: Vec<usize>,
}

impl Clauses {
    /// No clause.
    pub fn new() -> Clauses {
        Clauses {
            lits: Vec::new(),
            starts: vec![0],
        }
    }

    /// Appends a clause.
    pub fn push(&mut self, clause: &[Lit]) {
        self.lits.extend_from_slice(clause);
        self.starts.push(self.lits.len());
    }

    /// How many clauses.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Clause `i`.
    pub fn get(&self, i: usize) -> &[Lit] {
        &self.lits[self.starts[i]..self.starts[i + 1]]
    }

    /// Every clause, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[Lit]> + '_ {
        self.starts.windows(2).map(|w| &self.lits[w[0]..w[1]])
    }

    /// The literals of every clause together.
    pub fn literal_count(&self) -> usize {
        self.lits.len()
    }
}

/// Writes `clause` as a line of DIMACS / DRAT text: the literals, then 0.
pub(crate) fn write_clause(out: &mut String, clause: &[Lit]) {
    use std::fmt::Write;
    for lit in clause {
        // Writing to a String cannot fail.
        let _ = write!(out, "{lit} ");
    }
    out.push_str("0\n");
}
