//! The properties sudokit's fuzz targets check, one function per reader
//! (line, block, CSV, TOML, JSON, DIMACS `.col`, and the form guess) and
//! one for the verifier. Each takes the fuzzer's raw bytes and panics when
//! a property fails; none may panic otherwise, whatever the bytes.
//!
//! They live in a library of the workspace rather than in `fuzz/` so that
//! the same checks run in two ways: by `cargo fuzz` (the thin targets in
//! `fuzz/fuzz_targets/`, on a stable toolchain with `--sanitizer none`),
//! and by `cargo test` over the committed seed corpus `fuzz/seeds/` (this
//! crate's `tests/seeds.rs`), so every test run exercises them and a
//! crash the fuzzer found stays fixed once its input joins the seeds.
//!
//! The properties are differential, so they catch wrong answers and not
//! only panics:
//! * reading a text whole ([`sudokit_formats::read_puzzles`]) and as a
//!   stream ([`sudokit_formats::stream_puzzles`]) gives the same puzzles
//!   and the same errors;
//! * every accepted puzzle printed in its reader's form parses back equal;
//! * every accepted puzzle, and a grid made from it, is judged by the
//!   verifier exactly as a plain re-check over [`sudokit_puzzle::Puzzle::groups`]
//!   judges it (the verifier rebuilds the groups on its own, so the two
//!   are independent).
//!
//! Readers are called only through `sudokit_formats`' public API.
#![deny(missing_docs)]

mod batch;
mod dimacs;
mod judge;
mod readers;

pub use dimacs::check_dimacs;
pub use judge::check_verifier;
pub use readers::{
    check_auto, check_block, check_csv, check_json, check_line, check_sdk, check_toml,
};
