//! # The varisat backend
//!
//! varisat (pathsat's copy of 0.2.2 with a terminate callback, `vendor/varisat/PATCHED.md`) is
//! always built in. Our variables and varisat's have the same 0-based indices. It keeps the
//! assumptions until they are replaced and stops before each conflict once the run's interrupt
//! is raised. It can write a proof of its whole run, in its own format (checked by its own
//! checker) or as binary DRAT: [`super::record`] decides which and keeps what the check needs.

use super::shared_interrupt::SharedInterrupt;
use super::{Backend, SolverChoice};
use crate::SatError;
use pathsat_cnf::{Lit, Var};
use std::io;
use varisat::ExtendFormula;

/// varisat, and a buffer for the clause being added in its literals.
pub(super) struct Varisat {
    solver: varisat::Solver<'static>,
    lits: Vec<varisat::Lit>,
}

fn to_varisat(lit: Lit) -> varisat::Lit {
    varisat::Lit::from_index(lit.var().index(), lit.is_positive())
}

fn from_varisat(lit: varisat::Lit) -> Lit {
    Var::from_index(lit.index()).lit(lit.is_positive())
}

impl Varisat {
    /// A varisat solver that stops its search when `interrupt` is raised.
    pub(super) fn new(interrupt: SharedInterrupt) -> Varisat {
        let mut solver = varisat::Solver::new();
        solver.set_terminate(Some(Box::new(move || interrupt.is_raised())));
        Varisat {
            solver,
            lits: Vec::new(),
        }
    }

    /// As [`Varisat::new`], writing a proof of the run to `target` in `format`.
    pub(super) fn writing_proof(
        interrupt: SharedInterrupt,
        target: Box<dyn io::Write>,
        format: varisat::ProofFormat,
    ) -> Varisat {
        let mut varisat = Varisat::new(interrupt);
        varisat.solver.write_proof(target, format);
        varisat
    }
}

impl Backend for Varisat {
    fn kind(&self) -> SolverChoice {
        SolverChoice::Varisat
    }

    fn new_var(&mut self, var: Var) {
        let made = self.solver.new_var();
        debug_assert_eq!(made.index(), var.index(), "variables are created in order");
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.lits.clear();
        self.lits.extend(clause.iter().map(|&l| to_varisat(l)));
        self.solver.add_clause(&self.lits);
    }

    fn assume(&mut self, assumptions: &[Lit]) {
        let lits: Vec<varisat::Lit> = assumptions.iter().map(|&l| to_varisat(l)).collect();
        self.solver.assume(&lits);
    }

    fn solve(&mut self) -> Result<bool, SatError> {
        self.solver.solve().map_err(|e| match e {
            varisat::solver::SolverError::Interrupted => SatError::Interrupted,
            e => SatError::Failed(e.to_string()),
        })
    }

    fn failed_core(&self) -> Option<Vec<Lit>> {
        let core = self.solver.failed_core()?;
        Some(core.iter().map(|&l| from_varisat(l)).collect())
    }

    fn model(&self, n_vars: usize) -> Option<Vec<Option<bool>>> {
        let lits = self.solver.model()?;
        let mut values = vec![None; n_vars];
        for lit in lits {
            if let Some(v) = values.get_mut(lit.index()) {
                *v = Some(lit.is_positive());
            }
        }
        Some(values)
    }

    /// Branching activities decay more slowly (0.99 a conflict rather than 0.95).
    fn tune_for_many_calls(&mut self) {
        let mut update = varisat::config::SolverConfigUpdate::new();
        update.vsids_decay = Some(0.99);
        self.solver
            .config(&update)
            .expect("0.99 is within varisat's range for the decay");
    }

    fn close_proof(&mut self) -> Result<(), String> {
        self.solver.close_proof().map_err(|e| e.to_string())
    }
}
