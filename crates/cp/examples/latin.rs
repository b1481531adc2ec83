//! The course's weighted latin square: an n x n latin square where cell
//! (i, j) holding v earns ((i+1)(j+1) + v²) mod 11; maximise the total. Then
//! the mirror problem: minimise the sum of the main diagonal.
//!
//! ```text
//! cargo run --release -p sudokit-cp --example latin -- [N=5] [cp options]
//! ```

use std::time::Instant;

use sudokit_cp::CpEngine;
use sudokit_model::{Engine, Mode, Model, Request};
use sudokit_problems::{latin_diagonal_sum, weighted_latin_square};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(5);
    let skip = usize::from(args.first().is_some_and(|a| a.parse::<usize>().is_ok()));
    let options: Vec<&str> = args[skip..].iter().map(String::as_str).collect();
    let engine = CpEngine::from_options(&options).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    println!("{}", engine.name());
    run(&engine, "maximise the reward", &weighted_latin_square(n), n);
    run(&engine, "minimise the diagonal", &latin_diagonal_sum(n), n);
}

fn run(engine: &CpEngine, title: &str, model: &Model, n: usize) {
    let start = Instant::now();
    let outcome = engine
        .solve(model, &Request::new(Mode::Optimize))
        .expect("latin squares are all-different");
    println!(
        "\n{n}x{n}, {title}: {:?}, objective {:?} ({} improving solutions, {} nodes, {:.1} ms)",
        outcome.status,
        outcome.objective,
        outcome.count,
        outcome.stats.nodes.unwrap_or_default(),
        start.elapsed().as_secs_f64() * 1e3
    );
    if let Some(square) = outcome.solutions.last() {
        for row in square.chunks(n) {
            println!(
                "  {}",
                row.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
}
