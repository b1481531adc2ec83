//! Write a [`Model`] in another solver's language, so a student can take the
//! very model sudokit solves to another tool and compare.
//!
//! - [`to_minizinc`]: a MiniZinc model any FlatZinc solver can run (Gecode,
//!   Chuffed, OR-Tools): `minizinc --solver gecode model.mzn`.
//! - [`to_json`]: the model IR itself, as JSON.
//!
//! DIMACS CNF comes from `sudokit-sat`, whose encodings it writes
//! (`sudokit export --to dimacs`), SMT-LIB 2 from `sudokit-z3` (`--to smt2`).
#![deny(missing_docs)]

mod minizinc;

pub use minizinc::to_minizinc;

use sudokit_model::Model;

/// The model as JSON (serde's form of the IR).
pub fn to_json(model: &Model) -> String {
    serde_json::to_string_pretty(model).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
