//! DIMACS `.col` graphs: what the reader accepts is a well-formed graph
//! that prints back to itself, and the colouring bounds computed on it
//! hold (a proper colouring, lower <= upper) or say why none exists.

use std::fmt::Write;

use sudokit_problems::{parse_dimacs, ColouringPlan, Graph};

/// The graph in DIMACS form, as `parse_dimacs` reads it.
fn to_dimacs(graph: &Graph) -> String {
    let mut text = format!("p edge {} {}\n", graph.vertices, graph.edges.len());
    for (u, v) in &graph.edges {
        writeln!(text, "e {} {}", u + 1, v + 1).expect("a String takes any text");
    }
    text
}

/// Parses `data` (when UTF-8) as a `.col` graph; an accepted graph has its
/// edges in range, sorted and once each, prints back to itself, and gets
/// a proper colouring with `lower <= upper` colours, unless a vertex is
/// joined to itself.
pub fn check_dimacs(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = parse_dimacs(text) else {
        return;
    };
    assert!(graph.edges.windows(2).all(|w| w[0] < w[1]), "sorted, once");
    assert!(graph
        .edges
        .iter()
        .all(|&(u, v)| u <= v && v < graph.vertices));
    let printed = to_dimacs(&graph);
    assert_eq!(parse_dimacs(&printed).as_ref(), Ok(&graph), "{printed}");
    match ColouringPlan::new(&graph, None) {
        None => assert!(graph.edges.iter().any(|(u, v)| u == v)),
        Some(plan) => {
            assert_eq!(plan.colours.len(), graph.vertices);
            assert!(plan.lower <= plan.upper, "{} > {}", plan.lower, plan.upper);
            let used = plan.colours.iter().copied().max().unwrap_or(0);
            assert_eq!(used as usize, plan.upper);
            for &(u, v) in &graph.edges {
                assert_ne!(plan.colours[u], plan.colours[v], "edge {u}-{v}");
            }
        }
    }
}
