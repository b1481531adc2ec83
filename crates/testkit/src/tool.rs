//! The optional programs and libraries some tests need, and the one line a
//! test prints when it is skipped for want of one.

use std::fmt::Display;
use std::io::Write;

/// A program or library that some tests need and a machine with only Rust
/// lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// The `z3` program, for the `z3` engine.
    Z3,
    /// Choco-solver's native library from the `pychoco` wheel, for the
    /// `choco` engine.
    Choco,
    /// The `minizinc` program with Gecode, for the MiniZinc export.
    MiniZinc,
    /// Chromium and Playwright, for the check of the bench report's page.
    Browser,
    /// The `sudokit` Python module and pytest, installed for the Python
    /// that `SUDOKIT_PYTHON` names (else `python3`), for the module's tests.
    Python,
    /// The `drat-trim` proof checker, to check certificates without
    /// sudokit.
    DratTrim,
    /// The `cadical` program (Debian's), to solve the exported DIMACS
    /// outside sudokit.
    Cadical,
}

impl Tool {
    /// Its name in a skip line.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Z3 => "z3",
            Tool::Choco => "Choco's library",
            Tool::MiniZinc => "MiniZinc",
            Tool::Browser => "Chromium and Playwright",
            Tool::Python => "the sudokit Python module",
            Tool::DratTrim => "drat-trim",
            Tool::Cadical => "cadical",
        }
    }

    /// The step that brings it.
    pub fn how_to_get(self) -> &'static str {
        match self {
            Tool::Z3 => "pip install z3-solver, or apt-get install z3 (scripts/install-solvers)",
            Tool::Choco => "pip install pychoco==0.4.0 (scripts/install-solvers)",
            Tool::MiniZinc => "apt-get install minizinc",
            Tool::Browser => "scripts/install-browser",
            Tool::Python => {
                "pip install ./python pytest in a virtual environment, \
                 and SUDOKIT_PYTHON=its bin/python (docs/PYTHON.md)"
            }
            Tool::DratTrim => {
                "build drat-trim.c of github.com/marijnheule/drat-trim (cc -O2 -o drat-trim \
                 drat-trim.c) and put it on PATH (docs/CERTIFICATES.md)"
            }
            Tool::Cadical => "apt-get install cadical",
        }
    }

    /// The environment variable that turns its skips into failures.
    pub fn require_var(self) -> &'static str {
        match self {
            Tool::Z3 => "SUDOKIT_REQUIRE_Z3",
            Tool::Choco => "SUDOKIT_REQUIRE_CHOCO",
            Tool::MiniZinc => "SUDOKIT_REQUIRE_MINIZINC",
            Tool::Browser => "SUDOKIT_REQUIRE_BROWSER",
            Tool::Python => "SUDOKIT_REQUIRE_PYTHON",
            Tool::DratTrim => "SUDOKIT_REQUIRE_DRAT_TRIM",
            Tool::Cadical => "SUDOKIT_REQUIRE_CADICAL",
        }
    }

    /// Whether this run must have it: its [`require_var`](Tool::require_var)
    /// is set (as CI sets it where it installed the tool).
    pub fn required(self) -> bool {
        std::env::var_os(self.require_var()).is_some()
    }

    /// Skips the running test for want of this tool, `why` saying what
    /// was tried: one line on stderr, or a panic when the tool is
    /// [required](Tool::required) (reported at the caller's line).
    #[track_caller]
    pub fn skip(self, why: impl Display) {
        assert!(!self.required(), "{} is set, but {why}", self.require_var());
        let line = self.skip_line(&running_test(), &why.to_string());
        // Through `Write`, not `eprint!`: libtest captures only the macros,
        // and a skip must show in the output of a passing run. One write,
        // so that lines of tests on other threads do not interleave.
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }

    /// The line that says `test` was skipped for want of this tool.
    fn skip_line(self, test: &str, why: &str) -> String {
        format!(
            "skipped {test} (needs {}): {why} — {}; {}=1 makes this fail\n",
            self.name(),
            self.how_to_get(),
            self.require_var(),
        )
    }
}

/// What `probe` found, or `None` after the running test was skipped for
/// want of `tool` (see [`Tool::skip`]).
#[track_caller]
pub fn found<T, E: Display>(tool: Tool, probe: Result<T, E>) -> Option<T> {
    match probe {
        Ok(found) => Some(found),
        Err(why) => {
            tool.skip(why);
            None
        }
    }
}

/// `binary::test` for the test this thread runs: libtest names each test's
/// thread after the test, and the binary is the test file's name.
fn running_test() -> String {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.file_stem()?.to_str().map(str::to_string))
        .map(|stem| match stem.rsplit_once('-') {
            Some((name, _hash)) => name.to_string(),
            None => stem,
        })
        .unwrap_or_default();
    let crate_name = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("?");
    [crate_name.as_str(), binary.as_str(), test]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("::")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_found_tool_is_handed_back_without_a_skip() {
        assert_eq!(found(Tool::Z3, Ok::<_, String>(7)), Some(7));
    }

    #[test]
    fn a_skip_line_says_what_was_skipped_why_how_to_get_it_and_how_to_insist() {
        assert_eq!(
            Tool::Z3.skip_line("engine::counts", "no z3 on PATH"),
            "skipped engine::counts (needs z3): no z3 on PATH — pip install z3-solver, \
             or apt-get install z3 (scripts/install-solvers); SUDOKIT_REQUIRE_Z3=1 makes \
             this fail\n"
        );
    }

    #[test]
    fn the_running_test_is_named_by_its_thread() {
        let name = running_test();
        assert!(
            name.ends_with("::tests::the_running_test_is_named_by_its_thread"),
            "{name}"
        );
    }
}
