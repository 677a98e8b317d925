//! One cell and its value, as every answer of this crate names the cells it speaks of.

use pathsat_puzzle::{Place, Puzzle};
use serde::Serialize;

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
    /// Cell `cell` of `puzzle` holding `value`.
    pub fn new(puzzle: &Puzzle, cell: usize, value: u32) -> CellValue {
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
