//! # Proofs of whole runs
//!
//! With a proof enabled, varisat writes every step of the incremental run (clauses learnt and
//! deleted, clauses added between calls, each model, the final unsatisfiability) to an
//! anonymous temporary file. [`ProofLog::check`] replays it through varisat's own checker
//! (`varisat-checker`), given the formula as it stood before the first solve, and reports what
//! the checker accepted: the models, in order, the clauses added between calls, and whether
//! unsatisfiability was proved. Any step the checker rejects is an error. A certified puzzle
//! run reports what was accepted as a [`Certificate`].

use crate::Budget;
use pathsat_cnf::{Lit, Var};
use std::fs::File;
use std::io::{self, BufReader, Seek, SeekFrom};
use std::time::Duration;
use varisat_checker::{Checker, ProofTranscriptProcessor, ProofTranscriptStep};
use web_time::Instant;

/// What a checked proof establishes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedRun {
    /// The models the checker verified, in order: for each, the true variables below
    /// `ProofLog::check`'s `keep` bound, ascending.
    pub models: Vec<Vec<Var>>,
    /// The clauses added between solver calls, in order, each sorted (the initial formula is
    /// checked against the one given and left out).
    pub added: Vec<Vec<Lit>>,
    /// Whether the proof derives unsatisfiability (after the last model).
    pub unsat: bool,
    /// The size of the proof, in bytes.
    pub proof_bytes: u64,
    /// How long the checker took.
    pub check_time: Duration,
}

/// What the proof checker accepted about a run (as reports give it, the time in seconds).
#[serde_with::serde_as]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Certificate {
    /// Models the checker verified: exactly the fillings returned, in order.
    pub models: usize,
    /// Whether the checker verified the final unsatisfiability: no other filling exists.
    pub complete: bool,
    /// The size of the proof, in bytes.
    pub proof_bytes: u64,
    /// How long the checker took.
    #[serde(rename = "check_seconds")]
    #[serde_as(as = "serde_with::DurationSecondsWithFrac<f64>")]
    pub check_time: Duration,
}

/// Why a proof was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum ProofError {
    /// Writing or reading the proof failed.
    #[error("the proof could not be written or read: {0}")]
    Io(#[from] io::Error),
    /// The checker did not accept the proof, and says why.
    #[error("the proof checker rejected the proof: {0}")]
    Rejected(String),
    /// The run's interrupt (its deadline or cancel flag) was raised while the proof was being
    /// checked.
    #[error("the check of the proof was stopped by the run's deadline or cancel")]
    Stopped,
}

/// The proof of a run in progress: where it is written, and the initial formula the checker
/// needs.
pub struct ProofLog {
    pub(crate) file: File,
    /// Clauses added before the first solve: the formula the proof starts from.
    initial: Vec<Vec<Lit>>,
    solved: bool,
}

impl ProofLog {
    /// A log and the writer to hand to varisat.
    pub(crate) fn new() -> io::Result<(ProofLog, io::BufWriter<File>)> {
        let file = tempfile::tempfile()?;
        let writer = io::BufWriter::new(file.try_clone()?);
        Ok((
            ProofLog {
                file,
                initial: Vec::new(),
                solved: false,
            },
            writer,
        ))
    }

    /// Records a clause the solver is given.
    pub(crate) fn clause_added(&mut self, clause: &[Lit]) {
        if !self.solved {
            self.initial.push(clause.to_vec());
        }
    }

    pub(crate) fn solve_started(&mut self) {
        self.solved = true;
    }

    /// Checks the proof written so far (the solver must have closed it). `keep` bounds the
    /// variables recorded in each model.
    ///
    /// # Errors
    /// [`ProofError::Rejected`] when the checker rejects a step, [`ProofError::Io`] when the
    /// proof cannot be read.
    pub(crate) fn check(
        &mut self,
        keep: usize,
        interrupt: &Budget,
    ) -> Result<CheckedRun, ProofError> {
        let start = Instant::now();
        let proof_bytes = self.file.seek(SeekFrom::End(0))?;
        self.file.seek(SeekFrom::Start(0))?;
        let mut recorder = Recorder {
            keep,
            models: Vec::new(),
            added: Vec::new(),
            unsat: false,
        };
        {
            let mut checker = Checker::new();
            checker.add_transcript(&mut recorder);
            for clause in &self.initial {
                let clause: Vec<varisat::Lit> = clause
                    .iter()
                    .map(|l| varisat::Lit::from_index(l.var().index(), l.is_positive()))
                    .collect();
                checker
                    .add_clause(&clause)
                    .map_err(|e| ProofError::Rejected(e.to_string()))?;
            }
            let mut reader = StopReader {
                interrupt,
                inner: &self.file,
                stopped: false,
            };
            let checked = checker.check_proof(BufReader::new(&mut reader));
            if reader.stopped {
                return Err(ProofError::Stopped);
            }
            checked.map_err(|e| ProofError::Rejected(e.to_string()))?;
        }
        // The transcript lists the initial clauses first: they must be the formula given.
        let initial: Vec<Vec<Lit>> = self
            .initial
            .iter()
            .map(|clause| {
                let mut lits = clause.clone();
                lits.sort_unstable();
                lits
            })
            .collect();
        if recorder.added.len() < initial.len() || recorder.added[..initial.len()] != initial[..] {
            return Err(ProofError::Rejected(
                "the checked formula is not the formula given to the solver".into(),
            ));
        }
        let added = recorder.added.split_off(initial.len());
        let unsat = recorder.unsat || initial.iter().chain(&added).any(Vec::is_empty);
        Ok(CheckedRun {
            models: recorder.models,
            added,
            unsat,
            proof_bytes,
            check_time: start.elapsed(),
        })
    }
}

/// The proof file as the checker reads it, failing once the run's interrupt is raised: the
/// checker reads a block at a time, so a long check stops within a block's work.
struct StopReader<'a, R> {
    interrupt: &'a Budget,
    inner: R,
    stopped: bool,
}

impl<R: io::Read> io::Read for StopReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.interrupt.is_raised() {
            self.stopped = true;
            return Err(io::Error::other("the run's interrupt was raised"));
        }
        self.inner.read(buf)
    }
}

/// Collects the transcript of a checked proof.
struct Recorder {
    keep: usize,
    models: Vec<Vec<Var>>,
    added: Vec<Vec<Lit>>,
    unsat: bool,
}

impl ProofTranscriptProcessor for Recorder {
    fn process_step(&mut self, step: &ProofTranscriptStep) -> Result<(), anyhow::Error> {
        match step {
            ProofTranscriptStep::Model { assignment } => {
                let mut trues: Vec<Var> = assignment
                    .iter()
                    .filter(|l| l.is_positive() && l.index() < self.keep)
                    .map(|l| Var::from_index(l.index()))
                    .collect();
                trues.sort_unstable();
                self.models.push(trues);
            }
            ProofTranscriptStep::AddClause { clause } => {
                let mut lits: Vec<Lit> = clause
                    .iter()
                    .map(|l| Var::from_index(l.index()).lit(l.is_positive()))
                    .collect();
                lits.sort_unstable();
                self.added.push(lits);
            }
            ProofTranscriptStep::Unsat => self.unsat = true,
            _ => {}
        }
        Ok(())
    }
}
