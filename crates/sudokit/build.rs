//! Puts the commit into `sudokit --version` ("0.1.0 (commit 1a2b3c4)"), or
//! says there is none when the sources are not a git checkout (a crate
//! downloaded by `cargo install`).

use std::process::Command;

fn main() {
    let commit = Command::new("git")
        .args(["rev-parse", "--short=7", "HEAD"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|hash| hash.trim().to_string())
        .filter(|hash| !hash.is_empty());
    let dirty = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=no"])
        .output()
        .ok()
        .is_some_and(|out| out.status.success() && !out.stdout.is_empty());
    let version = env!("CARGO_PKG_VERSION");
    let long = match commit {
        Some(hash) if dirty => format!("{version} (commit {hash}, with changes)"),
        Some(hash) => format!("{version} (commit {hash})"),
        None => format!("{version} (no commit known)"),
    };
    println!("cargo:rustc-env=SUDOKIT_VERSION={long}");
    // A new commit or a checkout changes HEAD or the ref it points to.
    for path in [
        "../../.git/HEAD",
        "../../.git/refs/heads",
        "../../.git/index",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
}
