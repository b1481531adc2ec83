//! Finding `libchoco_capi` at run time. Nothing is linked: the library
//! (Choco-solver compiled to a native shared library by GraalVM, about
//! 41 MB) ships inside the PyPI wheel `pychoco`, so a machine without it
//! builds and runs sudokit, and `sudokit engines` says how to get it.
//!
//! The search order: [`ENV_VAR`] (the library, or a folder holding it);
//! then the `pychoco` package of the `python3` on `PATH` (asked where it
//! lives, without importing it); then the usual places a `pip install`
//! puts packages (the active virtualenv, `~/.local`, `/usr/local`, `/usr`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The environment variable naming the library (or the folder holding it).
pub const ENV_VAR: &str = "SUDOKIT_CHOCO_LIB";

/// The `pychoco` version whose library's C signatures the engine calls.
pub const PINNED: &str = "0.4.0";

/// How to get the library, for messages.
pub const INSTALL_HINT: &str = "pip install pychoco==0.4.0";

/// The library's file name.
pub const FILE_NAME: &str = "libchoco_capi.so";

/// A `libchoco_capi` found on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChocoLibrary {
    /// Where it is.
    pub path: PathBuf,
    /// The version of the `pychoco` wheel it came with, when its metadata
    /// lies beside it (a library named by [`ENV_VAR`] may have none).
    pub pychoco: Option<String>,
}

/// Looks for the library: at `explicit` when given (the value of
/// [`ENV_VAR`]), else in the places the module docs list. `Err` says what
/// was tried.
pub fn locate(explicit: Option<PathBuf>) -> Result<ChocoLibrary, String> {
    if let Some(path) = explicit {
        if path.as_os_str().is_empty() {
            return Err(format!("{ENV_VAR} is set but empty"));
        }
        let file = if path.is_dir() {
            path.join(FILE_NAME)
        } else {
            path
        };
        return if file.is_file() {
            Ok(described(file))
        } else {
            Err(format!("{ENV_VAR}={}: no such library", file.display()))
        };
    }
    let package = python_package()
        .into_iter()
        .chain(usual_packages())
        .map(|dir| dir.join(FILE_NAME))
        .find(|file| file.is_file());
    package
        .map(described)
        .ok_or_else(|| format!("no {FILE_NAME} found (no pychoco package for python3)"))
}

fn described(path: PathBuf) -> ChocoLibrary {
    let pychoco = path.parent().and_then(wheel_version);
    ChocoLibrary { path, pychoco }
}

/// Where the `python3` on `PATH` would import `pychoco` from; it is not
/// imported (that would load the library into Python).
fn python_package() -> Option<PathBuf> {
    let script = "import importlib.util as u; s = u.find_spec('pychoco'); \
                  print(s.submodule_search_locations[0] if s else '')";
    let output = Command::new("python3").args(["-c", script]).output().ok()?;
    let dir = String::from_utf8(output.stdout).ok()?;
    let dir = dir.trim();
    (!dir.is_empty()).then(|| PathBuf::from(dir))
}

/// `pychoco` folders in the places pip installs to.
fn usual_packages() -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    if let Some(venv) = std::env::var_os("VIRTUAL_ENV") {
        roots.push(PathBuf::from(venv).join("lib"));
    }
    if let Some(home) = std::env::var_os("HOME") {
        roots.push(PathBuf::from(home).join(".local/lib"));
    }
    roots.extend(["/usr/local/lib", "/usr/lib"].map(PathBuf::from));
    let mut packages = Vec::new();
    for root in roots {
        let Ok(entries) = root.read_dir() else {
            continue;
        };
        let mut pythons: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("python3"))
            })
            .collect();
        pythons.sort();
        for python in pythons.iter().rev() {
            for site in ["site-packages", "dist-packages"] {
                packages.push(python.join(site).join("pychoco"));
            }
        }
    }
    packages
}

/// The version in `pychoco-X.dist-info` beside the package folder `dir`.
fn wheel_version(dir: &Path) -> Option<String> {
    let parent = dir.parent()?;
    parent.read_dir().ok()?.find_map(|entry| {
        let name = entry.ok()?.file_name().into_string().ok()?;
        let version = name.strip_prefix("pychoco-")?.strip_suffix(".dist-info")?;
        Some(version.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_library_that_is_not_there_is_named_in_the_refusal() {
        assert_eq!(
            locate(Some("/nonexistent/libchoco_capi.so".into())).unwrap_err(),
            "SUDOKIT_CHOCO_LIB=/nonexistent/libchoco_capi.so: no such library"
        );
        assert_eq!(
            locate(Some(PathBuf::new())).unwrap_err(),
            "SUDOKIT_CHOCO_LIB is set but empty"
        );
    }

    #[test]
    fn a_folder_is_searched_for_the_library() {
        let err = locate(Some("/".into())).unwrap_err();
        assert_eq!(err, "SUDOKIT_CHOCO_LIB=/libchoco_capi.so: no such library");
    }
}
