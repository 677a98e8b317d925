//! One solver's row: an embedded solver on the puzzle, or an external one on the CNF file, its
//! model decoded and checked by the verifier, its proof of an "unsatisfiable" replayed.

use crate::{SolverRow, SolverStatus};
use pathsat_dimacs::{write_dimacs, Header, SolverOutput};
use pathsat_encode::{EncodingOptions, Export};
use pathsat_external::{ExternalSolver, Outcome};
use pathsat_puzzle::Puzzle;
use pathsat_solver::{decode_model, Budget, ModelProblem, PuzzleSolver, SolveError};
use pathsat_solver::{SolveOptions, SolverChoice, CADICAL_VERSION, VARISAT_VERSION};
use std::path::Path;
use std::time::Duration;
use web_time::Instant;

/// Writes the CNF of `export` in DIMACS to `path`, as `pathsat export` does.
///
/// # Errors
/// The file's.
pub fn write_cnf(export: &Export, path: &Path) -> std::io::Result<()> {
    let file = std::fs::File::create(path)?;
    let header = Header {
        comments: &export.comments,
        show: export.show.as_deref(),
    };
    write_dimacs(&mut std::io::BufWriter::new(file), &export.cnf, &header)
}

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

/// The embedded solver `choice` on the puzzle in the encoding `encoding` asks for, alone (no
/// race), stopped (inside its call too) after `timeout`.
///
/// # Errors
/// When the puzzle cannot be encoded as asked or the solver fails.
pub fn embedded_row(
    puzzle: &Puzzle,
    encoding: EncodingOptions,
    choice: SolverChoice,
    timeout: Duration,
) -> Result<SolverRow, SolveError> {
    let start = Instant::now();
    let options = SolveOptions {
        encoding,
        solver: choice,
        ..SolveOptions::default()
    };
    let budget = Budget::until(Instant::now().checked_add(timeout));
    let mut solver = PuzzleSolver::within(puzzle, &options, &budget)?;
    let (status, valid) = match solver.next_solution() {
        // Every solution of the embedded solver has passed the verifier.
        Ok(Some(_)) => (SolverStatus::Sat, Some(true)),
        Ok(None) => (SolverStatus::Unsat, None),
        Err(SolveError::Interrupted) => (SolverStatus::Timeout, None),
        Err(e) => return Err(e),
    };
    let version = match choice.engine(false) {
        SolverChoice::Varisat => VARISAT_VERSION,
        _ => CADICAL_VERSION,
    };
    Ok(SolverRow {
        version: Some(version.to_string()),
        status,
        seconds: Some(start.elapsed().as_secs_f64()),
        valid,
        ..SolverRow::new(&format!("{choice} (embedded)"))
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
    let mut row = SolverRow::new(name);
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
