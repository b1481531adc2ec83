//! End-to-end tests of `sudokit bench`: a real run writes JSON, CSV and HTML
//! whose rows match the printed table; bad input is refused with exit code 2.

use assert_cmd::Command;
use sudokit_bench::{format_duration, from_json, RowStatus};

fn sudokit() -> Command {
    Command::cargo_bin("sudokit").expect("the binary is built")
}

#[test]
fn a_small_run_writes_reports_that_match_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    let output = sudokit()
        .current_dir(dir.path())
        .args([
            "bench",
            "--sets",
            "medium",
            "--engines",
            "fast,backtrack:mrv",
            "--limit",
            "3",
            "--timeout",
            "5s",
            "--json",
            &path("out.json"),
            "--csv",
            &path("out.csv"),
            "--html",
            &path("out.html"),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(stderr.contains("sequential"), "{stderr}");

    let json = std::fs::read_to_string(path("out.json")).unwrap();
    let report = from_json(&json, "out.json").unwrap();
    assert_eq!(report.rows.len(), 6);
    assert_eq!(report.summaries.len(), 2);
    assert!(report.rows.iter().all(|r| r.status == RowStatus::Solved));
    assert!(report.machine.cores >= 1 && !report.machine.commit.is_empty());

    // Every summary is a line of the table, with the same numbers.
    for s in &report.summaries {
        let line = stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", s.engine)))
            .unwrap_or_else(|| panic!("no line for {} in\n{stdout}", s.engine));
        let cells: Vec<&str> = line
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        assert_eq!(cells[0], s.engine);
        assert_eq!(cells[1], format!("{}/{}", s.solved, s.total));
        assert_eq!(cells[2], format_duration(s.total_us));
        assert_eq!(cells[4], format_duration(s.median_us));
        assert_eq!(cells[6], format_duration(s.max_us));
        assert_eq!(*cells.last().unwrap(), "all solved");
        // The summary is computed from the rows.
        let times: f64 = report
            .rows
            .iter()
            .filter(|r| r.engine == s.engine)
            .map(|r| r.time_us)
            .sum();
        // Summed in another order: equal up to rounding.
        assert!((times - s.total_us).abs() <= 1e-9 * times, "{times} {s:?}");
    }

    // The headline under the table says who won and by how much.
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("medium: fast (") && l.contains("× faster than backtrack:mrv")),
        "{stdout}"
    );

    let csv = std::fs::read_to_string(path("out.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 7);
    for (line, row) in lines[1..].iter().zip(&report.rows) {
        assert!(
            line.starts_with(&format!(
                "medium,{},{},{},solved,{},",
                row.engine, row.puzzle, row.line, row.time_us
            )),
            "{line}"
        );
    }

    let html = std::fs::read_to_string(path("out.html")).unwrap();
    // The spread and total charts, and the one set's cactus.
    assert_eq!(html.matches("<svg").count(), 3);
    assert!(html.contains("fast") && html.contains("backtrack:mrv"));

    // A second run against the first as baseline shows ratios.
    let again = sudokit()
        .current_dir(dir.path())
        .args([
            "bench",
            "--sets",
            "medium",
            "--engines",
            "fast",
            "--limit",
            "2",
            "--no-html",
            "--baseline",
            &path("out.json"),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(again.stdout).unwrap();
    let stderr = String::from_utf8(again.stderr).unwrap();
    assert_eq!(again.status.code(), Some(0));
    assert!(stdout.contains("median ×"), "{stdout}");
    // It says what it compared (the first run also had backtrack:mrv).
    assert!(stderr.contains("): compared fast on medium\n"), "{stderr}");
    assert!(!dir.path().join("bench-report.html").exists());
}

fn refused(args: &[&str], message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let output = sudokit()
        .current_dir(dir.path())
        .arg("bench")
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(message), "{args:?}: {stderr}");
    assert!(!dir.path().join("bench-report.html").exists());
}

#[test]
fn bad_input_is_refused_with_exit_code_2() {
    refused(
        &["--engines", "minisat"],
        "engine `minisat`: minisat: unknown engine",
    );
    refused(
        &["--engines", "backtrack:sideways"],
        "engine `backtrack:sideways`",
    );
    refused(&["--engines", "fast,fast"], "listed twice");
    refused(
        &["--sets", "nowhere.txt"],
        "set `nowhere.txt`: not a built-in set",
    );
    refused(&["--timeout", "soon"], "bad duration `soon`");
    refused(&["--timeout", "0"], "bad duration `0`");
    refused(&["--mode", "all"], "bad mode `all`");
    refused(&["--html", "/no/such/folder/r.html"], "does not exist");
    refused(&["--baseline", "missing.json"], "missing.json");
    refused(
        &["--preset", "all"],
        "unknown preset `all` (known: z3-encodings",
    );
    refused(
        &["--preset", "sat-encodings", "--mode", "all"],
        "bad mode `all`",
    );
    refused(
        &["--preset", "sat-encodings", "--full"],
        "--full: preset sat-encodings has no larger table (giant has)",
    );
    refused(
        &["--sets", "random:31:60"],
        "set `random:31:60`: size 31 has no boxes",
    );
}

/// `giant` brings its deadline and mode, and leaves out the engines this
/// machine lacks, naming them in the report.
#[test]
fn the_giant_preset_counts_random_big_grids_with_its_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let output = sudokit()
        .current_dir(dir.path())
        .args(["bench", "--preset", "giant", "--sets", "random:25:45:1"])
        .args(["--no-html", "--json", "out.json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let text = std::fs::read_to_string(dir.path().join("out.json")).unwrap();
    let report = from_json(&text, "out.json").unwrap();
    let preset = sudokit_bench::preset("giant").unwrap();
    assert_eq!(report.run.timeout_s, 5.0);
    assert_eq!(report.run.mode, preset.mode);
    let mut named: Vec<&str> = report.engines.iter().map(|e| e.spec.as_str()).collect();
    named.extend(report.skipped.iter().map(|s| s.name.as_str()));
    named.sort();
    let mut expected = preset.engines.to_vec();
    expected.sort();
    assert_eq!(named, expected);
    assert_eq!(report.rows.len(), report.engines.len());
    // cp and fast always run; 45% blank leaves several solutions.
    for row in report
        .rows
        .iter()
        .filter(|r| r.engine == "cp" || r.engine == "fast")
    {
        assert_eq!(
            (row.status, row.solutions),
            (RowStatus::Solved, 2),
            "{row:?}"
        );
        assert_eq!(row.set, "random-25-45");
    }
}

#[test]
fn the_help_names_every_preset() {
    let output = sudokit().args(["bench", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    for preset in sudokit_bench::PRESETS {
        assert!(
            help.contains(preset.name),
            "{} missing from:\n{help}",
            preset.name
        );
    }
}

#[test]
fn a_preset_none_of_whose_engines_is_here_says_why() {
    let output = sudokit()
        .env("SUDOKIT_Z3", "/nonexistent/z3")
        .args(["bench", "--preset", "z3-tactics", "--limit", "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: preset z3-tactics: its engines are not available here: "),
        "{stderr}"
    );
    assert!(stderr.contains("/nonexistent/z3"), "{stderr}");
}

#[test]
fn a_preset_runs_its_engines_in_its_mode_on_the_sets_given() {
    let dir = tempfile::tempdir().unwrap();
    let output = sudokit()
        .current_dir(dir.path())
        .args(["bench", "--preset", "sat-encodings", "--sets", "easy"])
        .args(["--limit", "2", "--no-html", "--json", "out.json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let text = std::fs::read_to_string(dir.path().join("out.json")).unwrap();
    let report = from_json(&text, "out.json").unwrap();
    let specs: Vec<&str> = report.engines.iter().map(|e| e.spec.as_str()).collect();
    let preset = sudokit_bench::preset("sat-encodings").unwrap();
    assert_eq!(specs, preset.engines);
    assert_eq!(report.rows.len(), 2 * preset.engines.len());
    assert!(report.rows.iter().all(|r| r.set == "easy"));
    assert_eq!(report.run.mode, preset.mode);
}

#[test]
fn an_unreadable_set_file_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken.txt");
    std::fs::write(&file, "..2....4.4.3....\nnot a puzzle\n").unwrap();
    refused(&["--sets", &file.display().to_string()], "line 2");
}

#[test]
fn json_to_standard_output_is_pure_json_and_files_are_never_replaced_silently() {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let output = sudokit()
            .current_dir(dir.path())
            .args([
                "bench",
                "--sets",
                "easy",
                "--engines",
                "fast",
                "--limit",
                "2",
            ])
            .args(extra)
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        (stdout, stderr)
    };
    let (stdout, stderr) = run(&["--json", "-"]);
    let report = from_json(&stdout, "stdout").unwrap();
    assert_eq!(report.rows.len(), 2);
    // The table goes to stderr; the default page is announced.
    assert!(stderr.contains("easy — Easy51"), "{stderr}");
    assert!(stderr.ends_with("wrote bench-report.html\n"), "{stderr}");

    let (stdout, stderr) = run(&["--markdown", "-", "--csv", "rows.csv"]);
    assert!(
        stdout.contains("\n### easy — Easy51: 51 easy grids"),
        "{stdout}"
    );
    assert!(stdout.contains("\n| fast | 2/2 | "), "{stdout}");
    assert!(
        !stdout.contains("engine  "),
        "the table is not on stdout: {stdout}"
    );
    assert!(
        stderr.ends_with("wrote rows.csv\nwrote bench-report.html (replaced an earlier file)\n"),
        "{stderr}"
    );

    let (stdout, stderr) = run(&["--no-html", "--csv", "rows.csv", "-q"]);
    assert!(stdout.starts_with("1 engine(s) × 1 set(s)"), "{stdout}");
    assert_eq!(stderr, "", "--quiet hides the notes");
}

#[test]
fn only_one_report_goes_to_standard_output() {
    refused(
        &["--json", "-", "--csv", "-"],
        "--json and --csv: only one report can go to standard output (-)",
    );
    refused(
        &["--html", "-"],
        "--html -: the page is written to a file only",
    );
    refused(
        &["--markdown", "/no/such/folder/b.md"],
        "folder /no/such/folder does not exist",
    );
}

#[test]
fn certify_adds_a_column_with_every_count_proven() {
    let dir = tempfile::tempdir().unwrap();
    let output = sudokit()
        .current_dir(dir.path())
        .args([
            "bench",
            "--sets",
            "medium",
            "--engines",
            "fast,cp",
            "--limit",
            "3",
            "--certify",
            "--no-html",
            "--json",
            "out.json",
            "--csv",
            "out.csv",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("first solution + uniqueness proof, each count certified"),
        "{stdout}"
    );
    let json = std::fs::read_to_string(dir.path().join("out.json")).unwrap();
    let report = from_json(&json, "out.json").unwrap();
    assert_eq!(report.run.mode, "unique");
    assert_eq!(report.rows.len(), 6);
    assert!(report.rows.iter().all(|r| r.certified == Some(true)));
    for s in &report.summaries {
        assert_eq!(s.certified, Some(3), "{s:?}");
        let line = stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", s.engine)))
            .unwrap_or_else(|| panic!("no line for {} in\n{stdout}", s.engine));
        let cells: Vec<&str> = line
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        let n = cells.len();
        assert_eq!(cells[n - 3], "3/3", "{line}");
        assert_eq!(
            cells[n - 2],
            format_duration(s.certify_us.expect("a certify time"))
        );
    }
    let csv = std::fs::read_to_string(dir.path().join("out.csv")).unwrap();
    assert!(csv
        .lines()
        .next()
        .unwrap()
        .ends_with(",certified,certify_us"));
    assert!(csv.lines().skip(1).all(|l| l.contains(",true,")), "{csv}");

    // Certifying proves counts: it cannot run in first mode.
    sudokit()
        .current_dir(dir.path())
        .args(["bench", "--certify", "--mode", "first", "--no-html"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--certify proves counts: it needs --mode unique, not first",
        ));
}
