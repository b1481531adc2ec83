//! Counts the N-Queens solutions for N = 4..=12 (or the N given), with any
//! cp strategy, and prints the first solution of each.
//!
//! ```text
//! cargo run --release -p sudokit-cp --example n_queens -- [N] [cp options, e.g. first-fail ac]
//! ```

use std::time::Instant;

use sudokit_cp::CpEngine;
use sudokit_model::{Engine, Mode, Request};
use sudokit_problems::n_queens;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (sizes, options): (Vec<usize>, Vec<&str>) = match args.first().and_then(|a| a.parse().ok())
    {
        Some(n) => (vec![n], args[1..].iter().map(String::as_str).collect()),
        None => (
            (4..=12).collect(),
            args.iter().map(String::as_str).collect(),
        ),
    };
    let engine = CpEngine::from_options(&options).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    println!("{}", engine.name());
    for n in sizes {
        let start = Instant::now();
        let outcome = engine
            .solve(&n_queens(n), &Request::new(Mode::All).keeping(1))
            .expect("n-queens is all-different and x != y + c");
        let first = outcome
            .first()
            .map(|s| {
                s.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        println!(
            "{n:>2}-queens: {:>6} solutions, {:>7} nodes, {:>8.2} ms   first: {first}",
            outcome.count,
            outcome.stats.nodes.unwrap_or_default(),
            start.elapsed().as_secs_f64() * 1e3
        );
    }
}
