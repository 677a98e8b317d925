//! # Boards
//!
//! A rectangular grid of positions, some of which are holes. The other positions are the cells,
//! numbered 0..n in row-major order; the rest of pathsat refers to cells by that number and
//! reports positions as 0-based (row, column) pairs.

use serde::Serialize;
use std::fmt;

/// A position on the grid: 0-based row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Pos {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl Pos {
    /// The position in row `row` and column `col`.
    pub fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    /// The position `(row + dr, col + dc)`, if it is not negative.
    pub fn offset(self, dr: i64, dc: i64) -> Option<Pos> {
        let row = i64::try_from(self.row).ok()?.checked_add(dr)?;
        let col = i64::try_from(self.col).ok()?.checked_add(dc)?;
        Some(Pos {
            row: usize::try_from(row).ok()?,
            col: usize::try_from(col).ok()?,
        })
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A rectangular grid whose positions are either cells or holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Row-major: the cell number at each position, `None` for a hole.
    cell_at: Vec<Option<usize>>,
    /// The position of each cell.
    positions: Vec<Pos>,
}

impl Board {
    /// A board of `rows` x `cols` positions where `is_cell` says which positions are cells.
    ///
    /// # Panics
    /// If `is_cell` does not hold exactly `rows * cols` entries.
    pub fn from_mask(rows: usize, cols: usize, is_cell: &[bool]) -> Board {
        assert_eq!(is_cell.len(), rows * cols, "mask size must be rows * cols");
        let mut cell_at = Vec::with_capacity(is_cell.len());
        let mut positions = Vec::new();
        for (i, &cell) in is_cell.iter().enumerate() {
            if cell {
                cell_at.push(Some(positions.len()));
                positions.push(Pos::new(i / cols, i % cols));
            } else {
                cell_at.push(None);
            }
        }
        Board {
            rows,
            cols,
            cell_at,
            positions,
        }
    }

    /// A full `rows` x `cols` board without holes.
    pub fn rectangle(rows: usize, cols: usize) -> Board {
        Board::from_mask(rows, cols, &vec![true; rows * cols])
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells (positions that are not holes).
    pub fn n_cells(&self) -> usize {
        self.positions.len()
    }

    /// The cell at `pos`, or `None` for a hole or a position off the grid.
    pub fn cell_at(&self, pos: Pos) -> Option<usize> {
        if pos.row < self.rows && pos.col < self.cols {
            self.cell_at[pos.row * self.cols + pos.col]
        } else {
            None
        }
    }

    /// The position of a cell.
    pub fn pos(&self, cell: usize) -> Pos {
        self.positions[cell]
    }

    /// The positions of all cells, in cell order.
    pub fn positions(&self) -> &[Pos] {
        &self.positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_numbered_row_major_around_holes() {
        let board = Board::from_mask(2, 3, &[true, false, true, true, true, false]);
        assert_eq!(board.n_cells(), 4);
        assert_eq!(board.pos(1), Pos::new(0, 2));
        assert_eq!(board.cell_at(Pos::new(1, 0)), Some(2));
        assert_eq!(board.cell_at(Pos::new(0, 1)), None);
        assert_eq!(board.cell_at(Pos::new(5, 0)), None);
        assert_eq!(Pos::new(0, 0).offset(-1, 0), None);
        assert_eq!(Pos::new(1, 1).offset(-1, 2), Some(Pos::new(0, 3)));
    }
}
