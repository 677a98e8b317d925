#![warn(missing_docs)]
//! # pathsat-lab
//!
//! The embedded SAT solvers (varisat, and CaDiCaL in a build with it) and external DIMACS
//! solvers (kissat, CaDiCaL's binary, any other that follows the competition's conventions)
//! side by side on the same CNF of a puzzle: one [`SolverRow`] a solver, with its answer, its
//! time, its model decoded and checked by the verifier, and with proofs, its DRAT proof of an
//! "unsatisfiable" replayed by the checker dratify (`pathsat-claims`).
//!
//! - [`side_by_side`]: every solver at once, each on a thread of its own within one timeout
//!   (`pathsat compare`: one puzzle in one encoding);
//! - [`in_turn`]: one solver after the other, never two at once, so that the times are
//!   comparable on a small machine (`pathsat lab`: many puzzles in many encodings).
//!
//! Why a crate of its own: running and judging other solvers is a subsystem, not the facade,
//! and it needs the puzzle, the encoder, the embedded solver and the proof checker together,
//! which `pathsat-external` (it only runs a solver on a DIMACS file and reads its answer) sits
//! below. `pathsat-api` exports the CNF, words its refusals and builds the reports
//! (`compare::CompareReport`, `lab::LabRow`) around these rows.

mod rows;

pub use rows::{embedded_row, external_row, write_cnf};

use pathsat_encode::{EncodingOptions, Export};
use pathsat_puzzle::Puzzle;
use pathsat_solver::{SolveError, SolverChoice};
use serde::Serialize;
use std::path::Path;
use std::time::Duration;

/// The external solvers [`side_by_side`] looks for when none is named.
pub const DEFAULT_SOLVERS: [&str; 2] = ["kissat", "cadical"];

/// Why solvers could not be compared.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// An embedded solver failed, or the puzzle cannot be encoded as asked.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The CNF for the external solvers could not be written to a temporary file.
    #[error("cannot write it: {0}")]
    Cnf(#[from] std::io::Error),
}

/// The solvers to run and how: by name or path (`varisat` and `cadical-embedded` are the
/// embedded ones in [`in_turn`]), the time each gets, and whether external solvers write DRAT
/// proofs to be replayed.
#[derive(Clone, Copy, Debug)]
pub struct Lineup<'a> {
    /// The solvers, by name or path.
    pub solvers: &'a [String],
    /// The time each solver gets.
    pub timeout: Duration,
    /// External solvers write DRAT proofs, replayed by dratify after each "unsatisfiable"
    /// (the rows get the proof's size and checking time, and are `valid` only if accepted).
    pub proofs: bool,
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
    /// Whether the model decodes to a valid filling (sat answers), or, with proofs, whether
    /// the DRAT checker accepted the proof of an unsatisfiable answer.
    pub valid: Option<bool>,
    /// What went wrong: the model's problem, or the error.
    pub error: Option<String>,
    /// With proofs, after an unsatisfiable answer of an external solver: the size of its
    /// DRAT proof, in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_bytes: Option<u64>,
    /// With proofs: the seconds the DRAT checker (dratify) took to replay it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_check_seconds: Option<f64>,
}

impl SolverRow {
    /// The row of `solver`, not run yet: `absent`, nothing known.
    pub fn new(solver: &str) -> SolverRow {
        SolverRow {
            solver: solver.to_string(),
            path: None,
            version: None,
            status: SolverStatus::Absent,
            seconds: None,
            valid: None,
            error: None,
            proof_bytes: None,
            proof_check_seconds: None,
        }
    }
}

/// The embedded solver a lab solver name stands for, if it is one: `varisat` or
/// `cadical-embedded`.
pub fn embedded_solver(name: &str) -> Option<SolverChoice> {
    match name {
        "varisat" => Some(SolverChoice::Varisat),
        "cadical-embedded" => Some(SolverChoice::Cadical),
        _ => None,
    }
}

/// Every embedded solver this build has and the external solvers of `lineup` (none named:
/// [`DEFAULT_SOLVERS`]) on `puzzle`, exported as `export` in the encoding `options` asked for,
/// side by side, each stopped after the lineup's timeout, so that the call ends within it
/// however many solvers it compares. The CNF goes to the external solvers in a temporary file,
/// their proofs beside it. The embedded rows come first.
///
/// # Errors
/// An embedded solver's failure, or a temporary file that cannot be written.
pub fn side_by_side(
    puzzle: &Puzzle,
    export: &Export,
    options: &EncodingOptions,
    lineup: Lineup<'_>,
) -> Result<Vec<SolverRow>, LabError> {
    let dir = tempfile::tempdir()?;
    let cnf_path = dir.path().join("puzzle.cnf");
    write_cnf(export, &cnf_path)?;
    // The embedded solver runs the encoding exported, not the one `solve` would pick.
    let mut options = *options;
    options.choice = export.encoded.kind().into();
    let names: Vec<String> = if lineup.solvers.is_empty() {
        DEFAULT_SOLVERS.iter().map(|s| s.to_string()).collect()
    } else {
        lineup.solvers.to_vec()
    };
    let (timeout, proofs) = (lineup.timeout, lineup.proofs);
    let (embedded, external) = std::thread::scope(|scope| {
        let embedded: Vec<_> = SolverChoice::ALL
            .into_iter()
            .filter(|choice| choice.is_built_in())
            .map(|choice| scope.spawn(move || embedded_row(puzzle, options, choice, timeout)))
            .collect();
        let external: Vec<_> = names
            .iter()
            .map(|name| {
                let cnf_path = &cnf_path;
                scope.spawn(move || external_row(puzzle, export, name, cnf_path, timeout, proofs))
            })
            .collect();
        (
            embedded.into_iter().map(joined).collect::<Vec<_>>(),
            external.into_iter().map(joined).collect::<Vec<_>>(),
        )
    });
    let mut rows = embedded.into_iter().collect::<Result<Vec<_>, _>>()?;
    rows.extend(external);
    Ok(rows)
}

/// Every solver of `lineup` in turn on `puzzle`, exported as `export` in the encoding
/// `options` asked for: the embedded ones on the puzzle, the external ones on the CNF written
/// to `cnf_path` (skipped when the CNF is not complete: the lazy loop's round 0).
///
/// # Errors
/// An embedded solver's failure, or a temporary file that cannot be written.
pub fn in_turn(
    puzzle: &Puzzle,
    export: &Export,
    options: &EncodingOptions,
    lineup: Lineup<'_>,
    cnf_path: &Path,
) -> Result<Vec<SolverRow>, LabError> {
    let complete = export.encoded.is_complete();
    let mut options = *options;
    options.choice = export.encoded.kind().into();
    let external = lineup.solvers.iter().any(|s| embedded_solver(s).is_none());
    if external && complete {
        write_cnf(export, cnf_path)?;
    }
    let mut rows = Vec::with_capacity(lineup.solvers.len());
    for name in lineup.solvers {
        let row = match embedded_solver(name) {
            Some(choice) => embedded_row(puzzle, options, choice, lineup.timeout)?,
            None if complete => external_row(
                puzzle,
                export,
                name,
                cnf_path,
                lineup.timeout,
                lineup.proofs,
            ),
            None => SolverRow {
                status: SolverStatus::Skipped,
                error: Some("round 0 of the lazy loop is not a complete CNF".to_string()),
                ..SolverRow::new(name)
            },
        };
        rows.push(row);
    }
    Ok(rows)
}

/// A solver's thread, ended: what it returned.
fn joined<T>(thread: std::thread::ScopedJoinHandle<'_, T>) -> T {
    thread.join().expect("a solver thread")
}

/// The edges of `puzzle`'s move graph (a pair joined both ways counts once).
pub fn edges(puzzle: &Puzzle) -> usize {
    let mut pairs = std::collections::HashSet::new();
    for u in 0..puzzle.n_cells() {
        for &v in puzzle.successors(u) {
            pairs.insert((u.min(v), u.max(v)));
        }
    }
    pairs.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_encode::export::export;
    use pathsat_puzzle::{parse_str, Format};

    fn tiny() -> Puzzle {
        parse_str("moves = \"rook\"\ngrid = \"1 .\\n4 .\"\n", Format::Toml).unwrap()
    }

    #[test]
    fn rows_in_turn_and_side_by_side() {
        let puzzle = tiny();
        let options = EncodingOptions::default();
        let exported = export(&puzzle, &options, None).unwrap();
        let solvers = ["varisat".to_string(), "no-such-solver-here".to_string()];
        let lineup = Lineup {
            solvers: &solvers,
            timeout: Duration::from_secs(60),
            proofs: false,
        };
        let dir = tempfile::tempdir().unwrap();
        let rows = in_turn(
            &puzzle,
            &exported,
            &options,
            lineup,
            &dir.path().join("t.cnf"),
        )
        .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].solver, "varisat (embedded)");
        assert_eq!(
            (rows[0].status, rows[0].valid),
            (SolverStatus::Sat, Some(true))
        );
        assert_eq!(rows[1].status, SolverStatus::Absent);
        assert_eq!(rows[1].error.as_deref(), Some("not found"));
        // Side by side: the embedded solvers first, then the one external named.
        let rows = side_by_side(
            &puzzle,
            &exported,
            &options,
            Lineup {
                solvers: &solvers[1..],
                ..lineup
            },
        )
        .unwrap();
        let last = rows.last().unwrap();
        assert_eq!(
            (last.solver.as_str(), last.status),
            ("no-such-solver-here", SolverStatus::Absent)
        );
        assert!(rows[..rows.len() - 1]
            .iter()
            .all(|r| r.status == SolverStatus::Sat));
        assert_eq!(edges(&puzzle), 4);
    }
}
