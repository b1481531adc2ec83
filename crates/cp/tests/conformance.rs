//! The shared conformance suite, with the default strategy and a few others.

use sudokit_conformance::Suite;
use sudokit_cp::CpEngine;

#[test]
fn default_strategy_passes_every_case() {
    let engine = CpEngine::new();
    Suite::new(&engine).run().assert_passed();
}

#[test]
fn other_strategies_pass_too() {
    for spec in [
        &["input-order", "singles"][..],
        &["first-fail", "fc"],
        &["dom-wdeg", "singles"],
        &["chs", "singles"],
        &["first-fail", "singles", "val=max"],
        &["chs", "luby", "restart-base=4"],
        &[
            "var=random",
            "val=random",
            "geometric",
            "restart-base=2",
            "seed=3",
        ],
    ] {
        let engine = CpEngine::from_options(spec).unwrap();
        Suite::new(&engine).run().assert_passed();
    }
}
