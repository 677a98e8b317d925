//! # Solvers side by side on one CNF
//!
//! [`compare`]: the embedded solvers and external DIMACS solvers on a puzzle in one encoding,
//! side by side within one timeout (`pathsat_lab::side_by_side` runs them), as a report: one
//! [`SolverRow`] a solver. [`crate::lab`] runs rows like these over many files and encodings.

use crate::export::export;
use crate::options::EncodingSpec;
use crate::outcome::EncodingInfo;
use crate::Error;
use pathsat_lab::{side_by_side, LabError, Lineup};
use pathsat_puzzle::Puzzle;
use serde::Serialize;
use std::time::Duration;

pub use pathsat_lab::{SolverRow, SolverStatus, DEFAULT_SOLVERS};

/// The result of [`compare`].
#[derive(Debug, Serialize)]
pub struct CompareReport {
    /// The puzzle file.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// The CNF's variables.
    pub variables: usize,
    /// The CNF's clauses.
    pub clauses: usize,
    /// The encoding the CNF is in.
    pub encoding: EncodingInfo,
    /// One row a solver: the embedded ones first.
    pub solvers: Vec<SolverRow>,
}

impl CompareReport {
    /// Whether the solvers that decided disagree on whether the puzzle has a solution.
    pub fn disagree(&self) -> bool {
        let decided: Vec<SolverStatus> = self
            .solvers
            .iter()
            .map(|r| r.status)
            .filter(|s| s.decided())
            .collect();
        decided.windows(2).any(|w| w[0] != w[1])
    }

    /// Whether some solver's model failed the verifier.
    pub fn invalid(&self) -> bool {
        self.solvers.iter().any(|r| r.valid == Some(false))
    }
}

/// Every embedded solver this build has and the external `solvers` (by name or path; none
/// named: [`DEFAULT_SOLVERS`]) on `puzzle` (read from `file`) in the encoding of `spec`, side by
/// side, each stopped after `timeout`, so the call ends within it however many solvers it
/// compares. The CNF goes to the external solvers in a temporary file. With `proofs`, each
/// external solver also writes a DRAT proof there, which the checker dratify replays after an
/// "unsatisfiable": the row is `valid` only if it accepts.
///
/// # Errors
/// The encoding's refusal of the puzzle ([`Error::Solve`]), an embedded solver's failure, or a
/// temporary file that cannot be written ([`Error::Io`]).
pub fn compare(
    puzzle: &Puzzle,
    file: &str,
    spec: &EncodingSpec,
    solvers: &[String],
    timeout: Duration,
    proofs: bool,
) -> Result<CompareReport, Error> {
    let exported = export(puzzle, file, &spec.options())?;
    let export = &exported.export;
    let lineup = Lineup {
        solvers,
        timeout,
        proofs,
    };
    let rows =
        side_by_side(puzzle, export, &spec.options(), lineup).map_err(|e| lab_error(file, e))?;
    Ok(CompareReport {
        file: file.to_string(),
        name: puzzle.name().to_string(),
        variables: export.encoded.stats().variables,
        clauses: export.encoded.stats().clauses,
        encoding: EncodingInfo::new(export.encoded.kind(), &spec.options()),
        solvers: rows,
    })
}

/// A lab's failure on `file`: a solver's, or the temporary CNF's.
pub(crate) fn lab_error(file: &str, error: LabError) -> Error {
    match error {
        LabError::Solve(e) => Error::solve(file, e),
        e @ LabError::Cnf(_) => Error::Io {
            what: "the temporary CNF".to_string(),
            message: e.to_string(),
        },
    }
}
