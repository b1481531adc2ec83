//! The conformance suite every engine runs (the CPMpy / rustsat pattern).
//!
//! `data/conformance/cases.json` holds 61 cases with exact solution counts
//! across sizes 3–16, jigsaw, Sudoku X, killer, latin squares and extra
//! groups. [`Suite`] loads them into [`Puzzle`](sudokit_puzzle::Puzzle)s, counts each case's solutions
//! up to its cap with the engine under test, judges every returned grid with
//! `sudokit-verify`, and compares the count. An engine's conformance test is
//! a few lines:
//!
//! ```no_run
//! fn conformance(engine: &dyn sudokit_model::Engine) {
//!     sudokit_conformance::Suite::new(engine)
//!         .unsupported(&["killer"]) // refusals it must declare
//!         .slow(&["jigsaw9-multi"]) // run only in optimised builds
//!         .run()
//!         .assert_passed();
//! }
//! ```
//!
//! Cases the engine refuses with `EngineError::Unsupported` are listed as
//! such; [`Report::assert_passed`] fails unless every refusal is declared with
//! [`Suite::unsupported`], so nothing is silently skipped.
#![deny(missing_docs)]

mod case;
mod suite;

pub use case::{cases, Case};
pub use suite::{CaseResult, Report, Suite, Verdict};
