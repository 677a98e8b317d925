//! # Proof recording, a layer over the backends
//!
//! A solver may keep a record of its run beside the backend doing the work, for one of three
//! ends:
//! - varisat's own proof of the whole incremental run, replayed by varisat's checker
//!   ([`SatSolver::with_proof`], [`SatSolver::check_proof`]): the record keeps the formula the
//!   proof starts from ([`ProofLog`]);
//! - the clauses varisat derives, counted off its binary DRAT output
//!   ([`SatSolver::counting_learned`]), a measure of effort that is the same on every machine;
//! - a certificate ([`SatSolver::recording`], for [`crate::certificate`]): CaDiCaL traces a
//!   DRAT proof to a file while the record keeps every clause given and the claims that justify
//!   the clauses added after the encoding.
//!
//! The backend writes the proof, since only it knows its steps; the [`Record`] keeps what the
//! proof's check needs. [`SatSolver`] hands every clause and call to its record whatever the
//! record is, so that no other method asks which kind of run it is: the constructors of the
//! three kinds and the methods that only they use are here.

use super::shared_interrupt::SharedInterrupt;
use super::varisat::Varisat;
use super::SatSolver;
use crate::certificate::Recording;
use crate::claims::Claim;
use crate::proof::{CheckedRun, ProofError, ProofLog};
use crate::SolveError;
#[cfg(not(feature = "cadical"))]
use crate::Unsupported;
use pathsat_cnf::{Lit, Var};
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use varisat::ProofFormat;

/// What a solver keeps of its run beside the backend.
pub(super) enum Record {
    /// Nothing: an uncertified run.
    Nothing,
    /// varisat's own proof ([`SatSolver::with_proof`]).
    Proof(ProofLog),
    /// The count of clauses varisat derived ([`SatSolver::counting_learned`]).
    Learned(Arc<AtomicU64>),
    /// A certificate's record: every clause given, the claims, the proof's file.
    #[cfg_attr(not(feature = "cadical"), allow(dead_code))]
    Certificate(Recording),
}

impl Record {
    /// Notes a clause given to the backend (the solver then has `n_vars` variables).
    #[inline]
    pub(super) fn clause(&mut self, n_vars: usize, clause: &[Lit]) {
        if !matches!(self, Record::Nothing | Record::Learned(_)) {
            self.keep_clause(n_vars, clause);
        }
    }

    /// [`Record::clause`] when the clause is kept, out of line: a clause added to an
    /// uncertified solver (the hot path of an encoding) costs a test.
    #[inline(never)]
    fn keep_clause(&mut self, n_vars: usize, clause: &[Lit]) {
        match self {
            Record::Nothing | Record::Learned(_) => {}
            Record::Proof(log) => log.clause_added(clause),
            Record::Certificate(recording) => recording.clause(n_vars, clause),
        }
    }

    /// Notes a call to the backend.
    #[inline]
    pub(super) fn solve_started(&mut self) {
        if let Record::Proof(log) = self {
            log.solve_started();
        }
    }

    /// The certificate's record, and nothing in its place.
    fn take_recording(&mut self) -> Option<Recording> {
        match std::mem::replace(self, Record::Nothing) {
            Record::Certificate(recording) => Some(recording),
            other => {
                *self = other;
                None
            }
        }
    }
}

impl SatSolver {
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
    ///
    /// [`Unsupported::CadicalNotBuiltIn`]: crate::Unsupported::CadicalNotBuiltIn
    pub fn recording(proof: &std::path::Path) -> Result<SatSolver, SolveError> {
        #[cfg(feature = "cadical")]
        {
            let interrupt = SharedInterrupt::default();
            let mut cadical = super::cadical::Cadical::new(interrupt.clone(), 0);
            cadical.trace_proof(proof).map_err(|e| {
                SolveError::Certificate(format!("cannot write {}: {e}", proof.display()))
            })?;
            let record = Record::Certificate(Recording::new(proof.to_path_buf()));
            Ok(SatSolver::around(Box::new(cadical), interrupt, record))
        }
        #[cfg(not(feature = "cadical"))]
        {
            let _ = proof;
            Err(SolveError::Unsupported(Unsupported::CadicalNotBuiltIn))
        }
    }

    /// Marks the end of the encoding in a recording solver: later clauses are claims.
    pub fn end_encoding(&mut self) {
        if let Record::Certificate(recording) = &mut self.record {
            recording.end_encoding();
        }
    }

    /// Whether the solver records its clauses for a certificate.
    pub fn is_recording(&self) -> bool {
        matches!(self.record, Record::Certificate(_))
    }

    /// Adds `clauses`, and in a recording solver records them with the claim `claim` makes:
    /// made only then, so that the cut loop and the enumerations of uncertified runs (hot
    /// paths) build no claim.
    pub fn add_claim(&mut self, claim: impl FnOnce() -> Claim, clauses: &[Vec<Lit>]) {
        for clause in clauses {
            pathsat_cnf::ClauseSink::add_clause(self, clause);
        }
        if let Record::Certificate(recording) = &mut self.record {
            recording.claimed(claim(), clauses.len());
        }
    }

    /// Keeps `var` out of CaDiCaL's elimination and substitution (a variable later clauses may
    /// name, in a recording solver); nothing otherwise.
    pub fn keep(&mut self, var: Var) {
        if self.is_recording() {
            self.backend.freeze(var);
        }
    }

    /// Closes the proof of a recording solver and hands over its record; `None` for another
    /// solver (or a second time).
    pub fn finish_recording(&mut self) -> Option<Recording> {
        let recording = self.record.take_recording()?;
        // A trace cut short would fail the certificate's check; CaDiCaL reports no error here.
        self.backend.close_proof().ok();
        Some(recording)
    }

    /// A solver that counts the clauses it derives (about one per conflict), a measure of its
    /// effort that, unlike time, is the same on every machine: see [`SatSolver::learned`].
    /// The count goes through varisat's DRAT proof output, which cannot express assumptions
    /// or clauses added after solving: such a solver must be given neither (varisat panics).
    pub fn counting_learned() -> SatSolver {
        let count = Arc::new(AtomicU64::new(0));
        let target = LearnedCounter {
            count: Arc::clone(&count),
            at_start: true,
        };
        let interrupt = SharedInterrupt::default();
        let varisat =
            Varisat::writing_proof(interrupt.clone(), Box::new(target), ProofFormat::BinaryDrat);
        SatSolver::around(Box::new(varisat), interrupt, Record::Learned(count))
    }

    /// The clauses derived so far by a solver made with [`SatSolver::counting_learned`].
    pub fn learned(&self) -> Option<u64> {
        match &self.record {
            Record::Learned(count) => Some(count.load(Ordering::Relaxed)),
            _ => None,
        }
    }

    /// A solver that writes a proof of everything it does, to check with
    /// [`SatSolver::check_proof`].
    ///
    /// # Errors
    /// When the temporary file for the proof cannot be made.
    pub fn with_proof() -> io::Result<SatSolver> {
        let (log, writer) = ProofLog::new()?;
        let interrupt = SharedInterrupt::default();
        let varisat =
            Varisat::writing_proof(interrupt.clone(), Box::new(writer), ProofFormat::Varisat);
        Ok(SatSolver::around(
            Box::new(varisat),
            interrupt,
            Record::Proof(log),
        ))
    }

    /// Closes the proof and checks it, until the interrupt is raised; `keep` bounds the
    /// variables recorded in each model. `None` when the solver was not made with a proof.
    ///
    /// # Errors
    /// A [`ProofError`] when the checker rejects the proof or it cannot be read, or when the
    /// interrupt stops the check ([`ProofError::Stopped`]).
    pub fn check_proof(&mut self, keep: usize) -> Option<Result<CheckedRun, ProofError>> {
        let Record::Proof(log) = &mut self.record else {
            return None;
        };
        // The proof is closed whatever the interrupt says (it takes a moment); the check,
        // which can take as long as the run, stops at it.
        let backend = &mut self.backend;
        let closed = self.interrupt.suspended(|| backend.close_proof());
        let closed = closed.map_err(ProofError::Rejected);
        Some(closed.and_then(|()| log.check(keep, &self.interrupt.get())))
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
