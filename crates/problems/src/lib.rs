//! Problems that are not grids — N-Queens, graph colouring (with DIMACS `.col`
//! parsing) and the course's weighted latin square — built directly as a
//! [`sudokit_model::Model`].
//!
//! They live apart from every engine because a problem is a model, not an
//! engine feature: once built, any engine that handles its constraint kinds
//! can take it (and must refuse what it cannot), the verifier checks the
//! answers against the same model, and the MiniZinc export writes it out.
//! Keeping them in one engine's crate made every other engine, the export
//! and the CLI depend on that engine just to build a test case.
//!
//! ```
//! // One variable per row; one all-different over the columns and two
//! // `!=` per pair of rows for the diagonals: 1 + 2 * 28 constraints.
//! let model = sudokit_problems::n_queens(8);
//! assert_eq!(model.vars().len(), 8);
//! assert_eq!(model.constraints().len(), 57);
//! ```
#![deny(missing_docs)]

mod adjacency;
mod colour_bounds;
mod colour_graph;
mod colouring;
mod colouring_plan;
mod dimacs;
mod latin;
mod n_queens;

pub use colour_graph::{colour_graph, ColourError};
pub use colouring::{chromatic_model, chromatic_model_within, colouring, Graph};
pub use colouring_plan::ColouringPlan;
pub use dimacs::{parse_dimacs, DimacsError};
pub use latin::{latin_diagonal_sum, latin_reward, weighted_latin_square};
pub use n_queens::n_queens;
