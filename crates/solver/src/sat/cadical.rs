//! # The CaDiCaL backend
//!
//! CaDiCaL, in C++, built in with the cargo feature `cadical` (the `cadical` crate compiles its
//! source). Its variables are ours plus one (DIMACS numbering) and come into being with the
//! first clause naming them. It forgets its assumptions after each call, so the backend keeps
//! them, and the result of the last call, which says whether a model or a core may be asked
//! for. It asks its terminate callback every few hundred conflicts. A certified run has it
//! trace a DRAT proof to a file ([`Cadical::trace_proof`], see [`super::record`]).

use super::shared_interrupt::SharedInterrupt;
use super::{Backend, SolverChoice};
use crate::SatError;
use pathsat_cnf::{Lit, Var};
use std::path::Path;

/// CaDiCaL, with what varisat keeps and CaDiCaL does not: the assumptions and the result of the
/// last call.
pub(super) struct Cadical {
    solver: cadical::Solver<Terminator>,
    assumptions: Vec<i32>,
    last: Option<bool>,
}

/// CaDiCaL's callbacks: it asks `terminate` every few hundred conflicts.
struct Terminator(SharedInterrupt);

impl cadical::Callbacks for Terminator {
    fn terminate(&mut self) -> bool {
        self.0.is_raised()
    }
}

fn to_dimacs(lit: Lit) -> i32 {
    let var = i32::try_from(lit.var().index() + 1).expect("fewer than 2^31 variables");
    if lit.is_positive() {
        var
    } else {
        -var
    }
}

impl Cadical {
    /// A CaDiCaL solver that stops its search when `interrupt` is raised, its random choices
    /// seeded by `seed` (0: its defaults), configured by `PATHSAT_CADICAL_CONFIG` if set.
    pub(super) fn new(interrupt: SharedInterrupt, seed: u64) -> Cadical {
        let mut solver = match std::env::var("PATHSAT_CADICAL_CONFIG") {
            Ok(config) => cadical::Solver::with_config(&config).expect("a configuration"),
            Err(_) => cadical::Solver::new(),
        };
        if seed != 0 {
            // Options are set before the first clause; CaDiCaL's seed is at most 2e9.
            let seed = i32::try_from(seed % 2_000_000_000).expect("below 2e9");
            solver
                .set_option("seed", seed)
                .expect("seed is one of CaDiCaL's options");
        }
        solver.set_callbacks(Some(Terminator(interrupt)));
        Cadical {
            solver,
            assumptions: Vec::new(),
            last: None,
        }
    }

    /// Writes a binary DRAT proof of the whole run, incremental calls included, to `path`.
    pub(super) fn trace_proof(&mut self, path: &Path) -> Result<(), String> {
        self.solver.trace_proof(path).map_err(|e| e.to_string())
    }
}

impl Backend for Cadical {
    fn kind(&self) -> SolverChoice {
        SolverChoice::Cadical
    }

    fn new_var(&mut self, _var: Var) {}

    fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause.iter().map(|&l| to_dimacs(l)));
        self.last = None;
    }

    fn assume(&mut self, assumptions: &[Lit]) {
        self.assumptions = assumptions.iter().map(|&l| to_dimacs(l)).collect();
    }

    fn solve(&mut self) -> Result<bool, SatError> {
        self.last = self.solver.solve_with(self.assumptions.iter().copied());
        self.last.ok_or(SatError::Interrupted)
    }

    fn failed_core(&self) -> Option<Vec<Lit>> {
        if self.last != Some(false) {
            return None;
        }
        Some(
            self.assumptions
                .iter()
                .filter(|&&l| self.solver.failed(l))
                .map(|&l| Var::from_index(l.unsigned_abs() as usize - 1).lit(l > 0))
                .collect(),
        )
    }

    fn model(&self, n_vars: usize) -> Option<Vec<Option<bool>>> {
        if self.last != Some(true) {
            return None;
        }
        // CaDiCaL knows only the variables that occur in a clause.
        let known = usize::try_from(self.solver.max_variable()).unwrap_or(0);
        let value = |i: usize| {
            if i < known {
                self.solver.value(i as i32 + 1)
            } else {
                None
            }
        };
        Some((0..n_vars).map(value).collect())
    }

    fn freeze(&mut self, var: Var) {
        self.solver.freeze(to_dimacs(var.positive()));
    }

    /// Closing the trace only flushes it: it cannot fail here (a proof cut short fails its
    /// check).
    fn close_proof(&mut self) -> Result<(), String> {
        self.solver.close_proof();
        Ok(())
    }
}
