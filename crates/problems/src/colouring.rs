//! Graph colouring: a k-colouring as a model, and the chromatic number by
//! minimisation.

use sudokit_model::{Cmp, Constraint, Domain, Expr, LinearTerm, Model, Objective, Sense, VarId};

/// An undirected graph with vertices `0..vertices`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// Number of vertices.
    pub vertices: usize,
    /// Edges `(u, v)`, 0-based.
    pub edges: Vec<(usize, usize)>,
}

impl Graph {
    /// Colours used by greedy colouring in vertex order: an upper bound on
    /// the chromatic number.
    pub fn greedy_colours(&self) -> usize {
        let mut adj = vec![Vec::new(); self.vertices];
        for &(u, v) in &self.edges {
            adj[u].push(v);
            adj[v].push(u);
        }
        let mut colour = vec![usize::MAX; self.vertices];
        let mut used = 0;
        for v in 0..self.vertices {
            let mut c = 0;
            while adj[v].iter().any(|&w| colour[w] == c) {
                c += 1;
            }
            colour[v] = c;
            used = used.max(c + 1);
        }
        used
    }

    /// The subgraph on `vertices` (increasing, each below
    /// [`Graph::vertices`]), renumbered `0..` in their order; edges with an
    /// end outside are dropped.
    pub fn induced(&self, vertices: &[usize]) -> Graph {
        let mut at = vec![usize::MAX; self.vertices];
        for (i, &v) in vertices.iter().enumerate() {
            at[v] = i;
        }
        let edges = self
            .edges
            .iter()
            .filter(|&&(u, v)| at[u] != usize::MAX && at[v] != usize::MAX)
            .map(|&(u, v)| (at[u], at[v]))
            .collect();
        Graph {
            vertices: vertices.len(),
            edges,
        }
    }
}

fn add(model: &mut Model, c: Constraint) {
    model.add(c).expect("vertex variables exist");
}

fn vertex_vars(model: &mut Model, graph: &Graph, colours: usize) -> Vec<VarId> {
    let vars: Vec<VarId> = (0..graph.vertices)
        .map(|v| model.new_var(format!("v{}", v + 1), Domain::range(1, colours as i32)))
        .collect();
    for &(u, v) in &graph.edges {
        add(
            model,
            Constraint::NotEqualOffset {
                x: vars[u],
                y: vars[v],
                offset: 0,
            },
        );
    }
    vars
}

/// Colours `1..=k`, adjacent vertices differ (variables `v1 ... vV`, in
/// vertex order). Vertex 1 gets colour 1 (colours are interchangeable).
pub fn colouring(graph: &Graph, k: usize) -> Model {
    let mut model = Model::new();
    let vars = vertex_vars(&mut model, graph, k);
    if let Some(&first) = vars.first() {
        model
            .restrict(first, Domain::single(1))
            .expect("vertex exists");
    }
    model
}

/// Minimise the number of colours: vertex variables in `1..=greedy bound`,
/// plus a last variable `colours` with every vertex colour `<= colours`,
/// minimised. The optimum is the chromatic number.
pub fn chromatic_model(graph: &Graph) -> Model {
    // No vertex needs no colour: an empty graph's chromatic number is 0.
    chromatic_model_within(
        graph,
        usize::from(graph.vertices > 0),
        graph.greedy_colours(),
    )
}

/// [`chromatic_model`] with known bounds: vertex colours in `1..=upper`
/// and `colours` in `lower..=upper`. The optimum is the larger of `lower`
/// and the chromatic number, so a search on some components of a graph
/// can start from what the others already need
/// ([`ColouringPlan`](crate::ColouringPlan)).
pub fn chromatic_model_within(graph: &Graph, lower: usize, upper: usize) -> Model {
    let lowest = lower as i32;
    let mut model = Model::new();
    let vars = vertex_vars(&mut model, graph, upper);
    if let Some(&first) = vars.first() {
        model
            .restrict(first, Domain::single(1))
            .expect("vertex exists");
    }
    let k = model.new_var("colours", Domain::range(lowest, upper as i32));
    for &v in &vars {
        add(
            &mut model,
            Constraint::Linear {
                terms: vec![
                    LinearTerm { coef: 1, var: v },
                    LinearTerm { coef: -1, var: k },
                ],
                cmp: Cmp::Le,
                rhs: 0,
            },
        );
    }
    model
        .set_objective(Objective {
            sense: Sense::Minimize,
            expr: Expr {
                linear: vec![LinearTerm { coef: 1, var: k }],
                ..Expr::default()
            },
        })
        .expect("the colour count variable exists");
    model
}
