//! Every check over its committed seed corpus, `fuzz/seeds/<target>/`:
//! hand-written cases, the project's own examples, and any input a fuzzing
//! campaign found worth keeping. A failing seed is a bug found again.

use std::path::Path;

fn seeds(target: &str, check: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} fails its check", path.display());
        count += 1;
    }
    count
}

#[test]
fn line_seeds() {
    assert!(seeds("line", sudokit_fuzzing::check_line) >= 5);
}

#[test]
fn csv_seeds() {
    assert!(seeds("csv", sudokit_fuzzing::check_csv) >= 3);
}

#[test]
fn block_seeds() {
    assert!(seeds("block", sudokit_fuzzing::check_block) >= 3);
}

#[test]
fn sdk_seeds() {
    assert!(seeds("sdk", sudokit_fuzzing::check_sdk) >= 2);
}

#[test]
fn toml_seeds() {
    assert!(seeds("toml", sudokit_fuzzing::check_toml) >= 3);
}

#[test]
fn json_seeds() {
    assert!(seeds("json", sudokit_fuzzing::check_json) >= 3);
}

#[test]
fn auto_seeds() {
    assert!(seeds("auto", sudokit_fuzzing::check_auto) >= 5);
}

#[test]
fn dimacs_seeds() {
    assert!(seeds("dimacs", sudokit_fuzzing::check_dimacs) >= 3);
}

#[test]
fn verifier_seeds() {
    assert!(seeds("verifier", sudokit_fuzzing::check_verifier) >= 3);
}

/// Inputs the fuzzer found failing, kept so they stay fixed (RELIABILITY.md).
#[test]
fn findings_stay_fixed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/findings");
    let data = std::fs::read(dir.join("json-1x1-without-givens.json")).unwrap();
    sudokit_fuzzing::check_json(&data);
    let data = std::fs::read(dir.join("block-metadata-line-inside-a-grid")).unwrap();
    sudokit_fuzzing::check_block(&data);
}
