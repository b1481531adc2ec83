use crate::clauses::{write_clause, Clauses, Lit};

/// A clausal proof of unsatisfiability: lemmas in order, each meant to
/// follow from the formula and the lemmas before it by unit propagation
/// (RUP), the last one empty. Written, it is DRUP, the subset of the DRAT
/// text format without deletions and without RAT steps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proof {
    lemmas: Clauses,
}

/// Why a proof text does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("proof line {line}: {reason}")]
pub struct ProofError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong there.
    pub reason: String,
}

impl Proof {
    /// No lemma.
    pub fn new() -> Proof {
        Proof {
            lemmas: Clauses::new(),
        }
    }

    /// Appends a lemma.
    pub fn push(&mut self, lemma: &[Lit]) {
        self.lemmas.push(lemma);
    }

    /// The lemmas.
    pub fn lemmas(&self) -> &Clauses {
        &self.lemmas
    }

    /// The proof as DRAT text, as drat-trim reads it: one lemma per line,
    /// ending in 0.
    pub fn to_drat(&self) -> String {
        let mut out = String::new();
        for lemma in self.lemmas.iter() {
            write_clause(&mut out, lemma);
        }
        out
    }

    /// The length in bytes of [`Proof::to_drat`]'s text, without writing it.
    pub fn drat_len(&self) -> usize {
        let written = |lit: Lit| {
            usize::from(lit < 0)
                + lit
                    .unsigned_abs()
                    .checked_ilog10()
                    .map_or(1, |d| d as usize + 1)
        };
        self.lemmas
            .iter()
            .map(|lemma| lemma.iter().map(|&lit| written(lit) + 1).sum::<usize>() + 2)
            .sum()
    }

    /// Reads DRAT text: lemmas of literals ending in 0, comment lines
    /// starting with `c`. Deletions (`d ... 0`) are read and dropped:
    /// keeping a clause only gives unit propagation more to work with, so
    /// a lemma that is RUP with deletions is RUP without them.
    pub fn from_drat(text: &str) -> Result<Proof, ProofError> {
        let mut proof = Proof::new();
        let mut lemma: Vec<Lit> = Vec::new();
        let mut deleting = false;
        let mut open_since = 0;
        for (i, line) in text.lines().enumerate() {
            let line_number = i + 1;
            if line.trim_start().starts_with('c') {
                continue;
            }
            for token in line.split_whitespace() {
                if lemma.is_empty() && !deleting {
                    open_since = line_number;
                }
                if token == "d" && lemma.is_empty() && !deleting {
                    deleting = true;
                    continue;
                }
                let lit: Lit = token.parse().map_err(|_| ProofError {
                    line: line_number,
                    reason: format!("`{token}` is not a literal"),
                })?;
                if lit != 0 {
                    lemma.push(lit);
                    continue;
                }
                if !deleting {
                    proof.push(&lemma);
                }
                lemma.clear();
                deleting = false;
            }
        }
        if !lemma.is_empty() || deleting {
            return Err(ProofError {
                line: open_since,
                reason: "the last clause does not end in 0".to_string(),
            });
        }
        Ok(proof)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drat_length_is_the_length_of_the_text() {
        let mut proof = Proof::new();
        assert_eq!(proof.drat_len(), 0);
        for lemma in [&[1, -2, 9][..], &[10, -99, 100, -1000, 123_456], &[-7], &[]] {
            proof.push(lemma);
            assert_eq!(
                proof.drat_len(),
                proof.to_drat().len(),
                "{:?}",
                proof.to_drat()
            );
        }
    }
}
