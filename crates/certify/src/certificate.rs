use std::time::{Duration, Instant};

use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

use crate::check::{judge_grids, Checker};
use crate::encode::decode;
use crate::search::{Prover, Search};
use crate::{Claim, Proof, Verdict};

/// A checked proof that the grids found are every solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// What is proven.
    pub claim: Claim,
    /// The variables of the formula the proof refutes: the puzzle's CNF
    /// with a clause blocking each grid ([`claim_cnf`] writes it out).
    ///
    /// [`claim_cnf`]: crate::claim_cnf
    pub variables: u32,
    /// Its clauses.
    pub clauses: usize,
    /// The proof, checked.
    pub proof: Proof,
    /// Time spent searching (writing the proof).
    pub prove_time: Duration,
    /// Time spent checking it.
    pub check_time: Duration,
}

/// Why there is no certificate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Uncertified {
    /// The puzzle or the grids cannot be put as a CNF (a grid that is no
    /// solution, a cage too large for the encoder).
    #[error("{0}")]
    Refused(String),
    /// The claim is false: here is a solution that is not among the grids.
    #[error("the claim is false: another solution exists")]
    AnotherSolution(Vec<u8>),
    /// The search was stopped before it ended.
    #[error("stopped before the proof was complete")]
    Stopped,
    /// The checker refused the proof, or the search found a model of the
    /// CNF that is no solution: a fault of the certifier, never of the
    /// puzzle.
    #[error("the certifier failed its own check: {0}")]
    Failed(String),
}

impl Certificate {
    /// Proves that `grids` are every solution of `puzzle`, and checks the
    /// proof. `stop` is asked before each decision of the search. To
    /// certify many puzzles, a [`Certifier`] does it faster.
    pub fn prove(
        puzzle: &Puzzle,
        grids: &[Vec<u8>],
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Certificate, Uncertified> {
        Certifier::new().prove(puzzle, grids, stop)
    }
}

/// Proves and checks certificates one puzzle after another, encoding each
/// shape of puzzle once (for the prover, and apart for the checker) and
/// keeping its buffers from one puzzle to the next. One per thread.
#[derive(Default)]
pub struct Certifier {
    prover: Prover,
    checker: Checker,
}

impl Certifier {
    /// A certifier with no shape encoded yet.
    pub fn new() -> Certifier {
        Certifier::default()
    }

    /// [`Certificate::prove`].
    pub fn prove(
        &mut self,
        puzzle: &Puzzle,
        grids: &[Vec<u8>],
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Certificate, Uncertified> {
        judge_grids(puzzle, grids).map_err(Uncertified::Refused)?;
        let n = puzzle.size();
        let started = Instant::now();
        let (search, clauses) = self
            .prover
            .prove(puzzle, grids, stop)
            .map_err(|refusal| Uncertified::Refused(refusal.to_string()))?;
        let proof = match search {
            Search::Unsatisfiable(proof) => proof,
            Search::Stopped => return Err(Uncertified::Stopped),
            Search::Model(model) => {
                let grid = decode(n, &model);
                let report = check_grid(puzzle, &grid);
                return Err(if report.is_valid() {
                    Uncertified::AnotherSolution(grid)
                } else {
                    Uncertified::Failed(format!("a model of the CNF is no solution: {report}"))
                });
            }
        };
        let prove_time = started.elapsed();
        let started = Instant::now();
        let verdict = self.checker.check(puzzle, grids, &proof);
        let check_time = started.elapsed();
        match verdict {
            Verdict::Certified { claim } => Ok(Certificate {
                claim,
                variables: self.checker.variables(),
                clauses,
                proof,
                prove_time,
                check_time,
            }),
            Verdict::Rejected { reason, .. } => Err(Uncertified::Failed(reason)),
        }
    }
}
