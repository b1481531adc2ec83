//! Times the fast engine's direct API on a puzzle file, with the protocol of
//! `shared/peers/rust-sudoku-bench` (and tdoku's `run_benchmark`): count
//! solutions up to 2, parse first, time whole passes until at least 1 s has
//! elapsed, check every solution afterwards, print one JSON line.
//!
//! ```text
//! RUSTFLAGS="-C target-cpu=native" cargo run --release -p sudokit-fast --example bench_file -- FILE [--mode first|unique] [--passes N]
//! ```
//!
//! `best_pass_us_per_puzzle` is the fastest pass alone: on a busy machine
//! it moves less than the mean, for comparing two builds (the peers report
//! means, so ratios against them use `us_per_puzzle`).
//!
//! `--passes N` runs exactly N passes instead of timing for 1 s, so that
//! `perf stat -e instructions` counts the same work on every run. The line
//! names the instruction set level the search ran at (`SUDOKIT_FAST_LEVEL`
//! chooses another that the CPU runs, e.g. `scalar`).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudokit_fast::{instruction_level, solve_digits};
use sudokit_model::Limits;
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

const MIN_BENCH_TIME: Duration = Duration::from_secs(1);
const USAGE: &str = "usage: bench_file FILE [--mode first|unique] [--passes N]";

/// 81 cells, `.` or `0` blank; `#` lines, empty lines and anything else skipped.
fn parse_line(line: &str) -> Option<[u8; 81]> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let field = line.split(',').next().unwrap_or("").trim();
    if field.len() != 81 || field.starts_with('#') {
        return None;
    }
    let mut cells = [0u8; 81];
    for (cell, byte) in cells.iter_mut().zip(field.bytes()) {
        *cell = match byte {
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(cells)
}

/// Judged by the shared verifier, like every answer sudokit gives.
fn valid(puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
    Puzzle::boxed(3, 3, puzzle.to_vec()).is_ok_and(|p| check_grid(&p, grid).is_valid())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let (mut cap, mut fixed_passes) = (2, None);
    for pair in args.get(1..).unwrap_or_default().chunks(2) {
        match pair {
            [flag, mode] if flag == "--mode" && mode == "unique" => cap = 2,
            [flag, mode] if flag == "--mode" && mode == "first" => cap = 1,
            [flag, n] if flag == "--passes" && n.parse::<u64>().is_ok_and(|n| n > 0) => {
                fixed_passes = n.parse().ok();
            }
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let text = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("bench_file: cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let puzzles: Vec<[u8; 81]> = text.lines().filter_map(parse_line).collect();
    if puzzles.is_empty() {
        eprintln!("bench_file: no 81-cell puzzles in {file}");
        return ExitCode::FAILURE;
    }
    let limits = Limits::none();
    let n = puzzles.len();
    let mut results = Vec::with_capacity(n);
    let mut passes = 0u64;
    let mut best_pass = Duration::MAX;
    let start = Instant::now();
    let elapsed = loop {
        let pass = Instant::now();
        results.clear();
        for p in &puzzles {
            results.push(solve_digits(p, cap, &limits));
        }
        best_pass = best_pass.min(pass.elapsed());
        passes += 1;
        let elapsed = start.elapsed();
        if fixed_passes.map_or(elapsed >= MIN_BENCH_TIME, |n| passes >= n) {
            break elapsed;
        }
    };
    let (mut unique, mut multiple, mut none) = (0, 0, 0);
    let (mut guesses, mut branches) = (0u64, 0u64);
    for (i, (p, r)) in puzzles.iter().zip(&results).enumerate() {
        guesses += r.guesses;
        branches += r.branches;
        match r.count {
            0 => none += 1,
            1 => unique += 1,
            _ => multiple += 1,
        }
        if let Some(solution) = &r.solution {
            if !valid(p, solution) {
                eprintln!("bench_file: puzzle #{} in {file}: invalid solution", i + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let us = elapsed.as_secs_f64() * 1e6 / (passes as f64 * n as f64);
    let best_us = best_pass.as_secs_f64() * 1e6 / n as f64;
    println!(
        "{{\"engine\":\"sudokit-fast\",\"file\":{file:?},\"puzzles\":{n},\"mode\":\"{}\",\
         \"us_per_puzzle\":{us:.3},\"best_pass_us_per_puzzle\":{best_us:.3},\"puzzles_per_sec\":{:.1},\"guesses_per_puzzle\":{:.2},\"branches_per_puzzle\":{:.2},\
         \"solved\":{},\"unique\":{unique},\"multiple\":{multiple},\"none\":{none},\
         \"level\":\"{}\"}}",
        if cap == 2 { "unique" } else { "first" },
        1e6 / us,
        guesses as f64 / n as f64,
        branches as f64 / n as f64,
        n - none,
        instruction_level(),
    );
    ExitCode::SUCCESS
}
