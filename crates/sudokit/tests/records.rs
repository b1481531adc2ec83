//! Every command's `--format json` writes the records of
//! `sudokit_core::records` (docs/RECORDS.md): each line reads as its
//! record and writes back byte for byte, so no field is added, dropped or
//! moved by the command line.

mod common;

use common::{run, run_with};
use serde::de::DeserializeOwned;
use serde::Serialize;
use sudokit_core::records::*;

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const TOP95_1_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// Top95's first puzzle without its last given: several solutions.
const AMBIGUOUS: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........";

/// Each line of `out` that starts as `R` does (JSON arrays' brackets and
/// commas aside), read as `R` and written again, is that line; returns
/// the records.
fn records<R: Serialize + DeserializeOwned>(out: &str) -> Vec<R> {
    out.lines()
        .map(|line| line.trim_end_matches(','))
        .filter(|line| line.starts_with('{'))
        .map(|line| {
            let record: R = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("not the record: {e}\n{line}"));
            let written = serde_json::to_string(&record).expect("a record writes");
            assert_eq!(written, line, "the record writes another line");
            record
        })
        .collect()
}

#[test]
fn solve_count_and_list_write_solve_and_solution_records() {
    let out = run(
        &["solve", &format!("{TOP95_1} top95"), "--format", "json"],
        0,
    );
    let solved: Vec<SolveRecord> = records(&out);
    assert!(out.starts_with(r#"{"version":1,"line":1,"label":"top95","status":"solved","#));
    assert_eq!(solved[0].solution.as_deref(), Some(TOP95_1_SOLVED));
    let out = run(
        &[
            "count", AMBIGUOUS, "--list", "--max", "2", "--format", "json",
        ],
        0,
    );
    let (listed, count) = out
        .trim_end()
        .rsplit_once('\n')
        .expect("two grids, a count");
    assert_eq!(records::<SolutionRecord>(listed).len(), 2);
    let count: Vec<SolveRecord> = records(count);
    assert_eq!((count[0].count, count[0].complete), (2, false));
    let clash = format!("11{}", &TOP95_1[2..]);
    let out = run(&["solve", &clash, "--format", "json", "--stats"], 1);
    let unsolved: Vec<SolveRecord> = records(&out);
    assert_eq!(unsolved[0].status, RecordStatus::Unsatisfiable);
    assert!(unsolved[0].why.is_some() && unsolved[0].stats.is_some());
}

#[test]
fn a_line_passed_over_and_a_stopped_analysis_write_error_and_limit_records() {
    let input = format!("{TOP95_1}\n123\n");
    let (out, _) = run_with(&["solve", "--skip-invalid", "--format", "json"], &input, 0);
    let error: Vec<ErrorRecord> = records(out.lines().nth(1).expect("two records"));
    assert_eq!(
        (error[0].source.line, error[0].status),
        (2, RecordStatus::Error)
    );
    // Stopped before the first solution: nothing found, a limit record.
    let blank_16 = ".".repeat(256);
    let out = run(
        &[
            "analyze", &blank_16, "-e", "cp", "--nodes", "1", "--format", "json",
        ],
        3,
    );
    let stopped: Vec<LimitRecord> = records(&out);
    assert_eq!(stopped[0].limit, Limit::Nodes);
}

#[test]
fn a_stopped_analysis_writes_what_it_had_found() {
    // Counted (one node suffices), then stopped looking for redundant givens.
    let out = run(
        &[
            "analyze", TOP95_1, "-e", "cp", "--nodes", "1", "--format", "json",
        ],
        3,
    );
    let partial: Vec<AnalyzeRecord> = records(&out);
    let partial = &partial[0];
    assert_eq!(
        (partial.status, partial.limit),
        (Some(RecordStatus::Limit), Some(Limit::Nodes))
    );
    assert_eq!((partial.solutions, partial.exact), (1, true));
    assert_eq!(partial.solution.as_deref(), Some(TOP95_1_SOLVED));
    assert_eq!((partial.minimal, &partial.difficulty), (None, &None));
    // Stopped while counting: the solutions found so far.
    let blank = ".".repeat(81);
    let out = run(
        &[
            "analyze", &blank, "-e", "cp", "--nodes", "300", "--format", "json",
        ],
        3,
    );
    let partial: Vec<AnalyzeRecord> = records(&out);
    assert_eq!((partial[0].solutions, partial[0].exact), (258, false));
    assert_eq!(partial[0].limit, Some(Limit::Nodes));
    let line = run(
        &[
            "analyze", &blank, "-e", "cp", "--nodes", "300", "--format", "line",
        ],
        3,
    );
    assert_eq!(line, "258+ ambiguous limit:nodes\n");
    let pretty = run(&["analyze", &blank, "-e", "cp", "--nodes", "300"], 3);
    assert_eq!(
        pretty,
        "line 1: 9x9, 0 givens, at least 258 solutions (counting stopped)\n  \
         stopped by the nodes limit: the rest was not reached\n"
    );
}

#[test]
fn every_batch_command_gives_a_line_passed_over_its_error_record_where_it_stood() {
    for (command, good) in [
        ("analyze", TOP95_1),
        ("reduce", TOP95_1),
        ("explain", TOP95_1),
        ("grade", TOP95_1),
        ("check", TOP95_1_SOLVED),
    ] {
        let input = format!("{good}\n123\n{good}\n");
        let (out, _) = run_with(&[command, "--skip-invalid", "--format", "json"], &input, 0);
        let lines: Vec<&str> = out
            .lines()
            .map(|line| line.trim_end_matches(','))
            .filter(|line| line.starts_with('{'))
            .collect();
        assert_eq!(lines.len(), 3, "{command}: {out}");
        let error: Vec<ErrorRecord> = records(lines[1]);
        assert_eq!(
            (error[0].source.line, error[0].status),
            (2, RecordStatus::Error),
            "{command}"
        );
        assert!(
            error[0]
                .error
                .contains("line 2: expected a square number of cells"),
            "{command}: {}",
            error[0].error
        );
        assert!(lines[2].contains(r#""line":3"#), "{command}: {out}");
    }
}

#[test]
fn analyze_explain_grade_and_check_write_their_records() {
    let analysed: Vec<AnalyzeRecord> = records(&run(&["analyze", TOP95_1, "--format", "json"], 0));
    assert_eq!(analysed[0].minimal, Some(true));
    let out = run(&["explain", TOP95_1, "--format", "json"], 0);
    let explained: Vec<ExplainRecord> = records(&out);
    assert_eq!(explained[0].grid, TOP95_1_SOLVED);
    let graded: Vec<GradeRecord> = records(&run(&["grade", TOP95_1, "--format", "json"], 0));
    assert_eq!(Some(graded[0].grade.clone()), explained[0].grade);
    let checked: Vec<CheckRecord> = records(&run(
        &[
            "check",
            TOP95_1_SOLVED,
            "--puzzle",
            TOP95_1,
            "--format",
            "json",
        ],
        0,
    ));
    assert!(checked[0].valid && checked[0].conflicts.is_empty());
}

#[test]
fn reduce_and_generate_write_their_records_in_an_array() {
    let out = run(&["reduce", TOP95_1, "--format", "json"], 0);
    let reduced: Vec<ReduceRecord> = records(&out);
    assert_eq!(reduced[0].solution.as_deref(), Some(TOP95_1_SOLVED));
    let out = run(
        &[
            "generate", "-n", "2", "--size", "4", "--seed", "3", "--format", "json",
        ],
        0,
    );
    let made: Vec<GenerateRecord> = records(&out);
    assert_eq!(made.iter().map(|m| m.index).collect::<Vec<_>>(), [0, 1]);
}

#[test]
fn engines_and_problem_write_their_records() {
    let engines: Vec<EngineRecord> = records(&run(&["engines", "--format", "json"], 0));
    assert!(engines.iter().any(|e| e.name == "fast" && e.available));
    let out = run(
        &[
            "problem", "queens", "6", "--count", "-e", "cp", "--format", "json",
        ],
        0,
    );
    let problem: Vec<ProblemRecord> = records(&out);
    assert_eq!((problem[0].count, problem[0].complete), (4, true));
}
