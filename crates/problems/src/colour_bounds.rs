//! Cheap bounds on the colours one connected component needs: an exact
//! 2-colouring by breadth-first search when it is bipartite, else a DSatur
//! colouring (upper bound) and a greedy clique (lower bound). Each runs in
//! about `O(E log V)`, so easy graphs are answered without any search.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use crate::adjacency::Adjacency;

/// What is known about one component without search.
pub(crate) struct ComponentBounds {
    /// No colouring of the component uses fewer colours.
    pub(crate) lower: usize,
    /// Colours used by `colours`.
    pub(crate) upper: usize,
    /// A proper colouring, `colours[i]` (from 1) for `component[i]`.
    pub(crate) colours: Vec<u32>,
}

/// Bounds for `component` (a connected vertex set with at least one edge);
/// `at` gives each vertex its index in its component ([`positions`]). The
/// clique search stops at `deadline`; what it found so far is still a
/// lower bound.
pub(crate) fn component_bounds(
    adjacency: &Adjacency,
    component: &[usize],
    at: &[usize],
    deadline: Option<Instant>,
) -> ComponentBounds {
    if let Some(colours) = two_colouring(adjacency, component, at) {
        return ComponentBounds {
            lower: 2,
            upper: 2,
            colours,
        };
    }
    let colours = dsatur(adjacency, component, at);
    let upper = colours.iter().copied().max().unwrap_or(0) as usize;
    // Not bipartite: an odd cycle needs 3 colours whatever the cliques.
    let lower = greedy_clique(adjacency, component, upper, deadline).max(3);
    ComponentBounds {
        lower,
        upper,
        colours,
    }
}

/// Where each vertex sits in its component (`usize::MAX` for isolated
/// vertices), so per-component arrays are indexed by position. Built once
/// for all components: a neighbour is always in the same component.
pub(crate) fn positions(vertices: usize, components: &[Vec<usize>]) -> Vec<usize> {
    let mut at = vec![usize::MAX; vertices];
    for component in components {
        for (i, &v) in component.iter().enumerate() {
            at[v] = i;
        }
    }
    at
}

/// Colours 1 and 2 by breadth-first layers, or `None` when an edge joins
/// two vertices of the same layer parity (an odd cycle).
fn two_colouring(adjacency: &Adjacency, component: &[usize], at: &[usize]) -> Option<Vec<u32>> {
    let mut colours = vec![0u32; component.len()];
    colours[0] = 1;
    let mut queue = vec![component[0]];
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        let colour = colours[at[v]];
        for &w in adjacency.neighbours(v) {
            match colours[at[w]] {
                0 => {
                    colours[at[w]] = 3 - colour;
                    queue.push(w);
                }
                c if c == colour => return None,
                _ => {}
            }
        }
    }
    Some(colours)
}

/// DSatur (Brélaz 1979): colour next the vertex that sees the most distinct
/// colours among its neighbours (ties: the higher degree), with the smallest
/// colour none of them has. Stale heap entries are skipped, not removed.
fn dsatur(adjacency: &Adjacency, component: &[usize], at: &[usize]) -> Vec<u32> {
    let mut colours = vec![0u32; component.len()];
    // The distinct colours each vertex's neighbours hold, sorted.
    let mut seen: Vec<Vec<u32>> = vec![Vec::new(); component.len()];
    let mut heap: BinaryHeap<(usize, usize, Reverse<usize>)> = component
        .iter()
        .map(|&v| (0, adjacency.degree(v), Reverse(v)))
        .collect();
    while let Some((saturation, _, Reverse(v))) = heap.pop() {
        let i = at[v];
        if colours[i] != 0 || saturation != seen[i].len() {
            continue;
        }
        let colour = (1..)
            .zip(&seen[i])
            .find(|&(c, &s)| c != s)
            .map_or(seen[i].len() as u32 + 1, |(c, _)| c);
        colours[i] = colour;
        for &w in adjacency.neighbours(v) {
            let j = at[w];
            if colours[j] != 0 {
                continue;
            }
            if let Err(slot) = seen[j].binary_search(&colour) {
                seen[j].insert(slot, colour);
                heap.push((seen[j].len(), adjacency.degree(w), Reverse(w)));
            }
        }
    }
    colours
}

/// The largest clique found by growing one from each vertex (highest
/// degree first) over its neighbours by decreasing degree. Stops early
/// once no remaining vertex has the degree to beat it, when it reaches
/// `enough` (nothing larger can be needed), or at the deadline.
fn greedy_clique(
    adjacency: &Adjacency,
    component: &[usize],
    enough: usize,
    deadline: Option<Instant>,
) -> usize {
    let by_degree = |vertices: &mut Vec<usize>| {
        vertices.sort_unstable_by_key(|&v| (Reverse(adjacency.degree(v)), v));
    };
    let mut starts = component.to_vec();
    by_degree(&mut starts);
    let mut best = 1;
    let mut clique = Vec::new();
    let mut candidates = Vec::new();
    for &v in &starts {
        if adjacency.degree(v) < best || best >= enough {
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        candidates.clear();
        candidates.extend_from_slice(adjacency.neighbours(v));
        by_degree(&mut candidates);
        clique.clear();
        clique.push(v);
        for &w in &candidates {
            if clique.iter().all(|&u| adjacency.adjacent(u, w)) {
                clique.push(w);
            }
        }
        best = best.max(clique.len());
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Graph;

    fn bounds(vertices: usize, edges: &[(usize, usize)]) -> (usize, usize) {
        let graph = Graph {
            vertices,
            edges: edges.to_vec(),
        };
        let adjacency = Adjacency::new(&graph);
        let all: Vec<usize> = (0..vertices).collect();
        let at = positions(vertices, std::slice::from_ref(&all));
        let b = component_bounds(&adjacency, &all, &at, None);
        (b.lower, b.upper)
    }

    #[test]
    fn bipartite_components_are_exact() {
        assert_eq!(bounds(4, &[(0, 1), (1, 2), (2, 3), (0, 3)]), (2, 2));
    }

    #[test]
    fn an_odd_cycle_needs_three() {
        assert_eq!(bounds(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)]), (3, 3));
    }

    #[test]
    fn a_complete_graph_has_a_clique_as_large_as_its_colouring() {
        let edges: Vec<(usize, usize)> = (0..6)
            .flat_map(|u| (u + 1..6).map(move |v| (u, v)))
            .collect();
        assert_eq!(bounds(6, &edges), (6, 6));
    }

    #[test]
    fn a_wheel_of_five_spokes_is_four_by_both_bounds() {
        // The hub 5 on the 5-cycle: clique 3 (hub + an edge), but DSatur
        // needs 4 and the odd rim forces it; the clique bound says 3.
        let mut edges = vec![(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)];
        edges.extend((0..5).map(|v| (v, 5)));
        assert_eq!(bounds(6, &edges), (3, 4));
    }
}
