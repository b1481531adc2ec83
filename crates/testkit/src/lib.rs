//! What sudokit's tests share, and nothing a user runs.
//!
//! Two promises of the test suite live here so that every test keeps them
//! the same way:
//!
//! - A test that needs an optional program or library either runs or says
//!   in one line what it skipped and how to get it ([`Tool`], [`found`]).
//!   The line goes to the process's real stderr, past libtest's capture, so
//!   a passing `cargo test` shows it; `SUDOKIT_REQUIRE_<TOOL>` turns the
//!   skip into a failure, for CI.
//! - No test reads outside the repository: benchmark puzzles come from the
//!   samples in `data/bench/` ([`BenchSet`]), and a missing sample fails.
//!   The full sets are read only when `SUDOKIT_BENCH_DATA` names their
//!   folder ([`BENCH_DATA`]), for long runs.
#![deny(missing_docs)]

mod bench;
mod tool;

pub use bench::{puzzle_lines, BenchSet, BENCH_DATA};
pub use tool::{found, Tool};
