//! The shared conformance suite for every spec the `z3` descriptor lists,
//! on its own so CI can run it against each Z3 install (`SUDOKIT_Z3`).

use sudokit_conformance::Suite;
use sudokit_testkit::{found, Tool};
use sudokit_z3::{z3_program, Z3Engine, DESCRIPTOR};

#[test]
fn every_z3_spec_passes_the_conformance_suite() {
    let Some(program) = found(Tool::Z3, z3_program()) else {
        return;
    };
    println!("z3 {} at {}", program.version, program.path.display());
    // One thread per spec: each waits on its own z3 process most of the time.
    let reports: Vec<_> = std::thread::scope(|scope| {
        let runs: Vec<_> = DESCRIPTOR
            .conformance
            .specs
            .iter()
            .map(|spec| {
                scope.spawn(move || {
                    let options: Vec<&str> = spec.split(':').skip(1).collect();
                    let engine = Z3Engine::from_options(&options).unwrap();
                    Suite::as_declared(&engine, &DESCRIPTOR.conformance).run()
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    });
    let mut failures = Vec::new();
    for report in reports {
        println!("{report}\n");
        if let Err(problems) = report.problems() {
            failures.push(problems);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
