//! The shared conformance suite for every spec the `choco` descriptor
//! lists, on its own so that a missing library is said, not skipped silently.

use sudokit_choco::{library, ChocoEngine, DESCRIPTOR};
use sudokit_conformance::Suite;

#[test]
fn every_choco_spec_passes_the_conformance_suite() {
    match library() {
        Ok(found) => println!(
            "choco: {} (pychoco {:?})",
            found.path.display(),
            found.pychoco
        ),
        Err(why) if std::env::var_os("SUDOKIT_REQUIRE_CHOCO").is_some() => {
            panic!("SUDOKIT_REQUIRE_CHOCO is set, but {why}")
        }
        Err(why) => return eprintln!("skipped: {why}"),
    }
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
