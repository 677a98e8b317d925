//! # The varisat wrapper
//!
//! [`SatSolver`] owns a `varisat::Solver` and implements [`ClauseSink`] for it, so encoders
//! write straight into the solver. Our variables and varisat's have the same 0-based indices;
//! the conversion of literals lives here only.

use pathsat_cnf::{ClauseSink, Lit, Var};
use varisat::ExtendFormula;

/// varisat behind pathsat's clause sink.
pub struct SatSolver {
    inner: varisat::Solver<'static>,
    n_vars: usize,
    n_clauses: usize,
}

impl Default for SatSolver {
    fn default() -> Self {
        SatSolver::new()
    }
}

fn to_varisat(lit: Lit) -> varisat::Lit {
    varisat::Lit::from_index(lit.var().index(), lit.is_positive())
}

impl SatSolver {
    pub fn new() -> SatSolver {
        SatSolver {
            inner: varisat::Solver::new(),
            n_vars: 0,
            n_clauses: 0,
        }
    }

    /// Solves under the current assumptions: `Ok(true)` when satisfiable.
    ///
    /// # Errors
    /// The solver's own error message (varisat fails only on proof output or interruption).
    pub fn solve(&mut self) -> Result<bool, String> {
        self.inner.solve().map_err(|e| e.to_string())
    }

    /// Replaces the assumptions of later calls to [`SatSolver::solve`].
    pub fn assume(&mut self, assumptions: &[Lit]) {
        let lits: Vec<varisat::Lit> = assumptions.iter().map(|&l| to_varisat(l)).collect();
        self.inner.assume(&lits);
    }

    /// The model of the last satisfiable call, indexed by variable (`None`: unassigned).
    pub fn model(&self) -> Option<Vec<Option<bool>>> {
        let lits = self.inner.model()?;
        let mut values = vec![None; self.n_vars];
        for lit in lits {
            if let Some(v) = values.get_mut(lit.index()) {
                *v = Some(lit.is_positive());
            }
        }
        Some(values)
    }
}

impl ClauseSink for SatSolver {
    fn new_var(&mut self) -> Var {
        let var = self.inner.new_var();
        debug_assert_eq!(var.index(), self.n_vars, "variables are created in order");
        self.n_vars += 1;
        Var::from_index(var.index())
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        let lits: Vec<varisat::Lit> = clause.iter().map(|&l| to_varisat(l)).collect();
        self.inner.add_clause(&lits);
        self.n_clauses += 1;
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
    fn solves_and_reports_models() {
        let mut s = SatSolver::new();
        let (a, b) = (s.new_lit(), s.new_lit());
        s.add_clause(&[a, b]);
        s.add_clause(&[!a]);
        assert_eq!(s.solve(), Ok(true));
        assert_eq!(s.model().unwrap(), vec![Some(false), Some(true)]);
        s.assume(&[!b]);
        assert_eq!(s.solve(), Ok(false));
        s.assume(&[]);
        s.add_clause(&[]);
        assert_eq!(s.solve(), Ok(false));
        assert_eq!((s.n_vars(), s.n_clauses()), (2, 3));
    }
}
