//! One module per subcommand.

pub mod analyze;
pub mod bench;
pub mod certify;
pub mod check;
pub mod completions;
pub mod count;
pub mod engines;
pub mod explain;
pub mod export;
pub mod generate;
pub mod grade;
pub mod problem;
pub mod reduce;
pub mod serve;
pub mod show;
pub mod solve;

mod batch;
mod each_puzzle;
mod explain_steps;
mod json_line;
mod listing;
mod printing;
mod puzzle_form;
