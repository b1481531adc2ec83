use sudokit_conformance::Suite;
use sudokit_fast::FastEngine;

#[test]
fn fast_passes_every_classic_conformance_case() {
    Suite::new(&FastEngine::new())
        .unsupported(&["jigsaw", "x", "killer", "latin", "extra-groups"])
        .run()
        .assert_passed();
}

#[test]
fn generic_path_passes_every_classic_conformance_case() {
    Suite::new(&FastEngine::from_options(&["generic"]).unwrap())
        .unsupported(&["jigsaw", "x", "killer", "latin", "extra-groups"])
        .run()
        .assert_passed();
}
