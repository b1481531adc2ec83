//! A claim is certified on the certifier's own proof, never on the
//! engine's word: an engine planted to stop early, so that it claims
//! "unique" while other solutions exist or "no solution" while one does,
//! passes the pipeline's judge (its grids are valid, its count agrees with
//! them) and is caught by the certifier.

use sudokit_core::{
    certify, read_options, read_puzzle, Budget, CountOptions, Engine, Kit, Outcome, Uncertified,
};
use sudokit_model::{Capabilities, EngineError, Model, Request, SearchEnd};

/// Three solutions (conformance case classic9-multi2).
const THREE: &str =
    "..3.2.6..9..3.5..1..1..64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// An honest engine's search, cut short: only the first `keeps`
/// solutions it found are reported, as if the search had ended there.
struct StopsEarly {
    honest: Kit,
    keeps: usize,
}

impl Engine for StopsEarly {
    fn name(&self) -> String {
        "stops-early".into()
    }

    fn capabilities(&self) -> Capabilities {
        self.honest.engine().capabilities()
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        let honest = self.honest.engine().solve(model, request)?;
        let mut solutions = honest.solutions;
        solutions.truncate(self.keeps);
        let count = solutions.len() as u64;
        Ok(Outcome::finished(
            SearchEnd::Exhausted,
            request.mode,
            count,
            solutions,
        ))
    }
}

fn planted_count(keeps: usize) -> (sudokit_core::Puzzle, sudokit_core::Answer) {
    let puzzle = read_puzzle(THREE, &read_options())
        .expect("a puzzle")
        .puzzle;
    let kit = Kit::with_engine(Box::new(StopsEarly {
        honest: Kit::new("cp").expect("the cp engine"),
        keeps,
    }));
    let answer = kit
        .count(&puzzle, &CountOptions::up_to(10).keeping(10))
        .expect("the judge lets it through");
    (puzzle, answer)
}

#[test]
fn a_false_unique_passes_the_judge_and_is_not_certified() {
    let (puzzle, answer) = planted_count(1);
    assert_eq!(
        (answer.count, answer.complete, answer.grids.len()),
        (1, true, 1)
    );
    let certified = certify(&puzzle, &answer, &Budget::none());
    assert!(!certified.record.certified);
    assert!(certified.certificate.is_none());
    assert_eq!(certified.record.claim, "unique");
    assert_eq!(
        certified.record.reason.as_deref(),
        Some("the claim is false: the certifier found a solution the engine did not")
    );
    let Some(Uncertified::AnotherSolution(other)) = certified.uncertified else {
        panic!("not caught: {:?}", certified.uncertified);
    };
    assert_ne!(other, answer.grids[0]);
    assert!(sudokit_verify::check_grid(&puzzle, &other).is_valid());
}

#[test]
fn a_false_no_solution_is_not_certified() {
    let (puzzle, answer) = planted_count(0);
    assert_eq!((answer.count, answer.complete), (0, true));
    let certified = certify(&puzzle, &answer, &Budget::none());
    assert!(!certified.record.certified);
    assert_eq!(certified.record.claim, "no solution");
    assert!(matches!(
        certified.uncertified,
        Some(Uncertified::AnotherSolution(_))
    ));
}

#[test]
fn the_honest_count_is_certified() {
    let (puzzle, answer) = planted_count(10);
    assert_eq!((answer.count, answer.complete), (3, true));
    let certified = certify(&puzzle, &answer, &Budget::none());
    assert!(certified.record.certified, "{:?}", certified.record);
    assert_eq!(certified.record.claim, "exactly 3 solutions");
}
