//! `explain`: why a cell holds its value, told in the clauses of the CNF the solver receives
//! (`pathsat_reason::explain`, which finds the chain), as a report naming the file.

use crate::{Error, Refusal};
use pathsat_encode::PositionOptions;
use pathsat_puzzle::Puzzle;
use pathsat_reason::explain::Explanation;
use serde::Serialize;
use web_time::Instant;

pub use pathsat_reason::explain::{ExplainStep, How};

/// The result of `explain`, as `pathsat explain --format json` prints it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ExplainReport {
    /// The puzzle file, as named to the command.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// What was found: the cell, its value, how it follows and the clauses that show it.
    #[serde(flatten)]
    pub found: Explanation,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Why `cell` of `puzzle` (from `file`) holds its value, in the clauses of its position
/// encoding with `options` ([`pathsat_reason::explain::explain`] says which to choose).
///
/// # Errors
/// [`Error::Refused`] for a trail puzzle or a board too large for the position encoding;
/// [`Error::Invalid`] for a cell that is not on the board.
pub fn explain(
    puzzle: &Puzzle,
    file: &str,
    cell: usize,
    options: &PositionOptions,
) -> Result<ExplainReport, Error> {
    let started = Instant::now();
    let found = pathsat_reason::explain::explain(puzzle, cell, options)
        .map_err(|e| Error::reasoning(file, e, Refusal::ExplainTrail))?;
    Ok(ExplainReport {
        file: file.to_string(),
        name: puzzle.name().to_string(),
        found,
        seconds: started.elapsed().as_secs_f64(),
    })
}
