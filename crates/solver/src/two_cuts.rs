//! # Splitting a graph at a 2-edge cut
//!
//! A Hamiltonian cycle crosses every edge cut an even number of times, and at least twice: a cut
//! of two edges a–b and c–d (a and c on one side S, b and d on the other, T) is crossed by both.
//! The rest of the cycle is then a Hamiltonian path of S from a to c and one of T from b to d,
//! and the two paths do not depend on each other. So S with one new vertex joined to a and to c
//! (the *connector*: its two edges are forced, and it stands for T) has a Hamiltonian cycle
//! exactly when S has such a path, and likewise T with a connector joined to b and d: the graph
//! has a Hamiltonian cycle exactly when both pieces have one, and the two cycles, less their
//! connectors, with a–b and c–d, make it. Many FHCP graphs are gadgets strung together at such
//! cuts; solving the pieces one after the other is much faster than solving the whole
//! (`encodings/successor.md`). [`split`] finds a cut and builds the two pieces;
//! [`crate::portfolio::first_solution`] solves them (each split again where it can be) and
//! [`Split::join`] makes their cycles one.
//!
//! **Finding the cuts** by cycle-space labels: each edge outside a spanning tree gets a random
//! 64-bit label, and each tree edge the XOR of the labels of the outside edges whose cycles
//! through the tree pass over it. Two edges make a cut exactly when no cycle of the graph
//! passes through one and not the other, which is, but for a chance of 2⁻⁶⁴ a pair, when their
//! labels are equal. The edges of one label fall into a ring: without them the graph falls into
//! as many parts, each joined to the next by one of them. That ring is checked exactly before a
//! cut is taken from it (a collision of labels costs a search, never an answer), and the cut
//! taken is the one that divides the vertices of degree 3 or more most evenly.
//!
//! ## References
//! - H. Nagamochi, T. Ibaraki, *Algorithmic Aspects of Graph Connectivity*, 2008 (edge cuts
//!   and their cactus structure).
//! - M. Pătraşcu, M. Thorup, *Planning for fast connectivity updates*, FOCS 2007 (random XOR
//!   labels of the cycle space).

use pathsat_graph::Graph;
use pathsat_puzzle::{CellRule, Expect, Filling, Puzzle};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

/// The fewest vertices of degree 3 or more each side of a cut must have: a side of degree-2
/// vertices only is a forced path, which the reductions already fix.
const MIN_SIDE: usize = 2;

/// The most label classes examined for one cut (each costs a search of the graph).
const MAX_CLASSES: usize = 256;

/// A graph cut in two at a 2-edge cut: the two pieces, each with its connector as its last
/// vertex, and how their vertices map to the graph's.
pub struct Split {
    /// The two pieces (graph puzzles: closed tours of two-way moves without givens).
    pub pieces: [Puzzle; 2],
    /// For each piece, the graph's vertex of each of its vertices but the connector.
    originals: [Vec<usize>; 2],
    /// The cut edges, as (vertex in piece 0, vertex in piece 1) of the graph.
    cut: [(usize, usize); 2],
}

impl Split {
    /// The graph's tour (vertices in order) from a tour of each piece (each a filling of its
    /// piece: 1..=n on its vertices), or `None` when a piece's tour does not pass its connector
    /// between the two ends of the cut (a bug: the connector has only those two neighbours).
    pub fn join(&self, tours: [&Filling; 2]) -> Option<Vec<usize>> {
        let mut order = Vec::new();
        // Piece 0's path from the end of the first cut edge to the end of the second, then
        // piece 1's from the end of the second back to the end of the first.
        for (side, (from, to)) in [(0, (0, 1)), (1, (1, 0))] {
            let path = self.path(side, tours[side])?;
            let (start, end) = (self.cut[from], self.cut[to]);
            let (start, end) = if side == 0 {
                (start.0, end.0)
            } else {
                (start.1, end.1)
            };
            let path = if path.first() == Some(&start) && path.last() == Some(&end) {
                path
            } else if path.first() == Some(&end) && path.last() == Some(&start) {
                path.into_iter().rev().collect()
            } else {
                return None;
            };
            order.extend(path);
        }
        Some(order)
    }

    /// A piece's tour less its connector, as the graph's vertices, from one neighbour of the
    /// connector to the other.
    fn path(&self, side: usize, tour: &Filling) -> Option<Vec<usize>> {
        let original = &self.originals[side];
        let connector = original.len();
        let values = tour.values();
        if values.len() != connector + 1 {
            return None;
        }
        let mut order = vec![0usize; values.len()];
        for (vertex, &value) in values.iter().enumerate() {
            *order.get_mut((value as usize).checked_sub(1)?)? = vertex;
        }
        let at = order.iter().position(|&v| v == connector)?;
        order.rotate_left(at + 1);
        order.pop();
        Some(order.into_iter().map(|v| original[v]).collect())
    }
}

/// The graph of `puzzle` (a closed tour of two-way moves without givens, see
/// [`crate::edge_loop::EdgeLoop::applies`]) cut in two at a 2-edge cut with at least two
/// vertices of degree 3 or more on each side, or `None` when it has none (or has a bridge,
/// which the reductions answer).
pub fn split(puzzle: &Puzzle) -> Option<Split> {
    let n = puzzle.n_cells();
    let mut graph = Graph::new(n);
    graph.add_edges((0..n).flat_map(|u| {
        puzzle
            .successors(u)
            .iter()
            .filter(move |&&v| u < v)
            .map(move |&v| (u, v))
    }));
    let cuts = Cuts { graph: &graph };
    let (a, b) = cuts.best_cut()?;
    Some(cuts.cut_at(puzzle.name(), a, b))
}

/// The search for 2-edge cuts of a graph (pathsat's one graph type, its edges numbered).
struct Cuts<'g> {
    graph: &'g Graph,
}

impl Cuts<'_> {
    /// The cycle-space labels of the edges (see the module docs), or `None` when the graph is
    /// not connected.
    fn labels(&self) -> Option<Vec<u64>> {
        let n = self.graph.n_vertices();
        let mut parent_edge = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        let mut order = vec![0];
        seen[0] = true;
        let mut next = 0;
        while let Some(&u) = order.get(next) {
            next += 1;
            for &(v, e) in self.graph.incident(u) {
                if !seen[v] {
                    seen[v] = true;
                    parent_edge[v] = e;
                    order.push(v);
                }
            }
        }
        if order.len() < n {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(0x2C07);
        let mut label = vec![0u64; self.graph.n_edges()];
        let mut sum = vec![0u64; n];
        let tree: Vec<bool> = {
            let mut tree = vec![false; self.graph.n_edges()];
            for &e in parent_edge.iter().filter(|&&e| e != usize::MAX) {
                tree[e] = true;
            }
            tree
        };
        for (e, &(u, v)) in self.graph.edges().iter().enumerate() {
            if !tree[e] {
                label[e] = rng.random();
                sum[u] ^= label[e];
                sum[v] ^= label[e];
            }
        }
        // Leaves first: a tree edge carries the labels of the outside edges below it.
        for &v in order.iter().skip(1).rev() {
            let e = parent_edge[v];
            label[e] = sum[v];
            let (a, b) = self.graph.edge(e);
            sum[a ^ b ^ v] ^= sum[v];
        }
        Some(label)
    }

    /// The two edges of the most even cut: the most vertices of degree 3 or more on its
    /// lighter side, at least [`MIN_SIDE`].
    fn best_cut(&self) -> Option<(usize, usize)> {
        let labels = self.labels()?;
        let mut classes: HashMap<u64, Vec<usize>> = HashMap::new();
        for (e, &label) in labels.iter().enumerate() {
            classes.entry(label).or_default().push(e);
        }
        if classes.contains_key(&0) {
            return None; // a bridge: no Hamiltonian cycle, the reductions say so
        }
        let mut classes: Vec<Vec<usize>> = classes.into_values().filter(|c| c.len() >= 2).collect();
        classes.sort_unstable();
        let weight: Vec<usize> = (0..self.graph.n_vertices())
            .map(|v| usize::from(self.graph.degree(v) >= 3))
            .collect();
        let mut best: Option<(usize, (usize, usize))> = None;
        for class in classes
            .iter()
            .filter(|c| !self.around_one_vertex(c))
            .take(MAX_CLASSES)
        {
            let Some(ring) = self.ring(class, &weight) else {
                continue;
            };
            if let Some((lighter, cut)) = ring.most_even() {
                if lighter >= MIN_SIDE && best.is_none_or(|(w, _)| lighter > w) {
                    best = Some((lighter, cut));
                }
            }
        }
        best.map(|(_, cut)| cut)
    }

    /// Whether the class is the two edges of one vertex of degree 2 (a trivial cut).
    fn around_one_vertex(&self, class: &[usize]) -> bool {
        let [e, f] = class else {
            return false;
        };
        let (a, b) = self.graph.edge(*e);
        let (c, d) = self.graph.edge(*f);
        a == c || a == d || b == c || b == d
    }

    /// The ring of parts the class's edges leave, checked: every part joined to two others
    /// (or, with two edges, to the other twice) by the class's edges alone, and each part's
    /// weight.
    fn ring(&self, class: &[usize], weight: &[usize]) -> Option<Ring> {
        let n = self.graph.n_vertices();
        let mut removed = vec![false; self.graph.n_edges()];
        for &e in class {
            removed[e] = true;
        }
        let mut part = vec![usize::MAX; n];
        let mut weights = Vec::new();
        for start in 0..n {
            if part[start] != usize::MAX {
                continue;
            }
            let id = weights.len();
            let mut total = 0;
            let mut stack = vec![start];
            part[start] = id;
            while let Some(u) = stack.pop() {
                total += weight[u];
                for &(v, e) in self.graph.incident(u) {
                    if !removed[e] && part[v] == usize::MAX {
                        part[v] = id;
                        stack.push(v);
                    }
                }
            }
            weights.push(total);
        }
        let k = class.len();
        if weights.len() != k {
            return None;
        }
        // Each part's two class edges.
        let mut ends = vec![Vec::new(); k];
        for &e in class {
            let (u, v) = self.graph.edge(e);
            if part[u] == part[v] {
                return None;
            }
            ends[part[u]].push(e);
            ends[part[v]].push(e);
        }
        if ends.iter().any(|list| list.len() != 2) {
            return None;
        }
        // Round the ring from the part of class[0]'s second end.
        let (mut edge, mut at) = (class[0], part[self.graph.edge(class[0]).1]);
        let mut parts = Vec::with_capacity(k);
        let mut links = Vec::with_capacity(k);
        for _ in 0..k {
            parts.push(at);
            let out = if ends[at][0] == edge {
                ends[at][1]
            } else {
                ends[at][0]
            };
            links.push(out);
            let (u, v) = self.graph.edge(out);
            at = if part[u] == at { part[v] } else { part[u] };
            edge = out;
        }
        if edge != class[0] || {
            let mut sorted = parts.clone();
            sorted.sort_unstable();
            sorted.dedup();
            sorted.len() != k
        } {
            return None;
        }
        Some(Ring {
            weights: parts.iter().map(|&p| weights[p]).collect(),
            links,
        })
    }

    /// The two pieces of the graph cut at edges `a` and `b` (a genuine cut, from a checked
    /// ring).
    fn cut_at(&self, name: &str, a: usize, b: usize) -> Split {
        let n = self.graph.n_vertices();
        // Side 0: the vertices reached from a's first end without a or b.
        let mut side = vec![1u8; n];
        let start = self.graph.edge(a).0;
        side[start] = 0;
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            for &(v, e) in self.graph.incident(u) {
                if e != a && e != b && side[v] == 1 {
                    side[v] = 0;
                    stack.push(v);
                }
            }
        }
        let oriented = |e: usize| {
            let (u, v) = self.graph.edge(e);
            if side[u] == 0 {
                (u, v)
            } else {
                (v, u)
            }
        };
        let cut = [oriented(a), oriented(b)];
        let mut originals: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let mut index = vec![0usize; n];
        for v in 0..n {
            let s = usize::from(side[v]);
            index[v] = originals[s].len();
            originals[s].push(v);
        }
        let pieces = [0, 1].map(|s| {
            let size = originals[s].len();
            let mut edges: Vec<(usize, usize)> = self
                .graph
                .edges()
                .iter()
                .filter(|&&(u, v)| usize::from(side[u]) == s && usize::from(side[v]) == s)
                .map(|&(u, v)| (index[u], index[v]))
                .collect();
            for &(end0, end1) in &cut {
                let end = if s == 0 { end0 } else { end1 };
                edges.push((index[end], size));
            }
            Puzzle::graph(
                format!("{name} (piece of {} vertices)", size + 1),
                size + 1,
                &edges,
                false,
                true,
                vec![CellRule::Free; size + 1],
                Expect::default(),
            )
            .expect("a piece's edges join its own vertices")
        });
        Split {
            pieces,
            originals,
            cut,
        }
    }
}

/// The parts a class of cut edges leaves, in order round the ring: `links[i]` joins part `i`
/// to part `i + 1` (and the last to the first).
struct Ring {
    weights: Vec<usize>,
    links: Vec<usize>,
}

impl Ring {
    /// The two links whose cut leaves the heaviest lighter side, and that side's weight.
    fn most_even(&self) -> Option<(usize, (usize, usize))> {
        let k = self.weights.len();
        let total: usize = self.weights.iter().sum();
        let mut best: Option<(usize, (usize, usize))> = None;
        for i in 0..k {
            let mut arc = 0;
            for j in i + 1..k {
                // Cutting links i and j leaves parts i+1..=j on one side.
                arc += self.weights[j];
                let lighter = arc.min(total - arc);
                if best.is_none_or(|(w, _)| lighter > w) {
                    best = Some((lighter, (self.links[i], self.links[j])));
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::verify;

    use crate::tests::graph;

    /// Two copies of K4 (vertices 0..4 and 4..8) joined by 0–4 and 1–5: a 2-edge cut.
    fn two_k4() -> Puzzle {
        let mut edges = Vec::new();
        for base in [0, 4] {
            for u in 0..4 {
                for v in u + 1..4 {
                    edges.push((base + u, base + v));
                }
            }
        }
        edges.extend([(0, 4), (1, 5)]);
        graph(8, &edges)
    }

    #[test]
    fn finds_the_cut_between_two_gadgets() {
        let split = split(&two_k4()).expect("a 2-edge cut");
        assert_eq!(split.pieces.map(|p| p.n_cells()), [5, 5]);
        let mut cut = split.cut.to_vec();
        cut.sort_unstable();
        assert_eq!(cut, [(0, 4), (1, 5)]);
    }

    #[test]
    fn no_cut_in_three_edge_connected_graphs() {
        // K4, the Petersen graph, a knight's board: no 2-edge cut.
        let mut k4 = Vec::new();
        for u in 0..4 {
            for v in u + 1..4 {
                k4.push((u, v));
            }
        }
        assert!(split(&graph(4, &k4)).is_none());
        assert!(split(&crate::tests::petersen()).is_none());
        let board = Puzzle::blank(6, 6, pathsat_puzzle::Moves::Knight, true).unwrap();
        assert!(split(&board).is_none());
        // A cycle: every pair of edges is a cut, but no side has a vertex of degree 3.
        let ring: Vec<(usize, usize)> = (0..8).map(|i| (i, (i + 1) % 8)).collect();
        assert!(split(&graph(8, &ring)).is_none());
    }

    /// Tours of the pieces, found by brute force, join into tours of the graph that pass the
    /// verifier, on gadgets strung in a ring.
    #[test]
    fn joined_tours_are_tours_of_the_graph() {
        // Three K4s in a ring: K4 i's vertex 1 joined to K4 i+1's vertex 0 (three links, any
        // two of them a 2-edge cut).
        let mut edges = Vec::new();
        for g in 0..3 {
            let base = 4 * g;
            for u in 0..4 {
                for v in u + 1..4 {
                    edges.push((base + u, base + v));
                }
            }
            edges.push((base + 1, (base + 4) % 12));
        }
        let p = graph(12, &edges);
        let split = split(&p).expect("a cut");
        let tours = split
            .pieces
            .clone()
            .map(|piece| brute_force_tour(&piece).unwrap());
        let order = split.join([&tours[0], &tours[1]]).unwrap();
        let mut values = vec![0u32; 12];
        for (i, &v) in order.iter().enumerate() {
            values[v] = i as u32 + 1;
        }
        assert_eq!(verify(&p, &Filling::from_values(values)), Ok(()));
    }

    /// A Hamiltonian cycle of a small graph by trying every order (1 on vertex 0).
    fn brute_force_tour(p: &Puzzle) -> Option<Filling> {
        use itertools::Itertools;
        let n = p.n_cells();
        (1..n).permutations(n - 1).find_map(|rest| {
            let mut values = vec![0u32; n];
            values[0] = 1;
            for (i, &v) in rest.iter().enumerate() {
                values[v] = i as u32 + 2;
            }
            let f = Filling::from_values(values);
            (verify(p, &f) == Ok(())).then_some(f)
        })
    }
}
