//! `--certify`: each complete count proven after its solve, and timed apart.

use std::time::Instant;

use sudokit_certify::Certifier;
use sudokit_pipeline::Answer;
use sudokit_puzzle::Puzzle;

use crate::Config;

/// Whether `answer`'s count ("unique", "no solution") is proven by a
/// certificate whose proof was written and checked, and the time that took
/// in microseconds (`None`: nothing to prove, the count being open or not
/// every grid kept). The proof search stops at the solve's deadline or the
/// run's cancel token, and is then not certified.
pub(crate) fn certify_answer(
    certifier: &mut Certifier,
    puzzle: &Puzzle,
    answer: &Answer,
    config: &Config,
) -> (bool, Option<f64>) {
    if answer.not_every_solution().is_some() {
        return (false, None);
    }
    let start = Instant::now();
    let mut stop = || start.elapsed() > config.timeout || config.cancel.is_cancelled();
    let proven = certifier.prove(puzzle, &answer.grids, &mut stop).is_ok();
    (proven, Some(start.elapsed().as_nanos() as f64 / 1e3))
}
