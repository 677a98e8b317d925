//! # The embedded SAT solvers
//!
//! [`SatSolver`] owns a [`Backend`], varisat (the default) or CaDiCaL (with the cargo feature
//! `cadical`), and implements [`ClauseSink`] for it, so encoders write straight into the
//! solver. Each backend lives in a module of its own, behind the one small trait [`Backend`]
//! in pathsat's literals (after RustSAT's solver traits): it alone converts literals to its
//! solver's and knows what its solver forgets between calls. Adding a solver is a module that
//! implements [`Backend`] and a line in [`SatSolver::seeded`].
//!
//! Proof recording is a layer beside the backend ([`record`]): certified runs write varisat's
//! own proof ([`SatSolver::with_proof`]) or CaDiCaL's DRAT proof with a record of every clause
//! ([`SatSolver::recording`], for [`crate::certificate`]).
//!
//! Both backends stop inside a call when the run's [`Budget`] is raised: CaDiCaL asks its
//! terminate callback every few hundred conflicts, varisat (pathsat's copy of 0.2.2 with a
//! terminate callback, `vendor/varisat/PATCHED.md`) before each conflict. The interrupt is held
//! in one place ([`shared_interrupt`]). A stopped call comes back [`SatError::Interrupted`]; the
//! solver keeps what it learnt and can be asked again.
//!
//! The backend is a `Box<dyn Backend>`: one indirect call a clause or a call. Counted in
//! instructions (callgrind), against the `match` on an engine it replaced: adding 300,000
//! clauses takes 11% fewer with varisat (its literals go into a reused buffer) and 0.5% more
//! with CaDiCaL; a whole count (rook-4x4, 552 fillings) is the same to 0.01% with either.

#[cfg(feature = "cadical")]
mod cadical;
mod choice;
mod record;
mod shared_interrupt;
#[cfg(test)]
mod tests;
mod varisat;

pub use choice::SolverChoice;

use crate::{Budget, SatError, Unsupported};
use pathsat_cnf::{ClauseSink, Lit, Var};
use record::Record;
use shared_interrupt::SharedInterrupt;

/// One embedded SAT solver, spoken to in pathsat's literals. Its module's constructor hands the
/// solver's terminate callback the run's [`SharedInterrupt`]; what is the same for every solver
/// (the counts, the interrupt before a call, proof records) is [`SatSolver`]'s.
trait Backend {
    /// Which solver this is.
    fn kind(&self) -> SolverChoice;
    /// Makes `var`, the next variable (pathsat numbers them from 0, in order).
    fn new_var(&mut self, var: Var);
    /// Adds a clause.
    fn add_clause(&mut self, clause: &[Lit]);
    /// Replaces the assumptions of later calls.
    fn assume(&mut self, assumptions: &[Lit]);
    /// Solves under the assumptions; [`SatError::Interrupted`] when the interrupt stopped it.
    fn solve(&mut self) -> Result<bool, SatError>;
    /// After an unsatisfiable call under assumptions: some that suffice for the contradiction.
    fn failed_core(&self) -> Option<Vec<Lit>>;
    /// After a satisfiable call: the values of the first `n_vars` variables.
    fn model(&self, n_vars: usize) -> Option<Vec<Option<bool>>>;
    /// Settings for a long series of related calls ([`SatSolver::tune_for_many_calls`]).
    fn tune_for_many_calls(&mut self) {}
    /// Keeps `var` out of elimination and substitution: clauses added later name it.
    fn freeze(&mut self, var: Var) {
        let _ = var;
    }
    /// Closes the proof the solver writes, if any.
    fn close_proof(&mut self) -> Result<(), String> {
        Ok(())
    }
}

/// pathsat's clause sink in front of an embedded SAT solver.
pub struct SatSolver {
    backend: Box<dyn Backend>,
    /// What is kept of the run beside the backend, for a proof's check or a certificate.
    record: Record,
    /// When calls give up, as the backend sees it during a call.
    interrupt: SharedInterrupt,
    n_vars: usize,
    n_clauses: usize,
}

impl Default for SatSolver {
    fn default() -> Self {
        SatSolver::new()
    }
}

impl SatSolver {
    /// A varisat solver.
    pub fn new() -> SatSolver {
        let interrupt = SharedInterrupt::default();
        let varisat = varisat::Varisat::new(interrupt.clone());
        SatSolver::around(Box::new(varisat), interrupt, Record::Nothing)
    }

    /// A solver of the kind `choice` names.
    ///
    /// # Errors
    /// [`Unsupported::CadicalNotBuiltIn`] for CaDiCaL in a build without the feature `cadical`.
    pub fn of_kind(choice: SolverChoice) -> Result<SatSolver, Unsupported> {
        SatSolver::seeded(choice, 0)
    }

    /// A solver of the kind `choice` names, its random choices seeded by `seed` (0: its
    /// defaults). CaDiCaL's seed drives its random walks and random phases, taken at its
    /// rephasing points; varisat has no random choices to seed, and runs as it would unseeded.
    ///
    /// # Errors
    /// As [`SatSolver::of_kind`].
    pub fn seeded(choice: SolverChoice, seed: u64) -> Result<SatSolver, Unsupported> {
        let interrupt = SharedInterrupt::default();
        let backend: Box<dyn Backend> = match choice.engine(false) {
            SolverChoice::Varisat => Box::new(varisat::Varisat::new(interrupt.clone())),
            #[cfg(feature = "cadical")]
            SolverChoice::Cadical | SolverChoice::Auto => {
                Box::new(cadical::Cadical::new(interrupt.clone(), seed))
            }
            #[cfg(not(feature = "cadical"))]
            SolverChoice::Cadical | SolverChoice::Auto => {
                let _unseeded = seed;
                return Err(Unsupported::CadicalNotBuiltIn);
            }
        };
        Ok(SatSolver::around(backend, interrupt, Record::Nothing))
    }

    /// A solver around `backend`, whose terminate callback asks `interrupt`, keeping `record`.
    fn around(backend: Box<dyn Backend>, interrupt: SharedInterrupt, record: Record) -> SatSolver {
        SatSolver {
            backend,
            record,
            interrupt,
            n_vars: 0,
            n_clauses: 0,
        }
    }

    /// The solver running.
    pub fn kind(&self) -> SolverChoice {
        self.backend.kind()
    }

    /// Solves under the current assumptions: `Ok(true)` when satisfiable.
    ///
    /// # Errors
    /// [`SatError::Interrupted`] when the [`Budget`] is raised before or during the call (the
    /// solver can be asked again); otherwise the solver's own message (varisat fails only on
    /// proof output).
    pub fn solve(&mut self) -> Result<bool, SatError> {
        if self.interrupt.is_raised() {
            return Err(SatError::Interrupted);
        }
        self.record.solve_started();
        self.backend.solve()
    }

    /// The budget later calls give up at.
    pub fn budget(&self) -> Budget {
        self.interrupt.get()
    }

    /// Sets the solver up for a long series of related calls — a successor loop's rounds of
    /// cuts, an enumeration's blocked solutions — rather than one search: varisat's branching
    /// activities decay more slowly (0.99 a conflict rather than 0.95), so what earlier calls
    /// learned about the hard part of the puzzle keeps steering the later ones. Measured
    /// (encodings/successor.md): 1.3x to 2x faster cut loops on the classic non-Hamiltonian
    /// graphs and enumerations, while single position-encoding solves went either way (2.5x
    /// slower to 2.5x faster), so they keep the default. CaDiCaL keeps its own settings.
    pub fn tune_for_many_calls(&mut self) {
        self.backend.tune_for_many_calls();
    }

    /// Makes later calls give up, inside their search too, when `budget` says stop.
    pub fn set_budget(&mut self, budget: Budget) {
        self.interrupt.set(budget);
    }

    /// Replaces the assumptions of later calls to [`SatSolver::solve`].
    pub fn assume(&mut self, assumptions: &[Lit]) {
        self.backend.assume(assumptions);
    }

    /// After an unsatisfiable call under assumptions: assumptions that suffice for the
    /// contradiction (a subset of them, not always the smallest). `None` after a satisfiable call.
    pub fn failed_core(&self) -> Option<Vec<Lit>> {
        self.backend.failed_core()
    }

    /// The model of the last satisfiable call, indexed by variable (`None`: unassigned).
    pub fn model(&self) -> Option<Vec<Option<bool>>> {
        self.backend.model(self.n_vars)
    }
}

impl ClauseSink for SatSolver {
    fn new_var(&mut self) -> Var {
        let var = Var::from_index(self.n_vars);
        self.backend.new_var(var);
        self.n_vars += 1;
        var
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.n_clauses += 1;
        self.record.clause(self.n_vars, clause);
        // Last, so that the call to the backend is the function's tail.
        self.backend.add_clause(clause);
    }

    fn n_vars(&self) -> usize {
        self.n_vars
    }

    fn n_clauses(&self) -> usize {
        self.n_clauses
    }
}
