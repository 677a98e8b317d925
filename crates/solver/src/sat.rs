//! # The varisat wrapper
//!
//! [`SatSolver`] owns a `varisat::Solver` and implements [`ClauseSink`] for it, so encoders
//! write straight into the solver. Our variables and varisat's have the same 0-based indices;
//! the conversion of literals lives here only.

use crate::proof::{CheckedRun, ProofError, ProofLog};
use pathsat_cnf::{ClauseSink, Lit, Var};
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use varisat::ExtendFormula;

/// varisat behind pathsat's clause sink.
pub struct SatSolver {
    inner: varisat::Solver<'static>,
    n_vars: usize,
    n_clauses: usize,
    proof: Option<ProofLog>,
    /// Clauses the solver derived, when counted ([`SatSolver::counting_learned`]).
    learned: Option<Arc<AtomicU64>>,
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
            learned: None,
        }
    }

    /// A solver that counts the clauses it derives (about one per conflict), a measure of its
    /// effort that, unlike time, is the same on every machine: see [`SatSolver::learned`].
    /// The count goes through varisat's DRAT proof output, which cannot express assumptions
    /// or clauses added after solving: such a solver must be given neither (varisat panics).
    pub fn counting_learned() -> SatSolver {
        let mut solver = SatSolver::new();
        let counter = Arc::new(AtomicU64::new(0));
        solver.inner.write_proof(
            LearnedCounter {
                count: Arc::clone(&counter),
                at_start: true,
            },
            varisat::ProofFormat::BinaryDrat,
        );
        solver.learned = Some(counter);
        solver
    }

    /// The clauses derived so far by a solver made with [`SatSolver::counting_learned`].
    pub fn learned(&self) -> Option<u64> {
        self.learned.as_ref().map(|c| c.load(Ordering::Relaxed))
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

    /// After an unsatisfiable call under assumptions: assumptions that suffice for the
    /// contradiction (a subset of them, not always the smallest). `None` after a satisfiable call.
    pub fn failed_core(&self) -> Option<Vec<Lit>> {
        let core = self.inner.failed_core()?;
        Some(
            core.iter()
                .map(|l| Var::from_index(l.index()).lit(l.is_positive()))
                .collect(),
        )
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

/// Counts the additions in a binary DRAT proof: each record is `a` or `d`, then literals as
/// LEB128 numbers of at least 2, then a zero byte; nothing is kept.
struct LearnedCounter {
    count: Arc<AtomicU64>,
    at_start: bool,
}

impl io::Write for LearnedCounter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut added = 0;
        for &b in bytes {
            if self.at_start {
                added += u64::from(b == b'a');
                self.at_start = false;
            } else if b == 0 {
                self.at_start = true;
            }
        }
        self.count.fetch_add(added, Ordering::Relaxed);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
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

    /// Four pigeons in three holes; each pigeon's clause also holds `off`, when given.
    fn pigeonhole(s: &mut SatSolver, off: Option<Lit>) {
        let pigeons: Vec<Vec<Lit>> = (0..4)
            .map(|_| (0..3).map(|_| s.new_lit()).collect())
            .collect();
        for p in &pigeons {
            let mut clause = p.clone();
            clause.extend(off);
            s.add_clause(&clause);
        }
        for (i, p) in pigeons.iter().enumerate() {
            for q in &pigeons[i + 1..] {
                for (&a, &b) in p.iter().zip(q) {
                    s.add_clause(&[!a, !b]);
                }
            }
        }
    }

    #[test]
    fn cores_and_learned_clauses_are_reported() {
        // Switched on by assuming `on`; `idle` is not needed for the contradiction.
        let mut s = SatSolver::new();
        let (idle, on) = (s.new_lit(), s.new_lit());
        pigeonhole(&mut s, Some(!on));
        s.assume(&[idle, on]);
        assert_eq!(s.solve(), Ok(false));
        assert_eq!(s.failed_core().unwrap(), vec![on]);
        s.assume(&[idle]);
        assert_eq!(s.solve(), Ok(true));
        assert_eq!(s.failed_core(), None);
        assert_eq!(s.learned(), None);

        let mut counted = SatSolver::counting_learned();
        pigeonhole(&mut counted, None);
        assert_eq!(counted.solve(), Ok(false));
        assert!(
            counted.learned().unwrap() > 0,
            "a pigeonhole proof learns clauses"
        );
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
