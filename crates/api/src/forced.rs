//! `forced`: the cells whose value is the same in every solution (the backbone), found by SAT
//! with assumptions rather than by enumeration (`pathsat_solver::backbone`), for a puzzle
//! author who wants to know, while placing givens, what is already decided. A puzzle without
//! solution gets a small set of givens that conflict instead. A time limit stops the search
//! with the cells settled by then, marked incomplete, so that a page can ask on every edit.

use crate::options::ForcedRequest;
use crate::outcome::Status;
use crate::{Error, Refusal};
use pathsat_encode::PositionOptions;
use pathsat_puzzle::{Filling, Place, Puzzle};
use pathsat_solver::{backbone, Backbone, Budget, SolveError};
use serde::Serialize;
use web_time::Instant;

/// One cell and its value: a board's row and column (from 0) or a graph's vertex (from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct CellValue {
    /// The row (boards).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    /// The column (boards).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub col: Option<usize>,
    /// The vertex, from 1 (graphs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertex: Option<usize>,
    /// The value.
    pub value: u32,
    /// Whether the puzzle gives it.
    pub given: bool,
}

impl CellValue {
    pub(crate) fn new(puzzle: &Puzzle, cell: usize, value: u32) -> CellValue {
        let given = puzzle.givens().any(|(c, _)| c == cell);
        match puzzle.place(cell) {
            Place::Cell(pos) => CellValue {
                row: Some(pos.row),
                col: Some(pos.col),
                vertex: None,
                value,
                given,
            },
            Place::Vertex(v) => CellValue {
                row: None,
                col: None,
                vertex: Some(v),
                value,
                given,
            },
        }
    }
}

/// The result of `forced`, as `pathsat forced --format json` prints it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ForcedReport {
    /// The puzzle file, as named to the command.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// `sat` (it has solutions), `unsat` (none), `unknown` (stopped before the first).
    pub status: Status,
    /// Whether every cell was settled (forced or not) before the time limit.
    pub complete: bool,
    /// Cells of the puzzle.
    pub cells: usize,
    /// The cells forced in every solution, given ones included (`given: true`).
    pub forced: Vec<CellValue>,
    /// Forced cells that are not given: what the givens decide beyond themselves.
    pub deduced: usize,
    /// Cells not settled when the search stopped (only when not complete).
    pub undecided: usize,
    /// For a puzzle without solution: givens that have none together, none of them
    /// superfluous (empty when even the puzzle without givens has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Vec<CellValue>>,
    /// SAT calls made.
    pub solver_calls: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The forced values as a partial filling (0 elsewhere), for text and pictures.
    #[serde(skip)]
    pub partial: Option<Filling>,
}

/// The backbone of `puzzle` (from `file`).
///
/// # Errors
/// [`Error::Refused`] for a trail puzzle (its solutions cover different cells);
/// [`Error::Solve`] when the puzzle is too large for the position encoding.
pub fn forced(puzzle: &Puzzle, file: &str, request: &ForcedRequest) -> Result<ForcedReport, Error> {
    if puzzle.trail().is_some() {
        return Err(Error::refused(file, Refusal::ForcedTrail));
    }
    let started = Instant::now();
    let interrupt = Budget::until(request.timeout.map(|t| started + t)).and_cancel(&request.cancel);
    let n = puzzle.n_cells();
    let mut report = ForcedReport {
        file: file.to_string(),
        name: puzzle.name().to_string(),
        status: Status::Unknown,
        complete: false,
        cells: n,
        forced: Vec::new(),
        deduced: 0,
        undecided: n,
        conflict: None,
        solver_calls: 0,
        seconds: 0.0,
        partial: None,
    };
    match backbone(puzzle, &PositionOptions::default(), interrupt) {
        Ok((found, calls)) => {
            report.solver_calls = calls;
            match found {
                Backbone::Solved {
                    forced,
                    complete,
                    undecided,
                    ..
                } => {
                    report.status = Status::Sat;
                    report.complete = complete;
                    report.undecided = undecided.len();
                    let mut values = vec![0; n];
                    for &(cell, value) in &forced {
                        values[cell] = value;
                    }
                    report.forced = forced
                        .iter()
                        .map(|&(c, v)| CellValue::new(puzzle, c, v))
                        .collect();
                    report.deduced = report.forced.iter().filter(|c| !c.given).count();
                    report.partial = Some(Filling::from_values(values));
                }
                Backbone::NoSolution { conflict } => {
                    report.status = Status::Unsat;
                    report.complete = true;
                    report.undecided = 0;
                    report.conflict = Some(
                        conflict
                            .iter()
                            .map(|&(c, v)| CellValue::new(puzzle, c, v))
                            .collect(),
                    );
                }
            }
        }
        // Stopped before a first solution: nothing is known.
        Err(SolveError::Interrupted) => {}
        Err(e) => return Err(Error::solve(file, e)),
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cancel;
    use pathsat_puzzle::{parse_str, Format};

    #[test]
    fn forced_cells_of_a_numbrix_corner() {
        // 1 in a corner of 3x3 rook moves and 9 in the opposite one: the paths between them
        // are mirror images, so the centre (5) is forced, and the corners 3 and 7 hold 3 or 7.
        let p = parse_str(
            "moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . 9\"\n",
            Format::Toml,
        )
        .unwrap();
        let report = forced(&p, "p.toml", &ForcedRequest::default()).unwrap();
        assert_eq!(report.status, Status::Sat);
        assert!(report.complete);
        let values: Vec<(usize, usize, u32, bool)> = report
            .forced
            .iter()
            .map(|c| (c.row.unwrap(), c.col.unwrap(), c.value, c.given))
            .collect();
        assert_eq!(values, [(0, 0, 1, true), (1, 1, 5, false), (2, 2, 9, true)]);
        assert_eq!(report.deduced, 1);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            json["forced"][1],
            serde_json::json!({"row": 1, "col": 1, "value": 5, "given": false})
        );
        assert_eq!(json.get("conflict"), None);
    }

    #[test]
    fn a_trail_puzzle_is_refused() {
        let p = parse_str(
            "moves = \"rook\"\ngrid = \"1 2\\n3 4\"\n[trail]\nlength = 2\n",
            Format::Toml,
        )
        .unwrap();
        let e = forced(&p, "t.toml", &ForcedRequest::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.toml: forced cells are for puzzles that fill every cell; a trail covers only some"
        );
    }

    #[test]
    fn a_stopped_search_is_marked_incomplete() {
        let p = parse_str(
            "moves = \"king\"\ngrid = \"1 . . .\\n. . . .\\n. . . .\"\n",
            Format::Toml,
        )
        .unwrap();
        let cancel = Cancel::new();
        cancel.cancel();
        let request = ForcedRequest {
            timeout: None,
            cancel,
        };
        let report = forced(&p, "p.toml", &request).unwrap();
        assert_eq!(report.status, Status::Unknown);
        assert!(!report.complete);
        assert_eq!(report.undecided, 12);
    }
}
