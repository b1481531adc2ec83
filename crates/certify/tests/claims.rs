//! Every conformance case, counted by the prover alone and certified:
//! the exact count of every geometry and variant, each grid valid, the
//! claim proven.

mod common;

use common::{classic, enumerate};
use sudokit_certify::{check, Certificate, Claim, Uncertified, Verdict};
use sudokit_conformance::cases;

#[test]
fn every_conformance_case_is_counted_and_certified() {
    for case in cases() {
        let cap = case.count_cap as usize;
        let (grids, certificate) = enumerate(&case.puzzle, cap);
        let exact = (case.count as usize) < cap || grids.len() < cap;
        assert_eq!(grids.len() as u64, case.count, "{}", case.name);
        if let Some(solution) = &case.solution {
            assert_eq!(&grids[0], solution, "{}", case.name);
        }
        match certificate {
            Some(certificate) => {
                assert!(exact, "{}", case.name);
                assert_eq!(certificate.claim, Claim::of(grids.len()), "{}", case.name);
                assert_eq!(
                    check(&case.puzzle, &grids, &certificate.proof),
                    Verdict::Certified {
                        claim: Claim::of(grids.len())
                    },
                    "{}",
                    case.name
                );
            }
            None => assert!(!exact, "{} stopped at the cap", case.name),
        }
    }
}

#[test]
fn seventeen_clue_puzzles_are_certified_unique() {
    let text = include_str!("../../../data/bench/puzzles2_17_clue");
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(20)
        .collect();
    assert_eq!(puzzles.len(), 20);
    for line in puzzles {
        let puzzle = classic(line);
        let (grids, certificate) = enumerate(&puzzle, 2);
        assert_eq!(grids.len(), 1, "{line}");
        let certificate = certificate.expect("certified");
        assert_eq!(certificate.claim, Claim::Unique);
        let drat = certificate.proof.to_drat();
        assert!(
            drat.ends_with("\n0\n") || drat == "0\n",
            "{line}: ends in the empty clause"
        );
    }
}

#[test]
fn a_stopped_search_certifies_nothing() {
    let puzzle = classic(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    );
    let mut asked = 0;
    let outcome = Certificate::prove(&puzzle, &[], &mut || {
        asked += 1;
        asked > 3
    });
    assert_eq!(outcome, Err(Uncertified::Stopped));
}

#[test]
fn the_claim_names_the_count() {
    assert_eq!(Claim::of(0), Claim::NoSolution);
    assert_eq!(Claim::of(1), Claim::Unique);
    assert_eq!(Claim::of(3), Claim::Exactly(3));
    assert_eq!(Claim::Exactly(3).solutions(), 3);
    assert_eq!(Claim::Unique.solutions(), 1);
    assert_eq!(Claim::NoSolution.solutions(), 0);
    assert_eq!(Claim::NoSolution.to_string(), "no solution");
    assert_eq!(Claim::Unique.to_string(), "unique");
    assert_eq!(Claim::Exactly(2).to_string(), "exactly 2 solutions");
}
