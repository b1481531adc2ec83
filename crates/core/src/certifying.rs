use std::cell::RefCell;

use sudokit_analysis::Analysis;
use sudokit_certify::{Certificate, Certifier, Claim, Uncertified};
use sudokit_pipeline::Answer;
use sudokit_puzzle::Puzzle;

use crate::records::CertificateRecord;
use crate::Budget;

/// A count put to proof: the record, and the certificate when there is one
/// (its CNF and proof, to write out for an outside checker).
#[derive(Clone, Debug)]
pub struct Certified {
    /// What the front ends print.
    pub record: CertificateRecord,
    /// The checked certificate.
    pub certificate: Option<Certificate>,
    /// Why there is none, when the certifier could try: `Stopped` by the
    /// budget, `Refused` by the encoder, or a fault (another solution
    /// exists, the proof failed its check). `None` with no certificate
    /// means the count was not complete.
    pub uncertified: Option<Uncertified>,
}

/// Proves that the grids of `answer` are every solution of `puzzle`
/// ("unique", "no solution", "exactly k"), with the certifier's own CNF,
/// proof and checker: no engine's word is taken. An answer that is not a
/// complete count (a cap or a limit stopped it), or that did not keep
/// every grid, is not certified, and the record says why. `budget` bounds
/// the proof search.
pub fn certify(puzzle: &Puzzle, answer: &Answer, budget: &Budget) -> Certified {
    let claim = Claim::of(answer.grids.len());
    match answer.not_every_solution() {
        Some(reason) => refused(claim, reason),
        None => certify_grids(puzzle, &answer.grids, budget),
    }
}

/// Proves the count `analyze` found ([`Kit::analyze`]): unique (with its
/// solution) or no solution. An ambiguous puzzle is not certified: its
/// analysis keeps no list of every grid (`count --certify` proves its
/// exact count), and its being ambiguous rests on two grids the verifier
/// judged, which need no proof.
///
/// [`Kit::analyze`]: crate::Kit::analyze
pub fn certify_analysis(puzzle: &Puzzle, analysis: &Analysis, budget: &Budget) -> Certified {
    let grids: Vec<Vec<u8>> = analysis.solution.iter().cloned().collect();
    let claim = Claim::of(analysis.solutions as usize);
    match (analysis.exact, analysis.solutions, &analysis.solution) {
        (true, 0, _) | (true, 1, Some(_)) => certify_grids(puzzle, &grids, budget),
        (false, ..) => refused(
            claim,
            "the count is not complete: a cap or a limit stopped it".to_string(),
        ),
        _ => refused(
            claim,
            "analyze keeps two of the solutions, not all; count --certify proves the count"
                .to_string(),
        ),
    }
}

/// Proves that `grids` are every solution of `puzzle`, the search bounded
/// by `budget`.
pub fn certify_grids(puzzle: &Puzzle, grids: &[Vec<u8>], budget: &Budget) -> Certified {
    let refuse = |reason| refused(Claim::of(grids.len()), reason);
    let limits = budget.limits();
    let mut checker = limits.checker();
    let mut decisions = 0;
    let mut stop = || {
        decisions += 1;
        checker.check(decisions, 0).is_some()
    };
    // One certifier per thread: a batch of one shape encodes it once.
    thread_local! {
        static CERTIFIER: RefCell<Certifier> = RefCell::new(Certifier::new());
    }
    let proven = CERTIFIER.with(|certifier| {
        let mut certifier = certifier.borrow_mut();
        certifier.prove(puzzle, grids, &mut stop)
    });
    match proven {
        Ok(certificate) => Certified {
            record: CertificateRecord {
                certified: true,
                claim: certificate.claim.to_string(),
                reason: None,
                variables: Some(u64::from(certificate.variables)),
                clauses: Some(certificate.clauses as u64),
                lemmas: Some(certificate.proof.lemmas().len() as u64),
                proof_bytes: Some(certificate.proof.drat_len() as u64),
                prove_us: Some(certificate.prove_time.as_micros() as u64),
                check_us: Some(certificate.check_time.as_micros() as u64),
            },
            certificate: Some(certificate),
            uncertified: None,
        },
        Err(why) => {
            let reason = match &why {
                Uncertified::AnotherSolution(_) => {
                    "the claim is false: the certifier found a solution the engine did not"
                        .to_string()
                }
                other => other.to_string(),
            };
            Certified {
                uncertified: Some(why),
                ..refuse(reason)
            }
        }
    }
}

/// The record of a claim not proven, and why.
fn refused(claim: Claim, reason: String) -> Certified {
    Certified {
        record: CertificateRecord {
            certified: false,
            claim: claim.to_string(),
            reason: Some(reason),
            variables: None,
            clauses: None,
            lemmas: None,
            proof_bytes: None,
            prove_us: None,
            check_us: None,
        },
        certificate: None,
        uncertified: None,
    }
}
