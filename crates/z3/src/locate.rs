//! Finding the `z3` program at run time: `SUDOKIT_Z3` (a path), else `z3`
//! on `PATH`. Nothing is linked: a machine without Z3 builds and runs
//! sudokit, and `sudokit engines` says how to get it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The environment variable that names the `z3` program to use.
pub const ENV_VAR: &str = "SUDOKIT_Z3";

/// How to get Z3, for messages.
pub const INSTALL_HINT: &str = "pip install z3-solver, or apt-get install z3";

/// A `z3` program that answered `--version`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Z3Program {
    /// Where it is.
    pub path: PathBuf,
    /// What it said of itself, e.g. `4.8.12`.
    pub version: String,
}

/// The `z3` this process uses, looked up once: `Err` says what was tried.
pub fn z3_program() -> Result<&'static Z3Program, &'static str> {
    static FOUND: OnceLock<Result<Z3Program, String>> = OnceLock::new();
    FOUND
        .get_or_init(|| locate(std::env::var_os(ENV_VAR).map(PathBuf::from)))
        .as_ref()
        .map_err(String::as_str)
}

/// Looks for `z3`: at `explicit` when given (the value of [`ENV_VAR`]),
/// else on `PATH`; then asks it for its version.
pub fn locate(explicit: Option<PathBuf>) -> Result<Z3Program, String> {
    let path = match explicit {
        Some(path) if path.as_os_str().is_empty() => {
            return Err(format!("{ENV_VAR} is set but empty"))
        }
        Some(path) => path,
        None => on_path("z3").ok_or_else(|| "no z3 on PATH".to_string())?,
    };
    let version = version_of(&path)?;
    Ok(Z3Program { path, version })
}

/// The first executable file called `name` in the directories of `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let dirs = std::env::var_os("PATH")?;
    std::env::split_paths(&dirs)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Runs `PATH --version`: `Z3 version 4.8.12 - 64 bit` gives `4.8.12`.
fn version_of(path: &Path) -> Result<String, String> {
    let output = Command::new(path)
        .arg("--version")
        .output()
        .map_err(|e| format!("{} does not run: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&output.stdout);
    text.strip_prefix("Z3 version ")
        .and_then(|rest| rest.split_whitespace().next())
        .map(str::to_string)
        .ok_or_else(|| {
            format!(
                "{} is not Z3 (`--version` printed {:?})",
                path.display(),
                text.trim()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_program_is_named_in_the_refusal() {
        let err = locate(Some("/nonexistent/z3".into())).unwrap_err();
        assert!(err.starts_with("/nonexistent/z3 does not run:"), "{err}");
        assert_eq!(
            locate(Some(PathBuf::new())).unwrap_err(),
            "SUDOKIT_Z3 is set but empty"
        );
    }

    #[test]
    fn a_program_that_is_not_z3_is_refused() {
        let err = locate(Some("/bin/echo".into())).unwrap_err();
        assert!(err.contains("is not Z3"), "{err}");
    }
}
