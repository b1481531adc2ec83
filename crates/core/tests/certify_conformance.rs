//! Every conformance case counted by an engine and its count put to proof
//! through the facade: exact counts (unique, none, k) certified with the
//! claim they make, counts stopped at their cap not certified.

use sudokit_conformance::cases;
use sudokit_core::{certify, Budget, Claim, CountOptions, Kit};

#[test]
fn every_conformance_count_is_certified_exactly() {
    let kit = Kit::new("auto").expect("the auto engine");
    let (mut certified, mut capped) = (0, 0);
    let mut kinds = [false; 3];
    for case in cases() {
        let cap = case.count_cap;
        let options = CountOptions::up_to(cap).keeping(cap as usize);
        let answer = kit.count(&case.puzzle, &options).expect("an answer");
        assert_eq!(answer.count, case.count, "{}", case.name);
        let proof = certify(&case.puzzle, &answer, &Budget::none());
        if answer.complete {
            assert!(proof.record.certified, "{}: {:?}", case.name, proof.record);
            let claim = Claim::of(case.count as usize).to_string();
            assert_eq!(proof.record.claim, claim, "{}", case.name);
            certified += 1;
            kinds[(case.count as usize).min(2)] = true;
        } else {
            assert!(!proof.record.certified, "{}", case.name);
            capped += 1;
        }
    }
    // Every kind of claim is among them: none, unique, exactly k.
    assert_eq!(kinds, [true; 3]);
    assert!(
        certified > 20 && capped >= 1,
        "{certified} certified, {capped} capped"
    );
}
