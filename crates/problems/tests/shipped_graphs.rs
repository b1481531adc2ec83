//! The DIMACS graphs shipped with the cp examples are the graphs their
//! names promise, read by [`parse_dimacs`] and checked against a construction.

use sudokit_problems::{parse_dimacs, Graph};

/// Myciel3 by the Mycielski construction on the 5-cycle.
fn myciel3() -> Graph {
    let n = 5;
    let cycle: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let mut edges = cycle.clone();
    for &(a, b) in &cycle {
        edges.push((a, n + b));
        edges.push((b, n + a));
    }
    edges.extend((0..n).map(|i| (n + i, 2 * n)));
    let mut edges: Vec<(usize, usize)> = edges
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    Graph {
        vertices: 2 * n + 1,
        edges,
    }
}

#[test]
fn shipped_myciel3_is_the_mycielski_construction() {
    // The data stays beside the cp examples that read it (and the
    // `sudokit problem colour` lines of the README and docs/GUIDE.md).
    let text = include_str!("../../cp/examples/data/myciel3.col");
    let graph = parse_dimacs(text).unwrap();
    assert_eq!(graph, myciel3());
    assert_eq!((graph.vertices, graph.edges.len()), (11, 20));
}
