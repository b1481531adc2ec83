//! Neighbour lists of a [`Graph`] in two flat arrays, built once in
//! `O(V + E)`, so that the bounds below never allocate per vertex.

use crate::Graph;

/// Compressed neighbour lists: the neighbours of `v` are
/// `list[start[v]..start[v + 1]]`, sorted (for [`Adjacency::adjacent`]).
/// Self-loops are left out: a vertex joined to itself has no colour at
/// all, which the callers decide before asking for neighbours.
pub(crate) struct Adjacency {
    start: Vec<usize>,
    list: Vec<usize>,
}

impl Adjacency {
    pub(crate) fn new(graph: &Graph) -> Self {
        let mut start = vec![0; graph.vertices + 1];
        for &(u, v) in graph.edges.iter().filter(|(u, v)| u != v) {
            start[u + 1] += 1;
            start[v + 1] += 1;
        }
        for v in 0..graph.vertices {
            start[v + 1] += start[v];
        }
        let mut next = start.clone();
        let mut list = vec![0; start[graph.vertices]];
        for &(u, v) in graph.edges.iter().filter(|(u, v)| u != v) {
            list[next[u]] = v;
            next[u] += 1;
            list[next[v]] = u;
            next[v] += 1;
        }
        for v in 0..graph.vertices {
            list[start[v]..start[v + 1]].sort_unstable();
        }
        Self { start, list }
    }

    pub(crate) fn neighbours(&self, v: usize) -> &[usize] {
        &self.list[self.start[v]..self.start[v + 1]]
    }

    /// The number of vertices.
    pub(crate) fn len(&self) -> usize {
        self.start.len() - 1
    }

    pub(crate) fn degree(&self, v: usize) -> usize {
        self.start[v + 1] - self.start[v]
    }

    pub(crate) fn adjacent(&self, u: usize, v: usize) -> bool {
        self.neighbours(u).binary_search(&v).is_ok()
    }

    /// The connected components with at least one edge, each a list of
    /// vertices in increasing order, by breadth-first search from the
    /// lowest unvisited vertex. Isolated vertices are left out: they take
    /// any colour, and a graph may have 100 000 of them.
    pub(crate) fn components(&self) -> Vec<Vec<usize>> {
        let vertices = self.len();
        let mut seen = vec![false; vertices];
        let mut components = Vec::new();
        for root in 0..vertices {
            if seen[root] || self.degree(root) == 0 {
                continue;
            }
            seen[root] = true;
            let mut component = vec![root];
            let mut at = 0;
            while let Some(&v) = component.get(at) {
                at += 1;
                for &w in self.neighbours(v) {
                    if !seen[w] {
                        seen[w] = true;
                        component.push(w);
                    }
                }
            }
            component.sort_unstable();
            components.push(component);
        }
        components
    }
}
