//! The conformance suite every engine runs (the CPMpy / rustsat pattern).
//!
//! `data/conformance/cases.json` holds 61 cases with exact solution counts
//! across sizes 3–16, jigsaw, Sudoku X, killer, latin squares and extra
//! groups. [`Suite`] loads them into [`Puzzle`](sudokit_puzzle::Puzzle)s and
//! runs each through `sudokit-pipeline`, the path users run, three ways:
//! counting up to the case's cap directly, counting through one prepared
//! solver for the whole suite (so puzzles of one shape reuse what the
//! engine prepared), and asking for the first solution. The pipeline judges
//! every grid with `sudokit-verify`; the suite then holds the count, the
//! completeness and the status to the case. Then the contract: all
//! solutions, optimisation (done and proven, or refused as declared), and
//! every limit the engine declares it honours.
//!
//! The catalogue test (`crates/engines/tests/conformance.rs`) runs it over
//! every engine a build has, with what each descriptor declares. By hand:
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
//! [`random`] holds engines to plain enumeration on small random models
//! of every constraint kind, with and without objectives.
//!
//! Cases the engine refuses with `EngineError::Unsupported` are listed as
//! such; [`Report::assert_passed`] fails unless every refusal is declared with
//! [`Suite::unsupported`], so nothing is silently skipped.
#![deny(missing_docs)]

mod case;
mod contract;
pub mod hard;
pub mod random;
mod suite;

pub use case::{cases, Case};
pub use suite::{CaseResult, Report, Suite, Verdict};
