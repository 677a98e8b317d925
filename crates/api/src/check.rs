//! `check`: whether the fillings in a solution file solve a puzzle, by the independent
//! verifier alone (no SAT).

use crate::Error;
use pathsat_puzzle::{
    parse_fillings, parse_orders, verify, Filling, Puzzle, PuzzleError, Violation,
};
use serde::Serialize;

/// The result of `check`, as `pathsat check --format json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    /// The puzzle file, as named to the command.
    pub file: String,
    /// The solution file, as named to the command.
    pub solution_file: String,
    /// The puzzle's name.
    pub name: String,
    /// How many fillings the solution file held.
    pub fillings: usize,
    /// Whether every filling solves the puzzle.
    pub valid: bool,
    /// The index of the first invalid filling, from 0 (text output numbers it from 1, as
    /// `solve` heads its solutions).
    pub invalid_index: Option<usize>,
    /// The first rule it breaks.
    pub violation: Option<String>,
}

/// Checks the fillings of `text` (from `solution_file`, JSON when `json`) against `puzzle`.
///
/// # Errors
/// [`Error::Puzzle`] when the solution file does not parse (with its line and column).
pub fn check(
    puzzle: &Puzzle,
    file: &str,
    solution_file: &str,
    text: &str,
    json: bool,
) -> Result<CheckReport, Error> {
    let fillings = read_fillings(puzzle, text, json)
        .map_err(|e| e.with_path(std::path::Path::new(solution_file)))?;
    let first_violation = first_violation(puzzle, &fillings);
    Ok(CheckReport {
        file: file.to_string(),
        solution_file: solution_file.to_string(),
        name: puzzle.name().to_string(),
        fillings: fillings.len(),
        valid: first_violation.is_none(),
        invalid_index: first_violation.as_ref().map(|(i, _)| *i),
        violation: first_violation.map(|(_, v)| v.to_string()),
    })
}

/// The fillings of `text` for `puzzle` (JSON when `json`): vertex orders for a graph, grids for
/// a board, as `check` and the web API's `/api/draw` read them.
///
/// # Errors
/// A [`PuzzleError`] with the line and column of what does not parse.
pub fn read_fillings(puzzle: &Puzzle, text: &str, json: bool) -> Result<Vec<Filling>, PuzzleError> {
    if puzzle.is_graph() {
        parse_orders(puzzle.n_cells(), text, json)
    } else {
        parse_fillings(puzzle.board(), text, json, puzzle.trail().is_some())
    }
}

/// The first filling that does not solve `puzzle` (its index from 0), with the rule it breaks.
pub fn first_violation(puzzle: &Puzzle, fillings: &[Filling]) -> Option<(usize, Violation)> {
    fillings
        .iter()
        .enumerate()
        .find_map(|(i, f)| verify(puzzle, f).err().map(|v| (i, v)))
}
