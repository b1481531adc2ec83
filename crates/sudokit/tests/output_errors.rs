//! Output that cannot be written follows the exit-code table for every
//! command that prints, clap's help and version included: a full disk is
//! exit 5 with the reason, a reader gone away (`| head`) a quiet exit 0;
//! a message on a full stderr is lost, the exit code is not.

use std::fs::OpenOptions;
use std::process::{Command, Stdio};

const PUZZLE: &str = "1...........3..2";

/// Every kind of printing command: generated scripts and pages, clap's
/// texts, a table, an export, a solve.
const PRINTING: &[&[&str]] = &[
    &["completions", "bash"],
    &["completions", "zsh"],
    &["man"],
    &["--version"],
    &["--help"],
    &["solve", "--help"],
    &["engines"],
    &["export", PUZZLE, "--to", "json"],
    &["solve", PUZZLE],
];

fn sudokit() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
}

#[test]
fn a_full_disk_is_exit_5_with_the_reason() {
    for args in PRINTING {
        let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
        let output = sudokit()
            .args(*args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(5), "sudokit {args:?}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            "error: cannot write the output: No space left on device (os error 28)\n",
            "sudokit {args:?}"
        );
    }
}

#[test]
fn a_closed_pipe_is_a_quiet_exit_0() {
    for args in PRINTING {
        let mut child = sudokit()
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader goes before the first write
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "sudokit {args:?}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            "",
            "sudokit {args:?}"
        );
    }
}

#[test]
fn a_full_stderr_keeps_the_exit_code_the_run_earned() {
    // Bad input (2), and a batch whose second puzzle has no solution (1),
    // said on stderr.
    let batch = format!("{PUZZLE}\n1..1............\n");
    for (args, stdin, code, out) in [
        (&["solve", "1..5............"][..], "", 2, ""),
        (
            &["solve", "-f", "-", "--format", "line"][..],
            &batch[..],
            1,
            "1243432121343412\nnone\n",
        ),
    ] {
        let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut child = sudokit()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(full)
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(code), "sudokit {args:?}");
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            out,
            "sudokit {args:?}"
        );
    }
}
