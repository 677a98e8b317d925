//! The graph the frontier program counts on: an undirected simple graph on vertices 0..n,
//! built by the caller (from a puzzle's moves, in `fillings.rs`) and read by the sweep planner
//! (`plan.rs`, `order.rs`) and the program (`dp.rs`), with the symmetries the caller knows of
//! (a board's reflections), which the program uses to fold mirror-image states together, and
//! the cells' places when it is a grid, which the estimates of its tables use.

/// An undirected simple graph on vertices 0..n, with symmetries its builder knows of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    n: usize,
    edges: Vec<(usize, usize)>,
    symmetries: Vec<Vec<usize>>,
    grid: Option<Vec<(usize, usize)>>,
}

impl Graph {
    /// The graph on `n` vertices without edges.
    pub fn new(n: usize) -> Graph {
        Graph {
            n,
            edges: Vec::new(),
            symmetries: Vec::new(),
            grid: None,
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

    /// Declares the graph a grid: vertex `v` is the cell at (row, column) `places[v]` of a
    /// board, and its edges join cells one step apart in a row or a column. Such a graph swept
    /// by rows or by columns is planar on one side of its frontier, so its segments' ends pair
    /// without crossing, which the estimates of its tables use (`count --plan`, the disk a
    /// count in files needs); never the count. The planner checks the declaration (one place a
    /// vertex, every edge a unit step) and ignores a wrong one.
    pub fn set_grid(&mut self, places: Vec<(usize, usize)>) {
        self.grid = Some(places);
    }

    /// Whether `order` sweeps a declared grid ([`Graph::set_grid`]) by rows or by columns,
    /// the declaration checked.
    pub(crate) fn is_planar_sweep(&self, order: &[usize]) -> bool {
        let Some(places) = self.grid.as_deref().filter(|p| p.len() == self.n) else {
            return false;
        };
        let unit_steps = self.edges.iter().all(|&(u, v)| {
            let ((r, c), (s, d)) = (places[u], places[v]);
            r.abs_diff(s) + c.abs_diff(d) == 1
        });
        let sorted_by = |key: fn((usize, usize)) -> (usize, usize)| {
            order
                .windows(2)
                .all(|w| key(places[w[0]]) < key(places[w[1]]))
        };
        unit_steps && (sorted_by(|(r, c)| (r, c)) || sorted_by(|(r, c)| (c, r)))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x3 board's cells, row by row, with its edges: orthogonal steps, and `diagonal` ones.
    fn board(diagonal: bool) -> Graph {
        let places: Vec<(usize, usize)> = (0..6).map(|c| (c / 3, c % 3)).collect();
        let mut graph = Graph::new(6);
        for u in 0..6 {
            for v in u + 1..6 {
                let ((r, c), (s, d)) = (places[u], places[v]);
                let (dr, dc) = (r.abs_diff(s), c.abs_diff(d));
                if dr + dc == 1 || (diagonal && dr == 1 && dc == 1) {
                    graph.add_edge(u, v);
                }
            }
        }
        graph.set_grid(places);
        graph
    }

    #[test]
    fn a_grid_is_planar_swept_by_rows_or_columns_only() {
        let grid = board(false);
        assert!(grid.is_planar_sweep(&[0, 1, 2, 3, 4, 5]));
        assert!(grid.is_planar_sweep(&[0, 3, 1, 4, 2, 5]));
        assert!(!grid.is_planar_sweep(&[0, 4, 1, 3, 2, 5]));
        // A king's steps are no grid, whatever it declares; nor is a graph that declares none.
        assert!(!board(true).is_planar_sweep(&[0, 1, 2, 3, 4, 5]));
        let mut undeclared = Graph::new(2);
        undeclared.add_edge(0, 1);
        assert!(!undeclared.is_planar_sweep(&[0, 1]));
    }
}
