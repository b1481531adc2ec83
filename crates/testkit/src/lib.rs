//! What sudokit's tests share, and nothing a user runs.
//!
//! A test that needs an optional program or library either runs or says in
//! ONE line what it skipped and how to get it ([`Tool`], [`found`]). The
//! line goes to the process's real stderr, past libtest's capture, so a
//! passing `cargo test` shows it; `SUDOKIT_REQUIRE_<TOOL>` turns the skip
//! into a failure, for CI.
#![deny(missing_docs)]

mod tool;

pub use tool::{found, Tool};
