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
use pathsat_cnf::{ClauseSink, CountingSink, Lit, Var};
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

    fn size(&self, graph: &ArcGraph, _: ExactlyOneEncoding) -> Size {
        let mut sink = CountingSink::default();
        encode(graph, &mut sink);
        Size {
            variables: sink.n_vars as u64,
            clauses: sink.n_clauses as u64,
        }
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
    interfaces(&sweep(graph), graph.n_vertices)
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
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
