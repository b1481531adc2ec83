//! Puzzle analysis and generation, built once on the engine contract so
//! that any engine can do the work and the CLI, the bench and later a web
//! page or a Python module call one implementation.
//!
//! Everything here asks an engine through a [`Counter`], which goes through
//! the pipeline (`sudokit-pipeline`): every grid an engine returns is
//! judged by the verifier, so a wrong engine cannot make a wrong analysis
//! silently.
//!
//! - [`analyze`]: how many solutions; for a unique puzzle, whether it is
//!   minimal and which givens are redundant, and its [`Difficulty`]; for an
//!   ambiguous one, where two solutions differ and a small set of clues
//!   that makes it unique (greedy, so small but not proven smallest).
//! - [`reduce`]: givens taken away while the solution stays unique, in
//!   row-major or seeded random order, keeping a [`Symmetry`].
//! - [`generate`]: unique puzzles of any geometry and variant: boxed sizes,
//!   X, extra groups, jigsaw with random region maps ([`random_regions`]),
//!   killer with random cages, with or without givens; symmetric, minimal,
//!   with a clue target, filtered by difficulty; reproducible from a seed
//!   whatever the number of threads ([`puzzle_rng`]), or with a human
//!   grade ([`GradeFilter`]).
//! - [`explain_puzzle`]: `sudokit-explain`'s human-style steps, told by a
//!   search whether the puzzle is unique and given a solution to guess
//!   from where logic runs out.
//!
//! The one idea that makes it fast: a given can go when no solution puts
//! another digit in its cell, which is one search for a single solution
//! with that digit ruled out ([`Counter::stays_unique_without`]): it
//! usually fails at once, and failing is the answer.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use sudokit_analysis::{analyze, generate, AnalyzeOptions, Counter, GenerateOptions};
//! use sudokit_model::Limits;
//! use sudokit_puzzle::Puzzle;
//!
//! let engine = sudokit_engines::build("fast")?;
//! let mut options = GenerateOptions::new(Puzzle::boxed(3, 3, vec![0; 81])?);
//! options.minimal = true;
//! // Puzzle 0 of seed 42: the same puzzle on every machine and thread.
//! let made = generate(engine.as_ref(), &options, 42, 0, Limits::none())?;
//! let mut counter = Counter::new(engine.as_ref(), Limits::none());
//! let analysis = analyze(&mut counter, &made.puzzle, &AnalyzeOptions::default())?;
//! assert!(analysis.unique && analysis.minimal == Some(true));
//! assert_eq!(analysis.solution, Some(made.solution));
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

mod adjacency;
mod analyze;
mod cages;
mod counter;
mod difficulty;
mod error;
mod explained;
mod full_grid;
mod generate;
mod jigsaw;
mod quick_removal;
mod reduce;
mod singles;
mod swaps;
mod symmetry;

pub use analyze::{analyze, Analysis, AnalyzeOptions};
pub use cages::{random_cages, split_cage};
pub use counter::Counter;
pub use difficulty::{Difficulty, DifficultyFilter, REFERENCE_SEARCH};
pub use error::AnalysisError;
pub use explained::{explain_puzzle, explain_puzzle_each, Explained, GradeFilter};
pub use full_grid::random_full_grid;
pub use generate::{generate, puzzle_rng, GenerateOptions, Generated, Killer, TargetMissed};
pub use jigsaw::random_regions;
pub use reduce::{given_count, reduce, Order, ReduceOptions, Reduced};
pub use singles::fill_by_singles;
pub use symmetry::Symmetry;
