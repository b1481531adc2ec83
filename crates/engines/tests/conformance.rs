//! The conformance suite over the whole catalogue: every engine this build
//! has, every spec its descriptor lists, with the refusals it declares.

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
