//! The graph the frontier program counts on is pathsat's one graph type
//! ([`pathsat_graph::Graph`]), built by the caller (from a puzzle's moves, in `fillings.rs`) and
//! read by the sweep planner (`plan.rs`, `order.rs`) and the program (`dp.rs`). What its builder
//! declares of it (a board's reflections, which the program uses to fold mirror-image states
//! together, and the cells' places when it is a grid, which the estimates of its tables use) is
//! checked here before the program relies on it.

pub use pathsat_graph::Graph;

/// Whether `order` sweeps a declared grid ([`Graph::set_grid`]) by rows or by columns, the
/// declaration checked (one place a vertex, every edge a unit step). Such a graph swept by rows
/// or by columns is planar on one side of its frontier, so its segments' ends pair without
/// crossing, which the estimates of its tables use (`count --plan`, the disk a count in files
/// needs); never the count.
pub(crate) fn is_planar_sweep(graph: &Graph, order: &[usize]) -> bool {
    let Some(places) = graph.grid().filter(|p| p.len() == graph.n_vertices()) else {
        return false;
    };
    let unit_steps = graph.edges().iter().all(|&(u, v)| {
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

/// The declared symmetries ([`Graph::add_symmetry`]) that are automorphisms of the graph
/// mapping `ends` onto themselves, other than the identity: the program uses only these, so a
/// wrong symmetry costs speed, never the count.
pub(crate) fn automorphisms(graph: &Graph, ends: &[usize]) -> Vec<Vec<usize>> {
    let n = graph.n_vertices();
    let edges: std::collections::HashSet<(usize, usize)> = graph.edges().iter().copied().collect();
    let is_permutation = |map: &[usize]| {
        let mut seen = vec![false; n];
        map.len() == n
            && map
                .iter()
                .all(|&v| v < n && !std::mem::replace(&mut seen[v], true))
    };
    graph
        .symmetries()
        .iter()
        .filter(|map| {
            is_permutation(map)
                && map.iter().enumerate().any(|(v, &image)| v != image)
                && graph.edges().iter().all(|&(u, v)| {
                    let (a, b) = (map[u], map[v]);
                    edges.contains(&(a.min(b), a.max(b)))
                })
                && ends.iter().all(|e| ends.contains(&map[*e]))
        })
        .cloned()
        .collect()
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
        assert!(is_planar_sweep(&grid, &[0, 1, 2, 3, 4, 5]));
        assert!(is_planar_sweep(&grid, &[0, 3, 1, 4, 2, 5]));
        assert!(!is_planar_sweep(&grid, &[0, 4, 1, 3, 2, 5]));
        // A king's steps are no grid, whatever it declares; nor is a graph that declares none.
        assert!(!is_planar_sweep(&board(true), &[0, 1, 2, 3, 4, 5]));
        let mut undeclared = Graph::new(2);
        undeclared.add_edge(0, 1);
        assert!(!is_planar_sweep(&undeclared, &[0, 1]));
    }
}
