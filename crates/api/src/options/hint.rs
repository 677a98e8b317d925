//! `hint`'s options and its request: [`HintSpec`] as the front ends fill it, the
//! [`HintRequest`] it turns into, which [`crate::hint`] runs, and [`read_filling`], which reads
//! what was filled so far from a file's text or from JSON.

use super::seconds_for;
use crate::{Cancel, Error};
use pathsat_puzzle::{Filling, Puzzle};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What `hint` is asked: the cells filled so far, a time limit and a cancel flag.
#[derive(Clone, Debug, Default)]
pub struct HintRequest {
    /// The values filled so far (0 on empty cells; given cells may hold 0 or their value).
    /// `None`: nothing filled yet.
    pub filling: Option<Filling>,
    /// Stop the solver's part after this long.
    pub timeout: Option<Duration>,
    /// Stop when raised.
    pub cancel: Cancel,
    /// Certify the hint's "no other value fits" (`--certify`): a DRAT certificate that the
    /// filled cells, as givens, with another value on the hinted cell, leave no solution.
    pub certify: bool,
    /// With `certify`: the directory to keep the certificate in.
    pub certificate: Option<std::path::PathBuf>,
}

/// `hint`'s options: what is filled so far (`FILLING`, `"filling"`, `filling=`) and
/// `--timeout SECONDS`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct HintSpec {
    /// The cells filled so far: a list of rows (a graph: one list of its vertices' values),
    /// `null` or 0 on empty cells.
    pub filling: Option<serde_json::Value>,
    /// Stop the solver's part after this many seconds.
    pub timeout: Option<f64>,
    /// Certify the hint: a DRAT certificate that no other value fits.
    pub certify: bool,
}

impl HintSpec {
    /// The request for `puzzle`, with `cancel` as its flag.
    ///
    /// # Errors
    /// [`Error::Option`] for a timeout that is not a positive number of seconds,
    /// [`Error::Puzzle`] for a filling that does not fit the puzzle (named `filling`).
    pub fn request(&self, puzzle: &Puzzle, cancel: Cancel) -> Result<HintRequest, Error> {
        let filling = match &self.filling {
            None | Some(serde_json::Value::Null) => None,
            Some(value) => {
                // A flat list is one row (a graph's vertices).
                let flat = value
                    .as_array()
                    .and_then(|items| items.first())
                    .is_some_and(|first| !first.is_array());
                let grid = if flat {
                    serde_json::Value::Array(vec![value.clone()])
                } else {
                    value.clone()
                };
                Some(read_filling(puzzle, "filling", &grid.to_string(), true)?)
            }
        };
        Ok(HintRequest {
            filling,
            certify: self.certify,
            certificate: None,
            timeout: seconds_for("timeout", self.timeout)?,
            cancel,
        })
    }
}

/// Reads a partial filling for `puzzle` from `text` (of `filling_file`): a text grid with `.`
/// (or 0) on empty cells, or JSON (when `json`, or when the text starts with `{` or `[`): a
/// list of rows with `null` or 0 on empty cells. A graph's filling is one row of its vertices'
/// values.
///
/// # Errors
/// [`Error::Puzzle`] naming the file, and the line and column where they exist.
pub fn read_filling(
    puzzle: &Puzzle,
    filling_file: &str,
    text: &str,
    json: bool,
) -> Result<Filling, Error> {
    let located = |e: pathsat_puzzle::PuzzleError| e.with_path(std::path::Path::new(filling_file));
    let mut fillings =
        pathsat_puzzle::parse_fillings(puzzle.board(), text, json, true).map_err(located)?;
    if fillings.len() != 1 {
        return Err(located(pathsat_puzzle::PuzzleError::new(
            pathsat_puzzle::ErrorKind::Invalid,
            None,
            format!("{} grids, where one filling is expected", fillings.len()),
        ))
        .into());
    }
    Ok(fillings.remove(0))
}
