//! Every command of the command line, done through the facade alone: one
//! test per command, each asserting the exact answer the CLI gives for the
//! same puzzle (a verified solution, a count, an analysis, a grade, an
//! error message), and one test that runs the CLI itself beside the facade.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sudokit_core::{
    cell_name, certify, check, engines, export, read_file, read_graph, read_grid, read_options,
    read_puzzle, read_text, show, Budget, CancelToken, CountOptions, Error, ExplainRequest,
    ExportEncoding, ExportOptions, ExportTarget, GenerateRequest, Hint, Kit, Level, LimitKind,
    Puzzle, ReduceOptions, Reply, ShowForm, Status, Symmetry, Technique,
};

/// Norvig's top95 #1, the README's first puzzle.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Its one solution, as `sudokit solve` prints it.
const TOP95_1_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// The README's X-Wing puzzle.
const X_WING: &str =
    "300200000000107000706030500070009080900020004010800050009040301000702000000008006";

/// A file of the repository's `data/`.
fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(path)
}

fn puzzle(text: &str) -> Puzzle {
    read_puzzle(text, &read_options()).expect("a puzzle").puzzle
}

fn file_puzzle(path: &str) -> Puzzle {
    let text = std::fs::read_to_string(data(path)).expect("the example is there");
    puzzle(&text)
}

/// A grid of up to 9x9 as one line of digits.
fn line(grid: &[u8]) -> String {
    grid.iter().map(|&d| char::from(b'0' + d)).collect()
}

fn kit(spec: &str) -> Kit {
    Kit::new(spec).expect("the engine builds")
}

#[test]
fn solve_gives_the_verified_solution() {
    let answer = kit("auto").solve(&puzzle(TOP95_1)).unwrap();
    assert_eq!(answer.status, Status::Solved);
    assert_eq!(answer.delegate, Some("fast"));
    assert_eq!(line(&answer.grids[0]), TOP95_1_SOLUTION);
}

#[test]
fn solve_of_clashing_givens_is_no_solution_with_the_reason() {
    let clash = puzzle(&format!("4{}", &TOP95_1[..80]));
    let answer = kit("auto").solve(&clash).unwrap();
    assert_eq!((answer.status, answer.count), (Status::Unsatisfiable, 0));
    assert_eq!(
        sudokit_core::no_solution(answer.clash.as_ref()),
        "no solution: 4 appears twice in row 1: r1c1 and r1c2"
    );
}

#[test]
fn count_lists_every_solution_as_it_is_found() {
    let zones = file_puzzle("examples/zones3.toml");
    let listed = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&listed);
    let options = CountOptions::up_to(1000).each(move |grid| sink.lock().unwrap().push(line(grid)));
    let answer = kit("auto").count(&zones, &options).unwrap();
    assert_eq!((answer.count, answer.complete), (2, true));
    let mut listed = listed.lock().unwrap().clone();
    listed.sort();
    assert_eq!(listed, ["132321213", "231312123"]);
    let error = kit("auto")
        .count(&zones, &CountOptions::up_to(0))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "--max must be at least 1 (use --all for no cap)"
    );
}

#[test]
fn certify_proves_the_count_and_writes_its_bundle() {
    let kit = kit("auto");
    let budget = Budget::default();
    let unique = puzzle(TOP95_1);
    let answer = kit
        .count(&unique, &CountOptions::up_to(1000).keeping(1000))
        .unwrap();
    let certified = certify(&unique, &answer, &budget);
    let record = &certified.record;
    assert!(record.certified, "{record:?}");
    assert_eq!((record.claim.as_str(), &record.reason), ("unique", &None));
    // The bundle is the CNF the record counts and the proof of its lemmas.
    let bundle = certified.bundle(&unique, &answer);
    let names: Vec<_> = bundle.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names,
        [
            "README.txt",
            "puzzle.toml",
            "solutions.txt",
            "puzzle.cnf",
            "proof.drat"
        ]
    );
    let header = format!(
        "p cnf {} {}",
        record.variables.unwrap(),
        record.clauses.unwrap()
    );
    assert!(
        bundle[3].1.lines().any(|line| line == header),
        "no {header:?} in the CNF"
    );
    assert_eq!(bundle[4].1.len() as u64, record.proof_bytes.unwrap());
    let solution = sudokit_formats::grid_to_line(9, &answer.grids[0]);
    assert_eq!(bundle[2].1, format!("{solution}\n"));

    // A count a cap cut short is not put to proof, and the record says so.
    let two = file_puzzle("examples/zones3.toml");
    let capped = kit.count(&two, &CountOptions::up_to(1).keeping(1)).unwrap();
    let certified = certify(&two, &capped, &budget);
    assert!(!certified.record.certified);
    assert!(certified.bundle(&two, &capped).is_empty());
    assert_eq!(
        certified.record.reason.as_deref(),
        Some("the count is not complete: a cap or a limit stopped it")
    );
}

#[test]
fn check_names_the_given_that_was_changed() {
    let rules = puzzle(&format!("5{}", &TOP95_1[1..]));
    let grid = read_grid(TOP95_1_SOLUTION, Some(&rules)).unwrap();
    let report = check(&grid, Some(&rules)).unwrap();
    assert_eq!(report.errors(), 1);
    assert_eq!(report.to_string(), "given 5 at r1c1 was changed to 4");
    let plain = read_grid(TOP95_1_SOLUTION, None).unwrap();
    assert!(check(&plain, None).unwrap().is_valid());
}

#[test]
fn analyze_finds_where_two_solutions_differ_and_the_clues_that_decide() {
    let open = puzzle(&format!(".{}", &TOP95_1[1..]));
    let analysis = kit("auto")
        .analyze(&open, &Default::default())
        .unwrap()
        .done()
        .expect("no limit");
    assert_eq!((analysis.solutions, analysis.exact), (1000, false));
    let names =
        |cells: &[usize]| -> Vec<String> { cells.iter().map(|&c| cell_name(c, 9)).collect() };
    assert_eq!(
        names(&analysis.differing.unwrap()).join(" "),
        "r5c1 r5c6 r5c9 r6c1 r6c6 r6c7 r9c7 r9c9"
    );
    let clues: Vec<String> = analysis
        .completion
        .unwrap()
        .iter()
        .map(|&(cell, digit)| format!("{}={digit}", cell_name(cell, 9)))
        .collect();
    assert_eq!(clues.join(" "), "r1c5=2 r2c1=8 r4c5=9 r5c1=3 r5c9=2");
    let options = sudokit_core::AnalyzeOptions {
        cap: 1,
        ..Default::default()
    };
    let error = kit("auto").analyze(&open, &options).unwrap_err();
    assert_eq!(
        error.to_string(),
        "--max must be at least 2 to tell a unique puzzle"
    );
}

#[test]
fn reduce_takes_away_the_redundant_given() {
    let redundant = puzzle(&format!("41{}", &TOP95_1[2..]));
    let reduced = kit("auto")
        .reduce(&redundant, &ReduceOptions::default())
        .unwrap()
        .done()
        .expect("unique");
    assert_eq!(reduced.removed, 1);
    assert_eq!(reduced.puzzle, puzzle(TOP95_1));
    assert_eq!(line(&reduced.solution), TOP95_1_SOLUTION);
    let many = puzzle(&format!(".{}", &TOP95_1[1..]));
    assert_eq!(
        kit("auto")
            .reduce(&many, &ReduceOptions::default())
            .unwrap(),
        Reply::NotUnique
    );
    let rot90 = ReduceOptions {
        symmetry: Symmetry::Rot90,
        ..Default::default()
    };
    let error = kit("auto").reduce(&redundant, &rot90).unwrap_err();
    assert!(matches!(error, Error::Invalid(_)), "{error}");
}

#[test]
fn generate_makes_the_puzzles_of_the_seed() {
    let request = GenerateRequest::default().count(2).minimal().seed(1);
    let run = kit("auto").generate(&request).unwrap();
    let lines: Vec<String> = run
        .puzzles
        .into_iter()
        .map(|reply| line(reply.done().expect("made").puzzle.givens()).replace('0', "."))
        .collect();
    assert_eq!(
        lines,
        [
            "...42.7....1.8...5.....59.21......8.72..13....6.......8.9.47.2..1...6..9.......43",
            "1..9..6...8...3....76..8..96.....4.2.478.........67......2...46.....93....5...7..",
        ]
    );
}

#[test]
fn generate_takes_the_variants_and_measures_as_json_records_do() {
    let mut request = GenerateRequest::default().diagonals().seed(3);
    request.measure = true;
    let made = kit("auto").generate(&request).unwrap().puzzles.remove(0);
    let made = made.done().expect("made");
    assert!(made.puzzle.diagonals());
    assert_eq!(
        line(made.puzzle.givens()).replace('0', "."),
        ".......6.....9...87...5.423..........1...87..97..6...2....2......3...........3..5"
    );
    assert_eq!(made.difficulty.map(|d| d.guesses), Some(18));
    let grade = made.grade.expect("measured");
    assert_eq!((grade.level, grade.steps), (Level::Extreme, 153));
}

#[test]
fn generate_refuses_what_no_puzzle_can_meet() {
    let error = |request: GenerateRequest| kit("auto").generate(&request).unwrap_err().to_string();
    assert_eq!(
        error(GenerateRequest::default().clues(16)),
        "--clues 16 is below what a unique puzzle of this kind needs: 17 \
         (no 16-clue 9x9 Sudoku has a unique solution: McGuire, Tugemann, Civario 2012)"
    );
    assert_eq!(
        error(GenerateRequest::default().size(7)),
        "a 7x7 grid has no boxes (7 is prime): add --latin or --jigsaw"
    );
    assert_eq!(
        error(GenerateRequest::default().boxes(2, 3).latin()),
        "--boxes cannot be used with --latin: each sets the layout"
    );
    assert_eq!(
        error(
            GenerateRequest::default()
                .jigsaw()
                .symmetry(Symmetry::Rot180)
        ),
        "random jigsaw regions have no rot180 symmetry: use --symmetry none"
    );
    for hostile in [
        GenerateRequest::default().size(0),
        GenerateRequest::default().size(101).latin(),
        GenerateRequest::default().boxes(5, 21),
        // Refused before a single cell is made: no memory runs out.
        GenerateRequest::default().size(100_000).latin(),
        GenerateRequest::default().boxes(usize::MAX, 2),
    ] {
        let said = error(hostile.clone());
        assert!(
            said.starts_with("--size ") || said.contains("no boxes"),
            "{hostile:?}: {said}"
        );
    }
    assert_eq!(
        error(GenerateRequest::default().boxes(0, 3)),
        "--boxes 0x3: expected RxC, e.g. 2x3"
    );
    let like = GenerateRequest::default().like(file_puzzle("examples/zones3.toml"));
    let made = kit("auto")
        .generate(&like.seed(5))
        .unwrap()
        .puzzles
        .remove(0);
    let made = made.done().expect("made");
    assert_eq!(made.puzzle.extra_groups().len(), 3);
}

#[test]
fn explain_gives_the_steps_and_the_hint() {
    let x_wing = puzzle(X_WING);
    let kit = kit("auto");
    let explained = kit
        .explain(&x_wing, &ExplainRequest::default())
        .unwrap()
        .done()
        .expect("no limit");
    let steps = &explained.explanation.steps;
    assert_eq!(steps.len(), 60);
    assert_eq!(
        steps[21].to_string(),
        "X-Wing: 5 in columns 3 and 5 can only go in rows 2 and 4 => r2c1<>5, r2c2<>5, r4c1<>5"
    );
    assert_eq!(
        sudokit_core::grade_text(explained.finished_grade().unwrap()),
        "hard (SE 3.2, EP 1.2, ED 1.2): needs X-Wing, 60 steps"
    );
    let hint = kit
        .hint(&x_wing, Technique::ALL)
        .unwrap()
        .done()
        .expect("no limit");
    assert!(matches!(&hint, Hint::Look(step) if step.technique == Technique::HiddenSingle));
    assert_eq!(
        hint.to_string(),
        "look for a hidden single (SE 1.2) in box 1"
    );
    let singles = sudokit_core::techniques_named(&["hidden single", "naked single"]).unwrap();
    let pairs = [Technique::NakedPair];
    let pair = kit.hint(&x_wing, &pairs).unwrap().done().expect("no limit");
    assert_eq!(pair.to_string(), "look for a naked pair (SE 3.0) in row 7");
    let nothing = kit.hint(&x_wing, &[]).unwrap().done().expect("no limit");
    assert_eq!(nothing, Hint::Guess);
    let stuck = kit
        .explain(
            &x_wing,
            &ExplainRequest::default().techniques(singles).no_guess(),
        )
        .unwrap()
        .done()
        .expect("no limit");
    assert_eq!(
        stuck.explanation.outcome,
        sudokit_core::ExplanationOutcome::Stuck
    );
}

#[test]
fn grade_reads_a_file_and_grades_as_the_cli_does() {
    let kit = kit("auto");
    let graded: Vec<String> = read_file(&data("examples/puzzles.txt"), &read_options())
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let said = match kit.grade(&entry.puzzle).unwrap() {
                Reply::Done(grade) => sudokit_core::grade_text(&grade),
                Reply::NotUnique => "not graded, more than one solution".to_string(),
                other => format!("{other:?}"),
            };
            format!("line {}: {said}", entry.line)
        })
        .collect();
    assert_eq!(
        graded,
        [
            "line 5: easy (SE 1.2, EP 1.2, ED 1.2): needs Hidden single, 49 steps",
            "line 6: easy (SE 1.2, EP 1.2, ED 1.2): needs Hidden single, 51 steps",
            "line 7: medium (SE 2.6, EP 1.2, ED 1.2): needs Locked candidates, 71 steps",
            "line 8: medium (SE 2.6, EP 1.2, ED 1.2): needs Locked candidates, 72 steps",
            "line 9: medium (SE 2.6, EP 1.2, ED 1.2): needs Locked candidates, 67 steps",
            "line 10: not graded, more than one solution",
        ]
    );
}

#[test]
fn show_prints_every_form_and_reads_back() {
    let killer = read_puzzle(
        &std::fs::read_to_string(data("examples/killer9.toml")).unwrap(),
        &read_options(),
    )
    .unwrap();
    for form in [ShowForm::Toml, ShowForm::Json] {
        let text = show(&killer.puzzle, killer.digits, form);
        assert_eq!(puzzle(&text), killer.puzzle, "{form:?}");
    }
    let svg = show(&killer.puzzle, killer.digits, ShowForm::Svg);
    assert!(svg.starts_with("<svg") && svg.contains("stroke-dasharray"));
    let top = read_puzzle(TOP95_1, &read_options()).unwrap();
    assert_eq!(show(&top.puzzle, top.digits, ShowForm::Line), TOP95_1);
    let (solved, answer) = kit("cp").draw_solved(&killer.puzzle).unwrap();
    assert_eq!(answer.status, Status::Solved);
    assert!(solved.len() > svg.len());
}

#[test]
fn export_writes_the_course_encodings() {
    let zones = file_puzzle("examples/zones3.toml");
    let minimal = ExportOptions::new(ExportTarget::Dimacs).encoding(ExportEncoding::Minimal);
    let cnf = export(&zones, &minimal).unwrap();
    let header: Vec<&str> = cnf
        .lines()
        .filter(|l| !l.starts_with('c'))
        .take(3)
        .collect();
    assert_eq!(header, ["p cnf 25 78", "-1 -4 0", "-1 -7 0"]);
    let smt = export(&zones, &ExportOptions::new(ExportTarget::Smt2)).unwrap();
    assert!(smt.ends_with(
        "(check-sat)\n(get-value (r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3))\n(pop 1)\n"
    ));
    let mzn = export(&zones, &ExportOptions::new(ExportTarget::Mzn)).unwrap();
    assert!(mzn.contains("alldifferent"));
    let wrong = ExportOptions::new(ExportTarget::Smt2).encoding(ExportEncoding::Minimal);
    assert_eq!(
        export(&zones, &wrong).unwrap_err().to_string(),
        "--encoding minimal does not apply to --to smt2 (it takes int, bv, bv-subst, bv-tactic)"
    );
}

#[test]
fn problem_solves_queens_latin_squares_and_colourings() {
    let cp = kit("cp");
    assert_eq!(cp.queens(8, true).unwrap().count, 92);
    let one = cp.queens(8, false).unwrap();
    assert_eq!((one.status, one.solutions[0].len()), (Status::Solved, 8));
    assert_eq!(cp.latin(5, false).unwrap().objective, Some(192));
    let diagonal = cp.latin(5, true).unwrap();
    assert_eq!(
        (diagonal.status, diagonal.objective),
        (Status::Optimal, Some(5))
    );
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../cp/examples/data/myciel3.col"),
    )
    .unwrap();
    let graph = read_graph(&text).unwrap();
    assert_eq!(cp.colour(&graph, None).unwrap().objective, Some(4));
    assert_eq!(
        cp.colour(&graph, Some(3)).unwrap().status,
        Status::Unsatisfiable
    );
    assert_eq!(
        cp.queens(129, false).unwrap_err().to_string(),
        "the board size must be between 1 and 128, not 129"
    );
    assert!(matches!(
        kit("fast").queens(4, false),
        Err(Error::Refused(_))
    ));
}

#[test]
fn engines_lists_the_catalogue_with_the_ones_that_need_nothing_available() {
    let listed = engines();
    let names: Vec<&str> = listed.iter().map(|e| e.name).collect();
    assert_eq!(
        names,
        ["auto", "fast", "cp", "backtrack", "sat", "z3", "choco"]
    );
    for engine in listed
        .iter()
        .filter(|e| e.name != "z3" && e.name != "choco")
    {
        assert!(engine.is_available(), "{}", engine.name);
    }
    let spec = sudokit_core::EngineSpec::new("cp")
        .var("dom-wdeg")
        .val("max");
    assert_eq!(kit(&spec.to_string()).engine_name(), "cp:dom-wdeg:val=max");
}

#[test]
fn bad_input_and_refusals_are_told_apart_in_the_cli_words() {
    let bad = read_puzzle(&format!("{}z.", &TOP95_1[..79]), &read_options()).unwrap_err();
    assert!(matches!(bad, Error::Input(_)));
    assert_eq!(
        bad.to_string(),
        "line 1: digit 'z' (35) at r9c8 is out of range for a 9x9 grid (1 to 9)"
    );
    let killer = file_puzzle("examples/killer9.toml");
    let refused = kit("fast").solve(&killer).unwrap_err();
    assert!(matches!(refused, Error::Refused(_)));
    assert_eq!(
        refused.to_string(),
        "fast does not support killer cages and other linear constraints (use --engine cp)"
    );
    let option = Kit::new("cp:sideways").unwrap_err().to_string();
    assert!(
        option.starts_with("cp: unknown option `sideways`; valid: var="),
        "{option}"
    );
    let entries: Vec<String> = read_text("..2....4.4.3....\n..2..!.4.4.3....\n", &read_options())
        .map(|e| e.map_or_else(|e| e.to_string(), |e| e.line.to_string()))
        .collect();
    assert_eq!(entries, ["1", "line 2: unknown character '!' at r2c2"]);
}

/// An engine that answers every puzzle with a grid of ones.
struct Liar;

impl sudokit_core::Engine for Liar {
    fn name(&self) -> String {
        "liar".into()
    }

    fn capabilities(&self) -> sudokit_model::Capabilities {
        sudokit_model::Capabilities {
            constraints: &[sudokit_model::ConstraintKind::AllDifferent],
            optimizes: false,
            limits: &[],
        }
    }

    fn solve(
        &self,
        model: &sudokit_model::Model,
        request: &sudokit_model::Request,
    ) -> Result<sudokit_model::Outcome, sudokit_model::EngineError> {
        let ones = vec![1; model.vars().len()];
        let end = sudokit_model::SearchEnd::Capped;
        Ok(sudokit_model::Outcome::finished(
            end,
            request.mode,
            1,
            vec![ones],
        ))
    }
}

#[test]
fn an_engine_that_lies_is_caught_by_the_verifier() {
    let liar = Kit::with_engine(Box::new(Liar));
    let error = liar.solve(&puzzle("..2....4.4.3....")).unwrap_err();
    assert!(matches!(error, Error::WrongAnswer { .. }));
    assert_eq!(
        error.to_string(),
        "internal error: liar gave a wrong answer: solution 1 breaks the puzzle \
         (16 error(s)), first: given 2 at r1c3 was changed to 1"
    );
}

#[test]
fn limits_are_answers_with_a_status() {
    let hardest =
        puzzle("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.");
    let nodes = kit("backtrack").with_budget(Budget::none().nodes(10));
    let answer = nodes.solve(&hardest).unwrap();
    assert_eq!(answer.status, Status::LimitReached(LimitKind::Nodes));
    let token = CancelToken::new();
    token.cancel();
    let cancelled = kit("auto").with_budget(Budget::none().cancel(token));
    assert_eq!(
        cancelled.analyze(&hardest, &Default::default()).unwrap(),
        Reply::Stopped(LimitKind::Cancelled)
    );
    let timed = kit("cp").with_budget(Budget::none().timeout(Duration::ZERO));
    assert_eq!(
        timed.grade(&hardest).unwrap(),
        Reply::Stopped(LimitKind::Time)
    );
}

#[test]
fn a_kit_is_shared_between_threads_and_answers_cross_them() {
    fn shared<T: Send + Sync + Clone>(_: &T) {}
    fn sent<T: Send>() {}
    sent::<sudokit_core::Entries>();
    sent::<Result<sudokit_core::Answer, Error>>();
    sent::<Reply<sudokit_core::Analysis>>();
    sent::<Reply<sudokit_core::Explained>>();
    sent::<sudokit_core::Generation>();
    let kit = kit("fast");
    shared(&kit);
    let top = puzzle(TOP95_1);
    let grids: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                let kit = kit.clone();
                let top = &top;
                scope.spawn(move || line(&kit.solve(top).unwrap().grids[0]))
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    assert_eq!(grids, [TOP95_1_SOLUTION, TOP95_1_SOLUTION]);
}

/// The CLI binary of this target folder, when it has been built
/// (`cargo build -p sudokit --profile quick-release`).
fn cli_binary() -> Option<PathBuf> {
    let test = std::env::current_exe().ok()?;
    let binary = test.parent()?.parent()?.join("sudokit");
    binary.is_file().then_some(binary)
}

#[test]
fn the_facade_answers_as_the_cli_does() {
    let Some(binary) = cli_binary() else {
        assert!(
            std::env::var_os("SUDOKIT_REQUIRE_CLI").is_none(),
            "SUDOKIT_REQUIRE_CLI is set and the sudokit binary is not built"
        );
        eprintln!("skipped: the facade against the CLI: build it with cargo build -p sudokit --profile quick-release");
        return;
    };
    let file = data("examples/puzzles.txt");
    let output = std::process::Command::new(binary)
        .args(["solve", "--count", "2", "--format", "line", "-f"])
        .arg(&file)
        .output()
        .unwrap();
    let cli = String::from_utf8(output.stdout).unwrap();
    let kit = kit("auto");
    let facade: String = read_file(&file, &read_options())
        .unwrap()
        .map(|entry| {
            let answer = kit
                .count(&entry.unwrap().puzzle, &CountOptions::up_to(2))
                .unwrap();
            let unique = match answer.count {
                1 => "unique",
                _ => "2+-solutions",
            };
            format!("{} {unique}\n", line(&answer.grids[0]))
        })
        .collect();
    assert_eq!(facade, cli);
}
