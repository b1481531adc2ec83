//! The Python module (`python/`, `import sudokit`) through its own tests,
//! `python/tests/`, so that the project's one test command runs them: the
//! module is the facade with Python types, and its tests call it as a
//! Python user does.
//!
//! The module is built by pip, not by cargo (see `python/Cargo.toml`), so
//! this test runs the installed module: `SUDOKIT_PYTHON` names the Python
//! it is installed for (a virtual environment's `bin/python`, as CI sets
//! it), else `python3`. Where that Python cannot import `sudokit` and
//! `pytest` the test says it skipped, unless `SUDOKIT_REQUIRE_PYTHON` is set.

use std::path::PathBuf;
use std::process::Command;

use sudokit_testkit::{found, Tool};

/// The Python the module is installed for.
fn python() -> String {
    std::env::var("SUDOKIT_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Whether `python` imports a working `sudokit` and `pytest`, or why not.
fn importable(python: &str) -> Result<(), String> {
    let probe = Command::new(python)
        .args(["-c", "import sudokit, pytest; sudokit.engines()"])
        .output()
        .map_err(|e| format!("{python} cannot be run: {e}"))?;
    if probe.status.success() {
        return Ok(());
    }
    let said = String::from_utf8_lossy(&probe.stderr);
    let last = said.lines().last().unwrap_or("no message");
    Err(format!("{python} cannot import sudokit and pytest: {last}"))
}

#[test]
fn the_python_module_passes_its_tests() {
    let python = python();
    if found(Tool::Python, importable(&python)).is_none() {
        return;
    }
    // From the repository's root (no `sudokit` folder there to shadow the
    // installed module), writing no cache or bytecode into the clone.
    let run = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .current_dir(root())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("the Python that imported sudokit runs again");
    let said =
        String::from_utf8_lossy(&run.stdout).into_owned() + &String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "python/tests failed:\n{said}");
    // pytest's summary line: something passed, nothing was skipped unseen.
    let summary = said.lines().last().unwrap_or_default();
    assert!(summary.contains(" passed"), "no test ran:\n{said}");
}
