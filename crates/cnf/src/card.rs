//! # Exactly-one encodings
//!
//! "Exactly one of these literals is true" as clauses: an at-least-one clause plus an at-most-one
//! encoding. [`SequentialCounter`] (Sinz 2005) is the default: linear in size, and its auxiliary
//! variables are determined by the inputs, so projected and unprojected model counts agree.
//! [`Pairwise`] needs no auxiliary variables but quadratically many clauses. The hybrid
//! ([`ExactlyOneEncoding::Hybrid`]) is pairwise up to [`HYBRID_PAIRWISE_MAX`] literals and the
//! sequential counter beyond: the successor encoding's constraints are mostly small (a knight
//! has at most 8 moves), and there pairwise clauses propagate as well with no auxiliary
//! variables, which measured 30 times faster on a 100x100 knight's tour. All follow the same
//! conventions: zero literals give the empty clause (nothing can be true), one literal a unit
//! clause.
//!
//! | encoding | variables for n ≥ 2 | clauses for n ≥ 2 |
//! |---|---|---|
//! | `SequentialCounter` | n − 1 | 3n − 3 |
//! | `Pairwise` | 0 | n(n − 1)/2 + 1 |
//! | `Hybrid` | as pairwise for n ≤ 8, as sequential beyond | |
//!
//! ## References
//! - C. Sinz, *Towards an Optimal CNF Encoding of Boolean Cardinality Constraints*, CP 2005.

use crate::{ClauseSink, Lit};

/// An encoding of "exactly one of `lits`".
pub trait ExactlyOne {
    /// Adds the clauses (and auxiliary variables) to `sink`.
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S);
}

/// The sequential counter of Sinz (2005) for at-most-one, plus the at-least-one clause.
///
/// Auxiliary `s_i` (i = 1..n−1) means "one of x_1..x_i is true":
/// `¬x_1 ∨ s_1`; for 1 < i < n: `¬x_i ∨ s_i`, `¬s_{i−1} ∨ s_i`, `¬x_i ∨ ¬s_{i−1}`;
/// `¬x_n ∨ ¬s_{n−1}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SequentialCounter;

impl SequentialCounter {
    /// Auxiliary variables for `n` inputs.
    pub fn n_vars(n: usize) -> usize {
        n.saturating_sub(1)
    }

    /// Clauses for `n` inputs.
    pub fn n_clauses(n: usize) -> usize {
        match n {
            0 | 1 => 1,
            _ => 3 * n - 3,
        }
    }
}

impl SequentialCounter {
    /// At most one of `lits` (the counter without the at-least-one clause): n − 1 variables and
    /// 3n − 4 clauses for n ≥ 2, nothing below.
    pub fn at_most_one<S: ClauseSink + ?Sized>(lits: &[Lit], sink: &mut S) {
        let n = lits.len();
        if n < 2 {
            return;
        }
        let mut prev = sink.new_lit();
        sink.add_clause(&[!lits[0], prev]);
        for &x in &lits[1..n - 1] {
            let s = sink.new_lit();
            sink.add_clause(&[!x, s]);
            sink.add_clause(&[!prev, s]);
            sink.add_clause(&[!x, !prev]);
            prev = s;
        }
        sink.add_clause(&[!lits[n - 1], !prev]);
    }
}

impl ExactlyOne for SequentialCounter {
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S) {
        sink.add_clause(lits);
        SequentialCounter::at_most_one(lits, sink);
    }
}

/// At-most-one by a clause per pair, plus the at-least-one clause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairwise;

impl Pairwise {
    /// Auxiliary variables for `n` inputs: none.
    pub fn n_vars(_n: usize) -> usize {
        0
    }

    /// Clauses for `n` inputs.
    pub fn n_clauses(n: usize) -> usize {
        n * n.saturating_sub(1) / 2 + 1
    }
}

impl ExactlyOne for Pairwise {
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S) {
        sink.add_clause(lits);
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                sink.add_clause(&[!a, !b]);
            }
        }
    }
}

/// The most literals [`ExactlyOneEncoding::Hybrid`] encodes pairwise.
pub const HYBRID_PAIRWISE_MAX: usize = 8;

/// The exactly-one encodings by name, for options and reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExactlyOneEncoding {
    /// Sinz's sequential counter: 3n − 3 clauses, n − 1 auxiliary variables.
    #[default]
    Sequential,
    /// One clause per pair: no auxiliary variables, n(n − 1)/2 + 1 clauses.
    Pairwise,
    /// Pairwise up to [`HYBRID_PAIRWISE_MAX`] literals, the sequential counter beyond.
    Hybrid,
}

impl ExactlyOneEncoding {
    /// Every encoding, in the order reports list them.
    pub const ALL: [ExactlyOneEncoding; 3] = [
        ExactlyOneEncoding::Sequential,
        ExactlyOneEncoding::Pairwise,
        ExactlyOneEncoding::Hybrid,
    ];

    /// The encoding's name, as `--exactly-one` spells it.
    pub fn name(self) -> &'static str {
        match self {
            ExactlyOneEncoding::Sequential => "sequential",
            ExactlyOneEncoding::Pairwise => "pairwise",
            ExactlyOneEncoding::Hybrid => "hybrid",
        }
    }

    /// The encoding used for `n` literals: the hybrid resolved to one of the other two.
    fn for_size(self, n: usize) -> ExactlyOneEncoding {
        match self {
            ExactlyOneEncoding::Hybrid if n <= HYBRID_PAIRWISE_MAX => ExactlyOneEncoding::Pairwise,
            ExactlyOneEncoding::Hybrid => ExactlyOneEncoding::Sequential,
            other => other,
        }
    }

    /// The encoding of a name, as `--exactly-one` spells it.
    pub fn from_name(name: &str) -> Option<ExactlyOneEncoding> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The auxiliary variables "exactly one of n literals" takes in this encoding.
    pub fn n_vars(self, n: usize) -> usize {
        match self.for_size(n) {
            ExactlyOneEncoding::Pairwise => Pairwise::n_vars(n),
            _ => SequentialCounter::n_vars(n),
        }
    }

    /// The clauses "exactly one of n literals" takes in this encoding.
    pub fn n_clauses(self, n: usize) -> usize {
        match self.for_size(n) {
            ExactlyOneEncoding::Pairwise => Pairwise::n_clauses(n),
            _ => SequentialCounter::n_clauses(n),
        }
    }
}

impl ExactlyOne for ExactlyOneEncoding {
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S) {
        match self.for_size(lits.len()) {
            ExactlyOneEncoding::Pairwise => Pairwise.encode(lits, sink),
            _ => SequentialCounter.encode(lits, sink),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cnf, Var};

    /// For every assignment of the n inputs: the number of extensions to the auxiliary
    /// variables that satisfy the clauses.
    fn extensions(encoding: ExactlyOneEncoding, n: usize) -> Vec<(u32, usize)> {
        let mut cnf = Cnf::new();
        let inputs: Vec<Lit> = (0..n).map(|_| cnf.new_lit()).collect();
        encoding.encode(&inputs, &mut cnf);
        assert_eq!(cnf.n_vars(), n + encoding.n_vars(n), "{encoding:?} n={n}");
        assert_eq!(cnf.n_clauses(), encoding.n_clauses(n), "{encoding:?} n={n}");
        let aux = cnf.n_vars() - n;
        (0u32..1 << n)
            .map(|inputs| {
                let models = (0u32..1 << aux)
                    .filter(|aux_bits| {
                        let assignment: Vec<bool> = (0..cnf.n_vars())
                            .map(|v| {
                                if v < n {
                                    inputs >> v & 1 == 1
                                } else {
                                    aux_bits >> (v - n) & 1 == 1
                                }
                            })
                            .collect();
                        cnf.is_satisfied_by(&assignment)
                    })
                    .count();
                (inputs, models)
            })
            .collect()
    }

    #[test]
    fn exactly_one_over_every_assignment_of_up_to_10_inputs() {
        // 10 inputs take the hybrid past its switch to the sequential counter.
        for encoding in ExactlyOneEncoding::ALL {
            for n in 0..=10 {
                for (inputs, models) in extensions(encoding, n) {
                    let expected = usize::from(inputs.count_ones() == 1);
                    // Satisfiable exactly when one input is true, and then the auxiliary
                    // variables are determined: one extension, no more.
                    assert_eq!(models, expected, "{encoding:?} n={n} inputs={inputs:b}");
                }
            }
        }
    }

    #[test]
    fn closed_form_sizes() {
        assert_eq!(SequentialCounter::n_clauses(1), 1);
        assert_eq!(SequentialCounter::n_clauses(2), 3);
        assert_eq!(SequentialCounter::n_clauses(64), 189);
        assert_eq!(SequentialCounter::n_vars(64), 63);
        assert_eq!(Pairwise::n_clauses(4), 7);
        assert_eq!(ExactlyOneEncoding::Hybrid.n_clauses(8), 29);
        assert_eq!(ExactlyOneEncoding::Hybrid.n_clauses(9), 24);
        let mut cnf = Cnf::new();
        SequentialCounter.encode(&[], &mut cnf);
        assert_eq!(cnf.clauses().next(), Some(&[][..]));
        assert_eq!(
            ExactlyOneEncoding::from_name("pairwise"),
            Some(ExactlyOneEncoding::Pairwise)
        );
        let _ = Var::from_index(0);
    }
}
