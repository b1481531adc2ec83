//! The page of `sudokit serve` as a person uses it: `scripts/check-page`
//! drives it in headless Chromium at 1400 px and 400 px (type a puzzle,
//! hint and its move, step the explanation, solve with two engines, race
//! them all, play with conflicts, undo, redo and notes, see a killer's
//! cages, a jigsaw's regions and an X's diagonals and marks, generate,
//! download the SVG, nothing wider than a phone). Screenshots stay in
//! `<target>/page-screenshots/`.
//!
//! Without Chromium or Playwright (`scripts/install-browser`) the test says
//! it was skipped, unless `SUDOKIT_REQUIRE_BROWSER` is set (as CI does).

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use common::{repo, target_dir};
use sudokit_testkit::Tool;

/// A server that is stopped when the test ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_page_plays_hints_explains_races_and_generates_in_a_browser() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("piped");
    let server = Server(child);
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let url = line
        .strip_prefix("sudokit serve: ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let shots = target_dir().join("page-screenshots");
    let checked = Command::new("python3")
        .arg(repo("scripts/check-page"))
        .arg(url)
        .arg("--screenshots")
        .arg(&shots)
        .output();
    drop(server);
    let checked = match checked {
        Ok(out) => out,
        Err(e) => return Tool::Browser.skip(format_args!("python3 cannot be run: {e}")),
    };
    let said = String::from_utf8_lossy(&checked.stdout).into_owned()
        + &String::from_utf8_lossy(&checked.stderr);
    match checked.status.code() {
        Some(3) => Tool::Browser.skip(said.trim().trim_end_matches(" (scripts/install-browser)")),
        code => assert_eq!(code, Some(0), "{said}"),
    }
}
