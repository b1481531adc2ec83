//! Graph colouring from a DIMACS `.col` file: a k-colouring or the proof
//! that none exists, and the chromatic number by minimisation.
//!
//! ```text
//! cargo run --release -p sudokit-cp --example colouring -- crates/cp/examples/data/myciel3.col [K] [cp options]
//! ```

use sudokit_cp::CpEngine;
use sudokit_model::{Engine, Mode, Request, Status};
use sudokit_problems::{chromatic_model, colouring, parse_dimacs};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: colouring FILE.col [K] [cp options]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let graph = parse_dimacs(&text).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let k: Option<usize> = args.get(1).and_then(|a| a.parse().ok());
    let skip = if k.is_some() { 2 } else { 1 };
    let options: Vec<&str> = args[skip..].iter().map(String::as_str).collect();
    let engine = CpEngine::from_options(&options).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    println!(
        "{path}: {} vertices, {} edges, greedy uses {} colours ({})",
        graph.vertices,
        graph.edges.len(),
        graph.greedy_colours(),
        engine.name()
    );
    if let Some(k) = k {
        let outcome = engine
            .solve(&colouring(&graph, k), &Request::new(Mode::First))
            .expect("colouring is x != y");
        match outcome.first() {
            Some(c) => println!("{k}-colouring: {c:?}"),
            None => println!(
                "no {k}-colouring ({:?}, {} nodes)",
                outcome.status,
                outcome.stats.nodes.unwrap_or_default()
            ),
        }
    }
    let outcome = engine
        .solve(&chromatic_model(&graph), &Request::new(Mode::Optimize))
        .expect("the chromatic model is linear and x != y");
    match (outcome.status, outcome.objective) {
        (Status::Optimal, Some(chi)) => {
            let best = outcome.solutions.last().expect("an optimum has a solution");
            println!(
                "chromatic number {chi} (proved optimal, {} nodes): {:?}",
                outcome.stats.nodes.unwrap_or_default(),
                &best[..graph.vertices]
            );
        }
        (status, best) => println!("{status:?}, best so far {best:?}"),
    }
}
