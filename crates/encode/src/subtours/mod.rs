//! # Complete successor encodings: subtours forbidden in the CNF itself
//!
//! The successor encoding ([`crate::successor`]) says that one arc leaves and one arc enters
//! every vertex: its models are *cycle covers*. The lazy loop makes them Hamiltonian by adding
//! a cut for each subtour a model shows. The rules here write the whole constraint up front
//! instead, so the CNF alone is complete: every model is one Hamiltonian cycle (through the
//! virtual vertex, for a path) and every Hamiltonian cycle is a model, which is what an
//! external solver (kissat, CaDiCaL, a model counter) needs.
//!
//! Each rule picks a *root* (the virtual vertex of a path, else the given start, else vertex 0)
//! and forbids every cycle that avoids it. A cover whose cycles all pass the root is one cycle.
//!
//! Every rule is a [`SubtourRule`]; [`Subtours`] names them for options and reports.
//!
//! | rule | idea | variables | clauses |
//! |---|---|---|---|
//! | [`Subtours::OrderUnary`] | position p(v) = p(u) + 1 along arcs, in the order encoding | (N−1)(N−2) | (N−1)(N−3) + A + M(2N−4) |
//! | [`Subtours::OrderBinary`] | the same in B = ⌈log₂ N⌉ bits, p(u) + 1 by a carry chain | (N−1)(2B−2) | 3(N−1)(B−2) + AB + M(4B−2) |
//! | [`Subtours::Crt`] | the position modulo small primes 2, 3, 5, … (product ≥ N), one-hot | (N−1)Σ(m + e(m)) | (N−1)Σc(m) + Ak + MΣm |
//! | [`Subtours::Closure`] | t(u, v): u reaches v; an arc back to u is a cycle | (N−1)(N−2) | M(N−1) |
//! | [`Subtours::Elimination`] | eliminate vertices, adding the edges of the paths through them | by the elimination | by the elimination |
//! | [`Subtours::Frontier`] | c(u, v): u and v joined, for the active vertices of a sweep after each edge | about Ew²/2 | about 3Ew² |
//!
//! N counts the vertices (the virtual one included), M the arcs between non-root vertices, A
//! the arcs out of the root, E the edges (arcs both ways merged), w the sweep's frontier;
//! e(m) and c(m) are the exactly-one encoding's variables and clauses for m literals; B ≥ 2 in
//! the binary row (B = 1 takes B variables and no carries). The order and residue rules fix
//! every auxiliary variable from the arcs, so a model count of the CNF is a count of cycles;
//! the closure, elimination and frontier rules leave some auxiliary variables free, so theirs
//! must be projected on the arcs (the DIMACS export says so). The frontier rule alone ignores
//! the root: it forbids a second cycle wherever it is.
//!
//! Every rule reports its size ([`Subtours::size`]) before it writes a clause, from the formulas
//! above (the elimination's and the frontier's by running it into a counting sink, the
//! elimination's stopping past a limit); the
//! tests check each report against the clauses written. The pages `encodings/successor-*.md`
//! explain each rule, `encodings/complete.md` compares them.
//!
//! ## References
//! - C. E. Miller, A. W. Tucker, R. A. Zemlin, *Integer programming formulation of traveling
//!   salesman problems*, 1960 (positions along the tour).
//! - M. N. Velev, P. Gao, *Efficient SAT techniques for absolute encoding of permutation
//!   problems: application to Hamiltonian cycles*, SARA 2009 (positions in binary).
//! - N.-F. Zhou, *In pursuit of an efficient SAT encoding for the Hamiltonian cycle problem*,
//!   CP 2020 (the residue idea).
//! - M. F. Rankooh, J. Rintanen, *Propositional encodings of acyclicity and reachability by
//!   using vertex elimination*, AAAI 2022.

mod closure;
mod crt;
mod elimination;
mod frontier;
mod order;

pub use frontier::{
    interface_width as frontier_interface_width, refutation as frontier_refutation, Refutation,
    SweepLimits,
};

use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{ClauseSink, Var};

/// How the successor encoding rules out subtours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Subtours {
    /// Not in the CNF: the solver cuts the subtours its models show (the lazy loop).
    #[default]
    Lazy,
    /// Positions in the order (unary) encoding, p(v) = p(u) + 1 along every arc.
    OrderUnary,
    /// Positions in binary, p(v) = p(u) + 1 by a carry chain ("binary adder").
    OrderBinary,
    /// Positions modulo small primes (Chinese remainder theorem), one-hot.
    Crt,
    /// Reachability between every pair of vertices (transitive closure).
    Closure,
    /// Acyclicity by vertex elimination (Rankooh and Rintanen).
    Elimination,
    /// Connectivity of the active vertices along a sweep with a small frontier.
    Frontier,
}

/// The size of what a rule writes (or of a whole encoding).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Size {
    /// Variables created.
    pub variables: u64,
    /// Clauses written.
    pub clauses: u64,
}

impl std::ops::Add for Size {
    type Output = Size;
    fn add(self, other: Size) -> Size {
        Size {
            variables: self.variables + other.variables,
            clauses: self.clauses + other.clauses,
        }
    }
}

/// The arcs a rule works on: the successor encoding's arc variables, numbered from `first` in
/// the order of `arcs`.
#[derive(Clone, Copy, Debug)]
pub struct ArcGraph<'a> {
    /// Vertices, the virtual one of a path included.
    pub n_vertices: usize,
    /// The vertex every cycle must pass.
    pub root: usize,
    /// (tail, head) of each arc.
    pub arcs: &'a [(usize, usize)],
    /// The variable of `arcs[0]`; arc i's is `first + i`.
    pub first: usize,
}

impl ArcGraph<'_> {
    fn var(&self, i: usize) -> Var {
        Var::from_index(self.first + i)
    }

    /// The arcs between two non-root vertices, with their variables.
    fn inner(&self) -> impl Iterator<Item = (usize, usize, Var)> + '_ {
        self.arcs
            .iter()
            .enumerate()
            .filter(|(_, &(u, v))| u != self.root && v != self.root)
            .map(|(i, &(u, v))| (u, v, self.var(i)))
    }

    /// The arcs out of the root, with their variables.
    fn root_arcs(&self) -> impl Iterator<Item = (usize, Var)> + '_ {
        self.arcs
            .iter()
            .enumerate()
            .filter(|(_, &(u, v))| u == self.root && v != self.root)
            .map(|(i, &(_, v))| (v, self.var(i)))
    }

    /// M and A of the size formulas: inner arcs and arcs out of the root.
    fn counts(&self) -> (u64, u64) {
        (self.inner().count() as u64, self.root_arcs().count() as u64)
    }
}

/// The most clauses [`Subtours::size`] works out for the elimination rule, whose size is that
/// of a run of the elimination: past it, the run stops and reports a size past the limit.
pub const SIZE_LIMIT: u64 = 20_000_000;

/// A complete rule against subtours: what every one of them is behind. It says what it will
/// write, by formula, before writing it, so that a caller can refuse an encoding too large
/// without building it (and the tests can hold the rule to its formula).
pub trait SubtourRule: Sync {
    /// The rule's short name (`unary`, `crt`, …).
    fn name(&self) -> &'static str;

    /// The variables and clauses [`SubtourRule::encode`] writes for `graph`, computed before
    /// anything is written; `exactly_one` is the encoding of one-hot groups (the residues).
    fn size(&self, graph: &ArcGraph, exactly_one: ExactlyOneEncoding) -> Size;

    /// Writes the rule's variables and clauses for `graph` into `sink`.
    fn encode(&self, graph: &ArcGraph, exactly_one: ExactlyOneEncoding, sink: &mut dyn ClauseSink);

    /// Whether every auxiliary variable is fixed by the arcs, so that the CNF's models and its
    /// models projected on the arcs are as many.
    fn aux_determined(&self) -> bool;
}

impl Subtours {
    /// Every rule, the lazy one first, in the order reports list them.
    pub const ALL: [Subtours; 7] = [
        Subtours::Lazy,
        Subtours::OrderUnary,
        Subtours::OrderBinary,
        Subtours::Crt,
        Subtours::Closure,
        Subtours::Elimination,
        Subtours::Frontier,
    ];

    /// The complete rule behind this choice; `None` for the lazy cuts.
    pub fn rule(self) -> Option<&'static dyn SubtourRule> {
        match self {
            Subtours::Lazy => None,
            Subtours::OrderUnary => Some(&order::Unary),
            Subtours::OrderBinary => Some(&order::Binary),
            Subtours::Crt => Some(&crt::Residues),
            Subtours::Closure => Some(&closure::Closure),
            Subtours::Elimination => Some(&elimination::Elimination),
            Subtours::Frontier => Some(&frontier::Frontier),
        }
    }

    /// The rule's short name, as encoding names and reports use it.
    pub fn name(self) -> &'static str {
        self.rule().map_or("lazy", |r| r.name())
    }

    /// Whether the CNF alone is complete (every model one Hamiltonian cycle).
    pub fn is_complete(self) -> bool {
        self.rule().is_some()
    }

    /// Whether every auxiliary variable is fixed by the arcs ([`SubtourRule::aux_determined`];
    /// true of the lazy cuts, which add none).
    pub fn aux_determined(self) -> bool {
        self.rule().is_none_or(|r| r.aux_determined())
    }

    /// What the rule writes for `graph` ([`SubtourRule::size`]; nothing for the lazy cuts).
    pub fn size(self, graph: &ArcGraph, exactly_one: ExactlyOneEncoding) -> Size {
        self.rule()
            .map_or(Size::default(), |r| r.size(graph, exactly_one))
    }

    /// Writes the rule's variables and clauses for `graph` into `sink` (nothing for the lazy
    /// cuts).
    pub fn encode<S: ClauseSink + ?Sized>(
        self,
        graph: &ArcGraph,
        exactly_one: ExactlyOneEncoding,
        sink: &mut S,
    ) {
        if let Some(rule) = self.rule() {
            rule.encode(graph, exactly_one, &mut Forward(sink));
        }
    }
}

/// Any sink as a sized one, so that it can be passed as `&mut dyn ClauseSink`.
struct Forward<'a, S: ClauseSink + ?Sized>(&'a mut S);

impl<S: ClauseSink + ?Sized> ClauseSink for Forward<'_, S> {
    fn new_var(&mut self) -> pathsat_cnf::Var {
        self.0.new_var()
    }

    fn add_clause(&mut self, clause: &[pathsat_cnf::Lit]) {
        self.0.add_clause(clause);
    }

    fn n_vars(&self) -> usize {
        self.0.n_vars()
    }

    fn n_clauses(&self) -> usize {
        self.0.n_clauses()
    }
}

/// Per non-root vertex, its index among the non-root vertices (`usize::MAX` for the root).
fn non_root_index(graph: &ArcGraph) -> Vec<usize> {
    let mut next = 0;
    (0..graph.n_vertices)
        .map(|v| {
            if v == graph.root {
                usize::MAX
            } else {
                next += 1;
                next - 1
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::{Cnf, CountingSink};

    /// A complete digraph on `n` vertices with some arcs left out.
    fn arcs(n: usize, skip: usize) -> Vec<(usize, usize)> {
        (0..n)
            .flat_map(|u| (0..n).filter(move |&v| v != u).map(move |v| (u, v)))
            .enumerate()
            .filter(|(i, _)| skip == 0 || i % skip != 0)
            .map(|(_, a)| a)
            .collect()
    }

    #[test]
    fn every_rule_writes_the_size_it_reports() {
        for n in 1..=9 {
            for skip in [0, 3, 5] {
                let arcs = arcs(n, skip);
                for root in [0, n / 2] {
                    let graph = ArcGraph {
                        n_vertices: n,
                        root,
                        arcs: &arcs,
                        first: 0,
                    };
                    for rule in Subtours::ALL {
                        for eo in ExactlyOneEncoding::ALL {
                            let mut sink = CountingSink {
                                n_vars: arcs.len(),
                                ..CountingSink::default()
                            };
                            rule.encode(&graph, eo, &mut sink);
                            let written = Size {
                                variables: (sink.n_vars - arcs.len()) as u64,
                                clauses: sink.n_clauses as u64,
                            };
                            assert_eq!(rule.size(&graph, eo), written, "{rule:?} n={n} {eo:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn names_are_distinct() {
        let mut names: Vec<&str> = Subtours::ALL.iter().map(|r| r.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Subtours::ALL.len());
        let _ = Cnf::new();
    }
}
