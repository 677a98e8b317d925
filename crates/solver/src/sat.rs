//! # The varisat wrapper
//!
//! [`SatSolver`] owns a `varisat::Solver` and implements [`ClauseSink`] for it, so encoders
//! write straight into the solver. Our variables and varisat's have the same 0-based indices;
//! the conversion of literals lives here only.

use crate::proof::{CheckedRun, ProofError, ProofLog};
use pathsat_cnf::{ClauseSink, Lit, Var};
use varisat::ExtendFormula;

/// varisat behind pathsat's clause sink.
pub struct SatSolver {
    inner: varisat::Solver<'static>,
    n_vars: usize,
    n_clauses: usize,
    proof: Option<ProofLog>,
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
            proof: None,
        }
    }

    /// A solver that writes a proof of everything it does, to check with
    /// [`SatSolver::check_proof`].
    ///
    /// # Errors
    /// When the temporary file for the proof cannot be made.
    pub fn with_proof() -> std::io::Result<SatSolver> {
        let mut solver = SatSolver::new();
        let (log, writer) = ProofLog::new()?;
        solver
            .inner
            .write_proof(writer, varisat::ProofFormat::Varisat);
        solver.proof = Some(log);
        Ok(solver)
    }

    /// Closes the proof and checks it; `keep` bounds the variables recorded in each model.
    /// `None` when the solver was not made with a proof.
    ///
    /// # Errors
    /// A [`ProofError`] when the checker rejects the proof or it cannot be read.
    pub fn check_proof(&mut self, keep: usize) -> Option<Result<CheckedRun, ProofError>> {
        let closed = self
            .inner
            .close_proof()
            .map_err(|e| ProofError::Rejected(e.to_string()));
        let log = self.proof.as_mut()?;
        Some(closed.and_then(|()| log.check(keep)))
    }

    /// Solves under the current assumptions: `Ok(true)` when satisfiable.
    ///
    /// # Errors
    /// The solver's own error message (varisat fails only on proof output or interruption).
    pub fn solve(&mut self) -> Result<bool, String> {
        if let Some(log) = &mut self.proof {
            log.solve_started();
        }
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
        if let Some(log) = &mut self.proof {
            log.clause_added(&lits);
        }
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
    fn proofs_of_incremental_runs_are_checked() {
        let mut s = SatSolver::with_proof().unwrap();
        let (a, b) = (s.new_lit(), s.new_lit());
        s.add_clause(&[a, b]);
        assert_eq!(s.solve(), Ok(true));
        s.add_clause(&[!a]);
        assert_eq!(s.solve(), Ok(true));
        s.add_clause(&[!b]);
        assert_eq!(s.solve(), Ok(false));
        let run = s.check_proof(2).unwrap().unwrap();
        assert_eq!(run.models.len(), 2);
        assert_eq!(run.models[1], vec![b.var()]);
        assert_eq!(run.added, vec![vec![!a], vec![!b]]);
        assert!(run.unsat);
        assert!(run.proof_bytes > 0);
        assert!(SatSolver::new().check_proof(2).is_none());
    }

    /// A proof with a byte changed is refused, never passed as "ok".
    #[test]
    fn corrupted_proofs_are_rejected() {
        use std::io::{Seek, SeekFrom, Write};
        let mut s = SatSolver::with_proof().unwrap();
        let lits: Vec<Lit> = (0..6).map(|_| s.new_lit()).collect();
        // Pigeonhole: 3 pigeons, 2 holes (unsatisfiable, needs a real proof).
        for p in 0..3 {
            s.add_clause(&[lits[2 * p], lits[2 * p + 1]]);
        }
        for h in 0..2 {
            for p in 0..3 {
                for q in p + 1..3 {
                    s.add_clause(&[!lits[2 * p + h], !lits[2 * q + h]]);
                }
            }
        }
        assert_eq!(s.solve(), Ok(false));
        s.inner.close_proof().unwrap();
        let log = s.proof.as_mut().unwrap();
        let len = log.file.seek(SeekFrom::End(0)).unwrap();
        assert!(len > 8);
        for offset in [len / 2, len - 2] {
            let mut copy = log.file.try_clone().unwrap();
            copy.seek(SeekFrom::Start(offset)).unwrap();
            copy.write_all(&[0xA5]).unwrap();
        }
        assert!(matches!(log.check(6), Err(ProofError::Rejected(_))));
    }

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
