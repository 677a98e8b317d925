//! Transitive closure: t(u, v) for every ordered pair of distinct non-root vertices, "u
//! reaches v along the chosen arcs". An arc u → v gives t(u, v); t(u, w) and an arc w → v give
//! t(u, v); t(u, w) and an arc w → u close a cycle through u, which is forbidden. Only the
//! implications that build reachability are written, so t may be true beyond what the arcs
//! reach: count models projected on the arcs. Quadratic in the vertices, and N − 1 clauses
//! per arc: the textbook encoding, for teaching and small graphs.

use super::{non_root_index, ArcGraph, Size, SubtourRule};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{ClauseSink, Lit, Var};

/// Reachability between every pair of non-root vertices.
pub(super) struct Closure;

impl SubtourRule for Closure {
    fn name(&self) -> &'static str {
        "closure"
    }

    fn size(&self, graph: &ArcGraph, _: ExactlyOneEncoding) -> Size {
        size(graph)
    }

    fn encode(&self, graph: &ArcGraph, _: ExactlyOneEncoding, sink: &mut dyn ClauseSink) {
        encode(graph, sink);
    }

    fn aux_determined(&self) -> bool {
        false
    }
}

fn size(graph: &ArcGraph) -> Size {
    let n = graph.n_vertices as u64;
    if n < 2 {
        return Size::default();
    }
    let (inner, _) = graph.counts();
    Size {
        variables: (n - 1) * (n - 2),
        clauses: inner * (n - 1),
    }
}

fn encode<S: ClauseSink + ?Sized>(graph: &ArcGraph, sink: &mut S) {
    let n = graph.n_vertices;
    if n < 2 {
        return;
    }
    let index = non_root_index(graph);
    let base = sink.n_vars();
    for _ in 0..(n - 1) * (n - 2) {
        sink.new_var();
    }
    let t = |u: usize, v: usize| -> Lit {
        let (iu, iv) = (index[u], index[v]);
        let column = if iv > iu { iv - 1 } else { iv };
        Var::from_index(base + iu * (n - 2) + column).positive()
    };
    let inner: Vec<(usize, usize, Var)> = graph.inner().collect();
    for u in (0..n).filter(|&u| u != graph.root) {
        for &(w, v, a) in &inner {
            if w == u {
                sink.add_clause(&[a.negative(), t(u, v)]);
            } else if v == u {
                sink.add_clause(&[!t(u, w), a.negative()]);
            } else {
                sink.add_clause(&[!t(u, w), a.negative(), t(u, v)]);
            }
        }
    }
}
