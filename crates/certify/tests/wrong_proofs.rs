//! Proofs that are wrong in each way a prover could get them wrong, all
//! rejected, with the lemma at fault and the reason.

mod common;

use common::{classic, enumerate};
use sudokit_certify::{cell_var, check, claim_cnf, Certificate, Checker, Claim, Proof, Verdict};
use sudokit_conformance::cases;
use sudokit_puzzle::{Puzzle, PuzzleSpec};

const SEVENTEEN: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn case(name: &str) -> Puzzle {
    cases()
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {name}"))
        .puzzle
}

fn rejected_at(verdict: Verdict) -> (Option<usize>, String) {
    match verdict {
        Verdict::Rejected { lemma, reason } => (lemma, reason),
        certified => panic!("a wrong proof passed: {certified:?}"),
    }
}

/// The unique puzzle, its solution and its certificate.
fn unique() -> (Puzzle, Vec<u8>, Certificate) {
    let puzzle = classic(SEVENTEEN);
    let (grids, certificate) = enumerate(&puzzle, 2);
    (puzzle, grids[0].clone(), certificate.expect("unique"))
}

fn proof_of(lemmas: &[&[i32]]) -> Proof {
    let mut proof = Proof::new();
    for lemma in lemmas {
        proof.push(lemma);
    }
    proof
}

#[test]
fn the_right_proof_is_certified() {
    let (puzzle, solution, certificate) = unique();
    assert_eq!(
        check(&puzzle, &[solution], &certificate.proof),
        Verdict::Certified {
            claim: Claim::Unique
        }
    );
}

#[test]
fn a_lemma_that_does_not_follow_is_rejected() {
    let (puzzle, solution, certificate) = unique();
    // "The solution's digit is not in the first blank cell": false, so
    // not implied, so not RUP.
    let cell = puzzle
        .givens()
        .iter()
        .position(|&g| g == 0)
        .expect("a blank");
    let mut proof = proof_of(&[&[-cell_var(9, cell, solution[cell])]]);
    for lemma in certificate.proof.lemmas().iter() {
        proof.push(lemma);
    }
    let (lemma, reason) = rejected_at(check(&puzzle, &[solution], &proof));
    assert_eq!(lemma, Some(1));
    assert_eq!(reason, "lemma 1 does not follow by unit propagation");
}

#[test]
fn a_proof_without_the_empty_clause_is_rejected() {
    let (puzzle, solution, certificate) = unique();
    let lemmas = certificate.proof.lemmas();
    assert!(lemmas.len() > 1, "the puzzle needs a search");
    assert!(lemmas.get(lemmas.len() - 1).is_empty());
    let mut proof = Proof::new();
    for i in 0..lemmas.len() - 1 {
        proof.push(lemmas.get(i));
    }
    assert_eq!(
        check(&puzzle, &[solution], &proof),
        Verdict::Rejected {
            lemma: None,
            reason: "the proof does not derive the empty clause".to_string()
        }
    );
    assert_eq!(
        check(&puzzle, &[], &Proof::new()).clone(),
        Verdict::Rejected {
            lemma: None,
            reason: "the proof does not derive the empty clause".to_string()
        }
    );
}

#[test]
fn a_proof_for_a_puzzle_with_more_constraints_is_rejected() {
    // Sudoku X: unique with its diagonals, not without. A proof that uses
    // the diagonals must fail on the CNF of the plain puzzle.
    let x = case("x9-u1");
    let (grids, certificate) = enumerate(&x, 2);
    let certificate = certificate.expect("unique");
    let plain = Puzzle::new(PuzzleSpec {
        diagonals: false,
        ..x.spec().clone()
    })
    .expect("the plain puzzle");
    let (plain_grids, _) = enumerate(&plain, 2);
    assert_eq!(plain_grids.len(), 2, "without the diagonals, not unique");
    let (lemma, reason) = rejected_at(check(&plain, &grids, &certificate.proof));
    assert!(lemma.is_some(), "{reason}");
    assert!(
        reason.ends_with("does not follow by unit propagation"),
        "{reason}"
    );
}

#[test]
fn a_checker_reused_across_shapes_encodes_each_one() {
    // One checker, the shape changing under it: the diagonals it encoded
    // for Sudoku X must not stay for the plain puzzle, nor the plain
    // shape's clauses serve the next Sudoku X; a new set of givens of the
    // same shape brings its own units.
    let x = case("x9-u1");
    let (grids, certificate) = enumerate(&x, 2);
    let certificate = certificate.expect("unique");
    let plain = Puzzle::new(PuzzleSpec {
        diagonals: false,
        ..x.spec().clone()
    })
    .expect("the plain puzzle");
    let fewer_givens = {
        let mut givens = x.givens().to_vec();
        let first = givens.iter().position(|&g| g != 0).expect("a given");
        givens[first] = 0;
        Puzzle::new(PuzzleSpec {
            givens,
            ..x.spec().clone()
        })
        .expect("one given fewer")
    };
    let (more, _) = enumerate(&fewer_givens, 3);
    let mut checker = Checker::new();
    let unique = Verdict::Certified {
        claim: Claim::Unique,
    };
    assert_eq!(checker.check(&x, &grids, &certificate.proof), unique);
    assert_eq!(checker.variables(), 729);
    let (lemma, _) = rejected_at(checker.check(&plain, &grids, &certificate.proof));
    assert!(lemma.is_some());
    assert_eq!(checker.check(&x, &grids, &certificate.proof), unique);
    assert!(more.len() > 1, "one given fewer, not unique");
    let (lemma, _) = rejected_at(checker.check(&fewer_givens, &grids, &certificate.proof));
    assert!(lemma.is_some());
    assert_eq!(checker.check(&x, &grids, &certificate.proof), unique);
}

#[test]
fn a_proof_that_blocks_a_grid_not_claimed_is_rejected() {
    // Two solutions; a proof written with both blocked does not show
    // that the first is the only one.
    let puzzle = case("classic9-multi1");
    let (grids, certificate) = enumerate(&puzzle, 3);
    assert_eq!(grids.len(), 2);
    let proof = certificate.expect("exactly two").proof;
    assert_eq!(
        check(&puzzle, &grids, &proof),
        Verdict::Certified {
            claim: Claim::Exactly(2)
        }
    );
    let (lemma, _) = rejected_at(check(&puzzle, &grids[..1], &proof));
    assert!(lemma.is_some());
    let (lemma, _) = rejected_at(check(&puzzle, &grids[1..], &proof));
    assert!(lemma.is_some());
    // The prover, asked to certify one, finds the other.
    assert_eq!(
        Certificate::prove(&puzzle, &grids[..1], &mut || false),
        Err(sudokit_certify::Uncertified::AnotherSolution(
            grids[1].clone()
        ))
    );
}

#[test]
fn grids_that_are_no_solution_or_repeat_are_rejected() {
    let (puzzle, solution, certificate) = unique();
    let mut wrong = solution.clone();
    wrong.swap(0, 1);
    let (lemma, reason) = rejected_at(check(&puzzle, &[wrong.clone()], &certificate.proof));
    assert_eq!(lemma, None);
    assert!(reason.starts_with("grid 1 is not a solution: "), "{reason}");
    let (_, reason) = rejected_at(check(
        &puzzle,
        &[solution.clone(), solution.clone()],
        &certificate.proof,
    ));
    assert_eq!(reason, "grids 1 and 2 are the same");
    assert_eq!(
        Certificate::prove(&puzzle, &[solution, wrong], &mut || false)
            .map(|c| c.claim)
            .map_err(|e| e.to_string().starts_with("grid 2 is not a solution: ")),
        Err(true)
    );
}

#[test]
fn every_variable_of_the_formula_may_appear() {
    // A tautology on the last variable follows; the proof still holds.
    let (puzzle, solution, certificate) = unique();
    let mut proof = proof_of(&[&[729, -729], &[-1, 1]]);
    for lemma in certificate.proof.lemmas().iter() {
        proof.push(lemma);
    }
    assert_eq!(
        check(&puzzle, &[solution], &proof),
        Verdict::Certified {
            claim: Claim::Unique
        }
    );
}

#[test]
fn a_literal_outside_the_formula_is_rejected() {
    let (puzzle, solution, _) = unique();
    for lit in [730, -730, 0] {
        let proof = proof_of(&[&[1, lit], &[]]);
        let (lemma, reason) = rejected_at(check(&puzzle, std::slice::from_ref(&solution), &proof));
        assert_eq!(lemma, Some(1));
        assert_eq!(
            reason,
            format!("lemma 1 has the literal {lit}, outside the formula's 729 variables")
        );
    }
}

#[test]
fn no_solution_needs_only_the_empty_clause_when_propagation_sees_it() {
    // Two equal givens in a row: unit propagation alone finds the clash.
    let puzzle = case("classic9-conflict");
    assert_eq!(
        check(&puzzle, &[], &proof_of(&[&[]])),
        Verdict::Certified {
            claim: Claim::NoSolution
        }
    );
    // A solvable puzzle: the empty clause alone does not follow.
    let (lemma, _) = rejected_at(check(&classic(SEVENTEEN), &[], &proof_of(&[&[]])));
    assert_eq!(lemma, Some(1));
}

#[test]
fn the_proof_text_reads_back_and_bad_text_is_refused() {
    let (puzzle, solution, certificate) = unique();
    assert!(Proof::new().lemmas().is_empty());
    assert!(!certificate.proof.lemmas().is_empty());
    let text = certificate.proof.to_drat();
    let read = Proof::from_drat(&format!("c a comment\n{text}")).expect("reads");
    assert_eq!(read, certificate.proof);
    assert_eq!(
        check(&puzzle, &[solution], &read),
        Verdict::Certified {
            claim: Claim::Unique
        }
    );
    // Deletions are read and dropped; lemmas may span lines.
    let read = Proof::from_drat("1 -2 0\nd 1 -2 0\n3\n 4 0 0\n").expect("reads");
    assert_eq!(read, proof_of(&[&[1, -2], &[3, 4], &[]]));
    let error = Proof::from_drat("1 2 0\n1 x 0\n").expect_err("refused");
    assert_eq!(error.to_string(), "proof line 2: `x` is not a literal");
    let error = Proof::from_drat("1 2 0\n\n3 4\n").expect_err("refused");
    assert_eq!(
        error.to_string(),
        "proof line 3: the last clause does not end in 0"
    );
    let error = Proof::from_drat("d 3 4").expect_err("refused");
    assert_eq!(error.line, 1);
    // The line named is where the unfinished clause starts.
    let error = Proof::from_drat("1 0\n3\n4\n").expect_err("refused");
    assert_eq!(error.line, 2);
}

#[test]
fn the_cnf_reads_as_dimacs() {
    let (puzzle, solution, certificate) = unique();
    let cnf = claim_cnf(&puzzle, std::slice::from_ref(&solution)).expect("a CNF");
    let dimacs = cnf.to_dimacs();
    let clauses = cnf.clauses().len();
    assert_eq!((certificate.variables, certificate.clauses), (729, clauses));
    assert!(dimacs.starts_with(&format!("p cnf 729 {clauses}\n")));
    assert_eq!(dimacs.lines().count(), clauses + 1);
    let literals: usize = cnf.clauses().iter().map(<[i32]>::len).sum();
    assert_eq!(cnf.clauses().literal_count(), literals);
    assert!(literals > clauses);
    // The last clause blocks the solution.
    let last = dimacs.lines().last().expect("a clause");
    let expected: Vec<String> = (0..81)
        .map(|cell| (-cell_var(9, cell, solution[cell])).to_string())
        .chain(["0".to_string()])
        .collect();
    assert_eq!(last, expected.join(" "));
    assert_eq!(puzzle.size(), 9);
}

#[test]
fn pencil_marks_are_part_of_the_claim() {
    let (puzzle, solution, _) = unique();
    let cell = puzzle
        .givens()
        .iter()
        .position(|&g| g == 0)
        .expect("a blank");
    let marks = |allowed: u64| {
        let mut candidates = vec![0b1_1111_1111u64; 81];
        candidates[cell] = allowed;
        Puzzle::new(PuzzleSpec {
            candidates: Some(candidates),
            ..puzzle.spec().clone()
        })
        .expect("marked")
    };
    // Marks that keep the solution's digit: still unique.
    let keep = marks(1 << (solution[cell] - 1) | 1 << (solution[cell] % 9));
    let (grids, certificate) = enumerate(&keep, 2);
    assert_eq!(grids, std::slice::from_ref(&solution));
    assert_eq!(certificate.map(|c| c.claim), Some(Claim::Unique));
    // Marks that exclude it: no solution, proven.
    let exclude = marks(0b1_1111_1111 & !(1 << (solution[cell] - 1)));
    let (grids, certificate) = enumerate(&exclude, 2);
    assert!(grids.is_empty());
    let certificate = certificate.expect("proven");
    assert_eq!(certificate.claim, Claim::NoSolution);
    // That proof does not hold for the puzzle without the marks.
    let (lemma, _) = rejected_at(check(&puzzle, &[], &certificate.proof));
    assert!(lemma.is_some());
}

#[test]
fn a_cage_too_large_to_encode_is_refused_with_the_reason() {
    use sudokit_model::BoxShape;
    use sudokit_puzzle::{Cage, Layout};
    let mut spec = PuzzleSpec::blank(20, Layout::Boxes(BoxShape { rows: 4, cols: 5 }));
    spec.cages = vec![Cage {
        cells: (0..20).step_by(2).collect(),
        sum: 105,
    }];
    let puzzle = Puzzle::new(spec).expect("a killer 20x20");
    let refusal = Certificate::prove(&puzzle, &[], &mut || false).expect_err("refused");
    assert_eq!(
        refusal.to_string(),
        "cage 1 (10 cells, sum 105) has more than 1000 digit combinations; the certifier \
         encodes a cage by its combinations and refuses larger ones"
    );
    let (lemma, reason) = rejected_at(check(&puzzle, &[], &proof_of(&[&[]])));
    assert_eq!((lemma, reason), (None, refusal.to_string()));
}
