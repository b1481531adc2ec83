//! Problems that are not grids, built directly as a [`sudokit_model::Model`]
//! (any engine can take them; the `cp` engine handles them all).

mod colouring;
mod dimacs;
mod latin;
mod n_queens;

pub use colouring::{chromatic_model, colouring, Graph};
pub use dimacs::{parse_dimacs, DimacsError};
pub use latin::{latin_diagonal_sum, latin_reward, weighted_latin_square};
pub use n_queens::n_queens;
