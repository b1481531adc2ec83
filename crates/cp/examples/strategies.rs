//! Compares cp strategies on 9x9 puzzle files: per strategy, the median and
//! 95th-percentile time per puzzle (engine build + search, counting solutions
//! up to 2 as the uniqueness check) and the median / p95 / mean nodes.
//!
//! ```text
//! cargo run --release -p sudokit-cp --example strategies -- \
//!     [--first] [--limit N] [--repeat R] [--timeout-ms T] [--strategies spec;spec;...] FILE...
//! ```
//!
//! `--repeat R` solves each puzzle R times and keeps its fastest time, which
//! filters out the hiccups of a shared machine.
//!
//! A spec is the part after `cp:`, e.g. `dom-wdeg:luby:ac`. Lines of 81
//! characters (`.` or `0` blank) are puzzles; `#` lines are skipped.

use std::time::{Duration, Instant};

use sudokit_cp::CpEngine;
use sudokit_model::{Engine, Limits, Mode, Request, Status};
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

const DEFAULT_STRATEGIES: &str = "input-order;first-fail;dom-deg;dom-wdeg;chs;var=random;\
first-fail:fc;first-fail:singles;dom-wdeg:fc;dom-wdeg:singles;\
first-fail:val=max;first-fail:val=middle;first-fail:val=random;\
dom-wdeg:luby;dom-wdeg:geometric;chs:luby;var=random:luby";

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut first, mut limit, mut timeout, mut repeat) = (false, usize::MAX, 10_000u64, 1usize);
    let mut strategies = DEFAULT_STRATEGIES.to_string();
    let mut files = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--first" => first = true,
            "--limit" => limit = args.next().and_then(|v| v.parse().ok()).expect("--limit N"),
            "--timeout-ms" => {
                timeout = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--timeout-ms T")
            }
            "--strategies" => strategies = args.next().expect("--strategies spec;spec"),
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--repeat R");
                repeat = repeat.max(1);
            }
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        eprintln!(
            "usage: strategies [--first] [--limit N] [--repeat R] [--timeout-ms T] [--strategies a;b] FILE..."
        );
        std::process::exit(2);
    }
    let mode = if first {
        Mode::First
    } else {
        Mode::CountUpTo(2)
    };
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let puzzles: Vec<Puzzle> = text
            .lines()
            .map(|l| l.trim_end_matches('\r'))
            .filter(|l| l.len() == 81 && !l.starts_with('#'))
            .take(limit)
            .map(|l| {
                let givens = l
                    .bytes()
                    .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                    .collect();
                Puzzle::boxed(3, 3, givens).expect("a 9x9 line")
            })
            .collect();
        let name = file.rsplit('/').next().unwrap_or(file);
        println!(
            "\n{name}: {} puzzles, mode {mode:?}, timeout {timeout} ms, best of {repeat}",
            puzzles.len()
        );
        println!(
            "{:<26} {:>10} {:>10} {:>10} {:>8} {:>8} {:>9} {:>9} {:>8}",
            "strategy",
            "median ms",
            "p95 ms",
            "total s",
            "nodes½",
            "nodes95",
            "nodes avg",
            "props avg",
            "unsolved"
        );
        for spec in strategies.split(';').filter(|s| !s.is_empty()) {
            let parts: Vec<&str> = spec.split(':').collect();
            let engine = CpEngine::from_options(&parts).unwrap_or_else(|e| panic!("{spec}: {e}"));
            let (mut times, mut nodes, mut unsolved) = (Vec::new(), Vec::new(), 0);
            let mut propagations = 0u64;
            for puzzle in &puzzles {
                let model = puzzle.to_model();
                let request = Request::new(mode)
                    .with_limits(Limits::none().with_timeout(Duration::from_millis(timeout)));
                let mut best = Duration::MAX;
                let mut outcome = None;
                for _ in 0..repeat {
                    let start = Instant::now();
                    let o = engine
                        .solve(&model, &request)
                        .expect("cp handles classic grids");
                    best = best.min(start.elapsed());
                    outcome = Some(o);
                }
                let outcome = outcome.expect("at least one run");
                times.push(best);
                nodes.push(outcome.stats.nodes.unwrap_or_default());
                propagations += outcome.stats.propagations.unwrap_or_default();
                match (outcome.status, outcome.first()) {
                    (Status::Solved, Some(s)) => {
                        let grid: Vec<u8> = s.iter().map(|&v| v as u8).collect();
                        assert!(check_grid(puzzle, &grid).is_valid(), "{spec}: invalid grid");
                    }
                    _ => unsolved += 1,
                }
            }
            let total: Duration = times.iter().sum();
            times.sort();
            nodes.sort();
            let mean_nodes = nodes.iter().sum::<u64>() as f64 / nodes.len().max(1) as f64;
            println!(
                "{:<26} {:>10.3} {:>10.3} {:>10.3} {:>8} {:>8} {:>9.1} {:>9.0} {:>8}",
                engine.name(),
                pct(&times, 50).as_secs_f64() * 1e3,
                pct(&times, 95).as_secs_f64() * 1e3,
                total.as_secs_f64(),
                pct(&nodes, 50),
                pct(&nodes, 95),
                mean_nodes,
                propagations as f64 / nodes.len().max(1) as f64,
                unsolved
            );
        }
    }
}

/// The `p`-th percentile (nearest rank) of a sorted slice.
fn pct<T: Copy + Default>(sorted: &[T], p: usize) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1]
}
