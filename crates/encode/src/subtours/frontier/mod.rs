//! Connectivity along a sweep: the frontier program's states as clauses. The edges are taken
//! in the order of a sweep with a small frontier (`pathsat_frontier::vertex_order`); after each
//! edge, c(u, v) for every pair of *active* vertices (those with an edge taken and one still to
//! come) says "u and v are joined by chosen arcs taken so far". A chosen arc a – b gives
//! c(u, v) when u is a or joined to a and v is b or joined to b; a pair already joined stays
//! joined. An arc between two joined vertices closes a cycle, which sets the flag `done`; after
//! `done` no arc may be chosen, and `done` must be set by the last edge. A cover of two cycles
//! closes the first before the second's last arc, which `done` then forbids: a model is one
//! cycle through every vertex, whatever the root.
//!
//! Only the implications that build c and `done` are written, so they may be true beyond what
//! the arcs join: count models projected on the arcs. Size: about w²/2 variables and a few w²
//! clauses per edge for a frontier of w vertices, so the rule is for graphs of small pathwidth
//! (the generalized Petersen graphs, the flower snarks, boards a few cells wide), where the
//! solver's refutation follows the sweep: CaDiCaL refutes GP(47, 2) in a few thousand
//! conflicts, where the lazy cut loop needs 5,000 cuts.
//!
//! This is the frontier-based idea of Knuth's SIMPATH and of Minato's frontier-based search
//! (the mate array), written as clauses in the way of the "path decomposition" encodings of
//! connectivity; `encodings/successor-frontier.md` explains it.

use super::{ArcGraph, Size, SubtourRule};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{ClauseSink, Lit, Var};
use pathsat_frontier::{vertex_order_within, Graph};

mod refutation;
pub use refutation::{refutation, Refutation, SweepLimits};

/// Connectivity of the active vertices after each edge of a sweep.
pub(super) struct Frontier;

/// The widest frontier worth a search for a good order: past it the rule is far too large to
/// use, and the vertices are swept in their own order (it stays correct, only larger).
const ORDER_CAP: usize = 64;

impl SubtourRule for Frontier {
    fn name(&self) -> &'static str {
        "frontier"
    }

    /// Counted from the sweep's active vertices alone ([`sweep_size`]): the order is found, no
    /// clause is built, so a graph far too wide is refused in about the time of its order.
    fn size(&self, graph: &ArcGraph, _: ExactlyOneEncoding) -> Size {
        sweep_size(&sweep(graph), graph.n_vertices)
    }

    fn encode(&self, graph: &ArcGraph, _: ExactlyOneEncoding, sink: &mut dyn ClauseSink) {
        encode(graph, sink);
    }

    fn aux_determined(&self) -> bool {
        false
    }
}

/// An edge of the sweep: its ends and the variables of its arcs (one or both directions).
struct Edge {
    a: usize,
    b: usize,
    arcs: Vec<Var>,
}

/// The most interface edges of the sweep of `graph` (edges taken with an end still active): what
/// the refutation's states are sets of, found without writing a clause, so that a caller can
/// leave a wide graph before encoding it.
pub fn interface_width(graph: &ArcGraph) -> usize {
    let edges = sweep(graph);
    let mut to_come = degrees(&edges, graph.n_vertices);
    let mut interface: Vec<usize> = Vec::new();
    let mut widest = 0;
    for (i, e) in edges.iter().enumerate() {
        to_come[e.a] -= 1;
        to_come[e.b] -= 1;
        interface.push(i);
        interface.retain(|&j| to_come[edges[j].a] > 0 || to_come[edges[j].b] > 0);
        widest = widest.max(interface.len());
    }
    widest
}

/// What [`encode`] writes for the sweep `edges` of a graph on `n` vertices, counted without
/// writing it. The pairs of active vertices after an edge a – b are of four kinds (two others,
/// an other with a, an other with b, a with b), and the clauses each pair gets depend only on
/// whether a and b were active before the edge, so each edge is counted in constant time; the
/// unit tests hold the count to what [`encode`] writes.
fn sweep_size(edges: &[Edge], n: usize) -> Size {
    let pairs = |k: u64| k * k.saturating_sub(1) / 2;
    let degree = degrees(edges, n);
    // The edge variables with their arc clauses, and the degree clauses.
    let mut variables = edges.len() as u64;
    let mut clauses: u64 = edges.iter().map(|e| e.arcs.len() as u64 + 1).sum();
    if n >= 3 {
        clauses += degree
            .iter()
            .filter(|d| (2..=DEGREE_CLAUSES_MAX).contains(d))
            .map(|&d| d as u64 + (d as u64) * pairs(d as u64 - 1) / 3)
            .sum::<u64>();
    }
    let mut to_come = degree;
    let mut seen = vec![false; n];
    let mut active = 0u64;
    for (i, e) in edges.iter().enumerate() {
        let (a_before, b_before) = (seen[e.a], seen[e.b]);
        seen[e.a] = true;
        seen[e.b] = true;
        to_come[e.a] -= 1;
        to_come[e.b] -= 1;
        let (a_after, b_after) = (to_come[e.a] > 0, to_come[e.b] > 0);
        let both = u64::from(a_before && b_before);
        let (a_old, b_old) = (u64::from(a_before), u64::from(b_before));
        // `done`, its chain from the edge before, and the two ways to close a cycle.
        variables += 1;
        clauses += if i > 0 { 2 } else { 0 } + both + u64::from(e.arcs.len() == 2);
        // The active vertices other than a and b stay active.
        let others = active - a_old - b_old;
        let after = others + u64::from(a_after) + u64::from(b_after);
        variables += pairs(after);
        clauses += pairs(others) * (1 + 2 * both);
        clauses += others * (a_old + b_old + both) * (u64::from(a_after) + u64::from(b_after));
        if a_after && b_after {
            clauses += 1 + 2 * both;
        }
        active = after;
    }
    if !edges.is_empty() {
        clauses += 1;
    }
    Size { variables, clauses }
}

/// How many of `edges` each of the `n` vertices has.
fn degrees(edges: &[Edge], n: usize) -> Vec<usize> {
    let mut degree = vec![0usize; n];
    for e in edges {
        degree[e.a] += 1;
        degree[e.b] += 1;
    }
    degree
}

/// The interface after each number of the sweep's `edges` (from none to all): the edges taken
/// with an end that has edges still to come, by their place in `edges`.
fn interfaces(edges: &[Edge], n: usize) -> Vec<Vec<usize>> {
    let mut to_come = degrees(edges, n);
    let mut all = vec![Vec::new()];
    for (i, e) in edges.iter().enumerate() {
        to_come[e.a] -= 1;
        to_come[e.b] -= 1;
        let mut interface = all[i].clone();
        interface.push(i);
        interface.retain(|&j: &usize| to_come[edges[j].a] > 0 || to_come[edges[j].b] > 0);
        all.push(interface);
    }
    all
}

/// The edges of `graph` (arcs in either direction merged) in sweep order: each vertex in turn
/// with its edges back to the vertices before it.
fn sweep(graph: &ArcGraph) -> Vec<Edge> {
    let n = graph.n_vertices;
    let mut by_pair: std::collections::BTreeMap<(usize, usize), Vec<Var>> = Default::default();
    for (i, &(u, v)) in graph.arcs.iter().enumerate() {
        if u != v {
            by_pair
                .entry((u.min(v), u.max(v)))
                .or_default()
                .push(graph.var(i));
        }
    }
    let order = sweep_order(n, by_pair.keys().copied().collect());
    let mut place = vec![0; n];
    for (i, &v) in order.iter().enumerate() {
        place[v] = i;
    }
    let mut edges: Vec<Edge> = by_pair
        .into_iter()
        .map(|((a, b), arcs)| Edge { a, b, arcs })
        .collect();
    edges.sort_by_key(|e| {
        let (early, late) = (place[e.a].min(place[e.b]), place[e.a].max(place[e.b]));
        (late, early)
    });
    edges
}

/// A sweep order of the graph on `n` vertices with `edges` (each as (smaller, larger)). The
/// rule is sized, written and refuted from the same graph in turn, so the last order found
/// is kept for the next call on the same thread (the search is most of the rule's time).
fn sweep_order(n: usize, edges: Vec<(usize, usize)>) -> Vec<usize> {
    type Key = (usize, Vec<(usize, usize)>);
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Key, Vec<usize>)>> = const { std::cell::RefCell::new(None) };
    }
    let key = (n, edges);
    if let Some(order) = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, order)| order.clone())
    }) {
        return order;
    }
    let mut undirected = Graph::new(n);
    undirected.add_edges(key.1.iter().copied());
    let order = vertex_order_within(&undirected, ORDER_CAP).unwrap_or_else(|| (0..n).collect());
    LAST.set(Some((key, order.clone())));
    order
}

/// What is known of "u is joined to v" before an edge: the same vertex, a variable, or never
/// (one of them had no edge yet).
#[derive(Clone, Copy)]
enum Joined {
    Same,
    If(Lit),
    Never,
}

/// The pairs of active vertices after one edge, with their variables.
#[derive(Default)]
struct Active {
    vertices: Vec<usize>,
    /// `joined[i * k + j]` for the i-th and j-th of `vertices` (i < j), k = their number.
    joined: Vec<Option<Lit>>,
}

impl Active {
    fn joined(&self, u: usize, v: usize) -> Joined {
        if u == v {
            return Joined::Same;
        }
        let place = |x| self.vertices.iter().position(|&w| w == x);
        let (Some(i), Some(j)) = (place(u), place(v)) else {
            return Joined::Never;
        };
        let k = self.vertices.len();
        match self.joined[i.min(j) * k + i.max(j)] {
            Some(l) => Joined::If(l),
            None => Joined::Never,
        }
    }
}

/// The variables the rule wrote, for [`refutation`]: the sweep's edges with their variables,
/// and after each edge its `done` flag and the active vertices with their `joined` variables.
struct Layout {
    edges: Vec<Edge>,
    chosen: Vec<Lit>,
    /// `active[i]`: after the first i edges (`active[0]` is empty).
    active: Vec<Active>,
    /// Whether the vertex's degree is written in edges ([`degree_two`]).
    degree_clauses: Vec<bool>,
}

fn encode<S: ClauseSink + ?Sized>(graph: &ArcGraph, sink: &mut S) -> Layout {
    let edges = sweep(graph);
    let mut to_come = degrees(&edges, graph.n_vertices);
    let chosen: Vec<Lit> = edges.iter().map(|e| edge_variable(e, sink)).collect();
    let degree_clauses = degree_two(graph.n_vertices, &edges, &chosen, sink);
    let mut layers_active = Vec::with_capacity(edges.len());
    let mut before = Active::default();
    let mut done_before: Option<Lit> = None;
    for (e, &chosen) in edges.iter().zip(&chosen) {
        to_come[e.a] -= 1;
        to_come[e.b] -= 1;
        let done = sink.new_lit();
        if let Some(d) = done_before {
            sink.add_clause(&[!d, done]);
            sink.add_clause(&[!d, !chosen]);
        }
        // An arc between joined ends, or both arcs of the edge, close a cycle.
        if let Joined::If(ab) = before.joined(e.a, e.b) {
            sink.add_clause(&[!chosen, !ab, done]);
        }
        if let [there, back] = e.arcs[..] {
            sink.add_clause(&[there.negative(), back.negative(), done]);
        }
        let mut vertices: Vec<usize> = before.vertices.clone();
        for x in [e.a, e.b] {
            if !vertices.contains(&x) {
                vertices.push(x);
            }
        }
        vertices.retain(|&x| to_come[x] > 0);
        let k = vertices.len();
        let mut after = Active {
            vertices,
            joined: vec![None; k * k],
        };
        for i in 0..k {
            for j in i + 1..k {
                let (u, v) = (after.vertices[i], after.vertices[j]);
                let c = sink.new_lit();
                after.joined[i * k + j] = Some(c);
                if let Joined::If(old) = before.joined(u, v) {
                    sink.add_clause(&[!old, c]);
                }
                for (p, q) in [(e.a, e.b), (e.b, e.a)] {
                    let mut clause = Vec::with_capacity(4);
                    let mut possible = true;
                    for (x, y) in [(u, p), (q, v)] {
                        match before.joined(x, y) {
                            Joined::Same => {}
                            Joined::If(l) => clause.push(!l),
                            Joined::Never => possible = false,
                        }
                    }
                    if possible {
                        clause.extend([!chosen, c]);
                        sink.add_clause(&clause);
                    }
                }
            }
        }
        layers_active.push(std::mem::replace(&mut before, after));
        done_before = Some(done);
    }
    if let Some(d) = done_before {
        sink.add_clause(&[d]);
    }
    layers_active.push(before);
    Layout {
        edges,
        chosen,
        active: layers_active,
        degree_clauses,
    }
}

/// The edge's variable: its arc chosen in either direction.
fn edge_variable<S: ClauseSink + ?Sized>(e: &Edge, sink: &mut S) -> Lit {
    let chosen = sink.new_lit();
    let mut either = vec![!chosen];
    for &arc in &e.arcs {
        sink.add_clause(&[arc.negative(), chosen]);
        either.push(arc.positive());
    }
    sink.add_clause(&either);
    chosen
}

/// The most edges at a vertex for which its degree is also written in edges (two chosen):
/// the arcs' one in and one out imply it, but stated on the edges the sweep's clauses
/// propagate it; past this the clauses grow as the cube of the degree.
const DEGREE_CLAUSES_MAX: usize = 6;

/// Every vertex of two to [`DEGREE_CLAUSES_MAX`] edges has two of them chosen: of any d − 1
/// of its d edges one is chosen, and of any three one is not. Not on a graph of two vertices,
/// whose cycle is its one edge both ways; a vertex of fewer edges is the arcs' to refute.
fn degree_two<S: ClauseSink + ?Sized>(
    n: usize,
    edges: &[Edge],
    chosen: &[Lit],
    sink: &mut S,
) -> Vec<bool> {
    if n < 3 {
        return vec![false; n];
    }
    let mut at: Vec<Vec<Lit>> = vec![Vec::new(); n];
    for (e, &c) in edges.iter().zip(chosen) {
        at[e.a].push(c);
        at[e.b].push(c);
    }
    let written: Vec<bool> = at
        .iter()
        .map(|l| (2..=DEGREE_CLAUSES_MAX).contains(&l.len()))
        .collect();
    for (lits, _) in at.iter().zip(&written).filter(|(_, &w)| w) {
        let d = lits.len();
        for left_out in 0..d {
            let clause: Vec<Lit> = (0..d).filter(|&i| i != left_out).map(|i| lits[i]).collect();
            sink.add_clause(&clause);
        }
        for i in 0..d {
            for j in i + 1..d {
                for k in j + 1..d {
                    sink.add_clause(&[!lits[i], !lits[j], !lits[k]]);
                }
            }
        }
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::CountingSink;
    use rand::{RngExt, SeedableRng};

    /// Both arcs of every edge of a graph on `n` vertices.
    fn both_ways(edges: &[(usize, usize)]) -> Vec<(usize, usize)> {
        edges.iter().flat_map(|&(u, v)| [(u, v), (v, u)]).collect()
    }

    /// A random graph of `n` vertices and about `degree` edges a vertex (a ring, so that it is
    /// connected, and chords).
    fn random_graph(n: usize, degree: usize, seed: u64) -> Vec<(usize, usize)> {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
        let mut edges: Vec<(usize, usize)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
        for _ in 0..n * degree.saturating_sub(2) / 2 {
            let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
            if u != v && !edges.contains(&(u, v)) && !edges.contains(&(v, u)) {
                edges.push((u, v));
            }
        }
        edges
    }

    /// The `w` x `h` grid's edges.
    fn grid(w: usize, h: usize) -> Vec<(usize, usize)> {
        let mut edges = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if c + 1 < w {
                    edges.push((r * w + c, r * w + c + 1));
                }
                if r + 1 < h {
                    edges.push((r * w + c, (r + 1) * w + c));
                }
            }
        }
        edges
    }

    #[test]
    fn the_counted_size_is_what_the_rule_writes_on_larger_graphs() {
        let mut graphs: Vec<(usize, Vec<(usize, usize)>)> =
            vec![(30, grid(6, 5)), (48, grid(8, 6))];
        for (seed, n) in [(1, 20), (2, 40), (3, 70), (4, 120)] {
            graphs.push((n, both_ways(&random_graph(n, 3, seed))));
        }
        // One-way arcs too (a path's virtual vertex has arcs of one direction each).
        let mut one_way = random_graph(50, 4, 5);
        one_way.truncate(60);
        graphs.push((50, one_way));
        for (n, arcs) in graphs {
            let arcs = if arcs.iter().any(|&(u, v)| arcs.contains(&(v, u))) {
                arcs
            } else {
                arcs.into_iter().chain([(1, 0)]).collect()
            };
            let graph = ArcGraph {
                n_vertices: n,
                root: 0,
                arcs: &arcs,
                first: 0,
            };
            let mut sink = CountingSink {
                n_vars: arcs.len(),
                ..CountingSink::default()
            };
            encode(&graph, &mut sink);
            let written = Size {
                variables: (sink.n_vars - arcs.len()) as u64,
                clauses: sink.n_clauses as u64,
            };
            assert_eq!(
                Frontier.size(&graph, ExactlyOneEncoding::Hybrid),
                written,
                "n = {n}"
            );
        }
    }

    #[test]
    fn a_wide_graph_is_sized_without_building_the_rule() {
        // 3,000 vertices of degree about 3 at random: a frontier of hundreds, hundreds of
        // millions of clauses, counted from the sweep alone (building them would take
        // gigabytes and minutes).
        let arcs = both_ways(&random_graph(3_000, 3, 7));
        let graph = ArcGraph {
            n_vertices: 3_000,
            root: 0,
            arcs: &arcs,
            first: 0,
        };
        let size = Frontier.size(&graph, ExactlyOneEncoding::Hybrid);
        assert!(size.clauses > 30 * crate::subtours::SIZE_LIMIT, "{size:?}");
        assert!(interface_width(&graph) > 100);
    }
}
