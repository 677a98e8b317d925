//! Sweep orders with a small frontier: a greedy path decomposition with local improvement.
//!
//! The program's cost grows about exponentially with the frontier (the later vertices that have
//! an earlier neighbour), so an order is scored by `sum over steps of 3^(frontier after the
//! step)` ([`sweep_cost`]). [`vertex_order`] builds orders greedily from several starts — at
//! each step, the frontier vertex whose taking grows the frontier least, ties going to the
//! vertex that has been on the frontier longest (which makes a board sweep row by row) or to
//! the one with the fewest untaken neighbours — keeps the cheapest, then moves single vertices
//! to nearby places in the order while that lowers the cost. Finding the narrowest order (the vertex
//! separation number, equal to the pathwidth) is NP-hard; the greedy heuristic is the usual
//! practical answer (H. L. Bodlaender, *A tourist guide through treewidth*, 1993; Kinnersley,
//! *The vertex separation number of a graph equals its path-width*, 1992).

use crate::graph::Graph;
use crate::plan::frontier_sizes;

/// The cost of sweeping in `order`: the sum of 3 to the power of each frontier size.
pub(crate) fn sweep_cost(adjacent: &[Vec<usize>], order: &[usize]) -> f64 {
    frontier_sizes(adjacent, order)
        .into_iter()
        .map(|w| 3f64.powi(w as i32))
        .sum()
}

#[derive(Clone, Copy)]
enum Tie {
    Oldest,
    FewestOpen,
}

/// The greedy order from `start`; `None` as soon as its frontier holds more than `cap`
/// vertices.
fn greedy(adjacent: &[Vec<usize>], start: usize, tie: Tie, cap: usize) -> Option<Vec<usize>> {
    let n = adjacent.len();
    let mut taken = vec![false; n];
    // When each vertex joined the frontier (usize::MAX: not on it).
    let mut joined = vec![usize::MAX; n];
    // Untaken neighbours of each vertex.
    let mut open: Vec<usize> = adjacent.iter().map(Vec::len).collect();
    let mut frontier: Vec<usize> = Vec::new();
    let mut order = Vec::with_capacity(n);
    let mut clock = 0;
    let mut next_start = start;
    while order.len() < n {
        let v = if frontier.is_empty() {
            // A new component: its untaken vertex of least degree (the start first).
            if taken[next_start] {
                next_start = (0..n)
                    .filter(|&u| !taken[u])
                    .min_by_key(|&u| (adjacent[u].len(), u))
                    .expect("an untaken vertex");
            }
            next_start
        } else {
            let growth = |u: usize| {
                adjacent[u]
                    .iter()
                    .filter(|&&w| !taken[w] && joined[w] == usize::MAX)
                    .count()
            };
            *frontier
                .iter()
                .min_by_key(|&&u| {
                    let second = match tie {
                        Tie::Oldest => joined[u],
                        Tie::FewestOpen => open[u] * n + joined[u],
                    };
                    (growth(u), second, u)
                })
                .expect("a frontier vertex")
        };
        taken[v] = true;
        order.push(v);
        if joined[v] != usize::MAX {
            frontier.retain(|&u| u != v);
        }
        for &w in &adjacent[v] {
            open[w] -= 1;
            if !taken[w] && joined[w] == usize::MAX {
                joined[w] = clock;
                clock += 1;
                frontier.push(w);
            }
        }
        if frontier.len() > cap {
            return None;
        }
    }
    Some(order)
}

/// Moves single vertices of `order` to other places nearby (up to 12 positions away, which
/// includes swapping neighbours) while that lowers the cost, for a few passes at most (fewer
/// on big graphs, none beyond 2000 vertices).
fn improve(adjacent: &[Vec<usize>], order: &mut Vec<usize>) {
    let n = order.len();
    if n > 2000 {
        return;
    }
    const REACH: usize = 12;
    // Each try costs a sweep of the graph: at most about 2^28 vertex and edge visits in all.
    let size = n + adjacent.iter().map(Vec::len).sum::<usize>();
    let per_pass = n * 2 * REACH * size;
    let passes = ((1usize << 28) / per_pass.max(1)).min(16);
    let mut cost = sweep_cost(adjacent, order);
    for _ in 0..passes {
        let mut better = false;
        for i in 0..n {
            let lo = i.saturating_sub(REACH);
            let hi = (i + REACH).min(n - 1);
            let mut best: Option<(f64, usize)> = None;
            for j in lo..=hi {
                if j == i {
                    continue;
                }
                let v = order.remove(i);
                order.insert(j, v);
                let c = sweep_cost(adjacent, order);
                let v = order.remove(j);
                order.insert(i, v);
                if c < cost * (1.0 - 1e-12) && best.is_none_or(|(b, _)| c < b) {
                    best = Some((c, j));
                }
            }
            if let Some((c, j)) = best {
                let v = order.remove(i);
                order.insert(j, v);
                cost = c;
                better = true;
            }
        }
        if !better {
            break;
        }
    }
}

/// A sweep order of `graph`'s vertices with a small frontier: a greedy path decomposition
/// from several starts, improved locally. Deterministic.
pub fn vertex_order(graph: &Graph) -> Vec<usize> {
    vertex_order_within(graph, usize::MAX).expect("no cap on the frontier")
}

/// [`vertex_order`], given up as `None` when every greedy order's frontier grows past `cap`
/// vertices: for a graph far wider than the program can sweep, finding the best of such
/// orders would take minutes (a 300x300 king's board) to say no.
pub fn vertex_order_within(graph: &Graph, cap: usize) -> Option<Vec<usize>> {
    let adjacent = graph.adjacency();
    let n = adjacent.len();
    if n == 0 {
        return Some(Vec::new());
    }
    // Starts: every vertex of a small graph; else the vertices of least degree and those far
    // from the first vertex, at most 24.
    let starts: Vec<usize> = if n <= 300 {
        (0..n).collect()
    } else {
        let mut by_degree: Vec<usize> = (0..n).collect();
        by_degree.sort_by_key(|&u| (adjacent[u].len(), u));
        let mut starts: Vec<usize> = by_degree.into_iter().take(12).collect();
        let far = farthest(&adjacent, 0);
        starts.push(far);
        starts.push(farthest(&adjacent, far));
        starts.sort_unstable();
        starts.dedup();
        starts
    };
    let mut best: Option<(f64, Vec<usize>)> = None;
    for &s in &starts {
        for tie in [Tie::Oldest, Tie::FewestOpen] {
            let Some(order) = greedy(&adjacent, s, tie, cap) else {
                continue;
            };
            let cost = sweep_cost(&adjacent, &order);
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                best = Some((cost, order));
            }
        }
    }
    let (_, mut order) = best?;
    improve(&adjacent, &mut order);
    Some(order)
}

/// The vertex farthest from `from` by breadth-first search (in its component).
fn farthest(adjacent: &[Vec<usize>], from: usize) -> usize {
    let mut dist = vec![usize::MAX; adjacent.len()];
    dist[from] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    let mut last = from;
    while let Some(u) = queue.pop_front() {
        last = u;
        for &w in &adjacent[u] {
            if dist[w] == usize::MAX {
                dist[w] = dist[u] + 1;
                queue.push_back(w);
            }
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use web_time::Instant;

    /// A big board's order comes quickly (`count_fillings` computes one for every board).
    #[test]
    fn big_graphs_are_ordered_quickly() {
        for side in [30usize, 40] {
            let mut edges = Vec::new();
            for r in 0..side {
                for c in 0..side {
                    for (dr, dc) in [(1i64, 2i64), (2, 1), (2, -1), (1, -2)] {
                        let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                        if r2 < side as i64 && (0..side as i64).contains(&c2) {
                            edges.push((r * side + c, r2 as usize * side + c2 as usize));
                        }
                    }
                }
            }
            let mut g = Graph::new(side * side);
            g.add_edges(edges);
            let start = Instant::now();
            let order = vertex_order(&g);
            assert_eq!(order.len(), side * side);
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{side}: {:?}",
                start.elapsed()
            );
        }
    }
}
