//! The bench report as a reader sees it: a real small run (with timeouts)
//! writes the page, and `scripts/check-report` opens it in headless
//! Chromium at 1400 px and 400 px: the charts are there and visible, the
//! page does not scroll sideways on the phone, chart text shows at 11 px at
//! least. Screenshots stay in `<target>/report-screenshots/`.
//!
//! Without Chromium or Playwright (`scripts/install-browser`) each test
//! says it was skipped, unless `SUDOKIT_REQUIRE_BROWSER` is set (as CI does).

mod common;

use std::process::Command;

use common::{repo, sudokit, target_dir};
use sudokit_bench::{from_json, RowStatus};
use sudokit_testkit::Tool;

/// Runs `scripts/check-report` on a page; `None` (after the test's skip
/// line) when the browser is missing and not required.
fn check(page: &std::path::Path, min_charts: &str, shots: &str) -> Option<(i32, String)> {
    let shots = target_dir().join(shots);
    let checked = Command::new("python3")
        .arg(repo("scripts/check-report"))
        .arg(page)
        .args(["--min-charts", min_charts, "--screenshots"])
        .arg(&shots)
        .output();
    let checked = match checked {
        Ok(out) => out,
        Err(e) => {
            Tool::Browser.skip(format_args!("python3 cannot be run: {e}"));
            return None;
        }
    };
    let said = String::from_utf8_lossy(&checked.stdout).into_owned()
        + &String::from_utf8_lossy(&checked.stderr);
    match checked.status.code() {
        Some(3) => {
            Tool::Browser.skip(said.trim().trim_end_matches(" (scripts/install-browser)"));
            None
        }
        code => Some((code.unwrap_or(-1), said)),
    }
}

#[test]
fn the_check_finds_what_a_phone_reader_would_suffer() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("bad.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body><svg width=\"900\" height=\"300\" viewBox=\"0 0 900 300\">\
         <text x=\"10\" y=\"20\" font-size=\"8\">tiny</text></svg>\
         <table><tr><td style=\"white-space:nowrap\">a cell far too wide for a phone, \
         and it does not scroll in a box of its own at all</td></tr></table></body></html>",
    )
    .unwrap();
    let Some((code, said)) = check(&page, "2", "report-screenshots/bad-page") else {
        return;
    };
    assert_eq!(code, 1, "{said}");
    for problem in [
        "desktop: 1 chart(s), expected at least 2",
        "phone (400 px): chart 1: text \"tiny\" shows 8.0 px (< 11)",
        "phone (400 px): chart 1 ends at 908 px, past the 400 px screen",
        "phone (400 px): the page is 908 px wide on a 400 px screen",
        "phone (400 px): no viewport meta tag",
    ] {
        assert!(said.contains(problem), "{problem}\n{said}");
    }
}

#[test]
fn the_report_reads_on_a_desktop_and_a_phone() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("bench-report.html");
    let json = dir.path().join("bench.json");
    // backtrack (input order, no pruning by size) times out on hard puzzles
    // at 5 ms in a test build; fast solves them all.
    let output = sudokit()
        .current_dir(dir.path())
        .args(["bench", "-q", "--engines", "fast,cp,backtrack"])
        .args(["--sets", "easy,hard", "--limit", "4", "--timeout", "5ms"])
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = from_json(&std::fs::read_to_string(&json).unwrap(), "bench.json").unwrap();
    assert!(
        report.rows.iter().any(|r| r.status == RowStatus::Timeout),
        "the page must show a timeout"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("timed out)</li>"),
        "the headline names the timeouts"
    );

    // Spread, totals, and a cactus per set.
    let Some((code, said)) = check(&page, "4", "report-screenshots") else {
        return;
    };
    assert_eq!(
        code, 0,
        "the report does not pass the browser check:\n{said}"
    );
    assert!(said.contains("desktop: 4 charts"), "{said}");
    assert!(said.contains("phone: 4 charts"), "{said}");
    let shots = target_dir().join("report-screenshots");
    for name in ["report-desktop.png", "report-phone.png"] {
        let size = std::fs::metadata(shots.join(name)).map_or(0, |m| m.len());
        assert!(size > 10_000, "{name}: {size} bytes");
    }
    eprintln!("screenshots in {}", shots.display());
}
