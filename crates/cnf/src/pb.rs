//! # Pseudo-Boolean equalities
//!
//! "Σ wᵢ·xᵢ = K" over literals xᵢ with non-negative integer weights, as clauses. Two methods,
//! compared on trail puzzles in `encodings/trail.md`:
//!
//! - [`SumEncoding::Bdd`]: a layered decision diagram over the literals in order. Node (i, s)
//!   means "the first i literals add up to s"; only sums from which K can still be reached by
//!   the remaining weights get a node (others are the false terminal), and the last layer's only
//!   node, s = K, is the true terminal. Each node has the two clauses of Eén and Sörensson,
//!   `¬v ∨ ¬xᵢ ∨ hi` and `¬v ∨ xᵢ ∨ lo` (a child that is the false terminal drops out of the
//!   clause), with the root asserted: unit propagation then keeps the constraint generalized
//!   arc consistent. At most n·(K + 1) nodes, two clauses each.
//! - [`SumEncoding::SequentialWeight`]: the sequential weight counter of Hölldobler, Manthey and
//!   Steinke for "≤ K", once over the xᵢ and once, for "≥ K", over the ¬xᵢ with bound W − K
//!   (W the sum of the weights). About n·K + n·(W − K) variables.
//!
//! Both write the empty clause when no assignment reaches K.
//!
//! ## References
//! - N. Eén, N. Sörensson, *Translating Pseudo-Boolean Constraints into SAT*, JSAT 2006.
//! - I. Abío, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, V. Mayer-Eichberger,
//!   *A New Look at BDDs for Pseudo-Boolean Constraints*, JAIR 2012.
//! - S. Hölldobler, N. Manthey, P. Steinke, *A Compact Encoding of Pseudo-Boolean Constraints
//!   into SAT*, KI 2012.

use crate::{ClauseSink, Lit};

/// How "Σ wᵢ·xᵢ = K" becomes clauses: `--sum-encoding`, `"sum-encoding"` and `sum_encoding=`
/// take these names (strum; clap's `ValueEnum` with the feature `clap`, the docs its help).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    strum::EnumString,
    strum::Display,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SumEncoding {
    /// A layered decision diagram: about n·(S+1) nodes, 2 clauses each, arc consistent.
    #[default]
    Bdd,
    /// Two sequential weight counters, for "at most S" and "at least S".
    #[strum(serialize = "swc")]
    #[cfg_attr(feature = "clap", value(name = "swc"))]
    SequentialWeight,
}

impl SumEncoding {
    /// Every sum encoding, in the order reports list them.
    pub const ALL: [SumEncoding; 2] = [SumEncoding::Bdd, SumEncoding::SequentialWeight];

    /// The encoding's name, as `--sum-encoding` spells it.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The encoding of a name, as `--sum-encoding` spells it.
    pub fn from_name(name: &str) -> Option<SumEncoding> {
        name.parse().ok()
    }

    /// An upper bound on the auxiliary variables for these weights and target, to refuse
    /// constraints too large to write before writing any.
    pub fn size_bound(self, weights: &[u64], target: u64) -> u128 {
        let n = weights.len() as u128;
        let total: u128 = weights.iter().map(|&w| u128::from(w)).sum();
        let target = u128::from(target);
        match self {
            SumEncoding::Bdd => n * (target + 1),
            SumEncoding::SequentialWeight => n * (target + total.saturating_sub(target)),
        }
    }

    /// Adds "Σ `weights[i]`·`lits[i]` = target" to `sink`.
    ///
    /// # Panics
    /// If `weights` and `lits` differ in length.
    pub fn encode<S: ClauseSink + ?Sized>(
        self,
        weights: &[u64],
        lits: &[Lit],
        target: u64,
        sink: &mut S,
    ) {
        assert_eq!(weights.len(), lits.len(), "one weight per literal");
        match self {
            SumEncoding::Bdd => bdd_equal(weights, lits, target, sink),
            SumEncoding::SequentialWeight => {
                let total: u64 = weights.iter().sum();
                if target > total {
                    sink.add_clause(&[]);
                    return;
                }
                swc_at_most(weights, lits, target, sink);
                let negated: Vec<Lit> = lits.iter().map(|&l| !l).collect();
                swc_at_most(weights, &negated, total - target, sink);
            }
        }
    }
}

/// The decision diagram of "Σ wᵢ·xᵢ = K" (see the module documentation).
fn bdd_equal<S: ClauseSink + ?Sized>(weights: &[u64], lits: &[Lit], target: u64, sink: &mut S) {
    let n = weights.len();
    let k = usize::try_from(target).expect("a target that fits in memory");
    // reach[i]: sums the first i weights can make without passing K; back[i]: sums s from
    // which the weights i.. can add exactly K − s.
    let mut reach = vec![vec![false; k + 1]; n + 1];
    reach[0][0] = true;
    for i in 0..n {
        for s in 0..=k {
            if reach[i][s] {
                reach[i + 1][s] = true;
                if let Some(t) = add(s, weights[i], k) {
                    reach[i + 1][t] = true;
                }
            }
        }
    }
    let mut back = vec![vec![false; k + 1]; n + 1];
    back[n][k] = true;
    for i in (0..n).rev() {
        for s in 0..=k {
            back[i][s] = back[i + 1][s] || add(s, weights[i], k).is_some_and(|t| back[i + 1][t]);
        }
    }
    if !back[0][0] {
        sink.add_clause(&[]);
        return;
    }
    // A node is live when reachable and able to reach K; the root and the true terminal are
    // constants, so they have no variable. `None` in a clause position is "true".
    let mut node: Vec<Vec<Option<Lit>>> = vec![vec![None; k + 1]; n + 1];
    for i in 1..n {
        for s in 0..=k {
            if reach[i][s] && back[i][s] {
                node[i][s] = Some(sink.new_lit());
            }
        }
    }
    let live = |i: usize, s: usize| reach[i][s] && back[i][s];
    let mut clause = Vec::with_capacity(3);
    for i in 0..n {
        for s in 0..=k {
            if !live(i, s) {
                continue;
            }
            let v = node[i][s];
            // x true: on to (i + 1, s + w); x false: on to (i + 1, s).
            for (x, child) in [(lits[i], add(s, weights[i], k)), (!lits[i], Some(s))] {
                clause.clear();
                clause.extend(v.map(|v| !v));
                clause.push(!x);
                match child {
                    Some(t) if live(i + 1, t) => match node[i + 1][t] {
                        Some(c) => clause.push(c),
                        None => continue, // the true terminal
                    },
                    _ => {} // the false terminal
                }
                sink.add_clause(&clause);
            }
        }
    }
}

/// s + w when it stays within k.
fn add(s: usize, w: u64, k: usize) -> Option<usize> {
    let w = usize::try_from(w).ok()?;
    s.checked_add(w).filter(|&t| t <= k)
}

/// "Σ wᵢ·xᵢ ≤ k" by the sequential weight counter: r(i, j) for j = 1..k means "the first i
/// literals add up to at least j".
fn swc_at_most<S: ClauseSink + ?Sized>(weights: &[u64], lits: &[Lit], k: u64, sink: &mut S) {
    let k = usize::try_from(k).expect("a bound that fits in memory");
    let mut prev: Vec<Lit> = Vec::new(); // r(i − 1, 1..=k), empty before the first literal
    for (i, (&w, &x)) in weights.iter().zip(lits).enumerate() {
        if w == 0 {
            continue;
        }
        let w = usize::try_from(w).unwrap_or(usize::MAX);
        if w > k {
            sink.add_clause(&[!x]);
            continue;
        }
        let last = i + 1 == lits.len();
        // The counter's outputs are needed only for later literals.
        let cur: Vec<Lit> = if last {
            Vec::new()
        } else {
            (0..k).map(|_| sink.new_lit()).collect()
        };
        if !last {
            for j in 1..=w {
                sink.add_clause(&[!x, cur[j - 1]]);
            }
            for j in 1..=prev.len() {
                sink.add_clause(&[!prev[j - 1], cur[j - 1]]);
                if j + w <= k {
                    sink.add_clause(&[!x, !prev[j - 1], cur[j + w - 1]]);
                }
            }
        }
        // Overflow: at least k + 1 − w before, and x.
        if !prev.is_empty() && k + 1 - w >= 1 {
            sink.add_clause(&[!x, !prev[k - w]]);
        }
        if !last {
            prev = cur;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cnf;

    /// Every assignment of the inputs: the encoding is satisfiable exactly when the sum is
    /// the target (checked by brute force over the auxiliary variables too, for small sizes).
    fn check(weights: &[u64], target: u64, encoding: SumEncoding) {
        let mut cnf = Cnf::new();
        let lits: Vec<Lit> = weights.iter().map(|_| cnf.new_lit()).collect();
        encoding.encode(weights, &lits, target, &mut cnf);
        let n = weights.len();
        let aux = cnf.n_vars() - n;
        assert!(
            aux <= 16,
            "too many auxiliary variables to brute-force: {aux}"
        );
        for inputs in 0u32..1 << n {
            let sum: u64 = (0..n)
                .filter(|&i| inputs >> i & 1 == 1)
                .map(|i| weights[i])
                .sum();
            let satisfiable = (0u32..1 << aux).any(|a| {
                let assignment: Vec<bool> = (0..n)
                    .map(|i| inputs >> i & 1 == 1)
                    .chain((0..aux).map(|j| a >> j & 1 == 1))
                    .collect();
                cnf.is_satisfied_by(&assignment)
            });
            assert_eq!(
                satisfiable,
                sum == target,
                "{encoding:?} weights {weights:?} target {target} inputs {inputs:b}"
            );
        }
    }

    #[test]
    fn both_encodings_accept_exactly_the_assignments_with_the_target_sum() {
        let cases: &[(&[u64], u64)] = &[
            (&[1, 2, 3], 3),
            (&[2, 2, 1], 4),
            (&[3, 1, 0, 2], 3),
            (&[5, 4], 9),
            (&[5, 4], 0),
            (&[5, 4], 10),
            (&[1, 1, 1, 1], 2),
            (&[2, 1, 2], 3),
        ];
        for &(weights, target) in cases {
            for encoding in SumEncoding::ALL {
                check(weights, target, encoding);
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for e in SumEncoding::ALL {
            assert_eq!(SumEncoding::from_name(e.name()), Some(e));
        }
    }
}
