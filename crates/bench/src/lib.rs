//! `sudokit bench`: several engines, several puzzle sets, one honest table.
//!
//! This is the course's `TestSolvers` + `DisplayResults`, without its flaws:
//!
//! * **A deadline that stops the work.** Every solve gets a [`Limits`] deadline
//!   (and the run's cancel token) that the engine checks inside its search, and
//!   the solve runs on the calling thread: when [`run`] returns, no solve is
//!   left running in the background to skew the next timing. A call that
//!   returns late is not hidden: its real time is reported, with a note.
//! * **Every answer judged by `sudokit-verify`**, never by the engine. A wrong
//!   grid, or a claim of "no solution" (or of uniqueness) that another engine
//!   refutes with a verified grid, is a wrong answer and disqualifies the
//!   engine on that set. Timeouts and wrong answers are distinct statuses and
//!   both are counted; neither overwrites the other.
//! * **Parallel only when asked, and said so.** `jobs = 1` (the default) runs
//!   one puzzle at a time; `jobs > 1` spreads puzzles over a rayon pool and
//!   the report notes that times were then measured under load.
//! * **Every puzzle reported**, not only totals: [`Row`]s carry the time and
//!   the engine's [`Stats`](sudokit_model::Stats) counters, [`Summary`]s the
//!   total, mean, median, p95 and max per engine and set.
//!
//! The pieces: [`sets`](PuzzleSet) (the built-in Easy / Medium / Hard sets,
//! embedded in the binary, and files or folders), the [`runner`](run), the
//! [`summaries`](summarize), the [`BenchReport`] with machine facts, and its
//! renderings: a terminal [`table`](render_table), [`json`](to_json),
//! [`csv`](write_csv), [`markdown`](render_markdown) tables and a
//! self-contained [`html`](render_html) page with SVG charts (timeouts drawn
//! as lower bounds, one colour per engine family in every run). A [`baseline`](compare) run gives ratios against an earlier report.
//!
//! [`Limits`]: sudokit_model::Limits
#![deny(missing_docs)]

mod baseline;
mod certifying;
mod config;
mod engines;
mod error;
mod machine;
mod presets;
mod progress;
mod random_sets;
mod report;
mod row;
mod runner;
mod sets;
mod stats;

pub use baseline::{baseline_messages, compare, Comparison};
pub use config::{BenchMode, Config};
pub use engines::{available_specs, build_engines, default_specs, BenchEngine, Skipped};
pub use error::BenchError;
pub use machine::Machine;
pub use presets::{preset, Preset, PRESETS};
pub use progress::Progress;
pub use random_sets::{
    random_puzzle, random_set, random_specs, RandomSpec, GIANT_BLANKS, GIANT_SIZES,
};
pub use report::csv::write_csv;
pub use report::html::render_html;
pub use report::json::{from_json, to_json};
pub use report::markdown::render_markdown;
pub use report::table::{format_duration, render_table};
pub use report::{Baseline, BenchReport, EngineFacts, RunFacts};
pub use row::{Row, RowStatus};
pub use runner::{run, solve_one};
pub use sets::{
    builtin, builtin_names, load_sets, BuiltinSet, PuzzleSet, SetFacts, SetPuzzle, BUILTIN_SETS,
};
pub use stats::{percentile, summarize, Summary, Verdict};
