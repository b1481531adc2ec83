//! Every kind of grid of the conformance suite with one cp strategy: the
//! count (up to the case's cap), nodes and time; then the course's "partial
//! state" exercise: a node budget of 10 on a hard puzzle, and what root
//! propagation had already fixed.
//!
//! ```text
//! cargo run --release -p sudokit-cp --example variants -- [cp options]
//! ```

use std::time::Instant;

use sudokit_cp::CpEngine;
use sudokit_model::{Engine, Limits, Mode, Request};
use sudokit_puzzle::{digit_char, Puzzle};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options: Vec<&str> = args.iter().map(String::as_str).collect();
    let engine = CpEngine::from_options(&options).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    println!("{}\n", engine.name());
    println!(
        "{:<22} {:<13} {:>5} {:>8} {:>8} {:>9}",
        "case", "kind", "n", "count", "nodes", "ms"
    );
    for case in sudokit_conformance::cases() {
        let model = case.puzzle.to_model();
        let start = Instant::now();
        let outcome = engine
            .solve(
                &model,
                &Request::new(Mode::CountUpTo(case.count_cap)).keeping(0),
            )
            .expect("cp handles every grid kind");
        let mark = if outcome.count == case.count {
            ""
        } else {
            "  WRONG"
        };
        println!(
            "{:<22} {:<13} {:>5} {:>8} {:>8} {:>9.3}{mark}",
            case.name,
            case.kind,
            case.puzzle.size(),
            outcome.count,
            outcome.stats.nodes.unwrap_or_default(),
            start.elapsed().as_secs_f64() * 1e3
        );
    }

    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let givens: Vec<u8> = line
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    let puzzle = Puzzle::boxed(3, 3, givens).expect("a 9x9 line");
    let request = Request::new(Mode::CountUpTo(2)).with_limits(Limits::none().with_nodes(10));
    let outcome = CpEngine::from_options(&["input-order", "fc"])
        .expect("valid options")
        .solve(&puzzle.to_model(), &request)
        .expect("a classic grid");
    let partial = outcome.partial.expect("a limit reports the root state");
    println!(
        "\ntop95 #1 with input-order:fc and 10 nodes: {:?}; {} givens, {} cells fixed at the root:",
        outcome.status,
        puzzle.givens().iter().filter(|&&d| d != 0).count(),
        partial.fixed()
    );
    for row in partial.domains.chunks(9) {
        let cells: Vec<String> = row
            .iter()
            .map(|d| match d.as_slice() {
                [v] => digit_char(*v as u8).to_string(),
                _ => ".".into(),
            })
            .collect();
        println!("  {}", cells.join(" "));
    }
}
