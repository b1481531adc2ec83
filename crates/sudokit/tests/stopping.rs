//! Stopping early: Ctrl-C during a long count (the search stops inside, the
//! count so far is printed, the exit code says a limit stopped it), and a
//! reader that closes standard output (`| head`: sudokit stops quietly).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use sudokit_testkit::{found, Tool};

const EMPTY: &str =
    ".................................................................................";

/// The `sudokit` binary of this build, as a process to spawn and signal.
fn sudokit() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
}

#[test]
fn ctrl_c_stops_the_search_and_prints_the_count_so_far() {
    a_signal_stops_the_search_and_prints_the_count_so_far("INT");
}

#[test]
fn sigterm_and_sighup_stop_it_as_ctrl_c_does() {
    a_signal_stops_the_search_and_prints_the_count_so_far("TERM");
    a_signal_stops_the_search_and_prints_the_count_so_far("HUP");
}

fn a_signal_stops_the_search_and_prints_the_count_so_far(signal: &str) {
    // An empty grid has about 6.7e21 solutions: counting them all never ends.
    let mut child = sudokit()
        .args(["count", EMPTY, "--all", "--format", "line"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    sleep(Duration::from_millis(1000));
    let status = signal_and_wait(&mut child, signal);
    let stdout = read_all(child.stdout.take().unwrap());
    let stderr = read_all(child.stderr.take().unwrap());
    assert_eq!(status.code(), Some(3), "stdout: {stdout}\nstderr: {stderr}");
    // "N+": a lower bound, and after a second of counting, a big one.
    let count = stdout.trim().strip_suffix('+').expect("a lower bound");
    assert!(count.parse::<u64>().expect("a number") > 1000, "{stdout}");
    assert!(stderr.contains("interrupted"), "{stderr}");
}

/// Sends `SIG<signal>` to `child` and waits for it to end: within 10 s, or
/// the test fails (and the child is killed).
fn signal_and_wait(child: &mut Child, signal: &str) -> ExitStatus {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let signalled = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            return status;
        }
        if signalled.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("still running 10 s after SIG{signal}");
        }
        sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_closed_stdout_stops_the_batch_quietly() {
    let set = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/coursia/Sudoku_top95.txt"),
    )
    .unwrap();
    let mut child = sudokit()
        .args(["solve", "-f", "-", "--format", "line"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    // Far more puzzles than one chunk, written from a thread so that a full
    // pipe cannot block the test.
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..200 {
            if stdin.write_all(set.as_bytes()).is_err() {
                break; // sudokit stopped reading: expected
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim().len(), 81, "{first}");
    // The reader is gone now: sudokit must stop, not solve the rest.
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let stderr = read_all(child.stderr.take().unwrap());
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

/// `command` started, the first line of its stdout read, and its stdout
/// closed: whoever read it is gone.
fn first_line_then_close(command: &mut Command) -> (Child, String) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    (child, first)
}

/// Everything left in a child's output pipe.
fn read_all(mut pipe: impl Read) -> String {
    let mut text = String::new();
    pipe.read_to_string(&mut text).expect("utf-8 output");
    text
}

/// The running children of `pid`, by `/proc` (every thread's list).
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| {
            list.split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

/// Whether `pid` is still a running process (not gone, not a zombie).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let (_, rest) = stat.rsplit_once(") ")?;
            rest.split_whitespace().next().map(|state| state != "Z")
        })
        .unwrap_or(false)
}

#[test]
fn ctrl_c_during_a_long_z3_check_leaves_no_z3_behind() {
    if found(Tool::Z3, sudokit_z3::z3_program()).is_none() {
        return;
    }
    // One check of about two minutes: `maximize` over Ints. Z3 would go on
    // with it after sudokit's end (a closed input stops it only between
    // commands), so only a kill ends it.
    let mut child = sudokit()
        .args(["problem", "latin", "5", "--engine", "z3:int:opt=maximize"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    let start = Instant::now();
    // The solving z3, not the `z3 --version` that finds it (a signal
    // then could come before sudokit has started listening for one).
    let solving = |pid: &u32| {
        std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|line| {
            !line.is_empty() && !String::from_utf8_lossy(&line).contains("--version")
        })
    };
    let solvers = loop {
        let found: Vec<u32> = children(child.id()).into_iter().filter(solving).collect();
        if !found.is_empty() || start.elapsed() > Duration::from_secs(10) {
            break found;
        }
        sleep(Duration::from_millis(20));
    };
    assert!(!solvers.is_empty(), "no z3 started within 10 s");
    sleep(Duration::from_millis(500));
    let status = signal_and_wait(&mut child, "INT");
    let stderr = read_all(child.stderr.take().unwrap());
    assert_eq!(status.code(), Some(3), "{stderr}");
    let left: Vec<u32> = solvers.into_iter().filter(|&pid| running(pid)).collect();
    assert!(left.is_empty(), "z3 still running: {left:?}");
}

#[test]
fn ctrl_c_during_generate_keeps_the_puzzles_made() {
    // To a file: a pipe nobody reads would fill and block the writer.
    let out = tempfile::NamedTempFile::new().unwrap();
    let mut child = sudokit()
        .args([
            "generate", "-n", "1000000", "--seed", "1", "--format", "json",
        ])
        .stdout(out.reopen().unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    sleep(Duration::from_millis(1000));
    let status = signal_and_wait(&mut child, "INT");
    let stdout = std::fs::read_to_string(out.path()).unwrap();
    let stderr = read_all(child.stderr.take().unwrap());
    assert_eq!(status.code(), Some(3), "stderr: {stderr}");
    // A whole JSON array of the puzzles made, and the count said; a puzzle
    // cut short while its full grid was drawn has a limit record instead.
    let records: serde_json::Value = serde_json::from_str(&stdout).expect("a closed JSON array");
    let (made, cut): (Vec<_>, Vec<_>) = records
        .as_array()
        .unwrap()
        .iter()
        .partition(|record| record.get("givens").is_some());
    assert!(made.len() >= 64, "{}", made.len());
    assert!(cut.iter().all(|r| r["limit"] == "cancelled"), "{cut:?}");
    assert_eq!(
        stderr.trim(),
        format!("interrupted: {} puzzle(s) made", made.len())
    );
}

/// `n` x `n` blanks on one line.
fn blank_line(n: usize) -> String {
    ".".repeat(n * n)
}

#[test]
fn a_timeout_stops_an_explanation_inside_and_keeps_its_steps() {
    // An empty 30x30 takes seconds of techniques and guesses to explain.
    let started = Instant::now();
    let output = sudokit()
        .args(["explain", &blank_line(30), "--boxes", "5x6"])
        .args(["--timeout", "300ms", "--format", "json"])
        .output()
        .expect("sudokit runs");
    let elapsed = started.elapsed();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    assert!(elapsed < Duration::from_secs(3), "took {elapsed:?}");
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one record");
    assert_eq!(
        record["outcome"],
        serde_json::json!({"status": "limit", "reason": "time"})
    );
    assert_eq!(record["grade"], serde_json::Value::Null);
    // The grid holds what the steps placed, and no more.
    let steps = record["steps"].as_array().expect("steps");
    let placed: usize = steps
        .iter()
        .map(|s| s["place"].as_array().unwrap().len())
        .sum();
    let grid = record["grid"].as_str().unwrap();
    assert_eq!(grid.chars().filter(|&c| c != '.').count(), placed);
    assert!(placed > 0 && placed < 900, "{placed}");
}

#[test]
fn explain_prints_each_step_as_found_and_a_closed_stdout_stops_it_at_once() {
    // An empty 35x35 takes seconds to explain; its first step comes at once.
    let (mut child, first) = first_line_then_close(
        sudokit()
            .args(["explain", &blank_line(35), "--boxes", "5x7"])
            .args(["--timeout", "60s", "--format", "line"]),
    );
    let read = Instant::now();
    assert!(first.starts_with("1:1 10.0 Guess: "), "{first}");
    // The reader is gone: the next step cannot be written, the work stops.
    while child.try_wait().unwrap().is_none() {
        assert!(
            read.elapsed() < Duration::from_secs(3),
            "still explaining after stdout closed"
        );
        sleep(Duration::from_millis(20));
    }
    let status = child.wait().unwrap();
    let stderr = read_all(child.stderr.take().unwrap());
    assert_eq!((status.code(), stderr.as_str()), (Some(0), ""));
}

#[test]
fn sigterm_stops_an_explanation_inside_and_prints_its_steps() {
    let mut child = sudokit()
        .args([
            "explain",
            &blank_line(30),
            "--boxes",
            "5x6",
            "--format",
            "line",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    sleep(Duration::from_millis(800));
    let signalled = Instant::now();
    let status = signal_and_wait(&mut child, "TERM");
    let stopped_in = signalled.elapsed();
    let stdout = read_all(child.stdout.take().unwrap());
    assert_eq!(status.code(), Some(3), "{stdout}");
    assert!(stopped_in < Duration::from_secs(2), "took {stopped_in:?}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.last(), Some(&"1: limit:cancelled"));
    // Numbered steps before it, from the first on.
    assert!(lines.len() > 1 && lines[0].starts_with("1:1 "), "{stdout}");
}

/// Whether `grid` (digits 1-9 then A-C) fills a 12x12 grid of 3x4 boxes.
fn fills_12x12(grid: &str) -> bool {
    let digits: Vec<u32> = grid.chars().filter_map(|c| c.to_digit(13)).collect();
    let groups = (0..12).flat_map(|i| {
        let row: Vec<usize> = (0..12).map(|j| i * 12 + j).collect();
        let column: Vec<usize> = (0..12).map(|j| j * 12 + i).collect();
        let (top, left) = (i / 3 * 3, i % 3 * 4);
        let boxed: Vec<usize> = (0..12).map(|j| (top + j / 4) * 12 + left + j % 4).collect();
        [row, column, boxed]
    });
    digits.len() == 144
        && digits.iter().all(|d| (1..=12).contains(d))
        && groups
            .map(|g| g.iter().fold(0u32, |seen, &c| seen | 1 << digits[c]))
            .all(|seen| seen == 0b1_1111_1111_1110)
}

/// Every solution of an empty 12x12 listed: far more than any of these
/// tests waits for.
fn listing_12x12() -> Command {
    let mut command = sudokit();
    command.args([
        "count",
        &blank_line(12),
        "--boxes",
        "3x4",
        "--all",
        "--list",
    ]);
    command
}

#[test]
fn a_listing_streams_its_grids_and_stops_at_the_timeout() {
    let out = tempfile::NamedTempFile::new().unwrap();
    let started = Instant::now();
    let status = listing_12x12()
        .args(["--timeout", "300ms", "--format", "line", "--engine", "fast"])
        .stdout(out.reopen().unwrap())
        .status()
        .expect("sudokit runs");
    let elapsed = started.elapsed();
    assert_eq!(status.code(), Some(3));
    assert!(elapsed < Duration::from_secs(3), "took {elapsed:?}");
    let text = std::fs::read_to_string(out.path()).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    // The count comes last, a lower bound: every grid found is listed.
    let count = lines.pop().and_then(|l| l.strip_suffix('+')).expect("N+");
    assert_eq!(count.parse::<usize>().unwrap(), lines.len());
    assert!(lines.len() > 100, "{}", lines.len());
    assert!(lines.iter().all(|grid| fills_12x12(grid)));
    let distinct: std::collections::HashSet<&&str> = lines.iter().collect();
    assert_eq!(distinct.len(), lines.len());
}

#[test]
fn a_closed_stdout_stops_a_listing_without_a_limit() {
    let (mut child, first) = first_line_then_close(listing_12x12().args(["--format", "json"]));
    let record: serde_json::Value = serde_json::from_str(&first).expect("a record per grid");
    assert_eq!(record["line"], 1);
    assert!(fills_12x12(record["solution"].as_str().unwrap()), "{first}");
    // The reader is gone: the count of this never-ending listing stops.
    let closed = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if closed.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("still listing 10 s after its reader left");
        }
        sleep(Duration::from_millis(20));
    };
    let stderr = read_all(child.stderr.take().unwrap());
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

/// An empty 16x16 jigsaw whose regions are the boxes with a few cells
/// swapped along rows: a first solution takes the engines minutes.
fn hard_jigsaw() -> tempfile::NamedTempFile {
    let mut regions: Vec<Vec<u8>> = (0..16)
        .map(|r| (0..16).map(|c| b'A' + (r / 4 * 4 + c / 4) as u8).collect())
        .collect();
    for r in (0..16).step_by(3) {
        regions[r].swap(3, 4);
    }
    let rows: Vec<String> = regions
        .iter()
        .map(|row| format!("  \"{}\",", String::from_utf8_lossy(row)))
        .collect();
    let mut file = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    writeln!(file, "size = 16\nregions = [\n{}\n]", rows.join("\n")).unwrap();
    file
}

#[test]
fn show_solved_stops_at_its_timeout_and_draws_the_puzzle_unsolved() {
    let jigsaw = hard_jigsaw();
    let path = jigsaw.path().to_str().unwrap();
    let unsolved = sudokit()
        .args(["show", "-f", path, "--format", "svg"])
        .output()
        .unwrap();
    assert_eq!(unsolved.status.code(), Some(0));
    let started = Instant::now();
    let output = sudokit()
        .args(["show", "-f", path, "--format", "svg", "--solved"])
        .args(["--timeout", "500ms", "--engine", "cp"])
        .output()
        .unwrap();
    let elapsed = started.elapsed();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(elapsed < Duration::from_secs(3), "took {elapsed:?}");
    assert!(stderr.starts_with("limit reached (time)"), "{stderr}");
    assert_eq!(output.stdout, unsolved.stdout);
}

#[test]
fn ctrl_c_stops_show_solved_as_it_stops_solve() {
    let jigsaw = hard_jigsaw();
    let mut child = sudokit()
        .args(["show", "-f", jigsaw.path().to_str().unwrap()])
        .args(["--format", "svg", "--solved"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    sleep(Duration::from_millis(500));
    let status = signal_and_wait(&mut child, "INT");
    let stdout = read_all(child.stdout.take().unwrap());
    let stderr = read_all(child.stderr.take().unwrap());
    assert_eq!(status.code(), Some(3), "{stderr}");
    assert!(stderr.starts_with("limit reached (cancelled)"), "{stderr}");
    assert!(stdout.trim_end().ends_with("</svg>"), "{stdout}");
}

#[test]
fn sigterm_mid_batch_leaves_a_record_for_every_line_up_to_the_one_reported() {
    let hardest = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/coursia/Sudoku_hardest.txt"),
    )
    .unwrap();
    let mut batch = tempfile::NamedTempFile::new().unwrap();
    for _ in 0..400 {
        batch.write_all(hardest.as_bytes()).unwrap();
    }
    for (command, answered) in [
        ("grade", "level"),
        ("explain", "steps"),
        ("analyze", "unique"),
    ] {
        let out = tempfile::NamedTempFile::new().unwrap();
        let mut child = sudokit()
            .args([
                command,
                "-f",
                batch.path().to_str().unwrap(),
                "--format",
                "json",
            ])
            .stdout(out.reopen().unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sudokit starts");
        sleep(Duration::from_millis(700));
        let status = signal_and_wait(&mut child, "TERM");
        let stderr = read_all(child.stderr.take().unwrap());
        assert_eq!(status.code(), Some(3), "{command}: {stderr}");
        let reported: usize = stderr
            .trim()
            .strip_prefix("interrupted: stopped after line ")
            .and_then(|line| line.parse().ok())
            .unwrap_or_else(|| panic!("{command}: {stderr}"));
        let records: Vec<serde_json::Value> = std::fs::read_to_string(out.path())
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).expect("a JSON record"))
            .collect();
        // Lines 1 to the one reported, each once, in order: finished ones
        // with their result, the others as stopped by the signal.
        let lines: Vec<u64> = records
            .iter()
            .map(|r| r["line"].as_u64().unwrap())
            .collect();
        assert_eq!(
            lines,
            (1..=reported as u64).collect::<Vec<_>>(),
            "{command}"
        );
        for record in &records {
            let stopped = record["status"] == "limit" && record["limit"] == "cancelled";
            assert!(
                stopped || !record[answered].is_null(),
                "{command}: {record}"
            );
        }
    }
}

#[test]
fn a_reduction_stopped_by_its_timeout_prints_the_puzzle_reduced_so_far() {
    // A full 25x25 grid: unique, and hundreds of givens to try taking away.
    let solved = sudokit()
        .args(["solve", &blank_line(25), "--format", "line"])
        .output()
        .unwrap();
    let grid = String::from_utf8(solved.stdout).unwrap().trim().to_string();
    let reduce = sudokit()
        .args(["reduce", &grid, "--timeout", "200ms"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&reduce.stderr);
    assert_eq!(reduce.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("limit reached (time)"), "{stderr}");
    let reduced = String::from_utf8(reduce.stdout).unwrap().trim().to_string();
    // Some givens taken away, not all, and the rest as in the grid.
    let blanks = reduced.chars().filter(|&c| c == '.').count();
    assert!(blanks > 0 && blanks < 625 - 100, "{blanks} blanks");
    assert!(reduced
        .chars()
        .zip(grid.chars())
        .all(|(kept, full)| kept == '.' || kept == full));
    // Still unique.
    let count = sudokit()
        .args(["count", &reduced, "--max", "2", "--format", "line"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&count.stdout).trim(), "1");
}

/// A TOML batch: a plain 4x4 (4 solutions), a killer 4x4 that `fast`
/// refuses, and another plain 4x4 (1 solution).
const REFUSED_IN_THE_MIDDLE: &str = r#"
[[puzzle]]
size = 4
givens = "12..34..21......"

[[puzzle]]
size = 4
givens = "................"
[[puzzle.cage]]
sum = 3
cells = [[1, 1], [1, 2]]

[[puzzle]]
size = 4
givens = "1234341221434..."
"#;

#[test]
fn a_refused_puzzle_ends_the_batch_after_the_answers_before_it_or_is_skipped() {
    let mut batch = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    batch.write_all(REFUSED_IN_THE_MIDDLE.as_bytes()).unwrap();
    let path = batch.path().to_str().unwrap();
    let run = |command: &str, skip: bool| {
        let mut args = vec![command, "-f", path, "--engine", "fast", "--format", "json"];
        if skip {
            args.push("--skip-invalid");
        }
        let output = sudokit().args(&args).output().unwrap();
        let records: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).expect("a JSON record"))
            .collect();
        let stderr = String::from_utf8_lossy(&output.stderr).to_string();
        (output.status.code(), records, stderr)
    };
    for (command, answered) in [("count", "count"), ("analyze", "solutions")] {
        // Without --skip-invalid: the first puzzle answered, then the error.
        let (code, records, stderr) = run(command, false);
        assert_eq!(code, Some(2), "{command}: {stderr}");
        assert_eq!(records.len(), 1, "{command}: {records:?}");
        assert_eq!(records[0][answered], 4, "{command}");
        assert!(
            stderr.contains("fast does not support"),
            "{command}: {stderr}"
        );
        // With it: an error record in its place, and the batch goes on.
        let (code, records, stderr) = run(command, true);
        assert_eq!(code, Some(0), "{command}: {stderr}");
        let answers: Vec<&serde_json::Value> = records.iter().map(|r| &r[answered]).collect();
        assert_eq!(
            answers,
            [
                &serde_json::json!(4),
                &serde_json::Value::Null,
                &serde_json::json!(1)
            ]
        );
        assert_eq!(records[1]["status"], "error", "{command}");
        // The killer starts on line 6 (the batch starts with a newline).
        assert_eq!(records[1]["line"], 6, "{command}");
        assert!(records[1]["error"]
            .as_str()
            .unwrap()
            .contains("fast does not support"));
        assert!(stderr.starts_with("skipped: "), "{command}: {stderr}");
    }
}

#[test]
fn a_generation_stopped_while_drawing_its_full_grid_prints_a_limit_record() {
    // 12x12: from 16x16 up a full grid is drawn without search.
    let generate = |format: &str| {
        let run = sudokit()
            .args(["generate", "--size", "12", "--seed", "5", "-e", "cp"])
            .args(["--nodes", "1", "--format", format])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
        assert_eq!(run.status.code(), Some(3), "{stderr}");
        assert!(
            stderr.contains("puzzle 1: stopped by the nodes limit"),
            "{stderr}"
        );
        String::from_utf8_lossy(&run.stdout).into_owned()
    };
    let made: serde_json::Value = serde_json::from_str(&generate("json")).expect("JSON");
    assert_eq!(
        made,
        serde_json::json!([{"version": 1, "seed": 5, "index": 0, "status": "limit", "limit": "nodes"}])
    );
    assert_eq!(generate("line"), "limit:nodes\n");
}

#[test]
fn a_generation_stopped_by_its_timeout_prints_the_unique_puzzle_made_so_far() {
    let generate = sudokit()
        .args([
            "generate",
            "--boxes",
            "4x6",
            "--seed",
            "3",
            // Minimal takes seconds here, a unique puzzle alone under one:
            // the limit comes first however fast the machine.
            "--minimal",
            "--timeout",
            "300ms",
        ])
        .args(["--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&generate.stderr);
    assert_eq!(generate.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("puzzle 1: limit reached (time)"),
        "{stderr}"
    );
    let made: serde_json::Value = serde_json::from_slice(&generate.stdout).expect("JSON");
    let [puzzle] = made.as_array().unwrap().as_slice() else {
        panic!("{made}")
    };
    assert_eq!(
        (&puzzle["status"], &puzzle["limit"]),
        (&"limit".into(), &"time".into())
    );
    // Some givens taken away, and the puzzle still unique.
    let clues = puzzle["clues"].as_u64().unwrap();
    assert!(clues > 0 && clues < 24 * 24, "{clues}");
    let mut file = tempfile::Builder::new().suffix(".json").tempfile().unwrap();
    file.write_all(puzzle.to_string().as_bytes()).unwrap();
    let count = sudokit()
        .args(["count", "-f", file.path().to_str().unwrap(), "--max", "2"])
        .args(["--format", "line"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&count.stdout).trim(), "1");
}

#[test]
fn an_unreadable_line_skipped_gets_an_error_record_where_it_stood() {
    let lines = "12..34..21......\n12..34..21.....\n1234341221434...\n";
    let output = sudokit()
        .args(["count", "-", "--skip-invalid", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(lines.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let summary: Vec<(u64, &str, Option<u64>)> = records
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().unwrap(),
                r["status"].as_str().unwrap(),
                r["count"].as_u64(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (1, "solved", Some(4)),
            (2, "error", None),
            (3, "solved", Some(1))
        ]
    );
    assert_eq!(
        records[1]["error"],
        "line 2: expected a square number of cells (16 for 4x4), found 15"
    );
}
