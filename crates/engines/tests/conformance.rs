use sudokit_conformance::Suite;
use sudokit_engines::AutoEngine;

#[test]
fn auto_passes_every_conformance_case() {
    Suite::new(&AutoEngine::default()).run().assert_passed();
}
