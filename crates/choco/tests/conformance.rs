//! The shared conformance suite for every spec the `choco` descriptor
//! lists, on its own so that a missing library is said, not skipped silently
//! (and fails when `SUDOKIT_REQUIRE_CHOCO` is set).

use sudokit_choco::{library, ChocoEngine, DESCRIPTOR};
use sudokit_conformance::Suite;
use sudokit_testkit::{found, Tool};

#[test]
fn every_choco_spec_passes_the_conformance_suite() {
    let Some(library) = found(Tool::Choco, library()) else {
        return;
    };
    println!(
        "choco: {} (pychoco {:?})",
        library.path.display(),
        library.pychoco
    );
    let mut failures = Vec::new();
    for spec in DESCRIPTOR.conformance.specs {
        let options: Vec<&str> = spec.split(':').skip(1).collect();
        let engine = ChocoEngine::from_options(&options).unwrap();
        let report = Suite::as_declared(&engine, &DESCRIPTOR.conformance).run();
        println!("{report}\n");
        if let Err(problems) = report.problems() {
            failures.push(problems);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
