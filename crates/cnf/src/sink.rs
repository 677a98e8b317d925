//! # Clause sinks
//!
//! Encoders write into a [`ClauseSink`] (Varisat's `ExtendFormula` shape: new variables, add
//! clauses, counters). [`Cnf`] keeps the clauses in memory (for DIMACS and tests),
//! [`CountingSink`] only counts them, and the solver crate wraps varisat in one.

use crate::{Lit, Var};

/// Something an encoder can create variables in and add clauses to.
pub trait ClauseSink {
    /// A fresh variable; variables are numbered consecutively from 0.
    fn new_var(&mut self) -> Var;

    /// A fresh variable's positive literal.
    fn new_lit(&mut self) -> Lit {
        self.new_var().positive()
    }

    /// Adds a clause (the disjunction of its literals; the empty clause is false).
    fn add_clause(&mut self, clause: &[Lit]);

    /// The number of variables created so far.
    fn n_vars(&self) -> usize;

    /// The number of clauses added so far.
    fn n_clauses(&self) -> usize;
}

/// A formula in conjunctive normal form, stored flat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    n_vars: usize,
    lits: Vec<Lit>,
    /// `ends[i]` is the end of clause i in `lits`.
    ends: Vec<usize>,
}

impl Cnf {
    /// An empty formula.
    pub fn new() -> Cnf {
        Cnf::default()
    }

    /// Makes sure at least `n` variables exist (for formulas read from elsewhere).
    pub fn ensure_vars(&mut self, n: usize) {
        self.n_vars = self.n_vars.max(n);
    }

    /// The clauses in the order they were added.
    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (0..self.ends.len()).map(move |i| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            &self.lits[start..self.ends[i]]
        })
    }

    /// The total number of literal occurrences.
    pub fn n_literals(&self) -> usize {
        self.lits.len()
    }

    /// Whether every clause holds under `assignment` (indexed by variable).
    ///
    /// # Panics
    /// If the assignment is shorter than the number of variables used.
    pub fn is_satisfied_by(&self, assignment: &[bool]) -> bool {
        self.clauses()
            .all(|clause| clause.iter().any(|l| l.eval(assignment[l.var().index()])))
    }
}

impl ClauseSink for Cnf {
    fn new_var(&mut self) -> Var {
        self.n_vars += 1;
        Var::from_index(self.n_vars - 1)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        for lit in clause {
            self.n_vars = self.n_vars.max(lit.var().index() + 1);
        }
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    fn n_vars(&self) -> usize {
        self.n_vars
    }

    fn n_clauses(&self) -> usize {
        self.ends.len()
    }
}

/// A sink that keeps nothing but counts: variables, clauses and literal occurrences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountingSink {
    /// Variables created.
    pub n_vars: usize,
    /// Clauses added.
    pub n_clauses: usize,
    /// Literal occurrences over all clauses.
    pub n_literals: usize,
}

impl ClauseSink for CountingSink {
    fn new_var(&mut self) -> Var {
        self.n_vars += 1;
        Var::from_index(self.n_vars - 1)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.n_clauses += 1;
        self.n_literals += clause.len();
    }

    fn n_vars(&self) -> usize {
        self.n_vars
    }

    fn n_clauses(&self) -> usize {
        self.n_clauses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cnf_keeps_clauses_in_order() {
        let mut cnf = Cnf::new();
        let (a, b) = (cnf.new_lit(), cnf.new_lit());
        cnf.add_clause(&[a, !b]);
        cnf.add_clause(&[]);
        cnf.add_clause(&[b]);
        let clauses: Vec<Vec<Lit>> = cnf.clauses().map(<[Lit]>::to_vec).collect();
        assert_eq!(clauses, vec![vec![a, !b], vec![], vec![b]]);
        assert_eq!((cnf.n_vars(), cnf.n_clauses(), cnf.n_literals()), (2, 3, 3));
        // The empty clause is false under every assignment.
        assert!(!cnf.is_satisfied_by(&[true, true]));
    }

    #[test]
    fn counting_sink_counts_like_cnf() {
        let mut count = CountingSink::default();
        let a = count.new_lit();
        count.add_clause(&[a, !a]);
        assert_eq!(
            (count.n_vars(), count.n_clauses(), count.n_literals),
            (1, 1, 2)
        );
    }
}
