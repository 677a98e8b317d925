//! Acyclicity by vertex elimination (Rankooh and Rintanen, AAAI 2022). The non-root vertices
//! are eliminated one at a time, fewest paths through them first. Eliminating v adds, for
//! each edge u → v and edge v → w still present, an edge u → w with the clause
//! e(u → v) ∧ e(v → w) → e(u → w), or, when w = u, the clause ¬e(u → v) ∨ ¬e(v → u). The
//! edges of the original graph are the arc variables; an added edge gets a fresh variable, and
//! when it doubles an arc, the arc implies it (the arc itself must stay free, since the
//! exactly-one constraints rule it). A cycle avoiding the root shrinks by one vertex at each
//! elimination of one of its vertices until it is a cycle of two, which is forbidden; acyclic
//! arcs satisfy every clause with the added edges set to reachability.
//!
//! The size is that of the elimination: small where the graph has a narrow elimination order
//! (grids, boards), up to cubic in the vertices where it has none (random cubic graphs). It is
//! measured by running the elimination into a counting sink before anything is written, and
//! that run stops as soon as it passes the limit, so that a graph with no narrow order is
//! refused in about the time and memory of the limit. The added edges are not fixed by the
//! arcs: count models projected on the arcs.

use super::{ArcGraph, Size, SubtourRule, SIZE_LIMIT};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{ClauseSink, CountingSink, Lit};

/// Acyclicity by vertex elimination.
pub(super) struct Elimination;

impl SubtourRule for Elimination {
    fn name(&self) -> &'static str {
        "elimination"
    }

    /// A run of the elimination into a counting sink, cut short past [`SIZE_LIMIT`] clauses.
    fn size(&self, graph: &ArcGraph, _: ExactlyOneEncoding) -> Size {
        size(graph, SIZE_LIMIT)
    }

    fn encode(&self, graph: &ArcGraph, _: ExactlyOneEncoding, sink: &mut dyn ClauseSink) {
        eliminate(graph, u64::MAX, sink);
    }

    fn aux_determined(&self) -> bool {
        false
    }
}
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

/// An edge of the graph being eliminated, and whether it is an arc of the successor encoding
/// (an added edge that doubles an arc replaces it).
#[derive(Clone, Copy, Debug)]
struct Edge {
    lit: Lit,
    is_arc: bool,
}

/// Runs the elimination of `graph`'s non-root vertices, writing into `sink`; stops once it has
/// written more than `limit` clauses.
fn eliminate<S: ClauseSink + ?Sized>(graph: &ArcGraph, limit: u64, sink: &mut S) {
    let n = graph.n_vertices;
    let mut out: Vec<BTreeMap<usize, Edge>> = vec![BTreeMap::new(); n];
    let mut into: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
    for (u, v, var) in graph.inner() {
        let edge = Edge {
            lit: var.positive(),
            is_arc: true,
        };
        out[u].insert(v, edge);
        into[v].insert(u);
    }
    let cost = |out: &[BTreeMap<usize, Edge>], into: &[BTreeSet<usize>], v: usize| {
        out[v].len() * into[v].len()
    };
    let mut alive: Vec<bool> = (0..n).map(|v| v != graph.root).collect();
    let mut queue: BinaryHeap<Reverse<(usize, usize)>> = (0..n)
        .filter(|&v| alive[v])
        .map(|v| Reverse((cost(&out, &into, v), v)))
        .collect();
    let written = sink.n_clauses();
    while let Some(Reverse((c, v))) = queue.pop() {
        if !alive[v] || c != cost(&out, &into, v) {
            continue; // eliminated, or queued again since with another cost
        }
        if (sink.n_clauses() - written) as u64 > limit {
            return;
        }
        alive[v] = false;
        let ins: Vec<usize> = into[v].iter().copied().collect();
        let outs: Vec<(usize, Edge)> = out[v].iter().map(|(&w, &e)| (w, e)).collect();
        for &u in &ins {
            let uv = out[u][&v].lit;
            for &(w, vw) in &outs {
                if u == w {
                    sink.add_clause(&[!uv, !vw.lit]);
                    continue;
                }
                let uw = match out[u].get(&w).copied() {
                    Some(edge) if !edge.is_arc => edge.lit,
                    doubled => {
                        let added = sink.new_lit();
                        if let Some(arc) = doubled {
                            sink.add_clause(&[!arc.lit, added]);
                        }
                        let edge = Edge {
                            lit: added,
                            is_arc: false,
                        };
                        out[u].insert(w, edge);
                        into[w].insert(u);
                        added
                    }
                };
                sink.add_clause(&[!uv, !vw.lit, uw]);
            }
        }
        for &u in &ins {
            out[u].remove(&v);
        }
        for &(w, _) in &outs {
            into[w].remove(&v);
        }
        for u in ins.into_iter().chain(outs.into_iter().map(|(w, _)| w)) {
            queue.push(Reverse((cost(&out, &into, u), u)));
        }
    }
}

/// The size of the elimination, or a size past `limit` clauses when it would go beyond.
fn size(graph: &ArcGraph, limit: u64) -> Size {
    let mut counting = CountingSink {
        n_vars: graph.first + graph.arcs.len(),
        ..CountingSink::default()
    };
    eliminate(graph, limit, &mut counting);
    Size {
        variables: (counting.n_vars - graph.first - graph.arcs.len()) as u64,
        clauses: counting.n_clauses as u64,
    }
}
