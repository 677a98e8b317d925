//! The graph the frontier program counts on: an undirected simple graph on vertices 0..n,
//! built by the caller (from a puzzle's moves, in `fillings.rs`) and read by the sweep planner
//! (`plan.rs`, `order.rs`) and the program (`dp.rs`), with the symmetries the caller knows of
//! (a board's reflections), which the program uses to fold mirror-image states together.

/// An undirected simple graph on vertices 0..n, with symmetries its builder knows of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    n: usize,
    edges: Vec<(usize, usize)>,
    symmetries: Vec<Vec<usize>>,
}

impl Graph {
    /// The graph on `n` vertices without edges.
    pub fn new(n: usize) -> Graph {
        Graph {
            n,
            edges: Vec::new(),
            symmetries: Vec::new(),
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

    /// Declares a symmetry: `map[v]` is the image of vertex `v`. The program checks each
    /// symmetry when it plans a count, and uses only those that are automorphisms of the graph
    /// as it is then (every edge onto an edge) and map the given ends of a path onto themselves;
    /// the others are left out, so a wrong symmetry costs speed, never the count.
    ///
    /// Where the vertices swept so far are mapped onto themselves (a board swept row by row,
    /// after each row, under its left-right reflection), a state and its mirror image have the
    /// same completions: the program keeps one of the two, with both counts.
    pub fn add_symmetry(&mut self, map: Vec<usize>) {
        self.symmetries.push(map);
    }

    /// The symmetries declared ([`Graph::add_symmetry`]), checked or not.
    pub fn symmetries(&self) -> &[Vec<usize>] {
        &self.symmetries
    }

    /// The declared symmetries that are automorphisms of the graph mapping `ends` onto
    /// themselves, other than the identity.
    pub(crate) fn automorphisms(&self, ends: &[usize]) -> Vec<Vec<usize>> {
        let edges: std::collections::HashSet<(usize, usize)> = self.edges.iter().copied().collect();
        let is_permutation = |map: &[usize]| {
            let mut seen = vec![false; self.n];
            map.len() == self.n
                && map
                    .iter()
                    .all(|&v| v < self.n && !std::mem::replace(&mut seen[v], true))
        };
        self.symmetries
            .iter()
            .filter(|map| {
                is_permutation(map)
                    && map.iter().enumerate().any(|(v, &image)| v != image)
                    && self.edges.iter().all(|&(u, v)| {
                        let (a, b) = (map[u], map[v]);
                        edges.contains(&(a.min(b), a.max(b)))
                    })
                    && ends.iter().all(|e| ends.contains(&map[*e]))
            })
            .cloned()
            .collect()
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
