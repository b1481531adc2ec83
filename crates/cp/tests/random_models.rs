//! Small random models of every constraint kind, counted and optimised by the
//! engine with several strategies, against plain enumeration.

use sudokit_conformance::random::{check_counts, check_optima};
use sudokit_cp::CpEngine;

const STRATEGIES: &[&[&str]] = &[
    &[],
    &["input-order", "fc"],
    &["first-fail", "singles", "val=max"],
    &["chs", "val=middle", "luby", "restart-base=1"],
    &[
        "var=random",
        "val=random",
        "geometric",
        "restart-base=1",
        "seed=9",
    ],
];

fn engines() -> Vec<CpEngine> {
    STRATEGIES
        .iter()
        .map(|spec| CpEngine::from_options(spec).expect("a known strategy"))
        .collect()
}

#[test]
fn counts_match_enumeration() {
    let tally = check_counts(&engines(), 2026, 400);
    // Both answers are well represented.
    println!("{tally:?}");
    assert!(tally.satisfiable > 100 && tally.satisfiable < 380 && tally.multiple > 50);
}

#[test]
fn optima_match_enumeration() {
    check_optima(&engines(), 77, 300);
}
