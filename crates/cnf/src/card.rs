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
//! | [`Ladder`] | n − 1 | 4n − 4 (the ladder implies at-least-one) |
//! | [`Commander`] | ⌈n/3⌉ + those of the commanders, recursively | pairwise in groups of 3, the commanders' links, recursively |
//! | [`Product`] | p + q for a p × q grid (p = ⌈√n⌉), recursively | 2n + the rows' and columns' at-most-one + 1 |
//! | [`Bimander`] | ⌈log₂ ⌈n/2⌉⌉ | pairs within groups of 2, n⌈log₂ ⌈n/2⌉⌉ + 1 |
//!
//! The recursive sizes are computed by the same recursion as the clauses ([`ExactlyOneEncoding::n_vars`],
//! [`ExactlyOneEncoding::n_clauses`]), before anything is written; the tests compare them with
//! what is written. In all of them the auxiliary variables are fixed when exactly one input
//! is true, so projected and unprojected model counts agree.
//!
//! ## References
//! - C. Sinz, *Towards an Optimal CNF Encoding of Boolean Cardinality Constraints*, CP 2005.
//! - I. P. Gent, P. Nightingale, *A new encoding of AllDifferent into SAT*, 2004 (the ladder).
//! - W. Klieber, G. Kwon, *Efficient CNF encoding for selecting 1 from N objects*, 2007
//!   (the commander encoding).
//! - J. Chen, *A new SAT encoding of the at-most-one constraint*, 2010 (the product encoding).
//! - V. H. Nguyen, S. T. Mai, *A new method to encode the at-most-one constraint into SAT*,
//!   2015, after S. Hölldobler, V. H. Nguyen, 2013 (the bimander encoding).

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

/// At-most-one of `lits` by a clause per pair (no at-least-one clause).
fn pairwise_at_most_one<S: ClauseSink + ?Sized>(lits: &[Lit], sink: &mut S) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            sink.add_clause(&[!a, !b]);
        }
    }
}

fn pairs(n: usize) -> usize {
    n * n.saturating_sub(1) / 2
}

/// The ladder (Gent and Nightingale 2004): y_i = "the true input comes after x_i", with
/// y_(i+1) → y_i, and each x_i channelled to its rung: x_1 ↔ ¬y_1, x_i ↔ y_(i−1) ∧ ¬y_i,
/// x_n ↔ y_(n−1). The channelling makes exactly one input true; no at-least-one clause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ladder;

impl Ladder {
    /// Auxiliary variables for `n` inputs.
    pub fn n_vars(n: usize) -> usize {
        n.saturating_sub(1)
    }

    /// Clauses for `n` inputs.
    pub fn n_clauses(n: usize) -> usize {
        match n {
            0 | 1 => 1,
            _ => 4 * n - 4,
        }
    }
}

impl ExactlyOne for Ladder {
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S) {
        let n = lits.len();
        if n < 2 {
            sink.add_clause(lits);
            return;
        }
        let y: Vec<Lit> = (0..n - 1).map(|_| sink.new_lit()).collect();
        for i in 0..n - 2 {
            sink.add_clause(&[!y[i + 1], y[i]]);
        }
        // x_1 ↔ ¬y_1.
        sink.add_clause(&[!lits[0], !y[0]]);
        sink.add_clause(&[lits[0], y[0]]);
        // x_i ↔ y_(i−1) ∧ ¬y_i.
        for i in 1..n - 1 {
            sink.add_clause(&[!lits[i], y[i - 1]]);
            sink.add_clause(&[!lits[i], !y[i]]);
            sink.add_clause(&[lits[i], !y[i - 1], y[i]]);
        }
        // x_n ↔ y_(n−1).
        sink.add_clause(&[!lits[n - 1], y[n - 2]]);
        sink.add_clause(&[lits[n - 1], !y[n - 2]]);
    }
}

/// The commander encoding (Klieber and Kwon 2007): the inputs in groups of 3, each with a
/// commander c ↔ "one of the group" and pairwise at-most-one inside; then exactly one
/// commander, recursively, down to 4 literals or fewer, which go pairwise. A group of one
/// is its own commander.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Commander;

/// The commander encoding's group size.
const COMMANDER_GROUP: usize = 3;

impl Commander {
    /// Auxiliary variables for `n` inputs.
    pub fn n_vars(n: usize) -> usize {
        if n <= COMMANDER_GROUP + 1 {
            return 0;
        }
        let groups = n.div_ceil(COMMANDER_GROUP);
        let singles = usize::from(n % COMMANDER_GROUP == 1);
        groups - singles + Commander::n_vars(groups)
    }

    /// Clauses for `n` inputs.
    pub fn n_clauses(n: usize) -> usize {
        if n <= COMMANDER_GROUP + 1 {
            return Pairwise::n_clauses(n);
        }
        let groups = n.div_ceil(COMMANDER_GROUP);
        let local: usize = (0..groups)
            .map(|g| {
                let size = COMMANDER_GROUP.min(n - g * COMMANDER_GROUP);
                if size == 1 {
                    0
                } else {
                    pairs(size) + 1 + size
                }
            })
            .sum();
        local + Commander::n_clauses(groups)
    }
}

impl ExactlyOne for Commander {
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S) {
        if lits.len() <= COMMANDER_GROUP + 1 {
            Pairwise.encode(lits, sink);
            return;
        }
        let commanders: Vec<Lit> = lits
            .chunks(COMMANDER_GROUP)
            .map(|group| {
                if let [single] = group {
                    return *single;
                }
                let c = sink.new_lit();
                pairwise_at_most_one(group, sink);
                let mut some = vec![!c];
                some.extend_from_slice(group);
                sink.add_clause(&some);
                for &x in group {
                    sink.add_clause(&[!x, c]);
                }
                c
            })
            .collect();
        Commander.encode(&commanders, sink);
    }
}

/// The product encoding (Chen 2010): the inputs on a p × q grid (p = ⌈√n⌉ rows); an input
/// implies its row's variable and its column's; at most one row and at most one column,
/// recursively, down to 4 literals or fewer, which go pairwise. Plus the at-least-one clause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Product;

impl Product {
    fn grid(n: usize) -> (usize, usize) {
        let p = (1..=n).find(|p| p * p >= n).unwrap_or(1);
        (p, n.div_ceil(p))
    }

    fn amo_vars(n: usize) -> usize {
        if n <= 4 {
            return 0;
        }
        let (p, q) = Product::grid(n);
        p + q + Product::amo_vars(p) + Product::amo_vars(q)
    }

    fn amo_clauses(n: usize) -> usize {
        if n <= 4 {
            return pairs(n);
        }
        let (p, q) = Product::grid(n);
        2 * n + Product::amo_clauses(p) + Product::amo_clauses(q)
    }

    fn at_most_one<S: ClauseSink + ?Sized>(lits: &[Lit], sink: &mut S) {
        let n = lits.len();
        if n <= 4 {
            pairwise_at_most_one(lits, sink);
            return;
        }
        let (p, q) = Product::grid(n);
        let rows: Vec<Lit> = (0..p).map(|_| sink.new_lit()).collect();
        let columns: Vec<Lit> = (0..q).map(|_| sink.new_lit()).collect();
        for (k, &x) in lits.iter().enumerate() {
            sink.add_clause(&[!x, rows[k / q]]);
            sink.add_clause(&[!x, columns[k % q]]);
        }
        Product::at_most_one(&rows, sink);
        Product::at_most_one(&columns, sink);
    }

    /// Auxiliary variables for `n` inputs.
    pub fn n_vars(n: usize) -> usize {
        Product::amo_vars(n)
    }

    /// Clauses for `n` inputs.
    pub fn n_clauses(n: usize) -> usize {
        Product::amo_clauses(n) + 1
    }
}

impl ExactlyOne for Product {
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S) {
        sink.add_clause(lits);
        Product::at_most_one(lits, sink);
    }
}

/// The bimander encoding (Nguyen and Mai 2015): the inputs in groups of 2, pairwise inside;
/// each group has a binary number g on ⌈log₂ groups⌉ shared bits, and an input of group g
/// sets the bits to g. Plus the at-least-one clause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bimander;

impl Bimander {
    fn bits(n: usize) -> usize {
        let groups = n.div_ceil(2);
        if groups <= 1 {
            0
        } else {
            (usize::BITS - (groups - 1).leading_zeros()) as usize
        }
    }

    /// Auxiliary variables for `n` inputs.
    pub fn n_vars(n: usize) -> usize {
        Bimander::bits(n)
    }

    /// Clauses for `n` inputs.
    pub fn n_clauses(n: usize) -> usize {
        n / 2 + n * Bimander::bits(n) + 1
    }
}

impl ExactlyOne for Bimander {
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S) {
        sink.add_clause(lits);
        let bits: Vec<Lit> = (0..Bimander::bits(lits.len()))
            .map(|_| sink.new_lit())
            .collect();
        for (g, group) in lits.chunks(2).enumerate() {
            pairwise_at_most_one(group, sink);
            for &x in group {
                for (h, &bit) in bits.iter().enumerate() {
                    sink.add_clause(&[!x, if g >> h & 1 == 1 { bit } else { !bit }]);
                }
            }
        }
    }
}

/// The most literals [`ExactlyOneEncoding::Hybrid`] encodes pairwise.
pub const HYBRID_PAIRWISE_MAX: usize = 8;

/// The exactly-one encodings by name, for options and reports: `--exactly-one`,
/// `"exactly-one"` and `exactly_one=` take these names (FromStr, Display and `VARIANTS` from
/// strum; clap's `ValueEnum` with the feature `clap`, the variants' docs its help).
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
pub enum ExactlyOneEncoding {
    /// Sinz's sequential counter: 3n-3 clauses, n-1 auxiliary variables.
    #[default]
    Sequential,
    /// One clause per pair: n(n-1)/2 + 1 clauses, no auxiliary variables.
    Pairwise,
    /// Pairwise up to 8 literals, the sequential counter beyond.
    Hybrid,
    /// Gent and Nightingale's ladder: n-1 variables, 4n-4 clauses.
    Ladder,
    /// Klieber and Kwon's commanders over groups of 3, recursively.
    Commander,
    /// Chen's product: rows and columns of a grid, recursively.
    Product,
    /// Nguyen and Mai's bimander: groups of 2 with a binary group number.
    Bimander,
}

impl ExactlyOneEncoding {
    /// Every encoding, in the order reports list them.
    pub const ALL: [ExactlyOneEncoding; 7] = [
        ExactlyOneEncoding::Sequential,
        ExactlyOneEncoding::Pairwise,
        ExactlyOneEncoding::Hybrid,
        ExactlyOneEncoding::Ladder,
        ExactlyOneEncoding::Commander,
        ExactlyOneEncoding::Product,
        ExactlyOneEncoding::Bimander,
    ];

    /// The encoding's name, as `--exactly-one` spells it.
    pub fn name(self) -> &'static str {
        self.into()
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
        name.parse().ok()
    }

    /// The auxiliary variables "exactly one of n literals" takes in this encoding.
    pub fn n_vars(self, n: usize) -> usize {
        match self.for_size(n) {
            ExactlyOneEncoding::Pairwise => Pairwise::n_vars(n),
            ExactlyOneEncoding::Ladder => Ladder::n_vars(n),
            ExactlyOneEncoding::Commander => Commander::n_vars(n),
            ExactlyOneEncoding::Product => Product::n_vars(n),
            ExactlyOneEncoding::Bimander => Bimander::n_vars(n),
            _ => SequentialCounter::n_vars(n),
        }
    }

    /// The clauses "exactly one of n literals" takes in this encoding.
    pub fn n_clauses(self, n: usize) -> usize {
        match self.for_size(n) {
            ExactlyOneEncoding::Pairwise => Pairwise::n_clauses(n),
            ExactlyOneEncoding::Ladder => Ladder::n_clauses(n),
            ExactlyOneEncoding::Commander => Commander::n_clauses(n),
            ExactlyOneEncoding::Product => Product::n_clauses(n),
            ExactlyOneEncoding::Bimander => Bimander::n_clauses(n),
            _ => SequentialCounter::n_clauses(n),
        }
    }
}

impl ExactlyOne for ExactlyOneEncoding {
    fn encode<S: ClauseSink + ?Sized>(&self, lits: &[Lit], sink: &mut S) {
        match self.for_size(lits.len()) {
            ExactlyOneEncoding::Pairwise => Pairwise.encode(lits, sink),
            ExactlyOneEncoding::Ladder => Ladder.encode(lits, sink),
            ExactlyOneEncoding::Commander => Commander.encode(lits, sink),
            ExactlyOneEncoding::Product => Product.encode(lits, sink),
            ExactlyOneEncoding::Bimander => Bimander.encode(lits, sink),
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
    fn exactly_one_over_every_assignment_of_up_to_11_inputs() {
        // 10 inputs take the hybrid past its switch to the sequential counter.
        for encoding in ExactlyOneEncoding::ALL {
            for n in 0..=11 {
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
        // Counted by hand: a ladder of 5 rungs; commanders over 3 + 3 + 1 inputs (6 pairs
        // inside, 6 links from the inputs, 2 from the commanders, then 3 commanders pairwise:
        // 4); a product of 9 on a 3 x 3 grid (18 links, 3 + 3 pairs, 1); bimander of 6 (3
        // pairs, 6 x 2 bits, 1).
        assert_eq!((Ladder::n_vars(6), Ladder::n_clauses(6)), (5, 20));
        assert_eq!(
            (Commander::n_vars(7), Commander::n_clauses(7)),
            (2, 6 + 6 + 2 + 4)
        );
        assert_eq!((Product::n_vars(9), Product::n_clauses(9)), (6, 18 + 6 + 1));
        assert_eq!(
            (Bimander::n_vars(6), Bimander::n_clauses(6)),
            (2, 3 + 12 + 1)
        );
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
