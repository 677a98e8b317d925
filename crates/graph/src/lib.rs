//! # The graph pathsat's crates share
//!
//! One undirected simple graph type on vertices `0..n` for every crate that works on a graph:
//! the frontier program (`pathsat-frontier`: sweep orders, the counting program), the solver
//! (`pathsat-solver`: 2-edge cuts of FHCP graphs) and the certificate checker (`pathsat-claims`:
//! the edges of a certificate's arc variables). It holds data only; each of those crates keeps
//! its own algorithms, so the checker still shares no algorithm with the solver.
//!
//! - Edges are numbered in the order they are added and stored as (smaller end, larger end);
//!   loops and repeated edges are dropped.
//! - Each vertex has its (neighbour, edge) pairs in the order of the edges ([`Graph::incident`]),
//!   kept as edges are added, so that walking a vertex's edges costs its degree.
//! - What the builder knows of the graph travels with it: symmetries it believes to be
//!   automorphisms ([`Graph::add_symmetry`]) and the cells' places on a board
//!   ([`Graph::set_grid`]). They are declarations: a user checks them before it relies on them.
//!
//! This crate depends on nothing and sits at the bottom of the workspace.
//!
//! ```
//! use pathsat_graph::Graph;
//!
//! let mut square = Graph::new(4);
//! square.add_edges([(0, 1), (1, 2), (2, 3), (3, 0), (1, 0)]);
//! assert_eq!(square.edges(), &[(0, 1), (1, 2), (2, 3), (0, 3)]);
//! assert_eq!(square.edge_between(3, 0), Some(3));
//! assert_eq!(square.neighbours(0).collect::<Vec<_>>(), [1, 3]);
//! ```

use std::collections::HashSet;

/// An undirected simple graph on vertices 0..n, with each vertex's edges, and the symmetries
/// and places its builder knows of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// The edges, each as (smaller end, larger end), in the order added.
    edges: Vec<(usize, usize)>,
    /// Each vertex's (neighbour, edge) pairs, in the order of the edges.
    incident: Vec<Vec<(usize, usize)>>,
    symmetries: Vec<Vec<usize>>,
    grid: Option<Vec<(usize, usize)>>,
}

impl Graph {
    /// The graph on `n` vertices without edges.
    pub fn new(n: usize) -> Graph {
        Graph {
            edges: Vec::new(),
            incident: vec![Vec::new(); n],
            symmetries: Vec::new(),
            grid: None,
        }
    }

    /// Adds the edge {u, v}; loops and repeated edges are ignored.
    ///
    /// # Panics
    /// If `u` or `v` is not a vertex.
    pub fn add_edge(&mut self, u: usize, v: usize) {
        self.check(u, v);
        if u != v && self.edge_between(u, v).is_none() {
            self.push(u, v);
        }
    }

    /// Adds the edges, faster than one at a time for big graphs (loops and repeats are
    /// dropped, the first of each edge kept in its place).
    ///
    /// # Panics
    /// If an edge names a vertex out of range.
    pub fn add_edges(&mut self, edges: impl IntoIterator<Item = (usize, usize)>) {
        let mut seen: HashSet<(usize, usize)> = self.edges.iter().copied().collect();
        for (u, v) in edges {
            self.check(u, v);
            if u != v && seen.insert((u.min(v), u.max(v))) {
                self.push(u, v);
            }
        }
    }

    fn check(&self, u: usize, v: usize) {
        let n = self.n_vertices();
        assert!(u < n && v < n, "an edge joins two vertices of the graph");
    }

    /// Appends the new edge {u, v} (u ≠ v, not yet an edge).
    fn push(&mut self, u: usize, v: usize) {
        let e = self.edges.len();
        self.edges.push((u.min(v), u.max(v)));
        self.incident[u].push((v, e));
        self.incident[v].push((u, e));
    }

    /// The number of vertices.
    #[inline]
    pub fn n_vertices(&self) -> usize {
        self.incident.len()
    }

    /// The number of edges.
    #[inline]
    pub fn n_edges(&self) -> usize {
        self.edges.len()
    }

    /// The edges, each as (smaller end, larger end), numbered in the order they were added.
    #[inline]
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The ends of edge `e`, as (smaller, larger).
    #[inline]
    pub fn edge(&self, e: usize) -> (usize, usize) {
        self.edges[e]
    }

    /// The (neighbour, edge) pairs of vertex `v`, in the order of the edges.
    #[inline]
    pub fn incident(&self, v: usize) -> &[(usize, usize)] {
        &self.incident[v]
    }

    /// The neighbours of vertex `v`, in the order of the edges.
    #[inline]
    pub fn neighbours(&self, v: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.incident[v].iter().map(|&(w, _)| w)
    }

    /// The number of edges at vertex `v`.
    #[inline]
    pub fn degree(&self, v: usize) -> usize {
        self.incident[v].len()
    }

    /// The edge joining `u` and `v`, if there is one (a walk of the smaller degree's edges).
    pub fn edge_between(&self, u: usize, v: usize) -> Option<usize> {
        let (from, to) = if self.degree(u) <= self.degree(v) {
            (u, v)
        } else {
            (v, u)
        };
        self.incident[from]
            .iter()
            .find_map(|&(w, e)| (w == to).then_some(e))
    }

    /// The neighbours of each vertex, as plain lists (in the order of the edges).
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        self.incident
            .iter()
            .map(|pairs| pairs.iter().map(|&(w, _)| w).collect())
            .collect()
    }

    /// Declares a symmetry: `map[v]` is the image of vertex `v`. A declaration, not checked
    /// here: a user uses only those it finds to be automorphisms of the graph (the frontier
    /// program folds mirror-image states together with them), so a wrong one costs speed,
    /// never an answer.
    pub fn add_symmetry(&mut self, map: Vec<usize>) {
        self.symmetries.push(map);
    }

    /// The symmetries declared ([`Graph::add_symmetry`]), checked or not.
    pub fn symmetries(&self) -> &[Vec<usize>] {
        &self.symmetries
    }

    /// Declares the graph a grid: vertex `v` is the cell at (row, column) `places[v]` of a
    /// board, and its edges join cells one step apart in a row or a column. A declaration,
    /// not checked here: the frontier program checks it (one place a vertex, every edge a
    /// unit step) and ignores a wrong one.
    pub fn set_grid(&mut self, places: Vec<(usize, usize)>) {
        self.grid = Some(places);
    }

    /// The places declared by [`Graph::set_grid`], checked or not.
    pub fn grid(&self) -> Option<&[(usize, usize)]> {
        self.grid.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_numbered_once_each_in_order() {
        let mut g = Graph::new(4);
        g.add_edge(2, 1);
        g.add_edge(1, 2);
        g.add_edge(3, 3);
        g.add_edges([(0, 1), (2, 1), (3, 0), (0, 1)]);
        assert_eq!(g.edges(), &[(1, 2), (0, 1), (0, 3)]);
        assert_eq!(g.incident(1), &[(2, 0), (0, 1)]);
        assert_eq!(
            g.adjacency(),
            vec![vec![1, 3], vec![2, 0], vec![1], vec![0]]
        );
        assert_eq!((g.degree(0), g.degree(2)), (2, 1));
        assert_eq!(g.edge_between(3, 0), Some(2));
        assert_eq!(g.edge_between(2, 3), None);
        assert_eq!(g.edge(1), (0, 1));
        assert_eq!(g.n_edges(), 3);
    }

    #[test]
    #[should_panic(expected = "an edge joins two vertices of the graph")]
    fn an_edge_out_of_range_panics() {
        Graph::new(2).add_edge(0, 2);
    }

    #[test]
    fn declarations_are_kept_as_given() {
        let mut g = Graph::new(2);
        assert_eq!(g.grid(), None);
        g.add_symmetry(vec![1, 0]);
        g.set_grid(vec![(0, 0), (0, 1)]);
        assert_eq!(g.symmetries(), &[vec![1, 0]]);
        assert_eq!(g.grid(), Some(&[(0, 0), (0, 1)][..]));
    }
}
