//! `forced`: the cells whose value is the same in every solution (the backbone), found by SAT
//! with assumptions rather than by enumeration (`pathsat_solver::backbone`), for a puzzle
//! author who wants to know, while placing givens, what is already decided. A puzzle without
//! solution gets a small set of givens that conflict instead. The budget stops the search with
//! the cells settled by then, marked incomplete, so that a page can ask on every edit.

use crate::{CellValue, ReasonError};
use pathsat_encode::PositionOptions;
use pathsat_puzzle::{Filling, Puzzle};
use pathsat_solver::{backbone, Backbone, Budget, SolveError};
use serde::Serialize;

/// What [`forced`] found: the forced cells, or the givens that conflict.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Forced {
    /// Whether every cell was settled (forced or not) before the budget ran out.
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
    /// The forced values as a partial filling (0 elsewhere), for text and pictures; `None`
    /// without a solution, or when the search stopped before the first.
    #[serde(skip)]
    pub partial: Option<Filling>,
}

impl Forced {
    /// Whether the puzzle has a solution: `None` when the search stopped before it knew.
    pub fn solvable(&self) -> Option<bool> {
        if self.conflict.is_some() {
            Some(false)
        } else if self.partial.is_some() {
            Some(true)
        } else {
            None
        }
    }
}

/// The backbone of `puzzle`, as far as `budget` lets the search go.
///
/// # Errors
/// [`ReasonError::Trail`] for a trail puzzle (its solutions cover different cells);
/// [`ReasonError::Solve`] when the puzzle is too large for the position encoding.
pub fn forced(puzzle: &Puzzle, budget: &Budget) -> Result<Forced, ReasonError> {
    if puzzle.trail().is_some() {
        return Err(ReasonError::Trail);
    }
    let n = puzzle.n_cells();
    let mut found = Forced {
        complete: false,
        cells: n,
        forced: Vec::new(),
        deduced: 0,
        undecided: n,
        conflict: None,
        solver_calls: 0,
        partial: None,
    };
    let (backbone, calls) = match backbone(puzzle, &PositionOptions::default(), budget.clone()) {
        Ok(answer) => answer,
        // Stopped before a first solution: nothing is known.
        Err(SolveError::Interrupted) => return Ok(found),
        Err(e) => return Err(e.into()),
    };
    found.solver_calls = calls;
    let cells = |list: &[(usize, u32)]| -> Vec<CellValue> {
        list.iter()
            .map(|&(c, v)| CellValue::new(puzzle, c, v))
            .collect()
    };
    match backbone {
        Backbone::Solved {
            forced,
            complete,
            undecided,
            ..
        } => {
            found.complete = complete;
            found.undecided = undecided.len();
            let mut values = vec![0; n];
            for &(cell, value) in &forced {
                values[cell] = value;
            }
            found.forced = cells(&forced);
            found.deduced = found.forced.iter().filter(|c| !c.given).count();
            found.partial = Some(Filling::from_values(values));
        }
        Backbone::NoSolution { conflict } => {
            found.complete = true;
            found.undecided = 0;
            found.conflict = Some(cells(&conflict));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format};
    use pathsat_solver::Cancel;

    #[test]
    fn forced_cells_of_a_numbrix_corner() {
        // 1 in a corner of 3x3 rook moves and 9 in the opposite one: the paths between them
        // are mirror images, so the centre (5) is forced, and the corners 3 and 7 hold 3 or 7.
        let p = parse_str(
            "moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . 9\"\n",
            Format::Toml,
        )
        .unwrap();
        let found = forced(&p, &Budget::default()).unwrap();
        assert_eq!(found.solvable(), Some(true));
        assert!(found.complete);
        let values: Vec<(usize, usize, u32, bool)> = found
            .forced
            .iter()
            .map(|c| (c.row.unwrap(), c.col.unwrap(), c.value, c.given))
            .collect();
        assert_eq!(values, [(0, 0, 1, true), (1, 1, 5, false), (2, 2, 9, true)]);
        assert_eq!(found.deduced, 1);
        let json = serde_json::to_value(&found).unwrap();
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
        let e = forced(&p, &Budget::default()).unwrap_err();
        assert!(matches!(e, ReasonError::Trail), "{e}");
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
        let found = forced(&p, &Budget::default().and_cancel(&cancel)).unwrap();
        assert_eq!(found.solvable(), None);
        assert!(!found.complete);
        assert_eq!(found.undecided, 12);
    }
}
