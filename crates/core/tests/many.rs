//! The batch entry points (`Many`): every row answered in order with its
//! own record, solutions that match a published solution column, a bad
//! row in the middle answered as an error while the rest go on, and a
//! cancel that keeps the rows done.

use std::path::Path;

use sudokit_core::{AnalyzeOptions, CancelToken, Ended, Kit, Many, RowRecord, Task};

/// The 300 puzzles of data/bench/sudoku.csv with their published solutions
/// (`0` for a blank).
fn table() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/bench/sudoku.csv");
    let text = std::fs::read_to_string(path).expect("data/bench/sudoku.csv is in the repository");
    text.lines()
        .skip(1)
        .map(|line| {
            let mut fields = line.split(',');
            let puzzle = fields.next().expect("a puzzle").to_string();
            let solution = fields.next().expect("a solution").to_string();
            (puzzle, solution)
        })
        .collect()
}

/// Runs `task` over `rows` and collects the records, with the chunks'
/// sizes as `progress` told them.
fn run(many: &Many, task: &Task, rows: &[String]) -> (Vec<RowRecord>, Ended, Vec<usize>) {
    let (mut records, mut told) = (Vec::new(), Vec::new());
    let ended = many
        .run(
            task,
            rows,
            |chunk| records.extend(chunk),
            |done| told.push(done),
        )
        .expect("the task is valid");
    (records, ended, told)
}

#[test]
fn solve_many_answers_every_row_in_order_with_the_published_solution() {
    let table = table();
    assert_eq!(table.len(), 300);
    let puzzles: Vec<String> = table.iter().map(|(p, _)| p.clone()).collect();
    let many = Kit::new("fast").unwrap().many().jobs(2).chunks_of(64);
    let (records, ended, told) = run(&many, &Task::Solve, &puzzles);
    assert_eq!(ended, Ended::Complete);
    assert_eq!(told, [64, 128, 192, 256, 300]);
    assert_eq!(records.len(), 300);
    for (i, (record, (_, published))) in records.iter().zip(&table).enumerate() {
        let RowRecord::Solve(solved) = record else {
            panic!("row {}: {record:?}", i + 1)
        };
        assert_eq!(solved.source.line, i + 1);
        // The answer comes in the digits the puzzle came in (0 blanks).
        assert_eq!(
            solved.solution.as_deref(),
            Some(published.as_str()),
            "row {}",
            i + 1
        );
    }
}

#[test]
fn count_many_gives_exact_counts() {
    // Unique, two solutions (a blank 4x4 has 288), and no solution.
    let x_wing =
        "300200000000107000706030500070009080900020004010800050009040301000702000000008006";
    let rows = [
        x_wing,
        "................",
        "44..............",
        "..2....4.4.3....",
    ];
    let many = Kit::new("auto").unwrap().many().jobs(2);
    let (mut records, mut told) = (Vec::new(), Vec::new());
    let task = Task::Count(None);
    many.run(
        &task,
        rows,
        |chunk| records.extend(chunk),
        |done| told.push(done),
    )
    .unwrap();
    let counts: Vec<(u64, bool, String)> = records
        .iter()
        .map(|record| match record {
            RowRecord::Solve(r) => (r.count, r.complete, format!("{:?}", r.status)),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        counts,
        [
            (1, true, "Solved".into()),
            (288, true, "Solved".into()),
            (0, true, "Unsatisfiable".into()),
            (1, true, "Solved".into()),
        ]
    );
    let RowRecord::Solve(clash) = &records[2] else {
        unreachable!()
    };
    assert_eq!(
        clash.why.as_deref(),
        Some("4 appears twice in row 1: r1c1 and r1c2")
    );
    assert_eq!(told, [4]);
}

#[test]
fn a_bad_row_in_the_middle_is_its_own_error_record_and_the_rest_go_on() {
    let mut puzzles: Vec<String> = table().into_iter().map(|(p, _)| p).take(200).collect();
    puzzles.insert(100, "12345".to_string());
    puzzles.insert(150, String::new());
    let many = Kit::new("fast").unwrap().many().jobs(2).chunks_of(32);
    let (records, ended, _) = run(&many, &Task::Solve, &puzzles);
    assert_eq!(ended, Ended::Complete);
    assert_eq!(records.len(), 202);
    let errors: Vec<(usize, &str)> = records
        .iter()
        .filter_map(|record| match record {
            RowRecord::Error(e) => Some((e.source.line, e.error.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(
        errors,
        [
            (
                101,
                "row 101: expected a square number of cells (4 for 2x2), found 5"
            ),
            (151, "row 151: no puzzle found"),
        ]
    );
    let rows: Vec<usize> = records.iter().map(RowRecord::row).collect();
    assert_eq!(rows, (1..=202).collect::<Vec<_>>());
    let solved = records
        .iter()
        .filter(|r| matches!(r, RowRecord::Solve(s) if s.solution.is_some()))
        .count();
    assert_eq!(solved, 200);
}

#[test]
fn a_cancel_keeps_the_rows_done_in_order() {
    let puzzles: Vec<String> = table().into_iter().map(|(p, _)| p).collect();
    let token = CancelToken::new();
    let many = Kit::new("fast")
        .unwrap()
        .many()
        .jobs(2)
        .chunks_of(50)
        .cancel_with(token.clone());
    let mut records = Vec::new();
    let ended = many
        .run(
            &Task::Solve,
            &puzzles,
            |chunk| records.extend(chunk),
            |done| {
                if done >= 100 {
                    token.cancel();
                }
            },
        )
        .unwrap();
    assert_eq!(ended, Ended::Cancelled);
    // Two chunks were handed on when the cancel came. The workers were
    // already on the third (the runner reads a chunk ahead): its rows
    // taken before the cancel are handed on too, finished or stopped, and
    // no row after it was started.
    let n = records.len();
    assert!((100..=150).contains(&n), "{n} rows handed on");
    assert!(records.iter().enumerate().all(|(i, r)| r.row() == i + 1));
    let answered = |r: &RowRecord| match r {
        RowRecord::Solve(s) => s.solution.is_some() || s.stopped.is_some(),
        _ => false,
    };
    assert!(records.iter().all(answered));
    assert!(records[..100]
        .iter()
        .all(|r| matches!(r, RowRecord::Solve(s) if s.solution.is_some())));
}

#[test]
fn grade_analyze_and_check_many() {
    let x_wing =
        "300200000000107000706030500070009080900020004010800050009040301000702000000008006";
    let rows = [x_wing, "................"];
    let kit = Kit::new("auto").unwrap();
    let (records, _, _) = run(&kit.many(), &Task::Grade, &rows.map(String::from));
    let RowRecord::Grade(graded) = &records[0] else {
        panic!("{:?}", records[0])
    };
    assert_eq!(
        (graded.grade.level.as_str(), graded.grade.steps),
        ("hard", 60)
    );
    let RowRecord::Error(ambiguous) = &records[1] else {
        panic!("{:?}", records[1])
    };
    assert_eq!(ambiguous.error, "row 2: more than one solution");

    let eighteen =
        "41....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let task = Task::Analyze(AnalyzeOptions::default());
    let (records, _, _) = run(&kit.many().first_row(7), &task, &[eighteen.to_string()]);
    let RowRecord::Analyze(analysis) = &records[0] else {
        panic!("{:?}", records[0])
    };
    assert_eq!(analysis.source.line, 7);
    assert_eq!((analysis.unique, analysis.minimal), (true, Some(false)));
    assert_eq!(analysis.redundant, Some(vec!["r1c2".to_string()]));

    let table = table();
    let mut grids: Vec<String> = table.iter().take(10).map(|(_, s)| s.clone()).collect();
    grids[3].replace_range(0..2, "99");
    let (records, _, _) = run(&kit.many(), &Task::Check, &grids);
    let verdicts: Vec<(bool, usize)> = records
        .iter()
        .map(|record| match record {
            RowRecord::Check(c) => (c.valid, c.source.line),
            other => panic!("{other:?}"),
        })
        .filter(|(valid, _)| !valid)
        .collect();
    assert_eq!(verdicts, [(false, 4)]);
}

#[test]
fn a_task_no_row_can_meet_is_refused_before_any_row() {
    let kit = Kit::new("fast").unwrap();
    let rows = ["................"];
    let error = kit
        .many()
        .run(&Task::Count(Some(0)), rows, |_| panic!("no row"), |_| {})
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "up_to must be at least 1 (None counts them all)"
    );
}
