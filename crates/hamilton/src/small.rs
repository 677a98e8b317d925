//! A graph of at most 64 vertices as one neighbour set (a 64-bit word) a vertex.

/// The most vertices a [`SmallGraph`] holds.
pub const MAX_VERTICES: usize = 64;

/// An undirected simple graph on vertices `0..n`, `n <= 64`: vertex `v`'s neighbours are the
/// bits of `adj[v]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallGraph {
    n: usize,
    adj: [u64; MAX_VERTICES],
}

/// The word with bit `v` set.
#[inline]
pub(crate) fn bit(v: usize) -> u64 {
    1u64 << v
}

/// The vertices of a set, lowest first.
#[inline]
pub(crate) fn members(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

impl SmallGraph {
    /// The graph on `n` vertices without edges; `None` beyond [`MAX_VERTICES`].
    pub fn new(n: usize) -> Option<SmallGraph> {
        (n <= MAX_VERTICES).then_some(SmallGraph {
            n,
            adj: [0; MAX_VERTICES],
        })
    }

    /// The graph of these edges (vertices from 0); loops are left out and repeated edges
    /// count once. `None` beyond [`MAX_VERTICES`] vertices.
    ///
    /// # Panics
    /// If an edge names a vertex outside `0..n`.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Option<SmallGraph> {
        let mut g = SmallGraph::new(n)?;
        for &(u, v) in edges {
            g.add_edge(u, v);
        }
        Some(g)
    }

    /// Adds the edge {u, v} (a loop is left out).
    ///
    /// # Panics
    /// If `u` or `v` is not a vertex.
    pub fn add_edge(&mut self, u: usize, v: usize) {
        assert!(
            u < self.n && v < self.n,
            "edge {u} {v} of a graph on {}",
            self.n
        );
        if u != v {
            self.adj[u] |= bit(v);
            self.adj[v] |= bit(u);
        }
    }

    /// The number of vertices.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The neighbours of `v`, as a set.
    #[inline]
    pub fn neighbours(&self, v: usize) -> u64 {
        self.adj[v]
    }

    /// The degree of `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.adj[v].count_ones() as usize
    }

    /// Every vertex, as a set.
    #[inline]
    pub fn all(&self) -> u64 {
        if self.n == MAX_VERTICES {
            u64::MAX
        } else {
            bit(self.n) - 1
        }
    }

    /// Whether {u, v} is an edge.
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        self.adj[u] & bit(v) != 0
    }

    /// The edges, each as (smaller end, larger end), in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.n)
            .flat_map(|u| members(self.adj[u] >> u >> 1).map(move |d| (u, u + 1 + d)))
            .collect()
    }

    /// The graph with one more vertex (numbered `n`) joined to every vertex; `None` when there
    /// is no room for it.
    pub fn with_universal_vertex(&self) -> Option<SmallGraph> {
        let mut g = SmallGraph::new(self.n + 1)?;
        g.adj[..self.n].copy_from_slice(&self.adj[..self.n]);
        for v in 0..self.n {
            g.add_edge(v, self.n);
        }
        Some(g)
    }

    /// The vertices reachable from `from` through the vertices of `within` (`from`'s own
    /// component of the subgraph on `within ∪ {from}`).
    #[inline]
    pub(crate) fn reach(&self, from: usize, within: u64) -> u64 {
        let mut seen = bit(from);
        let mut frontier = seen;
        while frontier != 0 {
            let mut next = 0;
            for u in members(frontier) {
                next |= self.adj[u];
            }
            frontier = next & within & !seen;
            seen |= frontier;
        }
        seen
    }
}
