//! # The encoding lab
//!
//! Every puzzle in every encoding asked: its size and export time, then every solver on it in
//! turn (never two at once, so that the times are comparable on a small machine:
//! `pathsat_lab::in_turn` runs them), the embedded ones on the puzzle in that encoding,
//! external ones on the exported DIMACS file with their models decoded and checked by the
//! verifier (the rows of [`crate::compare`]). `pathsat lab` prints the rows as a table, JSON,
//! CSV and a chart; what they say about the encodings is in `encodings/complete.md`.

use crate::compare::{lab_error, SolverRow, SolverStatus};
use crate::export::export;
use crate::options::{EncodingName, EncodingSpec, ExactlyOneEncoding, OptionError, Problem};
use crate::{Error, ErrorKind, Words};
use pathsat_lab::{edges, embedded_solver, in_turn, Lineup};
use pathsat_puzzle::Puzzle;
use serde::Serialize;
use std::path::Path;
use std::time::Duration;
use web_time::Instant;

/// One file in one encoding: its sizes and what each solver said.
#[derive(Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct LabRow {
    /// The puzzle file.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// Its cells (vertices).
    pub vertices: usize,
    /// The edges of its move graph (a pair joined both ways counts once).
    pub edges: usize,
    /// The encoding, as `--encoding` names it.
    pub encoding: String,
    /// The exactly-one encoding it used.
    pub exactly_one: String,
    /// The CNF's variables.
    pub variables: Option<usize>,
    /// The CNF's clauses.
    pub clauses: Option<usize>,
    /// Seconds the export took.
    pub export_seconds: Option<f64>,
    /// Why the encoding was not written for this file (too large, givens it cannot express).
    pub refused: Option<String>,
    /// One row per solver asked, in order.
    pub solvers: Vec<SolverRow>,
}

/// What the lab runs on each puzzle.
#[derive(Clone, Debug)]
pub struct LabSetup {
    /// The exactly-one encoding, if not each encoding's default.
    pub exactly_one: Option<ExactlyOneEncoding>,
    /// The solvers: `varisat`, `cadical-embedded`, or external ones by name or path.
    pub solvers: Vec<String>,
    /// The time each solver gets.
    pub timeout: Duration,
    /// `--proofs`: external solvers write DRAT proofs, replayed by dratify after each
    /// "unsatisfiable" (the rows get the proof's size and checking time).
    pub proofs: bool,
    /// The front end's words for a refusal of the encoding, which its row says.
    pub words: Words,
}

impl LabSetup {
    /// Refuses an embedded solver that this build does not have.
    ///
    /// # Errors
    /// [`Error::Option`] for `solvers`.
    pub fn check(&self) -> Result<(), Error> {
        for name in &self.solvers {
            if let Some(choice) = embedded_solver(name).filter(|c| !c.is_built_in()) {
                return Err(Error::Option(OptionError::new(
                    "solvers",
                    Problem::Malformed(format!(
                        "{choice} is not built into this pathsat (build with the feature \
                         `cadical`)"
                    )),
                )));
            }
        }
        Ok(())
    }
}

/// Exports `puzzle` (read from `file`) in `encoding` and runs every solver of `setup` on it,
/// the external ones on the CNF written to `cnf_path`. A puzzle the encoding cannot express is
/// a row that says why.
///
/// # Errors
/// An embedded solver's failure, or a temporary file that cannot be written.
pub fn measure(
    puzzle: &Puzzle,
    file: &str,
    encoding: EncodingName,
    setup: &LabSetup,
    cnf_path: &Path,
) -> Result<LabRow, Error> {
    let spec = EncodingSpec {
        encoding,
        exactly_one: setup.exactly_one,
        ..EncodingSpec::default()
    };
    let mut row = LabRow {
        file: file.to_string(),
        name: puzzle.name().to_string(),
        vertices: puzzle.n_cells(),
        edges: edges(puzzle),
        encoding: encoding.to_string(),
        exactly_one: String::new(),
        variables: None,
        clauses: None,
        export_seconds: None,
        refused: None,
        solvers: Vec::new(),
    };
    let started = Instant::now();
    let exported = match export(puzzle, file, &spec.options()) {
        Ok(exported) => exported,
        Err(e) if e.kind() == ErrorKind::Input => {
            // The file name leads the message; the row already names the file.
            let why = (setup.words)(&e);
            let why = why.split_once(": ").map_or(why.as_str(), |(_, w)| w);
            row.refused = Some(why.to_string());
            return Ok(row);
        }
        Err(other) => return Err(other),
    };
    row.export_seconds = Some(started.elapsed().as_secs_f64());
    let export = &exported.export;
    let stats = export.encoded.stats();
    row.variables = Some(stats.variables);
    row.clauses = Some(stats.clauses);
    let options = spec.options();
    row.exactly_one = options
        .exactly_one(export.encoded.kind())
        .name()
        .to_string();
    let lineup = Lineup {
        solvers: &setup.solvers,
        timeout: setup.timeout,
        proofs: setup.proofs,
    };
    row.solvers =
        in_turn(puzzle, export, &options, lineup, cnf_path).map_err(|e| lab_error(file, e))?;
    Ok(row)
}

/// Invalid models, and files whose solvers disagree on whether there is a solution: one
/// sentence each.
pub fn problems(rows: &[LabRow]) -> Vec<String> {
    let mut problems = Vec::new();
    for row in rows {
        for s in row.solvers.iter().filter(|s| s.valid == Some(false)) {
            problems.push(format!(
                "{}: {} in the {} encoding gave an invalid model: {}",
                row.file,
                s.solver,
                row.encoding,
                s.error.as_deref().unwrap_or("")
            ));
        }
    }
    let mut files: Vec<&str> = rows.iter().map(|r| r.file.as_str()).collect();
    files.dedup();
    for file in files {
        let decided: Vec<SolverStatus> = rows
            .iter()
            .filter(|r| r.file == file)
            .flat_map(|r| &r.solvers)
            .map(|s| s.status)
            .filter(|s| s.decided())
            .collect();
        if decided.windows(2).any(|w| w[0] != w[1]) {
            problems.push(format!(
                "{file}: the solvers disagree on whether it has a solution"
            ));
        }
    }
    problems
}
