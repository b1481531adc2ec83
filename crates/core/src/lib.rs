//! The sudokit facade: one library API for everything the command line
//! does, so that the CLI, the Python module and the web server are thin
//! clients of the same calls and give the same answers.
//!
//! # The shape of the API
//!
//! Two kinds of call, and batches of them:
//!
//! - **Free functions** for what needs no engine: reading puzzles
//!   ([`read_puzzle`], [`read_text`], [`read_file`], [`read_from`]),
//!   listing the engines ([`engines`]), checking a grid ([`check`]),
//!   exporting a model ([`export`]), printing or drawing a puzzle
//!   ([`show`]), reading a graph ([`read_graph`]).
//! - **Methods of a [`Kit`]** for what searches: a `Kit` is an engine
//!   built once from a spec (`fast`, `cp:dom-wdeg`, `auto`) and a
//!   [`Budget`] (timeout, node budget, cancel token) that becomes fresh
//!   limits at the start of each call. [`Kit::solve`], [`Kit::count`],
//!   [`Kit::analyze`], [`Kit::reduce`], [`Kit::generate`],
//!   [`Kit::explain`], [`Kit::hint`], [`Kit::grade`],
//!   [`Kit::draw_solved`], [`Kit::queens`], [`Kit::latin`],
//!   [`Kit::colour`].
//! - **A [`Many`]** (from [`Kit::many`]) for a column of puzzle texts: the
//!   same work on every core, one record per row in the rows' order, a
//!   row that cannot be read answered by an error record in its place.
//!
//! Why a `Kit` rather than an options struct on every call: an engine is
//! the costly, fallible part (a spec to parse, a solver program to probe),
//! and every searching call needs one; built once it is shared (an
//! `Arc`), so a `Kit` is cheap to clone, `Send + Sync`, and a server keeps
//! one per engine and hands each request a clone with its own budget
//! ([`Kit::with_budget`]), while a Python class wraps it one to one. The
//! options of each call are plain structs with `Default` and setters
//! ([`CountOptions`], [`GenerateRequest`], [`ExplainRequest`],
//! [`ExportOptions`], and the lower crates' [`AnalyzeOptions`] and
//! [`ReduceOptions`]); every call returns an owned value.
//!
//! # Records
//!
//! Every answer has a typed, versioned record in [`records`] (one JSON
//! Lines schema, `docs/RECORDS.md`), built from the result a call returns
//! by a constructor there, not by each front end: the command line's
//! `--format json` writes them as lines, the Python module hands them over
//! as objects, the HTTP server as bodies, so an answer reads the same from
//! a terminal, a notebook or a browser.
//!
//! # Answers and errors
//!
//! Every grid an engine returns goes through `sudokit-pipeline`, where the
//! independent verifier judges it before any caller sees it. What comes
//! back is the lower crates' own result: an [`Answer`] for solve and
//! count (whose [`Status`] says solved, no solution or stopped by a
//! limit), an [`Outcome`] for the problems, and for the work that can
//! end without its result a [`Reply`]: done, stopped by a limit, no
//! solution, not unique, gave up. None of those is an error.
//!
//! An [`Error`] is what a caller must tell apart: bad input, with where
//! ([`Error::Input`]: file, line, field, cell), a request no answer can
//! meet ([`Error::Invalid`]), an engine that refuses the puzzle or option
//! ([`Error::Refused`]), an engine missing here ([`Error::Unavailable`]),
//! an engine that broke its contract ([`Error::WrongAnswer`]). The
//! messages are the command line's, word for word.
//!
//! ```
//! use std::time::Duration;
//! use sudokit_core::{read_options, read_puzzle, Budget, CountOptions, Kit, Level};
//!
//! let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let entry = read_puzzle(line, &read_options())?;
//! let kit = Kit::new("auto")?.with_budget(Budget::none().timeout(Duration::from_secs(10)));
//! let answer = kit.count(&entry.puzzle, &CountOptions::up_to(2))?;
//! assert_eq!((answer.count, answer.complete), (1, true)); // unique; every grid verified
//! let grade = kit.grade(&entry.puzzle)?.done().expect("unique");
//! assert_eq!(grade.level, Level::Medium);
//! # Ok::<(), sudokit_core::Error>(())
//! ```
#![deny(missing_docs)]

mod analysis;
mod budget;
mod bundle;
mod certifying;
mod checking;
mod engines;
mod error;
mod explanation;
mod exporting;
mod generation;
mod kit;
mod many;
mod problems;
mod reading;
pub mod records;
mod rendering;
mod reply;

pub use budget::Budget;
pub use certifying::{certify, certify_analysis, certify_grids, Certified};
pub use checking::{check, read_grid};
pub use engines::{engines, EngineInfo, EngineSpec};
pub use error::Error;
pub use explanation::{grade_text, marks_before_steps, techniques_named, ExplainRequest, Hint};
pub use exporting::{export, ExportEncoding, ExportOptions, ExportTarget};
pub use generation::{fresh_seed, GenerateRequest, Generation};
pub use kit::{CountOptions, Kit};
pub use many::{Many, RowRecord, Task, ROWS_PER_CHUNK};
pub use problems::read_graph;
pub use reading::{read_file, read_from, read_options, read_puzzle, read_text, Entries};
pub use rendering::{show, ShowForm};
pub use reply::{no_solution, Reply};

// The lower crates' types that the calls above take and return, so that a
// front end needs no other sudokit crate.
pub use sudokit_analysis::{
    given_count, Analysis, AnalyzeOptions, Difficulty, Explained, GenerateOptions, Generated,
    Killer, Order, ReduceOptions, Reduced, Symmetry, TargetMissed,
};
pub use sudokit_certify::{Certificate, Claim, Uncertified};
pub use sudokit_engines::Availability;
pub use sudokit_explain::{
    Explanation, Grade, Level, Outcome as ExplanationOutcome, Rating, Step, Technique,
};
pub use sudokit_formats::{Digits, Entry, Form, Header, ParseError, ReadOptions, Shape};
pub use sudokit_model::{BoxShape, CancelToken, Engine, LimitKind, Outcome, Stats, Status};
pub use sudokit_pipeline::{Answer, Ended};
pub use sudokit_problems::Graph;
pub use sudokit_puzzle::{cell_name, Puzzle};
pub use sudokit_verify::Report;
