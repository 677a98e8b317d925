//! # The embedded SAT solvers
//!
//! [`SatSolver`] owns an engine, varisat (the default) or CaDiCaL (with the cargo feature
//! `cadical`), and implements [`ClauseSink`] for it, so encoders write straight into the
//! solver. Our variables and varisat's have the same 0-based indices, CaDiCaL's are those plus
//! one (DIMACS numbering); the conversion of literals lives here only. Certified runs write
//! varisat's own proof ([`SatSolver::with_proof`]) or CaDiCaL's DRAT proof with a record of every
//! clause ([`SatSolver::recording`], for [`crate::certificate`]).
//!
//! Both engines stop inside a call when the run's [`Interrupt`] is raised: CaDiCaL asks its
//! terminate callback every few hundred conflicts, varisat (pathsat's copy of 0.2.2 with a
//! terminate callback, `vendor/varisat/PATCHED.md`) before each conflict. A stopped call comes
//! back [`SatError::Interrupted`]; the solver keeps what it learnt and can be asked again.

use crate::certificate::Recording;
use crate::claims::Claim;
use crate::proof::{CheckedRun, ProofError, ProofLog};
use crate::{Budget as Interrupt, SatError, SolveError, Unsupported};
use pathsat_cnf::{ClauseSink, Lit, Var};
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use varisat::ExtendFormula;

/// The interrupt of a solver's calls, shared with the engine's terminate callback, which looks
/// at it during a call. It can be replaced between calls.
#[derive(Debug, Default)]
struct SharedInterrupt(Mutex<Interrupt>);

impl SharedInterrupt {
    fn is_raised(&self) -> bool {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_raised()
    }

    fn set(&self, interrupt: Interrupt) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = interrupt;
    }

    fn get(&self) -> Interrupt {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// CaDiCaL's callbacks: it asks `terminate` every few hundred conflicts.
#[cfg(feature = "cadical")]
struct Terminator(Arc<SharedInterrupt>);

#[cfg(feature = "cadical")]
impl cadical::Callbacks for Terminator {
    fn terminate(&mut self) -> bool {
        self.0.is_raised()
    }
}

/// Which embedded SAT solver runs: varisat, always built in, or CaDiCaL, built in with the
/// cargo feature `cadical` (its C++ source is compiled by the `cadical` crate).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SolverChoice {
    /// varisat, in Rust: always built in; its certified runs are checked by its own checker.
    #[default]
    Varisat,
    /// CaDiCaL, in C++ (with the feature `cadical`).
    Cadical,
}

impl SolverChoice {
    /// Every choice, available or not.
    pub const ALL: [SolverChoice; 2] = [SolverChoice::Varisat, SolverChoice::Cadical];

    /// The name used on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            SolverChoice::Varisat => "varisat",
            SolverChoice::Cadical => "cadical",
        }
    }

    /// The solver and its version, e.g. `varisat 0.2.2`.
    pub fn describe(self) -> String {
        match self {
            SolverChoice::Varisat => format!("varisat {}", crate::VARISAT_VERSION),
            SolverChoice::Cadical => format!("cadical {}", crate::CADICAL_VERSION),
        }
    }

    /// Whether this build of pathsat has the solver.
    pub const fn is_built_in(self) -> bool {
        match self {
            SolverChoice::Varisat => true,
            SolverChoice::Cadical => cfg!(feature = "cadical"),
        }
    }

    /// The solver a run gets when none is asked for: CaDiCaL when it is built in (it measured
    /// faster on the successor loop's long series of calls, see `encodings/successor.md`; a
    /// certified run has it write a DRAT proof), varisat in a build without CaDiCaL (a certified
    /// run then checks varisat's own proof).
    pub const fn preferred(certify: bool) -> SolverChoice {
        let _ = certify;
        if SolverChoice::Cadical.is_built_in() {
            SolverChoice::Cadical
        } else {
            SolverChoice::Varisat
        }
    }

    /// The choice named `name` (`varisat` or `cadical`), built in or not.
    pub fn from_name(name: &str) -> Option<SolverChoice> {
        SolverChoice::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl std::fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The solver doing the work.
enum Engine {
    Varisat(varisat::Solver<'static>),
    #[cfg(feature = "cadical")]
    Cadical(Cadical),
}

/// CaDiCaL, with what varisat keeps and CaDiCaL does not: the assumptions (CaDiCaL forgets them
/// after each call) and the result of the last call.
#[cfg(feature = "cadical")]
struct Cadical {
    solver: cadical::Solver<Terminator>,
    assumptions: Vec<i32>,
    last: Option<bool>,
}

#[cfg(feature = "cadical")]
fn to_dimacs(lit: Lit) -> i32 {
    let var = i32::try_from(lit.var().index() + 1).expect("fewer than 2^31 variables");
    if lit.is_positive() {
        var
    } else {
        -var
    }
}

/// pathsat's clause sink in front of an embedded SAT solver.
pub struct SatSolver {
    inner: Engine,
    n_vars: usize,
    n_clauses: usize,
    proof: Option<ProofLog>,
    /// Clauses the solver derived, when counted ([`SatSolver::counting_learned`]).
    learned: Option<Arc<AtomicU64>>,
    /// A certified CaDiCaL run's record: every clause given, the claims, the proof's file.
    recording: Option<Recording>,
    /// When calls give up, as the engine sees it during a call.
    interrupt: Arc<SharedInterrupt>,
}

impl Default for SatSolver {
    fn default() -> Self {
        SatSolver::new()
    }
}

fn to_varisat(lit: Lit) -> varisat::Lit {
    varisat::Lit::from_index(lit.var().index(), lit.is_positive())
}

/// A varisat engine that stops its search when `interrupt` is raised.
fn varisat_engine(interrupt: &Arc<SharedInterrupt>) -> varisat::Solver<'static> {
    let mut solver = varisat::Solver::new();
    let interrupt = Arc::clone(interrupt);
    solver.set_terminate(Some(Box::new(move || interrupt.is_raised())));
    solver
}

impl SatSolver {
    /// A varisat solver.
    pub fn new() -> SatSolver {
        SatSolver::varisat_with_proof(None)
    }

    /// A varisat solver whose proof, if any, goes to `target` in `format`.
    fn varisat_with_proof(proof: Option<(Box<dyn io::Write>, varisat::ProofFormat)>) -> SatSolver {
        let interrupt = Arc::new(SharedInterrupt::default());
        let mut engine = varisat_engine(&interrupt);
        if let Some((target, format)) = proof {
            engine.write_proof(target, format);
        }
        SatSolver::from_engine(Engine::Varisat(engine), interrupt)
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
        match choice {
            SolverChoice::Varisat => Ok(SatSolver::new()),
            #[cfg(feature = "cadical")]
            SolverChoice::Cadical => {
                let interrupt = Arc::new(SharedInterrupt::default());
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
                solver.set_callbacks(Some(Terminator(Arc::clone(&interrupt))));
                let engine = Engine::Cadical(Cadical {
                    solver,
                    assumptions: Vec::new(),
                    last: None,
                });
                Ok(SatSolver::from_engine(engine, interrupt))
            }
            #[cfg(not(feature = "cadical"))]
            SolverChoice::Cadical => {
                let _unseeded = seed;
                Err(Unsupported::CadicalNotBuiltIn)
            }
        }
    }

    /// The solver running.
    pub fn kind(&self) -> SolverChoice {
        match self.inner {
            Engine::Varisat(_) => SolverChoice::Varisat,
            #[cfg(feature = "cadical")]
            Engine::Cadical(_) => SolverChoice::Cadical,
        }
    }

    fn from_engine(inner: Engine, interrupt: Arc<SharedInterrupt>) -> SatSolver {
        SatSolver {
            inner,
            n_vars: 0,
            n_clauses: 0,
            proof: None,
            learned: None,
            recording: None,
            interrupt,
        }
    }

    /// A CaDiCaL solver that writes a DRAT proof of its whole run, incremental calls included,
    /// into `proof` (binary DRAT), and records every clause it is given, for a certificate
    /// ([`crate::certificate`]). The clauses added after [`SatSolver::end_encoding`] must each
    /// come with a claim ([`SatSolver::add_claim`]); the variables they name must be kept
    /// ([`SatSolver::keep`]) before the first call, so that CaDiCaL neither eliminates nor
    /// substitutes them and never has to restore a clause its proof deleted.
    ///
    /// # Errors
    /// [`Unsupported::CadicalNotBuiltIn`] without CaDiCaL; a message when the proof file cannot
    /// be opened.
    pub fn recording(proof: &std::path::Path) -> Result<SatSolver, SolveError> {
        #[cfg(feature = "cadical")]
        {
            let mut solver =
                SatSolver::of_kind(SolverChoice::Cadical).map_err(SolveError::Unsupported)?;
            if let Engine::Cadical(c) = &mut solver.inner {
                c.solver.trace_proof(proof).map_err(|e| {
                    SolveError::Certificate(format!("cannot write {}: {e}", proof.display()))
                })?;
            }
            solver.recording = Some(Recording::new(proof.to_path_buf()));
            Ok(solver)
        }
        #[cfg(not(feature = "cadical"))]
        {
            let _ = proof;
            Err(SolveError::Unsupported(Unsupported::CadicalNotBuiltIn))
        }
    }

    /// Marks the end of the encoding in a recording solver: later clauses are claims.
    pub fn end_encoding(&mut self) {
        if let Some(r) = &mut self.recording {
            r.end_encoding();
        }
    }

    /// Whether the solver records its clauses for a certificate.
    pub fn is_recording(&self) -> bool {
        self.recording.is_some()
    }

    /// Adds `clauses`, and in a recording solver records them with the claim `claim` makes:
    /// made only then, so that the cut loop and the enumerations of uncertified runs (hot
    /// paths) build no claim.
    pub fn add_claim(&mut self, claim: impl FnOnce() -> Claim, clauses: &[Vec<Lit>]) {
        for clause in clauses {
            self.add_clause(clause);
        }
        if let Some(r) = &mut self.recording {
            r.claimed(claim(), clauses.len());
        }
    }

    /// Keeps `var` out of CaDiCaL's elimination and substitution (a variable later clauses may
    /// name, in a recording solver); nothing otherwise.
    pub fn keep(&mut self, var: Var) {
        #[cfg(feature = "cadical")]
        if let (Engine::Cadical(c), Some(_)) = (&mut self.inner, &self.recording) {
            c.solver.freeze(to_dimacs(var.positive()));
        }
        let _ = var;
    }

    /// Closes the proof of a recording solver and hands over its record; `None` for another
    /// solver (or a second time).
    pub fn finish_recording(&mut self) -> Option<Recording> {
        let recording = self.recording.take()?;
        #[cfg(feature = "cadical")]
        if let Engine::Cadical(c) = &mut self.inner {
            c.solver.close_proof();
        }
        Some(recording)
    }

    /// A solver that counts the clauses it derives (about one per conflict), a measure of its
    /// effort that, unlike time, is the same on every machine: see [`SatSolver::learned`].
    /// The count goes through varisat's DRAT proof output, which cannot express assumptions
    /// or clauses added after solving: such a solver must be given neither (varisat panics).
    pub fn counting_learned() -> SatSolver {
        let counter = Arc::new(AtomicU64::new(0));
        let target = LearnedCounter {
            count: Arc::clone(&counter),
            at_start: true,
        };
        let mut solver = SatSolver::varisat_with_proof(Some((
            Box::new(target),
            varisat::ProofFormat::BinaryDrat,
        )));
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
        let (log, writer) = ProofLog::new()?;
        let mut solver =
            SatSolver::varisat_with_proof(Some((Box::new(writer), varisat::ProofFormat::Varisat)));
        solver.proof = Some(log);
        Ok(solver)
    }

    /// The varisat engine of a solver made by [`SatSolver::new`].
    fn varisat(&mut self) -> &mut varisat::Solver<'static> {
        match &mut self.inner {
            Engine::Varisat(solver) => solver,
            #[cfg(feature = "cadical")]
            Engine::Cadical(_) => unreachable!("proofs are written by varisat only"),
        }
    }

    /// Closes the proof and checks it, until the interrupt is raised; `keep` bounds the
    /// variables recorded in each model. `None` when the solver was not made with a proof.
    ///
    /// # Errors
    /// A [`ProofError`] when the checker rejects the proof or it cannot be read, or when the
    /// interrupt stops the check ([`ProofError::Stopped`]).
    pub fn check_proof(&mut self, keep: usize) -> Option<Result<CheckedRun, ProofError>> {
        self.proof.as_ref()?;
        // The proof is closed whatever the interrupt says (it takes a moment); the check,
        // which can take as long as the run, stops at it.
        let interrupt = self.interrupt.get();
        self.interrupt.set(Interrupt::default());
        let closed = self
            .varisat()
            .close_proof()
            .map_err(|e| ProofError::Rejected(e.to_string()));
        self.interrupt.set(interrupt.clone());
        let log = self.proof.as_mut()?;
        Some(closed.and_then(|()| log.check(keep, &interrupt)))
    }

    /// Solves under the current assumptions: `Ok(true)` when satisfiable.
    ///
    /// # Errors
    /// [`SatError::Interrupted`] when the [`Interrupt`] is raised before or during the call (the
    /// solver can be asked again); otherwise the solver's own message (varisat fails only on
    /// proof output).
    pub fn solve(&mut self) -> Result<bool, SatError> {
        if self.interrupt.is_raised() {
            return Err(SatError::Interrupted);
        }
        if let Some(log) = &mut self.proof {
            log.solve_started();
        }
        match &mut self.inner {
            Engine::Varisat(solver) => solver.solve().map_err(|e| match e {
                varisat::solver::SolverError::Interrupted => SatError::Interrupted,
                e => SatError::Failed(e.to_string()),
            }),
            #[cfg(feature = "cadical")]
            Engine::Cadical(c) => {
                c.last = c.solver.solve_with(c.assumptions.iter().copied());
                c.last.ok_or(SatError::Interrupted)
            }
        }
    }

    /// The interrupt later calls give up at.
    pub fn interrupt(&self) -> Interrupt {
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
        match &mut self.inner {
            Engine::Varisat(solver) => {
                let mut update = varisat::config::SolverConfigUpdate::new();
                update.vsids_decay = Some(0.99);
                solver
                    .config(&update)
                    .expect("0.99 is within varisat's range for the decay");
            }
            #[cfg(feature = "cadical")]
            Engine::Cadical(_) => {}
        }
    }

    /// Makes later calls give up, inside their search too, when `interrupt` is raised.
    pub fn interrupt_when(&mut self, interrupt: Interrupt) {
        self.interrupt.set(interrupt);
    }

    /// Replaces the assumptions of later calls to [`SatSolver::solve`].
    pub fn assume(&mut self, assumptions: &[Lit]) {
        match &mut self.inner {
            Engine::Varisat(solver) => {
                let lits: Vec<varisat::Lit> = assumptions.iter().map(|&l| to_varisat(l)).collect();
                solver.assume(&lits);
            }
            #[cfg(feature = "cadical")]
            Engine::Cadical(c) => {
                c.assumptions = assumptions.iter().map(|&l| to_dimacs(l)).collect();
            }
        }
    }

    /// After an unsatisfiable call under assumptions: assumptions that suffice for the
    /// contradiction (a subset of them, not always the smallest). `None` after a satisfiable call.
    pub fn failed_core(&self) -> Option<Vec<Lit>> {
        match &self.inner {
            Engine::Varisat(solver) => {
                let core = solver.failed_core()?;
                Some(
                    core.iter()
                        .map(|l| Var::from_index(l.index()).lit(l.is_positive()))
                        .collect(),
                )
            }
            #[cfg(feature = "cadical")]
            Engine::Cadical(c) => {
                if c.last != Some(false) {
                    return None;
                }
                Some(
                    c.assumptions
                        .iter()
                        .filter(|&&l| c.solver.failed(l))
                        .map(|&l| Var::from_index(l.unsigned_abs() as usize - 1).lit(l > 0))
                        .collect(),
                )
            }
        }
    }

    /// The model of the last satisfiable call, indexed by variable (`None`: unassigned).
    pub fn model(&self) -> Option<Vec<Option<bool>>> {
        match &self.inner {
            Engine::Varisat(solver) => {
                let lits = solver.model()?;
                let mut values = vec![None; self.n_vars];
                for lit in lits {
                    if let Some(v) = values.get_mut(lit.index()) {
                        *v = Some(lit.is_positive());
                    }
                }
                Some(values)
            }
            #[cfg(feature = "cadical")]
            Engine::Cadical(c) => {
                if c.last != Some(true) {
                    return None;
                }
                // CaDiCaL knows only the variables that occur in a clause.
                let known = usize::try_from(c.solver.max_variable()).unwrap_or(0);
                Some(
                    (0..self.n_vars)
                        .map(|i| (i < known).then(|| c.solver.value(i as i32 + 1)).flatten())
                        .collect(),
                )
            }
        }
    }
}

impl ClauseSink for SatSolver {
    fn new_var(&mut self) -> Var {
        match &mut self.inner {
            Engine::Varisat(solver) => {
                let var = solver.new_var();
                debug_assert_eq!(var.index(), self.n_vars, "variables are created in order");
            }
            // CaDiCaL's variables come into being with the first clause naming them.
            #[cfg(feature = "cadical")]
            Engine::Cadical(_) => {}
        }
        self.n_vars += 1;
        Var::from_index(self.n_vars - 1)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        match &mut self.inner {
            Engine::Varisat(solver) => {
                let lits: Vec<varisat::Lit> = clause.iter().map(|&l| to_varisat(l)).collect();
                if let Some(log) = &mut self.proof {
                    log.clause_added(&lits);
                }
                solver.add_clause(&lits);
            }
            #[cfg(feature = "cadical")]
            Engine::Cadical(c) => {
                c.solver.add_clause(clause.iter().map(|&l| to_dimacs(l)));
                c.last = None;
            }
        }
        if let Some(r) = &mut self.recording {
            r.clause(self.n_vars, clause);
        }
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
    use std::sync::atomic::AtomicBool;
    use web_time::Instant;

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
        s.varisat().close_proof().unwrap();
        let log = s.proof.as_mut().unwrap();
        let len = log.file.seek(SeekFrom::End(0)).unwrap();
        assert!(len > 8);
        for offset in [len / 2, len - 2] {
            let mut copy = log.file.try_clone().unwrap();
            copy.seek(SeekFrom::Start(offset)).unwrap();
            copy.write_all(&[0xA5]).unwrap();
        }
        assert!(matches!(
            log.check(6, &Interrupt::default()),
            Err(ProofError::Rejected(_))
        ));
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

    /// The CaDiCaL engine does what the varisat one does: models (variables in no clause
    /// unassigned), assumptions that persist until replaced, failed cores, incremental clauses.
    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_solves_assumes_and_reports_cores() {
        let mut s = SatSolver::of_kind(SolverChoice::Cadical).unwrap();
        assert_eq!(s.kind(), SolverChoice::Cadical);
        let (a, b, unused) = (s.new_lit(), s.new_lit(), s.new_lit());
        s.add_clause(&[a, b]);
        s.add_clause(&[!a]);
        assert_eq!(s.solve(), Ok(true));
        assert_eq!(s.model().unwrap(), vec![Some(false), Some(true), None]);
        assert_eq!(s.failed_core(), None);
        s.assume(&[!b, unused]);
        assert_eq!(s.solve(), Ok(false));
        assert_eq!(s.model(), None);
        assert_eq!(s.failed_core().unwrap(), vec![!b]);
        // Still assumed, as with varisat.
        assert_eq!(s.solve(), Ok(false));
        s.assume(&[]);
        assert_eq!(s.solve(), Ok(true));

        let mut p = SatSolver::of_kind(SolverChoice::Cadical).unwrap();
        let (idle, on) = (p.new_lit(), p.new_lit());
        pigeonhole(&mut p, Some(!on));
        p.assume(&[idle, on]);
        assert_eq!(p.solve(), Ok(false));
        assert_eq!(p.failed_core().unwrap(), vec![on]);
        p.add_clause(&[]);
        p.assume(&[]);
        assert_eq!(p.solve(), Ok(false));
        assert!(p.check_proof(2).is_none());
    }

    /// One pigeon more than `holes` holes, into `s`: unsatisfiable, and for CDCL exponentially
    /// hard in the holes (11 take varisat minutes, 13 far longer than any test runs).
    fn pigeons_in_holes(s: &mut SatSolver, holes: usize) {
        let pigeons: Vec<Vec<Lit>> = (0..=holes)
            .map(|_| (0..holes).map(|_| s.new_lit()).collect())
            .collect();
        for p in &pigeons {
            s.add_clause(p);
        }
        for (i, p) in pigeons.iter().enumerate() {
            for q in &pigeons[i + 1..] {
                for (&a, &b) in p.iter().zip(q) {
                    s.add_clause(&[!a, !b]);
                }
            }
        }
    }

    /// Fourteen pigeons in thirteen holes, in `choice`'s engine.
    fn hard(choice: SolverChoice) -> SatSolver {
        let mut s = SatSolver::of_kind(choice).unwrap();
        pigeons_in_holes(&mut s, 13);
        s
    }

    /// A call of `choice`'s engine gives up at the interrupt's deadline, and at its flag raised
    /// from another thread; lowered again, the same solver answers (a contradiction among the
    /// assumptions ends the next call at once). The bound on the time is only there so that a
    /// broken interrupt fails rather than hangs: the calls would take hours.
    fn calls_stop_at_the_interrupt(choice: SolverChoice) {
        use std::time::Duration;
        let mut s = hard(choice);
        let started = Instant::now();
        s.interrupt_when(Interrupt {
            deadline: Some(started + Duration::from_millis(200)),
            ..Interrupt::default()
        });
        assert_eq!(s.solve(), Err(SatError::Interrupted));
        assert!(started.elapsed() < Duration::from_secs(60));
        assert_eq!(s.model(), None);

        let mut s = hard(choice);
        let flag = Arc::new(AtomicBool::new(false));
        s.interrupt_when(Interrupt {
            deadline: None,
            cancel: vec![pathsat_budget::Cancel::from_flag(Arc::clone(&flag))],
            wind_down: None,
        });
        let raiser = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                flag.store(true, Ordering::Relaxed);
            })
        };
        let started = Instant::now();
        assert_eq!(s.solve(), Err(SatError::Interrupted));
        assert!(started.elapsed() < Duration::from_secs(60));
        raiser.join().unwrap();
        // The same solver, no longer interrupted, still answers.
        s.interrupt_when(Interrupt::default());
        let unit = s.new_lit();
        s.assume(&[unit, !unit]);
        assert_eq!(s.solve(), Ok(false));
        s.assume(&[]);
        s.add_clause(&[unit]);
        s.add_clause(&[!unit]);
        assert_eq!(s.solve(), Ok(false));
    }

    #[test]
    fn varisat_calls_stop_at_the_interrupt() {
        calls_stop_at_the_interrupt(SolverChoice::Varisat);
        // Raised before the call: no search at all.
        let mut s = SatSolver::new();
        let a = s.new_lit();
        s.add_clause(&[a]);
        s.interrupt_when(Interrupt {
            deadline: Some(Instant::now()),
            ..Interrupt::default()
        });
        assert_eq!(s.solve(), Err(SatError::Interrupted));
        s.interrupt_when(Interrupt::default());
        assert_eq!(s.solve(), Ok(true));
    }

    /// The proof of a certified run stopped inside a call is whole as far as it goes: once the
    /// interrupt is lowered it is checked (no model, no unsatisfiability). Raised, the interrupt
    /// stops the check itself.
    #[test]
    fn proofs_of_stopped_runs_are_checked_unless_the_check_is_stopped() {
        use std::time::Duration;
        let mut s = SatSolver::with_proof().unwrap();
        pigeons_in_holes(&mut s, 11);
        s.interrupt_when(Interrupt {
            deadline: Some(Instant::now() + Duration::from_millis(100)),
            ..Interrupt::default()
        });
        assert_eq!(s.solve(), Err(SatError::Interrupted));
        s.interrupt_when(Interrupt::default());
        let run = s.check_proof(1).unwrap().unwrap();
        assert!(run.models.is_empty() && !run.unsat);
        assert!(run.proof_bytes > 0);

        let mut s = SatSolver::with_proof().unwrap();
        let (a, b) = (s.new_lit(), s.new_lit());
        s.add_clause(&[a, b]);
        assert_eq!(s.solve(), Ok(true));
        s.interrupt_when(Interrupt {
            deadline: Some(Instant::now()),
            ..Interrupt::default()
        });
        assert!(matches!(
            s.check_proof(2).unwrap(),
            Err(ProofError::Stopped)
        ));
    }

    /// CaDiCaL gives up a call at the interrupt's deadline or flag, and answers again once
    /// it is lowered.
    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_calls_stop_at_the_interrupt() {
        calls_stop_at_the_interrupt(SolverChoice::Cadical);
    }

    #[test]
    fn solver_names() {
        for choice in SolverChoice::ALL {
            assert_eq!(SolverChoice::from_name(choice.name()), Some(choice));
            assert!(choice.describe().starts_with(choice.name()));
        }
        assert_eq!(SolverChoice::default(), SolverChoice::Varisat);
        assert!(SolverChoice::Varisat.is_built_in());
        assert_eq!(
            SolverChoice::Cadical.is_built_in(),
            SatSolver::of_kind(SolverChoice::Cadical).is_ok()
        );
    }
}
