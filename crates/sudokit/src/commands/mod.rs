//! One module per subcommand.

pub mod bench;
pub mod check;
pub mod count;
pub mod engines;
pub mod export;
pub mod problem;
pub mod show;
pub mod solve;

mod batch;
mod printing;
