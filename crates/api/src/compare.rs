//! # Solvers side by side on one CNF
//!
//! [`compare`]: the embedded solvers (varisat, and CaDiCaL in a build with it) on a puzzle in
//! one encoding, and external DIMACS solvers (kissat, CaDiCaL's binary, any other) on the same
//! CNF written to a file, each on a thread of its own within one timeout, their models decoded
//! and checked by the verifier: one [`SolverRow`] a solver. [`crate::lab`] runs the same rows
//! over many files and encodings.

use crate::export::{export, Exported};
use crate::options::EncodingSpec;
use crate::outcome::EncodingInfo;
use crate::solve::{first_within, FirstAnswer};
use crate::Error;
use pathsat_dimacs::SolverOutput;
use pathsat_encode::{EncodingOptions, Export};
use pathsat_external::{ExternalSolver, Outcome};
use pathsat_puzzle::Puzzle;
use pathsat_solver::{decode_model, ModelProblem, SolveOptions, SolverChoice};
use pathsat_solver::{CADICAL_VERSION, VARISAT_VERSION};
use serde::Serialize;
use std::path::Path;
use std::time::Duration;
use web_time::Instant;

/// The external solvers [`compare`] looks for when none is named.
pub const DEFAULT_SOLVERS: [&str; 2] = ["kissat", "cadical"];

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

/// What one solver said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SolverStatus {
    /// It found a model.
    Sat,
    /// It proved there is none.
    Unsat,
    /// It gave up without deciding.
    Unknown,
    /// It ran out of time.
    Timeout,
    /// The solver is not installed.
    Absent,
    /// It could not be run, or its output could not be read.
    Error,
    /// Not run: the CNF is not one the solver can answer alone (the lazy successor encoding's
    /// round 0, for an external solver in `lab`).
    Skipped,
}

impl SolverStatus {
    /// The status as the reports write it.
    pub fn name(self) -> &'static str {
        match self {
            SolverStatus::Sat => "sat",
            SolverStatus::Unsat => "unsat",
            SolverStatus::Unknown => "unknown",
            SolverStatus::Timeout => "timeout",
            SolverStatus::Absent => "absent",
            SolverStatus::Error => "error",
            SolverStatus::Skipped => "n/a",
        }
    }

    /// Whether the solver decided the formula.
    pub fn decided(self) -> bool {
        matches!(self, SolverStatus::Sat | SolverStatus::Unsat)
    }
}

/// One solver's row.
#[derive(Debug, Serialize)]
pub struct SolverRow {
    /// The solver's name (`varisat (embedded)`, `kissat`, ...).
    pub solver: String,
    /// Where an external solver was found.
    pub path: Option<String>,
    /// Its version, as it says it.
    pub version: Option<String>,
    /// What it said.
    pub status: SolverStatus,
    /// How long it took.
    pub seconds: Option<f64>,
    /// Whether the model decodes to a valid filling (sat answers), or, with `--proofs`, whether
    /// the DRAT checker accepted the proof of an unsatisfiable answer.
    pub valid: Option<bool>,
    /// What went wrong: the model's problem, or the error.
    pub error: Option<String>,
    /// With `--proofs`, after an unsatisfiable answer of an external solver: the size of its
    /// DRAT proof, in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_bytes: Option<u64>,
    /// With `--proofs`: the seconds the DRAT checker (dratify) took to replay it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_check_seconds: Option<f64>,
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
    let dir = tempfile::tempdir().map_err(|e| temporary(&e))?;
    let cnf_path = dir.path().join("puzzle.cnf");
    write_cnf(&exported, &cnf_path)?;
    // The embedded solver runs the encoding exported, not the one `solve` would pick.
    let mut options = spec.options();
    options.choice = export.encoded.kind().into();
    let names: Vec<String> = if solvers.is_empty() {
        DEFAULT_SOLVERS.iter().map(|s| s.to_string()).collect()
    } else {
        solvers.to_vec()
    };
    let (embedded, external) = std::thread::scope(|scope| {
        let embedded: Vec<_> = SolverChoice::ALL
            .into_iter()
            .filter(|choice| choice.is_built_in())
            .map(|choice| scope.spawn(move || embedded_row(puzzle, file, options, choice, timeout)))
            .collect();
        let external: Vec<_> = names
            .iter()
            .map(|name| {
                let cnf_path = &cnf_path;
                scope.spawn(move || external_row(puzzle, export, name, cnf_path, timeout, proofs))
            })
            .collect();
        (
            embedded
                .into_iter()
                .map(|h| h.join().expect("a solver thread"))
                .collect::<Vec<_>>(),
            external
                .into_iter()
                .map(|h| h.join().expect("a solver thread"))
                .collect::<Vec<_>>(),
        )
    });
    let mut rows = embedded.into_iter().collect::<Result<Vec<_>, _>>()?;
    rows.extend(external);
    Ok(CompareReport {
        file: file.to_string(),
        name: puzzle.name().to_string(),
        variables: export.encoded.stats().variables,
        clauses: export.encoded.stats().clauses,
        encoding: EncodingInfo::new(export.encoded.kind(), &spec.options()),
        solvers: rows,
    })
}

/// Writes the exported CNF in DIMACS to `path`.
/// Replays the DRAT proof an external solver wrote for its "unsatisfiable" against the CNF it
/// was given; the row's `valid` says whether the checker accepted it.
fn check_proof(row: &mut SolverRow, cnf: &Path, proof: &Path) {
    let start = Instant::now();
    let checked = (|| {
        let text = std::fs::read_to_string(cnf).map_err(|e| format!("the CNF: {e}"))?;
        let formula = pathsat_claims::parse_cnf(&text).map_err(|e| e.to_string())?;
        let bytes = std::fs::read(proof).map_err(|e| format!("no proof written: {e}"))?;
        row.proof_bytes = Some(bytes.len() as u64);
        pathsat_claims::check_proof(&formula, &bytes).map_err(|e| e.to_string())
    })();
    row.proof_check_seconds = Some(start.elapsed().as_secs_f64());
    match checked {
        Ok(_) => row.valid = Some(true),
        Err(e) => {
            row.valid = Some(false);
            row.error = Some(format!("proof rejected: {e}"));
        }
    }
}

pub(crate) fn write_cnf(exported: &Exported, path: &Path) -> Result<(), Error> {
    let file = std::fs::File::create(path).map_err(|e| temporary(&e))?;
    exported
        .write_dimacs(&mut std::io::BufWriter::new(file))
        .map_err(|e| temporary(&e))
}

fn temporary(e: &dyn std::fmt::Display) -> Error {
    Error::Io {
        what: "the temporary CNF".to_string(),
        message: format!("cannot write it: {e}"),
    }
}

/// The embedded solver `choice` on the puzzle, stopped (inside its call too) after `timeout`.
///
/// # Errors
/// [`Error::Solve`] when the puzzle cannot be encoded as asked or the solver fails.
pub fn embedded_row(
    puzzle: &Puzzle,
    file: &str,
    encoding: EncodingOptions,
    choice: SolverChoice,
    timeout: Duration,
) -> Result<SolverRow, Error> {
    let start = Instant::now();
    let options = SolveOptions {
        encoding,
        solver: choice,
        ..SolveOptions::default()
    };
    let (status, first) = match first_within(puzzle, file, &options, timeout)? {
        FirstAnswer::Solution(filling) => (SolverStatus::Sat, Some(filling)),
        FirstAnswer::NoSolution => (SolverStatus::Unsat, None),
        FirstAnswer::TimedOut => (SolverStatus::Timeout, None),
    };
    Ok(SolverRow {
        solver: format!("{choice} (embedded)"),
        path: None,
        version: Some(
            match choice.engine(false) {
                SolverChoice::Varisat => VARISAT_VERSION,
                _ => CADICAL_VERSION,
            }
            .to_string(),
        ),
        status,
        seconds: Some(start.elapsed().as_secs_f64()),
        // Every solution of the embedded solver has passed the verifier.
        valid: first.is_some().then_some(true),
        error: None,
        proof_bytes: None,
        proof_check_seconds: None,
    })
}

/// The external solver `name` (found on `PATH`, or a path) on the CNF file `cnf` that `export`
/// wrote, within `timeout`, its model decoded and checked.
pub fn external_row(
    puzzle: &Puzzle,
    export: &Export,
    name: &str,
    cnf: &Path,
    timeout: Duration,
    proofs: bool,
) -> SolverRow {
    let mut row = SolverRow {
        solver: name.to_string(),
        path: None,
        version: None,
        status: SolverStatus::Absent,
        seconds: None,
        valid: None,
        error: None,
        proof_bytes: None,
        proof_check_seconds: None,
    };
    let Some(solver) = ExternalSolver::find(name) else {
        row.error = Some("not found".to_string());
        return row;
    };
    row.path = Some(solver.path.display().to_string());
    // A version is worth asking for a few seconds at most, and never longer than the run.
    row.version = solver.version(timeout.min(Duration::from_secs(5)));
    // The proof goes beside the CNF, one file a solver (`name` may be a path).
    let proof = cnf.with_file_name(format!(
        "{}.drat",
        name.replace(|c: char| !c.is_ascii_alphanumeric(), "_")
    ));
    let run = if proofs {
        solver.run_with_proof(cnf, &proof, timeout)
    } else {
        solver.run(cnf, timeout)
    };
    let run = match run {
        Ok(run) => run,
        Err(e) => {
            row.status = SolverStatus::Error;
            row.error = Some(format!("cannot run: {e}"));
            return row;
        }
    };
    row.seconds = Some(run.seconds);
    match run.outcome {
        Outcome::TimedOut => row.status = SolverStatus::Timeout,
        Outcome::BadOutput(e) => {
            row.status = SolverStatus::Error;
            row.error = Some(format!("unreadable output: {e}"));
        }
        Outcome::Answer(SolverOutput::Unknown) => row.status = SolverStatus::Unknown,
        Outcome::Answer(SolverOutput::Unsat) => {
            row.status = SolverStatus::Unsat;
            if proofs {
                check_proof(&mut row, cnf, &proof);
            }
        }
        Outcome::Answer(SolverOutput::Sat(model)) => {
            row.status = SolverStatus::Sat;
            match decode_model(puzzle, &export.encoded, &model) {
                Ok(_) => row.valid = Some(true),
                // Round 0 of the successor encoding: a cycle cover is a correct answer to
                // the CNF given, not a tour.
                Err(ModelProblem::Subtours(k)) => {
                    row.error = Some(format!("{k} disjoint cycles (round 0 has no subtour cuts)"));
                }
                Err(problem) => {
                    row.valid = Some(false);
                    row.error = Some(format!("invalid: {problem}"));
                }
            }
        }
    }
    row
}
