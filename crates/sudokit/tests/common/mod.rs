//! What the command-line test files share: the binary, the project's
//! files, and a run that checks the exit code.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The `sudokit` binary of this build.
pub fn sudokit() -> Command {
    Command::cargo_bin("sudokit").expect("the binary is built")
}

/// The cargo target folder: `CARGO_TARGET_DIR`, else the one this test
/// binary sits in (`<target>/<profile>/deps/`).
pub fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(dir);
    }
    let exe = std::env::current_exe().expect("the test knows its path");
    exe.ancestors()
        .nth(3)
        .expect("the test binary is in <target>/<profile>/deps")
        .to_path_buf()
}

/// A path in the repository.
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// Runs `args` with `stdin`, expects `code`, returns stdout and stderr.
pub fn run_with(args: &[&str], stdin: &str, code: i32) -> (String, String) {
    let output = sudokit()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs");
    let (out, err) = (
        String::from_utf8(output.stdout).expect("utf-8"),
        String::from_utf8(output.stderr).expect("utf-8"),
    );
    assert_eq!(
        output.status.code(),
        Some(code),
        "sudokit {args:?}\nstdout: {out}\nstderr: {err}"
    );
    (out, err)
}

/// Runs `args`, expects `code`, returns stdout.
pub fn run(args: &[&str], code: i32) -> String {
    run_with(args, "", code).0
}
