//! Certified answers: "unique", "no solution" and "exactly k" with a
//! proof that anyone can check.
//!
//! A grid proves itself (the verifier judges it); the claim that no other
//! grid exists needs a proof. Here it is the unsatisfiability of a CNF:
//! the puzzle's own encoding ([`encode`], built from the [`Puzzle`] alone,
//! not by any engine) and one clause blocking each grid found. The proof
//! is a list of RUP lemmas ending in the empty clause (DRUP, which
//! drat-trim reads), written by a small DPLL search ([`prove`]) whose only
//! inference is unit propagation on that CNF, so every refuted branch is a
//! lemma. The checker ([`check`]) rebuilds the CNF itself and accepts a
//! proof only when every lemma follows by unit propagation and one is
//! empty.
//!
//! The chain puzzle → CNF → proof → verdict holds no engine code: this
//! crate depends on the puzzle model and the verifier only, and the prover
//! is not trusted either — its proof is checked like anyone's.
//!
//! [`Puzzle`]: sudokit_puzzle::Puzzle
#![deny(missing_docs)]

mod certificate;
mod check;
mod claim;
mod clauses;
mod cnf;
mod encode;
mod proof;
mod search;

pub use certificate::{Certificate, Certifier, Uncertified};
pub use check::{check, claim_cnf, Checker, Verdict};
pub use claim::Claim;
pub use clauses::{Clauses, Lit};
pub use cnf::Cnf;
pub use encode::{
    blocking_clause, cell_var, decode, encode, encode_shape, for_each_unit, Refusal,
    MAX_CAGE_COMBINATIONS,
};
pub use proof::{Proof, ProofError};
pub use search::{prove, Prover, Search};
