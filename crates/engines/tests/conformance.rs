//! The conformance suite over the whole catalogue: every engine this build
//! has, every spec its descriptor lists, with the refusals it declares.
//! The engines that drive an outside solver run the same suite on every
//! spec in their own crate (`crates/z3/tests`, `crates/choco/tests`, which
//! CI runs against each install); here their specs are only built.

/// Engines whose crate runs this suite itself.
const OWN_SUITE: [&str; 2] = ["z3", "choco"];

use sudokit_conformance::Suite;
use sudokit_engines::{build, catalogue, Availability};

#[test]
fn every_engine_of_the_catalogue_passes_the_conformance_suite() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for descriptor in catalogue() {
        if let Availability::Unavailable { why, hint } = (descriptor.probe)() {
            println!("{}: skipped, {why} ({hint})", descriptor.name);
            continue;
        }
        for spec in descriptor.conformance.specs {
            let engine = build(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            if OWN_SUITE.contains(&descriptor.name) {
                continue;
            }
            let report = Suite::as_declared(engine.as_ref(), &descriptor.conformance).run();
            println!("{report}\n");
            if let Err(problems) = report.problems() {
                failures.push(problems);
            }
            ran += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran >= 3, "only {ran} engine specs ran");
}
