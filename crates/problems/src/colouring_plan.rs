//! Colouring a graph without search where that is enough: the chromatic
//! number is the largest over the connected components, isolated vertices
//! take colour 1, bipartite components 2 (by breadth-first search), and
//! any other component lies between a greedy clique and a DSatur
//! colouring. Only the components whose colouring exceeds what the whole
//! graph is known to need are left to a search engine, so a 10 000-vertex
//! path or a graph of 100 000 isolated vertices is answered in
//! milliseconds, and no model is built for it at all.

use std::time::Instant;

use crate::adjacency::Adjacency;
use crate::colour_bounds::{component_bounds, positions};
use crate::Graph;

/// What is known about a graph's colourings before any search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColouringPlan {
    /// No proper colouring uses fewer colours (the largest component bound).
    pub lower: usize,
    /// The colours used by [`ColouringPlan::colours`].
    pub upper: usize,
    /// A proper colouring, one colour per vertex counted from 1, numbered
    /// by first appearance (vertex 1 has colour 1).
    pub colours: Vec<i32>,
    /// Each component with an edge, and the colours its colouring uses.
    components: Vec<(Vec<usize>, usize)>,
}

impl ColouringPlan {
    /// Bounds and a colouring for `graph`, or `None` when a vertex is
    /// joined to itself (no colouring exists). Clique searches stop at
    /// `deadline`, leaving a weaker but still valid lower bound.
    ///
    /// ```
    /// use sudokit_problems::{ColouringPlan, Graph};
    ///
    /// // A triangle and a square: 3 colours, proven without search.
    /// let edges = vec![(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (5, 6), (3, 6)];
    /// let plan = ColouringPlan::new(&Graph { vertices: 8, edges }, None).unwrap();
    /// assert_eq!((plan.lower, plan.upper), (3, 3));
    /// assert_eq!(plan.colours, [1, 2, 3, 1, 2, 1, 2, 1]);
    /// ```
    pub fn new(graph: &Graph, deadline: Option<Instant>) -> Option<Self> {
        if graph.edges.iter().any(|(u, v)| u == v) {
            return None;
        }
        let adjacency = Adjacency::new(graph);
        let mut colours = vec![1u32; graph.vertices];
        let mut lower = usize::from(graph.vertices > 0);
        let mut components = Vec::new();
        let found = adjacency.components();
        let at = positions(graph.vertices, &found);
        for component in found {
            let bounds = component_bounds(&adjacency, &component, &at, deadline);
            for (&v, &colour) in component.iter().zip(&bounds.colours) {
                colours[v] = colour;
            }
            lower = lower.max(bounds.lower);
            components.push((component, bounds.upper));
        }
        let upper = components
            .iter()
            .map(|&(_, upper)| upper)
            .max()
            .unwrap_or(lower);
        let colours = colours.into_iter().map(|c| c as i32).collect();
        Some(Self {
            lower,
            upper,
            colours: by_first_appearance(colours),
            components,
        })
    }

    /// True when the bounds meet: the chromatic number is
    /// [`ColouringPlan::lower`], and [`ColouringPlan::colours`] shows it.
    pub fn is_exact(&self) -> bool {
        self.lower == self.upper
    }

    /// The vertices (increasing) of the components this plan colours with
    /// more than `k` colours: the only ones a search for a `k`-colouring,
    /// or for a chromatic number of at least `k`, has to look at.
    pub fn open_vertices(&self, k: usize) -> Vec<usize> {
        let mut open: Vec<usize> = self
            .components
            .iter()
            .filter(|&&(_, upper)| upper > k)
            .flat_map(|(component, _)| component.iter().copied())
            .collect();
        open.sort_unstable();
        open
    }

    /// This plan's colouring with the colours of `vertices` replaced by
    /// `found` (in the same order, as a search on
    /// [`Graph::induced`]`(vertices)` returns them), renumbered by first
    /// appearance.
    pub fn merged(&self, vertices: &[usize], found: &[i32]) -> Vec<i32> {
        let mut colours = self.colours.clone();
        for (&v, &colour) in vertices.iter().zip(found) {
            colours[v] = colour;
        }
        by_first_appearance(colours)
    }
}

/// Renames colours in the order vertices first use them, so vertex 1 has
/// colour 1 as the colouring models require, and merged colourings of
/// components never use a colour number above their count.
fn by_first_appearance(colours: Vec<i32>) -> Vec<i32> {
    let mut rename = std::collections::HashMap::new();
    colours
        .into_iter()
        .map(|c| {
            let next = rename.len() as i32 + 1;
            *rename.entry(c).or_insert(next)
        })
        .collect()
}
