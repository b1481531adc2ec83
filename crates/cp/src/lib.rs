//! The `cp` engine: propagation and search over any [`sudokit_model::Model`],
//! the native counterpart of the course's Choco notebook.
//!
//! Domains are bitsets (bit `b` is the value `base + b`, one base for the
//! whole model): `u64` words when the model spans at most 64 consecutive
//! values (every grid up to 64x64, N-Queens up to 64, 64 colours), `u128`
//! words up to 128 (N-Queens up to 128, colourings needing up to 128
//! colours, grids past 64x64), the engine compiled once for each; wider
//! models are refused.
//! Changes go on a trail that backtracking unwinds. Propagators run to a fixpoint from a
//! two-tier queue, cheap ones first.
//!
//! # Propagation
//!
//! - **All-different**, at the strength chosen by `propagation=`:
//!   `fc` removes a fixed value from the rest of its group (forward checking);
//!   `singles` adds hidden singles (a value with one place left goes there)
//!   and the pigeonhole test; `ac` adds Régin's matching-based generalised
//!   arc consistency, which removes every value that no complete matching of
//!   the group uses (naked and hidden pairs, triples, ... of any size).
//! - **Linear** `sum(c * x) cmp rhs`: bounds consistency; for a killer cage (an
//!   `=` with unit coefficients over exactly the cells of an all-different)
//!   each cell also keeps only digits of a combination of distinct digits
//!   that still reaches the sum (a cage of 2 summing to 3 is {1, 2}).
//! - **`x != y + c`**: when one side is fixed, the one value it rules out goes.
//! - **Objective bound**: in branch-and-bound the objective (linear terms and
//!   per-value weights) must beat the best solution so far; values that
//!   cannot are pruned.
//!
//! # Search strategies
//!
//! Binary branching: `x = v`, and on failure `x != v`.
//! Variable selectors (`var=`):
//!
//! - `input-order`: the first unfixed variable, row by row. The baseline.
//! - `first-fail`: the smallest domain ("fail first"), ties in input order.
//! - `dom-deg`: smallest domain size / number of constraints on the variable;
//!   on plain Sudoku equal to first-fail, it differs on variants.
//! - `dom-wdeg` (default): every failure adds 1 to the weight of the constraint
//!   that failed; smallest domain size / sum of the weights of the variable's
//!   constraints that still have another unfixed variable. Learns where the
//!   problem is hard.
//! - `chs`, conflict-history search: a constraint's score moves towards
//!   1 / (conflicts since it last failed), so recent conflicts count most;
//!   largest (sum of live constraints' scores) / domain size; scores decay
//!   at restarts.
//! - `random`: a uniformly random unfixed variable (seeded, `seed=N`).
//!
//! Value selectors (`val=`): `min` (default), `max`, `middle` (nearest the
//! middle of the bounds), `random` (seeded).
//!
//! Restarts (`restarts=`): `none` (default), `luby` (after
//! `restart-base` x 1 1 2 1 1 2 4 ... failures) or `geometric` (x 1.5 each
//! time). At each restart the refuted decisions of the current branch are
//! recorded as nogoods (Choco's `setNoGoodRecordingFromRestarts`), so no part
//! of the tree is searched twice and counting stays exact.
//!
//! # Defaults, by measurement
//!
//! `cp` alone means `cp:dom-wdeg` with `val=min`, `restarts=none` and
//! `propagation=ac` (BENCHMARKS.md, "cp search strategies"): on top95,
//! magictour top1465 and forum hardest 1106 it needs the fewest nodes on
//! average of all strategies, with a median of about 0.1 ms per top95 puzzle.
//! `singles` is up to 1.35x faster per classic 9x9 puzzle, but without
//! matching a sparse 25x25 ran over 600x longer (cut off at 5 s) and a killer
//! grid 2x longer, and the cp engine is the one for every variant.
//!
//! # Modes, limits, answers
//!
//! First solution, count up to N, all solutions, and optimise (minimise or
//! maximise, proving optimality: [`sudokit_model::Status::Optimal`]). The
//! deadline, node and fail budgets and the cancel token are checked at every
//! node; when one stops the search, the outcome keeps the solutions found,
//! the best objective, and the domains after root propagation
//! ([`sudokit_model::Outcome::partial`]).
//!
//! Non-grid problems (N-Queens, graph colouring from DIMACS `.col` files, the
//! course's weighted latin square) are models built by `sudokit-problems`;
//! this engine handles them all.
//!
//! ```
//! use sudokit_cp::CpEngine;
//! use sudokit_model::{Engine, Mode, Request};
//! use sudokit_problems::n_queens;
//!
//! let engine = CpEngine::from_options(&["first-fail", "ac"]).unwrap();
//! let outcome = engine.solve(&n_queens(8), &Request::new(Mode::All)).unwrap();
//! assert_eq!(outcome.count, 92);
//! ```
#![deny(missing_docs)]

mod branching;
mod config;
mod domains;
mod engine;
mod propagators;
mod restarts;
mod rng;
mod search;
mod solver;
mod word;

pub use config::{option_help, CpConfig, Propagation, Restarts, ValSelect, VarSelect};
pub use engine::{CpEngine, DESCRIPTOR};
