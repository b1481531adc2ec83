//! What [`ColouringPlan`] proves without search on graphs whose chromatic
//! number is known, and that it leaves open exactly the graphs where its
//! bounds differ (the Mycielski graphs, triangle-free yet needing 4 and 5).

use sudokit_problems::{ColouringPlan, Graph};

fn graph(vertices: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Graph {
    let mut edges: Vec<(usize, usize)> = edges
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    Graph { vertices, edges }
}

fn cycle(n: usize) -> Graph {
    graph(n, (0..n).map(|i| (i, (i + 1) % n)))
}

fn complete(n: usize) -> Graph {
    graph(n, (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))))
}

/// The outer 5-cycle, the inner pentagram, and five spokes.
fn petersen() -> Graph {
    let outer = (0..5).map(|i| (i, (i + 1) % 5));
    let inner = (0..5).map(|i| (5 + i, 5 + (i + 2) % 5));
    let spokes = (0..5).map(|i| (i, 5 + i));
    graph(10, outer.chain(inner).chain(spokes))
}

/// Mycielski's construction: a copy `u_i` of every vertex joined to the
/// neighbours of `v_i`, and one vertex joined to every copy. It keeps the
/// graph triangle-free and raises the chromatic number by one.
fn mycielski(g: &Graph) -> Graph {
    let n = g.vertices;
    let edges = g
        .edges
        .iter()
        .flat_map(|&(a, b)| [(a, b), (a, n + b), (b, n + a)]);
    graph(2 * n + 1, edges.chain((0..n).map(|i| (n + i, 2 * n))))
}

/// The plan's bounds, after checking its colouring is proper and uses
/// exactly `upper` colours.
fn bounds(g: &Graph) -> (usize, usize) {
    let plan = ColouringPlan::new(g, None).expect("no self-loop");
    assert_eq!(plan.colours.len(), g.vertices);
    for &(u, v) in &g.edges {
        assert_ne!(plan.colours[u], plan.colours[v], "edge {u}-{v}");
    }
    let used = plan.colours.iter().copied().max().unwrap_or(0);
    assert_eq!(used as usize, plan.upper);
    (plan.lower, plan.upper)
}

#[test]
fn cycles_need_two_colours_when_even_and_three_when_odd() {
    assert_eq!(bounds(&cycle(4)), (2, 2));
    assert_eq!(bounds(&cycle(10_000)), (2, 2));
    assert_eq!(bounds(&cycle(5)), (3, 3));
    assert_eq!(bounds(&cycle(9_999)), (3, 3));
}

#[test]
fn complete_graphs_need_one_colour_per_vertex() {
    for n in [1, 2, 3, 7, 20] {
        assert_eq!(bounds(&complete(n)), (n, n), "K{n}");
    }
}

#[test]
fn the_petersen_graph_needs_three() {
    assert_eq!(bounds(&petersen()), (3, 3));
}

#[test]
fn a_long_path_in_scrambled_order_is_two_coloured_without_search() {
    // A permutation by a step coprime to n: greedy colouring in vertex
    // order would not find 2 here, breadth-first layers do.
    let n = 10_000;
    let at = |i: usize| (i * 7_919) % n;
    assert_eq!(
        bounds(&graph(n, (0..n - 1).map(|i| (at(i), at(i + 1))))),
        (2, 2)
    );
}

#[test]
fn isolated_vertices_take_one_colour_and_components_the_most_any_needs() {
    assert_eq!(bounds(&graph(100_000, [])), (1, 1));
    assert_eq!(bounds(&graph(0, [])), (0, 0));
    // A triangle, a square and 99 993 lone vertices.
    let edges = [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (5, 6), (3, 6)];
    assert_eq!(bounds(&graph(100_000, edges)), (3, 3));
}

#[test]
fn mycielski_graphs_are_left_to_search_and_only_their_component_is_open() {
    let myciel3 = mycielski(&cycle(5));
    let myciel4 = mycielski(&myciel3);
    assert_eq!((myciel3.vertices, myciel3.edges.len()), (11, 20));
    assert_eq!((myciel4.vertices, myciel4.edges.len()), (23, 71));
    let (lower, upper) = bounds(&myciel4);
    assert!(lower == 3 && upper >= 5, "{lower}..{upper}");
    // myciel3 beside a square: search looks at the 11 vertices alone.
    let mut beside = myciel3.clone();
    beside.vertices += 4;
    beside
        .edges
        .extend([(11, 12), (12, 13), (13, 14), (11, 14)]);
    let plan = ColouringPlan::new(&beside, None).unwrap();
    assert!(!plan.is_exact());
    assert_eq!(plan.open_vertices(plan.lower), (0..11).collect::<Vec<_>>());
}

#[test]
fn a_vertex_joined_to_itself_has_no_colouring() {
    assert_eq!(ColouringPlan::new(&graph(3, [(0, 1), (2, 2)]), None), None);
}
