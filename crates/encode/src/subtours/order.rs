//! Positions along the cycle: the root holds 0, and an arc u → v between non-root vertices
//! says p(v) = p(u) + 1, an arc from the root p(v) = 1. A cycle that avoids the root would need
//! positions that go up by one at every arc and come back where they started, which no
//! assignment of numbers gives; the positions of a Hamiltonian cycle are its distances from
//! the root, so it has exactly one extension.
//!
//! - *Unary* (order encoding): o(v, k) = [p(v) ≥ k] for 2 ≤ k ≤ N − 1, with the ladder
//!   o(v, k + 1) → o(v, k); p(v) = p(u) + 1 is [p(v) ≥ k + 1] ↔ [p(u) ≥ k] for every k.
//! - *Binary* ("binary adder"): p(v) in B bits, B the bit length of N − 1, with a carry chain
//!   per vertex (c(v, i): bits 0..i of p(v) are all 1), and bit i of p(v) = bit i of p(u) xor
//!   c(u, i). Positions are taken modulo 2^B; a cycle avoiding the root has fewer than
//!   N ≤ 2^B arcs, so it cannot wrap round to where it began either.

use super::{non_root_index, ArcGraph, Size, SubtourRule};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{ClauseSink, Lit, Var};

/// Positions in the order encoding.
pub(super) struct Unary;

impl SubtourRule for Unary {
    fn name(&self) -> &'static str {
        "unary"
    }

    fn size(&self, graph: &ArcGraph, _: ExactlyOneEncoding) -> Size {
        unary_size(graph)
    }

    fn encode(&self, graph: &ArcGraph, _: ExactlyOneEncoding, sink: &mut dyn ClauseSink) {
        unary(graph, sink);
    }

    fn aux_determined(&self) -> bool {
        true
    }
}

/// Positions in binary, incremented by carries.
pub(super) struct Binary;

impl SubtourRule for Binary {
    fn name(&self) -> &'static str {
        "binary"
    }

    fn size(&self, graph: &ArcGraph, _: ExactlyOneEncoding) -> Size {
        binary_size(graph)
    }

    fn encode(&self, graph: &ArcGraph, _: ExactlyOneEncoding, sink: &mut dyn ClauseSink) {
        binary(graph, sink);
    }

    fn aux_determined(&self) -> bool {
        true
    }
}

/// Allocates `count` variables and returns the index of the first.
fn fresh<S: ClauseSink + ?Sized>(sink: &mut S, count: usize) -> usize {
    let base = sink.n_vars();
    for _ in 0..count {
        sink.new_var();
    }
    base
}

fn unary_size(graph: &ArcGraph) -> Size {
    let n = graph.n_vertices as u64;
    if n < 3 {
        // At most one non-root vertex: no inner arcs, no bits (a lone vertex holds 1).
        return Size::default();
    }
    let (inner, from_root) = graph.counts();
    Size {
        variables: (n - 1) * (n - 2),
        clauses: (n - 1) * (n - 3) + from_root + inner * (2 * n - 4),
    }
}

fn unary<S: ClauseSink + ?Sized>(graph: &ArcGraph, sink: &mut S) {
    let n = graph.n_vertices;
    if n < 3 {
        return;
    }
    let index = non_root_index(graph);
    let bits = n - 2;
    let base = fresh(sink, (n - 1) * bits);
    // o(v, k) = [p(v) ≥ k], for 2 ≤ k ≤ n − 1.
    let o =
        |v: usize, k: usize| -> Lit { Var::from_index(base + index[v] * bits + k - 2).positive() };
    for v in (0..n).filter(|&v| v != graph.root) {
        for k in 2..n - 1 {
            sink.add_clause(&[!o(v, k + 1), o(v, k)]);
        }
    }
    for (v, a) in graph.root_arcs() {
        sink.add_clause(&[a.negative(), !o(v, 2)]);
    }
    for (u, v, a) in graph.inner() {
        let a = a.negative();
        // [p(v) ≥ k + 1] ↔ [p(u) ≥ k]: k = 1 (p(u) ≥ 1 always), 2 ≤ k ≤ n − 2, k = n − 1
        // (p(v) ≥ n never).
        sink.add_clause(&[a, o(v, 2)]);
        for k in 2..n - 1 {
            sink.add_clause(&[a, !o(u, k), o(v, k + 1)]);
            sink.add_clause(&[a, !o(v, k + 1), o(u, k)]);
        }
        sink.add_clause(&[a, !o(u, n - 1)]);
    }
}

/// B: the bits of a position, 1 ≤ p ≤ N − 1.
fn width(n: usize) -> usize {
    (usize::BITS - (n - 1).leading_zeros()).max(1) as usize
}

fn binary_size(graph: &ArcGraph) -> Size {
    let n = graph.n_vertices as u64;
    if n < 2 {
        return Size::default();
    }
    let b = width(graph.n_vertices) as u64;
    let carries = b.saturating_sub(2);
    let (inner, from_root) = graph.counts();
    Size {
        variables: (n - 1) * (b + carries),
        clauses: (n - 1) * 3 * carries + from_root * b + inner * (4 * b - 2),
    }
}

fn binary<S: ClauseSink + ?Sized>(graph: &ArcGraph, sink: &mut S) {
    let n = graph.n_vertices;
    if n < 2 {
        return;
    }
    let index = non_root_index(graph);
    let b = width(n);
    let carries = b.saturating_sub(2);
    let stride = b + carries;
    let base = fresh(sink, (n - 1) * stride);
    let bit =
        |v: usize, i: usize| -> Lit { Var::from_index(base + index[v] * stride + i).positive() };
    // c(v, i) for 1 ≤ i < b: bits 0..i of p(v) all set; c(v, 1) is bit 0 itself.
    let carry = |v: usize, i: usize| -> Lit {
        if i == 1 {
            bit(v, 0)
        } else {
            Var::from_index(base + index[v] * stride + b + i - 2).positive()
        }
    };
    for v in (0..n).filter(|&v| v != graph.root) {
        for i in 2..b {
            let (c, prev, low) = (carry(v, i), carry(v, i - 1), bit(v, i - 1));
            sink.add_clause(&[!c, prev]);
            sink.add_clause(&[!c, low]);
            sink.add_clause(&[c, !prev, !low]);
        }
    }
    for (v, a) in graph.root_arcs() {
        sink.add_clause(&[a.negative(), bit(v, 0)]);
        for i in 1..b {
            sink.add_clause(&[a.negative(), !bit(v, i)]);
        }
    }
    for (u, v, a) in graph.inner() {
        let a = a.negative();
        sink.add_clause(&[a, bit(v, 0), bit(u, 0)]);
        sink.add_clause(&[a, !bit(v, 0), !bit(u, 0)]);
        for i in 1..b {
            let (y, x, c) = (bit(v, i), bit(u, i), carry(u, i));
            sink.add_clause(&[a, !y, x, c]);
            sink.add_clause(&[a, !y, !x, !c]);
            sink.add_clause(&[a, y, !x, c]);
            sink.add_clause(&[a, y, x, !c]);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn widths() {
        assert_eq!(super::width(2), 1);
        assert_eq!(super::width(3), 2);
        assert_eq!(super::width(5), 3);
        assert_eq!(super::width(9), 4);
        assert_eq!(super::width(1025), 11);
    }
}
