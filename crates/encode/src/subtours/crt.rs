//! Positions modulo small primes: each non-root vertex has a one-hot residue of its position
//! modulo each of 2, 3, 5, … (as many as make a product of at least N), an arc from the root
//! says p(v) ≡ 1, an arc u → v between non-root vertices says p(v) ≡ p(u) + 1 for every modulus.
//! A cycle avoiding the root of length L would need L ≡ 0 modulo every prime, so modulo their
//! product, which is at least N > L: impossible. The residues of a Hamiltonian cycle's
//! positions are its only extension. Clauses per arc: the sum of the moduli, against about
//! N for the unary positions.

use super::{non_root_index, ArcGraph, Size, SubtourRule};
use pathsat_cnf::card::{ExactlyOne, ExactlyOneEncoding};
use pathsat_cnf::{ClauseSink, Lit, Var};

/// Positions modulo small primes, one-hot.
pub(super) struct Residues;

impl SubtourRule for Residues {
    fn name(&self) -> &'static str {
        "crt"
    }

    fn size(&self, graph: &ArcGraph, exactly_one: ExactlyOneEncoding) -> Size {
        size(graph, exactly_one)
    }

    fn encode(&self, graph: &ArcGraph, exactly_one: ExactlyOneEncoding, sink: &mut dyn ClauseSink) {
        encode(graph, exactly_one, sink);
    }

    fn aux_determined(&self) -> bool {
        true
    }
}

/// The primes 2, 3, 5, … whose product first reaches `n`.
pub(super) fn moduli(n: usize) -> Vec<usize> {
    let mut primes = Vec::new();
    let mut product = 1usize;
    let mut candidate = 2;
    while product < n {
        if primes.iter().all(|&p| candidate % p != 0) {
            primes.push(candidate);
            product = product.saturating_mul(candidate);
        }
        candidate += 1;
    }
    primes
}

fn size(graph: &ArcGraph, exactly_one: ExactlyOneEncoding) -> Size {
    let n = graph.n_vertices as u64;
    if n < 2 {
        return Size::default();
    }
    let moduli = moduli(graph.n_vertices);
    let (inner, from_root) = graph.counts();
    let per_vertex_vars: u64 = moduli
        .iter()
        .map(|&m| (m + exactly_one.n_vars(m)) as u64)
        .sum();
    let per_vertex_clauses: u64 = moduli
        .iter()
        .map(|&m| exactly_one.n_clauses(m) as u64)
        .sum();
    let sum: u64 = moduli.iter().map(|&m| m as u64).sum();
    Size {
        variables: (n - 1) * per_vertex_vars,
        clauses: (n - 1) * per_vertex_clauses + from_root * moduli.len() as u64 + inner * sum,
    }
}

fn encode<S: ClauseSink + ?Sized>(graph: &ArcGraph, exactly_one: ExactlyOneEncoding, sink: &mut S) {
    let n = graph.n_vertices;
    if n < 2 {
        return;
    }
    let moduli = moduli(n);
    let index = non_root_index(graph);
    // first[vertex index][modulus index]: the variable of residue 0.
    let mut first = vec![vec![0usize; moduli.len()]; n - 1];
    for v in (0..n).filter(|&v| v != graph.root) {
        for (k, &m) in moduli.iter().enumerate() {
            first[index[v]][k] = sink.n_vars();
            let residues: Vec<Lit> = (0..m).map(|_| sink.new_lit()).collect();
            exactly_one.encode(&residues, sink);
        }
    }
    let residue = |v: usize, k: usize, j: usize| -> Lit {
        Var::from_index(first[index[v]][k] + j).positive()
    };
    for (v, a) in graph.root_arcs() {
        for (k, &m) in moduli.iter().enumerate() {
            sink.add_clause(&[a.negative(), residue(v, k, 1 % m)]);
        }
    }
    for (u, v, a) in graph.inner() {
        for (k, &m) in moduli.iter().enumerate() {
            for j in 0..m {
                sink.add_clause(&[a.negative(), !residue(u, k, j), residue(v, k, (j + 1) % m)]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn moduli_reach_n() {
        assert_eq!(super::moduli(1), Vec::<usize>::new());
        assert_eq!(super::moduli(2), vec![2]);
        assert_eq!(super::moduli(6), vec![2, 3]);
        assert_eq!(super::moduli(7), vec![2, 3, 5]);
        assert_eq!(super::moduli(10_000), vec![2, 3, 5, 7, 11, 13]);
    }
}
