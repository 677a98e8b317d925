//! The graph the frontier program counts on: an undirected simple graph on vertices 0..n,
//! built by the caller (from a puzzle's moves, in `fillings.rs`) and read by the sweep planner
//! (`plan.rs`, `order.rs`) and the program (`dp.rs`).

/// An undirected simple graph on vertices 0..n.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl Graph {
    /// The graph on `n` vertices without edges.
    pub fn new(n: usize) -> Graph {
        Graph {
            n,
            edges: Vec::new(),
        }
    }

    /// Adds the edge {u, v}; loops and repeated edges are ignored.
    ///
    /// # Panics
    /// If `u` or `v` is not a vertex.
    pub fn add_edge(&mut self, u: usize, v: usize) {
        assert!(
            u < self.n && v < self.n,
            "an edge joins two vertices of the graph"
        );
        let (a, b) = (u.min(v), u.max(v));
        if a != b && !self.edges.contains(&(a, b)) {
            self.edges.push((a, b));
        }
    }

    /// Adds the edges, faster than one at a time for big graphs (repeats are dropped).
    ///
    /// # Panics
    /// If an edge names a vertex out of range.
    pub fn add_edges(&mut self, edges: impl IntoIterator<Item = (usize, usize)>) {
        for (u, v) in edges {
            assert!(
                u < self.n && v < self.n,
                "an edge joins two vertices of the graph"
            );
            if u != v {
                self.edges.push((u.min(v), u.max(v)));
            }
        }
        let mut seen = std::collections::HashSet::new();
        self.edges.retain(|e| seen.insert(*e));
    }

    /// The number of vertices.
    pub fn n_vertices(&self) -> usize {
        self.n
    }

    /// The edges, each as (smaller end, larger end).
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The neighbours of each vertex.
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        let mut adjacent = vec![Vec::new(); self.n];
        for &(u, v) in &self.edges {
            adjacent[u].push(v);
            adjacent[v].push(u);
        }
        adjacent
    }
}
