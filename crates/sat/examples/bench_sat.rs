//! Times the `sat` engine alone on a file of 9x9 puzzles with tdoku's
//! protocol (count up to 2, parse first, whole passes until 1 s has passed,
//! every solution checked afterwards), one JSON line out.
//!
//! ```text
//! cargo run --release -p sudokit-sat --features cadical --example bench_sat -- \
//!     FILE [--spec sat:encoding=minimal] [--fresh] [--limit N] [--once]
//! ```
//!
//! By default one prepared solver serves the whole file, each puzzle's
//! givens passed as assumptions; `--fresh` encodes every puzzle anew with
//! its givens as unit clauses (a smaller formula, no reuse).
//!
//! `--once` times a single pass, for instruction counts under
//! `valgrind --tool=callgrind` (where one pass may or may not pass 1 s).
//!
//! `bench_sat --cases KIND [--spec …]` instead times the conformance cases
//! of one kind (`killer`: the cage encodings), each solved 101 times by a
//! fresh solver (so nothing learnt carries over), median per case.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudokit_model::{Engine, Limits, Mode, Outcome, Request};
use sudokit_puzzle::Puzzle;
use sudokit_sat::SatEngine;
use sudokit_verify::check_grid;

const MIN_BENCH_TIME: Duration = Duration::from_secs(1);
const USAGE: &str =
    "usage: bench_sat FILE [--spec sat:OPTION...] [--fresh] [--limit N] [--once]\n       \
                     bench_sat --cases KIND [--spec sat:OPTION...]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if file == "--cases" {
        return time_cases(&args[1..]);
    }
    let (mut spec, mut fresh, mut limit, mut once) = ("sat".to_string(), false, usize::MAX, false);
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        match (flag.as_str(), rest.clone().next()) {
            ("--fresh", _) => fresh = true,
            ("--once", _) => once = true,
            ("--spec", Some(s)) => spec = rest.next().cloned().unwrap_or_else(|| s.clone()),
            ("--limit", Some(n)) if n.parse::<usize>().is_ok() => {
                limit = n.parse().unwrap_or(usize::MAX);
                rest.next();
            }
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let options: Vec<&str> = spec.split(':').skip(1).collect();
    let engine = match SatEngine::from_options(&options) {
        Ok(engine) => engine,
        Err(e) => {
            eprintln!("bench_sat: {e}");
            return ExitCode::from(2);
        }
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("bench_sat: cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let puzzles: Vec<Puzzle> = text
        .lines()
        .map(|line| line.split(',').next().unwrap_or("").trim())
        .filter(|line| line.len() == 81 && !line.starts_with('#'))
        .filter_map(|line| {
            let cells = line
                .bytes()
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect();
            Puzzle::boxed(3, 3, cells).ok()
        })
        .take(limit)
        .collect();
    let Some(first) = puzzles.first() else {
        eprintln!("bench_sat: no 81-cell puzzles in {file}");
        return ExitCode::FAILURE;
    };
    let request = Request::new(Mode::CountUpTo(2)).keeping(1);
    let models: Vec<_> = puzzles.iter().map(Puzzle::to_model).collect();
    let candidates: Vec<Vec<u64>> = puzzles
        .iter()
        .map(|p| {
            let mut cells = Vec::new();
            p.cell_candidates(&mut cells);
            cells
        })
        .collect();
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(puzzles.len());
    let mut passes = 0u64;
    let mut elapsed = Duration::ZERO;
    loop {
        // A new solver each pass (not timed): clauses learnt on a puzzle
        // would otherwise answer it again for free.
        let mut prepared = match engine.prepare(&first.to_model()) {
            Ok(prepared) => prepared,
            Err(e) => {
                eprintln!("bench_sat: {e}");
                return ExitCode::FAILURE;
            }
        };
        // The formula is built by the first solve (under its limits); a
        // solve with no conflict to spend builds it here, untimed, as
        // preparing was before, and searches nothing.
        let build_only = Request::new(Mode::CountUpTo(2)).with_limits(Limits::none().with_fails(0));
        if let Err(e) = prepared
            .load(&candidates[0])
            .and_then(|()| prepared.solve(&build_only))
        {
            eprintln!("bench_sat: {e}");
            return ExitCode::FAILURE;
        }
        outcomes.clear();
        let start = Instant::now();
        for (model, cells) in models.iter().zip(&candidates) {
            let outcome = if fresh {
                engine.solve(model, &request)
            } else {
                prepared.load(cells).and_then(|()| prepared.solve(&request))
            };
            match outcome {
                Ok(outcome) => outcomes.push(outcome),
                Err(e) => {
                    eprintln!("bench_sat: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        elapsed += start.elapsed();
        passes += 1;
        if once || elapsed >= MIN_BENCH_TIME {
            break;
        }
    }
    let (mut unique, mut multiple, mut none, mut decisions, mut conflicts) = (0, 0, 0, 0, 0);
    for (i, (puzzle, outcome)) in puzzles.iter().zip(&outcomes).enumerate() {
        decisions += outcome.stats.nodes.unwrap_or(0);
        conflicts += outcome.stats.fails.unwrap_or(0);
        match outcome.count {
            0 => none += 1,
            1 => unique += 1,
            _ => multiple += 1,
        }
        if let Some(solution) = outcome.first() {
            let grid: Vec<u8> = solution.iter().map(|&d| d as u8).collect();
            if !check_grid(puzzle, &grid).is_valid() {
                eprintln!("bench_sat: puzzle #{} in {file}: invalid solution", i + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let n = puzzles.len();
    let us = elapsed.as_secs_f64() * 1e6 / (passes as f64 * n as f64);
    println!(
        "{{\"engine\":{:?},\"way\":\"{}\",\"file\":{file:?},\"puzzles\":{n},\
         \"us_per_puzzle\":{us:.3},\"decisions_per_puzzle\":{:.2},\"conflicts_per_puzzle\":{:.2},\
         \"unique\":{unique},\"multiple\":{multiple},\"none\":{none}}}",
        engine.name(),
        if fresh { "fresh" } else { "prepared" },
        decisions as f64 / n as f64,
        conflicts as f64 / n as f64,
    );
    ExitCode::SUCCESS
}

/// `--cases KIND [--spec SPEC]`: every conformance case of that kind,
/// counted up to 2 by a fresh solver 101 times; one JSON line per case.
fn time_cases(args: &[String]) -> ExitCode {
    let (Some(kind), spec) = (args.first(), args.get(2).map_or("sat", String::as_str)) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let options: Vec<&str> = spec.split(':').skip(1).collect();
    let Ok(engine) = SatEngine::from_options(&options) else {
        eprintln!("bench_sat: bad spec {spec}");
        return ExitCode::from(2);
    };
    let request = Request::new(Mode::CountUpTo(2)).keeping(1);
    for case in sudokit_conformance::cases()
        .into_iter()
        .filter(|c| &c.kind == kind)
    {
        let model = case.puzzle.to_model();
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..101 {
            let start = Instant::now();
            let outcome = engine.solve(&model, &request);
            times.push(start.elapsed());
            last = Some(outcome);
        }
        times.sort();
        let outcome = match last {
            Some(Ok(outcome)) => outcome,
            Some(Err(e)) => {
                eprintln!("bench_sat: {}: {e}", case.name);
                return ExitCode::FAILURE;
            }
            None => unreachable!("101 solves"),
        };
        let grid: Vec<u8> = outcome
            .first()
            .map_or_else(Vec::new, |s| s.iter().map(|&d| d as u8).collect());
        if outcome.count != case.count.min(2)
            || (!grid.is_empty() && !check_grid(&case.puzzle, &grid).is_valid())
        {
            eprintln!("bench_sat: {}: wrong answer", case.name);
            return ExitCode::FAILURE;
        }
        println!(
            "{{\"engine\":{:?},\"case\":{:?},\"median_us\":{:.1},\"decisions\":{},\"conflicts\":{},\"vars\":{},\"clauses\":{}}}",
            engine.name(),
            case.name,
            times[times.len() / 2].as_secs_f64() * 1e6,
            outcome.stats.nodes.unwrap_or(0),
            outcome.stats.fails.unwrap_or(0),
            outcome.stats.encoding_vars.unwrap_or(0),
            outcome.stats.encoding_constraints.unwrap_or(0),
        );
    }
    ExitCode::SUCCESS
}
