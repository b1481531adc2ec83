use std::fmt;

/// What a certificate proves about a puzzle: how many solutions it has,
/// given the grids found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// No grid solves it.
    NoSolution,
    /// The one grid found is the only one.
    Unique,
    /// Exactly this many (two or more), each found.
    Exactly(usize),
}

impl Claim {
    /// The claim that the `found` grids are all there are.
    pub fn of(found: usize) -> Claim {
        match found {
            0 => Claim::NoSolution,
            1 => Claim::Unique,
            k => Claim::Exactly(k),
        }
    }

    /// The number of solutions claimed.
    pub fn solutions(self) -> usize {
        match self {
            Claim::NoSolution => 0,
            Claim::Unique => 1,
            Claim::Exactly(k) => k,
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::NoSolution => write!(f, "no solution"),
            Claim::Unique => write!(f, "unique"),
            Claim::Exactly(k) => write!(f, "exactly {k} solutions"),
        }
    }
}
